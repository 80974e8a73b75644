# Foursquare's rules (docs/rules/foursquare.md): every flip case, the 4 x 4 extent at every
# edge of the 7 x 7 window, both losses, a scripted winning deal, refusals, notation.
from games.foursquare import rules as foursquare
from games.base import LOST, PLAYING, WON, IllegalMove
from games.rng import Rng

# Played by the hint on seed 0: a win with 5 cards left.
WIN_SEED = 0
WIN_MOVES = ("d4 d3 d2 c2 d1 e4 c1 d3 d3 d3 c1 b1 e4 b2 d4 d1 d1 e3 b1 b2 e1 c4 e1 e3 e1 b4 b1 "
             "b2 c1 b3 d2 c2 c3 e2 c3").split()
# Seed 16: all 40 cards placed with 14 piles only.
EMPTY_SEED = 16
EMPTY_MOVES = ("d4 d3 d2 c2 d1 b2 d4 d1 d1 b2 d4 d3 b2 e4 b1 c1 e4 d3 b1 e1 d3 e1 b3 e3 b4 b4 c1 "
               "b1 d2 c2 d2 b1 d2 b3 b3 c3 d1 e3 c1 c1").split()


def position(piles, cards=(5,)):
    """A state with `piles` ({"d4": "7u2", ...}: rank, u/d, height) already on the
    table and `cards` the next cards of the stock (the rest of the 40 after them)."""
    rest = list(foursquare.new_deck(None))
    for r in cards:
        rest.remove(r)
    state = foursquare.Foursquare(bytearray(list(cards) + rest))
    for name, text in piles.items():
        cell = state.parse_move(name)
        state.top[cell] = int(text[:-2])
        state.up[cell] = 1 if text[-2] == "u" else 0
        state.height[cell] = int(text[-1])
        state.piles += 1
        state.down += 0 if state.up[cell] else 1
        row, col = cell // 7, cell % 7
        b = state.box or (row, row, col, col)
        state.box = (min(b[0], row), max(b[1], row), min(b[2], col), max(b[3], col))
    return state


def piles_of(state):
    return dict((state.format_move(c), state.pile_text(c)) for c in range(49) if state.height[c])


def played(piles, card, cell):
    """The piles after `card` goes on `cell`, and the state."""
    state = position(piles, (card,))
    state.play_text(cell)
    return piles_of(state), state


def refused(state, text):
    before = (bytes(state.top), bytes(state.up), bytes(state.height), state.box, state.down,
              list(state.history), state.status)
    try:
        state.play_text(text)
    except IllegalMove as error:
        assert before == (bytes(state.top), bytes(state.up), bytes(state.height), state.box,
                          state.down, list(state.history), state.status)
        return str(error)
    raise AssertionError("%s was played" % text)


# -- flips ---------------------------------------------------------------------------
def test_the_highest_of_its_row_turns_the_others():
    piles, state = played({"c4": "3u1", "d4": "5u1"}, 7, "e4")
    assert piles == {"c4": "3d1", "d4": "5d1", "e4": "7u1"}
    assert state.down == 2 and [state.format_move(c) for c in state.row_flips] == ["c4", "d4"]
    assert state.col_flips == []


def test_the_lowest_of_its_row_turns_the_others():
    piles, _ = played({"c4": "3u1", "d4": "5u1"}, 2, "e4")
    assert piles == {"c4": "3d1", "d4": "5d1", "e4": "2u1"}


def test_a_card_between_turns_nothing():
    piles, _ = played({"c4": "3u1", "d4": "5u1"}, 4, "e4")
    assert piles == {"c4": "3u1", "d4": "5u1", "e4": "4u1"}


def test_a_tie_is_neither_highest_nor_lowest():
    for card in (3, 5):  # equal to the lowest, to the highest
        piles, state = played({"c4": "3u1", "d4": "5u1"}, card, "e4")
        assert piles == {"c4": "3u1", "d4": "5u1", "e4": "%du1" % card}, card
        assert state.row_flips == [] and state.down == 0
    piles, _ = played({"d4": "6u1"}, 6, "e4")  # a tie with the only face-up card
    assert piles == {"d4": "6u1", "e4": "6u1"}


def test_with_no_face_up_card_to_compare_it_counts_as_highest():
    piles, state = played({"c4": "3d1", "d4": "9d1"}, 5, "e4")
    assert piles == {"c4": "3u1", "d4": "9u1", "e4": "5u1"} and state.down == 0


def test_face_down_cards_are_not_compared():
    # 9 is face down: 7 is above the only face-up card (5), so it is the highest
    piles, _ = played({"c4": "9d1", "d4": "5u1"}, 7, "e4")
    assert piles == {"c4": "9u1", "d4": "5d1", "e4": "7u1"}


def test_a_card_alone_in_its_line_turns_nothing_and_stays_up():
    piles, state = played({"d4": "5u1"}, 5, "d3")
    assert piles == {"d4": "5u1", "d3": "5u1"}  # its row holds no other pile; a tie in the column
    piles, state = played({"d4": "5u1"}, 8, "d3")
    assert piles == {"d4": "5d1", "d3": "8u1"}  # the column turns, not the card played


def test_a_row_and_a_column_turn_together():
    start = {"c4": "3u1", "d4": "5u2", "e3": "9u1", "e5": "6d1"}
    piles, state = played(start, 10, "e4")
    # row 4: 10 > 3, 5; column e: 10 > 9 (6 is face down): both lines turn
    assert piles == {"c4": "3d1", "d4": "5d2", "e3": "9d1", "e5": "6u1", "e4": "10u1"}
    assert [state.format_move(c) for c in state.row_flips] == ["c4", "d4"]
    assert [state.format_move(c) for c in state.col_flips] == ["e3", "e5"]
    assert state.down == 3


def test_flips_turn_cards_face_down_and_back_up():
    state = position({"c4": "3u1"}, (5, 7, 1))
    state.play_text("d4")  # 5 > 3: c4 goes face down
    assert piles_of(state) == {"c4": "3d1", "d4": "5u1"} and state.down == 1
    state.play_text("e4")  # 7 > 5 (3 is hidden): c4 back up, d4 down
    assert piles_of(state) == {"c4": "3u1", "d4": "5d1", "e4": "7u1"} and state.down == 1
    state.play_text("d4")  # a 1 covers the face-down 5, and is the lowest: the others turn
    assert piles_of(state) == {"c4": "3d1", "d4": "1u2", "e4": "7d1"} and state.down == 2


def test_a_card_on_a_face_down_pile_covers_it():
    piles, state = played({"c4": "3u1", "d4": "8d1", "e4": "6u1"}, 4, "d4")
    assert piles == {"c4": "3u1", "d4": "4u2", "e4": "6u1"} and state.down == 0


# -- where a card may go ---------------------------------------------------------------------
def test_the_first_card_goes_on_the_centre():
    state = foursquare.new_state(rng=Rng(3))
    assert state.legal_texts() == ["d4"]
    assert refused(state, "c4") == "the first card goes on the centre, d4"
    state.play_text("d4")
    assert state.legal_texts() == ["d3", "c4", "d4", "e4", "d5"]


def test_next_to_a_pile_orthogonally_and_piles_of_fewer_than_4():
    state = position({"d4": "5u4", "e4": "6u1"})
    assert "d4" not in state.legal_texts() and "e4" in state.legal_texts()
    assert refused(state, "d4") == "the pile on d4 already holds 4 cards"
    assert refused(state, "c3") == "c3 is not next to a pile"  # a corner only
    assert refused(state, "f5") == "f5 is not next to a pile"


def test_the_extent_stays_within_4_x_4_at_every_edge_of_the_window():
    cases = (  # piles 4 in a line from d4 to an edge of the window: the cell past d4 is out
        ("top", ("d1", "d2", "d3", "d4"), "d5", ("c1", "e1", "d5")),
        ("bottom", ("d4", "d5", "d6", "d7"), "d3", ("c7", "e7", "d3")),
        ("left", ("a4", "b4", "c4", "d4"), "e4", ("a3", "a5", "e4")),
        ("right", ("d4", "e4", "f4", "g4"), "c4", ("g3", "g5", "c4")),
    )
    for edge, cells, out, around in cases:
        state = position(dict((c, "5u1") for c in cells))
        legal = state.legal_texts()
        assert out not in legal, edge
        assert refused(state, out) == "%s would make the piles wider than 4 x 4" % out, edge
        for c in around[:2]:
            assert c in legal, (edge, c)
        assert all(c in legal for c in cells), edge  # every pile can still take a card


def test_a_full_4_x_4_box_in_a_corner_of_the_window():
    cells = [c + r for c in "abcd" for r in "1234"]
    state = position(dict((c, "5u1") for c in cells if c != "b2"))
    legal = state.legal_texts()
    assert sorted(legal) == sorted(cells)  # the hole b2 and the 15 piles, nothing outside
    for c in ("e1", "e4", "a5", "d5"):
        assert "wider than 4 x 4" in refused(state, c), c


def test_bad_cells_are_refused_with_a_reason():
    state = position({"d4": "5u1"})
    for text in ("h1", "a8", "z9", "4d", "", "d"):
        try:
            state.parse_move(text)
        except ValueError as error:
            assert str(error), text
        else:
            raise AssertionError(text)
    for move in (-1, 49, "d4", None):
        assert state.why_illegal(move).startswith("there is no cell"), move


# -- the end ---------------------------------------------------------------------------------
def test_lost_with_more_than_4_face_down_cards():
    start = {"b4": "9d1", "c4": "3u1", "d4": "5u1", "d3": "4d1", "d2": "4d1", "d5": "2d1"}
    state = position(start, (7, 6))
    assert state.down == 4
    state.play_text("e4")  # the highest of row 4: b4 up, c4 and d4 down: 5 face down
    assert state.status == LOST and state.lost_reason == foursquare.TOO_MANY_DOWN
    assert state.down == 5 and state.legal_moves() == [] and state.card() is None
    assert state.score() == 39  # one card placed in this position
    assert refused(state, "e5") == "the game is over"


def test_lost_when_the_stock_runs_out_before_a_win():
    state = foursquare.new_state(rng=Rng(EMPTY_SEED))
    for text in EMPTY_MOVES[:-1]:
        state.play_text(text)
        assert state.status == PLAYING
    assert state.stock() == 0 and state.card() is not None  # the last card is drawn
    state.play_text(EMPTY_MOVES[-1])
    assert state.status == LOST and state.lost_reason == foursquare.STOCK_EMPTY
    assert state.piles == 14 and state.down <= 4 and state.score() == 0
    assert len(state.history) == 40


def test_a_scripted_winning_deal():
    state = foursquare.new_state(rng=Rng(WIN_SEED))
    for n, text in enumerate(WIN_MOVES, 1):
        assert state.status == PLAYING
        state.play_text(text)
        assert state.stock() == 40 - n - (1 if state.status == PLAYING else 0)
    assert state.status == WON and state.winner == 1
    assert state.piles == 16 and state.down == 0 and state.score() == 5
    assert state.info()["card"] is None and state.info()["score"] == 5
    assert all(state.up[c] for c in range(49) if state.height[c])


def test_a_deal_is_fixed_by_its_seed_and_holds_the_40_cards():
    a = foursquare.new_state(rng=Rng(7)).deck
    assert a == foursquare.new_state(rng=Rng(7)).deck != foursquare.new_state(rng=Rng(8)).deck
    assert sorted(a) == sorted(list(range(1, 11)) * 4)


def test_the_referee_fields():
    state = foursquare.new_state(rng=Rng(WIN_SEED))
    info = state.info()
    assert info["card"] == state.deck[0] and info["stock"] == 39
    assert info["piles"] == [" ".join([".."] * 7)] * 7
    state.play_text("d4")
    info = state.info()
    assert info["piles"][3] == ".. .. .. %du1 .. .. .." % state.deck[0]
    assert info["card"] == state.deck[1] and info["stock"] == 38
    assert state.rows() == info["piles"]
    assert [sum(state.unseen())] == [38]
