# Loading a game's board player by the game's name: apart from games/search.py, which
# every player imports, so that no player imports back the module that loads it.
import gc


def load_player(game):
    """The player module of `game` (games/GAME/player.py, whose think() plays by levels),
    imported now (unload it after: RAM on a Pico); ValueError for a game it does not play."""
    name = "games.%s.player" % game
    gc.collect()  # (a Pico: the player's native code needs one long free block)
    try:
        player = __import__(name, None, None, ("think",))
    except ImportError as e:
        if name not in str(e):  # (an import the player itself could not make)
            raise
        player = None
    if not hasattr(player, "think"):
        raise ValueError("the board does not play %s" % game)
    return player
