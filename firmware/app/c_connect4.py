# Connect Four on the board: the 7x6 grid centred in the play area; a press on any
# cell of a column, or on the ring cell above it, drops a disc there.
from app import colors, grid
from app.controller import FIXED, MATCH_SETTING, GameController
from compat import const, ticks_diff
from games.base import PLAYING
from games.connect4 import COLUMNS, ROWS

TOP, LEFT = grid.area_origin(COLUMNS, ROWS)
_FALL_MS_PER_ROW = const(35)  # the falling disc's speed
EMPTY = colors.scale(colors.BLUE, 1, 12)  # an empty hole of the frame


class Controller(GameController):
    player_colors = (colors.OFF, colors.YELLOW, colors.RED)
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
        return grid.cell(0, LEFT + col)

    def axis_labels(self):
        cols = [""] * grid.SIZE
        for c in range(COLUMNS):
            cols[LEFT + c] = str(c + 1)
        rows = [""] * grid.SIZE
        return cols, cols, rows, rows

    def refused_cells(self, cell, col):
        # A full column: flash the whole column, so players see why.
        return [grid.cell(TOP + r, LEFT + col) for r in range(ROWS)] + [cell]

    def on_played(self, col, now):
        self.anim_start = now
        self.anim_col = col

    def animating(self, now):
        return self.anim_start is not None and ticks_diff(now, self.anim_start) < _FALL_MS_PER_ROW * ROWS

    def end_cells(self):
        line = self.state.win_line or ()
        return [grid.cell(TOP + r, LEFT + c) for c, r in line]

    def draw_board(self, frame, now):
        st = self.state
        falling = None  # (col, row now, row it lands on) while the last disc falls
        if self.animating(now):
            for r in range(ROWS):
                if st.at(self.anim_col, r):
                    land = r
                    break
            falling = (self.anim_col, min(land, ticks_diff(now, self.anim_start) // _FALL_MS_PER_ROW), land)
        empty = EMPTY
        board, player_colors, put = st.board, self.player_colors, frame.set
        hole = -1 if not falling else falling[2] * COLUMNS + falling[0]  # the falling disc's landing
        for r in range(ROWS):
            i = r * COLUMNS
            cell = grid.cell(TOP + r, LEFT)
            for c in range(COLUMNS):
                who = board[i] if i != hole else 0  # st.at(c, r)
                put(cell, player_colors[who] if who else empty)
                i += 1
                cell += 1
        if falling:
            who = st.at(falling[0], falling[2])
            frame.set(grid.cell(TOP + falling[1], LEFT + falling[0]), self.player_colors[who])
        self.draw_ring(frame)

    def draw_ring(self, frame):
        GameController.draw_ring(self, frame)
        if self.state.status == PLAYING:  # the drop keys, brighter
            color = self.player_colors[self.state.to_move]
            for col in self.state.legal_moves():
                frame.set(self.cell_for_move(col), color)
