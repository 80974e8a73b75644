# The games: one package per game (games/GAME/: its rules, screen, player, ...), and
# what they share beside them; app/catalog.py lists them for the menu. A game's modules
# are imported only when it is played (RAM on a Pico).


def part(game, name):
    """The module name of a game's part: part("connect4", "rules") is games.connect4.rules."""
    return "games.%s.%s" % (game, name)


def _missing(error, *modules):
    """Whether ImportError `error` says one of `modules` is not there (not an import it made)."""
    text = str(error)
    return any("'%s'" % m in text for m in modules)


def load(game, variant=None):
    """A game's rules, imported now: those of its `variant` when the variant has rules
    of its own (games/GAME/VARIANT.py, like Squeeze's cards), else games/GAME/rules.py;
    ValueError for a game the board does not have."""
    if variant not in (None, "classic"):
        name = part(game, variant)
        try:
            return __import__(name, None, None, (variant,))
        except ImportError as e:
            if not _missing(e, name):
                raise
    name = part(game, "rules")
    try:
        return __import__(name, None, None, ("rules",))
    except ImportError as e:
        if not _missing(e, name, "games." + game):
            raise
    raise ValueError("unknown game '%s'" % game)
