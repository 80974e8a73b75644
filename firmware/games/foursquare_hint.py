# The Foursquare hint: where to put the drawn card. It uses only what a player knows:
# the piles and the make-up of the stock (how many of each rank are left, never their
# order). An expectimax look-ahead: for each cell the card may go, the value is the
# average, over the ranks the next card may have (weighted by how many are left), of
# the best evaluation reachable by placing that next card. Pure: no I/O, no clock.
from compat import const
from games.foursquare import CELLS, COL_OF, EXTENT, MAX_DOWN, MAX_HEIGHT, PILES_TO_WIN, ROW_OF, SIZE

WIN = const(100000)  # a won position: better than any evaluation
LOSS = const(-100000)

# The evaluation of a position (higher is better), in points: see evaluate().
DOWN_COST = const(100)  # a face-down top card (5 lose)
FULL_DOWN_COST = const(40)  # ... on a full pile: only a flip can turn it back up
PILE_GAIN = const(100)  # a pile (16 are needed): worth about a face-down card
FULL_COST = const(6)  # a full pile (no card can go on it any more)


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
        if self.box is None:
            return [CELLS // 2]
        height = self.height
        lo_r, hi_r, lo_c, hi_c = self.box
        out = []
        for c in range(CELLS):
            h = height[c]
            if h:
                if h < MAX_HEIGHT:
                    out.append(c)
                continue
            row, col = c // SIZE, c % SIZE
            if not ((row > 0 and height[c - SIZE]) or (row < SIZE - 1 and height[c + SIZE])
                    or (col > 0 and height[c - 1]) or (col < SIZE - 1 and height[c + 1])):
                continue
            if max(hi_r, row) - min(lo_r, row) < EXTENT and max(hi_c, col) - min(lo_c, col) < EXTENT:
                out.append(c)
        return out

    def turned(self, cell, card):
        """The cells whose top card turns over when `card` goes on `cell` (row, then
        column): the same reading as games.foursquare.flips, without lists of lists."""
        top, up, height = self.top, self.up, self.height
        out = []
        for line in (ROW_OF[cell], COL_OF[cell]):
            high = low = True
            any_pile = False
            for c in line:
                if height[c]:
                    any_pile = True
                    if up[c]:
                        r = top[c]
                        if r >= card:
                            high = False
                        if r <= card:
                            low = False
            if any_pile and (high or low):
                for c in line:
                    if height[c]:
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
        return (PILE_GAIN * self.piles - DOWN_COST * self.down - FULL_DOWN_COST * self.full_down
                - FULL_COST * (self.full - self.full_down))


    def line_stats(self, line):
        """What turning the other piles of a line would do: (any pile in it, its lowest
        and highest face-up ranks (11 and 0 when none), the change of the face-down
        count and of the face-down full piles if it turns)."""
        top, up, height = self.top, self.up, self.height
        any_pile = False
        lo, hi, down, full_down = 11, 0, 0, 0
        for c in line:
            h = height[c]
            if h:
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

    def leaf(self, cell):
        """What placing a card on `cell` would do, but for the rank's part (see
        leaf_value): (piles, face-down tops, full piles, face-down full piles) after it
        if nothing turns, then the line_stats of its row and of its column."""
        h = self.height[cell]
        down = self.down - (1 if h and not self.up[cell] else 0)
        full = self.full + (1 if h == MAX_HEIGHT - 1 else 0)
        return ((self.piles + (0 if h else 1), down, full, self.full_down)
                + self.line_stats(ROW_OF[cell]) + self.line_stats(COL_OF[cell]))


def leaf_value(leaf, card, stock_after):
    """The outcome, or the evaluation, of the position a Board.leaf() describes once
    `card` is placed: the flips follow from the card against each line's lowest and
    highest face-up ranks (RULES: strictly above all, or strictly below all)."""
    piles, down, full, full_down, r_any, r_lo, r_hi, r_down, r_full, c_any, c_lo, c_hi, c_down, c_full = leaf
    if r_any and (card > r_hi or card < r_lo):
        down += r_down
        full_down += r_full
    if c_any and (card > c_hi or card < c_lo):
        down += c_down
        full_down += c_full
    if down > MAX_DOWN:
        return LOSS
    if piles == PILES_TO_WIN and down == 0:
        return WIN + stock_after
    if stock_after == 0:
        return LOSS
    return PILE_GAIN * piles - DOWN_COST * down - FULL_DOWN_COST * full_down - FULL_COST * (full - full_down)


def chance_value(board, counts, total, stock_after):
    """The expected value of the position for the next card, over its possible ranks
    (counts[rank - 1] of each left among `total`), each placed at its best cell."""
    leaves = [board.leaf(m) for m in board.moves()]
    value = 0
    for r in range(len(counts)):
        n = counts[r]
        if n:
            best = LOSS
            for leaf in leaves:
                v = leaf_value(leaf, r + 1, stock_after - 1)
                if v > best:
                    best = v
            value += n * best
    return value // total


def best_move(state):
    """The cell (a move of `state`) where the hint would put the drawn card, or None
    when the game is over."""
    card = state.card()
    if card is None:
        return None
    board = Board(state)
    counts = state.unseen()
    total = sum(counts)
    moves = board.moves()
    best, best_value = None, None
    for m in moves:
        undo = board.place(m, card)
        v = board.outcome(total)
        if v is None:
            v = chance_value(board, counts, total, total)
        board.undo(undo)
        if best_value is None or v > best_value:
            best, best_value = m, v
    return best
