"""Power cuts: the power goes at every single step of every write of full games of every
menu tile (catalog.TILES), on littlefs's rename and on FAT's, then the board boots again
and must offer the game being saved as its old save or its new one (docs/RELIABILITY.md,
"Power cuts"). The same saves on the virtual Pico's littlefs: host_tools.vpico.powercut.

    python -m host_tools.powercut [--moves N] [--seed N]

Prints `BENCH power_cuts_tried` and `BENCH power_cut_games_lost` (target 0); exit 1 if
a game was lost.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from app import catalog, grid, saves, saves_read
from drivers import storage as storage_driver
from drivers.storage import FileStorage
from games.base import PLAYING
from games.rng import Rng
from sim.drivers import MemoryStorage, SimBoard

DATA = "/data"  # where main.py keeps the saves
BLOCK = 64  # bytes written between two possible cuts (a flash program is 256 on the Pico)
MAX_REPORTS = 5
MAX_PRESSES = 400  # a game is cut after this many presses (one that needs several keys a move)


class PowerCut(BaseException):
    """The power went (not an Exception: nothing in the firmware may catch it)."""


class Flash:
    """A file system of text files, as FileStorage uses it through `open` and `os`.
    Every change is a step; with `cut_at` set, the power goes before that step."""

    def __init__(self, fat=False, size=None):
        self.fat = fat  # FAT: rename refuses to replace a file
        self.size = size  # the bytes its files may hold in all (None: no end): a full flash
        self.files = {}
        self.dirs = {"/"}
        self.steps = 0
        self.cut_at = None

    def free(self):
        """The bytes still free, or None when the flash has no end."""
        return None if self.size is None else self.size - sum(len(t) for t in self.files.values())

    def step(self):
        if self.cut_at is not None and self.steps >= self.cut_at:
            raise PowerCut()
        self.steps += 1

    def snapshot(self):
        return dict(self.files), set(self.dirs)

    def restore(self, snap):
        self.files, self.dirs = dict(snap[0]), set(snap[1])

    # -- what FileStorage calls -------------------------------------------------------------
    def open(self, path, mode="r"):
        if mode == "r":
            if path not in self.files:
                raise OSError(2, "ENOENT")
            return _Reader(self.files[path])
        if mode not in ("w", "a"):
            raise ValueError("the fake flash opens 'r', 'w' or 'a', not %r" % mode)
        if (path.rsplit("/", 1)[0] or "/") not in self.dirs:
            raise OSError(2, "ENOENT")
        self.step()
        if mode == "w" or path not in self.files:
            self.files[path] = ""  # created, or truncated (appending: kept)
        return _Writer(self, path)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2, "ENOENT")
        if self.fat and new in self.files:
            raise OSError(17, "EEXIST")
        self.step()
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2, "ENOENT")
        self.step()
        del self.files[path]

    def stat(self, path):
        if path not in self.files and path not in self.dirs:
            raise OSError(2, "ENOENT")
        return (0,) * 10

    def listdir(self, path):
        if path not in self.dirs:
            raise OSError(2, "ENOENT")
        inside = path.rstrip("/") + "/"
        return [p[len(inside):] for p in list(self.files) + list(self.dirs)
                if p.startswith(inside) and p != inside and "/" not in p[len(inside):]]

    def mkdir(self, path):
        if path in self.dirs or path in self.files:
            raise OSError(17, "EEXIST")
        self.step()
        self.dirs.add(path)


class _Reader:
    def __init__(self, text):
        self.text = text

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self):
        return self.text


class _Writer:
    def __init__(self, flash, path):
        self.flash = flash
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.flash.step()  # the close: metadata committed
        return False

    def write(self, text):
        for i in range(0, len(text), BLOCK):
            self.flash.step()  # a cut here leaves the blocks before this one
            block = text[i:i + BLOCK]
            free = self.flash.free()
            if free is not None and len(block) > free:  # full: what fits is written
                self.flash.files[self.path] += block[:free]
                raise OSError(28, "ENOSPC")
            self.flash.files[self.path] += block
        return len(text)


class installed:
    """FileStorage's `open` and `os` are the fake flash's while in this block."""

    def __init__(self, flash):
        self.flash = flash

    def __enter__(self):
        storage_driver.open = self.flash.open
        storage_driver.os = self.flash
        return self.flash

    def __exit__(self, *exc):
        del storage_driver.open
        storage_driver.os = os
        return False


def tile_of(name):
    """The index of the menu tile whose game file is `name`, or None."""
    for i, (game, players, variant, _, _) in enumerate(catalog.TILES):
        if saves.game_file(game, players, variant) == name:
            return i
    return None


def saved(name, text):
    """What the board makes of `text` as the file `name`: a tile's (setup, moves) or the
    settings (through the firmware's own readers, on a throwaway storage)."""
    store = MemoryStorage()
    if text is not None:
        store.write(name, text)
    if name == saves.SETTINGS_FILE:
        return saves_read.load_settings(store)
    i = tile_of(name)
    if i is None:
        return text
    game, players, variant = catalog.TILES[i][:3]
    return saves_read.load_game(store, game, players, variant)


class CuttingStorage:
    """The app's storage: a FileStorage on the fake flash that, before each write is
    done for real, tries it again and again with the power cut at each of its steps,
    and boots a board on what each cut left."""

    def __init__(self, flash, out=print):
        self.flash = flash
        self.files = FileStorage(DATA)
        self.out = out
        self.tried = 0
        self.lost = 0

    def read(self, name):
        return self.files.read(name)

    def remove(self, name):
        self.files.remove(name)

    def write(self, name, text):
        self.cut_everywhere(name, text, lambda: self.files.write(name, text))

    def append(self, name, text):
        old = self.files.read(name)
        self.cut_everywhere(name, (old or "") + text, lambda: self.files.append(name, text))

    def cut_everywhere(self, name, text, change):
        """Does change() (the file `name` then holds `text`) for real, after trying it
        with the power cut before each of its steps."""
        flash = self.flash
        before = flash.snapshot()
        start = flash.steps
        change()  # a dry run counts the steps
        steps = flash.steps - start
        for k in range(steps):
            flash.restore(before)
            flash.steps, flash.cut_at = start, start + k
            try:
                change()
            except PowerCut:
                pass
            flash.cut_at = None
            problem = self.boot_check(name, text, before)
            self.tried += 1
            if problem:
                self.lost += 1
                if self.lost <= MAX_REPORTS:
                    self.out("power cut %d of %d writing %s (%s): %s"
                             % (k + 1, steps, name, "FAT" if flash.fat else "littlefs", problem))
        flash.restore(before)
        flash.steps = start
        change()

    def boot_check(self, name, text, before):
        """Boot on what the cut left; None if all is well, else what is wrong."""
        after = self.flash.snapshot()
        try:
            return self._check(name, text, before)
        except Exception as e:  # a crash at boot or on resume: the game is lost
            return "%s: %s" % (type(e).__name__, e)
        finally:
            self.flash.restore(after)

    def _check(self, name, text, before):
        old_files = dict((p.rsplit("/", 1)[1], t) for p, t in before[0].items() if p.startswith(DATA + "/"))
        store = FileStorage(DATA)
        for other in set(old_files) | set([saves.SETTINGS_FILE]):
            if other != name and not other.endswith(".tmp") and saved(other, store.read(other)) != saved(other, old_files.get(other)):
                return "%s changed while %s was written" % (other, name)
        now = saved(name, store.read(name))
        old, new = saved(name, old_files.get(name)), saved(name, text)
        if now not in (old, new):
            return "%s reads back as neither the old save nor the new: %r" % (name, now)
        board = SimBoard(storage=store)  # boots to the menu
        app = board.app
        if name == saves.SETTINGS_FILE:
            return None if app.settings == now else "the settings booted as %r" % (app.settings,)
        i = tile_of(name)
        if i is None:
            return None
        tile = app.screen.describe()["tiles"][i]
        if tile["resume"] != (now is not None):
            return "the menu %s a game on the tile" % ("offers" if tile["resume"] else "does not offer")
        for _ in range(2):  # the tile's setup screen, then its game
            board.keys.push(grid.parse(tile["cell"]), True, board.clock.now)
            board.keys.push(grid.parse(tile["cell"]), False, board.clock.now)
            app.step()
        state = app.screen.describe()
        game, players, variant = catalog.TILES[i][:3]
        if state["screen"] != "game" or state["game"] != game:
            return "the tile's press gave %s %s" % (state["screen"], state["game"])
        chosen = app.screen.setup.get("players")  # a tile that asks how many play keeps the count chosen
        if (chosen != players and not (players is None and chosen in catalog.player_choices(game, variant))
                or app.screen.setup.get("variant") != variant):
            return "the tile resumed another tile's game: %r" % (app.screen.setup,)
        want = now[1] if now is not None else []
        if state["moves"] != want:
            return "resumed at %r, saved %r" % (state["moves"], want)
        return None


def session(storage, seed=1, max_moves=None):
    """What a player does, writing the flash: on every tile, a full game (random legal
    moves, an undo now and then), the next game started, a brightness change."""
    board = SimBoard(storage=storage)
    rng = Rng(seed)
    for i, (game, players, variant, _, _) in enumerate(catalog.TILES):
        tile = grid.parse(board.app.screen.describe()["tiles"][i]["cell"])
        board.press(tile)  # its setup screen
        board.press(tile)  # its game
        moves = 0
        screen = board.app.screen
        while screen.state.status == PLAYING and moves < (MAX_PRESSES if max_moves is None else max_moves):
            legal = screen.state.legal_moves()
            board.play(legal[rng.below(len(legal))])
            moves += 1
            if moves % 9 == 0:
                board.press(grid.UNDO)
        if screen.state.status != PLAYING:
            board.press(grid.NEW, hold=True)  # the next game of the match
        board.press(grid.MENU, hold=True)
        board.press(grid.cell(grid.SIZE - 1, 1 + rng.below(10)))  # a brightness key
    return board


def run(seed=1, max_moves=None, out=print):
    """Both file systems; returns (cuts tried, games lost)."""
    tried = lost = 0
    for fat in (False, True):
        flash = Flash(fat)
        storage = CuttingStorage(flash, out)
        with installed(flash):
            session(storage, seed, max_moves)
        tried += storage.tried
        lost += storage.lost
    return tried, lost


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, help="at most this many moves a game (default: full games)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves played")
    args = parser.parse_args(argv)
    start = time.time()
    tried, lost = run(args.seed, args.moves)
    print("BENCH power_cuts_tried %d cuts" % tried)
    print("BENCH power_cut_games_lost %d games" % lost)
    print("# power cuts: %.1f s (on the rp2 port's own littlefs: python -m host_tools.vpico.powercut)"
          % (time.time() - start))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
