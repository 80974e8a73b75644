# No crash on any input: random taps, holds, lone key downs and ups (keys off the board
# too), at random times, on every screen and game, through the real App with the
# simulator's drivers.
import json

from hypothesis import given, settings, strategies as st

from app import catalog
from app.grid import CELLS
from app.tiles import TILE_CELLS
from sim.drivers import MemoryStorage, SimBoard

TILE_KEYS = sorted(c for tile in TILE_CELLS for c in tile)  # a tile's two presses start a game
TAP, HOLD, DOWN, UP, TWICE = range(5)  # TWICE: two taps (a menu tile's second press plays)
ACTIONS = st.lists(st.tuples(st.sampled_from((TAP, TAP, TAP, HOLD, DOWN, UP, TWICE)),
                             st.one_of(st.integers(-2, CELLS + 2), st.sampled_from(TILE_KEYS)),
                             st.integers(0, 600)),
                   min_size=1, max_size=150)
SEEN = set()  # which games the examples reached (a check of the fuzz itself)


def advance(board, ms):
    end = board.clock.now + ms
    while board.clock.now < end:
        board.clock.now += 10
        board.app.step()


def check(board):
    state = json.loads(json.dumps(board.app.screen.describe()))
    assert state["screen"] in ("menu", "setup", "game")
    if state["screen"] == "game":
        SEEN.add(state["game"])
        assert state["status"] in ("playing", "won", "draw", "lost")
        assert (state["to_move"] is None) == (state["status"] != "playing")
        assert (state["legal"] == []) == (state["status"] != "playing")


@settings(max_examples=150, deadline=None, derandomize=True)  # the same examples every run
@given(st.integers(0, len(TILE_CELLS) - 1), ACTIONS)
def test_random_key_events_never_crash_the_app(tile, actions):
    board = SimBoard(storage=MemoryStorage())
    keys = board.keys
    opening = [(TWICE, TILE_CELLS[tile][0], 0)]  # into a game first: every tile is fuzzed
    for kind, key, wait in opening + actions:
        if kind == TWICE:
            keys.push(key, True, board.clock.now)
            keys.push(key, False, board.clock.now)
            board.app.step()
        if kind in (TAP, HOLD, DOWN, TWICE):
            keys.push(key, True, board.clock.now)
            board.app.step()
        if kind == HOLD:
            advance(board, 800)
        if kind in (TAP, HOLD, UP, TWICE):
            keys.push(key, False, board.clock.now)
            board.app.step()
        advance(board, wait)
        check(board)
    # whatever happened, a reboot on the same flash comes back to the menu
    again = SimBoard(storage=board.storage)
    assert again.app.screen.describe()["screen"] == "menu"


def test_the_fuzz_reached_every_game():
    test_random_key_events_never_crash_the_app()
    assert SEEN >= set(t[0] for t in catalog.TILES), SEEN
