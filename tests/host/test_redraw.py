# What a person sees is what the App last sent to the LEDs, not a fresh render: the
# headless `frame` draws afresh, so a picture that moves while the screen says it is
# still (busy() False) would show in tests and never on the board (issue #26, item 1:
# 4 pistes' pawn to send back never blinked). These tests read the LEDs as the App's own
# render decisions left them, and check that a screen that says it is still is.
import glob
import os

import pytest

from app.frame import Frame
from sim.drivers import MemoryStorage, SimBoard
from sim.headless import Headless

SCENARIOS = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "scenarios", "*.txt")))


def fresh(screen, now):
    frame = Frame()
    screen.draw(frame, now)
    return bytes(frame.buf)


def check_still(board, ms=1500, step=10):
    """If the screen says nothing moves, the LEDs hold what it would draw, until the
    moment it says something moves again (a breathing glow steps at such moments)."""
    app, now = board.app, board.clock.now
    if app.screen.busy(now) or app.stuck or app.notice is not None or app.dirty:
        return False
    shown = bytes(app.frame.buf)
    for dt in range(0, ms, step):
        if dt and app.screen.busy(now + dt):
            break
        assert fresh(app.screen, now + dt) == shown, "the picture moves %d ms on, though busy() is False" % dt
    return True


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: os.path.basename(p)[:-4])
def test_a_screen_that_says_it_is_still_is_still(path):
    sim = Headless()
    checked = 0
    for line in open(path).read().splitlines():
        sim.run(line) if not line.split("#")[0].split() or line.split()[0] != "frame" else None
        checked += check_still(sim.board)
    assert checked  # (each scenario has still moments)


PENDING_BACK = ('{"game": "pistes", "players": 3, "variant": null, "seed": 564522, "swap": false, '
                '"board": [3], "moves": []}\nroll\nkeep 1\nroll\n')


def changes_over(board, cell, ms, step=10):
    """How often the LED of `cell` changed over `ms` of the App's own loop (no forced render)."""
    last, changes = board.levels_rgb(cell), 0
    for _ in range(ms // step):
        board.clock.now += step
        board.app.step()
        changes += board.levels_rgb(cell) != last
        last = board.levels_rgb(cell)
    return changes


def test_pistes_pawn_to_send_back_blinks_on_the_leds():
    """The issue's reproduction: a saved game resumed from the menu, two presses of i6;
    the pawn the 5s can send back blinks on the LEDs themselves."""
    storage = MemoryStorage()
    storage.write("game_pistes.json", PENDING_BACK)
    board = SimBoard(storage=storage)
    tile = [t for t in board.app.describe()["tiles"] if t["game"] == "pistes"][0]["cell"]
    from app import grid

    board.press(grid.parse(tile))
    board.press(grid.parse(tile))
    screen = board.app.screen
    assert screen.describe()["screen"] == "game" and screen.state.legal_texts() == ["back P1 T1"]
    board.press(grid.parse("i6"))
    board.press(grid.parse("i6"))
    target = screen.cell_for_move(screen.state.legal_moves()[0])
    assert changes_over(board, target, 3000) >= 6  # it blinks, and goes on blinking
