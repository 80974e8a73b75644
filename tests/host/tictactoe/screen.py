# Tic-tac-toe on the board: its 3x3 cells at the centre of the play area (BOARD_CELLS: the
# keys of the rules' board, which also names its pieces on the page: web/keys.py).
from app import colors, grid
from app.controller import GameController

TOP, LEFT = grid.area_origin(3, 3)
BOARD_CELLS = bytes(grid.cell(TOP + c // 3, LEFT + c % 3) for c in range(9))


class Controller(GameController):
    player_colors = (colors.OFF, colors.YELLOW, colors.RED)
    level_player = True  # the board plays a seat (player.py), and the attract demo plays it

    def move_for_cell(self, cell):
        return BOARD_CELLS.index(cell) if cell in BOARD_CELLS else None

    def cell_for_move(self, move):
        return BOARD_CELLS[move]

    def draw_board(self, frame, now):
        for c in range(9):
            frame.set(BOARD_CELLS[c], self.player_colors[self.state.board[c]] or colors.scale(colors.WHITE, 1, 16))
        self.draw_ring(frame)
