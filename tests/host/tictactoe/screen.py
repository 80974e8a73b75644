# Tic-tac-toe on the board: its 3x3 cells at the centre of the play area.
from app import colors, grid
from app.controller import GameController

TOP, LEFT = grid.area_origin(3, 3)
CELLS = bytes(grid.cell(TOP + c // 3, LEFT + c % 3) for c in range(9))


class Controller(GameController):
    player_colors = (colors.OFF, colors.YELLOW, colors.RED)

    def move_for_cell(self, cell):
        return CELLS.index(cell) if cell in CELLS else None

    def cell_for_move(self, move):
        return CELLS[move]

    def draw_board(self, frame, now):
        for c in range(9):
            frame.set(CELLS[c], self.player_colors[self.state.board[c]] or colors.scale(colors.WHITE, 1, 16))
        self.draw_ring(frame)
