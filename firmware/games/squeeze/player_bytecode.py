# The bytecode twins of games/squeeze/player_viper.py, which CPython and wasm run (the
# Pico loads them only for its tests): a move made on a ply's buffer, the win cells a
# launch reaches, a node's moves, with the same arguments and the same results. The
# layout of a ply's buffer is written here; games/squeeze/player.py and player_viper.py
# hold it as constants of their own (names the Pico would intern for good).
from compat import const
from games.squeeze.rules import BLUE, CELLS, EMPTY, LAUNCHES, LINE_OF, NONE, PENTACLE, POS_OF, arrival, squeeze_behind
from games.squeeze.lines import STARTS, STEP

# A ply's buffer: the board, then these bytes, the launches' arrival cells (as the
# rules' state.arrive), then the win cells kept (each cell | (colour - 1) << 7: a pawn
# there makes four; reachable now or not), at most MAX_THREATS of them (random games
# keep 14 at most)
MOVER = const(100)  # the colour to move
WON = const(101)  # 1 if the move into this ply made four
EMPTY_CELLS = const(102)
LEAD = const(103)  # yellow's pentacle lead + 128
ARRIVE = const(104)  # 40 bytes
COUNT = const(144)  # the win cells kept
THREATS = const(145)
MAX_THREATS = const(47)
PLY = const(192)  # THREATS + MAX_THREATS


def lines_through(x, out):
    """Appends to `out` the lines through cell x that are not in it yet."""
    for direction in range(4):
        step = STEP[direction]
        bit = 1 << direction
        for i in range(4):
            start = x - i * step  # (a start across the board's edge has no line there)
            if 0 <= start < CELLS and STARTS[start] & bit:
                line = start * 4 + direction
                if line not in out:
                    out.append(line)
    return out


def _before(cell, hole, d):
    """True if `cell` is on the path of the launch to `hole` in direction d (0
    horizontal, 1 vertical), between its edge and the hole."""
    return LINE_OF[cell * 2 + d] == LINE_OF[hole * 2 + d] and POS_OF[cell * 2 + d] < POS_OF[hole * 2 + d]


def make_into_py(src, board, launch, score, value, worth):
    """The ply `src` with `launch` played into `board`; returns the score (yellow's
    view) after it, from `score` before (value: the lines' worth by code; worth: a
    pentacle's)."""
    board[:COUNT] = src[:COUNT]
    colour = src[MOVER]
    cell = src[ARRIVE + launch]
    board[cell] = colour
    made = squeeze_behind(board, cell, PENTACLE + colour)
    for x in (cell,) + tuple(made):  # the launches through a changed cell
        for k in (x * 2, x * 2 + 1):
            board[ARRIVE + LINE_OF[k]] = arrival(board, LINE_OF[k])
    lines = lines_through(cell, [])
    through_pawn = len(lines)  # the first lines are those through the new pawn
    for x in made:
        lines_through(x, lines)
    won = 0
    three = 3 if colour == 1 else 24  # a line's code with three of the mover's pawns, no other
    add = 1 if colour == 1 else 8
    # the win cells still empty, and the mover's new ones (lines through its pawn)
    threats = [t for t in src[THREATS:THREATS + src[COUNT]] if board[t & 127] == EMPTY]
    for i in range(len(lines)):
        line = lines[i]
        start, step = line >> 2, STEP[line & 3]
        code = 0  # the line's code before the move (one pass over both boards)
        broken = i >= through_pawn  # after the move: a pentacle squeezed on it
        for x in range(start, start + 4 * step, step):
            v = src[x]
            if v == EMPTY:
                if board[x] > BLUE:
                    broken = True
            elif v == 1:
                code += 1
            elif v == BLUE:
                code += 8
            else:
                code = -1  # a pentacle was on it: worth nothing, before and after
                break
        if code < 0:
            continue
        if broken:
            score -= value[code]
            continue
        after = value[code + add]
        score += after - value[code]
        if after == 100:
            won = 1
        elif code + add == three:
            for x in range(start, start + 4 * step, step):
                t = x | (colour - 1) << 7
                if board[x] == EMPTY and t not in threats and len(threats) < MAX_THREATS:
                    threats.append(t)
    n = len(made)
    board[MOVER] = 3 - colour
    board[WON] = won
    board[EMPTY_CELLS] = src[EMPTY_CELLS] - 1 - n
    board[LEAD] = src[LEAD] + (n if colour == 1 else -n)
    board[COUNT] = len(threats)
    board[THREATS:THREATS + len(threats)] = bytes(threats)
    return score + (n if colour == 1 else -n) * worth


def threats_reached_py(ply, against):
    """-1 if the mover reaches one of its win cells kept in `ply` now, else how many of
    the opponent's it reaches, written into `against`."""
    me = ply[MOVER] - 1
    n = 0
    for t in ply[THREATS:THREATS + ply[COUNT]]:
        cell = t & 127
        if ply[ARRIVE + LINE_OF[cell * 2]] == cell or ply[ARRIVE + LINE_OF[cell * 2 + 1]] == cell:
            if t >> 7 == me:
                return -1
            against[n] = t & 127
            n += 1
    return n


def moves_into_py(ply, moves, at, holes, holes_n, first):
    """The launches playable now, one per arrival cell (the first launch to it), into
    moves[at ...], `first` first if among them (Search.order_first); returns how many.
    With holes_n holes: only those that may stop a win on one of them (a pawn on a
    hole, or on the path of a launch to it)."""
    k = 0
    for launch in range(LAUNCHES):
        cell = ply[ARRIVE + launch]
        if cell == NONE:
            continue
        other = LINE_OF[cell * 2] if LINE_OF[cell * 2] != launch else LINE_OF[cell * 2 + 1]
        if other < launch and ply[ARRIVE + other] == cell:
            continue  # (the other launch to the cell comes first)
        if holes_n:
            for j in range(holes_n):
                h = holes[j]
                if cell == h or _before(cell, h, 0) or _before(cell, h, 1):
                    break
            else:
                continue
        moves[at + k] = launch
        if launch == first:
            moves[at + k] = moves[at]
            moves[at] = launch
        k += 1
    return k
