# 4D Squeeze's words for the front-ends (the page's names of the keys: web/keys.py), with
# or without cards, found by this module's name; a board never loads it.


def pieces(ctrl, d, screen, say, piece):
    """(cell, what it shows in words, its mark) of each pawn and pentacle on the board
    (games/squeeze/notation.py's legend: 1, 2 pawns; 3 neutral; 4, 5 a team's pentacle;
    `screen`: the classic screen module, `say`: the page's words, `piece(seat, kind)`)."""
    out = []
    for i, cell in enumerate(screen.BOARD_CELLS):
        what = ctrl.state.board[i]
        if what in (1, 2):
            out.append((cell, piece(what, "pawn"), str(what)))
        elif what in (4, 5):
            out.append((cell, piece(what - 3, "pentacle"), str(what - 3)))
        elif what == 3:
            out.append((cell, say("neutral pentacle"), ""))
    return out
