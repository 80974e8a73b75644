# The board's levels, the same meaning in every game: 1 plays like a beginner (random
# slips, but never misses a win in one); 2 also blocks a loss in one; 3, 4 look further
# ahead; 5 the strongest within the Pico's 2 s budget (Connect Four: exact once small).
# Apart, and small, so that a game of people only checks its setup without loading the
# players: their modules cost kilobytes of a Pico's RAM.
LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 3


def check_level(level):
    """The level (default 3), or ValueError."""
    if level is None:
        return DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError("level must be 1..5, not %r" % (level,))
    return level
