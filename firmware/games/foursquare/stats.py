# Foursquare's stats (games/foursquare/screen.py): the games played and won and the best
# score, kept across power cycles in their own file, read as a game starts: loaded
# for that and unloaded after, so that a game in play does not hold this code.
from app import saves
from app.shared import unload


def load_stats(storage):
    """{"played", "won", "best"} kept across power cycles; none (zeros) when the file
    is missing or damaged."""
    from app.score_files import stats_from

    stats = stats_from(saves.read_json(storage, saves.STATS_FILE))
    unload("app.score_files")
    return stats or {"played": 0, "won": 0, "best": None}

