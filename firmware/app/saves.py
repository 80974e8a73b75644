# Settings and the game in progress, kept through the storage driver so that a power
# loss loses nothing. A save is the game's setup plus its moves in notation; a file
# that cannot be read back is treated as absent, never as a crash.
import json

GAME_FILE = "game.json"
SETTINGS_FILE = "settings.json"
DEFAULT_SETTINGS = {"brightness": 25, "match": "loser"}  # HARDWARE.md: brightness 25 %
MATCH_CHOICES = ("loser", "alternate")  # who starts the next Connect Four game


def load_settings(storage):
    settings = dict(DEFAULT_SETTINGS)
    try:
        saved = json.loads(storage.read(SETTINGS_FILE) or "{}")
        b = saved.get("brightness")
        if isinstance(b, int) and 0 <= b <= 100:
            settings["brightness"] = b
        if saved.get("match") in MATCH_CHOICES:
            settings["match"] = saved["match"]
    except (ValueError, AttributeError, TypeError):
        pass  # corrupt settings: keep the defaults
    return settings


def save_settings(storage, settings):
    storage.write(SETTINGS_FILE, json.dumps(settings))


def save_game(storage, setup, state):
    data = dict(setup)
    data["moves"] = [state.format_move(m) for m in state.history]
    storage.write(GAME_FILE, json.dumps(data))


def load_game(storage):
    """(setup, move texts) of the saved game, or None if there is none or it is corrupt."""
    try:
        data = json.loads(storage.read(GAME_FILE) or "null")
        moves = data.pop("moves")
        if not isinstance(data.get("game"), str) or not isinstance(moves, list):
            return None
        return data, moves
    except (ValueError, AttributeError, TypeError, KeyError):
        return None


def clear_game(storage):
    storage.remove(GAME_FILE)
