# The board's players for 4 pistes: functions from a state to the move to play (no
# I/O, no clock, no randomness: the same state always gets the same move; they keep
# only the values worked out for the last position). `board_move` weighs every choice
# by a position value: the dice to keep by the expected value of rerolling the others
# (then stopping), against the value of stopping now; the joker, four 6s and back
# moves by the value of what they lead to. `first_roll_move` is the yardstick: stop
# after the first roll, the first track a joker can take, another player's pawn to
# send back.
from array import array

from games.pistes import rules
from games.pistes.rules import BACK, END, ROLL, STOP, TO_CHOOSE, TO_ROLL, TRACKS

# Position values (tuned with `make bench`: solo mean score, 2-player win rate).
ROOM = 5  # /10 of a cell: what a cell still ahead of a pawn is worth (future rolls)
START_PENALTY = 1  # a pawn still on its start cell (the end's value weighs elimination itself)
WIN = 1000  # a game over, won (shared wins share it)


FACE_UNIT = (0, 1, 5, 25, 125, 625, 3125)  # a die showing f adds FACE_UNIT[f] to a key


def faces_key(faces):
    """A multiset of 4 dice faces at most as one int: a base-5 digit per face's count
    (face 1 lowest), so that adding two keys adds their dice, and every key fits 16
    bits (the outcome tables stay small in a Pico's RAM)."""
    key = 0
    for f in faces:
        key += FACE_UNIT[f]
    return key


def key_counts(key):
    """[0, count of 1s, ..., count of 6s] of a faces key."""
    return [0] + [key // FACE_UNIT[f] % 5 for f in range(1, 7)]


def _outcomes(k):
    """The multisets of k dice faces: (faces keys, ways out of 1296 each falls), two
    arrays (compact: 210 outcomes in all stay in RAM while the board plays)."""
    keys, ways_of = array("H"), array("H")

    def add(key, low, left, ways, counts):
        if not left:
            for c in counts:  # k! / (n1! n2! ...) orderings of these faces
                for i in range(2, c + 1):
                    ways //= i
            keys.append(key)
            ways_of.append(ways * 6 ** (rules.DICE - k))
            return
        for face in range(low, 7):
            counts[face - 1] += 1
            add(key + FACE_UNIT[face], face, left - 1, ways, counts)
            counts[face - 1] -= 1

    fact = 1
    for i in range(2, k + 1):
        fact *= i
    add(0, 1, k, fact, [0] * 6)
    return keys, ways_of


# OUTCOMES[k]: those of k dice, made at import (the code that makes them then goes:
# the board needs them all in its first turn)
OUTCOMES = tuple(_outcomes(k) for k in range(rules.DICE + 1))
del _outcomes


# -- position values ----------------------------------------------------------------------
def cell_value(c):
    """What a pawn on cell c is worth, in tenths of a cell, while the game goes on."""
    v = 10 * c
    if c < END:
        v += ROOM * (END - 1 - c)
    if c == 0:
        v -= 10 * START_PENALTY
    return v


CELL_VALUES = tuple(cell_value(c) for c in range(END + 1))
del cell_value  # (made once: its code goes)


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
    """The value for `me` of the positions at the end of its turn: its pawns' worth
    less the best other player's, or the result once a player has 2 pawns home."""
    mine = 0
    best_other = None
    i = 0
    for p in range(players):
        v = 0
        home = 0
        for i in range(i, i + TRACKS):
            c = pos[i]
            v += CELL_VALUES[c]
            if c == END:
                home += 1
        i += 1
        if home >= rules.HOME_TO_END:
            return final_value(pos, players, me)
        if p == me:
            mine = v
        elif best_other is None or v > best_other:
            best_other = v
    return mine if best_other is None else mine - best_other


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

    pos[i] = rules.landing(pos[i], step, occupied)


def _forward(pos, players, me, forward):
    pos = bytearray(pos)
    for t in range(TRACKS):
        if forward[t]:
            _move(pos, players, me, t, forward[t])
    return pos


def _targets(pos, players):
    return [(p, t) for p in range(players) for t in range(TRACKS) if rules.can_be_sent_back(pos[p * TRACKS + t])]


def best_back(pos, players, me, backs):
    """(value, (player, track) of the first back move or None) with `backs` left."""
    targets = _targets(pos, players) if backs else ()
    if not targets:
        return value(pos, players, me), None
    if backs == 1 and not _game_over(pos, players):
        return _best_single_back(pos, players, me, targets)
    best = None
    for p, t in targets:
        after = bytearray(pos)
        _move(after, players, p, t, -rules.BACK_CELLS)
        v = best_back(after, players, me, backs - 1)[0]
        if best is None or v > best[0]:
            best = (v, (p, t))
    return best


def _game_over(pos, players):
    for p in range(players):
        if list(pos[p * TRACKS:(p + 1) * TRACKS]).count(END) >= rules.HOME_TO_END:
            return True
    return False


def _best_single_back(pos, players, me, targets):
    """best_back for one back move in a game that goes on, by the change in worth of
    the one player whose pawn goes back (a back move never changes who is home)."""
    worth = []
    for p in range(players):
        v = 0
        for t in range(TRACKS):
            v += CELL_VALUES[pos[p * TRACKS + t]]
        worth.append(v)
    taken = [[pos[p * TRACKS + t] for p in range(players)] for t in range(TRACKS)]
    best = None
    for p, t in targets:
        # the cells it may land on are behind it: its own cell does not matter
        cell = pos[p * TRACKS + t]
        old = worth[p]
        on_track = taken[t]
        worth[p] += CELL_VALUES[rules.landing(cell, -rules.BACK_CELLS, lambda c: c in on_track)] - CELL_VALUES[cell]
        others = [worth[q] for q in range(players) if q != me]
        v = worth[me] - max(others) if others else worth[me]
        worth[p] = old
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


MAX_CELLS = 6  # a track's forward move: 4 faces at most, and a joker (four 6s: 4 cells)


class Turn:
    """What the board works out once per turn (the positions do not change before the
    dice resolve): where each of the mover's pawns lands for each number of cells, the
    other players' best worth, and the value of each dice outcome met so far."""

    def __init__(self, state):
        self.key = (bytes(state.pos), state.to_move)
        self.pos, self.players, self.me = bytearray(state.pos), state.players, state.to_move - 1
        self.lands = []  # lands[t][n]: the cell the mover's pawn on track t reaches with n cells
        for t in range(TRACKS):
            row = bytearray(MAX_CELLS)
            for n in range(MAX_CELLS):
                after = bytearray(self.pos)
                if n:
                    _move(after, self.players, self.me, t, n)
                row[n] = after[self.me * TRACKS + t]
            self.lands.append(row)
        self.best_other = None
        for p in range(self.players):
            if p != self.me:
                v = 0
                for t in range(TRACKS):
                    v += CELL_VALUES[self.pos[p * TRACKS + t]]
                if self.best_other is None or v > self.best_other:
                    self.best_other = v
        self.values = {}  # faces key -> value
        self.keep = None  # (dice, locked, rolls left) -> the mask best_keep found

    def forward_value(self, forward):
        """The value of the mover's forward moves (cells per track), no back move."""
        mine = 0
        home = 0
        lands = self.lands
        for t in range(TRACKS):
            c = lands[t][forward[t]]
            mine += CELL_VALUES[c]
            if c == END:
                home += 1
        if home >= rules.HOME_TO_END:
            pos = bytearray(self.pos)
            for t in range(TRACKS):
                pos[self.me * TRACKS + t] = lands[t][forward[t]]
            return final_value(pos, self.players, self.me)
        return mine if self.best_other is None else mine - self.best_other

    def dice_value(self, key):
        """The value of resolving the dice of this faces key now, choices made at best."""
        v = self.values.get(key)
        if v is not None:
            return v
        counts = key_counts(key)
        six4 = counts[6] == 4
        extra = six4 or rules.jokers(counts[6])
        cells = rules.SIX4_CELLS if six4 else 1
        backs = rules.back_moves(counts[5])
        forward = counts[1:TRACKS + 1]
        if backs:  # the full work: every pawn the back moves may take
            v = best_forward(self.pos, self.players, self.me, forward, extra, cells, backs)[0]
        else:
            v = None
            for t in range(TRACKS):
                if extra and self.pos[self.me * TRACKS + t] != END:
                    forward[t] += cells
                    w = self.forward_value(forward)
                    forward[t] -= cells
                    if v is None or w > v:
                        v = w
            if v is None:
                v = self.forward_value(forward)
        self.values[key] = v
        return v


class _Memo:
    turn = None  # the Turn of the position the board last played


def turn_of(state):
    turn = _Memo.turn
    if turn is None or turn.key != (bytes(state.pos), state.to_move):
        turn = _Memo.turn = Turn(state)
    return turn


WARM_STEP = 8  # dice outcomes worked out between two yields of warm_up()


def warm_up(state):
    """A generator that works out, a few at a time, the dice values best_keep() will
    need after this roll (every outcome that keeps the dice set aside for good): a
    board waiting to show its next step does the work then, in short slices."""
    if state.phase != rules.TO_DECIDE:
        return
    turn = turn_of(state)
    locked = [state.dice[i] for i in range(rules.DICE) if state.locked & (1 << i)]
    base = faces_key(locked)
    n = 0
    for key in OUTCOMES[rules.DICE - len(locked)][0]:
        turn.dice_value(base + key)
        n += 1
        if n % WARM_STEP == 0:
            yield


def best_keep(state):
    """The mask of dice to have set aside before rolling again, or None to stop: the
    choice with the best expected value, rolling the other dice once more and then
    stopping, against stopping now."""
    turn = turn_of(state)
    situation = (tuple(state.dice), state.locked, state.rolls_left)
    if turn.keep is not None and turn.keep[0] == situation:
        return turn.keep[1]  # the same dice: the same plan, one die set aside at a time
    locked = [state.dice[i] for i in range(rules.DICE) if state.locked & (1 << i)]
    choosable = [i for i in range(rules.DICE) if not state.locked & (1 << i)]
    # values summed over the 1296 ways 4 dice fall: whole numbers, so the Pico's
    # single-precision floats cannot decide differently from the host
    best_mask, best = None, 1296 * turn.dice_value(faces_key(state.dice))  # stopping now
    for sub in range(1 << len(choosable)):
        kept = list(locked)
        mask = state.locked
        for j in range(len(choosable)):
            if sub & (1 << j):
                kept.append(state.dice[choosable[j]])
                mask |= 1 << choosable[j]
        k = rules.DICE - len(kept)
        if not k:
            continue
        base = faces_key(kept)
        ev = 0
        values = turn.values  # (looked up here: the same outcomes come back often)
        keys, ways = OUTCOMES[k]
        for j in range(len(keys)):
            key = base + keys[j]
            v = values.get(key)
            ev += ways[j] * (turn.dice_value(key) if v is None else v)
        if ev > best:
            best_mask, best = mask, ev
    turn.keep = (situation, best_mask)
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
        cells = rules.SIX4_CELLS if state.pending == rules.SIX4 else 1
        track = best_forward(state.pos, state.players, me, forward, True, cells, state.backs_left)[1]
        return (state.pending, track)
    mask = best_keep(state)
    if mask is None:
        return STOP
    for i in range(rules.DICE):  # one die at a time, as a person presses them
        bit = 1 << i
        if mask & bit and not state.aside & bit:
            return rules.KEEPS[i]
        if state.aside & bit and not mask & bit:
            return rules.UNKEEPS[i]
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

