# The board's Connect Four player (see games/player.py for the levels). A search in
# small ints and bytearrays, as the RP2040 wants: every line of four keeps one byte
# (yellow discs + 8 x red discs), every cell counts the lines it would complete for
# each player (its "threats"), so a win in one, a forced block and a move that gives
# the opponent a win are all one byte read. The search is an alpha-beta negamax on an
# explicit stack, so it can stop after any node and go on at the next slice.
#   - Heuristic mode (iterative deepening within a node budget): the lines a player
#     could still complete, weighted by how full they are.
#   - Exact mode (win / draw / loss, with a transposition table): the strongest level
#     uses it as soon as the position is small enough to solve within the budget.
from array import array

from compat import const
from games.player import check_level, choose, pick

COLUMNS = const(7)
HEIGHT = const(6)
CELLS = const(42)
WIN = const(10000)  # the value of a won position (a heuristic score stays far below)
ORDER = (3, 2, 4, 1, 5, 0, 6)  # centre first: it takes part in the most lines
SLICE = const(60)  # nodes per next(): about 10 ms on a Pico
TT_SIZE = const(2039)  # transposition table entries (prime): 18 KB
# Per level: the search depth (heuristic), the node budget (the strongest level's fits
# the Pico's 2 s), the chance in 100 of a random slip, the empty cells at most from
# which it tries to solve exactly (0: never).
DEPTH = (2, 2, 4, 6, 42)
BUDGET = (200, 400, 1500, 3000, 4000)
SLIPS = (45, 20, 8, 0, 0)
SOLVE_EMPTY = (0, 0, 0, 0, 20)


def _lines():
    """Every line of 4 cells: 4 cell indexes each (cell = column * 6 + row from the
    bottom), and for each cell the lines through it."""
    cells = bytearray()
    for c in range(COLUMNS):
        for r in range(HEIGHT):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + 3 * dc < COLUMNS and 0 <= r + 3 * dr < HEIGHT:
                    for i in range(4):
                        cells.append((c + i * dc) * HEIGHT + r + i * dr)
    through = [bytearray() for _ in range(CELLS)]
    for line in range(len(cells) // 4):
        for i in range(4):
            through[cells[line * 4 + i]].append(line)
    return bytes(cells), tuple(bytes(t) for t in through)


LINE_CELLS, LINES_AT = _lines()  # 69 lines


def _weights():
    """SCORE[v]: what a line with byte v is worth to yellow (negative: to red). A line
    holding both colours is worth nothing; a fuller one is worth more."""
    worth = (0, 1, 4, 16, 0)
    out = []
    for v in range(37):
        yellow, red = v & 7, v >> 3
        out.append(0 if yellow and red else worth[min(yellow, 4)] - worth[min(red, 4)])
    return tuple(out)


SCORE = _weights()
# what a yellow (red) disc adds to the score of a line with byte v
GAIN_YELLOW = tuple(SCORE[min(v + 1, 36)] - SCORE[v] for v in range(37))
GAIN_RED = tuple(SCORE[min(v + 8, 36)] - SCORE[v] for v in range(37))


class Search:
    """A position and the alpha-beta search over it."""

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

    # -- moves -------------------------------------------------------------------------
    def make(self, c):
        r = self.h[c]
        x = c * HEIGHT + r
        self.h[c] = r + 1
        cells, lv, t1, t2 = self.cells, self.lv, self.t1, self.t2
        yellow = not self.n & 1
        add = 1 if yellow else 8
        cells[x] = 1 if yellow else 2
        score = self.score
        gain = GAIN_YELLOW if yellow else GAIN_RED
        for line in LINES_AT[x]:
            v = lv[line]
            if v == 3:
                t1[x] -= 1
            elif v == 24:
                t2[x] -= 1
            score += gain[v]
            v += add
            lv[line] = v
            if v == 3 or v == 24:  # a new threat on the line's empty cell
                b = line * 4
                for k in range(b, b + 4):
                    e = LINE_CELLS[k]
                    if not cells[e]:
                        if v == 3:
                            t1[e] += 1
                        else:
                            t2[e] += 1
        self.score = score
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
        x = c * HEIGHT + r
        cells, lv, t1, t2 = self.cells, self.lv, self.t1, self.t2
        yellow = cells[x] == 1
        add = 1 if yellow else 8
        for line in LINES_AT[x]:
            v = lv[line]
            if v == 3 or v == 24:  # the threat it made goes
                b = line * 4
                for k in range(b, b + 4):
                    e = LINE_CELLS[k]
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
        code = (2 << r) if yellow else (1 << r)
        if c < 4:
            self.lo -= code << (7 * c)
        else:
            self.hi -= code << (7 * (c - 4))

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
        """The moves that leave the opponent no win in one, if any: a forced block, or
        not below an opponent's threat. [] when every move loses at once."""
        theirs = self.threats(not self.n & 1)[1]
        h = self.h
        forced = [c for c in ORDER if h[c] < HEIGHT and theirs[c * HEIGHT + h[c]]]
        if forced:
            return forced if len(forced) == 1 and not (h[forced[0]] < HEIGHT - 1 and theirs[forced[0] * HEIGHT + h[forced[0]] + 1]) else []
        return [c for c in ORDER if h[c] < HEIGHT and not (h[c] < HEIGHT - 1 and theirs[c * HEIGHT + h[c] + 1])]

    # -- the search --------------------------------------------------------------------
    def start(self, depth, exact, first=None):
        """Prepares a search from this position: `depth` plies (heuristic), or to the
        end with exact values (win/draw/loss). `first`: the root move to try first."""
        self.depth = depth
        self.exact = exact
        if exact and self.table is None:
            self.table = (array("i", bytes(4 * TT_SIZE)), array("i", bytes(4 * TT_SIZE)),
                          bytearray(TT_SIZE), bytearray(TT_SIZE))
        size = CELLS + 1 - self.n
        self.alpha = [0] * size
        self.beta = [0] * size
        self.alpha0 = [0] * size
        self.best = [0] * size
        self.bestmove = bytearray(size)
        self.moves = bytearray(size * COLUMNS)
        self.count = bytearray(size)
        self.index = bytearray(size)
        self.saved = [0] * size  # the heuristic score before the ply's move
        self.ply = 0
        self.entering = True
        self.ret = 0
        self.alpha[0], self.beta[0] = -WIN, WIN
        self.first = first
        self.done = False

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
            s = self.score if yellow else -self.score
            return s
        alpha, beta = self.alpha[ply], self.beta[ply]
        ttmove = 255
        if self.exact:
            keys1, keys2, vals, tmoves = self.table
            i = (self.lo ^ (self.hi << 7)) % TT_SIZE
            if vals[i] and keys1[i] == self.lo and keys2[i] == self.hi:
                code = vals[i] - 1
                v = (code // 3 - 1) * WIN
                kind = code % 3  # 0 exact, 1 a lower bound, 2 an upper bound
                if ply and (kind == 0 or (kind == 1 and v >= beta) or (kind == 2 and v <= alpha)):
                    return v
                ttmove = tmoves[i]
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
            first = self.first if ply == 0 else ttmove
            for c in ORDER:
                r = h[c]
                if r < HEIGHT and not (r < HEIGHT - 1 and theirs[c * HEIGHT + r + 1]):
                    if c == first and k:
                        moves[base + k] = moves[base]
                        moves[base] = c
                    else:
                        moves[base + k] = c
                    k += 1
            if not k:
                return -WIN  # every move lets the opponent win at once
        self.count[ply] = k
        self.index[ply] = 0
        self.best[ply] = -WIN - 1
        return None

    def step(self, budget):
        """Searches up to `budget` nodes; True once the search is over (then
        self.result is the root's value and self.bestmove[0] its move)."""
        moves = self.moves
        while budget > 0:
            ply = self.ply
            if self.entering:
                budget -= 1
                self.nodes += 1
                if ply:
                    self.alpha[ply] = -self.beta[ply - 1]
                    self.beta[ply] = -self.alpha[ply - 1]
                self.alpha0[ply] = self.alpha[ply]
                v = self.enter(ply)
                if v is None:
                    c = moves[ply * COLUMNS]
                    self.saved[ply] = self.score
                    self.make(c)
                    self.ply = ply + 1
                    continue
                self.entering = False
                self.ret = v
                if ply == 0:
                    self.result = v
                    self.bestmove[0] = 255
                    self.done = True
                    return True
                self.ply = ply - 1
                continue
            # back at node `ply` from the child of its current move
            i = self.index[ply]
            c = moves[ply * COLUMNS + i]
            self.unmake(c)
            self.score = self.saved[ply]
            v = -self.ret
            if v > self.best[ply]:
                self.best[ply] = v
                self.bestmove[ply] = c
                if v > self.alpha[ply]:
                    self.alpha[ply] = v
            i += 1
            if self.alpha[ply] >= self.beta[ply] or i >= self.count[ply]:
                best = self.best[ply]
                if self.exact:
                    self.store(ply, best)
                self.ret = best
                if ply == 0:
                    self.result = best
                    self.done = True
                    return True
                self.ply = ply - 1
                continue
            self.index[ply] = i
            c = moves[ply * COLUMNS + i]
            self.saved[ply] = self.score
            self.make(c)
            self.ply = ply + 1
            self.entering = True
        return False

    def store(self, ply, best):
        keys1, keys2, vals, tmoves = self.table
        i = (self.lo ^ (self.hi << 7)) % TT_SIZE
        if best <= self.alpha0[ply]:
            kind = 2  # an upper bound
        elif best >= self.beta[ply]:
            kind = 1  # a lower bound
        else:
            kind = 0
        keys1[i] = self.lo
        keys2[i] = self.hi
        vals[i] = 1 + (best // WIN + 1) * 3 + kind
        tmoves[i] = self.bestmove[ply]

    def run(self, budget):
        """Generator: the search started by start(), SLICE nodes a next(), at most
        `budget` nodes; returns True if it finished."""
        while not self.done:
            if self.nodes >= budget:
                return False
            self.step(min(SLICE, budget - self.nodes))
            yield
        return True


def think(state, level=5, rng=None):
    """Generator (see games/player.py): returns the column the board plays."""
    level = check_level(level)
    s = Search(state)
    legal = s.legal()
    wins = s.winning()
    if wins:
        return wins[0]  # every level takes a win in one
    safe = s.safe() if level >= 2 else legal
    if len(legal) == 1 or (level >= 2 and len(safe) == 1):
        return (safe or legal)[0]
    yield
    budget = BUDGET[level - 1]
    best = None
    if CELLS - s.n <= SOLVE_EMPTY[level - 1]:
        s.start(CELLS, True)
        finished = yield from s.run(budget)
        if finished and s.bestmove[0] != 255:
            return s.bestmove[0]
    depth = 1
    while depth <= DEPTH[level - 1] and s.nodes < budget:
        s.start(depth, False, best)
        if not (yield from s.run(budget)):
            break
        if s.bestmove[0] != 255:
            best = s.bestmove[0]
        if depth >= CELLS - s.n or s.result >= WIN or s.result <= -WIN:
            break  # the end is in sight: deeper changes nothing
        depth += 1
    if best is None:
        best = (safe or legal)[0]
    return pick(rng, level, best, safe or legal, SLIPS)


def solve_position(s, budget=None):
    """The exact value (WIN, 0 or -WIN) of a Search's position for the side to move,
    or None when `budget` nodes were not enough."""
    if s.winning():
        return WIN
    s.nodes = 0
    s.start(CELLS, True)
    while not s.step(SLICE):
        if budget is not None and s.nodes >= budget:
            return None
    return s.result


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


def hint(state):
    """Generator: the strongest move (level 5)."""
    return think(state, 5, None)



def baseline(state, rng):
    """The bench's yardstick: wins when it can, blocks a loss in one, else random."""
    s = Search(state)
    wins = s.winning()
    if wins:
        return wins[0]
    theirs = s.threats(not s.n & 1)[1]
    blocks = [c for c in s.legal() if theirs[c * HEIGHT + s.h[c]]]
    return choose(rng, blocks or s.legal())
