# Reading the saves back (app/saves.py writes them): the settings at boot, and a tile's
# saved game, which only the menu reads (to show it, to resume it). Its own module: a
# game only writes its save, so this is freed while a game is played (RAM on a Pico).
# A file that cannot be read back, or is not a well-formed save of its tile, is no save:
# it is set aside whole, with the board's notice, so that nothing writes over it
# (app/aside.py: at power-up, and when the menu or a tile's setup reads a tile's save).
import json

from app import catalog
from app.saves import DEFAULT_SETTINGS, MATCH_CHOICES, MAX_FILE_BYTES, SETTINGS_FILE, game_file, read_json


def load_settings(storage):
    settings = dict(DEFAULT_SETTINGS)
    saved = read_json(storage, SETTINGS_FILE)
    if isinstance(saved, dict):
        b = saved.get("brightness")
        if isinstance(b, int) and 0 <= b <= 100:
            settings["brightness"] = b
        if saved.get("match") in MATCH_CHOICES:
            settings["match"] = saved["match"]
        if saved.get("lang") in catalog.LANGS:
            settings["lang"] = saved["lang"]
        levels = saved.get("levels")
        if isinstance(levels, dict):  # (a bad entry is dropped: its game's default)
            settings["levels"] = dict((g, v) for g, v in levels.items() if isinstance(v, int) and 1 <= v <= 5)
    return settings


def _optional(value, kind):
    return value is None or isinstance(value, kind)


def load_game(storage, game, players, variant=None):
    """(setup, move texts) of the saved game of that tile, None if there is none, or
    False if its file is not a well-formed save of it (damaged: the menu sets it aside)."""
    try:
        text = storage.read(game_file(game, players, variant))
        if text is None:
            return None
        if len(text) > MAX_FILE_BYTES:
            return False
        lines = text.split("\n")
        text = None
        data = json.loads(lines[0])
    except Exception:  # as read_json: damage of any kind is no save
        return False
    if not isinstance(data, dict) or "moves" not in data:
        return False
    moves = data.pop("moves")
    well_formed = (
        data.get("game") == game
        and (data.get("players") == players or players is None and type(data.get("players")) is int
             and data["players"] in catalog.player_choices(game, variant))
        and data.get("variant") == variant
        and _optional(data.get("seed"), int)
        and _optional(data.get("swap"), bool)
        and isinstance(moves, list)
        and all(isinstance(m, str) for m in moves)
    )
    if not well_formed:
        return False
    # the lines after the setup's, less the last piece: "" after the last newline, or
    # a line torn by a power cut (none in a file of an older board: one line, no newline)
    moves.extend(lines[1:-1])
    return data, moves
