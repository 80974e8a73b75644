# For the players of games of fours (Connect Four, the cubes; see games/player.py): the
# lines of four kept as bytes, a win in one as a byte read, the score kept as pieces
# come and go. Apart from games.player so that a player without it (4D Squeeze's)
# does not load it: a Pico's RAM.
from array import array


class LineCounts:
    """For games of fours (Connect Four, the cubes): every line keeps one byte, player
    1's pieces + 8 x player 2's, in self.lv; t1[cell] (t2) counts the lines a piece of
    player 1 (2) on that empty cell would complete, so a win in one is a byte read;
    self.score is player 1's view of the lines (gains: line_gains()). A subclass sets
    line_cells, through, through_at (lines_through()), gains and makes cells, lv, t1,
    t2 (bytearrays)."""

    score = 0

    def put(self, x, first):
        """A piece of player 1 (first) or 2 on empty cell x."""
        cells, lv, t1, t2, line_cells = self.cells, self.lv, self.t1, self.t2, self.line_cells
        add = 1 if first else 8
        gain = self.gains[0 if first else 1]
        cells[x] = 1 if first else 2
        score = self.score
        through = self.through
        at = self.through_at
        for k in range(at[x], at[x + 1]):
            line = through[k]
            v = lv[line]
            if v == 3:
                t1[x] -= 1
            elif v == 24:
                t2[x] -= 1
            score += gain[v]
            v += add
            lv[line] = v
            if v == 3 or v == 24:  # a new threat on the line's empty cell
                for k in range(line * 4, line * 4 + 4):
                    e = line_cells[k]
                    if not cells[e]:
                        if v == 3:
                            t1[e] += 1
                        else:
                            t2[e] += 1
        self.score = score

    def take(self, x):
        """Takes back put(x, ...); the search restores the score it saved before."""
        cells, lv, t1, t2, line_cells = self.cells, self.lv, self.t1, self.t2, self.line_cells
        add = 1 if cells[x] == 1 else 8
        through = self.through
        at = self.through_at
        for k in range(at[x], at[x + 1]):
            line = through[k]
            v = lv[line]
            if v == 3 or v == 24:  # the threat it made goes
                for k in range(line * 4, line * 4 + 4):
                    e = line_cells[k]
                    if not cells[e]:
                        if v == 3:
                            t1[e] -= 1
                        else:
                            t2[e] -= 1
            v -= add
            lv[line] = v
            if v == 3:
                t1[x] += 1
            elif v == 24:
                t2[x] += 1
        cells[x] = 0


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
