# No crash on any input: random taps, holds, lone key downs and ups (keys off the board
# too), at random times, on every screen and game, through the real App with the
# simulator's drivers.
import json

from hypothesis import given, settings, strategies as st

from app.grid import CELLS
from sim.drivers import MemoryStorage, SimBoard

TAP, HOLD, DOWN, UP = range(4)
ACTIONS = st.lists(st.tuples(st.sampled_from((TAP, TAP, TAP, HOLD, DOWN, UP)),
                             st.integers(-2, CELLS + 2), st.integers(0, 600)),
                   min_size=1, max_size=150)
SEEN = set()  # which games the examples reached (a check of the fuzz itself)


def advance(board, ms):
    end = board.clock.now + ms
    while board.clock.now < end:
        board.clock.now += 10
        board.app.step()


def check(board):
    state = json.loads(json.dumps(board.app.screen.describe()))
    assert state["screen"] in ("menu", "game")
    if state["screen"] == "game":
        SEEN.add(state["game"])
        assert state["status"] in ("playing", "won", "draw", "lost")
        assert (state["to_move"] is None) == (state["status"] != "playing")
        assert (state["legal"] == []) == (state["status"] != "playing")


@settings(max_examples=150, deadline=None, derandomize=True)  # the same examples every run
@given(ACTIONS)
def test_random_key_events_never_crash_the_app(actions):
    board = SimBoard(storage=MemoryStorage())
    keys = board.keys
    for kind, key, wait in actions:
        if kind in (TAP, HOLD, DOWN):
            keys.push(key, True, board.clock.now)
            board.app.step()
        if kind == HOLD:
            advance(board, 800)
        if kind in (TAP, HOLD, UP):
            keys.push(key, False, board.clock.now)
            board.app.step()
        advance(board, wait)
        check(board)
    # whatever happened, a reboot on the same flash comes back to the menu
    again = SimBoard(storage=board.storage)
    assert again.app.screen.describe()["screen"] == "menu"


def test_the_fuzz_reached_every_game():
    test_random_key_events_never_crash_the_app()
    assert SEEN >= {"connect4", "squeeze", "cubes", "foursquare"}, SEEN
