# What a game's controller (app/controller.py) runs only as a game starts: its setup
# checked (the seats the board plays, its level). Loaded then and unloaded after, so
# that a game in play does not hold it.
from app.shared import unload
from games.levels import check_level


def check_board(setup, level_player):
    """(the seats the board plays, its level) from setup["board"] and setup["level"];
    ValueError for a bad value, or for seats in a game the board does not play
    (`level_player`: its screen says the board plays it by levels)."""
    seats = setup.get("board") or []
    level = check_level(setup.get("level"))
    if not isinstance(seats, (list, tuple)):
        raise ValueError("board must be a list of seats, not %r" % (seats,))
    if seats:
        players = setup.get("players") or 2
        if not level_player or players != 2:
            raise ValueError("the board does not play %s with %d players" % (setup["game"], players))
        for seat in seats:
            if seat not in range(1, players + 1) or list(seats).count(seat) > 1:
                raise ValueError("board seats must be distinct numbers 1..%d, not %r" % (players, seats))
    else:  # people only: the players' code is freed (RAM) until a hint needs it
        unload("games.search")
    return list(seats), level
