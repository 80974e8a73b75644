# Foursquare's stats (app/c_foursquare.py): the games played and won and the best
# score, kept across power cycles in their own file, read as a game starts: loaded
# for that and unloaded after, so that a game in play does not hold this code.
from app import saves
from app.c_foursquare import STATS_FILE
from games.foursquare import DECK


def load_stats(storage):
    """{"played", "won", "best"} kept across power cycles; none (zeros) when the file
    is missing or damaged."""
    data = saves.read_json(storage, STATS_FILE)
    stats = {"played": 0, "won": 0, "best": None}
    if isinstance(data, dict):
        p, w, b = data.get("played"), data.get("won"), data.get("best")
        ints = all(isinstance(x, int) and not isinstance(x, bool) for x in (p, w))
        if ints and 0 <= w <= p and (b is None or (isinstance(b, int) and 0 <= b < DECK)):
            stats = {"played": p, "won": w, "best": b}
    return stats

