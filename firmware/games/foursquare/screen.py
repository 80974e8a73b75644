# Foursquare on the board (rules: games/foursquare/rules.py, docs/rules/foursquare.md):
# the 7x7 window in the play area, the drawn card and the counts around it (Controller
# says what each key shows). Its scores are kept across power cycles in their own file.
from array import array

from app import colors, grid
from app.controller import GameController
from app.shared import FREE_PARTS, blink_on, call_part, pending, slice_of, unload
from compat import const, ticks_add, ticks_diff
from games.foursquare import rules
from games.base import LOST, PLAYING, WON

TOP, LEFT = grid.area_origin(rules.SIZE, rules.SIZE)  # the window: c3..i9
LEGEND_ROW = TOP - 1  # b2..k2: ranks 1..10
METER_ROW = TOP + rules.SIZE  # b10..f10: the face-down cards
BAR_ROW = METER_ROW + 1  # b11..k11: the drawn card
_FIRST_COL = const(1)  # the legend, meter and bar start in column b

# The rank ramp (index = rank): hues in rainbow order, low ranks warm, high ranks cold.
RANK_COLORS = (colors.OFF, 0xFF0000, 0xFF4800, 0xFFB000, 0x90FF00, 0x00FF30,
               0x00FFC0, 0x0090FF, 0x0000FF, 0x8000FF, 0xFF00C0)
CARD_BACK = colors.WHITE  # a face-down top card
HEIGHT_LEVEL = (0, 12, 15, 17, 20)  # a pile's level by height, in 20ths: taller is brighter
GLOW = colors.scale(colors.WHITE, 1, 10)  # an empty cell where the card may go
_LEGEND_DIM = const(2)  # the legend at half its colours, the drawn card's rank at full
STOCK_COLOR = colors.scale(colors.WHITE, 1, 3)  # the ring: cards left, every fifth brighter
FIFTH_STOCK = colors.WHITE
METER_COLOR = colors.ORANGE  # a face-down card on the meter
METER_EMPTY = colors.scale(colors.ORANGE, 1, 12)

_FLIP_MS = const(350)  # the row turns this long after the card lands, the column as long after
_FLASH_MS = const(150)  # a turning card flashes white this long, then shows its new face
_PEEK_MS = const(1500)  # a tap on the legend or the bar shows its answer this long
_LOOK_MS = const(3000)  # the end: the final piles this long, then each figure
_FIGURE_MS = const(1500)

# A rank as pips on a 3x3 block (bit k = cell k, row by row), as a die's faces; the 10 is
# the 9 with a white centre; a face-down pile shows a white cross (cells 1, 3, 5, 7).
PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D, 0x17D, 0x1EF, 0x1FF, 0x1FF)
PIPS_DOWN = const(0xAA)
_PIPS_SIZE = const(4)  # the piles' square, at most 4 x 4: 4 blocks of 3 fill the board

# 3x5 digits, 3 bits a row from the top row (the highest bits), the left column first.
DIGITS = (0o75557, 0o26227, 0o71747, 0o71717, 0o55711, 0o74717, 0o74757, 0o71222, 0o75757, 0o75717)


# every pile's colour, made once (a pile's look is its top card, face up or down, and
# its height): a lookup instead of a scale() a cell in the press's light; after them
# the glow of an empty cell where the card may go, so that the window is one
# Frame.paint (one native call on the Pico)
_HEIGHTS = const(5)  # heights 0..MAX_HEIGHT (HEIGHT_LEVEL)
PILE_COLORS = [colors.scale(RANK_COLORS[k // 2] if k % 2 else CARD_BACK, HEIGHT_LEVEL[h], 20)
               for k in range(2 * (rules.RANKS + 1)) for h in range(_HEIGHTS)] + [GLOW]  # (an array: below)
_GLOW_LOOK = const(110)  # GLOW's index in PILE_COLORS: 2 * (RANKS + 1) * _HEIGHTS
# The window and every row around it (the ring's count, the meter, the legend, the bar)
# are one Frame.paint (a native call costs a Pico's press ~0.1 ms): BOARD_CELLS, their
# looks (board_looks(): made once a move) indexing BOARD_COLORS, PILE_COLORS followed by
# the colours of the rows around the window (their indices: _STOCK.. below).
_RING_AT = const(49)  # where each part starts in BOARD_CELLS: the window's 49 cells first
_METER_AT = const(89)  # (the ring's 40 before it)
_LEGEND_AT = const(94)  # (the meter's 5)
_BAR_AT = const(104)  # (the legend's 10; the bar's 10 end it: 114 cells)
_METER = const(5)  # the meter's cells: MAX_DOWN + 1
BOARD_CELLS = bytes([grid.cell(TOP + m // rules.SIZE, LEFT + m % rules.SIZE) for m in range(rules.CELLS)]  # the window
                    + [c for c in grid.ring_cells() if c not in grid.CORNERS]  # the ring's 40 cells from b1
                    + [grid.cell(METER_ROW, _FIRST_COL + i) for i in range(_METER)]
                    + [grid.cell(LEGEND_ROW, _FIRST_COL + i) for i in range(rules.RANKS)]  # ranks 1..10
                    + [grid.cell(BAR_ROW, _FIRST_COL + i) for i in range(rules.RANKS)])
WINDOW_CELLS = memoryview(BOARD_CELLS)[:rules.CELLS]  # a move (a window cell) -> its key
RING = memoryview(BOARD_CELLS)[_RING_AT:_METER_AT]
_STOCK = const(111)  # the ring's stock cell, a fifth of them, a finished game's won and lost
_FIFTH = const(112)
_RING_WON = const(113)
_RING_LOST = const(114)
_METER_DOWN = const(115)  # the meter's face-down card, its empty place
_METER_EMPTY = const(116)
_LEGEND = const(116)  # + rank: the legend's dim rank
_RANK = const(126)  # + rank: a rank at full (the drawn card's)
_OFF = const(137)  # a dark cell (no pile, no glow, a dark cell of a row): no look is 0, so
# that Frame.paint needs no array of dark colours (its `empty`, RAM on a Pico)
BOARD_COLORS = PILE_COLORS = array("I", PILE_COLORS + [STOCK_COLOR, FIFTH_STOCK, colors.GREEN, colors.RED, METER_COLOR,
                                                        METER_EMPTY] + [colors.scale(c, 1, _LEGEND_DIM) for c in RANK_COLORS[1:]]
                                   + list(RANK_COLORS[1:]) + [colors.OFF])  # (the legend's dim ranks, the ranks at full)
# What the rows' looks are copied from (slices of a memoryview: a move's light allocates
# no bytes): the ring's stock (a count: its first cells), dark cells, the meter's face-down
# cards then its empty places (a count: 5 of them from the right place), the legend's.
_RING = const(40)
_DARK_TAPE = const(40)  # where each starts in _TAPE
_METER_TAPE = const(89)  # (after 49 dark cells: a fresh window's too)
_LEGEND_TAPE = const(99)
_TAPE = memoryview(bytes(_FIFTH if i % 5 == 4 else _STOCK for i in range(_RING)) + bytes((_OFF,)) * rules.CELLS
                   + bytes((_METER_DOWN,)) * _METER + bytes((_METER_EMPTY,)) * _METER
                   + bytes(range(_LEGEND + 1, _LEGEND + 1 + rules.RANKS)))


def glow_empty(glow, height, lo_r, hi_r, lo_c, hi_c, look):
    """glow[c] = look for each empty cell where the drawn card may go, given the piles'
    box (the rules' placements). On the Pico, games/foursquare/screen_viper.py's twin."""
    for m in rules.placements(height, (lo_r, hi_r, lo_c, hi_c)):
        if not height[m]:
            glow[m] = look


try:  # the Pico: the glow as native code
    from games.foursquare.screen_viper import glow_empty  # noqa: F811
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the function above
    pass


def pile_color(rank, up, height):
    return PILE_COLORS[(rank * 2 + up) * _HEIGHTS + height]


def draw_number(frame, value, color):
    """`value` in 3x5 digits, centred on the board (rows 4..8)."""
    text = str(value)
    left = (grid.SIZE - (4 * len(text) - 1)) // 2
    for i in range(len(text)):
        bits = DIGITS[ord(text[i]) - 48]
        for k in range(15):
            if bits >> (14 - k) & 1:
                frame.set(grid.cell(3 + k // 3, left + 4 * i + k % 3), color)


class Controller(GameController):
    """Foursquare on the board. The 7x7 window sits centred in the play area (c3..i9), one
    key per pile: a face-up pile shows its top card's rank as a colour (a ramp from red
    for the ace to magenta for the 10), brighter the taller the pile; a face-down pile
    shows a white card back; the empty cells where the card may go glow faintly.
    Around the window: the legend row (b2..k2, ranks 1..10, the drawn card's rank lit
    full) reads a colour back as a rank; the bar (b11..) is the drawn card, as long as
    its rank and in its colour; b10..f10 count the face-down cards (the fifth loses);
    the ring's 40 cells count the cards left in the stock. Taps: a legend key blinks
    the piles of that rank; the bar shows every pile's rank as pips, one 3x3 block a pile
    (a cue that needs no colour: the ramp is lost on a colour-blind eye). After a
    placement the turned cards flash, the row first, then the column. No undo (the deal
    is fixed). The end: the window shows the score, the best score, the games won and
    played in turn (digits), between looks at the final piles; these stats are kept
    across power cycles in their own file.
    """
    player_colors = (colors.OFF, colors.WHITE)
    ahead_parts = ("games.foursquare.scores",)
    window = (TOP, LEFT, rules.SIZE)  # the simulator's labels: the window's own a..g, 1..7 (the moves' notation)
    words = "games.foursquare.words"  # its state (the stats, the hint's key) and status line

    def __init__(self, app, setup, moves=()):
        GameController.__init__(self, app, setup, moves)
        self.stats = call_part("games.foursquare.scores", "load", app.storage)
        self.hint_cell = None  # the key the hint shows
        self.hint_wanted = False  # HINT pressed before the hint was ready: worked out once the press has lit
        # the hint for the card drawn, worked out ahead while the board waits (ahead()):
        # [the state, its moves, the search (a generator) or None, the key once found]
        self.hint_ahead = None
        self.hint_at = 0  # ticks when HINT was pressed
        self.peek = None  # (what, rank or None) a tap on the legend or the bar asked
        self.peek_until = None
        self.end_start = None  # ticks when the game ended here (the end's slides)
        self.stats_unsaved = False  # a game counted: its file is written with the save

    # -- keys -------------------------------------------------------------------------------
    def move_for_cell(self, cell):
        return grid.window_move(cell, TOP, LEFT, rules.SIZE)

    def cell_for_move(self, move):
        return WINDOW_CELLS[move]

    def tap(self, cell, now):
        if cell == grid.HINT and self.state.status == PLAYING:
            self.hint_at = now  # its key blinks from now, lit first: the press's own answer
            self.hint_cell = self.hint_found()
            # not found yet: in busy(), the rest of its look-ahead, after the light
            self.hint_wanted = self.hint_cell is None
        GameController.tap(self, cell, now)

    def hint_search(self):
        """The hint's search for the card drawn now ([state, moves, search, key]), begun
        afresh when the state has moved on. games.foursquare.hint is loaded for the
        search and freed once it is done (see hint_done): RAM on a Pico (~6 KB)."""
        st = self.state
        ahead = self.hint_ahead
        if ahead is None or ahead[0] is not st or ahead[1] != len(st.history):
            from games.foursquare.hint import think

            ahead = self.hint_ahead = [st, len(st.history), think(st), None]
        return ahead

    def hint_found(self):
        """The hint's key, if its search for the card drawn is done (never begun here: a
        press's own path loads no module)."""
        ahead = self.hint_ahead
        st = self.state
        if ahead is None or ahead[0] is not st or ahead[1] != len(st.history):
            return None
        return ahead[3] if ahead[2] is None else None

    def hint_done(self, move):
        ahead = self.hint_ahead
        ahead[2] = None
        ahead[3] = WINDOW_CELLS[move]
        if FREE_PARTS:  # (the search is gone: nothing holds the module any more)
            unload("games.foursquare.hint")

    def ahead(self, now):
        """While no key is down (app.App.step): a slice of the hint's look-ahead for the
        card drawn (up to ~0.35 s in all on a Pico), so that HINT shows it at once. True
        while there is more. Its garbage (~40 KB at most) is left to the collection
        after the next move's save (app.App.step): a collection here (~16 ms on a Pico)
        would be waited for by a press that lands in it."""
        if self.state.status != PLAYING:
            return False
        ahead = self.hint_search()
        if ahead[2] is not None:
            done = slice_of(self.app, ahead[2])
            if done is not None:
                self.hint_done(done.value)
        return ahead[2] is not None

    def find_hint(self):
        """The hint's look-ahead run through (HINT pressed before it was ready)."""
        ahead = self.hint_search()
        if ahead[2] is not None:
            from games.foursquare.hint import run

            self.hint_done(run(ahead[2]))
        self.hint_cell = ahead[3]

    def press(self, cell, now):
        row, col = grid.row_col(cell)
        if row in (LEGEND_ROW, BAR_ROW) and _FIRST_COL <= col < _FIRST_COL + rules.RANKS:
            rank = col - _FIRST_COL + 1
            if row == BAR_ROW:
                self.peek = ("pips", None)
            else:
                self.peek = ("rank", rank)
            self.peek_until = ticks_add(now, _PEEK_MS)
            self.error = None
            return
        playing = self.state.status == PLAYING
        GameController.press(self, cell, now)
        if playing and self.state.status != PLAYING:
            self.end_start = now
            self.count_game(self.state.status == WON)

    def hold(self, cell, now):
        if cell == grid.NEW:
            st = self.state
            if st.status == PLAYING and st.history:
                self.count_game(False)  # a game given up counts as played, not won
            self.setup = dict(self.setup)
            old = self.setup.get("seed") or 0
            seed = (now * 7919 + old * 31 + 1) & 0x3FFFFFFF
            self.setup["seed"] = seed if seed != old else seed + 1  # a new deal
            self.next_game = None  # (made ahead from the old seed)
            self.end_start = None
            self.peek = None  # a peek asked in the old deal is gone with it
            self.peek_until = None
        GameController.hold(self, cell, now)

    def undo(self, now):
        self.refuse((grid.UNDO,), now, "no undo in Foursquare: the deal is fixed, so undoing would show the next card")

    def count_game(self, won):
        stats = self.stats
        stats["played"] += 1
        if won:
            stats["won"] += 1
            score = self.state.score()
            if stats["best"] is None or score > stats["best"]:
                stats["best"] = score
        self.stats_unsaved = True  # (a flash write: with the save that a game won, or given
        # up for a new deal, always has after its press has lit)

    def save(self):
        saved = GameController.save(self)
        if self.stats_unsaved:
            self.stats_unsaved = False
            call_part("games.foursquare.scores", "save", self.app.storage, self.stats)
        return saved

    # -- the flips' animation --------------------------------------------------------------------
    def on_played(self, move, now):
        st = self.state
        self.hint_cell = None
        self.hint_wanted = False
        if st.row_flips or st.col_flips:
            self.anim_start = now

    def col_at(self):
        return 2 * _FLIP_MS if self.state.row_flips else _FLIP_MS

    def animating(self, now):
        if self.anim_start is None:
            return False
        return ticks_diff(now, self.anim_start) < self.col_at() + _FLASH_MS

    def busy(self, now):
        if self.hint_wanted:
            self.hint_wanted = False
            if self.state.status == PLAYING:
                self.find_hint()
                self.app.dirty = True
        self.peek_until = pending(self.peek_until, now)
        return GameController.busy(self, now) or self.peek_until is not None

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self, frame, now):
        st = self.state
        self.draw_piles(frame, now)  # (the rows around the window too: board_looks())
        if pending(self.peek_until, now):
            self.draw_peek(frame, now)
        if st.status != PLAYING:
            if self.end_start is None:  # a finished game resumed: its slides from now
                self.end_start = now
            self.draw_end(frame, now)

    def window_looks(self):
        """Each window cell's look (its PILE_COLORS index; _OFF: no pile), kept from move to
        move: a move changes its own pile and those it turned, so only they are worked
        out again (the whole window for another deal). Nothing is allocated in a move's
        light (an allocation costs a Pico's press ~0.1 ms in its full heap)."""
        st = self.state
        moves = len(st.history)
        looks = getattr(self, "_looks", None)  # (for the state _looks_of after _looks_at moves)
        if looks is not None and self._looks_of is st and self._looks_at == moves:
            return looks
        height, top, up = st.height, st.top, st.up
        if looks is not None and self._looks_of is st and self._looks_at == moves - 1:
            m = st.history[-1]
            looks[m] = (top[m] * 2 + up[m]) * _HEIGHTS + height[m]
            for m in st.row_flips:
                looks[m] = (top[m] * 2 + up[m]) * _HEIGHTS + height[m]
            for m in st.col_flips:
                looks[m] = (top[m] * 2 + up[m]) * _HEIGHTS + height[m]
        else:
            looks = self._looks = bytearray(_TAPE[_DARK_TAPE:_DARK_TAPE + rules.CELLS])
            for m in range(rules.CELLS):
                if height[m]:
                    looks[m] = (top[m] * 2 + up[m]) * _HEIGHTS + height[m]
        self._looks_of, self._looks_at = st, moves
        return looks

    def board_looks(self):
        """The looks of BOARD_CELLS (indices of BOARD_COLORS, never 0), made once a move
        (not every frame of its flips), in the same array: each pile's (window_looks()),
        the glow where the card may go; the ring's count of the cards left in the stock
        (every fifth brighter; the whole count green once won, red once lost); the
        meter's face-down cards; the legend dim, the drawn card's rank at full, and the
        bar as long as it."""
        st = self.state
        looks = self.window_looks()
        board = getattr(self, "_board", None)  # (for the state and moves of the looks)
        if board is not None and self._board_of is st and self._board_at == self._looks_at:
            return board
        if board is None:
            board = self._board = bytearray(len(BOARD_CELLS))
        self._board_of, self._board_at = st, self._looks_at
        board[:rules.CELLS] = looks
        box = st.box
        if st.status != PLAYING:
            pass  # no card to place
        elif box is None:
            board[rules.CENTRE] = _GLOW_LOOK  # the first card's only cell
        else:
            glow_empty(board, st.height, box[0], box[1], box[2], box[3], _GLOW_LOOK)
        tape = _TAPE
        count = min(st.stock(), _RING)
        if st.status == PLAYING:
            board[_RING_AT:_RING_AT + count] = tape[:count]
        else:  # (the game is over: its press may take the time)
            board[_RING_AT:_RING_AT + count] = bytes((_RING_WON if st.status == WON else _RING_LOST,)) * count
        board[_RING_AT + count:_METER_AT] = tape[_DARK_TAPE:_DARK_TAPE + _RING - count]
        down = min(st.down, _METER)
        board[_METER_AT:_LEGEND_AT] = tape[_METER_TAPE + _METER - down:_METER_TAPE + 2 * _METER - down]
        board[_LEGEND_AT:_BAR_AT] = tape[_LEGEND_TAPE:_LEGEND_TAPE + rules.RANKS]
        card = st.card() or 0
        if card:
            board[_LEGEND_AT + card - 1] = _RANK + card
        for c in range(_BAR_AT, _BAR_AT + card):
            board[c] = _RANK + card
        board[_BAR_AT + card:] = tape[_DARK_TAPE:_DARK_TAPE + rules.RANKS - card]
        return board

    def draw_piles(self, frame, now):
        """The window and the rows around it in one Frame.paint (board_looks()), then
        the turning cards of the last move's flips."""
        st = self.state
        frame.paint(BOARD_CELLS, self.board_looks(), BOARD_COLORS, BOARD_COLORS)  # (no look 0: no `empty`)
        if not self.animating(now):
            return
        t = ticks_diff(now, self.anim_start)
        for cells, at in ((st.row_flips, _FLIP_MS), (st.col_flips, self.col_at())):
            for m in cells:
                if t < at:  # not turned yet: its old face
                    color = pile_color(st.top[m], 1 - st.up[m], st.height[m])
                elif t < at + _FLASH_MS:
                    color = colors.WHITE
                else:
                    continue
                frame.set(WINDOW_CELLS[m], color)

    def draw_peek(self, frame, now):
        what, rank = self.peek
        if what == "pips":
            return  # over the corners too: draw()
        st = self.state
        frame.set(grid.cell(LEGEND_ROW, _FIRST_COL + rank - 1), RANK_COLORS[rank])
        if not blink_on(now):
            for m in range(rules.CELLS):
                if st.height[m] and st.up[m] and st.top[m] == rank:
                    frame.set(WINDOW_CELLS[m], colors.WHITE)

    def draw_pips(self, frame):
        """Every pile's top card as pips (PIPS) on a 3x3 block, the piles' square (4 x 4
        at most) filling the board: the rank read without its colour."""
        st = self.state
        rows = [m // rules.SIZE for m in range(rules.CELLS) if st.height[m]]
        cols = [m % rules.SIZE for m in range(rules.CELLS) if st.height[m]]
        for c in range(grid.SIZE * grid.SIZE):
            frame.set(c, colors.OFF)
        if not rows:
            return
        top = min(min(rows), rules.SIZE - _PIPS_SIZE)
        left = min(min(cols), rules.SIZE - _PIPS_SIZE)
        for m in range(rules.CELLS):
            r, c = m // rules.SIZE - top, m % rules.SIZE - left
            if not st.height[m] or not (0 <= r < _PIPS_SIZE and 0 <= c < _PIPS_SIZE):
                continue
            rank = st.top[m]
            bits, color = (PIPS[rank], RANK_COLORS[rank]) if st.up[m] else (PIPS_DOWN, CARD_BACK)
            for k in range(9):
                if bits >> k & 1:
                    frame.set(grid.cell(3 * r + k // 3, 3 * c + k % 3),
                              colors.WHITE if k == 4 and rank == rules.RANKS and st.up[m] else color)

    def clear_window(self, frame):
        for r in range(2, 10):
            for c in range(1, 11):
                frame.set(grid.cell(r, c), colors.OFF)

    def end_figures(self):
        """What the end shows in turn: (value, colour) of the score, the best score,
        the games won, the games played."""
        st = self.state
        s = self.stats
        best = s["best"] if s["best"] is not None else 0
        return ((st.score(), colors.GREEN if st.status == WON else colors.RED), (best, colors.YELLOW),
                (s["won"], colors.CYAN), (s["played"], colors.WHITE))

    def draw_end(self, frame, now):
        figures = self.end_figures()
        t = ticks_diff(now, self.end_start) % (_LOOK_MS + _FIGURE_MS * len(figures))
        if t < _LOOK_MS:
            return
        value, color = figures[(t - _LOOK_MS) // _FIGURE_MS]
        self.clear_window(frame)
        draw_number(frame, value, color)

    def end_cells(self):
        st = self.state
        if st.status == LOST and st.lost_reason == rules.TOO_MANY_DOWN:
            return [WINDOW_CELLS[m] for m in range(rules.CELLS) if st.height[m] and not st.up[m]]
        return []

    def draw_hint(self, frame, now):
        if self.hint_cell is not None and self.state.status == PLAYING and blink_on(ticks_diff(now, self.hint_at)):
            frame.set(self.hint_cell, colors.WHITE)

    def draw(self, frame, now):
        GameController.draw(self, frame, now)
        if not (pending(self.flash_until, now) and grid.UNDO in self.flash_cells):
            frame.set(grid.UNDO, colors.OFF)  # no undo in this game
        if self.peek and self.peek[0] == "pips" and pending(self.peek_until, now):
            self.draw_pips(frame)  # the whole board, the corners' blocks too, for a moment
