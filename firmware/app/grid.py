# Geometry of the 12 x 12 board: cell numbers, names, the ring, the play area and
# the four corner keys. A cell is row * 12 + column; "a1" is the top-left cell.
from compat import const

SIZE = const(12)
CELLS = const(144)

# Corner keys (system functions, the same in every game).
MENU = const(0)  # a1: hold to go back to the menu
UNDO = const(11)  # l1: undo the last move
HINT = const(132)  # a12: the strongest move's keys blink over the legal moves' (steady)
NEW = const(143)  # l12: hold to start a new game
CORNERS = (MENU, UNDO, HINT, NEW)


def cell(row, col):
    return row * SIZE + col


def row_col(c):
    return c // SIZE, c % SIZE


def name(c):
    from games.base import cell_name  # (loaded with a game: the menu runs without it)

    return cell_name(c % SIZE, c // SIZE)


def parse(text):
    """'a1'..'l12' -> cell; ValueError for anything else."""
    from games.base import parse_cell

    col, row = parse_cell(text, SIZE, SIZE)
    return cell(row, col)


def ring_cells():
    """The 44 ring cells clockwise from a1 (corners included)."""
    top = [cell(0, c) for c in range(SIZE)]
    right = [cell(r, SIZE - 1) for r in range(1, SIZE)]
    bottom = [cell(SIZE - 1, c) for c in range(SIZE - 2, -1, -1)]
    left = [cell(r, 0) for r in range(SIZE - 2, 0, -1)]
    return top + right + bottom + left


RING = bytes(ring_cells())  # the same, made once: screens that draw the ring every frame


def area_origin(width, height):
    """Top-left (row, col) that centres a width x height board in the 10 x 10 play
    area (rounded towards the top-left)."""
    return 1 + (10 - height) // 2, 1 + (10 - width) // 2


def window_move(cell, top, left, size):
    """The index (row * size + col) of `cell` in the size x size window whose top-left
    cell is (top, left), or None outside it (a board game's cell notation)."""
    row, col = row_col(cell)
    row, col = row - top, col - left
    if 0 <= row < size and 0 <= col < size:
        return row * size + col
    return None

