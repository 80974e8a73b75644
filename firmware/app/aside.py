# At power-up (App.__init__, before anything reads a file for use): every file the
# storage keeps is read back by the board's own readers, and what the board cannot read
# as its own (a damaged file, too big, empty, not text; a file of another program or
# version under the board's name) is set aside whole, with the board's notice
# (app/saves_read.py set_aside), so that nothing writes over it. The tiles' saves are
# read by the menu as it shows (app/menu.py read_saves, and a tile's setup screen), which
# sets a damaged one aside the same way: one reading of each file. Every runtime runs
# this: the Pico's littlefs, CircuitPython's FAT, the simulators and the browser page
# (each storage driver's names() and set_aside()). Boot-time code, freed once it ran;
# in the MicroPython subset.
from app import catalog, saves
from app.grid import MENU
from app.saves_read import set_aside



def is_dict(storage, name):
    return isinstance(saves.read_json(storage, name), dict)


def are_stats(storage, name):  # the scores as the board reads them are the file's
    from app.c_foursquare_stats import load_stats

    data = saves.read_json(storage, name)
    return isinstance(data, dict) and load_stats(storage) == dict((k, data.get(k)) for k in ("played", "won", "best"))


def is_best(storage, name):
    from app.c_pistes_start import load_best

    data = saves.read_json(storage, name)
    return isinstance(data, dict) and load_best(storage) == data.get("best")


# {file name: (what it is, its check(storage, name))}: the board's files but the tiles'
FILES = {
    saves.SETTINGS_FILE: ("the settings", is_dict),
    saves.STATS_FILE: ("Foursquare's scores", are_stats),
    saves.BEST_FILE: ("4 pistes' best score", is_best),
}


def check(app):
    """Sets aside every stored file that is not the board's, or that the board cannot
    read back (the tiles' saves: the menu, as it reads them)."""
    storage = app.storage
    names = getattr(storage, "names", None)
    if names is None:  # (a test's storage: nothing but the board's files)
        return
    tiles = [saves.game_file(t[0], t[1], t[2]) for t in catalog.TILES]
    loaded = len(app.aside)
    names = names()
    for name in names:
        if name in tiles:
            continue
        known = FILES.get(name)
        try:
            ok = known is not None and known[1](storage, name)
        except Exception:  # as the board's own readers: damage of any kind is no file
            ok = False
        if not ok:
            set_aside(app, name, known[0] if known else "'%s', not a file of the board" % name, MENU)
    if len(app.aside) > loaded or saves.STATS_FILE in names or saves.BEST_FILE in names:
        from app.app import free_game

        free_game()  # (what checked the scores: a game loads its own)
