# Tic-tac-toe's board player: a cell that wins, else one that blocks, else a random free
# one (every level alike); a generator, as the controller steps a player's think().
from games.tictactoe.rules import LINES


def think(state, level=5, rng=None):
    yield
    moves = state.legal_moves()
    for who in (state.to_move, 3 - state.to_move):
        for m in moves:
            if any(m in line and all(c == m or state.board[c] == who for c in line) for line in LINES):
                return m
    return moves[rng.below(len(moves))] if rng else moves[0]
