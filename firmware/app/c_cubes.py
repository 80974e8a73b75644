# The 7x7 cube game on the board: the grid centred in the play area, a press on an
# allowed cell places a cube there. The placement rule is hard to follow, so the board
# shows it: the cells where the next cube may go glow softly in the mover's colour,
# and the last cube placed is at full level while the other cubes are dimmer.
# The end: the winning four blink; a draw lights the ring in both colours, and the
# empty cells blink dim white: no line through them can be completed any more (an
# early draw) or nobody has a cube left for them.
from app import colors, grid
from app.controller import ALTERNATE, RANDOM, GameController
from games.base import DRAW
from games.cubes import CELLS, SIZE

TOP, LEFT = grid.area_origin(SIZE, SIZE)
EMPTY = colors.scale(colors.WHITE, 1, 32)  # an empty cell: the board is faintly visible
DEAD = colors.scale(colors.WHITE, 1, 6)  # an empty cell after a draw (blinks)


def board_cell(move):
    return grid.cell(TOP + move // SIZE, LEFT + move % SIZE)


class Controller(GameController):
    player_colors = (colors.OFF, colors.PURPLE, colors.GREEN)  # as in the seed's pictures
    first_starter = RANDOM  # [reading] the board picks the starter at random ...
    match_starter = ALTERNATE  # ... and alternates in a match

    def move_for_cell(self, cell):
        row, col = grid.row_col(cell)
        row, col = row - TOP, col - LEFT
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return row * SIZE + col
        return None

    def cell_for_move(self, move):
        return board_cell(move)

    def end_cells(self):
        st = self.state
        if st.status == DRAW:
            return [board_cell(m) for m in range(CELLS) if not st.board[m]]
        return [board_cell(r * SIZE + c) for c, r in st.win_line or ()]

    def draw_board(self, frame, now):
        st = self.state
        glow = colors.scale(self.player_colors[st.to_move], 1, 4)
        allowed = bytearray(CELLS)  # 1 where the next cube may go (none once over)
        for m in st.legal_moves():
            allowed[m] = 1
        for m in range(CELLS):
            who = st.board[m]
            if who:
                color = self.player_colors[who]
                if m != st.last:
                    color = colors.scale(color, 1, 2)
            elif allowed[m]:
                color = glow
            else:
                color = DEAD if st.status == DRAW else EMPTY
            frame.set(board_cell(m), color)
        self.draw_ring(frame)
