# 4 pistes on the board (games/pistes/screen.py): the simulator's words (its state, its status
# line), kept apart so that a Pico playing the game does not hold them in RAM; the
# controller loads this module when the simulator asks, and frees it after.
from app import grid
from app.controller import GameController
from app.controller_text import colour_name
from games.pistes import rules
from games.base import PLAYING


def describe(ctrl):
    """The simulator's state of the game: the common fields, the board's seats, the
    solo's best score."""
    info = GameController.describe(ctrl)
    info["board_seats"] = list(ctrl.seats)
    if ctrl.state.players == 1:
        info["best"] = ctrl.best
    return info


def turn_text(ctrl):
    """Whose turn and what to press now (the status line); at the end, the scores."""
    st = ctrl.state
    if st.status != PLAYING:
        if st.players == 1 and st.scores:  # the solo: a score, not a winner
            return "out: a pawn is still on its start cell" if st.eliminated[0] else "score %d" % st.scores[0]
        text = GameController.turn_text(ctrl)
        if st.scores:
            text += " (%s)" % ", ".join("%s %s" % (colour_name(ctrl, p + 1), "out" if st.eliminated[p] else st.scores[p])
                                    for p in range(st.players))
        return text
    who = colour_name(ctrl, st.to_move)
    if st.to_move in ctrl.seats:
        return "%s (the board) to move" % who
    if st.phase == rules.TO_ROLL:
        return "%s to roll" % who
    if st.phase == rules.TO_CHOOSE:
        if st.pending == rules.BACK:
            return "%s: press a blinking pawn to send it 2 cells back" % who
        return "%s: press a glowing track for the %s" % (who, "joker" if st.pending == rules.JOKER else "four 6s")
    if rules.ROLL in st.legal_texts():
        return "%s: press dice to set them aside, roll again or stop" % who
    return "%s: stop, or take back a die set aside" % who


def axis_labels(ctrl, roll_cells, stop_cell):
    """The grid's own a..l and 1..12, the keys of column a named by what they do (the
    status line says "roll again or stop": the labels say where). The keys: the
    screen's (this module never imports it: it is the screen's part)."""
    top, bottom, left, right = GameController.axis_labels(ctrl)
    left = list(left)
    for cell in roll_cells:
        left[grid.row_col(cell)[0]] = "roll"
    left[grid.row_col(stop_cell)[0]] = "stop"
    return top, bottom, left, right


def pieces(ctrl, d, screen, say, piece):
    """(cell, what it shows in words, its mark) of the pawns and the dice, for the page's
    names of the keys (web/keys.py: `screen`, the game's screen module; `say`, the
    page's words; `piece(seat, kind)`)."""
    DIE_CELLS = screen.DIE_CELLS
    st = ctrl.state
    out = []
    for track in range(4):
        for player in range(st.players):
            out.append((ctrl.place(track, player), piece(player + 1, "pawn"), str(player + 1)))
    dice = d.get("dice")
    for die in range(len(DIE_CELLS)):
        if not dice or not dice[die]:
            continue
        what = say("die %d shows %d" % (die + 1, dice[die]))
        if d["aside"][die]:
            what += ", " + say("set aside")
        cells = DIE_CELLS[die]
        for cell in cells:
            out.append((cell, what, str(dice[die]) if cell == cells[4] else ""))  # (the face's number on the middle key)
    return out


def numbers(ctrl, d, screen):
    """[(number, its keys)] of the dice drawn (this turn's, else the last turn's): a
    terminal writes each on its face's middle key (sim/terminal.py)."""
    dice = d["dice"] if d["rolls_left"] < rules.ROLLS else d["last_dice"]
    return [(face, cells) for face, cells in zip(dice or (), screen.DIE_CELLS)]
