# What the menu offers: the controller of each game, and the menu's tiles (one per
# game and player count, in menu order). A game is listed once its rules module
# (games/) and its controller (app/c_GAME.py) exist.
from app import colors

CONTROLLERS = {
    "connect4": "app.c_connect4",
    "squeeze": "app.c_squeeze",
    "cubes": "app.c_cubes",
}

# (game, players or None for the game's default, the tile's 4 colours: top-left,
# top-right, bottom-left, bottom-right)
TILES = (
    ("connect4", None, (colors.YELLOW, colors.RED, colors.RED, colors.YELLOW)),
    ("squeeze", None, (colors.YELLOW, colors.BLUE, colors.BLUE, colors.YELLOW)),
    ("squeeze", 4, (colors.YELLOW, colors.BLUE, colors.YELLOW, colors.BLUE)),
    ("cubes", None, (colors.PURPLE, colors.GREEN, colors.GREEN, colors.PURPLE)),
)


def controller_class(game):
    module = CONTROLLERS.get(game)
    if module is None:
        raise ValueError("no game '%s' on this board (games: %s)" % (game, ", ".join(CONTROLLERS)))
    return __import__(module, None, None, ("Controller",)).Controller
