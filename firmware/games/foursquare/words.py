# Foursquare on the board (games/foursquare/screen.py): the simulator's words for its screen,
# its state (with the stats and the hint's key) and its status line. A board never
# asks, so the controller loads this module only when the simulator does (its `words`).
from app import grid
from app.shared import call_part
from games.base import PLAYING, WON


def turn_text(ctrl):
    st = ctrl.state
    if st.status == PLAYING:
        return "lay the %d (%d cards left in the stock)" % (st.card(), st.stock())
    return "%s, score %d" % ("won" if st.status == WON else "lost", st.score())


def describe(ctrl):
    info = call_part("app.controller_text", "describe", ctrl)
    info["stats"] = dict(ctrl.stats)
    info["hint"] = grid.name(ctrl.hint_cell) if ctrl.hint_cell is not None else None
    return info
