# At power-up (App.__init__, before anything reads a file for use): every stored file is
# read back by the board's own readers, and one the board cannot read as its own (damaged,
# or another program's under the board's name) is set aside whole, with a notice, so that
# nothing writes over it. The tiles' saves are read (and set aside) by the menu as it
# shows them (set_aside_save). Every runtime's storage (names(), set_aside()) runs it;
# boot-time code, freed once it ran (free()); in the MicroPython subset.
import sys

from app import catalog, saves
from app.shared import unload
from app.grid import MENU


def set_aside(app, name, what, cell):
    """Moves the file `name`, which the board cannot read back as its own (`what`: the
    words that name it), out of the board's way, its bytes unchanged (the storage's
    set_aside: ASIDE/WHEN-N-NAME), and says so: the notice (the state's, and `cell`
    blinking orange). One the storage cannot move (full) stays as it is, and the board
    never writes over it (saves.KEPT). A storage that keeps no other names (a test's)
    has no set_aside: the file is then only not read."""
    move = getattr(app.storage, "set_aside", None)
    if move is None:
        return
    kept = move(name)
    if not kept:
        saves.KEPT.add(name)
    app.aside.append((what, kept, cell))
    app.show_notice("could not read %s: set aside as %s" % (what, kept) if kept
                    else "could not read %s, nor set it aside: it is kept as it is" % what, cell, add=True)


def set_aside_save(app, index):
    """Sets aside the save of the menu tile `index`, which the board cannot read back
    (set_aside; its notice blinks the tile's first key). None: it has no save now."""
    from app.tiles import TILE_CELLS

    t = catalog.TILES[index]
    set_aside(app, saves.game_file(t[0], t[1], t[2]), "the saved game of " + catalog.tile_name(index),
              TILE_CELLS[index][0])
    free()


def board_file(storage, name):
    """(what the file `name`, not a tile's save, is in words; whether the board reads it
    back as its own: what its reader takes from it is all the file says), or None for a
    file not the board's. A game's scores file is its folder's scores.py's FILE (FILE,
    WHAT, check(): README "Adding a game"), looked for only in the games whose folder's
    name the file's name holds, and freed after, its package too (RAM on a Pico; the
    games' package: check's, once for all the files)."""
    if name == saves.SETTINGS_FILE:
        return "the settings", isinstance(saves.read_json(storage, name), dict)
    for game in catalog.game_ids():
        if game not in name:
            continue
        package = "games." + game
        had = package in sys.modules
        try:
            scores = __import__(package + ".scores", None, None, ("FILE",))
            if scores.FILE == name:
                try:
                    return scores.WHAT, scores.check(saves.read_json(storage, name))
                except Exception:  # as the game's own reader: damage of any kind is no file
                    return scores.WHAT, False
        except ImportError:  # (no scores file in that game)
            pass
        finally:
            unload(package + ".scores")
            if not had:
                unload(package)
    return None


def check(app):
    """Sets aside every stored file that is not the board's, or that the board cannot
    read back (the tiles' saves: the menu, as it reads them). Returns the names it
    listed (None: the storage lists none): the menu opens no tile's save not among them."""
    storage = app.storage
    names = getattr(storage, "names", None)
    if names is None:  # (a test's storage: nothing but the board's files)
        return None
    tiles = [saves.game_file(t[0], t[1], t[2]) for t in catalog.TILES]
    names = names()
    had = "games" in sys.modules  # (imported by the first scores file's check, kept for the next)
    try:
        for name in names:
            if name in tiles:
                continue
            try:
                known = board_file(storage, name)
            except Exception:  # as the board's own readers: damage of any kind is no file
                known = None
            if not (known and known[1]):
                set_aside(app, name, known[0] if known else "'%s', not a file of the board" % name, MENU)
    finally:
        if not had:
            unload("games")
    free()
    return names


def free():
    """This module and the storage's setting aside, unloaded (RAM on a Pico)."""
    unload("app.aside")
    unload("drivers.storage_aside")
