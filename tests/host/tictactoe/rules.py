# Tic-tac-toe: a game the README's "Adding a game" steps add in a test
# (tests/host/test_adding_a_game.py), as a folder and one catalog line. 3x3, three in a
# row wins, a full board is a draw. Moves are cells 0..8, written "a1".."c3".
from games.base import DRAW, PLAYING, WON, GameState, cell_name, check_setup, parse_cell

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe(GameState):
    def __init__(self):
        GameState.__init__(self)
        self.board = bytearray(9)

    def legal_moves(self):
        return [c for c in range(9) if not self.board[c]] if self.status == PLAYING else []

    def why_illegal(self, move):
        if not (isinstance(move, int) and 0 <= move < 9):
            return "there is no cell %r" % (move,)
        return "%s is taken" % self.format_move(move) if self.board[move] else None

    def _apply(self, cell):
        who = self.to_move
        self.board[cell] = who
        if any(all(self.board[c] == who for c in line) for line in LINES):
            self.status, self.winner = WON, who
        elif all(self.board):
            self.status = DRAW
        self.to_move = 3 - who

    def parse_move(self, text):
        col, row = parse_cell(text.strip(), 3, 3)
        return row * 3 + col

    def format_move(self, cell):
        return cell_name(cell % 3, cell // 3)

    def rows(self):
        return ["".join(".XO"[self.board[r * 3 + c]] for c in range(3)) for r in range(3)]


def new_state(players=None, variant=None, rng=None):
    check_setup("Tic-tac-toe", players, variant)
    return TicTacToe()
