# The Pico's fast path for the searches of the players of fours (games/cubes/player.py,
# games/connect4/player.py): games.search.Search's steps with each game's enter(), make(),
# unmake() and store() as viper (native Thumb code), one function for both games, in line
# (a native call costs more than a position). Only MicroPython with a native emitter loads
# it; elsewhere the bytecode methods visit the very same positions in the same order
# (tests/firmware/test_players.py searches both ways).
import micropython
from micropython import const

from games.cubes.rules import NEIGHBOURS

# v1.27's viper for the M0+: a ptr16 or ptr32 index that is a variable held in a
# register (a parameter, the first locals) is shifted in place, so the variable is
# doubled after the read. Such an index is written as an expression here (x + 0).

_WIN = const(10000)
_NO_MOVE = const(255)
_NONE = const(10001)  # enter()'s None: _WIN + 1
# the cubes (games/cubes/player.py)
_CUBES = const(49)  # cells: the width of a node's moves
_MAX_CUBES = const(48)
_EXTEND = const(6)  # EXTEND
# Connect Four (games/connect4/player.py)
_COLUMNS = const(7)  # the width of a node's moves
_HEIGHT = const(6)
_DISCS = const(42)
_TT_SIZE = const(1021)  # TT_SIZE
_GOOD = const(40)  # the threat weights of parity()
_FAIR = const(12)
_ORDER = b"\x03\x02\x04\x01\x05\x00\x06"  # ORDER

# the cubes' NEIGHBOURS as one table: cell c's at [c * 8 ...], 255 after the last
_NB = bytearray(b"\xff" * (_CUBES * 8))
for _c in range(_CUBES):
    _NB[_c * 8:_c * 8 + len(NEIGHBOURS[_c])] = NEIGHBOURS[_c]
del _c


@micropython.viper
def _opens_threat(cells: ptr8, theirs: ptr8, c: int, colour: int) -> int:
    """The cubes' Search.opens_threat(c, theirs) (rare: a move with no free cell next
    to it)."""
    nb = ptr8(_NB)
    near = 0
    for x in range(_CUBES):
        if cells[x] or x == c:
            continue
        for j in range(8):
            y = nb[x * 8 + j]
            if y == _NO_MOVE:
                break
            if y == c or cells[y] == colour:
                if theirs[x]:
                    return 1
                near = 1
                break
    if near:
        return 0
    for x in range(_CUBES):
        if not cells[x] and x != c and theirs[x]:
            return 1
    return 0


@micropython.viper
def search_step(s, budget: int) -> int:
    """Search.step(budget) (games/search.py) of a cubes' (s.width 49) or Connect Four's
    (7) search: 1 once the search is over, 0 when the budget is spent first, 2 when the
    root has just been entered (its moves written: Search.down_root() goes on from
    there, then this again)."""
    alpha = ptr32(s.alpha)
    beta = ptr32(s.beta)
    alpha0 = ptr32(s.alpha0)
    best = ptr32(s.best)
    saved = ptr32(s.saved)
    bestmove = ptr8(s.bestmove)
    moves = ptr8(s.moves)
    count = ptr8(s.count)
    index = ptr8(s.index)
    cells = ptr8(s.cells)
    lv = ptr8(s.lv)
    t1 = ptr8(s.t1)
    t2 = ptr8(s.t2)
    line_cells = ptr8(s.line_cells)
    through = ptr8(s.through)
    at = ptr16(s.through_at)
    gains = s.gains
    gain1 = ptr8(gains[0])
    gain2 = ptr8(gains[1])
    tmp = ptr8(s.keys)  # the allowed cells (the cubes), then the moves' keys (order_threats)
    width = int(s.width)
    c4 = width == _COLUMNS
    # the cubes' own
    nb = ptr8(_NB)
    lasts = tmp
    last = 0
    # Connect Four's own
    order = ptr8(_ORDER)
    h = tmp
    exact = 0
    keys = ptr16(s.keys)
    entries = ptr32(s.alpha)
    lo = 0
    hi = 0
    if c4:
        h = ptr8(s.h)
        lo = int(s.lo)
        hi = int(s.hi)
        if s.exact:
            exact = 1
            table = s.table
            keys = ptr16(table[0])
            entries = ptr32(table[1])
    else:
        lasts = ptr8(s.lasts)
        last = int(s.last)
    jitter = moves
    jittered = 0
    if s.jitter:
        jitter = ptr8(s.jitter)
        jittered = 1
    ply = int(s.ply)
    entering = int(s.entering)
    ret = int(s.ret)
    nodes = int(s.nodes)
    depth = int(s.depth)
    n = int(s.n)
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
            # -- enter(ply): v its value, or _NONE with its moves written
            v = _NONE
            mine = t1
            theirs = t2
            colour = 1
            two = 2
            if n & 1:
                mine = t2
                theirs = t1
                colour = 2
                two = 16
            base = ply * width
            k = 0
            sort = 0  # order_threats, below
            if c4:
                if n == _DISCS:
                    v = 0
                else:
                    for i in range(7):
                        c = order[i]
                        r = h[c]
                        if r < _HEIGHT and mine[c * _HEIGHT + r]:
                            v = _WIN
                            break
                if v == _NONE and n == _DISCS - 1:
                    v = 0  # the last disc fills the board (it does not win: seen above)
                if v == _NONE and ply == depth:
                    p = 0  # parity()
                    for c in range(7):
                        x = c * _HEIGHT + h[c] + 1
                        top = c * _HEIGHT + _HEIGHT
                        while x < top:
                            a = t1[x]
                            b = t2[x]
                            if a or b:
                                odd = (x - c * _HEIGHT) & 1  # an even row from the bottom: red's
                                if a:
                                    if odd:
                                        p += _FAIR
                                    else:
                                        p += _GOOD
                                if b:
                                    if odd:
                                        p -= _GOOD
                                    else:
                                        p -= _FAIR
                                break
                            x += 1
                    v = score + p
                    if n & 1:
                        v = 0 - v
                ttmove = _NO_MOVE
                if v == _NONE and exact:
                    key = lo ^ (hi << 7)
                    q = key // _TT_SIZE
                    i = key - q * _TT_SIZE
                    e = entries[i + 0]
                    if e >> 23 and keys[i + 0] == hi & 0xFFFF and e & 0x7FFFFF == (hi >> 16) | (q << 5):
                        code = ((e >> 23) & 15) - 1
                        w = (code // 3 - 1) * _WIN
                        kind = code % 3  # 0 exact, 1 a lower bound, 2 an upper bound
                        if ply and (kind == 0 or (kind == 1 and w >= beta[ply]) or (kind == 2 and w <= alpha[ply])):
                            v = w
                        else:
                            ttmove = e >> 27
                if v == _NONE:
                    forced = -1
                    for i in range(7):
                        c = order[i]
                        r = h[c]
                        if r < _HEIGHT and theirs[c * _HEIGHT + r]:
                            if forced >= 0:
                                v = -_WIN  # two threats: one cannot block both
                                break
                            forced = c
                    if v == _NONE and forced >= 0:
                        moves[base] = forced
                        k = 1
                    elif v == _NONE:
                        for i in range(7):
                            c = order[i]
                            r = h[c]
                            if r < _HEIGHT - 1 and theirs[c * _HEIGHT + r + 1]:
                                continue  # right below their winning cell
                            if r < _HEIGHT:
                                moves[base + k] = c
                                k += 1
                        if not k:
                            v = -_WIN  # every move lets the opponent win at once
                        elif k > 2 and ply < depth - 1:
                            sort = 1
            else:
                if n >= _MAX_CUBES:
                    v = 0
                else:
                    cand = 0  # allowed(), into tmp
                    if last >= 0:
                        for j in range(8):
                            c = nb[last * 8 + j]
                            if c == _NO_MOVE:
                                break
                            if not cells[c]:
                                tmp[cand] = c
                                cand += 1
                        if not cand:
                            ours = cells[last]
                            for c in range(_CUBES):
                                if not cells[c]:
                                    for j in range(8):
                                        x = nb[c * 8 + j]
                                        if x == _NO_MOVE:
                                            break
                                        if cells[x] == ours:
                                            tmp[cand] = c
                                            cand += 1
                                            break
                    if not cand:
                        for c in range(_CUBES):
                            if not cells[c]:
                                tmp[cand] = c
                                cand += 1
                    for i in range(cand):
                        if mine[tmp[i]]:
                            v = _WIN
                            break
                if v == _NONE:
                    threat = 0
                    for c in range(_CUBES):
                        if theirs[c]:
                            threat = 1
                            break
                    for i in range(cand):
                        c = tmp[i]
                        if not threat:
                            moves[base + k] = c
                            k += 1
                            continue
                        free = 0
                        lost = 0
                        for j in range(8):
                            x = nb[c * 8 + j]
                            if x == _NO_MOVE:
                                break
                            if not cells[x]:
                                if theirs[x]:
                                    lost = 1
                                    break
                                free = 1
                        if lost:
                            continue
                        if free or not _opens_threat(cells, theirs, c, colour):
                            moves[base + k] = c
                            k += 1
                    if not k:
                        v = -_WIN
                    elif ply >= depth and (k > 1 or ply >= depth + _EXTEND):
                        v = score
                        if n & 1:
                            v = 0 - score
                    elif k > 2:
                        sort = 1
            if v == _NONE:
                if sort:  # order_threats(base, k, two): by the threats each move makes
                    for i in range(k):
                        x = moves[base + i]
                        if c4:
                            x = x * _HEIGHT + h[x]
                        t = 0
                        for j in range(at[x + 0], at[x + 1]):  # (x + 0: see the note above)
                            if lv[through[j]] == two:
                                t += 1
                        tmp[i] = t
                    for i in range(1, k):
                        x = moves[base + i]
                        t = tmp[i]
                        j = i
                        while j and tmp[j - 1] < t:
                            moves[base + j] = moves[base + j - 1]
                            tmp[j] = tmp[j - 1]
                            j -= 1
                        moves[base + j] = x
                        tmp[j] = t
                if c4 and ttmove != _NO_MOVE:  # order_first(ply, k, ttmove)
                    for i in range(base, base + k):
                        if moves[i] == ttmove:
                            moves[i] = moves[base]
                            moves[base] = ttmove
                            break
                count[ply] = k
                if ply == 0:
                    status = 2
                    break
                index[ply] = 0
                best[ply] = -_WIN - 1
                m = moves[base]
            else:
                entering = 0
                ret = v
                if ply == 0:
                    s.result = v
                    bestmove[0] = _NO_MOVE
                    s.done = True
                    status = 1
                    break
                ply -= 1
                continue
        else:
            # back at node `ply` from the child of its current move: unmake(m)
            i = index[ply]
            m = moves[ply * width + i]
            n -= 1
            x = m
            if c4:
                r = h[m] - 1
                h[m] = r
                x = m * _HEIGHT + r
                code = 1 << r
                if cells[x] == 1:
                    code = 2 << r
                if m < 4:
                    lo -= code << (7 * m)
                else:
                    hi -= code << (7 * (m - 4))
            else:
                last = lasts[n] - 1
            add = 8
            if cells[x] == 1:
                add = 1
            for j in range(at[x + 0], at[x + 1]):
                line = through[j]
                v = lv[line]
                if v == 3 or v == 24:  # the threat it made goes
                    for k in range(line * 4, line * 4 + 4):
                        e = line_cells[k]
                        if not cells[e]:
                            if v == 3:
                                t1[e] -= 1
                            else:
                                t2[e] -= 1
                v -= add
                lv[line] = v
                if v == 3:
                    t1[x] += 1
                elif v == 24:
                    t2[x] += 1
            cells[x] = 0
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
                if exact:  # store(ply, ret)
                    key = lo ^ (hi << 7)
                    q = key // _TT_SIZE
                    i = key - q * _TT_SIZE
                    kind = 0
                    if ret <= alpha0[ply]:
                        kind = 2  # an upper bound
                    elif ret >= beta[ply]:
                        kind = 1  # a lower bound
                    keys[i + 0] = hi & 0xFFFF
                    entries[i + 0] = (hi >> 16) | (q << 5) | ((1 + (ret // _WIN + 1) * 3 + kind) << 23) | (bestmove[ply] << 27)
                if ply == 0:
                    s.result = ret
                    s.done = True
                    status = 1
                    break
                ply -= 1
                continue
            index[ply] = i
            m = moves[ply * width + i]
            entering = 1
        # down move m: make(m)
        saved[ply] = score
        x = m
        first = 1
        if n & 1:
            first = 0
        if c4:
            r = h[m]
            h[m] = r + 1
            x = m * _HEIGHT + r
            code = 1 << r
            if first:
                code = 2 << r
            if m < 4:
                lo += code << (7 * m)
            else:
                hi += code << (7 * (m - 4))
        else:
            lasts[n] = last + 1
            last = m
        add = 8
        gain = gain2
        cells[x] = 2
        if first:
            add = 1
            gain = gain1
            cells[x] = 1
        for j in range(at[x + 0], at[x + 1]):
            line = through[j]
            v = lv[line]
            if v == 3:
                t1[x] -= 1
            elif v == 24:
                t2[x] -= 1
            g = gain[v]
            if g > 127:  # (a signed byte)
                g -= 256
            score += g
            v += add
            lv[line] = v
            if v == 3 or v == 24:  # a new threat on the line's empty cell
                for k in range(line * 4, line * 4 + 4):
                    e = line_cells[k]
                    if not cells[e]:
                        if v == 3:
                            t1[e] += 1
                        else:
                            t2[e] += 1
        n += 1
        ply += 1
    s.ply = ply
    s.entering = entering
    s.ret = ret
    s.nodes = nodes
    s.n = n
    s.score = score
    if c4:
        s.lo = lo
        s.hi = hi
    else:
        s.last = last
    return status
