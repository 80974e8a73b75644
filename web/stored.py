# What the browser keeps, checked when the page powers the board up: a file the board
# cannot read back as its own (a damaged save, a file of another program or version
# under the board's name) is set aside, kept in the browser under another name, and
# said: on the board as its usual notice (the tile's key blinks orange, the state's
# `notice`) and on the page. The board itself treats such a file as absent (its tile
# offers a new game, the other games are kept); setting it aside keeps it from being
# overwritten unseen. Menu-time code, in the MicroPython subset.
from app import catalog, saves
from app.app import free_game
from app.grid import MENU


def board_files():
    """{file name: (what it is, the key its notice blinks, its check(storage, name))}
    for every file the board writes."""
    from app.c_foursquare import STATS_FILE
    from app.c_pistes import BEST_FILE
    from app.menu import TILE_CELLS

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

    files = {
        saves.SETTINGS_FILE: ("the settings", MENU, is_dict),
        STATS_FILE: ("Foursquare's scores", MENU, are_stats),
        BEST_FILE: ("4 pistes' best score", MENU, is_best),
    }
    for i in range(len(catalog.TILES)):
        game, players, variant = catalog.TILES[i][:3]

        def is_save(storage, name, game=game, players=players, variant=variant):
            return saves.load_game(storage, game, players, variant) is not None

        files[saves.game_file(game, players, variant)] = (
            "the saved game of " + catalog.tile_name(i), TILE_CELLS[i][0], is_save)
    return files


def set_aside_foreign(storage):
    """Sets aside every stored file that is not the board's, or that the board cannot
    read back. Returns [(what it was, where it is kept now, the key to blink)]."""
    files = board_files()
    out = []
    for name in storage.names():
        known = files.get(name)
        try:
            ok = known is not None and known[2](storage, name)
        except Exception:  # as the board's own readers: damage of any kind is no file
            ok = False
        if not ok:
            what = known[0] if known else "'%s', not a file of the board" % name
            out.append((what, storage.set_aside(name), known[1] if known else MENU))
    free_game()  # (the modules that named and checked the files: a game loads its own)
    return out
