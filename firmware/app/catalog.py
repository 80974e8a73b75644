# What the menu offers: the controller of each game, and the menu's tiles (one per
# game and player count, in menu order). A game is listed once its rules module
# (games/) and its controller (app/c_GAME.py) exist.
from app import colors

CONTROLLERS = {
    "connect4": "app.c_connect4",
    "squeeze": "app.c_squeeze",
    "cubes": "app.c_cubes",
}

# (game, players or None for the game's default, variant or None, the tile's 4
# colours: top-left, top-right, bottom-left, bottom-right). At most 9 tiles.
TILES = (
    ("connect4", None, None, (colors.YELLOW, colors.RED, colors.RED, colors.YELLOW)),
    ("squeeze", None, None, (colors.YELLOW, colors.BLUE, colors.BLUE, colors.YELLOW)),
    ("squeeze", 4, None, (colors.YELLOW, colors.BLUE, colors.YELLOW, colors.BLUE)),
    ("cubes", None, None, (colors.PURPLE, colors.GREEN, colors.GREEN, colors.PURPLE)),
)

# The choices a game offers before it starts, in the order they are asked, as
# (option, choices, default): "players" (a number), "board" (choices "seats": which
# seats the board plays, default a list), "level" (1..5), "mode" (a name). The chosen
# values go to App.start_game (players, and options for the rest).
OPTIONS = {}
# Against the board (games/GAME_player.py): which seats it plays (none: people only),
# and how well.
AGAINST_THE_BOARD = (("board", "seats", []), ("level", (1, 2, 3, 4, 5), 3))
OPTIONS["connect4"] = AGAINST_THE_BOARD
OPTIONS["squeeze"] = AGAINST_THE_BOARD
OPTIONS["cubes"] = AGAINST_THE_BOARD


def controller_class(game):
    module = CONTROLLERS.get(game)
    if module is None:
        raise ValueError("no game '%s' on this board (games: %s)" % (game, ", ".join(CONTROLLERS)))
    return __import__(module, None, None, ("Controller",)).Controller
