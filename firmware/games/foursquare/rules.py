# Foursquare, the card solitaire (docs/rules/foursquare.md). 40 cards, ace (1) to 10 four
# times, dealt from a seeded shuffle. Each turn the drawn card goes on an empty cell
# next to a pile or on a pile of fewer than 4 cards, the piles staying within 4 x 4,
# shown in a 7 x 7 window whose centre d4 takes the first card. A card that is the
# highest or the lowest of its row turns over the top cards of the other piles of
# the row; then the same for its column. More than 4 face-down top cards after a turn,
# or the stock empty before a win, loses; 16 piles all face up wins. Score: the cards
# left in the stock. A move is a window cell index row * 7 + column, written "d4".
from compat import const
from games.base import LOST, PLAYING, WON, GameState, cell_name, check_setup, parse_cell

SIZE = const(7)  # the window
CELLS = const(49)
CENTRE = const(24)  # d4: [reading] the first card goes here, the only legal first move
RANKS = const(10)  # ace (1) .. 10
COPIES = const(4)  # of each rank (suits play no part)
DECK = const(40)
MAX_HEIGHT = const(4)  # a pile holds at most 4 cards
EXTENT = const(4)  # the piles span at most 4 rows and 4 columns
MAX_DOWN = const(4)  # more face-down top cards than this after a turn loses
PILES_TO_WIN = const(16)

# Why a game was lost (lost_reason).
TOO_MANY_DOWN = "more than 4 face-down cards"
STOCK_EMPTY = "the stock is empty"


def new_deck(rng):
    """The 40 ranks in stock order (the top card first), shuffled by `rng`."""
    deck = bytearray(DECK)
    for i in range(DECK):
        deck[i] = i // COPIES + 1
    if rng is not None:
        rng.shuffle(deck)
    return deck


def line(cell, step):
    """The cells of the window row (step 1) or column (step SIZE) through `cell`."""
    first = cell - cell % SIZE if step == 1 else cell % SIZE
    return range(first, first + step * SIZE, step)


def flips(top, up, height, cell, card, box=None):
    """The cells whose top card turns over when `card` is played on `cell`: first
    those of its row, then those of its column (two lists). [reading] The played card
    itself stays face up: only the OTHER piles of the line turn. [reading] A line turns
    when `card` is the highest or the lowest of the face-up top ranks of its other
    piles: strictly above (below) all of them; an equal rank means neither; with no
    face-up card to compare to it counts as highest. `box`: the piles' bounding box
    (Foursquare.box), if known: only its part of each line is looked at (a move's
    light waits for this loop on a Pico: 4 cells a line at most, not 7)."""
    out = []
    if box is None:
        lines = (line(cell, 1), line(cell, SIZE))
    else:
        first = cell - cell % SIZE
        col = cell % SIZE
        lines = (range(first + box[2], first + box[3] + 1), range(box[0] * SIZE + col, box[1] * SIZE + col + 1, SIZE))
    for cells in lines:  # (one plain loop a line)
        piles = []
        lo, hi = RANKS + 1, 0  # the lowest and highest face-up top ranks of the line
        for c in cells:
            if height[c] and c != cell:
                piles.append(c)
                if up[c]:
                    rank = top[c]
                    if rank < lo:
                        lo = rank
                    if rank > hi:
                        hi = rank
        out.append(piles if piles and (hi < card or lo > card) else [])
    return out


def fits(rows_lo, rows_hi, cols_lo, cols_hi, cell):
    """[reading] An empty cell is legal only if the piles' bounding box stays within
    4 x 4 with it."""
    row, col = cell // SIZE, cell % SIZE
    return (max(rows_hi, row) - min(rows_lo, row) < EXTENT
            and max(cols_hi, col) - min(cols_lo, col) < EXTENT)


def next_to_pile(height, cell):
    """Does an orthogonal neighbour of `cell` hold a pile? ([reading] orthogonally)"""
    row, col = cell // SIZE, cell % SIZE
    return ((row > 0 and height[cell - SIZE]) or (row < SIZE - 1 and height[cell + SIZE])
            or (col > 0 and height[cell - 1]) or (col < SIZE - 1 and height[cell + 1]))


def placements(height, box):
    """The cells where the drawn card may go, given the piles' heights and bounding
    box (None before the first card): piles of fewer than 4 cards, and empty cells
    next to a pile that keep the piles within 4 x 4. Only the cells that can be are
    looked at, in cell order: the box and one cell around it (next to a pile), within
    the rows and columns that keep the piles within 4 x 4 (fits())."""
    if box is None:
        return [CENTRE]
    lo_r, hi_r, lo_c, hi_c = box
    first_col = max(hi_c - EXTENT + 1, lo_c - 1, 0)
    end_col = min(lo_c + EXTENT, hi_c + 2, SIZE)
    out = []
    for row in range(max(hi_r - EXTENT + 1, lo_r - 1, 0), min(lo_r + EXTENT, hi_r + 2, SIZE)):
        start = row * SIZE  # (next_to_pile() written out: a call a cell is most of the time)
        for c in range(start + first_col, start + end_col):
            h = height[c]
            if h:
                if h < MAX_HEIGHT:
                    out.append(c)
            elif ((row and height[c - SIZE]) or (row < SIZE - 1 and height[c + SIZE])
                  or (c > start and height[c - 1]) or (c < start + SIZE - 1 and height[c + 1])):
                out.append(c)
    return out


class Foursquare(GameState):
    players = 1

    def __init__(self, deck):
        GameState.__init__(self)
        self.deck = deck  # the stock, top first; deck[len(history)] is the drawn card
        self.top = bytearray(CELLS)  # the top card's rank, 0 for an empty cell
        self.up = bytearray(CELLS)  # 1 when the top card is face up
        self.height = bytearray(CELLS)  # cards in the pile
        self.piles = 0
        self.down = 0  # face-down top cards
        self.box = None  # (first row, last row, first column, last column) of the piles
        self.row_flips = []  # the cells the last card turned over in its row ...
        self.col_flips = []  # ... and then in its column
        self.lost_reason = None

    # -- what a player sees ---------------------------------------------------------
    def card(self):
        """The rank of the drawn card, to place now (None once the game is over)."""
        if self.status != PLAYING:
            return None
        return self.deck[len(self.history)]

    def stock(self):
        """Cards left in the stock after the drawn card (the score, once won)."""
        return DECK - len(self.history) - (1 if self.status == PLAYING else 0)

    def unseen(self):
        """How many cards of each rank are still in the stock, the drawn card excluded
        (index rank - 1): what a player knows of the stock, never its order."""
        counts = bytearray([COPIES] * RANKS)
        for i in range(DECK - self.stock()):
            counts[self.deck[i] - 1] -= 1
        return counts

    def score(self):
        """Cards left in the stock at the end (None while playing)."""
        return None if self.status == PLAYING else self.stock()

    # -- placement ------------------------------------------------------------------
    def legal_moves(self):
        if self.status != PLAYING:
            return []
        return placements(self.height, self.box)

    def next_to_pile(self, cell):
        return next_to_pile(self.height, cell)

    def why_illegal(self, move):
        if not (isinstance(move, int) and 0 <= move < CELLS):
            return "there is no cell %r in the 7x7 window" % (move,)
        if self.status != PLAYING:
            return "the game is over"
        box = self.box
        if box is None:
            return None if move == CENTRE else "the first card goes on the centre, d4"
        h = self.height[move]
        if h:
            if h < MAX_HEIGHT:
                return None
            return "the pile on %s already holds 4 cards" % self.format_move(move)
        if not self.next_to_pile(move):
            return "%s is not next to a pile" % self.format_move(move)
        if not fits(box[0], box[1], box[2], box[3], move):
            return "%s would make the piles wider than 4 x 4" % self.format_move(move)
        return None

    def _apply(self, cell):
        card = self.deck[len(self.history)]
        top, up, height = self.top, self.up, self.height
        if self.box is None:  # the first card: no other pile to turn
            self.row_flips, self.col_flips = [], []
        else:
            self.row_flips, self.col_flips = flips(top, up, height, cell, card, self.box)
        if not height[cell]:
            self.piles += 1
            row, col = cell // SIZE, cell % SIZE
            if self.box is None:
                self.box = (row, row, col, col)
            else:
                b = self.box
                self.box = (min(b[0], row), max(b[1], row), min(b[2], col), max(b[3], col))
        elif not up[cell]:
            self.down -= 1  # a face-down pile is covered by a face-up card
        top[cell] = card
        up[cell] = 1
        height[cell] += 1
        for c in self.row_flips + self.col_flips:
            up[c] ^= 1
            self.down += 1 if not up[c] else -1
        self.end_of_turn(len(self.history) + 1)

    def end_of_turn(self, placed):
        if self.down > MAX_DOWN:
            self.status, self.lost_reason = LOST, TOO_MANY_DOWN
        elif self.piles == PILES_TO_WIN and self.down == 0:
            self.status, self.winner = WON, 1
        elif placed == DECK:
            self.status, self.lost_reason = LOST, STOCK_EMPTY

    # -- notation -------------------------------------------------------------------
    def parse_move(self, text):
        col, row = parse_cell(text, SIZE, SIZE)
        return row * SIZE + col

    def format_move(self, cell):
        return cell_name(cell % SIZE, cell // SIZE)

    def pile_text(self, cell):
        """'7u2': the top card's rank, u/d its face, the pile's height; '..' empty."""
        if not self.height[cell]:
            return ".."
        return "%d%s%d" % (self.top[cell], "u" if self.up[cell] else "d", self.height[cell])

    def rows(self):
        """The window, one string per row of 7 space-separated piles (pile_text)."""
        return [" ".join(self.pile_text(r * SIZE + c) for c in range(SIZE)) for r in range(SIZE)]

    def info(self):
        return {
            "card": self.card(),
            "stock": self.stock(),
            "piles": self.rows(),
            "down": self.down,
            "score": self.score(),
            "lost_reason": self.lost_reason,
        }


def new_state(players=None, variant=None, rng=None):
    check_setup("foursquare", players, variant, player_counts=(1,))
    return Foursquare(new_deck(rng))
