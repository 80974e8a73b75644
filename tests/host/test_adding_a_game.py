# The README's "Adding a game", tried: a copy of firmware/ gets a tiny game (tests/host/
# tictactoe/: its rules, screen, player and scores file) as a folder, and one line in
# app/catalog.py's GAMES; no other file changes. The board then shows it on the menu,
# plays it from its tile, names it in both languages, resumes it after a power cut, plays
# it in the attract demo, checks its scores file at power-up, the page names its pieces,
# and the checks every game gets (tests/host/test_every_game.py) pass on it.
import os
import shutil
import subprocess
import sys

from host_tools.build import FIRMWARE, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = '    ("tictactoe", ("Tic-tac-toe", "Morpion"), ((8, None, None, (YELLOW, RED, RED, YELLOW), AGAINST_THE_BOARD),)),\n'

PLAY = r"""
import sys
sys.path[:0] = [FIRMWARE, ROOT, HERE]
from app import catalog
from app.tiles import TILE_CELLS
from sim.drivers import MemoryStorage, SimBoard
from sim.headless import Headless
import test_every_game as every

assert catalog.TILES[8][0] == "tictactoe", catalog.TILES
assert catalog.tile_name(8) == "Tic-tac-toe" and catalog.tile_name(8, "fr") == "Morpion"
storage = MemoryStorage()
sim = Headless(board=SimBoard(storage=storage))
menu = sim.state()
assert any(t["game"] == "tictactoe" for t in menu["tiles"]), menu
screen = every.open_tile(sim, 8)
assert getattr(screen, "state", None) is not None, sim.state()
for text in ("a1", "a2", "b1", "b2"):
    every.press(sim, screen.cell_for_move(screen.state.parse_move(text)))
    sim.advance(300)
state = sim.state()
assert state["title"] == "Tic-tac-toe" and state["moves"] == ["a1", "a2", "b1", "b2"], state
again = Headless(board=SimBoard(storage=storage))  # the power comes back
assert again.state()["tiles"][8]["resume"], again.state()
assert every.open_tile(again, 8).state.rows() == screen.state.rows()
every.press(again, again.board.app.screen.cell_for_move(2))  # c1: three in a row
again.advance(300)
assert again.state()["status"] == "won" and again.state()["winner"] == 1, again.state()
# the page names its pieces (web/keys.py: the screen's BOARD_CELLS)
from app import grid
from web.keys import key_names
names = key_names(again.board, again.board.app.describe())
cell = again.board.app.screen.cell_for_move(2)
assert names[cell] == ["%s: c1, yellow piece 1" % grid.name(cell), "1"], names[cell]
# the attract demo plays it (its tile asks a level: the board plays it), both seats the board's
from app.attract import Attract, demo_games
assert demo_games()[-1] == ("tictactoe", 3), demo_games()
demo = Headless()
demo.board.app.screen = attract = Attract(demo.board.app, 0)
attract.index = len(demo_games()) - 1
attract.start(0)
for _ in range(40):  # (until its game is over: the next demo game starts 4 s after)
    demo.advance(250)
    d = demo.state()
    if d["status"] != "playing":
        break
assert d["screen"] == "attract" and d["game"] == "tictactoe" and d["status"] in ("won", "draw"), d
# its scores file is checked at power-up (its scores.py): a good one kept, a damaged one set aside
kept, damaged = MemoryStorage(), MemoryStorage()
kept.write("tictactoe_wins.json", '{"wins": 2}')
damaged.write("tictactoe_wins.json", '{"wins": -1}')
assert "notice" not in Headless(board=SimBoard(storage=kept)).state()
assert "could not read the tic-tac-toe wins" in Headless(board=SimBoard(storage=damaged)).state()["notice"]
tile = (8, "tictactoe", None, None)
every.test_each_move_s_notation_reads_back_as_the_move(tile)
every.test_a_refused_move_changes_nothing(tile)
every.test_replaying_the_history_gives_the_same_state(tile)
every.test_the_screen_plays_every_state_and_a_power_up_resumes_it(tile)
print("PLAYED")
"""


def firmware_with_the_game(tmp_path):
    firmware = str(tmp_path / "firmware")
    shutil.copytree(FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(HERE, "tictactoe"), os.path.join(firmware, "games", "tictactoe"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    catalog = os.path.join(firmware, "app", "catalog.py")
    with open(catalog) as f:
        text = f.read()
    end = text.index("\n)\n", text.index("GAMES = ("))  # the last line of GAMES
    with open(catalog, "w") as f:
        f.write(text[:end + 1] + LINE + text[end + 1:])
    return firmware


def test_a_new_game_is_its_folder_and_one_catalog_line(tmp_path):
    firmware = firmware_with_the_game(tmp_path)
    changed = subprocess.run(["diff", "-r", "-q", "-x", "__pycache__", FIRMWARE, firmware], capture_output=True, text=True).stdout
    assert sorted(changed.splitlines()) == sorted([
        "Files %s/app/catalog.py and %s/app/catalog.py differ" % (FIRMWARE, firmware),
        "Only in %s/games: tictactoe" % firmware])
    script = "FIRMWARE, ROOT, HERE = %r, %r, %r\n" % (firmware, ROOT, HERE) + PLAY
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=str(tmp_path), timeout=300)
    assert run.returncode == 0 and "PLAYED" in run.stdout, run.stderr[-3000:]
