# At power-up (App.__init__, before anything reads a file for use): every file the
# storage keeps is read back by the board's own readers, and what the board cannot read
# as its own (a damaged file, too big, empty, not text; a file of another program or
# version under the board's name) is set aside whole, with the board's notice
# (set_aside), so that nothing writes over it. The tiles' saves are read by the menu as
# it shows (app/menu.py read_saves, and a tile's setup screen), which sets a damaged one
# aside the same way (set_aside_save): one reading of each file. Every runtime runs
# this: the Pico's littlefs, CircuitPython's FAT, the simulators and the browser page
# (each storage driver's names() and set_aside()). Boot-time code (and, rarely, the
# menu's), freed once it ran (free()); in the MicroPython subset.
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


# the board's files but the tiles' saves: what each is, in words
WHAT = {saves.SETTINGS_FILE: "the settings", saves.STATS_FILE: "Foursquare's scores",
        saves.BEST_FILE: "4 pistes' best score"}


def readable(storage, name):
    """Whether the board reads the file `name` (one of WHAT) back as its own: what its
    reader takes from it is all the file says (the scores by app/score_files.py, their
    readers' checks: no game is loaded at boot)."""
    data = saves.read_json(storage, name)
    if not isinstance(data, dict):
        return False
    if name == saves.STATS_FILE:
        from app.score_files import stats_from

        return stats_from(data) is not None
    if name == saves.BEST_FILE:
        from app.score_files import best_from

        return best_from(data) == data.get("best")
    return True


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
    for name in names:
        if name in tiles:
            continue
        try:
            ok = name in WHAT and readable(storage, name)
        except Exception:  # as the board's own readers: damage of any kind is no file
            ok = False
        if not ok:
            set_aside(app, name, WHAT.get(name) or "'%s', not a file of the board" % name, MENU)
    free()
    return names


def free():
    """This module and the storage's setting aside, unloaded (RAM on a Pico)."""
    unload("app.aside")
    unload("app.score_files")
    unload("drivers.storage_aside")
