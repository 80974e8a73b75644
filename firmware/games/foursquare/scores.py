# Foursquare's scores file (the games played and won, the best score): its name, reader
# and writer, with no game loaded: the game's start and end, and the power-up's check of
# the stored files (app/aside.py finds a game's scores.py by its file's name, which holds
# the game's folder's name: README "Adding a game"). Loaded for a call, freed after.
from app import saves

FILE = "stats_foursquare.json"
WHAT = "Foursquare's scores"  # (the power-up's notice of a damaged file)
DECK = 40  # rules.DECK (tests/host/test_unreadable_files.py holds them equal)


def read(data):
    """The scores {"played", "won", "best"} that a file's JSON `data` holds, or None where
    it holds none the board can use."""
    if not isinstance(data, dict):
        return None
    p, w, b = data.get("played"), data.get("won"), data.get("best")
    ints = all(isinstance(x, int) and not isinstance(x, bool) for x in (p, w))
    if ints and 0 <= w <= p and (b is None or (isinstance(b, int) and 0 <= b < DECK)):
        return {"played": p, "won": w, "best": b}
    return None


def check(data):
    """Whether the board reads the file's `data` back as its own (app/aside.py)."""
    return read(data) is not None


def load(storage):
    """The scores kept across power cycles; none (zeros) when the file is missing or damaged."""
    return read(saves.read_json(storage, FILE)) or {"played": 0, "won": 0, "best": None}


def save(storage, scores):
    import json

    return saves.write(storage, FILE, json.dumps(scores))
