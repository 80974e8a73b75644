# The Pico's fast path for the 4D Squeeze player's search (games/squeeze/player.py), as
# viper (native Thumb code): a move made on a ply's buffer, the win cells a launch
# reaches now, a node's moves. Only MicroPython with a native emitter loads it; elsewhere
# the bytecode twins of games/squeeze/player_bytecode.py compute the very same buffers
# (tests/firmware/test_squeeze_player.py runs both ways).
import micropython
from micropython import const

from games.squeeze.rules import LINE_OF, PATHS, POS_OF, _MADE, _WORK

# A ply's buffer (games/squeeze/player_bytecode.py's layout): the board's 100 cells, then
# the colour to move, 1 if the move into it made four, the empty cells, yellow's pentacle
# lead + 128, the 40 launches' arrival cells, the number of win cells kept, and those
# (cell | (colour - 1) << 7).
_SIZE = const(10)
_HALF = const(5)
_CELLS = const(100)
_BLUE = const(2)
_PENTACLE = const(3)
_NONE = const(255)
_MOVER = const(100)
_WON = const(101)
_EMPTY = const(102)
_LEAD = const(103)
_ARRIVE = const(104)
_COUNT = const(144)
_THREATS = const(145)
_MAX_THREATS = const(47)
_FOUR = const(100)  # a line's worth once four (VALUE)

# The lines of four through each cell (player_bytecode.py's lines_through): bit direction * 4 +
# i of _THROUGH[cell * 2 ...] (16 bits) is set if a line in that direction starts i
# cells before it (its start cell - i * step).
_THROUGH = bytearray(_CELLS * 2)
# each direction's step between a line's cells, + 16 (a byte): right, down, down-right, up-right
_STEPS = bytes(16 + step for step in (1, _SIZE, _SIZE + 1, 1 - _SIZE))
_TALLY = b"\x00\x01\x08\x40\x40\x40"  # what a cell adds to a line's code: empty, yellow, blue, pentacles


@micropython.viper
def _lines_through(through: ptr8):
    steps = ptr8(_STEPS)
    for x in range(_CELLS):
        bits = 0
        for direction in range(4):
            step = int(steps[direction]) - 16
            for i in range(4):
                start = x - i * step
                if start < 0 or start >= _CELLS:
                    continue
                c = start % _SIZE
                r = start // _SIZE
                if direction != 1 and c > _SIZE - 4:
                    continue
                if (direction == 1 or direction == 2) and r > _SIZE - 4:
                    continue
                if direction == 3 and r < 3:
                    continue
                bits |= 1 << (direction * 4 + i)
        through[x * 2] = bits & 255
        through[x * 2 + 1] = bits >> 8


_lines_through(_THROUGH)
del _lines_through  # (its code: RAM)


@micropython.viper
def make_into(src: ptr8, dst: ptr8, launch: int, score: int, value: ptr8, worth: int) -> int:
    """Search.make's work: the ply `src` with `launch` played into `dst`; returns the
    score (yellow's view) after it, from `score` before (value: the lines' worth by
    code, signed bytes; worth: a pentacle's)."""
    paths = ptr8(PATHS)
    line_of = ptr8(LINE_OF)
    pos_of = ptr8(POS_OF)
    work = ptr8(_WORK)
    through = ptr8(_THROUGH)
    steps = ptr8(_STEPS)
    tally = ptr8(_TALLY)
    words = ptr32(src)  # (a buffer's bytes are word-aligned)
    into = ptr32(dst)
    for i in range(_COUNT // 4):
        into[i + 0] = words[i + 0]
    colour = src[_MOVER]
    cell = src[_ARRIVE + launch]
    dst[cell] = colour
    # the squeeze: rules_viper's seeds_behind and squeeze_into
    n = 0
    for k in range(cell * 2, cell * 2 + 2):
        base = line_of[k] * _HALF
        for i in range(pos_of[k] + 1, _HALF):
            work[n] = paths[base + i]
            n += 1
    pentacle = _PENTACLE + colour
    made = ptr8(_MADE)
    count = 0
    while n > 0:
        n -= 1
        x = work[n]
        if dst[x] != 0:
            continue
        alive = 0
        for k in range(x * 2, x * 2 + 2):
            base = line_of[k] * _HALF
            pos = pos_of[k]
            i = 0
            while i < pos and dst[paths[base + i]] == 0:
                i += 1
            if i == pos and (pos == _HALF - 1 or dst[paths[base + pos + 1]] <= _BLUE):
                alive = 1
                break
        if alive:
            continue
        dst[x] = pentacle
        made[count] = x
        count += 1
        for k in range(x * 2, x * 2 + 2):
            pos = pos_of[k]
            if pos:
                work[n] = paths[line_of[k] * _HALF + pos - 1]
                n += 1
    # the arrival cells of the launches through a changed cell: the pawn's, the squeezed
    for j in range(-1, count):
        x = cell
        if j >= 0:
            x = made[j]
        for k in range(x * 2, x * 2 + 2):
            launch = line_of[k]
            base = launch * _HALF
            stop = paths[base + _HALF - 1]
            for i in range(_HALF):
                v = dst[paths[base + i]]
                if v != 0:
                    stop = _NONE
                    if i and v < _PENTACLE:
                        stop = paths[base + i - 1]
                    break
            dst[_ARRIVE + launch] = stop
    # the win cells still empty
    kept = 0
    for j in range(int(src[_COUNT])):
        t = src[_THREATS + j]
        if dst[t & 127] == 0:
            dst[_THREATS + kept] = t
            kept += 1
    add = 1
    three = 3
    mark = 0
    if colour != 1:
        add = 8
        three = 24
        mark = 128
    won = 0
    # the lines through the pawn (their change), then those through a squeezed cell
    # only (broken: their worth lost), each once: at the first squeezed cell on it
    for j in range(-1, count):
        x = cell
        if j >= 0:
            x = made[j]
        bits = through[x * 2] | (through[x * 2 + 1] << 8)
        for direction in range(4):
            step = int(steps[direction]) - 16
            for i in range(4):
                if not (bits >> (direction * 4 + i)) & 1:
                    continue
                start = x - i * step
                # its code before the move and after (a pawn counts 1 or 8, a
                # pentacle 64): a pentacle before, worth nothing before and after
                y1 = start + step
                y2 = y1 + step
                y3 = y2 + step
                code = tally[src[start]] + tally[src[y1]] + tally[src[y2]] + tally[src[y3]]
                if code >= 64:
                    continue
                now = code + add
                if count:
                    now = tally[dst[start]] + tally[dst[y1]] + tally[dst[y2]] + tally[dst[y3]]
                    if j >= 0:
                        if (now - code) & 63 == add:
                            continue  # through the pawn: counted with its lines
                        y = start
                        while dst[y] <= _BLUE:
                            y += step
                        if y != x:
                            continue  # counted at the first squeezed cell on it
                before = int(value[code])
                if before > 127:
                    before -= 256
                if now >= 64:  # broken: a pentacle squeezed on it
                    score -= before
                    continue
                after = int(value[code + add])
                if after > 127:
                    after -= 256
                score += after - before
                if after == _FOUR:
                    won = 1
                elif code + add == three:
                    y = start
                    for k in range(4):
                        if dst[y] == 0:
                            t = y | mark
                            seen = 0
                            for q in range(kept):
                                if dst[_THREATS + q] == t:
                                    seen = 1
                                    break
                            if not seen and kept < _MAX_THREATS:
                                dst[_THREATS + kept] = t
                                kept += 1
                        y += step
    dst[_MOVER] = 3 - colour
    dst[_WON] = won
    dst[_EMPTY] = src[_EMPTY] - 1 - count
    dst[_COUNT] = kept
    if colour == 1:
        dst[_LEAD] = src[_LEAD] + count
        return score + count * worth
    dst[_LEAD] = src[_LEAD] - count
    return score - count * worth


@micropython.viper
def threats_reached(buf: ptr8, against: ptr8) -> int:
    """Search.enter's look at the win cells kept: -1 if the mover reaches one of its own
    now, else how many of the opponent's it reaches, written into `against`."""
    line_of = ptr8(LINE_OF)
    me = buf[_MOVER] - 1
    n = 0
    for j in range(int(buf[_COUNT])):
        t = buf[_THREATS + j]
        cell = t & 127
        if buf[_ARRIVE + line_of[cell * 2]] == cell or buf[_ARRIVE + line_of[cell * 2 + 1]] == cell:
            if (t >> 7) == me:
                return -1
            against[n] = cell
            n += 1
    return n


@micropython.viper
def moves_into(buf: ptr8, moves: ptr8, at: int, holes: ptr8, holes_n: int, first: int) -> int:
    """The launches playable now, one per arrival cell (the first launch to it), into
    moves[at ...], `first` first if among them (Search.order_first); returns how many.
    With holes_n holes: only those that may stop a win on one of them (a pawn on a
    hole, or on the path of a launch to it)."""
    line_of = ptr8(LINE_OF)
    pos_of = ptr8(POS_OF)
    k = 0
    for launch in range(40):
        cell = buf[_ARRIVE + launch]
        if cell == _NONE:
            continue
        other = line_of[cell * 2]  # the other launch through the cell: first, if it lands there
        if other == launch:
            other = line_of[cell * 2 + 1]
        if other < launch and buf[_ARRIVE + other] == cell:
            continue
        if holes_n:
            near = 0
            for j in range(holes_n):
                h = holes[j]
                if cell == h:
                    near = 1
                    break
                for d in range(2):
                    if line_of[cell * 2 + d] == line_of[h * 2 + d] and pos_of[cell * 2 + d] < pos_of[h * 2 + d]:
                        near = 1
                        break
                if near:
                    break
            if not near:
                continue
        moves[at + k] = launch
        if launch == first:
            moves[at + k] = moves[at]
            moves[at] = launch
        k += 1
    return k


_WIN = const(10000)
_NO_MOVE = const(255)
_WIDTH = const(40)  # a node's moves at most: the launches
_EXTEND = const(4)  # Search.extend
_DOUBLE = const(5000)  # player.py's DOUBLE


@micropython.viper
def search_step(s, budget: int, value, worth) -> int:
    """Search.step(budget) (games/search.py) with the Squeeze search's enter(), make()
    and store(): 1 once the search is over, 0 when the budget is spent first, 2 when
    the root is to be entered (Python enters it: its root moves, then down_root())."""
    alpha = ptr32(s.alpha)
    beta = ptr32(s.beta)
    alpha0 = ptr32(s.alpha0)
    best = ptr32(s.best)
    saved = ptr32(s.saved)
    bestmove = ptr8(s.bestmove)
    moves_obj = s.moves
    moves = ptr8(moves_obj)
    count = ptr8(s.count)
    index = ptr8(s.index)
    killer = ptr8(s.killer)
    against = s.against
    stack = s.stack
    jitter = moves
    jittered = 0
    if s.jitter:
        jitter = ptr8(s.jitter)
        jittered = 1
    ply = int(s.ply)
    d = int(s.d)
    entering = int(s.entering)
    ret = int(s.ret)
    nodes = int(s.nodes)
    depth = int(s.depth)
    score = int(s.score)
    status = 0
    while budget > 0:
        m = 0
        if entering:
            budget -= 1
            nodes += 1
            if ply:
                alpha[ply] = 0 - beta[ply - 1]
                beta[ply] = 0 - alpha[ply - 1]
                if ply == 1 and jittered:
                    j = jitter[moves[index[0]]]
                    alpha[1] += j
                    beta[1] += j
            alpha0[ply] = alpha[ply]
            if ply == 0:
                status = 2
                break
            # -- enter(ply): v its value, or _NONE with its moves written
            here = stack[d]
            h = ptr8(here)
            v = _WIN + 1
            if h[_WON]:
                v = 0 - _WIN  # the move into this node made four in a row
            elif h[_EMPTY] == 0:
                lead = int(h[_LEAD]) - 128
                if h[_MOVER] != 1:
                    lead = 0 - lead
                v = 0
                if lead > 0:
                    v = _WIN
                elif lead < 0:
                    v = 0 - _WIN
            else:
                n = int(threats_reached(here, against))
                if n < 0:
                    v = _WIN  # a win in one: played next
                elif ply >= depth and (n == 0 or ply >= depth + _EXTEND):
                    if n > 1:
                        v = 0 - _DOUBLE
                    else:
                        v = score
                        if h[_MOVER] != 1:
                            v = 0 - score
                else:
                    k = int(moves_into(here, moves_obj, ply * _WIDTH, against, n, killer[ply]))
                    if k == 0:
                        v = 0 - _WIN  # nothing stops the opponent's four
                    count[ply] = k
            if v == _WIN + 1:
                index[ply] = 0
                best[ply] = 0 - _WIN - 1
                m = moves[ply * _WIDTH]
            else:
                entering = 0
                ret = v
                ply -= 1
                continue
        else:
            # back at node `ply` from the child of its current move: unmake(m)
            i = index[ply]
            m = moves[ply * _WIDTH + i]
            d -= 1
            score = saved[ply]
            v = 0 - ret
            if ply == 0 and jittered:
                v += jitter[m]
            if v > best[ply]:
                best[ply] = v
                bestmove[ply] = m
                if v > alpha[ply]:
                    alpha[ply] = v
            i += 1
            if alpha[ply] >= beta[ply] or i >= count[ply]:
                ret = best[ply]
                killer[ply] = bestmove[ply]  # store(ply, ret)
                if ply == 0:
                    s.result = ret
                    s.done = True
                    status = 1
                    break
                ply -= 1
                continue
            index[ply] = i
            m = moves[ply * _WIDTH + i]
            entering = 1
        # down move m: make(m)
        saved[ply] = score
        if d + 2 > int(len(stack)):
            s.grow(d + 2)  # (a buffer a ply, made when the search first goes that deep)
        score = int(make_into(stack[d], stack[d + 1], m, score, value, worth))
        d += 1
        ply += 1
    s.ply = ply
    s.d = d
    s.entering = entering
    s.ret = ret
    s.nodes = nodes
    s.score = score
    return status
