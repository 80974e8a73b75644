"""The yardsticks the board's players are measured against: a plain Monte Carlo tree
search (UCT, uniformly random playouts, the most visited move; its exploration
constant per game, EXPLORATION, the winner of a round robin of constants:
host_tools/tune_mcts.py), in C
(host_tools/mcts.c, built with the host's gcc into build/ the first time it is asked:
Python would take minutes a move at 10,000 playouts), and an exact Connect Four
solver of its own (bitboards) that checks the board's exact play. Host only, no part
of the firmware. Their rules are checked against the firmware's (tests/host/test_mcts.py).

    from host_tools import mcts
    move = mcts.move(state, "connect4", playouts=10000, seed=1)
"""
import ctypes
import hashlib
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "host_tools", "mcts.c")
GAMES = {"connect4": 0, "squeeze": 1, "cubes": 2}
# UCB1's exploration constant c per game (the mean reward + c * sqrt(ln N / n)): the
# strongest of a round robin at 10,000 playouts, 100 games a pair (python -m host_tools.tune_mcts; the
# table is in docs/MAKERS.md; Squeeze's 0.35 beat 0.25 and every other). sqrt 2,
# the textbook's, lost in every game.
EXPLORATION = {"connect4": 0.5, "squeeze": 0.35, "cubes": 0.7}

_lib = []


def library():
    """The compiled yardstick (built once per version of mcts.c)."""
    if _lib:
        return _lib[0]
    with open(SOURCE, "rb") as f:
        tag = hashlib.sha1(f.read()).hexdigest()[:12]
    out = os.path.join(ROOT, "build", "mcts-%s.so" % tag)
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        part = "%s.%d" % (out, os.getpid())
        subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", part, SOURCE, "-lm"], check=True)
        os.replace(part, out)
    lib = ctypes.CDLL(out)
    lib.mcts_move.restype = ctypes.c_int
    lib.mcts_move.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int,
                              ctypes.c_int, ctypes.c_uint32, ctypes.c_double]
    for name in ("mcts_legal", "mcts_status"):
        getattr(lib, name).restype = ctypes.c_int
        getattr(lib, name).argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_int)]
    lib.c4_solve.restype = ctypes.c_long
    lib.c4_solve.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    lib.c4_value.restype = ctypes.c_int
    lib.c4_value.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int, ctypes.c_int]
    _lib.append(lib)
    return lib


def _args(game, history):
    if game not in GAMES:
        raise ValueError("the yardstick plays %s only" % ", ".join(GAMES))
    start = b"\0" * 100
    if game == "squeeze":
        from games.squeeze.rules import start_position

        start = bytes(start_position()[0])
    hist = (ctypes.c_int * max(1, len(history)))(*history)
    return GAMES[game], start, hist, len(history)


def move(state, game, playouts=10000, seed=0, c=None):
    """The yardstick's move in `state` (a firmware state of `game`), with exploration
    constant `c` (default: the game's, EXPLORATION)."""
    if c is None:
        c = EXPLORATION[game]
    m = library().mcts_move(*_args(game, state.history), playouts, seed & 0xFFFFFFFF, float(c))
    if m < 0:
        raise ValueError("no move: the game is over, or its history is not legal for the yardstick")
    return m


def legal(game, history):
    """The yardstick's legal moves after `history` (the firmware's move numbers)."""
    out = (ctypes.c_int * 64)()
    k = library().mcts_legal(*_args(game, history), out)
    if k < 0:
        raise ValueError("an illegal move in the history")
    return list(out[:k])


def status(game, history):
    """(status, winner, to_move) after `history`: 'playing' / 'won' / 'draw'."""
    out = (ctypes.c_int * 3)()
    if library().mcts_status(*_args(game, history), out) < 0:
        raise ValueError("an illegal move in the history")
    return ("playing", "won", "draw")[out[0]], out[1] or None, out[2]


def solve_connect4(history):
    """Connect Four, exactly, by a solver of its own (bitboards, not the firmware's):
    {column: value for the side to move, 1 win / 0 draw / -1 loss} after `history`."""
    out = (ctypes.c_int * 7)()
    hist = (ctypes.c_int * max(1, len(history)))(*history)
    if library().c4_solve(hist, len(history), out) < 0:
        raise ValueError("an illegal move in the history")
    return {c: out[c] for c in range(7) if out[c] != -2}


def value_connect4(history, alpha=-1, beta=1):
    """The value of the position after `history` for the side to move, searched in the
    window (alpha, beta) (-1 <= alpha < beta <= 1): a result <= alpha is an upper bound,
    one >= beta a lower bound, between them exact (the full window: exact)."""
    hist = (ctypes.c_int * max(1, len(history)))(*history)
    v = library().c4_value(hist, len(history), alpha, beta)
    if v == -9:
        raise ValueError("an illegal move in the history")
    return v
