"""docs/screenshot.png: the simulator's window mid-game of Connect Four, rendered
offscreen (no display needed). Run `python -m host_tools.screenshot [OUT.png]`."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from app import grid  # noqa: E402
from app.app import LOOP_MS  # noqa: E402
from sim import window  # noqa: E402
from sim.drivers import SimBoard  # noqa: E402

OUT = os.path.join(ROOT, "docs", "screenshot.png")
BRIGHTNESS_KEY = "h12"  # menu: 70 % brightness, so the picture reads well
# Connect Four columns (a..g) dropped in turn, yellow first: mid-game, no winner yet.
MOVES = "dcdeecfdb"


def tap(board, cell_name, settle_ms=400):
    cell = grid.parse(cell_name)
    board.keys.push(cell, True, board.clock.now)
    board.keys.push(cell, False, board.clock.now)
    for _ in range(settle_ms // LOOP_MS):  # let the falling disc land
        board.app.step()
        board.clock.sleep_ms(LOOP_MS)


def midgame_board():
    board = SimBoard()  # a virtual clock and memory storage: nothing on disk changes
    tap(board, BRIGHTNESS_KEY)
    tap(board, "c3")  # the Connect Four tile: its setup screen
    tap(board, "c3")  # again: play
    for column in MOVES:
        col = ord(column) - ord("a")
        tap(board, grid.name(board.app.screen.cell_for_move(col)))
    assert board.app.screen.describe()["status"] == "playing", "the picture should be mid-game"
    return board


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else OUT
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((window.WIDTH, window.HEIGHT))
    board = midgame_board()
    window.draw(surface, board, window.status_lines(board, board.sound.played[-1]))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    pygame.image.save(surface, out)
    print("wrote %s (%dx%d)" % (out, window.WIDTH, window.HEIGHT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
