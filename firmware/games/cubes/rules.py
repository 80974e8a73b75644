# The 7x7 cube game (docs/rules/cubes.md): two players, 24 cubes each. After the first
# cube, a cube must touch the last cube placed if it can, else any cube of that
# colour, else it goes anywhere. Four in a row wins; the game is drawn as soon as no
# line of four can still become one colour (counting the cubes left), or when the
# player to move has no cube.
# A move is a cell index row * 7 + column, written "d4".
from compat import const
from games.base import DRAW, PLAYING, WON, GameState, check_setup, cell_name, four_in_a_row, has_four, parse_cell

SIZE = const(7)
CELLS = const(49)
CUBES_EACH = const(24)
FIRST_PLAYER = 1  # [reading] player 1 starts; the board picks who is player 1

# Which placement rule applies to the next cube (placement_rule()).
FIRST = "first"  # the first cube of the game: anywhere
LAST = "last"  # next to the last cube placed
COLOUR = "colour"  # next to any cube of the last cube's colour
ANYWHERE = "anywhere"  # neither is possible: the fallback below

# Why a game ended in a draw (draw_reason).
NO_LINE = "no line left open"
NO_CUBE = "no cube left"


def _all_lines():
    """Every line of 4 cells of the board, 4 cell indexes each, in one bytes."""
    out = bytearray()
    for row in range(SIZE):
        for col in range(SIZE):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                end_c, end_r = col + 3 * dc, row + 3 * dr
                if 0 <= end_c < SIZE and 0 <= end_r < SIZE:
                    for i in range(4):
                        out.append((row + i * dr) * SIZE + col + i * dc)
    return bytes(out)


LINES = _all_lines()  # 88 lines: 28 across, 28 down, 32 diagonal


def _neighbours(cell):
    row, col = divmod(cell, SIZE)
    out = []
    for r in range(max(row - 1, 0), min(row + 2, SIZE)):
        for c in range(max(col - 1, 0), min(col + 2, SIZE)):
            if r != row or c != col:
                out.append(r * SIZE + c)
    return bytes(out)


# NEIGHBOURS[cell]: the up to 8 cells touching it by a side or a corner (computed once:
# every move uses them)
NEIGHBOURS = tuple(_neighbours(c) for c in range(CELLS))
del _all_lines, _neighbours  # made the tables: no more use (RAM on a Pico)


def fallback_cells(board):
    """[reading] Where a cube goes when it can touch neither the last cube nor any cube
    of that colour: any empty cell."""
    return [c for c in range(CELLS) if not board[c]]


def line_open(seen, empty, cubes_left):
    """[reading] A line can still become one colour if it holds one colour at most
    (`seen`: bit 1 player 1's cubes, bit 2 player 2's) and a player of that colour
    (either player, for an empty line) has a cube left for each of its `empty` cells.
    Where cubes may be placed is not taken into account."""
    if seen == 3:
        return False
    if seen:
        return cubes_left[seen - 1] >= empty
    return max(cubes_left) >= empty


class Cubes(GameState):
    def __init__(self):
        GameState.__init__(self)
        self.to_move = FIRST_PLAYER
        self.board = bytearray(CELLS)  # row 0 on top; 0 empty, else the player
        self.cubes_left = [CUBES_EACH, CUBES_EACH]  # per player, index player - 1
        self.last = -1  # the cell of the last cube placed, -1 before the first
        self.win_line = None  # the winning cells [(col, row)...] once won
        self.draw_reason = None  # NO_LINE or NO_CUBE once drawn
        self._open_from = 0  # the lines before this one are closed (any_line_open())

    def at(self, col, row):
        return self.board[row * SIZE + col]

    # -- placement ------------------------------------------------------------------
    def placement_rule(self):
        """Which rule says where the next cube may go: FIRST, LAST, COLOUR, ANYWHERE."""
        return self._placement()[0]

    def allowed_cells(self):
        """The empty cells where the next cube may go (whatever the game status)."""
        return self._placement()[1]

    def _placement(self):
        board = self.board
        if self.last < 0:
            return FIRST, fallback_cells(board)
        cells = [c for c in NEIGHBOURS[self.last] if not board[c]]
        if cells:
            return LAST, cells
        colour = board[self.last]
        cells = []
        for c in range(CELLS):
            if not board[c]:
                for n in NEIGHBOURS[c]:
                    if board[n] == colour:
                        cells.append(c)
                        break
        if cells:
            return COLOUR, cells
        return ANYWHERE, fallback_cells(board)

    def allows(self, cell):
        """May the next cube go on empty `cell`? The placement rule's answer for one
        cell, without the list of them all (a move's check, before its light)."""
        board, last = self.board, self.last
        if last < 0:
            return True
        near_last = NEIGHBOURS[last]
        free = False
        for c in near_last:
            if c == cell:
                return True  # next to the last cube (LAST)
            free = free or not board[c]
        if free:
            return False  # LAST: it must touch the last cube
        colour = board[last]
        for n in NEIGHBOURS[cell]:
            if board[n] == colour:
                return True  # COLOUR
        return self.placement_rule() == ANYWHERE

    def legal_moves(self):
        if self.status != PLAYING:
            return []
        return self.allowed_cells()

    def why_illegal(self, move):
        if not (isinstance(move, int) and 0 <= move < CELLS):
            return "there is no cell %r on the 7x7 board" % (move,)
        if self.status != PLAYING:
            return "the game is over"
        if self.board[move]:
            return "%s already holds a cube" % self.format_move(move)
        if self.allows(move):
            return None
        rule = self.placement_rule()
        name, last = self.format_move(move), self.format_move(self.last)
        if rule == LAST:
            return "%s must touch the last cube (%s)" % (name, last)
        # COLOUR: the only rule that can refuse an empty cell besides LAST
        return "%s must touch a cube of the last cube's colour (nothing is free next to %s)" % (
            name, last)

    # -- lines ----------------------------------------------------------------------
    def open_lines(self):
        """The lines of 4 cells that can still become all one colour, as 4-tuples of
        cell indexes: see line_open(). None left: the game is drawn."""
        board = self.board
        out = []
        for i in range(0, len(LINES), 4):
            seen = 0  # bit 1: a cube of player 1, bit 2: of player 2
            empty = 0
            for j in range(i, i + 4):
                v = board[LINES[j]]
                seen |= v
                if not v:
                    empty += 1
            if line_open(seen, empty, self.cubes_left):
                out.append(tuple(LINES[i:i + 4]))
        return out

    def any_line_open(self):
        """Is a line still open (open_lines())? A line never opens again once closed
        (a line's cubes and the cubes left only come, and go, with moves), so the
        search starts at the first line the last move's found open: a move's check
        reads a few lines, not the 88."""
        board, left = self.board, self.cubes_left
        for i in range(self._open_from, len(LINES), 4):
            seen = board[LINES[i]] | board[LINES[i + 1]] | board[LINES[i + 2]] | board[LINES[i + 3]]
            empty = ((not board[LINES[i]]) + (not board[LINES[i + 1]]) + (not board[LINES[i + 2]])
                     + (not board[LINES[i + 3]]))
            if line_open(seen, empty, left):
                self._open_from = i
                return True
        self._open_from = len(LINES)
        return False

    def _apply(self, cell):
        who = self.to_move
        self.board[cell] = who
        self.cubes_left[who - 1] -= 1
        self.last = cell
        self.to_move = 3 - who
        if has_four(self.board, SIZE, SIZE, cell % SIZE, cell // SIZE, who):
            self.win_line = four_in_a_row(self.at, SIZE, SIZE, cell % SIZE, cell // SIZE, who)
        if self.win_line:
            self.status, self.winner = WON, who
        elif not self.any_line_open():
            self.status, self.draw_reason = DRAW, NO_LINE
        elif not self.cubes_left[self.to_move - 1]:
            # RULES: a draw "when no cube can be placed": a player without cubes cannot.
            self.status, self.draw_reason = DRAW, NO_CUBE

    # -- notation -------------------------------------------------------------------
    def parse_move(self, text):
        col, row = parse_cell(text, SIZE, SIZE)
        return row * SIZE + col

    def format_move(self, cell):
        return cell_name(cell % SIZE, cell // SIZE)

    def rows(self):
        """7 strings of 3 characters per cell, as in examples/cubes.txt: 'X'/'O' the
        cubes of players 1/2, '.' an empty cell, '+' an empty cell where the next cube
        may go; the last cube placed is in brackets ('[X]')."""
        allowed = self.legal_moves()
        out = []
        for row in range(SIZE):
            line = ""
            for col in range(SIZE):
                c = row * SIZE + col
                mark = ".XO"[self.board[c]]
                if c in allowed:
                    mark = "+"
                line += ("[%s]" if c == self.last else " %s ") % mark
            out.append(line)
        return out

    def info(self):
        return {
            "last": self.format_move(self.last) if self.last >= 0 else None,
            "cubes_left": list(self.cubes_left),
            "open_lines": len(self.open_lines()),
            "rule": self.placement_rule(),
            "draw_reason": self.draw_reason,
        }


def new_state(players=None, variant=None, rng=None):
    check_setup("cubes", players, variant)
    return Cubes()
