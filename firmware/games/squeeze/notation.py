# 4D Squeeze (games/squeeze/rules.py): what the referee, the tests and a save's replay ask of
# a state and the board's play never does: the notation's parsing (the board reads
# lines only to resume a save), the text board (rows).
# Kept apart so that a Pico playing does not hold it in RAM: SqueezeState loads it
# when asked, the controllers unload it after a save's replay and with the game.
from games.base import is_number, parse_cell
from games.squeeze.board import HALF, SIDES, SIZE, N, S

# rows() legend: pawns Y/B, neutral pentacle *, pentacles made y/b, o an empty cell a
# launch reaches now, . any other empty cell; | and --- are the medians.
CHARS = ".YB*yb"
REACHABLE = "o"


def parse_launch(text):
    """'W-3', 'n-c' -> launch number; ValueError if it is not a launch."""
    t = text.strip()
    if len(t) < 3 or t[1] != "-" or t[0].upper() not in SIDES:
        raise ValueError("'%s' is not a launch (like W-3, E-10, N-c, S-j)" % text)
    side = SIDES.index(t[0].upper())
    line = t[2:].strip().lower()
    if side in (N, S):
        if len(line) != 1 or not "a" <= line <= "j":
            raise ValueError("'%s': a %s launch names a column a..j (like %s-c)" % (text, SIDES[side], SIDES[side]))
        return side * 10 + ord(line) - ord("a")
    if not is_number(line) or not 1 <= int(line) <= SIZE:
        raise ValueError("'%s': a %s launch names a row 1..10 (like %s-3)" % (text, SIDES[side], SIDES[side]))
    return side * 10 + int(line) - 1


def parse_move(st, text):
    """A launch ('W-3') or an arrival cell ('d3'): st.move_to(cell) for a cell."""
    if not isinstance(text, str):
        raise ValueError("a move is text like W-3, N-c or d3")
    t = text.strip()
    if len(t) >= 2 and t[1] == "-":
        return parse_launch(t)
    try:
        col, row = parse_cell(t, SIZE, SIZE)
    except ValueError:
        raise ValueError("'%s' is neither a launch (like W-3, N-c) nor a cell (a1..j10)" % text)
    return st.move_to(row * SIZE + col)


def char(st, cell, marks=None):
    """The cell's letter in the rows() legend."""
    if marks is not None and marks[cell]:
        return REACHABLE
    return CHARS[st.board[cell]]


def rows(st):
    marks = st.reachable()
    out = ["    a b c d e   f g h i j"]
    for r in range(SIZE):
        cells = [char(st, r * SIZE + c, marks) for c in range(SIZE)]
        out.append("%3d %s | %s" % (r + 1, " ".join(cells[:HALF]), " ".join(cells[HALF:])))
        if r == HALF - 1:
            out.append("    " + "-" * 21)
    return out

