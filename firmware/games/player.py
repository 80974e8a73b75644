# What the board's players share: the levels, loading a game's player module, and
# driving a player's search. A player module (games/GAME_player.py) is pure like the
# rules: no I/O, no clock, randomness only from a passed games.rng.Rng. Its
# think(state, level, rng) is a generator: each next() does a bounded slice of work
# (a few hundred nodes at most), and it returns the move it plays. So the app can
# advance it a few milliseconds per loop step and the keys never wait.
#
# The levels (the same meaning in every game):
#   1  plays like a beginner: random slips, but never misses a win in one;
#   2  also blocks a loss in one, looks one move ahead;
#   3, 4  look further ahead;
#   5  the strongest within the Pico's 2 s budget (Connect Four: exact once small).
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


def load_player(game):
    """The player module of `game`, imported now (unload it after: RAM on a Pico)."""
    if game not in PLAYER_GAMES:
        raise ValueError("the board does not play %s" % game)
    return __import__("games.%s_player" % game, None, None, ("think",))


def finish(search):
    """Runs a think() generator to its end; returns its move (host tools, tests)."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def choose(rng, items):
    return items[rng.below(len(items))]


def pick(rng, level, best, safe, slips):
    """The move a level plays: `best`, or, with probability slips[level - 1] in 100, a
    random one of `safe` (the moves it considers; level 1: any move)."""
    if safe and rng is not None and rng.below(100) < slips[level - 1]:
        return choose(rng, safe)
    return best
