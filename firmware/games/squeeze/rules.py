# 4D Squeeze (docs/rules/squeeze.md): pawns are launched from the four edges toward the
# medians; 4 in a row wins; cells that can never be reached again become pentacles
# of the mover's colour ("squeeze"); a full board goes to the side with more pentacles.
#
# Board: a 100-byte bytearray, cell = row * 10 + column ("a1" = 0, "j10" = 99).
# A move is a launch number: side * 10 + line (sides N, E, S, W; the line is the
# column for N/S and the row for E/W, 0-based). Text: "W-3", "N-c", or the arrival
# cell "d3" (the same move: a launch is fully described by where it lands).
from compat import const
from games.base import DRAW, PLAYING, WON, GameState, check_setup, cell_name, four_in_a_row, parse_cell
from games.squeeze.board import HALF, SIDES, SIZE, E, N, S, W  # noqa: F401 (the rules' names too)

CELLS = const(100)
LAUNCHES = const(40)
CELL_MOVE = const(40)  # moves CELL_MOVE + cell: an arrival cell that no launch reaches
NONE = const(255)  # "no cell": past the median, before the edge, impossible launch

# Cell contents. A colour is 1 (yellow, player/team 1) or 2 (blue, player/team 2):
# a pawn of colour c is c, a pentacle of colour c is PENTACLE + c.
EMPTY = const(0)
YELLOW = const(1)
BLUE = const(2)
PENTACLE = const(3)  # neutral pentacle; 4 and 5 are the yellow and blue ones

# [reading] the start layout (the seed's picture is missing): docs/rules/squeeze.md.
START_PAWNS = (("e5", YELLOW), ("f6", YELLOW), ("f5", BLUE), ("e6", BLUE))
START_PENTACLES = ("c3", "h3", "c8", "h8")


# Precomputed geometry. PATHS[launch * 5 + i] is the i-th cell of a launch's path;
# LINE_OF[cell * 2 + d] is the launch whose path holds the cell (d = 0 horizontal,
# 1 vertical) and POS_OF[cell * 2 + d] the cell's place on it.
PATHS = bytearray(LAUNCHES * HALF)
LINE_OF = bytearray(CELLS * 2)
POS_OF = bytearray(CELLS * 2)
for _l in range(LAUNCHES):  # a launch's 5 cells, from its edge to the median
    _side, _line = divmod(_l, 10)
    for _i in range(HALF):
        if _side == N:
            _c = _i * SIZE + _line
        elif _side == S:
            _c = (SIZE - 1 - _i) * SIZE + _line
        elif _side == W:
            _c = _line * SIZE + _i
        else:
            _c = _line * SIZE + SIZE - 1 - _i
        PATHS[_l * HALF + _i] = _c
        _d = 0 if _side in (E, W) else 1
        LINE_OF[_c * 2 + _d] = _l
        POS_OF[_c * 2 + _d] = _i
del _l, _side, _line, _i, _c, _d
# the native code's cells in and out (a squeeze's work: its seeds, up to two cells more
# for each cell squeezed)
_WORK = bytearray(CELLS * 3)
_MADE = bytearray(CELLS)


def launch_name(launch):
    side, line = divmod(launch, 10)
    if side in (N, S):
        return "%s-%s" % (SIDES[side], chr(ord("a") + line))
    return "%s-%d" % (SIDES[side], line + 1)


def cell_of(name):
    """'d3' -> 23; ValueError if it is not a cell of the board."""
    col, row = parse_cell(name, SIZE, SIZE)
    return row * SIZE + col


def cell_text(cell):
    return cell_name(cell % SIZE, cell // SIZE)


def colour_of(players, seat):
    """[reading] 4 players: seats 1 and 3 are team yellow (1), 2 and 4 team blue (2)."""
    return seat if players == 2 else 2 - seat % 2


def arrival(board, launch, support=PENTACLE):
    """Where a launch stops on `board`, or NONE if it is impossible. Pieces below
    `support` (pawns; the card variant's neutral pentacles too) stop it."""
    base = launch * HALF
    for i in range(HALF):
        v = board[PATHS[base + i]]
        if v != EMPTY:
            # stops before a pawn; a pentacle (or a taken first cell) gives no support
            if i == 0 or v >= support:
                return NONE
            return PATHS[base + i - 1]
    return PATHS[base + HALF - 1]


# The four directions of a line as (cell step, column step): the board is scanned by
# cell number, without a closure per call (line_through).
DIRECTIONS = ((1, 1), (SIZE, 0), (SIZE + 1, 1), (SIZE - 1, -1))


def line_through(board, cell, colour):
    """The cells of a line of 4+ of `colour` through `cell` (taken as `colour`
    whatever it holds), from one end to the other, or None; pentacles break a line.
    (Inlined loops: the card variant's golden rule checks up to 40 cells a line, and a
    move checks its own in a press's light, on a Pico.)"""
    if line_run is not None:  # the Pico: the search as native code
        run = line_run(board, cell, colour)
        if not run:
            return None
        first, step = (run & 255) - 1, (run >> 8) & 255
        return [first + i * step for i in range(run >> 16)]
    col = cell % SIZE
    for step, dcol in DIRECTIONS:
        back = 0  # the run before `cell`
        c, k = cell - step, col - dcol
        while c >= 0 and 0 <= k < SIZE and board[c] == colour:
            back += 1
            c -= step
            k -= dcol
        length = back + 1  # and after it
        c, k = cell + step, col + dcol
        while c < CELLS and 0 <= k < SIZE and board[c] == colour:
            length += 1
            c += step
            k += dcol
        if length >= 4:
            first = cell - back * step
            return [first + i * step for i in range(length)]
    return None


def squeeze(board, seeds, pentacle):
    """[reading] the alive-cells fixed point, incrementally: the empty cells of `seeds`
    (and, in turn, the cells that relied on a cell found dead) are re-tested; each dead
    cell becomes `pentacle` at once. Every other empty cell must already be alive.
    Returns the list of cells squeezed (squeeze_into)."""
    n = len(seeds)
    _WORK[:n] = bytes(seeds)
    return list(_MADE[:squeeze_into(board, _WORK, n, pentacle, _MADE, PATHS, LINE_OF, POS_OF)])


def squeeze_behind(board, cell, pentacle):
    """The squeeze after a piece landed on `cell`: only the cells on its median side
    lost their clear path (its seeds). Returns the cells squeezed, as bytes; they are
    also left in _MADE."""
    n = seeds_behind(cell, _WORK, PATHS, LINE_OF, POS_OF)
    return _MADE[:squeeze_into(board, _WORK, n, pentacle, _MADE, PATHS, LINE_OF, POS_OF)]


# A move's work on buffers (a piece's seeds, a squeeze, the launches' new arrival
# cells): native code on the Pico (games/squeeze/rules_viper.py), these bytecode twins
# elsewhere, with the same arguments and the same results.
def seeds_behind_py(cell, work, paths, line_of, pos_of):
    """The cells on the median side of `cell`, in both directions, into `work`; returns
    how many. They lost their clear path when a piece landed on `cell`: the seeds of
    its squeeze."""
    n = 0
    for k in (cell * 2, cell * 2 + 1):
        base = line_of[k] * HALF
        for i in range(pos_of[k] + 1, HALF):
            work[n] = paths[base + i]
            n += 1
    return n


def squeeze_into_py(board, work, n, pentacle, made, paths, line_of, pos_of):
    """squeeze(board, work[:n], pentacle) into `made`; returns how many cells it made.
    `work` is the stack of cells to test: room for every cell pushed (300)."""
    count = 0
    while n:
        n -= 1
        cell = work[n]
        if board[cell] != EMPTY:
            continue
        # alive: in one direction (k: horizontal, then vertical), every cell between the
        # edge and this one is empty, and the next is past the median, a pawn or an empty
        # cell still counted alive (docs/rules/squeeze.md "Which cells are squeezed").
        alive = False
        for k in (cell * 2, cell * 2 + 1):
            base = line_of[k] * HALF
            pos = pos_of[k]
            i = 0
            while i < pos and board[paths[base + i]] == EMPTY:
                i += 1
            if i == pos and (pos == HALF - 1 or board[paths[base + pos + 1]] <= BLUE):
                alive = True
                break
        if alive:
            continue
        board[cell] = pentacle
        made[count] = cell
        count += 1
        for k in (cell * 2, cell * 2 + 1):  # the cell before this one, toward the edge, relied on it
            pos = pos_of[k]
            if pos:
                work[n] = paths[line_of[k] * HALF + pos - 1]
                n += 1
    return count


def update_arrivals_py(board, arrive, changed, n, support, paths, line_of):
    """The arrival cell (arrival()) of each launch through the n cells of `changed`:
    only those can change."""
    for j in range(n):
        cell = changed[j]
        for k in (cell * 2, cell * 2 + 1):
            launch = line_of[k]
            arrive[launch] = arrival(board, launch, support)


try:  # the Pico: native code (games/squeeze/rules_viper.py)
    from games.squeeze.rules_viper import line_run, seeds_behind, squeeze_into, update_arrivals
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the bytecode
    line_run = None  # (line_through's own loops)
    seeds_behind, squeeze_into, update_arrivals = seeds_behind_py, squeeze_into_py, update_arrivals_py


def start_board():
    board = bytearray(CELLS)
    for name, colour in START_PAWNS:
        board[cell_of(name)] = colour
    for name in START_PENTACLES:
        board[cell_of(name)] = PENTACLE
    return board


_START = []  # (the start board squeezed, its launches' arrival cells), made once


def start_position():
    """The start board with every empty cell alive, as a move needs it (the incremental
    squeeze relies on it), and its launches' arrival cells. Made once: the same for
    every game, and ~15 ms on a Pico, where an undo replays its game from the start."""
    if not _START:
        board = start_board()
        squeeze(board, range(CELLS), PENTACLE)
        _START.append((bytes(board), bytes(arrival(board, l, SqueezeState.SUPPORT) for l in range(LAUNCHES))))
    return _START[0]


class SqueezeState(GameState):
    SUPPORT = PENTACLE  # the pieces that stop a launch: below this (see arrival())

    def __init__(self, players=2):
        GameState.__init__(self)
        self.players = players
        board, arrive = start_position()
        self.board = bytearray(board)
        self.last_squeeze = []  # cells squeezed by the last move (for the flash)
        self.last_cell = NONE  # the last pawn's cell
        self.line = None  # the winning line's cells
        self._refresh(arrive)

    def _refresh(self, arrive=None):
        """Derives the counts and the launches' arrival cells (`arrive`, if known) from
        the board (the start, or a position set up by a test)."""
        board = self.board
        # (counted in C: a sum over the cells took a Pico ~1 ms each, in an undo's light)
        self.empty = board.count(bytes((EMPTY,)))
        # made by colour 1 and 2 (players, or teams)
        self.pentacles = [board.count(bytes((PENTACLE + 1,))), board.count(bytes((PENTACLE + 2,)))]
        if arrive is None:
            arrive = (arrival(board, l, self.SUPPORT) for l in range(LAUNCHES))
        self.arrive = bytearray(arrive)

    def colour(self, seat=None):
        """The colour (1 yellow, 2 blue) of a seat, by default the one to move."""
        return colour_of(self.players, self.to_move if seat is None else seat)

    # -- queries for the referee and the board --------------------------------------
    def legal_moves(self):
        if self.status != PLAYING:
            return []
        return [l for l in range(LAUNCHES) if self.arrive[l] != NONE]

    def arrival_cell(self, launch):
        """The cell a launch stops on now, or NONE if impossible."""
        return self.arrive[launch]

    def launches_to(self, cell):
        """The possible launches that land on `cell` now (0, 1 or 2 of them)."""
        return [l for l in range(LAUNCHES) if self.arrive[l] == cell]

    def reachable(self):
        """A 100-byte map: 1 where a launch can land now."""
        marks = bytearray(CELLS)
        if self.status == PLAYING:
            for l in range(LAUNCHES):
                if self.arrive[l] != NONE:
                    marks[self.arrive[l]] = 1
        return marks

    def owner(self, cell):
        """The colour of the pawn on `cell` (1 or 2), or 0 if there is none."""
        v = self.board[cell]
        return v if v in (YELLOW, BLUE) else 0

    def info(self):
        teams = [[1, 3], [2, 4]] if self.players == 4 else [[1], [2]]
        return {"pentacles": list(self.pentacles), "teams": teams}

    # -- what the referee, the tests and a save's replay ask (games/squeeze/notation.py) ----
    def rows(self):
        return _notation().rows(self)

    def parse_move(self, text):
        """A launch ('W-3') or an arrival cell ('d3'). A cell no launch reaches now is
        still parsed (as CELL_MOVE + cell), so that play() refuses it with a reason."""
        return _notation().parse_move(self, text)

    def move_to(self, cell):
        """The move of a press on `cell`: a launch that lands there now, else CELL_MOVE +
        cell (play() refuses it with a reason)."""
        # (the first launch that lands there, as launches_to()'s first: found in C, a
        # press's light)
        found = self.arrive.find(bytes((cell,))) if self.status == PLAYING else -1
        return found if found >= 0 else CELL_MOVE + cell

    def format_move(self, move):
        if 0 <= move < LAUNCHES:
            return launch_name(move)
        return cell_text(move - CELL_MOVE)

    def why_illegal(self, move):
        if self.status != PLAYING:
            return "the game is over"
        if not isinstance(move, int) or not 0 <= move < CELL_MOVE + CELLS:
            return "%r is not a move" % (move,)
        if move >= CELL_MOVE:
            cell = move - CELL_MOVE
            if self.board[cell] != EMPTY:
                return "%s is taken" % cell_text(cell)
            return "no launch stops on %s now" % cell_text(cell)
        if self.arrive[move] != NONE:
            return None
        path = PATHS[move * HALF:move * HALF + HALF]
        name = launch_name(move)
        first = path[0]
        if self.board[first] != EMPTY:
            return "%s is impossible: its first cell %s is taken" % (name, cell_text(first))
        for c in path:
            if self.board[c] != EMPTY:
                return "%s is impossible: the pawn would meet the pentacle on %s first" % (name, cell_text(c))
        return "%s is impossible" % name  # not reached: an empty path ends at the median

    # -- a move ------------------------------------------------------------------------
    def _apply(self, launch):
        board = self.board
        colour = self.colour()
        cell = self.arrive[launch]
        board[cell] = colour
        self.last_cell = cell
        self.empty -= 1
        made = b""  # the cells it squeezes
        if line_through(board, cell, colour):  # (then the line in four_in_a_row's order, as ever)
            line = four_in_a_row(lambda c, r: board[r * SIZE + c], SIZE, SIZE, cell % SIZE, cell // SIZE, colour)
            self.line = [r * SIZE + c for c, r in line]
            self.status = WON
            self.winner = colour
        else:
            made = squeeze_behind(board, cell, PENTACLE + colour)
            self.pentacles[colour - 1] += len(made)
            self.empty -= len(made)
        self.last_squeeze = list(made)
        # the launches through a changed cell: the squeezed ones (in _MADE), the pawn's
        _MADE[len(made)] = cell
        update_arrivals(board, self.arrive, _MADE, len(made) + 1, self.SUPPORT, PATHS, LINE_OF)
        if self.status == PLAYING:
            if self.empty == 0:
                a, b = self.pentacles
                self.status = DRAW if a == b else WON
                self.winner = None if a == b else (1 if a > b else 2)
            else:
                self.to_move = self.to_move % self.players + 1

    def _update_arrivals(self, changed):
        """Only the launches through a changed cell can change."""
        n = len(changed)
        _WORK[:n] = bytes(changed)
        update_arrivals(self.board, self.arrive, _WORK, n, self.SUPPORT, PATHS, LINE_OF)


NOTATION_MODULE = "games.squeeze.notation"


def _notation():
    """games/squeeze/notation.py: the notation's parsing, the text board, the referee's
    fields: what the board's play never needs (a save's replay reads lines), loaded
    when asked (a Pico playing keeps that RAM free)."""
    from games.squeeze import notation

    return notation


ahead = start_position  # made while the setup screen waits (app/catalog.py start_ahead)


def new_state(players=None, variant=None, rng=None):
    """The classic game; the card variant has rules of its own (games/squeeze/cards.py),
    which games.load("squeeze", "cards") gives."""
    players = check_setup("4D Squeeze", players, variant, (2, 4), ("classic", "cards"))
    if variant == "cards":
        raise ValueError("4D Squeeze with cards has rules of its own: games.load('squeeze', 'cards')")
    return SqueezeState(players)
