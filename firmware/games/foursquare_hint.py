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
PILE_GAIN = const(12)  # a pile (16 are needed)
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
        undo = (cell, self.top[cell], self.up[cell], self.piles, self.down, self.box, self.turned(cell, card))
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
        for c in undo[6]:
            up[c] ^= 1
            self.down += 1 if not up[c] else -1
        return undo

    def undo(self, undo):
        cell, top, up, self.piles, self.down, self.box, turned = undo
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
        value = PILE_GAIN * self.piles - DOWN_COST * self.down
        up, height = self.up, self.height
        for c in range(CELLS):
            if height[c] == MAX_HEIGHT:
                value -= FULL_DOWN_COST if not up[c] else FULL_COST
        return value


def chance_value(board, counts, total, stock_after):
    """The expected value of the position for the next card, over its possible ranks
    (counts[rank - 1] of each left among `total`), each placed at its best cell."""
    if total == 0:
        return board.evaluate()
    moves = board.moves()
    value = 0
    for r in range(len(counts)):
        n = counts[r]
        if not n:
            continue
        card = r + 1
        best = None
        for m in moves:
            undo = board.place(m, card)
            v = board.outcome(stock_after - 1)
            if v is None:
                v = board.evaluate()
            board.undo(undo)
            if best is None or v > best:
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
