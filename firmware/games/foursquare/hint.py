# The Foursquare hint: where to put the drawn card, from what a player knows (the piles
# and the stock's make-up, never its order). An expectimax look-ahead: a cell's value is
# the average, over the next card's ranks (weighted by how many are left), of the best
# evaluation after placing that card. Pure: no I/O, no clock. think() is a generator, a
# step a cell of the next card, so that the board works it out in slices while it waits
# (games/foursquare/screen.py); best_move() runs it through.
from compat import const
from games.foursquare.rules import CELLS, MAX_DOWN, MAX_HEIGHT, PILES_TO_WIN, SIZE, line, placements

WIN = const(100000)  # a won position: better than any evaluation
LOSS = const(-100000)

# The evaluation of a position (higher is better), in points: see evaluate().
DOWN_COSTS = (0, 100, 200, 330, 480)  # 0..4 face-down top cards (5 lose): each one riskier
FULL_DOWN_COST = const(40)  # a face-down top card on a full pile: only a flip turns it up
PILE_GAIN = const(100)  # a pile (16 are needed): worth about a face-down card
FULL_COST = const(6)  # a full pile (no card can go on it any more)
# What limits the hint is its horizon: a second card of look-ahead for the best cells
# wins earlier but no more often, for 2.5 times the time (docs/PERFORMANCE.md).
DEEP_MOVES = 0  # cells that get the two-card look-ahead (0: one card only)
DEEP_REPLIES = 1  # for each rank of the next card, its cells played out further


class Board:
    """The piles as the hint plays them out: the window's top ranks, faces and heights,
    the number of piles, of face-down top cards, and the piles' bounding box."""

    def __init__(self, state):
        self.top = bytearray(state.top)
        self.up = bytearray(state.up)
        self.height = bytearray(state.height)
        self.piles = state.piles
        self.down = state.down
        self.box = state.box
        self.full = self.full_down = 0  # full piles, and those of them face down
        for c in range(CELLS):
            if self.height[c] == MAX_HEIGHT:
                self.full += 1
                self.full_down += 0 if self.up[c] else 1

    def moves(self):
        """The cells where a card may go (the rules' legal_moves, on this board)."""
        return placements(self.height, self.box)

    def turned(self, cell, card):
        """The cells whose top card turns over when `card` goes on `cell` (row, then
        column): the same reading as games.foursquare.rules.flips, without lists of lists."""
        top, up, height = self.top, self.up, self.height
        out = []
        for step in (1, SIZE):
            high = low = True
            any_pile = False
            for c in line(cell, step):
                if c != cell and height[c]:
                    any_pile = True
                    if up[c]:
                        r = top[c]
                        if r >= card:
                            high = False
                        if r <= card:
                            low = False
            if any_pile and (high or low):
                for c in line(cell, step):
                    if c != cell and height[c]:
                        out.append(c)
        return out

    def place(self, cell, card):
        """Play `card` on `cell`; returns what undo() needs."""
        turned = self.turned(cell, card)
        undo = (cell, self.top[cell], self.up[cell], self.piles, self.down, self.box, turned, self.full, self.full_down)
        top, up, height = self.top, self.up, self.height
        if not height[cell]:
            self.piles += 1
            row, col = cell // SIZE, cell % SIZE
            b = self.box
            self.box = (row, row, col, col) if b is None else (
                min(b[0], row), max(b[1], row), min(b[2], col), max(b[3], col))
        elif not up[cell]:
            self.down -= 1
        top[cell] = card
        up[cell] = 1
        height[cell] += 1
        if height[cell] == MAX_HEIGHT:
            self.full += 1
        for c in turned:
            up[c] ^= 1
            turn = -1 if up[c] else 1
            self.down += turn
            if height[c] == MAX_HEIGHT:
                self.full_down += turn
        return undo

    def undo(self, undo):
        cell, top, up, self.piles, self.down, self.box, turned, self.full, self.full_down = undo
        for c in turned:
            self.up[c] ^= 1
        self.top[cell] = top
        self.up[cell] = up
        self.height[cell] -= 1

    def outcome(self, stock_after):
        """WIN, LOSS or None (go on), as the rules end a turn."""
        if self.down > MAX_DOWN:
            return LOSS
        if self.piles == PILES_TO_WIN and self.down == 0:
            return WIN + stock_after  # an earlier win scores more
        if stock_after == 0:
            return LOSS
        return None

    def evaluate(self):
        """How good the piles look (higher is better), for a game that goes on."""
        return (PILE_GAIN * self.piles - DOWN_COSTS[self.down] - FULL_DOWN_COST * self.full_down
                - FULL_COST * (self.full - self.full_down))


    def line_stats(self, cell, step):
        """What turning the other piles of the row (step 1) or column (step SIZE)
        through `cell` would do: (any pile in it, its lowest
        and highest face-up ranks (11 and 0 when none), the change of the face-down
        count and of the face-down full piles if it turns)."""
        top, up, height = self.top, self.up, self.height
        any_pile = False
        lo, hi, down, full_down = 11, 0, 0, 0
        for c in line(cell, step):
            h = height[c]
            if h and c != cell:
                any_pile = True
                turn = 1 if up[c] else -1
                down += turn
                if h == MAX_HEIGHT:
                    full_down += turn
                if up[c]:
                    r = top[c]
                    if r < lo:
                        lo = r
                    if r > hi:
                        hi = r
        return any_pile, lo, hi, down, full_down

    def leaf_values(self, cell, row, col, stock_after):
        """The values of placing a card on `cell`, for the four ways it can turn out:
        nothing turns, its row turns, its column turns, both (index: turn_index());
        row and col are the line_stats of its row and column. Each is WIN (plus the
        stock left), LOSS, or the evaluation of the piles after it."""
        h = self.height[cell]
        piles = self.piles + (0 if h else 1)
        down = self.down - (1 if h and not self.up[cell] else 0)
        full = self.full + (1 if h == MAX_HEIGHT - 1 else 0)
        out = []
        for turned_col in (0, 1):
            for turned_row in (0, 1):
                d = down + (row[3] if turned_row else 0) + (col[3] if turned_col else 0)
                fd = self.full_down + (row[4] if turned_row else 0) + (col[4] if turned_col else 0)
                if d > MAX_DOWN:
                    v = LOSS
                elif piles == PILES_TO_WIN and d == 0:
                    v = WIN + stock_after  # an earlier win scores more
                elif stock_after == 0:
                    v = LOSS
                else:
                    v = PILE_GAIN * piles - DOWN_COSTS[d] - FULL_DOWN_COST * fd - FULL_COST * (full - fd)
                out.append(v)
        return out


def turn_index(row, col, card):
    """Which of leaf_values() `card` gets: 1 if its row turns, plus 2 if its column does
    (RULES: strictly above, or strictly below, every face-up top card of the line)."""
    i = 0
    if row[0] and (card > row[2] or card < row[1]):
        i = 1
    if col[0] and (card > col[2] or card < col[1]):
        i += 2
    return i


def chance_value(board, counts, total, stock_after):
    """The expected value of the position for the next card, over its possible ranks
    (counts[rank - 1] of each left among `total`), each placed at its best cell (a
    generator: two steps a cell, its value returned: a press waits for the step it lands
    in, ~0.3 ms on a Pico)."""
    best = [LOSS] * len(counts)
    for m in board.moves():
        yield
        row = board.line_stats(m, 1)
        col = board.line_stats(m, SIZE)
        values = board.leaf_values(m, row, col, stock_after - 1)
        yield
        for r in range(len(counts)):
            if counts[r]:
                v = values[turn_index(row, col, r + 1)]
                if v > best[r]:
                    best[r] = v
    value = 0
    for r in range(len(counts)):
        value += counts[r] * best[r]
    return value // total


def deep_value(board, counts, total):
    """The expected value of the position for the next two cards: for each rank of the
    next card, its DEEP_REPLIES best cells by the one-card look-ahead are played out and
    valued by chance_value() for the card after it; `total` cards are in the stock (a
    generator, as chance_value)."""
    replies = []  # (cell, its row's and column's line_stats, its leaf_values)
    for m in board.moves():
        yield  # (a step a cell, as chance_value's)
        row = board.line_stats(m, 1)
        col = board.line_stats(m, SIZE)
        replies.append((m, row, col, board.leaf_values(m, row, col, total - 1)))
    value = 0
    for r in range(len(counts)):
        n = counts[r]
        if not n:
            continue
        card = r + 1
        yield
        ranked = sorted(replies, key=lambda x: -x[3][turn_index(x[1], x[2], card)])
        best = ranked[0][3][turn_index(ranked[0][1], ranked[0][2], card)]
        if LOSS < best < WIN:  # no win in one: look one card further
            best = LOSS
            counts[r] -= 1
            for m, row, col, values in ranked[:DEEP_REPLIES]:
                undo = board.place(m, card)
                v = board.outcome(total - 1)
                if v is None:
                    v = yield from chance_value(board, counts, total - 1, total - 1)
                board.undo(undo)
                if v > best:
                    best = v
            counts[r] += 1
        value += n * best
    return value // total


def best_move(state):
    """The cell (a move of `state`) where the hint would put the drawn card, or None
    when the game is over: think() run through."""
    return run(think(state))


def run(search):
    """What the generator `search` returns, run through."""
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value


def think(state):
    """best_move() as a generator, a step a cell looked at; it returns the cell. Every
    cell gets the one-card look-ahead; the DEEP_MOVES best of them then get the
    two-card look-ahead, which picks among them. `state` must not change meanwhile."""
    card = state.card()
    if card is None:
        return None
    board = Board(state)
    counts = state.unseen()
    total = sum(counts)
    scored = []
    for m in board.moves():
        undo = board.place(m, card)
        v = board.outcome(total)
        done = v is not None
        if not done:
            v = yield from chance_value(board, counts, total, total)
        board.undo(undo)
        scored.append((v, done, m))
    scored.sort(key=lambda x: -x[0])  # stable: equal values keep the cells' order
    best_value, done, best = scored[0]
    if done or total < 2 or not DEEP_MOVES:
        return best
    best_value = None
    for v, done, m in scored[:DEEP_MOVES]:
        if not done:
            undo = board.place(m, card)
            v = yield from deep_value(board, counts, total)
            board.undo(undo)
        if best_value is None or v > best_value:
            best, best_value = m, v
    return best
