# What the simulator asks of a game's screen (app/controller.py): its state, its
# status line, its margin labels. A board never asks, so these words are kept apart:
# the controller loads this module for each question and unloads it after.
import sys

from app import grid
from app.saves import UNSAVED_GAME
from app.shared import call_part, unload
from games.base import DRAW, PLAYING

# The words of the controller's own refusals, by the name it gives refuse().
REFUSALS = {
    "hold": "hold this key to use it",
    "over": "the game is over: hold the new-game key (bottom-right corner)",
    "thinking": "the board is thinking: wait for its move (or undo yours)",
    "unsaved": UNSAVED_GAME,
    "no undo": "nothing to undo",
}


def error_text(ctrl):
    """Why the last press was refused, in words (see GameController.refuse)."""
    error = ctrl.error
    if isinstance(error, tuple):  # (words, value): put together here, not in the press's light
        error = error[0] % error[1]
    if error == "no move":  # a key that plays nothing: the one refused
        error = "%s plays no move" % (ctrl.label(ctrl.flash_cells[0]) or "a key off the board")
        if ctrl.where_to_press:
            error += ": " + ctrl.where_to_press
    return REFUSALS.get(error, error)


def label(ctrl, cell):
    move = ctrl.move_for_cell(cell)
    return None if move is None else ctrl.state.format_move(move)


def axis_labels(ctrl):
    window = getattr(ctrl, "window", None)  # (a game's board in a window of the grid: its own labels)
    if window is not None:
        return window_labels(*window)
    letters = [chr(ord("a") + i) for i in range(grid.SIZE)]
    numbers = [str(i + 1) for i in range(grid.SIZE)]
    return letters, letters, numbers, numbers


def colour_name(ctrl, index):
    """What people call player `index`'s colour ('yellow'), else 'player N'."""
    from app import colors

    return colors.NAMES.get(ctrl.player_colors[index], "player %d" % index)


def window_labels(top, left, size, rows=True):
    """The simulator's margins for a size x size window at (top, left): its own a.. and
    1.. (top, bottom, left, right), empty elsewhere (`rows` False: none at the side;
    Connect Four's columns are 1..: `rows` None). Here, not in app/grid.py: a board
    never asks (RAM)."""
    cols, side = [""] * grid.SIZE, [""] * grid.SIZE
    for i in range(size):
        cols[left + i] = str(i + 1) if rows is None else chr(ord("a") + i)
        if rows:
            side[top + i] = str(i + 1)
    return cols, cols, side, side


def turn_text(ctrl):
    st = ctrl.state
    if st.status == PLAYING:
        return "%s to move" % colour_name(ctrl, ctrl.mover_colour())
    if st.status == DRAW:
        return "a draw"
    if st.winner is None:
        return "nobody wins"
    return "%s wins" % colour_name(ctrl, st.winner)


def title(ctrl):
    """The game's name in the menu's language ('4D Squeeze with cards'), from the catalog
    (the menu's, freed in a game: loaded for it once a game and language)."""
    lang = ctrl.app.settings["lang"]
    known = getattr(ctrl, "title_words", None)
    if known is None or known[0] != lang:
        loaded = "app.catalog" in sys.modules
        name = call_part("app.catalog", "game_name", ctrl.setup["game"], ctrl.setup.get("variant"), lang)
        if not loaded:  # (as in a game on a board: the menu's catalog stays freed)
            unload("app.catalog")
        known = ctrl.title_words = (lang, name)
    return known[1]


def board_played(ctrl):
    """The last move in the notation when the board played it (a person may not have seen
    where it went), else None."""
    st = ctrl.state
    if not ctrl.board_seats or not st.history or ctrl.seat_after(st.history[:-1]) not in ctrl.board_seats:
        return None
    return st.format_move(st.history[-1])


def describe(ctrl):
    st = ctrl.state
    game = ctrl.setup["game"]
    playing = st.status == PLAYING
    legal = ctrl.described_moves()
    info = {
        "screen": "game",
        "game": game,
        "players": st.players,
        "status": st.status,
        "winner": st.winner,
        "to_move": st.to_move if playing else None,
        "legal": [st.format_move(m) for m in legal],
        "keys": dict((st.format_move(m), grid.name(ctrl.cell_for_move(m))) for m in legal),
        "moves": [st.format_move(m) for m in st.history],
        "error": error_text(ctrl),
        "colors": ["%06x" % c for c in ctrl.player_colors[1:]],  # player 1's first
        "title": title(ctrl),
        "turn": ctrl.turn_text(),
        "board": ctrl.board_seats,
        "level": ctrl.level,
        "thinking": ctrl.think_start is not None and not ctrl.think_for_hint,
        "hint": st.format_move(ctrl.hint_move) if ctrl.hint_move is not None else None,
        "board_played": board_played(ctrl),
    }
    info.update(st.info())
    return info
