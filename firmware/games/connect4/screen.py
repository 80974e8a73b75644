# Connect Four on the board: the 7x6 grid centred in the play area; a press on any
# cell of a column, or on the ring cell above it, drops a disc there.
from array import array

from app import colors, grid
from app.controller import FIXED, MATCH_SETTING, GameController
from compat import const, ticks_diff
from games.base import PLAYING
from games.connect4.rules import COLUMNS, ROWS

TOP, LEFT = grid.area_origin(COLUMNS, ROWS)
# the grid's cells in the rules' board order (row 0 on top), and their colour empty:
# the board is drawn in one call (Frame.paint), the press's light is quicker
BOARD_CELLS = bytes(grid.cell(TOP + r, LEFT + c) for r in range(ROWS) for c in range(COLUMNS))
EMPTY = array("I", [colors.scale(colors.BLUE, 1, 12)] * (ROWS * COLUMNS))
DROP_CELLS = bytes(grid.cell(0, LEFT + c) for c in range(COLUMNS))  # the ring keys above the columns
_FALL_MS_PER_ROW = const(35)  # the falling disc's speed


class Controller(GameController):
    player_colors = (colors.OFF, colors.YELLOW, colors.RED)
    level_player = True
    window = (TOP, LEFT, COLUMNS, None)  # the simulator's labels: the columns 1..7, above and below
    first_starter = FIXED  # [reading] player 1 (yellow) starts ...
    match_starter = MATCH_SETTING  # ... then "loser starts next" or "alternate starter"
    where_to_press = "press a column, or the ring key above it"

    def move_for_cell(self, cell):
        row, col = grid.row_col(cell)
        col -= LEFT
        if 0 <= col < COLUMNS and (row == 0 or TOP <= row < TOP + ROWS):
            return col
        return None

    def cell_for_move(self, col):
        return DROP_CELLS[col]

    def hint_cells(self, col):
        """HINT's strongest move blinks where it drops (the ring key) and where it lands."""
        board = self.state.board
        land = 0
        while land < ROWS - 1 and not board[(land + 1) * COLUMNS + col]:
            land += 1
        return (DROP_CELLS[col], BOARD_CELLS[land * COLUMNS + col])

    def refused_cells(self, cell, col):
        # A full column: flash the whole column, so players see why.
        return [BOARD_CELLS[r * COLUMNS + col] for r in range(ROWS)] + [cell]

    def on_played(self, col, now):
        self.anim_start = now
        self.anim_col = col

    def animating(self, now):
        return self.anim_start is not None and ticks_diff(now, self.anim_start) < _FALL_MS_PER_ROW * ROWS

    def end_cells(self):
        line = self.state.win_line or ()
        return [BOARD_CELLS[r * COLUMNS + c] for c, r in line]

    def palette(self):
        """The players' colours as Frame.paint takes them, made once for the colours."""
        kept = getattr(self, "_palette", None)  # (the colours, the palette)
        if kept is None or kept[0] is not self.player_colors:
            kept = self._palette = (self.player_colors, array("I", self.player_colors))
        return kept[1]

    def draw_board(self, frame, now):
        st = self.state
        board = st.board
        frame.paint(BOARD_CELLS, board, self.palette(), EMPTY)
        if self.animating(now):  # the last disc falls: its cell empty until it is there
            col = self.anim_col
            land = 0
            while land < ROWS - 1 and not board[land * COLUMNS + col]:
                land += 1
            hole = land * COLUMNS + col
            frame.set(BOARD_CELLS[hole], EMPTY[hole])
            row = min(land, ticks_diff(now, self.anim_start) // _FALL_MS_PER_ROW)
            frame.set(BOARD_CELLS[row * COLUMNS + col], self.player_colors[board[hole]])
        self.draw_ring(frame)

    def draw_ring(self, frame):
        GameController.draw_ring(self, frame)
        st = self.state
        if st.status == PLAYING:  # the drop keys of the columns not full, brighter
            color = self.player_colors[st.to_move]
            board = st.board
            for col in range(COLUMNS):
                if not board[col]:
                    frame.set(DROP_CELLS[col], color)
