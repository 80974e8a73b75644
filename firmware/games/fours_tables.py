# The tables of a player of fours (games/fours.py), worked out when its module is
# imported: every line of four of a board, the lines through each cell, what a piece
# adds to a line's worth. Apart so that its code is freed once the tables are made
# (games.fours.load_tables()): a Pico's RAM.
from array import array


def lines_of_four(columns, rows, index):
    """Every line of 4 cells of a columns x rows board, 4 cell indexes each in one
    bytes (index(column, row) numbers a cell), and the lines through each cell (as
    lines_through())."""
    cells = bytearray()
    for c in range(columns):
        for r in range(rows):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + 3 * dc < columns and 0 <= r + 3 * dr < rows:
                    for i in range(4):
                        cells.append(index(c + i * dc, r + i * dr))
    return (bytes(cells),) + lines_through(cells, columns * rows)


def lines_through(line_cells, count):
    """(through, at): the lines (of line_cells, 4 cells each) through each of `count`
    cells, cell x's at through[at[x]:at[x + 1]]. Two tables, not a bytes a cell: a bytes
    object costs 32 bytes of a Pico's RAM, its dozen lines or not."""
    at = array("H", bytes(2 * count + 2))
    for x in line_cells:  # each cell's count, then where its lines start
        at[x + 1] += 1
    for x in range(count):
        at[x + 1] += at[x]
    through = bytearray(len(line_cells))
    free = array("H", at)  # where each cell's next line goes
    for k in range(len(line_cells)):
        x = line_cells[k]
        through[free[x]] = k // 4
        free[x] += 1
    return bytes(through), at


def line_gains(worth):
    """For games scored by lines of four, each line kept as one byte v (player 1's
    pieces + 8 x player 2's): what a piece of player 1 (and of player 2) adds to the
    score, player 1's view, of a line with byte v. A line holding both colours is
    worth nothing, a fuller one more: worth[n] for n pieces of one colour. (Signed
    bytes: two tuples of small ints would take 4 times the RAM.)"""
    def value(v):
        one, two = min(v & 7, 4), min(v >> 3, 4)
        return 0 if one and two else worth[one] - worth[two]

    top = 4 + 8 * 4
    return (array("b", [value(min(v + 1, top)) - value(v) for v in range(top + 1)]),
            array("b", [value(min(v + 8, top)) - value(v) for v in range(top + 1)]))
