# The board's players for 4 pistes: pure functions from a state to the move to play
# (no I/O, no clock, no randomness). `board_move` weighs every choice by a position
# value: the dice to keep by the expected value of rerolling the others (then
# stopping), against the value of stopping now; the joker, four 6s and back moves by
# the value of what they lead to. `first_roll_move` is the yardstick: stop after the
# first roll, the first track a joker can take, another player's pawn to send back.
from games import pistes
from games.pistes import BACK, END, KEEP, ROLL, STOP, TO_CHOOSE, TO_ROLL, TRACKS, UNKEEP

# Position values (tuned with `make bench`: solo mean score, 2-player win rate).
ROOM = 5  # /10 of a cell: what a cell still ahead of a pawn is worth (future rolls)
START_PENALTY = 6  # a pawn still on its start cell (it eliminates its player at the end)
WIN = 1000  # a game over, won (shared wins share it)


def _outcomes(k):
    """The multisets of k dice faces with their probability in 1296ths."""
    out = []

    def add(prefix, low, left, weight):
        if not left:
            out.append((tuple(prefix), weight))
            return
        for face in range(low, 7):
            add(prefix + [face], face, left - 1, weight)

    add([], 1, k, 1)
    result = []
    for faces, _ in out:
        ways = 1  # k! / (n1! n2! ...) orderings of these faces
        for i in range(2, k + 1):
            ways *= i
        for face in set(faces):
            for i in range(2, faces.count(face) + 1):
                ways //= i
        result.append((faces, ways * 6 ** (4 - k)))
    return result


OUTCOMES = [None, None, None, None, None]  # OUTCOMES[k], made when first needed


def outcomes(k):
    if OUTCOMES[k] is None:
        OUTCOMES[k] = _outcomes(k)
    return OUTCOMES[k]


# -- position values ----------------------------------------------------------------------
def pawn_value(cells):
    """What a player's pawns are worth, in tenths of a cell, while the game goes on."""
    v = 0
    for c in cells:
        v += 10 * c
        if c < END:
            v += ROOM * (END - 1 - c)
        if c == 0:
            v -= 10 * START_PENALTY
    return v


def final_value(pos, players, me):
    """The value for `me` of a game that ends with these positions."""
    scores = []
    for p in range(players):
        cells = list(pos[p * TRACKS:(p + 1) * TRACKS])
        scores.append(-1 if 0 in cells else sum(cells))
    if players == 1:
        return 10 * max(scores[0], 0)
    best = max(scores)
    if best < 0 or scores[me] < best:
        return -WIN
    return WIN // scores.count(best)


def value(pos, players, me):
    """The value for `me` of the positions at the end of its turn."""
    for p in range(players):
        if list(pos[p * TRACKS:(p + 1) * TRACKS]).count(END) >= pistes.HOME_TO_END:
            return final_value(pos, players, me)
    mine = pawn_value(pos[me * TRACKS:(me + 1) * TRACKS])
    if players == 1:
        return mine
    best_other = max(pawn_value(pos[p * TRACKS:(p + 1) * TRACKS]) for p in range(players) if p != me)
    return mine - best_other


# -- playing a resolution on a copy of the positions ---------------------------------------
def _move(pos, players, player, track, step):
    i = player * TRACKS + track
    if step > 0 and pos[i] == END:
        return

    def occupied(cell):
        for p in range(players):
            if p != player and pos[p * TRACKS + track] == cell:
                return True
        return False

    pos[i] = pistes.landing(pos[i], step, occupied)


def _forward(pos, players, me, forward):
    pos = bytearray(pos)
    for t in range(TRACKS):
        if forward[t]:
            _move(pos, players, me, t, forward[t])
    return pos


def _targets(pos, players):
    return [(p, t) for p in range(players) for t in range(TRACKS) if pistes.can_be_sent_back(pos[p * TRACKS + t])]


def best_back(pos, players, me, backs):
    """(value, (player, track) of the first back move or None) with `backs` left."""
    targets = _targets(pos, players) if backs else ()
    if not targets:
        return value(pos, players, me), None
    best = None
    for p, t in targets:
        after = bytearray(pos)
        _move(after, players, p, t, -pistes.BACK_CELLS)
        v = best_back(after, players, me, backs - 1)[0]
        if best is None or v > best[0]:
            best = (v, (p, t))
    return best


def best_forward(pos, players, me, forward, extra, extra_cells, backs):
    """(value, track for the joker or four 6s or None) of resolving these moves."""
    tracks = [t for t in range(TRACKS) if pos[me * TRACKS + t] != END] if extra else ()
    if not tracks:
        return best_back(_forward(pos, players, me, forward), players, me, backs)[0], None
    best = None
    for t in tracks:
        moves = list(forward)
        moves[t] += extra_cells
        v = best_back(_forward(pos, players, me, moves), players, me, backs)[0]
        if best is None or v > best[0]:
            best = (v, t)
    return best


def dice_value(pos, players, me, faces):
    """The value of resolving these 4 dice faces now."""
    counts = [list(faces).count(f) for f in range(7)]
    six4 = counts[6] == 4
    extra = six4 or pistes.jokers(counts[6])
    cells = pistes.SIX4_CELLS if six4 else 1
    return best_forward(pos, players, me, counts[1:TRACKS + 1], extra, cells, pistes.back_moves(counts[5]))[0]


# -- the board's decisions ---------------------------------------------------------------------
class _Memo:
    """The values of dice outcomes for one position (a turn's decisions share them)."""
    key = None
    values = {}


def _dice_values(state):
    key = (bytes(state.pos), state.to_move)
    if _Memo.key != key:
        _Memo.key, _Memo.values = key, {}
    return _Memo.values


def _value_of(state, faces):
    memo = _dice_values(state)
    faces = tuple(sorted(faces))
    v = memo.get(faces)
    if v is None:
        v = dice_value(state.pos, state.players, state.to_move - 1, faces)
        memo[faces] = v
    return v


def best_keep(state):
    """The mask of dice to have set aside before rolling again, or None to stop."""
    locked = [state.dice[i] for i in range(pistes.DICE) if state.locked & (1 << i)]
    choosable = [i for i in range(pistes.DICE) if not state.locked & (1 << i)]
    # values summed over the 1296 ways 4 dice fall: whole numbers, so the Pico's
    # single-precision floats cannot decide differently from the host
    best_mask, best = None, 1296 * _value_of(state, state.dice)  # stopping now
    for sub in range(1 << len(choosable)):
        kept = list(locked)
        mask = state.locked
        for j in range(len(choosable)):
            if sub & (1 << j):
                kept.append(state.dice[choosable[j]])
                mask |= 1 << choosable[j]
        k = pistes.DICE - len(kept)
        if not k:
            continue
        ev = 0
        for faces, weight in outcomes(k):
            ev += weight * _value_of(state, kept + list(faces))
        if ev > best:
            best_mask, best = mask, ev
    return best_mask


def board_move(state):
    """The move the board plays in this state (it must be playing)."""
    if state.phase == TO_ROLL:
        return ROLL
    me = state.to_move - 1
    if state.phase == TO_CHOOSE:
        if state.pending == BACK:
            return (BACK,) + best_back(state.pos, state.players, me, state.backs_left)[1]
        forward = state.forward
        cells = pistes.SIX4_CELLS if state.pending == pistes.SIX4 else 1
        track = best_forward(state.pos, state.players, me, forward, True, cells, state.backs_left)[1]
        return (state.pending, track)
    mask = best_keep(state)
    if mask is None:
        return STOP
    for i in range(pistes.DICE):  # one die at a time, as a person presses them
        bit = 1 << i
        if mask & bit and not state.aside & bit:
            return (KEEP, bit)
        if state.aside & bit and not mask & bit:
            return (UNKEEP, bit)
    return ROLL


def first_roll_move(state):
    """Stop after the first roll; the first track that can take a joker or four 6s;
    another player's pawn to send back when there is one."""
    if state.phase == TO_ROLL:
        return ROLL
    if state.phase != TO_CHOOSE:
        return STOP
    legal = state.legal_moves()
    if state.pending == BACK:
        for move in legal:
            if move[1] != state.to_move - 1:
                return move
    return legal[0]


POLICIES = {"board": board_move, "first_roll": first_roll_move}
