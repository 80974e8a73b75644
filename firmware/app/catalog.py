# The games the board offers, a line each: everything else about a game is found in
# its folder by the names its modules have (games/GAME/rules.py, screen.py, player.py:
# README "Adding a game"). The menu's, and freed while a game is played.
from app import colors
from app.colors import BLUE, FRAME_BLUE, GREEN, OFF, ORANGE, PURPLE, RED, WHITE, YELLOW

# The choices a tile's game asks before it starts, in the order they are asked, as
# (option, choices, default): "players" (a number), "board" (choices "seats": which
# seats the board plays, default a list), "level" (1..5), "mode" (a name). The chosen
# values go to App.start_game (players, and options for the rest).
# Against the board (its screen's `level_player`, games/GAME/player.py): which seats it
# plays (none: people only), and how well.
AGAINST_THE_BOARD = (("board", "seats", []), ("level", (1, 2, 3, 4, 5), 3))

# (the game's folder under games/, its name in each language of LANGS, its menu
# tiles: (place in the menu 0..8, three a row; players, or None for the game's usual
# count; variant or None; the tile's 4 colours: top-left, top-right, bottom-left,
# bottom-right; its choices); and if its tiles have variants, each variant's name in each
# language: (variant, names...)). The 4 colours are the game's pictogram, different for
# every tile (a tile for more than 2 players shows the turn going round: app/tiles.py).
LANGS = ("en", "fr")  # the languages of the games' names (and of the menu's setting)
GAMES = (
    # discs at the bottom of the blue frame
    ("connect4", ("Connect Four", "Puissance 4"),
     ((0, None, None, (FRAME_BLUE, FRAME_BLUE, YELLOW, RED), AGAINST_THE_BOARD),)),
    # the start: yellow and blue pawns crossed at the centre; two teams of two (the board
    # plays no seat there); with cards, where "cards" = the players hold real cards (the
    # board trusts them about hands), "deal" = the board deals and keeps the hands
    ("squeeze", ("4D Squeeze", "4D Squeeze"),
     ((1, None, None, (YELLOW, BLUE, BLUE, YELLOW), AGAINST_THE_BOARD),
      (2, 4, None, (YELLOW, BLUE, BLUE, YELLOW), ()),
      (6, None, "cards", (YELLOW, PURPLE, BLUE, ORANGE), (("mode", ("cards", "deal"), "cards"),)),
      (7, 4, "cards", (YELLOW, BLUE, ORANGE, PURPLE), (("mode", ("cards", "deal"), "cards"),))),
     (("cards", "cards", "cartes"),)),
    # a purple and a green cube, and the glow where the next one may go
    ("cubes", ("Cubes 7x7", "Cubes 7x7"),
     ((3, None, None, (PURPLE, GREEN, OFF, colors.scale(PURPLE, 1, 4)), AGAINST_THE_BOARD),)),
    # cards: a red and a blue face-up pile, two white face-down ones
    ("foursquare", ("Foursquare", "Foursquare"),
     ((4, None, None, (RED, WHITE, WHITE, BLUE), ()),)),
    # the four tracks' colours: the pawns of four players; the board's seats first, on the
    # left column as in every game the board plays (the player count on the right)
    ("pistes", ("4 pistes", "4 pistes"),
     ((5, None, None, (YELLOW, RED, BLUE, GREEN), (("board", "seats", []), ("players", (1, 2, 3, 4, 5, 6), 2))),)),
)


def _tiles():
    """TILES, from GAMES: (game, players, variant, the 4 colours, its choices) of each
    tile, in menu order."""
    count = sum(len(game[2]) for game in GAMES)
    tiles = [None] * count
    for game in GAMES:
        for place, players, variant, looks, choices in game[2]:
            if not 0 <= place < count or tiles[place] is not None or count > 9:
                raise ValueError("the tiles' places must be 0..%d, each once (at most 9)" % (count - 1))
            tiles[place] = (game[0], players, variant, looks, choices)
    return tuple(tiles)


TILES = _tiles()
_tiles = None  # (made once: its code is not kept)


def game_ids():
    """Every game's id (its folder's name), in GAMES' order."""
    return tuple(game[0] for game in GAMES)


def names(lang="en"):
    """The words of the games' names in `lang` (app/names_LANG.py: "with", "N players"):
    only the chosen language's words are loaded."""
    return __import__("app.names_" + lang, None, None, ("WITH",))


def game_name(game, variant=None, lang="en"):
    """The game as people call it: 'Connect Four', '4D Squeeze with cards' ('Puissance 4',
    '4D Squeeze avec cartes' in French); an unknown game, its id."""
    name, i = game, LANGS.index(lang)
    for entry in GAMES:
        if entry[0] == game:
            name = entry[1][i]
            if variant:  # "4D Squeeze with cards", as the rules book says
                said = variant
                for v in entry[3] if len(entry) > 3 else ():
                    if v[0] == variant:
                        said = v[1 + i]
                name += names(lang).WITH + said
    return name


def tile_name(index, lang="en"):
    """The tile's game as people call it: 'Connect Four', '4D Squeeze with cards 4 players'."""
    game, players, variant = TILES[index][:3]
    name = game_name(game, variant, lang)
    if players:
        name += names(lang).PLAYERS % players
    return name


def tile_options(index):
    """The choices the tile's game asks before it starts (a tuple, maybe empty)."""
    return TILES[index][4]


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
                         % (game_name(game), variant, ", ".join(variants)))
    for count, i in counts:
        if count == players:
            return i
    for count, i in counts:
        if count is None:
            return i
    raise ValueError("%s has no tile for %s players" % (game_name(game), players))


def player_choices(game, variant=None):
    """The player counts the game's tile offers on its setup screen, or () when the
    tile's count is fixed (one save keeps whichever count was chosen: app/saves.py)."""
    for tile in TILES:
        if tile[0] == game and tile[2] == variant and tile[1] is None:  # (its usual tile, not a fixed count's)
            for option in tile[4]:
                if option[0] == "players":
                    return option[1]
    return ()
