# The Pico's fast path for a Squeeze move (SqueezeState._apply): its line check, its
# squeeze's seeds, its squeeze and its launches' new arrival cells as viper (native Thumb
# code). A move runs them in its press's light, where their bytecode loops took about
# 0.9 ms on the virtual Pico. Only MicroPython with a native emitter loads this module:
# elsewhere games/squeeze/rules.py uses its bytecode twins (seeds_behind_py, ...), which
# compute the very same cells; tests/firmware/test_squeeze.py plays games both ways
# where both exist.
import micropython
from micropython import const

_SIZE = const(10)
_HALF = const(5)
_CELLS = const(100)
_BLUE = const(2)
_NONE = const(255)


@micropython.viper
def line_run(board: ptr8, cell: int, colour: int) -> int:
    """line_through's search: 0 if no line of 4+ of `colour` passes `cell` (taken as
    `colour`), else its first cell + 1, its cell step << 8 and its length << 16."""
    col = cell % _SIZE
    for d in range(4):
        step = 1
        dcol = 1
        if d == 1:
            step = _SIZE
            dcol = 0
        elif d == 2:
            step = _SIZE + 1
        elif d == 3:
            step = _SIZE - 1
            dcol = -1
        back = 0
        c = cell - step
        k = col - dcol
        while c >= 0 and k >= 0 and k < _SIZE and board[c] == colour:
            back += 1
            c -= step
            k -= dcol
        length = back + 1
        c = cell + step
        k = col + dcol
        while c < _CELLS and k >= 0 and k < _SIZE and board[c] == colour:
            length += 1
            c += step
            k += dcol
        if length >= 4:
            return (cell - back * step + 1) | (step << 8) | (length << 16)
    return 0


@micropython.viper
def seeds_behind(cell: int, work: ptr8, paths: ptr8, line_of: ptr8, pos_of: ptr8) -> int:
    """The cells on the median side of `cell`, in both directions, into work; how many."""
    n = 0
    for k in range(cell * 2, cell * 2 + 2):
        base = line_of[k] * _HALF
        for i in range(pos_of[k] + 1, _HALF):
            work[n] = paths[base + i]
            n += 1
    return n


@micropython.viper
def squeeze_into(board: ptr8, work: ptr8, n: int, pentacle: int, made: ptr8, paths: ptr8, line_of: ptr8,
                 pos_of: ptr8) -> int:
    """squeeze(board, work[:n], pentacle) into made (its cells, in the same order);
    returns how many. `work` has room for every cell that can be pushed (200)."""
    count = 0
    while n > 0:
        n -= 1
        cell = work[n]
        if board[cell] != 0:
            continue
        alive = False
        for k in range(cell * 2, cell * 2 + 2):
            base = line_of[k] * _HALF
            pos = pos_of[k]
            i = 0
            while i < pos and board[paths[base + i]] == 0:
                i += 1
            if i == pos and (pos == _HALF - 1 or board[paths[base + pos + 1]] <= _BLUE):
                alive = True
                break
        if alive:
            continue
        board[cell] = pentacle
        made[count] = cell
        count += 1
        for k in range(cell * 2, cell * 2 + 2):
            pos = pos_of[k]
            if pos:
                work[n] = paths[line_of[k] * _HALF + pos - 1]
                n += 1
    return count


@micropython.viper
def update_arrivals(board: ptr8, arrive: ptr8, changed: ptr8, n: int, support: int, paths: ptr8, line_of: ptr8):
    """SqueezeState._update_arrivals for the n cells of `changed`: the arrival cell of
    each launch through them (arrival())."""
    for j in range(n):
        cell = changed[j]
        for k in range(cell * 2, cell * 2 + 2):
            launch = line_of[k]
            base = launch * _HALF
            stop = paths[base + _HALF - 1]
            for i in range(_HALF):
                v = board[paths[base + i]]
                if v != 0:
                    if i == 0 or v >= support:
                        stop = _NONE
                    else:
                        stop = paths[base + i - 1]
                    break
            arrive[launch] = stop
