# Property tests of the Foursquare rules core and its hint over random deals
# (hypothesis): the 40 cards are conserved, the face-down count matches the piles,
# legal moves are exactly the moves play() accepts, every game ends within 40 cards,
# and the hint plays a legal move that depends on the stock's make-up, never its order.
import os
import random

from hypothesis import given, settings, strategies as st

from games.foursquare import rules as foursquare

from games.foursquare import hint as foursquare_hint
from games.base import LOST, PLAYING, WON, IllegalMove
from games.rng import Rng

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEALS = st.tuples(st.integers(0, 2 ** 30), st.lists(st.integers(0, 1000), min_size=40, max_size=40))


def check_invariants(state):
    placed = len(state.history)
    drawn = 1 if state.status == PLAYING else 0
    # the 40 cards: on the piles, the drawn one, the stock
    assert sum(state.height) == placed
    assert placed + drawn + state.stock() == 40
    assert sum(state.unseen()) == state.stock()
    seen = [state.deck[i] for i in range(placed + drawn)]
    for r in range(1, 11):
        assert state.unseen()[r - 1] + seen.count(r) == 4
    # piles, faces and the extent
    cells = [c for c in range(49) if state.height[c]]
    assert state.piles == len(cells) <= 16
    assert state.down == sum(1 for c in cells if not state.up[c])
    assert all(1 <= state.top[c] <= 10 and state.height[c] <= 4 for c in cells)
    assert all(not state.top[c] and not state.up[c] for c in range(49) if not state.height[c])
    if cells:
        rows = [c // 7 for c in cells]
        cols = [c % 7 for c in cells]
        assert state.box == (min(rows), max(rows), min(cols), max(cols))
        assert max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4
        assert state.height[24]  # d4 holds the first card
    # the end
    if state.status == WON:
        assert state.piles == 16 and state.down == 0
    elif state.status == LOST:
        assert state.down > 4 or placed == 40
    else:
        assert state.down <= 4 and placed < 40 and state.legal_moves()


@settings(max_examples=60, deadline=None)
@given(DEALS)
def test_random_play_keeps_the_invariants_and_always_ends(deal):
    seed, picks = deal
    state = foursquare.new_state(rng=Rng(seed))
    check_invariants(state)
    for pick in picks:
        if state.status != PLAYING:
            break
        legal = state.legal_moves()
        assert legal == sorted(legal)  # in cell order (the hint's ties go to the first)
        for cell in range(49):  # legal moves are exactly what play() accepts
            assert (state.why_illegal(cell) is None) == (cell in legal)
        state.play(legal[pick % len(legal)])
        check_invariants(state)
    assert state.status in (WON, LOST)  # 40 cards at most
    assert state.legal_moves() == [] and state.card() is None and state.score() == state.stock()
    try:
        state.play(24)
    except IllegalMove:
        pass
    else:
        raise AssertionError("a move after the end")


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2 ** 30), st.integers(0, 30))
def test_the_hint_plays_legal_moves_and_ignores_the_stock_order(seed, moves):
    state = foursquare.new_state(rng=Rng(seed))
    for _ in range(moves):
        if state.status != PLAYING:
            return
        state.play(foursquare_hint.best_move(state))
        check_invariants(state)
    if state.status != PLAYING:
        assert foursquare_hint.best_move(state) is None
        return
    before = (bytes(state.top), bytes(state.up), bytes(state.height), state.box, state.down, state.piles)
    hint = foursquare_hint.best_move(state)
    assert hint in state.legal_moves()
    # the hint plays out on its own copy: the game is untouched
    assert before == (bytes(state.top), bytes(state.up), bytes(state.height), state.box, state.down, state.piles)
    # the same piles and drawn card with the rest of the stock in another order
    placed = len(state.history) + 1
    rest = list(state.deck[placed:])
    random.Random(seed).shuffle(rest)
    state.deck[placed:] = bytearray(rest)
    assert foursquare_hint.best_move(state) == hint


def test_the_hints_look_ahead_follows_the_rules():
    rng = random.Random(5)
    for seed in range(30):
        state = foursquare.new_state(rng=Rng(seed))
        while state.status == PLAYING:
            board = foursquare_hint.Board(state)
            card = state.card()
            for cell in state.legal_moves():
                row, col = foursquare.flips(state.top, state.up, state.height, cell, card)
                assert board.turned(cell, card) == row + col
            assert sorted(board.moves()) == sorted(state.legal_moves())
            # the look-ahead's shortcut (line_stats, leaf_values, turn_index) = placing and evaluating
            for cell in board.moves():
                row = board.line_stats(cell, 1)
                col = board.line_stats(cell, 7)
                values = board.leaf_values(cell, row, col, 5)
                for rank in range(1, 11):
                    undo = board.place(cell, rank)
                    want = board.outcome(5)
                    if want is None:
                        want = board.evaluate()
                    board.undo(undo)
                    assert values[foursquare_hint.turn_index(row, col, rank)] == want
            assert (bytes(board.top), bytes(board.up), bytes(board.height)) == (
                bytes(state.top), bytes(state.up), bytes(state.height))
            state.play(rng.choice(state.legal_moves()))


def test_example_copy_is_current():
    with open(os.path.join(ROOT, "tests", "firmware", "test_foursquare_example.txt")) as f:
        copy = f.read()
    shared = os.path.join(os.path.dirname(ROOT), "shared", "examples", "foursquare.txt")
    if os.path.exists(shared):
        with open(shared) as f:
            assert f.read() == copy


def test_the_two_card_look_ahead_plays_legal_moves(monkeypatch):
    # off on the board (the Pico's time), but kept as a switch: it must still play well
    monkeypatch.setattr(foursquare_hint, "DEEP_MOVES", 2)
    for seed in (0, 1):
        state = foursquare.new_state(rng=Rng(seed))
        while state.status == PLAYING:
            move = foursquare_hint.best_move(state)
            assert move in state.legal_moves()
            state.play(move)
            check_invariants(state)
        assert state.status == WON, seed


@given(DEALS)
@settings(max_examples=60, deadline=None)
def test_a_cards_flips_within_the_piles_box_are_the_flips_of_its_whole_lines(deal):
    # the rules look only at the piles' box of the played card's row and column (a
    # move's light on a Pico): no pile outside it, so the very same cells turn
    seed, picks = deal
    state = foursquare.new_state(rng=Rng(seed))
    for pick in picks:
        legal = state.legal_moves()
        if not legal:
            break
        card = state.card()
        for cell in legal:
            whole = foursquare.flips(state.top, state.up, state.height, cell, card)
            if state.box is not None:
                assert foursquare.flips(state.top, state.up, state.height, cell, card, state.box) == whole
        state.play(legal[pick % len(legal)])
