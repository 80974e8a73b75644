# The board's player for 4D Squeeze, 2 players (see games/search.py for the levels).
# A move can squeeze any number of cells, so the search does not take moves back: each
# ply has its own copy of the 100-byte board (a few hundred bytes in all). The score
# counts the pentacles made (they decide a full board) and the lines of four a side
# can still complete (pawns of one colour, no pentacle), fuller ones worth more.
from array import array

from compat import const
from games.search import spread, WIN, Search as StackSearch, baseline_move, check_level, deepen, only_move, pick
from games.squeeze.rules import BLUE, CELLS, EMPTY, LAUNCHES, LINE_OF, NONE, PENTACLE, POS_OF, SIZE, arrival, squeeze_behind

DEPTH = (1, 1, 2, 2, 3)
BUDGET = (30, 40, 80, 170, 330)
JITTER = (2, 2, 6, 6, 3)  # a root move's value raised by up to this: near-equal moves vary
SLIPS = (90, 40, 5, 0, 0)
# A game's first moves, where near-equal is wider still so that games differ (they are
# short) ... this many times. Level 5 spreads only its first move: later, a wide spread
# gives away games to a strong opponent (measured with host_tools/tune_squeeze).
FIRST_MOVES = (6, 6, 6, 6, 2)
FIRST_SPREAD = (1, 1, 8, 4, 12)
ROOT_MOVES = (40, 40, 5, 5, 10)  # the root moves searched two plies deep or more
PENTACLE_WORTH = const(6)  # a pentacle made, against a line's worth below
WORTH = (0, 1, 8, 50, 0)
DOUBLE = const(5000)  # the score of facing two wins in one (not sure: a block may squeeze)
ENDGAME = const(8)  # empty cells at most from which a win in one may fill the board
_PLIES = const(12)  # plies a search reaches at most (its depth and forced answers)


# The 238 lines of four, worked out rather than listed (their cells and the lines
# through each cell would hold 2 KB of a Pico's RAM): a line is start * 4 + direction,
# its cells start + i * STEP[direction], i = 0..3 (cell = row * 10 + column);
# STARTS[cell] has bit `direction` set where a line starts there.
STEP = (1, SIZE, SIZE + 1, 1 - SIZE)  # right, down, down-right, up-right
STARTS = bytearray(CELLS)
for _x in range(CELLS):
    _c, _r = _x % SIZE, _x // SIZE
    STARTS[_x] = (_c <= SIZE - 4) | (_r <= SIZE - 4) << 1 | (_c <= SIZE - 4 and _r <= SIZE - 4) << 2 | (
        _c <= SIZE - 4 and _r >= 3) << 3
del _x, _c, _r


def lines_through(x, out):
    """Appends to `out` the lines through cell x that are not in it yet."""
    for direction in range(4):
        step = STEP[direction]
        bit = 1 << direction
        for i in range(4):
            start = x - i * step  # (a start across the board's edge has no line there)
            if 0 <= start < CELLS and STARTS[start] & bit:
                line = start * 4 + direction
                if line not in out:
                    out.append(line)
    return out


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


def _before(cell, hole, d):
    """True if `cell` is on the path of the launch to `hole` in direction d (0
    horizontal, 1 vertical), between its edge and the hole."""
    return LINE_OF[cell * 2 + d] == LINE_OF[hole * 2 + d] and POS_OF[cell * 2 + d] < POS_OF[hole * 2 + d]


class Search(StackSearch):
    width = LAUNCHES
    extend = 4  # plies past the depth that follow forced answers
    slice = 4  # nodes a next(): a node makes a move, its squeeze, its lines (some 5 ms on a Pico)

    def __init__(self, state):
        self.stack = [bytearray(state.board)]
        self.mover = [state.colour()]  # the colour to move at each depth
        self.won = bytearray(1)  # 1 where the move into this depth made a four
        self.empty = [state.empty]
        self.pentacles = [state.pentacles[0] - state.pentacles[1]]  # yellow's lead
        self.d = 0
        self.killer = bytearray(b"\xff" * _PLIES)  # by ply: the last best move there (tried first)
        self.nodes = 0
        self.score = 0  # yellow's view, since the root
        self.root = None  # the root moves to search, best first (None: all)
        # each side's win cells at each depth: cell | (colour - 1) << 7 (a pawn there
        # makes four; reachable now or not), kept up to date move by move (bytes: RAM)
        self.threats = [None]
        self.threats[0] = self.all_threats()
        self.grow(3)  # the root, a move and an answer (safe(), winning())

    def grow(self, levels):
        while len(self.stack) < levels:
            self.stack.append(bytearray(CELLS))
            self.mover.append(0)
            self.won.append(0)
            self.empty.append(0)
            self.pentacles.append(0)
            self.threats.append(None)

    def remaining(self):
        return self.empty[0]


    def make(self, launch):
        d = self.d
        if d + 2 > len(self.stack):
            self.grow(d + 2)  # (a board a ply, made when the search first goes that deep)
        src = self.stack[d]
        board = self.stack[d + 1]
        board[:] = src
        colour = self.mover[d]
        cell = arrival(src, launch)
        board[cell] = colour
        made = squeeze_behind(board, cell, PENTACLE + colour)
        lines = lines_through(cell, [])
        through_pawn = len(lines)  # the first lines are those through the new pawn
        for x in made:
            lines_through(x, lines)
        score = self.score
        won = 0
        three = 3 if colour == 1 else 24  # a line's code with three of the mover's pawns, no other
        add = 1 if colour == 1 else 8
        # the win cells still empty, and the mover's new ones (lines through its pawn)
        threats = bytearray(t for t in self.threats[d] if board[t & 127] == EMPTY)
        for i in range(len(lines)):
            line = lines[i]
            start, step = line >> 2, STEP[line & 3]
            code = 0  # the line's code before the move (one pass over both boards)
            broken = i >= through_pawn  # after the move: a pentacle squeezed on it
            for x in range(start, start + 4 * step, step):
                v = src[x]
                if v == EMPTY:
                    if board[x] > BLUE:
                        broken = True
                elif v == 1:
                    code += 1
                elif v == BLUE:
                    code += 8
                else:
                    code = -1  # a pentacle was on it: worth nothing, before and after
                    break
            if code < 0:
                continue
            if broken:
                score -= VALUE[code]
                continue
            after = VALUE[code + add]
            score += after - VALUE[code]
            if after == 100:
                won = 1
            elif code + add == three:
                for x in range(start, start + 4 * step, step):
                    if board[x] == EMPTY:
                        _add(threats, x | (colour - 1) << 7)
        lead = self.pentacles[d] + (len(made) if colour == 1 else -len(made))
        self.score = score + (len(made) if colour == 1 else -len(made)) * PENTACLE_WORTH
        self.d = d + 1
        self.mover[d + 1] = 3 - colour
        self.won[d + 1] = won
        self.threats[d + 1] = threats
        self.empty[d + 1] = self.empty[d] - 1 - len(made)
        self.pentacles[d + 1] = lead

    def unmake(self, launch):
        self.d -= 1

    def moves_here(self):
        """The launches that can be played now, one per arrival cell."""
        board = self.stack[self.d]
        out = []
        seen = []
        for launch in range(LAUNCHES):
            cell = arrival(board, launch)
            if cell != NONE and cell not in seen:
                seen.append(cell)
                out.append(launch)
        return out

    def enter(self, ply):
        d = self.d
        if self.won[d]:
            return -WIN  # the move into this node made four in a row
        if not self.empty[d]:
            lead = self.pentacles[d] if self.mover[d] == 1 else -self.pentacles[d]
            return WIN if lead > 0 else -WIN if lead < 0 else 0
        board = self.stack[d]
        me = self.mover[d]
        against = []  # the opponent's win cells that a launch reaches now
        for t in self.threats[d]:
            if launch_to(board, t & 127) is not None:
                if t >> 7 == me - 1:
                    return WIN  # a win in one: played next
                against.append(t & 127)
        if ply >= self.depth:
            # The horizon, unless the opponent threatens a win in one: then the answer
            # is forced, and the search follows it (a few plies at most): it sees the
            # threats two and three moves deep that win.
            if not against or ply >= self.depth + self.extend:
                if len(against) > 1:
                    return -DOUBLE  # two wins in one: one can block only one (mostly)
                return self.score if me == 1 else -self.score
        k = 0
        base = ply * LAUNCHES
        if against:
            moves = self.blocks(against)
            if not moves:
                return -WIN  # nothing stops the opponent's four
        else:
            moves = self.root if ply == 0 and self.root else self.moves_here()
        for launch in moves:
            self.moves[base + k] = launch
            k += 1
        self.count[ply] = k
        if ply:
            self.order_first(ply, k, self.killer[ply])
        return None

    def store(self, ply, best):
        self.killer[ply] = self.bestmove[ply]

    def blocks(self, holes):
        """The launches that may stop a win in one on `holes`: a pawn on a hole or on
        the path of a launch to it (a squeeze that fills a hole is not looked for)."""
        board = self.stack[self.d]
        out = []
        seen = []
        for launch in range(LAUNCHES):
            cell = arrival(board, launch)
            if cell == NONE or cell in seen:
                continue
            seen.append(cell)
            for h in holes:
                if cell == h or _before(cell, h, 0) or _before(cell, h, 1):
                    out.append(launch)
                    break
        return out

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
        return [t & 127 for t in self.threats[self.d] if t >> 7 == colour - 1]

    def winning(self, cells=None):
        """The launches that win at once: a four (on one of `cells`, the mover's win
        cells by default), or near the end filling the board with more pentacles."""
        d = self.d
        out = []
        for cell in self.win_cells(self.mover[d]) if cells is None else cells:
            launch = launch_to(self.stack[d], cell)
            if launch is not None:
                out.append(launch)
        if self.empty[d] <= ENDGAME:
            for launch in self.moves_here():
                self.make(launch)
                lead = self.pentacles[d + 1] if self.mover[d] == 1 else -self.pentacles[d + 1]
                if not self.empty[d + 1] and lead > 0 and launch not in out:
                    out.append(launch)
                self.unmake(launch)
        return out

    def safe(self, moves):
        """The moves after which the opponent cannot win at once (all of them lost: [])."""
        theirs = self.win_cells(3 - self.mover[self.d])  # a move cannot add to them
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
    mover = s.mover[0]
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
