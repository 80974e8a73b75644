# What the simulator asks of the menu (app/menu.py) and of a tile's setup screen
# (app/setup.py): their state and margin labels. A board never asks, so these are kept
# apart: loaded for each question and unloaded after (app.shared.call_part), as a game's
# words are.
from app import catalog, grid
from app.tiles import TILE_CELLS


def menu_state(menu):
    """The menu's state: its tiles, the settings, the last refusal."""
    settings = menu.app.settings
    return {
        "screen": "menu",
        "game": None,
        "status": None,
        "winner": None,
        "to_move": None,
        "tiles": [
            {"game": t[0], "players": t[1], "variant": t[2], "cell": grid.name(TILE_CELLS[i][0]), "resume": menu.resumable(i),
             "name": catalog.tile_name(i, settings["lang"])}
            for i, t in enumerate(catalog.TILES)
        ],
        "brightness": settings["brightness"],
        "match": settings["match"],
        "lang": settings["lang"],
        "error": menu.error and menu.error % grid.name(menu.flash_cell),
    }


def axis_labels(setup, name=None):
    """The simulator's margin labels: each choice beside its key, as `name`(option,
    choice) says it in words (the simulator's: "board 1st", a level's name), else the
    choice itself ("2" players, a mode's name)."""
    sides = [[""] * grid.SIZE for _ in range(4)]  # left, right, bottom, top
    for i in range(len(setup.options)):
        option = setup.options[i]
        choices = setup.choices(option)
        for k in range(len(choices)):
            sides[i][1 + k] = name(option[0], choices[k]) if name else str(choices[k])
    left, right, bottom, top = sides
    return top, bottom, left, right


def describe(setup, option_keys):
    players, options = setup.start_args()
    return {
        "screen": "setup",
        "game": setup.game,
        "status": None,
        "winner": None,
        "to_move": None,
        "title": setup.title,
        "tile": grid.name(setup.tile[0]),
        "resume": setup.resuming(),
        "against": setup.against(),
        "players": players,
        "variant": setup.variant,
        "options": options,
        "keys": dict(
            (setup.options[i][0], [grid.name(c) for c in option_keys[i][:len(setup.choices(setup.options[i]))]])
            for i in range(len(setup.options))
        ),
        # the two pictures' keys (a tile where the board may take a seat), else None
        "pictures": setup.pictures_module().keys() if setup.pictures else None,
        "error": setup.error,
    }
