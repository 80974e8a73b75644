# The board's levels and the games it plays as a player (games/search.py says what the
# levels mean). Apart, and small, so that a game of people only checks its setup
# without loading the players: their modules cost kilobytes of a Pico's RAM.
LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 3
PLAYER_GAMES = ("connect4", "squeeze", "cubes")  # the games the board can play


def check_level(level):
    """The level (default 3), or ValueError."""
    if level is None:
        return DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError("level must be 1..5, not %r" % (level,))
    return level
