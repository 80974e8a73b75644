# The board's player for 4D Squeeze, 2 players (see games/levels.py for the levels).
# A move can squeeze any number of cells, so the search does not take moves back: each
# ply has its own buffer, a copy of the 100-byte board and what the search keeps of it
# (its layout: games/squeeze/player_bytecode.py; some 2 KB at level 5). On the Pico a
# move, its win cells, a node's moves and the search's steps are native code
# (games/squeeze/player_viper.py), elsewhere their bytecode twins (player_bytecode.py).
# The score counts the pentacles made (they decide a full board) and the lines of four
# a side can still complete (pawns of one colour, no pentacle), fuller ones worth more.
from array import array

from compat import const
from games.levels import check_level
from games.search import spread, HOSTED, NO_MOVE, WIN, Search as StackSearch, baseline_move, deepen, only_move, pick
from games.squeeze.rules import BLUE, CELLS, EMPTY, LAUNCHES, LINE_OF, SIZE, arrival
from games.squeeze.lines import STARTS, STEP  # the lines of four

DEPTH = (1, 1, 2, 2, 4)
BUDGET = (30, 40, 80, 170, 7000)  # level 5: as the Pico's native code does them in its 2 s
JITTER = (2, 2, 6, 6, 3)  # a root move's value raised by up to this: near-equal moves vary
SLIPS = (90, 40, 5, 0, 0)
# A game's first moves, where near-equal is wider still so that games differ (they are
# short) ... this many times. Level 5 spreads a game's first five moves only: later, a
# wide spread gives away games to a strong opponent; with fewer, its deep search plays
# the same games again (docs/PERFORMANCE.md).
FIRST_MOVES = (6, 6, 6, 6, 5)
FIRST_SPREAD = (1, 1, 8, 4, 12)
ROOT_MOVES = (40, 40, 5, 5, 16)  # the root moves searched two plies deep or more
PENTACLE_WORTH = const(6)  # a pentacle made, against a line's worth below
WORTH = (0, 1, 8, 50, 0)
DOUBLE = const(5000)  # the score of facing two wins in one (not sure: a block may squeeze)
ENDGAME = const(8)  # empty cells at most from which a win in one may fill the board
_PLIES = const(12)  # plies a search reaches at most (its depth and forced answers)
# A ply's buffer (its layout: games/squeeze/player_bytecode.py)
_MOVER = const(100)
_WON = const(101)
_EMPTY_CELLS = const(102)
_LEAD = const(103)
_ARRIVE = const(104)
_COUNT = const(144)
_THREATS = const(145)
_MAX_THREATS = const(47)
_PLY = const(192)


# What a line is worth to yellow (negative: to blue), by its code: yellow pawns + 8 x
# blue pawns (a line with both is worth nothing; a four: 100). Signed bytes: a Pico's RAM.
def line_value(code, worth):
    return 0 if code & 7 and code >> 3 else 100 if code in (4, 32) else worth[min(code & 7, 4)] - worth[min(code >> 3, 4)]


VALUE = array("b", [line_value(v, WORTH) for v in range(37)])


def launch_to(board, cell):
    """A launch that lands on `cell` of `board` now, or None."""
    if board[cell] == EMPTY:
        for dd in (0, 1):
            launch = LINE_OF[cell * 2 + dd]
            if arrival(board, launch) == cell:
                return launch
    return None


def _add(threats, t):
    """Appends t to the bytearray `threats` unless it is there (MicroPython has no
    `int in bytearray`)."""
    for u in threats:
        if u == t:
            return
    threats.append(t)


try:  # the Pico: native code (games/squeeze/player_viper.py), the search's steps too
    from games.squeeze.player_viper import make_into, moves_into, search_step, threats_reached
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the bytecode
    from games.squeeze.player_bytecode import make_into_py as make_into, moves_into_py as moves_into
    from games.squeeze.player_bytecode import threats_reached_py as threats_reached
    search_step = None  # (games.search.Search.step)


class Search(StackSearch):
    width = LAUNCHES
    extend = 4  # plies past the depth that follow forced answers
    # nodes a next(): some 20 ms on a Pico at most (a node makes a move, its squeeze, its
    # lines: some 5 ms as bytecode), as many as native code's on the simulators' hosts
    slice = 16 if search_step is not None or HOSTED else 4

    def __init__(self, state):
        root = bytearray(_PLY)
        root[:CELLS] = state.board
        root[_MOVER] = state.colour()
        root[_EMPTY_CELLS] = state.empty
        root[_LEAD] = 128 + state.pentacles[0] - state.pentacles[1]
        root[_ARRIVE:_ARRIVE + LAUNCHES] = state.arrive
        self.stack = [root]
        self.d = 0
        self.killer = bytearray(b"\xff" * _PLIES)  # by ply: the last best move there (tried first)
        self.against = bytearray(_MAX_THREATS)  # the opponent's win cells a launch reaches (enter)
        self.nodes = 0
        self.score = 0  # yellow's view, since the root
        self.root = None  # the root moves to search, best first (None: all)
        threats = self.all_threats()[:_MAX_THREATS]
        root[_COUNT] = len(threats)
        root[_THREATS:_THREATS + len(threats)] = threats
        self.grow(3)  # the root, a move and an answer (safe(), winning())

    def grow(self, levels):
        while len(self.stack) < levels:
            self.stack.append(bytearray(_PLY))

    def remaining(self):
        return self.stack[0][_EMPTY_CELLS]

    def mover(self, d=None):
        """The colour to move at depth d (by default the current one)."""
        return self.stack[self.d if d is None else d][_MOVER]

    def lead(self, d):
        """The pentacle lead of the colour to move at depth d."""
        ply = self.stack[d]
        return ply[_LEAD] - 128 if ply[_MOVER] == 1 else 128 - ply[_LEAD]

    def threats(self):
        """The win cells kept here (bytes)."""
        ply = self.stack[self.d]
        return bytes(ply[_THREATS:_THREATS + ply[_COUNT]])

    def start(self, depth, first=None):
        StackSearch.start(self, depth, first)
        if search_step is not None:  # its values by ply as its native steps read them
            for name in ("alpha", "beta", "alpha0", "best", "saved"):
                setattr(self, name, array("i", getattr(self, name)))

    if search_step is not None:
        def step(self, budget):
            """Search.step as native code (games/squeeze/player_viper.py), the root
            entered here (its moves, shuffled: down_root)."""
            while True:
                nodes = self.nodes
                status = search_step(self, budget, VALUE, PENTACLE_WORTH)
                if status != 2:
                    return status == 1
                budget -= self.nodes - nodes
                v = self.enter(0)
                if v is None:
                    self.down_root()
                    continue
                self.entering = False
                self.ret = self.result = v
                self.bestmove[0] = NO_MOVE
                self.done = True
                return True

    def make(self, launch):
        d = self.d
        if d + 2 > len(self.stack):
            self.grow(d + 2)  # (a buffer a ply, made when the search first goes that deep)
        self.score = make_into(self.stack[d], self.stack[d + 1], launch, self.score, VALUE, PENTACLE_WORTH)
        self.d = d + 1

    def unmake(self, launch):
        self.d -= 1

    def moves_here(self):
        """The launches that can be played now, one per arrival cell."""
        out = bytearray(LAUNCHES)
        return list(out[:moves_into(self.stack[self.d], out, 0, out, 0, NO_MOVE)])

    def enter(self, ply):
        here = self.stack[self.d]
        if here[_WON]:
            return -WIN  # the move into this node made four in a row
        if not here[_EMPTY_CELLS]:
            lead = self.lead(self.d)
            return WIN if lead > 0 else -WIN if lead < 0 else 0
        against = self.against  # the opponent's win cells that a launch reaches now
        n = threats_reached(here, against)
        if n < 0:
            return WIN  # a win in one: played next
        if ply >= self.depth:
            # The horizon, unless the opponent threatens a win in one: then the answer
            # is forced, and the search follows it (a few plies at most): it sees the
            # threats two and three moves deep that win.
            if not n or ply >= self.depth + self.extend:
                if n > 1:
                    return -DOUBLE  # two wins in one: one can block only one (mostly)
                return self.score if here[_MOVER] == 1 else -self.score
        base = ply * LAUNCHES
        if n or ply or not self.root:
            # (with win cells to stop: the launches that may stop them; a squeeze that
            # fills a hole is not looked for)
            k = moves_into(here, self.moves, base, against, n, self.killer[ply] if ply else NO_MOVE)
            if not k:
                return -WIN  # nothing stops the opponent's four
        else:
            k = len(self.root)
            self.moves[base:base + k] = bytes(self.root)
        self.count[ply] = k
        return None

    def store(self, ply, best):
        self.killer[ply] = self.bestmove[ply]

    def all_threats(self):
        """Both sides' win cells now, as self.threats holds them: the empty cells where
        a pawn would make four in a row (reachable now or not). One pass over the lines."""
        board = self.stack[self.d]
        out = bytearray()
        for c in range(SIZE):
            for start in range(c, CELLS, SIZE):  # (column by column: the moves' order)
                starts = STARTS[start]
                for direction in range(4):
                    if not starts >> direction & 1:
                        continue
                    step = STEP[direction]
                    code = 0
                    hole = -1
                    for k in range(start, start + 4 * step, step):
                        v = board[k]
                        if v == EMPTY:
                            if hole >= 0:
                                break
                            hole = k
                        elif v <= BLUE:
                            code += 1 if v == 1 else 8
                        else:
                            break
                    else:
                        if code == 3 or code == 24:
                            _add(out, hole | (0 if code == 3 else 128))
        return out

    def win_cells(self, colour):
        """The empty cells where a pawn of `colour` would make four in a row now."""
        return [t & 127 for t in self.threats() if t >> 7 == colour - 1]

    def winning(self, cells=None):
        """The launches that win at once: a four (on one of `cells`, the mover's win
        cells by default), or near the end filling the board with more pentacles."""
        d = self.d
        out = []
        for cell in self.win_cells(self.mover()) if cells is None else cells:
            launch = launch_to(self.stack[d], cell)
            if launch is not None:
                out.append(launch)
        if self.stack[d][_EMPTY_CELLS] <= ENDGAME:
            for launch in self.moves_here():
                self.make(launch)
                after = self.stack[d + 1]
                if not after[_EMPTY_CELLS] and self.lead(d + 1) < 0 and launch not in out:
                    out.append(launch)
                self.unmake(launch)
        return out

    def safe(self, moves):
        """The moves after which the opponent cannot win at once (all of them lost: [])."""
        theirs = self.win_cells(3 - self.mover())  # a move cannot add to them
        out = []
        for m in moves:
            self.make(m)
            if not self.winning(theirs):
                out.append(m)
            self.unmake(m)
        return out


def think(state, level=5, rng=None):
    """Generator (see games/search.py): returns the launch the board plays."""
    level = check_level(level)
    if state.players != 2:
        raise ValueError("the board plays 4D Squeeze with 2 players only")
    s = Search(state)
    legal = s.moves_here()
    wins = s.winning()
    if wins:
        return wins[0]  # every level takes a win in one
    yield
    # One ply on every move: is it safe (level 2 up: the opponent has no win in one
    # after it), and its score (a pawn, its squeeze). The best few safe ones, best
    # first, are then searched two plies or more (every answer of the opponent).
    # (each move's score and launch in one small int, not a tuple: a Pico's RAM)
    mover = s.mover()
    theirs = s.win_cells(3 - mover) if level >= 2 else None  # a move cannot add to them
    safe = []
    ranked = []
    jitter = spread(JITTER, level, len(state.history))
    if len(state.history) < FIRST_MOVES[level - 1]:
        jitter *= FIRST_SPREAD[level - 1]
    for i in range(len(legal)):
        m = legal[i]
        s.make(m)
        if theirs is None or not s.winning(theirs):
            safe.append(m)
            score = (s.score if mover == 1 else -s.score) * 8  # (equals in a random order)
            if rng is not None:
                score += rng.below(8 * jitter + 8)
            ranked.append(score * LAUNCHES + m)
        s.unmake(m)
        s.score = 0
        if i % s.slice == s.slice - 1:
            yield
    if theirs is None:
        safe = legal
    forced = only_move(legal, safe)
    if forced is not None or not safe:
        return forced if forced is not None else legal[0]  # (nothing is safe: lost anyway)
    ranked.sort()
    s.root = [r % LAUNCHES for r in ranked[-ROOT_MOVES[level - 1]:]][::-1]
    ranked = None
    yield
    s.vary(rng, jitter)
    best = yield from deepen(s, DEPTH[level - 1], BUDGET[level - 1], s.root[0], min(2, DEPTH[level - 1]))
    return pick(rng, level, best, safe, legal, SLIPS)


def baseline(state, rng):
    """The bench's yardstick: wins when it can, blocks a loss in one, else random."""
    s = Search(state)
    return baseline_move(s, s.moves_here(), rng)
