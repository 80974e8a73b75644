# 4 pistes on the board (games/pistes/screen.py): what only the start of a game needs (the
# board's seats checked), loaded then and freed at once: a Pico does not hold it while
# the game is played.


def check_seats(seats, players):
    """The seats the board plays (a list of 1-based seats), or ValueError."""
    if seats is None:
        return []
    if not isinstance(seats, (list, tuple)) or not all(isinstance(s, int) for s in seats):
        raise ValueError("board seats must be a list of seat numbers, not %r" % (seats,))
    for s in seats:
        if not 1 <= s <= players:
            raise ValueError("there is no seat %d for the board (seats 1..%d)" % (s, players))
    if len(set(seats)) != len(seats):
        raise ValueError("a seat is named twice: %r" % (seats,))
    return list(seats)

