# Connect Four (docs/rules/connect4.md): 7 columns x 6 rows, discs fall to the lowest
# empty cell, four in a row wins, a full board is a draw. Moves are columns 0..6,
# written "1".."7".
from compat import const
from games.base import DRAW, PLAYING, WON, GameState, check_setup, four_in_a_row, has_four

COLUMNS = const(7)
ROWS = const(6)
FIRST_PLAYER = 1  # [reading] the board starts with player 1


class Connect4(GameState):
    def __init__(self):
        GameState.__init__(self)
        self.to_move = FIRST_PLAYER
        self.board = bytearray(COLUMNS * ROWS)  # row 0 on top; 0 empty, else player
        self.win_line = None  # the winning cells [(col, row)...] once won

    def at(self, col, row):
        return self.board[row * COLUMNS + col]

    def drop_row(self, col):
        """The row a disc dropped in `col` lands on, or -1 if the column is full."""
        for row in range(ROWS - 1, -1, -1):
            if not self.board[row * COLUMNS + col]:
                return row
        return -1

    def legal_moves(self):
        if self.status != PLAYING:
            return []
        return [c for c in range(COLUMNS) if not self.board[c]]

    def why_illegal(self, move):
        if not (isinstance(move, int) and 0 <= move < COLUMNS):
            return "there is no column %r" % (move,)
        if self.board[move]:
            return "column %d is full" % (move + 1)
        return None

    def _apply(self, col):
        row = self.drop_row(col)
        who = self.to_move
        self.board[row * COLUMNS + col] = who
        if has_four(self.board, COLUMNS, ROWS, col, row, who):
            self.win_line = four_in_a_row(self.at, COLUMNS, ROWS, col, row, who)
        if self.win_line:
            self.status, self.winner = WON, who
        elif len(self.history) + 1 == COLUMNS * ROWS:
            self.status = DRAW
        self.to_move = 3 - who

    def parse_move(self, text):
        t = text.strip()
        if len(t) != 1 or not "1" <= t <= "7":
            raise ValueError("'%s' is not a column: give a digit 1..7" % text.strip())
        return int(t) - 1

    def format_move(self, col):
        return str(col + 1)

    def rows(self):
        marks = ".XO"
        return ["".join(marks[self.at(c, r)] for c in range(COLUMNS)) for r in range(ROWS)]


def new_state(players=None, variant=None, rng=None):
    check_setup("connect4", players, variant)
    return Connect4()
