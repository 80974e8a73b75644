# The board's Connect Four player (see games/levels.py for the levels): an alpha-beta
# negamax on an explicit stack (it stops after any node, goes on at the next slice), in
# small ints and bytearrays: a byte a line of four, a cell's count of the lines it would
# complete for each player (its threats), so a win in one, a forced block or a move that
# gives the opponent a win is one byte read. Heuristic mode weighs the lines still open;
# exact mode (a transposition table) solves small positions at the strongest level,
# which plays its first moves from an opening book (games/connect4/book.py).

# first: on a Pico its native code (9.5 KB) needs one long free block, which this
# module's own tables would otherwise cut
try:  # the Pico: the search's steps as native code (games/fours_viper.py)
    from games.fours_viper import search_step
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: Search.step's bytecode
    search_step = None

from array import array

from compat import const
from games.fours import LineCounts, int_tables, load_tables, native_steps
from games.levels import check_level
from games.search import HOSTED, OPENING, NO_MOVE, WIN, Search as StackSearch, choose, deepen, finish, only_move, pick

COLUMNS = const(7)
HEIGHT = const(6)
CELLS = const(42)
ORDER = (3, 2, 4, 1, 5, 0, 6)  # centre first: it takes part in the most lines
TT_SIZE = const(1021)  # transposition table entries (prime): 6 KB; a solve fits in budget
# Per level: the search depth (heuristic), the node budget (the strongest level's fits
# the Pico's 2 s), the chance in 100 of a random slip, the empty cells at most from
# which it tries to solve exactly (0: never).
DEPTH = (2, 2, 4, 6, 42)
BUDGET = (200, 400, 600, 700, 25000)  # level 5's: as the Pico's native steps do them (games/fours_viper.py)
JITTER = (2, 2, 2, 2, 2)  # a root move's value raised by up to this: near-equal moves vary
OPENING_JITTER = (10, 40, 10, 30, 25)  # the same in the opening (many moves near-equal)
SLIPS = (90, 25, 15, 0, 0)
SOLVE_EMPTY = (0, 0, 0, 0, 26)
_BOOK_MOVES = const(2)  # level 5's opening book (games/connect4/book.py): positions of up to 2 moves
EXACT_EMPTY = const(20)  # from this many empty cells, most of the budget goes to solving


_GOOD = const(40)  # a threat on the row parity of its player (see Search.parity)
_FAIR = const(12)  # on the other parity

# cell = column * 6 + row from the bottom
_tables = load_tables()
LINE_CELLS, THROUGH, THROUGH_AT = _tables.lines_of_four(COLUMNS, HEIGHT, lambda c, r: c * HEIGHT + r)  # 69 lines
GAINS = _tables.line_gains((0, 1, 4, 16, 0))
del _tables


class Search(StackSearch, LineCounts):
    """A position and the alpha-beta search over it."""

    # nodes a next(): some 20 ms on a Pico (the keys wait that long), as native code or
    # its bytecode; as many as native code's on the simulators' hosts (games/search.py)
    slice = 300 if search_step is not None or HOSTED else 20

    def __init__(self, state):
        self.h = bytearray(COLUMNS)  # discs in each column
        self.cells = bytearray(CELLS)  # 0, 1 yellow, 2 red
        self.lv = bytearray(len(LINE_CELLS) // 4)
        self.t1 = bytearray(CELLS)  # lines a yellow disc here would complete
        self.t2 = bytearray(CELLS)
        self.n = 0
        self.score = 0  # heuristic, yellow's view
        self.lo = 0  # the position's key (columns 0..3, 7 bits each), unique with hi
        self.hi = 0  # (columns 4..6)
        for col in state.history:
            self.make(col)
        self.nodes = 0
        self.table = None
        self.keys = bytearray(COLUMNS)  # room for the moves' keys (native steps)

    # -- moves -------------------------------------------------------------------------
    line_cells = LINE_CELLS
    through = THROUGH
    through_at = THROUGH_AT
    gains = GAINS

    def make(self, c):
        r = self.h[c]
        self.h[c] = r + 1
        yellow = not self.n & 1
        self.put(c * HEIGHT + r, yellow)
        code = (2 << r) if yellow else (1 << r)  # the column's code: discs + a top mark
        if c < 4:
            self.lo += code << (7 * c)
        else:
            self.hi += code << (7 * (c - 4))
        self.n += 1

    def unmake(self, c):
        """Takes back make(c); the search restores the score it saved before."""
        self.n -= 1
        r = self.h[c] - 1
        self.h[c] = r
        yellow = self.cells[c * HEIGHT + r] == 1
        self.take(c * HEIGHT + r)
        code = (2 << r) if yellow else (1 << r)
        if c < 4:
            self.lo -= code << (7 * c)
        else:
            self.hi -= code << (7 * (c - 4))

    def parity(self):
        """Yellow's view of the threats to come: in each column the lowest cell that
        would complete a line (above the playable one). Once the board fills, yellow
        (who starts) gets the odd rows (1, 3, 5 from the bottom) and red the even ones,
        so a threat on its own parity's row is worth much more."""
        t1, t2, h = self.t1, self.t2, self.h
        s = 0
        for c in range(COLUMNS):
            x = c * HEIGHT + h[c] + 1
            top = c * HEIGHT + HEIGHT
            while x < top:
                a = t1[x]
                b = t2[x]
                if a or b:
                    own = not (x - c * HEIGHT) & 1  # an odd row: yellow's
                    if a:
                        s += _GOOD if own else _FAIR
                    if b:
                        s -= _FAIR if own else _GOOD
                    break
                x += 1
        return s

    only = 0  # the root's moves (bit c: column c; the opening book's), 0: every move

    def down_root(self):
        """The root's moves (written by its enter()) kept to `only`, then as any root's."""
        if self.only:
            moves, n = self.moves, 0
            for i in range(self.count[0]):
                if self.only >> moves[i] & 1:
                    moves[n] = moves[i]
                    n += 1
            if n:
                self.count[0] = n
        StackSearch.down_root(self)

    def threats(self, mover):
        """(mine, theirs): the threat maps of the side to move and of the other."""
        return (self.t1, self.t2) if mover else (self.t2, self.t1)

    def legal(self):
        return [c for c in ORDER if self.h[c] < HEIGHT]

    def winning(self):
        """The columns where the side to move wins at once."""
        mine = self.threats(not self.n & 1)[0]
        return [c for c in ORDER if self.h[c] < HEIGHT and mine[c * HEIGHT + self.h[c]]]

    def safe(self):
        """The moves that leave the opponent no win in one: a forced block (with two
        threats to block, the game is lost: block one anyway), else any move not right
        below an opponent's threat. [] when every move loses at once."""
        theirs = self.threats(not self.n & 1)[1]
        h = self.h
        forced = [c for c in ORDER if h[c] < HEIGHT and theirs[c * HEIGHT + h[c]]]
        if forced:
            return forced
        return [c for c in ORDER if h[c] < HEIGHT and not (h[c] < HEIGHT - 1 and theirs[c * HEIGHT + h[c] + 1])]

    # -- the search (games.search.Search runs it) ---------------------------------------
    def remaining(self):
        return CELLS - self.n

    def start(self, depth, first=None, exact=False):
        """A search from this position: `depth` plies (heuristic), or to the end with
        exact values (win/draw/loss) and the transposition table."""
        self.exact = exact
        if exact and self.table is None:
            # 6 bytes an entry, not 8: the entry's index is lo ^ hi << 7 modulo
            # TT_SIZE, so hi and that number's quotient q tell the key (lo, hi). Per
            # entry: hi's low 16 bits, then hi >> 16 | q << 5 | the value's code << 23 |
            # move << 27 (under 2 ** 30: a small int on the Pico)
            self.table = (array("H", bytes(2 * TT_SIZE)), array("i", bytes(4 * TT_SIZE)))
        StackSearch.start(self, depth, first)
        int_tables(self)

    if search_step is not None:
        def step(self, budget):
            """Search.step as native code (games/fours_viper.py)."""
            return native_steps(self, search_step, budget)

    def enter(self, ply):
        """Sets up node `ply` (its moves in order); returns its value when it needs no
        search (a win now, a lost position, the horizon, a table hit), else None."""
        n = self.n
        if n == CELLS:
            return 0
        h = self.h
        yellow = not n & 1
        mine, theirs = (self.t1, self.t2) if yellow else (self.t2, self.t1)
        for c in ORDER:
            if h[c] < HEIGHT and mine[c * HEIGHT + h[c]]:
                return WIN
        if n == CELLS - 1:
            return 0  # the last disc fills the board (it does not win: seen above)
        if ply == self.depth:
            s = self.score + self.parity()
            return s if yellow else -s
        alpha, beta = self.alpha[ply], self.beta[ply]
        ttmove = NO_MOVE
        if self.exact:
            keys, entries = self.table
            hi = self.hi
            q, i = divmod(self.lo ^ (hi << 7), TT_SIZE)
            e = entries[i]
            if e >> 23 and keys[i] == hi & 0xFFFF and e & 0x7FFFFF == hi >> 16 | q << 5:
                code = ((e >> 23) & 15) - 1
                v = (code // 3 - 1) * WIN
                kind = code % 3  # 0 exact, 1 a lower bound, 2 an upper bound
                if ply and (kind == 0 or (kind == 1 and v >= beta) or (kind == 2 and v <= alpha)):
                    return v
                ttmove = e >> 27
        base = ply * COLUMNS
        moves = self.moves
        k = 0
        forced = -1
        for c in ORDER:
            if h[c] < HEIGHT and theirs[c * HEIGHT + h[c]]:
                if forced >= 0:
                    return -WIN  # two threats: one cannot block both
                forced = c
        if forced >= 0:
            moves[base] = forced
            k = 1
        else:
            for c in ORDER:
                r = h[c]
                if r < HEIGHT and not (r < HEIGHT - 1 and theirs[c * HEIGHT + r + 1]):
                    moves[base + k] = c
                    k += 1
            if not k:
                return -WIN  # every move lets the opponent win at once
            if k > 2 and ply < self.depth - 1:
                self.order_threats(base, k, 2 if yellow else 16)
            if ttmove != NO_MOVE:
                self.order_first(ply, k, ttmove)
        self.count[ply] = k
        return None

    def target(self, move):
        return move * HEIGHT + self.h[move]

    def store(self, ply, best):
        if not self.exact:
            return
        keys, entries = self.table
        hi = self.hi
        q, i = divmod(self.lo ^ (hi << 7), TT_SIZE)
        if best <= self.alpha0[ply]:
            kind = 2  # an upper bound
        elif best >= self.beta[ply]:
            kind = 1  # a lower bound
        else:
            kind = 0
        keys[i] = hi & 0xFFFF
        entries[i] = hi >> 16 | q << 5 | (1 + (best // WIN + 1) * 3 + kind) << 23 | self.bestmove[ply] << 27


def think(state, level=5, rng=None):
    """Generator (see games/search.py): returns the column the board plays."""
    level = check_level(level)
    s = Search(state)
    legal = s.legal()
    wins = s.winning()
    if wins:
        return wins[0]  # every level takes a win in one
    safe = s.safe() if level >= 2 else legal
    forced = only_move(legal, safe)
    if forced is not None:
        return forced
    yield
    if s.n == 0 and level >= 3:
        return 3  # the centre: the only first move that wins (solved game)
    book = 0
    if level == 5 and s.n <= _BOOK_MOVES:  # (an import: not in the first slice)
        # the columns that keep the position's exact value (bit c: column c), from
        # games/connect4/book.py, loaded for the look-up (it forgets itself: on a Pico
        # the search's native code needs one long free block)
        book = __import__("games.connect4.book", None, None, ("mask",)).mask(state.history)
    if book:  # one of them is played: the search looks at them only
        s.only = book
        safe = [c for c in safe if book >> c & 1] or safe
        if len(safe) == 1:
            return safe[0]
    budget = BUDGET[level - 1]
    best = None
    s.vary(rng, 0)  # exact values: of the moves that keep the value, any one
    if CELLS - s.n <= SOLVE_EMPTY[level - 1]:
        # most of the budget to solve it exactly: a won or drawn position's move keeps
        # the value; a lost one (every move loses) or the budget spent: the rest of
        # the budget looks ahead for the move that makes the opponent's task hardest
        value = yield from solve_root(s, exact_budget(level, CELLS - s.n))
        if value is not None and value > -WIN and s.bestmove[0] != NO_MOVE:
            return s.bestmove[0]
    s.vary(rng, (OPENING_JITTER if s.n < OPENING else JITTER)[level - 1])
    best = yield from deepen(s, DEPTH[level - 1], budget)
    return pick(rng, level, best, safe, legal, SLIPS)


def exact_budget(level, empty):
    """The nodes a level spends at most trying to solve a position exactly."""
    return BUDGET[level - 1] * 9 // 10 if empty <= EXACT_EMPTY else BUDGET[level - 1] // 2


def solve_root(s, budget):
    """Generator: the exact value (WIN, 0 or -WIN) of a Search's position for the side
    to move, then s.bestmove[0] is a move that keeps it (NO_MOVE: the position needed
    no search); None when `budget` nodes were not enough."""
    s.start(CELLS, None, True)
    if (yield from s.run(budget)):
        return s.result
    return None


def solve_position(s, budget=None):
    """The exact value (WIN, 0 or -WIN) of a Search's position for the side to move,
    or None when `budget` nodes were not enough."""
    if s.winning():
        return WIN
    s.nodes = 0
    return finish(solve_root(s, 10 ** 9 if budget is None else budget))


def solve(state, budget=None):
    """(value, best moves) of a state for the side to move, exact: value is 1 win,
    0 draw, -1 loss; best lists every move that keeps it. None when over budget."""
    s = Search(state)
    values = {}
    wins = s.winning()
    for c in s.legal():
        if c in wins:
            values[c] = WIN
            continue
        s.make(c)
        v = solve_position(s, budget)
        s.unmake(c)
        if v is None:
            return None
        values[c] = -v
    top = max(values.values())
    return top // WIN, sorted(c for c in values if values[c] == top)



def baseline(state, rng):
    """The bench's yardstick: wins when it can, blocks a loss in one, else random."""
    s = Search(state)
    wins = s.winning()
    if wins:
        return wins[0]
    theirs = s.threats(not s.n & 1)[1]
    blocks = [c for c in s.legal() if theirs[c * HEIGHT + s.h[c]]]
    return choose(rng, blocks or s.legal())
