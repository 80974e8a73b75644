# 4 pistes' scores file (the solo's best score): its name, reader and writer, with no
# game loaded: the game's start and end, and the power-up's check of the stored files
# (app/aside.py finds a game's scores.py by its file's name: README "Adding a game").
# Loaded for a call, freed after.
from app import saves

FILE = "pistes_best.json"
WHAT = "4 pistes' best score"  # (the power-up's notice of a damaged file)
BEST_MAX = 40  # 4 * rules.END: four pawns at the end cell (tests/host/test_unreadable_files.py)


def read(data):
    """The best score in a file's JSON `data`, or None."""
    best = data.get("best") if isinstance(data, dict) else None
    return best if isinstance(best, int) and 0 <= best <= BEST_MAX else None


def check(data):
    """Whether the board reads the file's `data` back as its own (app/aside.py)."""
    return isinstance(data, dict) and read(data) == data.get("best")


def load(storage):
    return read(saves.read_json(storage, FILE))


def save(storage, best):
    return saves.write(storage, FILE, '{"best": %d}' % best)
