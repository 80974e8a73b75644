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
    info["undo"] = False  # l1 undoes nothing (the deal is fixed): no caption offers it
    return info


def pieces(ctrl, d, screen, say, piece):
    """(cell, what it shows in words, its mark) of each pile of the window, for the page's
    names of the keys (web/keys.py: `screen`, the game's screen module; `say`, its words)."""
    st = ctrl.state
    out = []
    for i, cell in enumerate(screen.WINDOW_CELLS):
        height = st.height[i]
        if not height:
            continue
        if st.up[i]:
            what, mark = say("card %d" % st.top[i]), str(st.top[i])
        else:
            what, mark = say("a face-down card"), ""
        if height > 1:
            what += " (%s)" % say("%d cards" % height)
        out.append((cell, what, mark))
    return out
