# The board's levels (games/search.py says what they mean). Apart, and small, so that
# a game of people only checks its setup without loading the players: their modules
# cost kilobytes of a Pico's RAM.
LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 3


def check_level(level):
    """The level (default 3), or ValueError."""
    if level is None:
        return DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError("level must be 1..5, not %r" % (level,))
    return level
