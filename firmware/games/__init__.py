# The games: one package per game (games/GAME/: its rules, screen, player, ...), and
# what they share beside them; app/catalog.py lists them for the menu. A game's modules
# are imported only when it is played (RAM on a Pico).


def load(game, variant=None):
    """A game's rules, imported now: those of its `variant` when the variant has rules
    of its own (games/GAME/VARIANT.py, like Squeeze's cards), else games/GAME/rules.py;
    ValueError for a game the board does not have."""
    for name in (variant, "rules"):
        if name in (None, "classic"):
            continue
        name = "games.%s.%s" % (game, name)
        try:
            return __import__(name, None, None, ("rules",))
        except ImportError as e:  # only the module itself missing (not one it imports)
            if "'%s'" % name not in str(e) and (name[-6:] != ".rules" or "'games.%s'" % game not in str(e)):
                raise
    raise ValueError("unknown game '%s'" % game)
