# What the menu offers: the controller of each game, and the menu's tiles (one per
# game and player count, in menu order). A game is listed once its rules module
# (games/) and its controller (games/GAME/screen.py) exist.
from app import colors

CONTROLLERS = {
    "connect4": "games.connect4.screen",
    "squeeze": "games.squeeze.screen",
    "cubes": "games.cubes.screen",
    "foursquare": "games.foursquare.screen",
    "pistes": "games.pistes.screen",
}

# (game, players or None for the game's default, variant or None, the tile's 4
# colours: top-left, top-right, bottom-left, bottom-right). At most 9 tiles. The 4
# colours are the game's pictogram, different for every tile (a tile for more than 2
# players shows the turn going round the table: app/menu.py).
TILES = (
    # discs at the bottom of the blue frame
    ("connect4", None, None, (colors.FRAME_BLUE, colors.FRAME_BLUE, colors.YELLOW, colors.RED)),
    # the start: yellow and blue pawns crossed at the centre
    ("squeeze", None, None, (colors.YELLOW, colors.BLUE, colors.BLUE, colors.YELLOW)),
    ("squeeze", 4, None, (colors.YELLOW, colors.BLUE, colors.BLUE, colors.YELLOW)),  # the turn goes round
    # a purple and a green cube, and the glow where the next one may go
    ("cubes", None, None, (colors.PURPLE, colors.GREEN, colors.OFF, colors.scale(colors.PURPLE, 1, 4))),
    # cards: a red and a blue face-up pile, two white face-down ones
    ("foursquare", None, None, (colors.RED, colors.WHITE, colors.WHITE, colors.BLUE)),
    # the four tracks' colours: the pawns of four players
    ("pistes", None, None, (colors.YELLOW, colors.RED, colors.BLUE, colors.GREEN)),
    ("squeeze", None, "cards", (colors.YELLOW, colors.PURPLE, colors.BLUE, colors.ORANGE)),
    ("squeeze", 4, "cards", (colors.YELLOW, colors.BLUE, colors.ORANGE, colors.PURPLE)),
)

# The choices a game offers before it starts, in the order they are asked, as
# (option, choices, default): "players" (a number), "board" (choices "seats": which
# seats the board plays, default a list), "level" (1..5), "mode" (a name). The chosen
# values go to App.start_game (players, and options for the rest).
OPTIONS = {}
# Against the board (games/GAME/player.py): which seats it plays (none: people only),
# and how well.
AGAINST_THE_BOARD = (("board", "seats", []), ("level", (1, 2, 3, 4, 5), 3))
OPTIONS["connect4"] = AGAINST_THE_BOARD
OPTIONS["squeeze"] = AGAINST_THE_BOARD
OPTIONS["cubes"] = AGAINST_THE_BOARD
OPTIONS["squeeze/4"] = ()  # two teams of two: the board plays no seat there
OPTIONS["pistes"] = (("players", (1, 2, 3, 4, 5, 6), 2), ("board", "seats", []))

# 4D Squeeze with cards: "cards" = the players hold real cards (the board trusts them
# about hands), "deal" = the board deals and keeps the hands (keyed by game/variant).
OPTIONS["squeeze/cards"] = (("mode", ("cards", "deal"), "cards"),)

# A variant with its own controller module: (game, variant) -> module.
VARIANT_CONTROLLERS = {("squeeze", "cards"): "games.squeeze.cards_screen"}


def names(lang="en"):
    """The games' names in `lang` (app/names_LANG.py): only the chosen language's
    words are loaded (the menu's language setting, saves.LANGS)."""
    return __import__("app.names_" + lang, None, None, ("NAMES",))


def tile_name(index, lang="en"):
    """The tile's game as people call it: 'Connect Four', '4D Squeeze with cards 4 players'
    ('Puissance 4', '4D Squeeze avec cartes 4 joueurs' in French)."""
    game, players, variant = TILES[index][:3]
    words = names(lang)
    name = words.NAMES.get(game, game)
    if variant:
        name += words.WITH + words.VARIANTS.get(variant, variant)  # "4D Squeeze with cards", as the rules book says
    if players:
        name += words.PLAYERS % players
    return name


def tile_options(index):
    """The choices the tile's game asks before it starts: OPTIONS["GAME/VARIANT"] for
    a variant's tile, OPTIONS["GAME/PLAYERS"] for a player count's, if there is one,
    else OPTIONS["GAME"] (a tuple, maybe empty)."""
    game, players, variant = TILES[index][:3]
    for key in (variant and game + "/" + variant, players and "%s/%d" % (game, players)):
        if key and key in OPTIONS:
            return OPTIONS[key]
    return OPTIONS.get(game, ())


def tile_of(game, players, variant):
    """The index of the menu tile that plays (and keeps the save of) this game, player
    count and variant; ValueError, saying what the board has, when no tile does. A count
    that is the game's usual one (a tile with no count of its own) finds that tile too:
    the rules refuse a count the game does not have."""
    counts = [(tile[1], i) for i, tile in enumerate(TILES) if tile[0] == game and tile[2] == variant]
    if not counts:
        variants = ["classic"]  # each once (a variant may have a tile per player count)
        for t in TILES:
            if t[0] == game and t[2] and t[2] not in variants:
                variants.append(t[2])
        raise ValueError("%s has no variant '%s' on this board (variants: %s)"
                         % (names().NAMES.get(game, game), variant, ", ".join(variants)))
    for count, i in counts:
        if count == players:
            return i
    for count, i in counts:
        if count is None:
            return i
    raise ValueError("%s has no tile for %s players" % (names().NAMES.get(game, game), players))


# What a game's start (or resume) loads beyond its controller's own imports: the
# common parts first, then these, loaded ahead while its setup screen waits (app/setup.py).
START_PARTS = ("games.rng", "games.base", "app.controller", "games.levels", "app.controller_start")
GAME_PARTS = {"foursquare": ("games.foursquare.stats",), "pistes": ("games.pistes.start", "games.pistes.notation")}


# What a game's rules make once, at its first state, and keep (game -> the rules'
# function): made ahead too, for a new game's start press (Squeeze's start position,
# ~12 ms on a Pico).
START_AHEAD = {"squeeze": "start_position"}


def start_ahead(game):
    """Work ahead (app/setup.py): what the game's first state makes once (START_AHEAD)."""
    name = START_AHEAD.get(game)
    if name is not None:
        getattr(__import__("games.%s.rules" % game, None, None, (name,)), name)()


def start_modules(game, variant=None):
    """The modules a game of this tile loads as it starts, in an order where each one's
    own imports are loaded before it (the rules, then the controller)."""
    module = VARIANT_CONTROLLERS.get((game, variant), CONTROLLERS[game])
    return START_PARTS + GAME_PARTS.get(game, ()) + ("games.%s.rules" % game, module)


def controller_class(game, variant=None):
    module = CONTROLLERS.get(game)
    if module is None:
        raise ValueError("no game '%s' on this board (games: %s)" % (game, ", ".join(CONTROLLERS)))
    module = VARIANT_CONTROLLERS.get((game, variant), module)
    return __import__(module, None, None, ("Controller",)).Controller


def player_choices(game, variant=None):
    """The player counts the game's tile offers on its setup screen, or () when the
    tile's count is fixed (one save keeps whichever count was chosen: app/saves.py)."""
    options = OPTIONS.get(game + "/" + variant, ()) if variant else ()
    for option in options or OPTIONS.get(game, ()):
        if option[0] == "players":
            return option[1]
    return ()
