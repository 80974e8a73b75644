# The games: one package per game (games/GAME/: its rules, screen, player, ...), and
# what they share beside them. A game's modules are imported only when it is played
# (RAM on a Pico).
GAMES = ("connect4", "squeeze", "cubes", "foursquare", "pistes")


def part(game, name):
    """The module name of a game's part: part("connect4", "rules") is games.connect4.rules."""
    return "games.%s.%s" % (game, name)


def load(game, variant=None):
    """A game's rules, imported now: those of its `variant` when the variant has rules
    of its own (games/GAME/VARIANT.py, like Squeeze's cards), else games/GAME/rules.py."""
    if game not in GAMES:
        raise ValueError("unknown game '%s' (games: %s)" % (game, ", ".join(GAMES)))
    if variant not in (None, "classic"):
        name = part(game, variant)
        try:
            return __import__(name, None, None, (variant,))
        except ImportError as e:
            if name not in str(e):  # (an import the variant's module itself could not make)
                raise
    return __import__(part(game, "rules"), None, None, ("rules",))
