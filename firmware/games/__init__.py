# The rules core: one pure module per game. GAMES lists the games built so far, in
# menu order; load() imports a game's module only when it is played (RAM on a Pico).
GAMES = ("connect4", "squeeze", "cubes", "foursquare", "pistes")


def load(name):
    if name not in GAMES:
        raise ValueError("unknown game '%s' (games: %s)" % (name, ", ".join(GAMES)))
    return __import__("games." + name, None, None, (name,))
