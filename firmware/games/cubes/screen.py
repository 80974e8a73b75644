# The 7x7 cube game on the board: a press on an allowed cell places a cube. The board shows
# the placement rule: the cells where the next cube may go glow softly in the mover's
# colour, breathing (no glow looks like a cube); the last cube is at full level, older ones
# dimmer; every empty cell stays faintly lit (the board's edges show). The end: the winning
# four blink; a draw lights the ring in both colours and the empty cells blink dim white
# (no line through them can be completed any more, or nobody has a cube left for them).
from array import array

from app import colors, grid
from app.controller import ALTERNATE, RANDOM, GameController
from app.shared import FRAME_MS
from compat import const
from games.base import DRAW, PLAYING
from games.cubes.rules import CELLS, SIZE

TOP, LEFT = grid.area_origin(SIZE, SIZE)
# Levels chosen for what the LEDs get at the default 25 % brightness (see games/squeeze/screen.py):
# an empty cell white at 1 of 255 (the board's edges: lit, the dimmest), the glow 4..8
# in the mover's colour, breathing, an older cube 18, the last cube 64.
EMPTY = colors.scale(colors.WHITE, 1, 10)  # an empty cell: faint, yet lit
DEAD = colors.scale(colors.WHITE, 1, 3)  # an empty cell after a draw (blinks)
_GLOW_MS = const(300)  # the glow breathes: one step of GLOW_LEVELS this long
GLOW_LEVELS = (4, 5, 5, 4)  # sixteenths of the mover's colour (a cube: 8); >= 10 dE from an empty cell for every eye


# A move -> its key, made once (drawn every frame).
BOARD_CELLS = bytes(grid.cell(TOP + m // SIZE, LEFT + m % SIZE) for m in range(CELLS))
# the empty cells' colour, each cell's (Frame.paint); a cell where the next cube may go
# is drawn as the look _GLOW_LOOK (a palette index after the players')
EMPTY_CELLS = array("I", [EMPTY] * CELLS)
_GLOW_LOOK = const(3)


class Controller(GameController):
    player_colors = (colors.OFF, colors.PURPLE, colors.GREEN)  # as in the seed's pictures
    level_player = True
    window = (TOP, LEFT, SIZE)  # the simulator's labels: the board's own a..g, 1..7 (app/controller_text.py)
    first_starter = RANDOM  # [reading] the board picks the starter at random ...
    match_starter = ALTERNATE  # ... and alternates in a match

    def move_for_cell(self, cell):
        return grid.window_move(cell, TOP, LEFT, SIZE)

    def cell_for_move(self, move):
        return BOARD_CELLS[move]

    def end_cells(self):
        st = self.state
        if st.status == DRAW:
            return [BOARD_CELLS[m] for m in range(CELLS) if not st.board[m]]
        return [BOARD_CELLS[r * SIZE + c] for c, r in st.win_line or ()]

    def busy(self, now):
        # The glow breathes: the app draws it again as each step of the breath begins,
        # and only then (an idle game costs little, and settles like the others).
        breath = self.state.status == PLAYING and now % _GLOW_MS < FRAME_MS
        return GameController.busy(self, now) or breath

    def next_change(self, now):
        """Ms until the still picture changes by itself: the glow's next breath (the
        simulator's window sleeps until then)."""
        return _GLOW_MS - now % _GLOW_MS if self.state.status == PLAYING else None

    def allowed(self):
        """The cells where the next cube may go (none once over), worked out once a
        position: the glow is redrawn every breath, the legal moves change only with a
        move."""
        st = self.state
        key = (st, len(st.history))
        if getattr(self, "_allowed_key", None) != key:
            self._allowed, self._allowed_key = st.legal_moves(), key
        return self._allowed

    def palette(self):
        """The cubes' colours at half level (index: the player), made once for the
        players' colours; index _GLOW_LOOK is the glow, set at each drawing."""
        full = self.player_colors
        kept = getattr(self, "_palette", None)  # (the colours, the palette)
        if kept is None or kept[0] is not full:
            kept = self._palette = (full, array("I", [colors.scale(c, 1, 2) for c in full] + [0]))
        return kept[1]

    def draw_board(self, frame, now):
        st = self.state
        level = GLOW_LEVELS[(now // _GLOW_MS) % len(GLOW_LEVELS)]
        palette = self.palette()
        palette[_GLOW_LOOK] = colors.scale(self.player_colors[st.to_move], level, 16)
        # the board in one call (Frame.paint): the cubes at half level, the empty cells
        # glowing where the next may go; then the last cube placed at full level
        looks = bytearray(st.board)
        for m in self.allowed():
            looks[m] = _GLOW_LOOK
        frame.paint(BOARD_CELLS, looks, palette, array("I", [DEAD] * CELLS) if st.status == DRAW else EMPTY_CELLS)
        if st.last >= 0 and st.board[st.last]:
            frame.set(BOARD_CELLS[st.last], self.player_colors[st.board[st.last]])
        self.draw_ring(frame)
