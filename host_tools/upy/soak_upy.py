# The MicroPython side of host_tools.soak: games after games through the App, as
# players would play them (the menu's tile, random legal moves by key presses, the
# next game held on l12, back to the menu by holding a1), under the real interpreter
# (wasm) with build/ as the filesystem. One press a top-level call (node runs
# `MORE = NEXT()`), so the wasm port's GC, which collects only at the top level, runs
# between presses: otherwise a long game's garbage grows the wasm heap by new areas,
# and its conservative GC then keeps blocks that a stray word of data seems to point at
# (tens of KB, different on every run). Between games it records the live heap:
#   "@@H\tgame number\ttile label\tbytes"   (gc.mem_alloc() in the menu)
#   "@@X\tgame number\ttile label\terror"   (an exception; the board boots again)
import gc
import io
import json
import sys

with open("/upy_args.json") as _f:
    JOB = json.load(_f)
for _path in reversed(JOB["sys_path"]):
    sys.path.insert(0, _path)

GAMES = JOB.get("games", 100)
SEED = JOB.get("seed", 1)
MAX_MOVES = 400  # a game longer than this is cut (none is)

from app import catalog, grid  # noqa: E402
from app.app import LOOP_MS  # noqa: E402
from app.tiles import TILE_CELLS  # noqa: E402
from games.rng import Rng  # noqa: E402
from drivers.storage import FileStorage  # noqa: E402
from sim.drivers import SimBoard  # noqa: E402

RNG = Rng(SEED)
# The saves go to files (the interpreter's filesystem, outside its heap), through the
# firmware's own driver, as on a Pico's flash: the heap measured is the firmware's.
G = {"board": SimBoard(storage=FileStorage("/soak-saves")), "n": 0, "label": "boot", "game": None}


def play_one(board, index):
    """The game of menu tile `index`, from the menu back to the menu: a generator, one
    press a step (each step is its own top-level call, so the GC runs between presses as
    a Pico's would, and the heap stays the size of a Pico's)."""
    board.press(TILE_CELLS[index][0])  # its setup screen
    yield
    board.press(TILE_CELLS[index][0])  # its game
    yield
    screen = board.app.screen
    if screen.state.status != "playing":  # the tile resumed its finished game
        board.press(grid.NEW, hold=True)
        yield
    moves = 0
    while screen.state.status == "playing" and moves < MAX_MOVES:
        legal = screen.state.legal_moves()
        board.play(legal[RNG.below(len(legal))])
        moves += 1
        legal = None
        yield
    screen = None
    board.press(grid.MENU, hold=True)
    yield
    clock = board.clock
    for i in range(200):  # the menu settles (its sound, its last frame)
        clock.now += LOOP_MS
        board.app.step()
        if i % 20 == 19:
            yield


def NEXT():
    """One step of a game; between games, record the heap the last game left and start
    the next one. False when done."""
    n = G["n"]
    if G["game"] is None:
        if n:
            print("@@H\t%d\t%s\t%d" % (n, G["label"], gc.mem_alloc()))
        if n >= GAMES:
            return False
        index = n % len(catalog.TILES)
        game, players, _, _ = catalog.TILES[index]
        G["label"] = game if players is None else "%s_%dp" % (game, players)
        G["game"] = play_one(G["board"], index)
    try:
        next(G["game"])
    except StopIteration:
        G["game"] = None
        G["n"] = n + 1
    except Exception as e:
        buf = io.StringIO()
        sys.print_exception(e, buf)
        print("@@X\t%d\t%s\t%s" % (n + 1, G["label"], buf.getvalue().replace("\n", " | ")))
        G["board"] = SimBoard(storage=G["board"].storage)  # as main.py: start again
        G["game"] = None
        G["n"] = n + 1
    gc.collect()
    return True


gc.collect()
