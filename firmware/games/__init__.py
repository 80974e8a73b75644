# The games: one package per game (games/GAME/: its rules, screen, player, ...), and
# what they share beside them. A game's modules are imported only when it is played
# (RAM on a Pico).
GAMES = ("connect4", "squeeze", "cubes", "foursquare", "pistes")


def part(game, name):
    """The module name of a game's part: part("connect4", "rules") is games.connect4.rules."""
    return "games.%s.%s" % (game, name)


def load(game, name="rules"):
    """A game's part (its rules by default), imported now."""
    if game not in GAMES:
        raise ValueError("unknown game '%s' (games: %s)" % (game, ", ".join(GAMES)))
    return __import__(part(game, name), None, None, (name,))
