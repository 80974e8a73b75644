# Rules core of 4D Squeeze with cards (docs/rules/squeeze_cards.md): neutral
# pentacles as pawns, the deck and hands, each card's effect at the board's edges and
# on neutral pentacles, the Negation and Annulation windows, the golden rule for every
# kind, an alignment a card gives the other side, Annulation chains, the 4-player
# limits on who may play, the end. Positions are drawn by hand in the rows() legend.
import sys

from games.squeeze import rules as squeeze

from games.squeeze import cards

from games.squeeze import notation
from games.base import DRAW, PLAYING, WON, IllegalMove
from games.rng import Rng

T, F, E, P, D, N, A = "trahison flammes eclair poussee double negation annulation".split()


def cell(name):
    return squeeze.cell_of(name)


def position(pieces="", players=2, to_move=1, hands=None, mode=cards.DEALT, fill=None):
    """A card state with only `pieces` on the board ("Ya1 Bb2 *c3": a yellow pawn,
    a blue pawn, a neutral pentacle; `fill` fills every other cell first), `hands`
    {seat: [kind names]} (the other seats hold nothing), `to_move` to play."""
    state = cards.new_state(players, rng=Rng(7), hands=mode)
    board = state.board
    for c in range(100):
        board[c] = cards.EMPTY if fill is None else ".YB*".index(fill)
    for word in pieces.split():
        board[cell(word[1:])] = ".YB*".index(word[0])
    state._refresh()
    state.to_move = to_move
    if state.dealt:
        for seat in range(1, players + 1):
            kinds = (hands or {}).get(seat, ())
            state.hands[seat] = list(cards.KINDS.index(k) for k in kinds)
    return state


def snapshot(state):
    return (bytes(state.board), bytes(state.arrive), state.to_move, state.status, list(state.history),
            state.window, list(state.stack), bytes(state.bound), state.info())


def refused(state, text):
    """The line is refused (IllegalMove or ValueError) and nothing changes; the reason."""
    before = snapshot(state)
    try:
        state.play_text(text)
    except (IllegalMove, ValueError) as error:
        assert snapshot(state) == before, text
        return str(error)
    raise AssertionError("%r was accepted" % text)


def play(state, *lines):
    for text in lines:
        state.play_text(text)
    return state


def at(state, name):
    return ".YB*"[state.board[cell(name)]]


def legal(state):
    """The legal lines, one at a time (a coup double's are hundreds: on a Pico, not all
    of their texts at once)."""
    return (state.format_move(m) for m in state.legal_moves())


# -- start, deck, hands ------------------------------------------------------------------
def test_the_deck_has_21_cards_three_of_each_kind_and_hands_of_two():
    for players, left in ((2, 17), (4, 13)):
        state = cards.new_state(players, "cards", Rng(5))
        info = state.info()
        assert info["deck"] == left and len(info["hands"]) == players
        assert all(len(h) == 2 for h in info["hands"])
        every = list(state.deck) + [k for s in range(1, players + 1) for k in state.hands[s]]
        assert sorted(every) == sorted(k for k in range(7) for _ in range(3))
        assert info["pending"] is None and info["golden"] == []
        assert info["hands"] == cards.new_state(players, "cards", Rng(5)).info()["hands"]  # seeded


def test_start_is_the_classic_one_and_launches_stop_against_neutral_pentacles():
    state = cards.new_state(2, "cards", Rng(1))
    assert state.board == squeeze.new_state(2).board
    # classic: W-3 meets the pentacle c3 and is impossible; with cards it stops on b3
    assert squeeze.new_state(2).why_illegal(notation.parse_launch("W-3"))
    play(state, "W-3")
    assert at(state, "b3") == "Y"
    assert state.info()["pending"]["window"] == "negation" and state.info()["pending"]["card"] == "b3"


def test_no_pentacle_is_made_a_dead_cell_stays_empty():
    state = position("Ya2 Bb1", hands={})  # b2: both its launches are blocked
    assert squeeze.cell_of("b2") not in list(state.arrive)
    play(state, "E-5", "pass")
    assert at(state, "b2") == "." and max(state.board) <= cards.PENTACLE


# -- each card's effect, at the edges and on neutral pentacles -----------------------------
def test_trahison_turns_an_opposing_pawn_even_in_a_corner():
    state = position("Ba1 Yj10 *c3 Ye5", hands={1: [T]})
    assert "trahison a1" in legal(state) and "trahison c3" not in legal(state)
    assert "trahison j10" not in legal(state) and "trahison e5" not in legal(state)
    assert "opposing pawn" in refused(state, "trahison c3")  # a pentacle belongs to nobody
    assert "opposing pawn" in refused(state, "trahison j10")  # own pawn
    assert "opposing pawn" in refused(state, "trahison d4")  # empty
    play(state, "trahison a1")
    assert at(state, "a1") == "B"  # not before its Annulation window closes
    assert state.info()["pending"]["window"] == "annulation"
    play(state, "pass")
    assert at(state, "a1") == "Y" and state.to_move == 2


def test_flammes_burns_any_pawn_or_a_neutral_pentacle():
    for target in ("c3", "j10", "a1"):
        state = position("Ya1 Bj10 *c3", hands={1: [F]})
        play(state, "flammes " + target, "pass")
        assert at(state, target) == "." and state.to_move == 2
    state = position("Ya1", hands={1: [F]})
    assert "nothing to burn" in refused(state, "flammes b1")


def test_eclair_clears_a_2x2_square_up_to_the_corner():
    state = position("Yi9 Bj9 *i10 Yj10 Bh8", hands={1: [E]})
    assert "eclair i9" in legal(state) and "eclair j9" not in legal(state)
    assert "2x2" in refused(state, "eclair j9")  # off the board
    assert "2x2" in refused(state, "eclair a10")
    assert "nothing" in refused(state, "eclair a1")  # an empty square
    play(state, "eclair i9", "pass")
    assert [at(state, c) for c in ("i9", "j9", "i10", "j10", "h8")] == [".", ".", ".", ".", "B"]
    state = position("*e5 Yf6", hands={1: [E]})  # across both medians
    play(state, "eclair e5", "pass")
    assert at(state, "e5") == "." and at(state, "f6") == "."


def test_poussee_moves_a_half_line_toward_its_edge_the_edge_piece_falls_off():
    state = position("Ya3 *c3 Be3 Yf3", hands={1: [P]})
    play(state, "poussee W-3", "pass")
    assert "".join(at(state, c + "3") for c in "abcdefghij") == ".*.B.Y...."
    state = position("Bj1 *j2 Yj5 Yj6", hands={1: [P]})  # N-j: j1 falls off, j6 (other half) stays
    play(state, "poussee N-j", "pass")
    assert [at(state, "j%d" % r) for r in range(1, 8)] == ["*", ".", ".", "Y", ".", "Y", "."]
    state = position("Bj10 *i10", hands={1: [P]})
    play(state, "poussee E-10", "pass")  # along row 10 from the east: j10 falls, i10 -> j10
    assert at(state, "j10") == "*" and at(state, "i10") == "."
    state = position("Ya1", hands={1: [P]})
    assert "nothing" in refused(state, "poussee E-1")  # an empty half-line


# -- timing ------------------------------------------------------------------------------------
def test_a_window_must_be_answered_or_passed_and_only_by_whom_it_names():
    state = position("Ya1 Bj10", hands={1: [T, N], 2: [N, A]})
    assert "nothing to pass" in refused(state, "pass")
    assert "right after" in refused(state, "negation")
    assert "right after" in refused(state, "annulation P2")
    play(state, "W-5")
    assert state.info()["pending"] == {"window": "negation", "players": [2], "card": "e5", "by": 1, "chain": []}
    assert "window is open" in refused(state, "E-5")
    assert "window is open" in refused(state, "trahison j10")
    assert "right after" in refused(state, "annulation P2")
    play(state, "pass")
    assert state.to_move == 2 and state.info()["pending"] is None
    assert "holds no trahison" in refused(state, "trahison a1")
    play(state, "E-5", "negation P1")  # player 1 is next clockwise after 2
    assert state.info()["pending"] == {"window": "annulation", "players": [2], "card": "negation", "by": 1,
                                      "chain": ["negation"]}
    assert state.info()["hands"][0] == [T] + state.info()["hands"][0][1:]  # drew at once
    assert len(state.info()["hands"][0]) == 2


def test_cards_go_to_the_discards_and_an_empty_deck_is_refilled_from_them():
    state = cards.new_state(2, "cards", Rng(3))
    state.deck = []
    state.discards = [0, 1, 2]
    state.hands[1] = [cards.FLAMMES, cards.FLAMMES]
    play(state, "flammes c3")
    assert len(state.deck) == 2 and len(state.discards) == 0 and len(state.hands[1]) == 2
    play(state, "pass")
    assert list(state.discards) == [cards.FLAMMES]


def test_a_winning_launch_wins_once_its_negation_window_closes():
    state = position("Yb4 Yc4 Yd4 Bj10 Bj9", hands={})
    play(state, "W-4")  # a4: four in a row
    assert state.status == PLAYING and state.info()["pending"]["window"] == "negation"
    play(state, "pass")
    assert state.status == WON and state.winner == 1 and len(state.line) == 4


def test_negation_stops_a_winning_launch():
    state = position("Yb4 Yc4 Yd4 Bj10 Bj9", hands={2: [N]})
    play(state, "W-4", "negation", "pass")
    assert state.status == PLAYING and at(state, "a4") == "."
    assert state.info()["golden"] == [2]  # the Negation player: no alignment next turn
    assert "another cell" in refused(state, "W-4")  # back to a4: refused
    assert "another cell" in refused(state, "a4")
    assert "must launch" in refused(state, "trahison j10")
    assert not [t for t in legal(state) if t.startswith("trahison")]
    play(state, "W-7")
    assert state.info()["pending"]["window"] == "negation"  # every launch opens one


def test_negation_is_not_playable_when_no_other_launch_exists():
    # one empty cell: W-1 and N-a both land on a1; with it taken there is no other cell
    state = position("", hands={2: [N]}, fill="*")
    state.board[0] = cards.EMPTY
    state._refresh()
    play(state, "W-1")
    assert state.info()["pending"] is None  # no window, and a full board: a draw
    assert state.status == DRAW and state.winner is None
    # with two cells but both launches to the same cell, still none
    state = position("", hands={2: [N]}, fill="*")
    state.board[0] = state.board[99] = cards.EMPTY
    state._refresh()
    play(state, "N-a")
    assert state.info()["pending"]["window"] == "negation"  # j10 is another arrival cell
    play(state, "negation", "pass")
    assert "another cell" in refused(state, "W-1")
    play(state, "E-10")
    assert state.info()["pending"] is None  # a1 was taken back: no other cell now
    assert state.to_move == 2


def test_after_a_second_negation_both_cells_taken_back_stay_out_of_reach():
    state = position("Bj10 Bj9", hands={2: [N, N]})
    play(state, "W-7", "negation", "pass", "W-5", "negation", "pass")
    assert state.to_move == 1 and at(state, "e7") == "." and at(state, "e5") == "."
    assert "another cell" in refused(state, "W-7")  # the first Negation's cell
    assert "another cell" in refused(state, "W-5")  # the second's
    play(state, "W-3")
    assert at(state, "e3") == "Y" and state.info()["pending"]["window"] == "negation"


def test_negation_after_a_coup_double_takes_back_the_second_launch():
    state = position("Bj10 Bj9", hands={1: [D], 2: [N]})
    play(state, "double W-3 N-c")
    assert at(state, "e3") == "." and state.info()["pending"]["card"] == "double W-3 N-c"
    play(state, "pass")
    assert at(state, "e3") == "Y" and at(state, "c5") == "Y"
    assert state.info()["pending"]["window"] == "negation" and state.info()["golden"] == [1]
    play(state, "negation", "pass")
    assert at(state, "e3") == "Y" and at(state, "c5") == "."
    assert state.info()["golden"] == [1, 2] and state.to_move == 1
    assert "another cell" in refused(state, "N-c")
    play(state, "N-d", "pass")
    assert at(state, "d5") == "Y" and state.to_move == 2 and state.info()["golden"] == [2]


def test_a_coup_double_second_launch_is_read_on_the_board_after_the_first():
    state = position("", hands={1: [D]})
    play(state, "double W-1 d1")  # after e1 the second launch W-1 would land on d1
    assert state.stack[0][1:3] == (notation.parse_launch("W-1"), notation.parse_launch("W-1"))
    play(state, "pass")
    assert at(state, "e1") == "Y" and at(state, "d1") == "Y"


# -- the golden rule, every kind --------------------------------------------------------------
def test_golden_rule_trahison_may_not_make_your_line():
    state = position("Ya1 Ya2 Ya3 Ba4 Bj10", hands={1: [T]})
    assert "golden rule" in refused(state, "trahison a4")
    assert "trahison a4" not in legal(state) and "trahison j10" in legal(state)


def test_golden_rule_flammes_and_eclair_cannot_align_but_are_checked_the_same_way():
    # removing pieces never makes a line: every target stays legal
    state = position("Ya1 Ya2 Ya3 *a4 Ba5", hands={1: [F, E]})
    assert "flammes a4" in legal(state) and "eclair a4" in legal(state)
    play(state, "flammes a4", "pass")
    assert state.status == PLAYING and state.to_move == 2


def test_golden_rule_poussee_may_not_make_your_line_but_the_other_sides_wins_at_once():
    # pushing W-4 brings the yellow pawn from b4 to a4: yellow's a1..a4
    state = position("Ya1 Ya2 Ya3 Yb4 Bj10", hands={1: [P]})
    assert "golden rule" in refused(state, "poussee W-4")
    state = position("Ba1 Ba2 Ba3 Bb4 Yj10", hands={1: [P]})
    play(state, "poussee W-4")
    assert state.status == PLAYING  # the Annulation window first
    play(state, "pass")
    assert state.status == WON and state.winner == 2  # an alignment given to the other side
    assert sorted(squeeze.cell_text(c) for c in state.line) == ["a1", "a2", "a3", "a4"]


def test_golden_rule_coup_double_may_not_make_your_line_with_either_launch():
    state = position("Yb4 Yc4 Yd4 Bj10", hands={1: [D]})  # W-4 lands on a4
    assert "golden rule" in refused(state, "double W-4 W-9")
    assert "golden rule" in refused(state, "double W-9 W-4")
    assert not [t for t in legal(state) if t.startswith("double") and "W-4" in t]
    assert "W-4" in legal(state)  # without a card the launch wins


def test_golden_rule_a_card_leaving_only_winning_moves_cannot_be_played():
    # every launch lands on a cell that completes yellow's line: no coup double
    state = position("", hands={1: [D]}, fill="*")
    for name in ("a1", "a2", "a3", "b1", "c1", "d1", "b2", "c3"):
        state.board[cell(name)] = squeeze.YELLOW
    state.board[cell("a4")] = state.board[cell("e1")] = cards.EMPTY  # W-4 and N-e reach them
    state._refresh()
    launches = [t for t in legal(state) if not t.startswith(("double", "trahison"))]
    assert launches and all(state._makes_line(state.arrival_cell(notation.parse_launch(t)), 1) for t in launches)
    assert not [t for t in legal(state) if t.startswith("double")]
    assert "golden rule" in refused(state, "double " + launches[0] + " " + launches[-1])


def test_golden_rule_negation_binds_its_player_next_turn():
    state = position("Bb4 Bc4 Bd4 Yj10 Yj9", hands={2: [N]})
    play(state, "W-7", "negation", "pass", "E-7", "pass")
    assert state.to_move == 2 and state.info()["golden"] == [2]
    assert "golden rule" in refused(state, "W-4")  # a4 would be blue's line
    assert "W-4" not in legal(state)
    play(state, "W-9", "pass")
    assert state.info()["golden"] == []  # its turn is over


def test_an_annulled_card_does_not_bind_and_its_player_launches():
    state = position("Yb4 Yc4 Yd4 Bj10", hands={1: [F], 2: [A]})
    play(state, "flammes j10", "annulation", "pass")
    assert at(state, "j10") == "B" and state.to_move == 1 and state.info()["golden"] == []
    assert "one card a turn" in refused(state, "flammes j10") or "holds no" in refused(state, "flammes j10")
    play(state, "W-4", "pass")  # it wins with its launch: the golden rule does not bind it
    assert state.status == WON and state.winner == 1


# -- Annulation -------------------------------------------------------------------------------
def test_annulation_chain_of_three_the_last_one_decides():
    state = position("Ya1 Bj10", hands={1: [T, A], 2: [A, A]})
    state.deck = [cards.ANNULATION, cards.FLAMMES, cards.ECLAIR]  # drawn from the end
    play(state, "trahison j10", "annulation P2")
    assert state.info()["pending"] == {"window": "annulation", "players": [1], "card": "annulation P2", "by": 2,
                                      "chain": ["trahison j10", "annulation P2"]}
    play(state, "annulation P1", "annulation P2")  # P2 drew an Annulation? no: it held two
    assert [m[0] for m in state.stack] == [cards.TRAHISON] + [cards.ANNULATION] * 3
    play(state, "pass")
    assert at(state, "j10") == "B"  # three Annulations: the trahison is cancelled
    assert state.to_move == 1 and sorted(state.discards) == [0, 6, 6, 6]
    state = position("Ya1 Bj10", hands={1: [T, A], 2: [A]})
    play(state, "trahison j10", "annulation", "annulation", "pass")
    assert at(state, "j10") == "Y"  # two: the trahison stands


def test_real_cards_a_chain_holds_the_decks_three_annulations_at_most():
    # the board trusts the players' hands, not a fourth annulation: the chain's cards
    # are all on the table
    state = position("Ya1 Bj10", players=4, mode=cards.TRUSTED)
    play(state, "trahison j10", "annulation P2", "annulation P3", "annulation P4")
    assert "the 3 annulation cards are all in this chain" in refused(state, "annulation P1")
    assert list(legal(state)) == ["pass"] and state.info()["pending"]["players"] == []
    play(state, "pass")
    assert at(state, "j10") == "B" and state.to_move == 1  # three: the trahison is cancelled


def test_annulation_needs_a_card_just_played_and_not_ones_own():
    state = position("Ya1 Bj10", hands={1: [F, A], 2: [A]})
    play(state, "flammes j10")
    assert "played the card" in refused(state, "annulation P1")
    assert "no player" in refused(state, "annulation P3")


# -- 4 players ---------------------------------------------------------------------------------
def test_four_players_only_the_mover_and_the_next_seat_may_play_their_cards():
    hands = {1: [F], 2: [N, A], 3: [F, A], 4: [A, N]}
    state = position("Ya1 Bj10", players=4, hands=hands)
    assert "only player 1" in refused(state, "flammes j10 P3")
    play(state, "W-5")
    assert "only player 2" in refused(state, "negation P4")
    assert state.info()["pending"]["players"] == [2]
    play(state, "negation P2")
    assert state.info()["pending"]["players"] == [3, 4]  # Annulation: anyone else holding one
    play(state, "annulation P4", "annulation P3", "pass")  # the Negation stands
    assert at(state, "e5") == "." and state.info()["golden"] == [2] and state.to_move == 1
    play(state, "W-6", "pass")
    assert state.to_move == 2 and state.colour() == 2
    assert state.info()["teams"] == [[1, 3], [2, 4]]


def test_four_players_a_trahison_turns_an_opposing_team_pawn():
    state = position("Ya1 Bj10", players=4, to_move=3, hands={3: [T]})
    assert "opposing" in refused(state, "trahison a1 P3")
    play(state, "trahison j10 P3", "pass")
    assert at(state, "j10") == "Y" and state.to_move == 4


# -- the end ---------------------------------------------------------------------------------
def test_the_end_when_no_launch_is_possible():
    # a board with one empty cell inside: no launch reaches it
    state = position("", hands={2: [D, N]}, fill="*", to_move=1)
    state.board[cell("e5")] = cards.EMPTY
    state.board[cell("a1")] = cards.EMPTY
    state._refresh()
    state.hands[1] = [cards.DOUBLE]
    play(state, "W-1")  # a1: no other launch, no window
    assert state.status == DRAW  # blue has no launch and no instead card
    state = position("", hands={2: [F]}, fill="*")
    state.board[cell("e5")] = state.board[cell("a1")] = cards.EMPTY
    state._refresh()
    play(state, "W-1")
    assert state.status == PLAYING and state.to_move == 2
    assert "flammes a1" in legal(state) and all(t.startswith("flammes") for t in legal(state))


def test_real_cards_mode_a_pass_with_no_launch_ends_in_a_draw():
    state = position("", mode=cards.TRUSTED, fill="*")
    state.board[cell("e5")] = state.board[cell("a1")] = cards.EMPTY
    state._refresh()
    assert state.info()["hands"] is None
    play(state, "W-1")
    assert state.status == PLAYING and "pass" in legal(state)
    play(state, "pass")
    assert state.status == DRAW


def test_a_full_board_is_a_draw():
    state = position("", hands={}, fill="*")
    state.board[cell("e1")] = cards.EMPTY
    state._refresh()
    play(state, "N-e")
    assert state.status == DRAW


def test_notation_round_trips_and_bad_lines_are_refused_clearly():
    state = position("Ya1 Bj10", hands={1: [P, D]})
    for text in ("poussee W-1", "double W-3 N-c", "W-3", "pass", "negation", "annulation P2"):
        assert state.format_move(state.parse_move(text)) == text
    for text in ("trahison", "eclair z9", "double W-3", "poussee X-3", "flammes a1 a2", "negation a1"):
        refused(state, text)


def test_golden_rule_negation_cannot_leave_a_bound_player_only_winning_launches():
    # yellow a1 a2 a3; the empty cells e1 (N-e), j10 (E-10) and a4 (W-4: yellow's line)
    def board():
        state = position("", hands={1: [D], 2: [N]}, fill="*")
        for name in ("a1", "a2", "a3"):
            state.board[cell(name)] = squeeze.YELLOW
        for name in ("a4", "e1", "j10"):
            state.board[cell(name)] = cards.EMPTY
        state._refresh()
        return state

    state = board()
    play(state, "N-e")  # not bound: a4 is another launch for it, Negation is possible
    assert state.info()["pending"]["window"] == "negation"
    state = board()
    play(state, "double N-e E-10", "pass")  # bound: its only other launch would win
    assert state.info()["pending"] is None and state.to_move == 2
    assert "right after" in refused(state, "negation")


def test_the_quick_checks_agree_with_the_full_ones():
    # legal_launches() skips launch_problem()'s messages, playable_cards(first=True)
    # stops at the first card: the same answers, on random positions of a played game
    # (the virtual Pico checks the first 40 moves, on its native Squeeze code: the 120
    # cost 32 CPU s there; CPython and MicroPython under wasm check them all)
    moves = 40 if sys.platform == "rp2" else 120
    rng = Rng(5)
    state = cards.new_state(4, rng=Rng(5))
    while state.status == PLAYING and len(state.history) < moves:
        if not state.window:
            state.launches = None
            assert state.legal_launches() == [l for l in range(40) if state.launch_problem(l) is None]
            # (the whole list not kept: with Coup double's pairs it is thousands of moves,
            # and legal_moves() below makes another as long, on a Pico's heap)
            assert state.playable_cards(first=True) == state.playable_cards()[:1]
        legal = state.legal_moves()
        state.play(legal[rng.below(len(legal))])
    # and a bound player's launches leave out the ones that would align (the golden rule)
    state = position("Ya2 Ya3 Ya4", hands={1: [D]})
    state.bound[1] = 1
    state.launches = None
    assert notation.parse_launch("N-a") not in state.legal_launches()
    assert "golden rule" in state.launch_problem(notation.parse_launch("N-a"))
