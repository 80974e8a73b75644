# Settings and the games in progress, kept through the storage driver so that a power
# loss loses nothing: each menu tile keeps its own game (its setup and its moves in
# notation). A file that cannot be read back is set aside whole (app/aside.py), never
# written over; a flash that refuses a write loses only that write (App.saved says so).
import json


SETTINGS_FILE = "settings.json"
DEFAULT_SETTINGS = {"brightness": 25, "match": "loser", "lang": "en"}  # brightness 25 %: the reference board's default (hardware/POWER.md)
MATCH_CHOICES = ("loser", "alternate")  # who starts the next Connect Four game
# A save is a few hundred bytes, a long card game's a few KB (2.5 KB at 322 lines:
# every launch and card is followed by a window's pass); anything far bigger is damage.
MAX_FILE_BYTES = 16384
# What a state's file holds, kept on the state by save_game: (file name, moves in it,
# its length, the last of them). A state made afresh (undo, new game) has none.
SAVED = "saved_file"
UNSAVED_GAME = "the game could not be saved (is the flash full?)"  # (the state's words, App.saved)
# The files the board could not read and could not set aside either (a full flash): it
# never writes over them (write() refuses them as a full flash would).
KEPT = set()

# A game's file is lines: the setup as JSON (its "moves" are [], or all of them in a
# file an older board wrote), then one line per move, each ended by a newline. A move
# played appends its line (storage.append: a save costs the same however long the
# game); the newline is the mark of a complete line, so a power cut in the middle of an
# append leaves a torn last line that is dropped: the game one move back. Anything
# else (the first save of a game resumed, an undo, a new game, a storage without
# append, an append refused) writes the whole file again, atomically. On the Pico's
# littlefs (virtual Pico) an append costs 50-65 ms whatever the file's length (the
# copy of its last 4 KB flash block); the whole file, about 55 ms more every 4 KB.


# Whether a tile's player count is a choice (then it keeps one save, whatever the count),
# by "game" or "game/variant": asked of the catalog once (the menu reads every tile's
# save), so that a game's saves need no catalog, which is freed while a game is played.
_ONE_SAVE = {}


def game_file(game, players, variant=None):
    key = game if variant is None else game + "/" + variant
    if key not in _ONE_SAVE:
        from app import catalog

        _ONE_SAVE[key] = bool(catalog.player_choices(game, variant))
    if _ONE_SAVE[key]:  # the tile's count is a choice: one save
        players = None
    return "game_%s%s%s.json" % (game, "" if players is None else "_%d" % players, "" if variant is None else "_" + variant)


def write(storage, name, text):
    """True if stored; False when the flash refuses (full, worn out), or for a file
    the board keeps as it is (KEPT)."""
    if name in KEPT:
        return False
    try:
        storage.write(name, text)
        return True
    except OSError:
        return False


def read_json(storage, name):
    """The JSON value kept in `name`, or None if it is missing, too big or corrupt
    (any error: a damaged file must never stop the board, even one that exhausts the
    parser's memory or recursion)."""
    try:
        text = storage.read(name)
        if text is None or len(text) > MAX_FILE_BYTES:
            return None
        return json.loads(text)
    except Exception:
        return None


def save_settings(storage, settings):
    return write(storage, SETTINGS_FILE, json.dumps(settings))


def save_game(storage, setup, state):
    name = game_file(setup["game"], setup.get("players"), setup.get("variant"))
    history = state.history
    mark = getattr(state, SAVED, None)
    if (mark is not None and mark[0] == name and len(history) == mark[1] + 1 and (not mark[1] or history[-2] == mark[3])
            and hasattr(storage, "append")):
        line = state.format_move(history[-1]) + "\n"
        if mark[2] + len(line) <= MAX_FILE_BYTES:
            setattr(state, SAVED, None)  # until the line is in: a failed append leaves it torn
            try:
                storage.append(name, line)
                setattr(state, SAVED, (name, len(history), mark[2] + len(line), history[-1]))
                return True
            except OSError:
                pass  # the whole file, written again, drops the torn line
    setattr(state, SAVED, None)
    data = dict(setup)
    data["moves"] = []
    parts = [json.dumps(data)]
    for move in history:
        parts.append(state.format_move(move))
    parts.append("")
    text = "\n".join(parts)
    parts = None
    if len(text) > MAX_FILE_BYTES:
        return False  # it would not be read back: the last save that would be stays
    if not write(storage, name, text):
        return False
    setattr(state, SAVED, (name, len(history), len(text), history[-1] if history else None))
    return True
