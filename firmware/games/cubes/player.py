# The board's player for the 7x7 cube game (see games/levels.py for the levels).
# As in Connect Four's player: every line of four keeps one byte (player 1's cubes +
# 8 x player 2's), every cell counts the lines a cube there would complete for each
# player, so a win in one is a byte read. The placement rule (touch the last cube,
# else a cube of its colour, else anywhere) gives the moves of each node; a move
# decides where the opponent may answer, so looking two plies ahead matters most.

# first: on a Pico its native code (9.5 KB) needs one long free block, which this
# module's own tables would otherwise cut
try:  # the Pico: the search's steps as native code (games/fours_viper.py)
    from games.fours_viper import search_step
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: Search.step's bytecode
    search_step = None

from compat import const
from games.cubes.rules import CELLS, LINES, NEIGHBOURS
from games.fours import LineCounts, int_tables, load_tables, native_steps
from games.levels import check_level
from games.search import HOSTED, spread, WIN, Search as StackSearch, baseline_move, deepen, only_move, pick

MAX_CUBES = const(48)  # 24 each: the board is drawn when both are out
DEPTH = (1, 2, 3, 5, 12)
# positions searched a move; level 4: not much more than 3, so that 5 stays well above it;
# level 5's as the Pico's native steps do them in its 2 s (games/fours_viper.py)
BUDGET = (60, 200, 400, 450, 20000)
# a root move's value raised by up to this: near-equal moves vary (level 5: 2 scored
# 61 % against mcts10k where 3 scored 57 %, and 1 gave 83 distinct games in 100)
JITTER = (3, 3, 3, 3, 2)
EXTEND = const(6)  # forced moves searched past the depth, at most
SLIPS = (90, 20, 8, 0, 0)
# Variety: the first cube goes on any cell off the edge (b2..f6, 25 cells), and in a
# game's first moves (fewer than _EARLY cubes down) a root move's value is raised by
# up to _EARLY_SPREAD: any move that keeps about the best value may be played there
# (a move the search sees lost stays lost), so games part early (games/search.py vary).
_FIRST_CELLS = const(25)
_EARLY = const(3)  # the first three cubes: 6 (six cubes) scored 46 % against mcts10k
# 20 where 80 scored 58.5 % / 50 % against mcts10k at c 1.0 and 43.5 % / 39 % at c 0.7
# (100 games each, host_tools/tune_player): it is level 5's first move as seat 1 there
_EARLY_SPREAD = const(20)


_tables = load_tables()
THROUGH, THROUGH_AT = _tables.lines_through(LINES, CELLS)  # 88 lines
GAINS = _tables.line_gains((0, 1, 4, 40, 0))
del _tables


class Search(StackSearch, LineCounts):
    width = CELLS
    extend = EXTEND
    # nodes a next(): some 20 ms on a Pico (the keys wait that long), as native code or
    # its bytecode; as many as native code's on the simulators' hosts (games/search.py)
    slice = 250 if search_step is not None or HOSTED else 12
    line_cells = LINES
    through = THROUGH
    through_at = THROUGH_AT
    gains = GAINS

    def __init__(self, state):
        self.cells = bytearray(CELLS)
        self.lv = bytearray(len(LINES) // 4)
        self.t1 = bytearray(CELLS)  # lines a cube of player 1 here would complete
        self.t2 = bytearray(CELLS)
        self.lasts = bytearray(MAX_CUBES + 1)  # 1 + the last cube before each move made (-1: none)
        self.last = -1
        self.keys = bytearray(CELLS)  # room for cells or their keys (native steps, order_threats)
        self.n = 0
        self.score = 0  # player 1's view
        self.nodes = 0
        for cell in state.history:
            self.make(cell)

    def remaining(self):
        return MAX_CUBES - self.n

    def start(self, depth, first=None):
        StackSearch.start(self, depth, first)
        int_tables(self)

    if search_step is not None:
        def step(self, budget):
            """Search.step as native code (games/fours_viper.py)."""
            return native_steps(self, search_step, budget)

    def make(self, x):
        self.put(x, not self.n & 1)
        self.lasts[self.n] = self.last + 1
        self.last = x
        self.n += 1

    def unmake(self, x):
        """Takes back make(x); the search restores the score it saved before."""
        self.n -= 1
        self.take(x)
        self.last = self.lasts[self.n] - 1

    def allowed(self):
        """The cells where the next cube may go (the placement rule of games.cubes.rules)."""
        cells = self.cells
        if self.last < 0:
            return [c for c in range(CELLS) if not cells[c]]
        out = [c for c in NEIGHBOURS[self.last] if not cells[c]]
        if out:
            return out
        colour = cells[self.last]
        for c in range(CELLS):
            if not cells[c]:
                for nb in NEIGHBOURS[c]:
                    if cells[nb] == colour:
                        out.append(c)
                        break
        return out or [c for c in range(CELLS) if not cells[c]]

    def mine(self):
        return self.t1 if not self.n & 1 else self.t2

    def winning(self):
        mine = self.mine()
        return [c for c in self.allowed() if mine[c]]

    def safe(self, moves):
        """The moves after which the opponent cannot win at once (all of them lost: [])."""
        out = []
        for m in moves:
            self.make(m)
            if not self.winning():
                out.append(m)
            self.unmake(m)
        return out

    def enter(self, ply):
        if self.n >= MAX_CUBES:
            return 0
        moves = self.allowed()
        if self.n & 1:
            mine, theirs = self.t2, self.t1
        else:
            mine, theirs = self.t1, self.t2
        if any(mine):  # (any(): a loop in C, where most nodes have no threat at all)
            for c in moves:
                if mine[c]:
                    return WIN
        # The moves that do not lose at once: the next cube must touch this one, so a
        # move is lost when a free cell next to it completes a line of the opponent's
        # (a threat search in byte reads: no move made). None left: lost.
        base = ply * CELLS
        k = 0
        if not any(theirs):  # no line of theirs to complete: every move is safe
            for c in moves:
                self.moves[base + k] = c
                k += 1
            moves = ()
        cells = self.cells
        for c in moves:
            free = False
            for nb in NEIGHBOURS[c]:
                if not cells[nb]:
                    if theirs[nb]:
                        break
                    free = True
            else:
                if free or not self.opens_threat(c, theirs):
                    self.moves[base + k] = c
                    k += 1
        if not k:
            return -WIN
        if ply >= self.depth and (k > 1 or ply >= self.depth + EXTEND):
            return self.score if not self.n & 1 else -self.score
        # (past the depth: a single move that does not lose, played out: a quiescence
        # on threats, which sees a forced sequence to its end)
        if k > 2:
            self.order_threats(base, k, 2 if not self.n & 1 else 16)
        self.count[ply] = k
        return None

    def opens_threat(self, c, theirs):
        """A cube on c, with no free cell next to it, lets the opponent place next to
        any cube of the mover's colour (else anywhere): True if that reaches one of
        the opponent's winning cells."""
        cells = self.cells
        colour = 1 if not self.n & 1 else 2
        near = False  # some free cell touches a cube of the mover's (or c)
        for x in range(CELLS):
            if cells[x] or x == c:
                continue
            for nb in NEIGHBOURS[x]:
                if nb == c or cells[nb] == colour:
                    if theirs[x]:
                        return True
                    near = True
                    break
        if near:
            return False
        for x in range(CELLS):  # anywhere
            if not cells[x] and x != c and theirs[x]:
                return True
        return False

    def target(self, move):
        return move


def think(state, level=5, rng=None):
    """Generator (see games/search.py): returns the cell where the board's cube goes."""
    level = check_level(level)
    s = Search(state)
    legal = s.allowed()
    wins = s.winning()
    if wins:
        return wins[0]  # every level takes a win in one
    safe = s.safe(legal) if level >= 2 else legal
    forced = only_move(legal, safe)
    if forced is not None:
        return forced
    yield
    if s.n == 0:  # the first cube: the centre (d4), or with the rng any cell off the edge (b2..f6)
        k = rng.below(_FIRST_CELLS) if rng is not None else 12
        return (1 + k // 5) * 7 + 1 + k % 5
    s.vary(rng, _EARLY_SPREAD if s.n < _EARLY else spread(JITTER, level, s.n))
    best = yield from deepen(s, DEPTH[level - 1], BUDGET[level - 1])
    return pick(rng, level, best, safe, legal, SLIPS)


def baseline(state, rng):
    """The bench's yardstick: wins when it can, blocks a loss in one, else random."""
    s = Search(state)
    return baseline_move(s, s.allowed(), rng)
