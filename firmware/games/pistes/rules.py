# 4 pistes (docs/rules/pistes.md): a push-your-luck dice race on 4 tracks for 1 to 6
# players; the state, its legal moves and the end's scores.
# Moves (tuples; tracks, dice and players 0-based inside, 1-based in notation):
#   ROLL "roll", STOP "stop", ("keep", mask) "keep 1 3", ("unkeep", mask) "unkeep 3"
#   (dice set aside since the last roll), ("joker", t) "joker 2", ("six4", t) "six4 3",
#   ("back", p, t) "back P2 T3".
from compat import const
from games.base import DRAW, LOST, PLAYING, WON, GameState
from games.pistes.moves import (BACK, DICE, END, JOKER, KEEP, KEEPS, ROLL, ROLLS, SIX4, STOP, TO_CHOOSE, TO_DECIDE,  # noqa: F401
                                TO_ROLL, TRACKS, UNKEEP, UNKEEPS)

BACK_CELLS = const(2)  # a backward move: 2 cells
SIX4_CELLS = const(4)  # four 6s: one pawn moves 4 cells
HOME_TO_END = const(2)  # the game stops at the end of the turn with 2 pawns home
_PLAYER_COUNTS = const((1, 2, 3, 4, 5, 6))
_DEFAULT_PLAYERS = const(2)


def jokers(sixes):
    """[reading] two or three 6s make one joker (three count as two)."""
    return 1 if sixes in (2, 3) else 0


def back_moves(fives):
    """[reading] two or three 5s: one backward move; four 5s: two, one after the other."""
    return 2 if fives == 4 else 1 if fives >= 2 else 0


def can_be_sent_back(cell):
    """[reading] "any pawn" but those on their start or end cell: any player's."""
    return 0 < cell < END


def landing(cell, step, occupied):
    """Where a pawn on `cell` moving `step` cells (negative: back) stops: on cell 10
    at most, the start cell at least; an occupied cell 1..9 sends it on, in the
    direction of its move [reading], to the next empty cell."""
    target = min(max(cell + step, 0), END)
    direction = 1 if step > 0 else -1
    while 0 < target < END and occupied(target):
        target += direction
    return target


class Pistes(GameState):
    def __init__(self, players, rng):
        GameState.__init__(self)
        self.players = players
        self.rng = rng
        self.pos = bytearray(players * TRACKS)  # pos[p * 4 + t]: 0 start .. 10 end
        self.movers = bytearray()  # who played each move of history (undo, the board)
        self.last_dice = None  # the dice the last turn resolved (the board shows them)
        self.scores = None  # at the end: per player, 0 when eliminated
        self.eliminated = None  # at the end: per player, True when eliminated
        self.winners = []  # at the end: who shares the win (empty: nobody)
        self._new_turn()

    def _new_turn(self):
        self.phase = TO_ROLL
        self.dice = [0] * DICE  # 0: not rolled yet
        self.aside = 0  # mask of the dice set aside
        self.locked = 0  # those set aside for good (5s, and dice kept before a roll)
        self.rolls_left = ROLLS
        self.pending = None  # JOKER, SIX4 or BACK while phase is TO_CHOOSE
        self.forward = None  # cells each track moves, once resolved
        self.backs_left = 0

    # -- positions ---------------------------------------------------------------------
    def at(self, player, track):
        return self.pos[player * TRACKS + track]

    def cells(self, player):
        first = player * TRACKS
        return list(self.pos[first:first + TRACKS])  # (no comprehension: every stop counts a player's)

    def home_count(self, player):
        return self.cells(player).count(END)

    def occupant(self, track, cell, but=-1):
        """The player (0-based) whose pawn is on `cell` of `track`, else -1."""
        for p in range(self.players):
            if p != but and self.pos[p * TRACKS + track] == cell:
                return p
        return -1

    def move_pawn(self, player, track, step):
        """Move a pawn `step` cells (negative: back), with the jump past occupied cells."""
        i = player * TRACKS + track
        cell = self.pos[i]
        if step > 0 and cell == END:
            return  # a pawn home ignores its faces
        target = min(max(cell + step, 0), END)
        if target in (0, END) or self.occupant(track, target, player) < 0:
            self.pos[i] = target  # (most moves: no pawn to jump, landing() not needed)
            return
        self.pos[i] = landing(cell, step, lambda c: self.occupant(track, c, player) >= 0)

    def open_tracks(self):
        """The mover's tracks whose pawn is not home (joker and six4 answers)."""
        p = self.to_move - 1
        return [t for t in range(TRACKS) if self.at(p, t) != END]

    def back_targets(self):
        return [(p, t) for p in range(self.players) for t in range(TRACKS) if can_be_sent_back(self.at(p, t))]

    # -- moves -------------------------------------------------------------------------
    def free_dice(self):
        """Mask of the dice the next roll rolls."""
        return (1 << DICE) - 1 & ~self.aside

    def can_roll(self):
        """Is ROLL a legal move now? (legal_moves() without its list: the board draws
        its roll and stop keys from these at every frame)"""
        return self.status == PLAYING and (self.phase == TO_ROLL or self.phase == TO_DECIDE and self.free_dice() != 0)

    def can_stop(self):
        """Is STOP a legal move now?"""
        return self.status == PLAYING and self.phase == TO_DECIDE

    def legal_moves(self):
        if self.status != PLAYING:
            return []
        if self.phase == TO_ROLL:
            return [ROLL]
        if self.phase == TO_CHOOSE:
            if self.pending == BACK:
                return [(BACK, p, t) for p, t in self.back_targets()]
            return [(self.pending, t) for t in self.open_tracks()]
        free = self.free_dice()
        out = [ROLL] if free else []
        out.append(STOP)
        for i in range(DICE):
            bit = 1 << i
            if free & bit:
                out.append(KEEPS[i])
            elif not self.locked & bit:
                out.append(UNKEEPS[i])
        return out

    def why_illegal(self, move):
        if self.status != PLAYING:
            return "the game is over"
        # a roll, a stop and a die checked without the list of legal_moves() (a press's light)
        if move == ROLL:
            legal = self.can_roll()
        elif move == STOP:
            legal = self.can_stop()
        elif isinstance(move, tuple) and len(move) == 2 and move[0] in (KEEP, UNKEEP) and isinstance(move[1], int):
            legal = self.several_dice(move)
        else:
            legal = move in self.legal_moves()
        return None if legal else _refusal(self, move)

    def several_dice(self, move):
        """A keep of free dice, or an unkeep of dice set aside, several at once (the
        notation's "keep 1 3"; legal_moves() lists one die a move)."""
        if self.phase != TO_DECIDE or not isinstance(move, tuple) or len(move) != 2 or not isinstance(move[1], int):
            return False
        mask = move[1]
        if move[0] == KEEP:
            return mask != 0 and not mask & ~self.free_dice()
        return move[0] == UNKEEP and 0 < mask < 16 and not mask & (self.locked | self.free_dice())

    def _apply(self, move):
        self.movers.append(self.to_move)
        kind = move if isinstance(move, str) else move[0]
        if kind == ROLL:
            self._roll()
        elif kind == STOP:
            self._resolve()
        elif kind == KEEP:
            self.aside |= move[1]
        elif kind == UNKEEP:
            self.aside &= ~move[1]
        elif kind == BACK:
            self.move_pawn(move[1], move[2], -BACK_CELLS)
            self.backs_left -= 1
            self._backs()
        else:  # JOKER or SIX4: the forward moves, the choice added in
            self._forward(move[1])

    def _roll(self):
        self.locked |= self.aside  # [reading] set-aside dice stay set aside
        self.aside = self.locked
        for i in range(DICE):
            if not self.aside & (1 << i):
                self.dice[i] = self.rng.below(6) + 1
                if self.dice[i] == 5:  # 5s are set aside at once, for good
                    self.aside |= 1 << i
        self.locked = self.aside
        self.rolls_left -= 1
        self.phase = TO_DECIDE
        if not self.rolls_left or not self.free_dice():
            self._resolve()

    def _resolve(self):
        self.last_dice = list(self.dice)
        counts = [0] * 7  # of each face
        for face in self.dice:
            counts[face] += 1
        self.forward = counts[1:TRACKS + 1]
        self.backs_left = back_moves(counts[5])
        if counts[6] == 4:
            self.pending = SIX4
        elif jokers(counts[6]):
            self.pending = JOKER
        else:
            self.pending = None
        if self.pending and self.open_tracks():
            self.phase = TO_CHOOSE
        else:
            self._forward(None)

    def _forward(self, track):
        """The forward moves, `track` getting the joker (+1) or the four 6s (4 cells)."""
        if track is not None:
            self.forward[track] += SIX4_CELLS if self.pending == SIX4 else 1
        p = self.to_move - 1
        for t in range(TRACKS):
            if self.forward[t]:
                self.move_pawn(p, t, self.forward[t])
        self._backs()

    def _backs(self):
        """The back moves left, each a choice; one with no pawn to take is lost."""
        if self.backs_left and self.back_targets():
            self.phase, self.pending = TO_CHOOSE, BACK
            return
        self.backs_left = 0
        if self.home_count(self.to_move - 1) >= HOME_TO_END:
            self._finish()
        else:
            self.to_move = self.to_move % self.players + 1
            self._new_turn()

    def _finish(self):
        """Ends the game: who is eliminated ([reading] a pawn on its start cell at the end,
        never left or sent back), the scores, who wins. (Here, not in a module of its
        own loaded for it: an import from a Pico's flash, 10-45 ms, would come before
        the last move's light.)"""
        n = self.players
        self.phase, self.pending = TO_ROLL, None
        self.eliminated = [0 in self.cells(p) for p in range(n)]
        self.scores = [0 if self.eliminated[p] else sum(self.cells(p)) for p in range(n)]
        best = max(self.scores[p] for p in range(n) if not self.eliminated[p]) if not all(self.eliminated) else -1
        self.winners = [p + 1 for p in range(n) if not self.eliminated[p] and self.scores[p] == best]
        if n == 1:
            self.status = WON if self.winners else LOST  # the solo: a score, or eliminated
        elif len(self.winners) == 1:
            self.status = WON
        else:
            self.status = DRAW  # a shared win, or nobody wins (everyone eliminated)
        self.winner = self.winners[0] if len(self.winners) == 1 else None

    # -- notation (the words: games/pistes/notation.py) -------------------------------------
    def parse_move(self, text):
        return _notation().parse_move(self, text)

    def format_move(self, move):
        if isinstance(move, str):
            return move
        kind = move[0]
        if kind in (KEEP, UNKEEP):
            return kind + "".join(" %d" % (i + 1) for i in range(DICE) if move[1] & (1 << i))
        if kind == BACK:
            return "back P%d T%d" % (move[1] + 1, move[2] + 1)
        return "%s %d" % (kind, move[1] + 1)

    def rows(self):
        return _notation().rows(self)

    def info(self):
        return _notation().info(self)


def _refusal(st, move):
    """Why `move` cannot be played (the rules found it illegal): in words."""
    if isinstance(move, str):
        kind = move
    elif isinstance(move, tuple) and move:
        kind = move[0]
    else:
        return "%r is not a move of 4 pistes" % (move,)
    if st.phase == TO_CHOOSE:
        if st.pending == BACK:
            if kind == BACK:
                return "that pawn cannot be sent back (only pawns on cells 1..9)"
            return "choose the pawn to send back 2 cells (back P T)"
        if kind == st.pending:
            return "that track's pawn is home"
        return "choose the track for the %s (%s T)" % ("joker" if st.pending == JOKER else "four 6s", st.pending)
    if kind in (JOKER, SIX4, BACK):
        return "there is no %s to play now" % ("joker" if kind == JOKER else "four 6s move" if kind == SIX4 else "back move")
    if st.phase == TO_ROLL:
        return "roll the dice first"
    if kind == ROLL:
        return "every die is set aside: stop"
    if kind in (KEEP, UNKEEP) and isinstance(move, tuple) and len(move) == 2 and isinstance(move[1], int):
        mask = move[1]
        if kind == KEEP:
            return "that die is already set aside" if mask & st.aside else "there is no such die"
        if mask & st.locked:
            return "5s and dice set aside before a roll stay set aside"
        return "that die is not set aside"
    return "%s is not a move of 4 pistes" % (move,)


NOTATION_MODULE = "games.pistes.notation"


def _notation():
    """games/pistes/notation.py: reading the notation, the board as text; loaded when
    asked (a save's replay, the referee, the simulator), so that a Pico playing holds
    none of it (games/pistes/screen.py frees it)."""
    from games.pistes import notation

    return notation


def new_state(players=None, variant=None, rng=None):
    from games.base import check_setup  # (a game's start only)

    if players is None:
        players = _DEFAULT_PLAYERS
    players = check_setup("pistes", players, variant, _PLAYER_COUNTS)
    if rng is None:
        from games.rng import Rng

        rng = Rng(0)
    return Pistes(players, rng)
