# 4 pistes on the board (rules: games/pistes/rules.py, docs/rules/pistes.md): the keys in
# column a, the 4 dice in b..d, the 4 tracks in e..l (Controller says which key does
# what). Setup "board": the seats the board plays.
from array import array

from app import colors, grid
from app.controller import GameController
from app.shared import blink_on, call_part, pending, unload
from compat import const, ticks_add, ticks_diff
from games.base import PLAYING, WON
from games.pistes import rules

STEP_MS = 700  # a board player's pace: one action (a die, a roll, a choice) this often
MOVED_MS = 900  # the pawns a move put somewhere else blink this long ...
MOVED_BLINK_MS = 150  # ... at this pace
SHOW_MS = 3000  # at the end: the scores, then the final board, this long each
_POINTS_PER_LIGHT = const(4)  # a score bar: one light per 4 points
_START_MODULE = const("games.pistes.start")  # what only the start needs (freed once started)

_KEYS_COL = const(0)
_PLAYER_ROW = const(1)  # player p (1-based) at row _PLAYER_ROW + p - 1
_ROLL_ROWS = const((7, 8, 9))
STOP_CELL = grid.cell(10, _KEYS_COL)
ROLL_CELLS = bytes(grid.cell(r, _KEYS_COL) for r in _ROLL_ROWS)
_DICE_COL = const(1)
_FIRST_TRACK_COL = const(4)
_TRACKS = const(4)  # rules.TRACKS, rules.END (as consts: no lookups in a move's light)
_END = const(10)

EMPTY = colors.scale(colors.WHITE, 1, 32)  # an empty cell of a track, an empty pen place
ASIDE = colors.scale(colors.WHITE, 1, 4)  # under a die set aside (1/10 lit as FREE[0] at 10-30 %)
_OLD_PIP = const(0x3F3F3F)  # colors.scale(WHITE, 1, 4): the last turn's dice, until the next roll
LOCKED = colors.scale(colors.RED, 1, 6)  # under a die set aside for good
_ROLL_LEFT = const(0x1F1F1F)  # colors.scale(WHITE, 1, 8): a roll left that cannot be rolled now
_STOP_DIM = const(0x1F0A00)  # colors.scale(ORANGE, 1, 8): the stop key when it cannot stop
FREE = (colors.scale(colors.WHITE, 1, 40), colors.OFF)  # under dice 1, 3 and 2, 4: where each die ends
# each face's pips: cells of its die's 3 x 3 (row * 3 + column), in one bytes (pairs
# of tuples hold some 300 bytes more of a Pico's RAM): face f's at PIPS[PIP_AT[f]:PIP_AT[f + 1]]
PIPS = bytes((4, 0, 8, 0, 4, 8, 0, 2, 6, 8, 0, 2, 4, 6, 8, 0, 3, 6, 2, 5, 8))
PIP_AT = bytes((0, 0, 1, 3, 6, 10, 15, 21))


def track_col(track):
    return _FIRST_TRACK_COL + 2 * track


def cell_of(track, position):
    """The grid cell of cells 1..9 of a track."""
    return grid.cell(12 - position, track_col(track))


def end_place(track, player):
    """Player's place (0-based) in a track's end pen: above cell 9, then beside it."""
    col = track_col(track)
    return grid.cell(2 - player, col) if player < 3 else grid.cell(6 - player, col + 1)


def start_place(track, player):
    """Player's place in a track's start pen: beside cells 2..7, player 1 lowest."""
    return grid.cell(10 - player, track_col(track) + 1)


TRACK_CELLS = tuple(bytes(cell_of(t, p) for p in range(1, rules.END)) for t in range(rules.TRACKS))  # cells 1..9
# the pens' places in the rules' pawn order (pos[p * 4 + t]), made once: the start
# pens' then (from _END_PENS) the end pens'; a game's are the first players * 4 of each,
# each pen drawn in one call
_END_PENS = const(24)  # 6 players (the most) * rules.TRACKS
PENS = bytes([start_place(i % rules.TRACKS, i // rules.TRACKS) for i in range(_END_PENS)]
             + [end_place(i % rules.TRACKS, i // rules.TRACKS) for i in range(_END_PENS)])


def die_cells(die):
    return DIE_CELLS[die]


# each die's 9 cells, row by row (drawn every frame: made once)
DIE_CELLS = tuple(bytes(grid.cell(3 * d + r, _DICE_COL + c) for r in range(3) for c in range(3)) for d in range(rules.DICE))
# The tracks' cells 1..9 (track by track), then a game's start and end pens: the cells
# of the table of looks (Controller.draw_tracks): 0 an empty place, else the pawn's player
_TRACKS_AREA = const(36)  # rules.TRACKS * (rules.END - 1)
TRACKS_AREA = b"".join(TRACK_CELLS)
# The dice in one call: each die's 9 cells as indexes of the controller's palette
# (its player colours, then these): a face's pips, and under them a die's background:
# a free die (1 and 3: faint, 2 and 4: off), set aside, set aside for good
_FREE_LOOK = const(7)
_ASIDE_LOOK = const(8)
_LOCKED_LOOK = const(9)
_PIP_LOOK = const(10)
_OFF_LOOK = const(11)  # (no look is 0: a paint of these tables never needs its empty colours)
# die looks of face f (0: not rolled) on background b at
# [(f * 4 + b) * 9:][:9], made once
DIE_LOOKS = bytes(_PIP_LOOK if k in PIPS[PIP_AT[f]:PIP_AT[f + 1]] else (_FREE_LOOK, _OFF_LOOK, _ASIDE_LOOK, _LOCKED_LOOK)[b]
                  for f in range(7) for b in range(4) for k in range(9))
DICE_AREA = b"".join(DIE_CELLS)
PLAYER_CELLS = bytes(grid.cell(_PLAYER_ROW + p, _KEYS_COL) for p in range(6))  # players 1..6's keys


try:  # the Pico: the dice's table of looks as native code
    from games.pistes.screen_viper import dice_looks
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: its bytecode twin
    from games.pistes.screen_bytecode import dice_looks


def track_at(cell):
    """The track whose columns hold `cell`, or None."""
    col = cell % grid.SIZE - _FIRST_TRACK_COL
    return col // 2 if col >= 0 else None


def die_at(cell):
    row, col = grid.row_col(cell)
    return row // 3 if _DICE_COL <= col < _DICE_COL + 3 else None


class Controller(GameController):
    """4 pistes' screen. Columns, left to right: the keys (a), the 4 dice stacked as
    pip faces (b..d), then the 4 tracks, two columns each (e-f, g-h, i-j, k-l).
      a2..a7   the players, 1 to 6, in their colours: the one to play bright (blinking
               when the board plays it); at the end the winners blink; a tap on one blinks
               its pawns (five or six colours are not all told apart by every eye)
      a8..a10  the roll key: one light per roll left (press any)
      a11      the stop key
      b..d     die 1 (rows 1-3) .. die 4 (rows 10-12): pips in the mover's colour (the
               last turn's dice in dim white until the next roll); dice 1 and 3 sit on a
               faint square, so each die shows where it ends; a die set aside sits on a
               dim white square (press to take it back), a die set aside for good (5s,
               dice kept before a roll) on a dim red one
      a track  its first column holds cells 9 (row 4) down to 1 (row 12), each lit in the
               colour of the pawn on it; the end cell is the pen above cell 9 (rows 1-3)
               and beside it (second column, rows 2-4); the start cell is the pen beside
               cells 2..7 (second column, rows 6-11): one place per player, lit when its
               pawn is there
    The pawns a move puts somewhere else blink white a moment. A choice after the dice
    (the joker's or four 6s' track: the open tracks glow; the pawn to send back: those
    pawns blink) is made by pressing a glowing cell. At the end the
    tracks show each player's score as a bar (one light per 4 points, the last one
    dimmer when partial), in turn with the final board; the solo shows the best score
    beside it (kept across power cycles).
    The seats the board plays (setup["board"]) play one step at a time, STEP_MS apart.
    A press's light: the tracks and pens are one native call (Frame.paint) of a table of
    looks kept from frame to frame (rebuilt only when a pawn moved), the dice one more.
    """
    # any two of the first four >= 20 apart for every eye; five or six: their keys a2..a7 show
    # their pawns (host_tools/colour_check.py)
    player_colors = (colors.OFF, colors.YELLOW, colors.RED, colors.BLUE, colors.CYAN, colors.PINK, colors.SKY)
    ahead_parts = ("games.pistes.start", "games.pistes.notation", "games.pistes.scores")

    def __init__(self, app, setup, moves=()):
        try:
            GameController.__init__(self, app, setup, moves)
            from games.pistes import start

            self.seats = start.check_seats(self.setup.get("board"), self.state.players)
            # the best score: the solo's only (a missing file's read is ~5 ms on a Pico)
            self.best = call_part("games.pistes.scores", "load", app.storage) if self.state.players == 1 else None
        finally:  # what only the start needed goes: its code, a save's words (its replay)
            unload(_START_MODULE)
            unload(rules.NOTATION_MODULE)
            unload("games.pistes.moves")  # (the rules hold its names; the notation loads it again)
            unload("games.pistes.scores")  # (loaded ahead, and used by the solo only)
        self.policy = None  # the board's player (games.pistes.player): ahead(), once the start has lit
        self.warm = None  # the board's work for its next step, done while it waits
        self.board_at = None  # when the board plays its next step, while it waits
        self.before = bytes(self.state.pos)  # the pawns before the last move
        self.moved = ()  # the cells of the pawns the last move moved (they blink)
        self.record_best()
        # the picture's tables (see draw_tracks, draw_dice): made once for the game's pawns
        pawns = self.state.players * rules.TRACKS
        self.area = TRACKS_AREA + PENS[:pawns] + PENS[_END_PENS:_END_PENS + pawns]
        self.looks = bytearray(len(self.area))
        self.looks_of = None  # the pawns' places self.looks shows
        self.empty = array("I", [EMPTY] * len(self.area))
        self.dice_looks = bytearray(_TRACKS_AREA)
        self.palette = None  # self.player_colors, then the dice's colours (colours())
        self.picture = bytearray(grid.CELLS * 3)  # the last still picture (draw_board) ...
        self.drawn = None  # ... of this state and move count

    def check_board(self, setup):
        """Not the shared thinking board of the two-player games: 4 pistes plays its
        board seats (self.seats) itself, one step at a time."""
        return [], None

    # -- HINT: the board's own step for the mover (games.pistes.player) ------------------
    def has_player(self):
        return True  # (its player plays any seat, the solo's too)

    def start_thinking(self, now, hint=False):
        """HINT's search (games/pistes/screen_hint.py: loaded for it, after the press has
        lit; the board plays its own seats in board_step, not here)."""
        from games.pistes.screen_hint import search

        self.thinking = search(self, (ROLL_CELLS, STOP_CELL, DIE_CELLS, TRACK_CELLS))
        self.think_for_hint = True
        self.think_start = now
        self.planned = None

    def hint_cells(self, move):
        return self.hint_keys  # (the search's, as it found the move: games/pistes/screen_hint.py)

    # -- keys -> moves -------------------------------------------------------------------
    def label(self, cell):
        """The game has no cell notation: a key is named as the board's labels show it."""
        return grid.name(cell)

    def move_for_cell(self, cell):
        st = self.state
        if cell in ROLL_CELLS:
            return rules.ROLL
        if cell == STOP_CELL:
            return rules.STOP
        die = die_at(cell)
        if die is not None:
            bit = 1 << die
            if st.phase != rules.TO_DECIDE or st.aside & bit:
                return rules.UNKEEPS[die]  # play() says why not, if it cannot be
            return rules.KEEPS[die]
        track = track_at(cell)
        if track is None:
            return None
        if st.phase == rules.TO_CHOOSE and st.pending in (rules.JOKER, rules.SIX4):
            return (st.pending, track)
        if st.phase == rules.TO_CHOOSE and st.pending == rules.BACK:
            for position in range(1, rules.END):
                if cell_of(track, position) == cell:
                    p = st.occupant(track, position)
                    return (rules.BACK, p, track) if p >= 0 else None
        return None

    def cell_for_move(self, move):
        if move == rules.ROLL:
            return ROLL_CELLS[0]
        if move == rules.STOP:
            return STOP_CELL
        kind = move[0]
        if kind in (rules.KEEP, rules.UNKEEP):
            for die in range(rules.DICE):
                if move[1] & (1 << die):
                    return die_cells(die)[4]
        if kind == rules.BACK:
            return cell_of(move[2], self.state.at(move[1], move[2]))
        track = move[1]  # joker, six4: the mover's pawn on that track, or its track
        position = self.state.at(self.state.to_move - 1, track)
        return cell_of(track, position) if 0 < position < rules.END else cell_of(track, 1)

    def press(self, cell, now):
        row, col = grid.row_col(cell)
        if col == _KEYS_COL and 0 <= row - _PLAYER_ROW < self.state.players:
            # a player's key: its pawns blink, the cue for colours an eye cannot tell apart
            self.moved = [self.place(t, row - _PLAYER_ROW) for t in range(rules.TRACKS)]
            self.anim_start = now
            self.error = None
            return
        if self.board_plays():
            self.refuse((cell, self.player_cell(self.state.to_move)), now,
                        "the board is playing for player %d" % self.state.to_move)
            return
        self.before = bytes(self.state.pos)
        GameController.press(self, cell, now)
        self.record_best()

    def on_played(self, move, now):
        """The pawns the move put somewhere else blink a moment, so everyone sees them."""
        pos, before = self.state.pos, self.before
        moved = self.moved = []
        if pos == before:  # (most presses: a roll, a die)
            return
        for i in range(len(pos)):
            if pos[i] != before[i]:
                moved.append(self.place(i % _TRACKS, i // _TRACKS))
        if moved:
            self.anim_start = now

    def animating(self, now):
        return self.anim_start is not None and ticks_diff(now, self.anim_start) < MOVED_MS

    def place(self, track, player):
        """The cell showing that pawn: on its track, or its place in a pen."""
        position = self.state.at(player, track)
        if position == 0:
            return start_place(track, player)
        if position == rules.END:
            return end_place(track, player)
        return cell_of(track, position)

    def undo(self, now):
        """[reading] Dice cannot be taken back: undo takes back the last move only when
        a player made it and it is not a roll (keeps, a stop, a choice)."""
        st = self.state
        if st.history:
            if st.history[-1] == rules.ROLL:
                self.refuse((grid.UNDO,), now, "the dice are cast: a roll cannot be undone")
                return
            if st.movers[-1] in self.seats:
                self.refuse((grid.UNDO,), now, "the board's moves cannot be undone")
                return
        GameController.undo(self, now)

    # -- the board's players ---------------------------------------------------------------
    def board_plays(self):
        st = self.state
        return st.status == PLAYING and st.to_move in self.seats

    def board_step(self, now):
        """Play the board's next step once its time has come."""
        if not self.board_plays():
            self.board_at = None
            return
        if self.board_at is None:
            self.board_at = ticks_add(now, STEP_MS)
            self.ahead(now)  # its player, if ahead() has not loaded it yet
            self.warm = self.policy.warm_up(self.state)
            return
        if pending(self.board_at, now):
            if self.warm is not None:  # a slice of the work each tick, not all at once
                try:
                    next(self.warm)
                except StopIteration:
                    self.warm = None
            return
        self.board_at = self.warm = None
        move = self.policy.board_move(self.state)
        self.before = bytes(self.state.pos)
        self.state.play(move)
        self.on_played(move, now)
        status = self.state.status
        self.app.sound.play("move" if status == PLAYING else "win" if status == WON else "draw")
        self.save()
        self.record_best()
        self.app.dirty = True

    def ahead(self, now):
        """Work ahead (app.App.step, once a press has lit): the board's player, when it
        plays a seat (an import of ~85 ms on a Pico: not in a start's or resume's light)."""
        if self.seats and self.policy is None:
            from games.pistes import player

            self.policy = player
        return False

    def busy(self, now):
        self.board_step(now)
        st = self.state
        return (GameController.busy(self, now) or self.board_at is not None
                or st.status == PLAYING and st.phase == rules.TO_CHOOSE and st.pending == rules.BACK)  # its pawns blink

    def record_best(self):
        """The solo's best score, kept on the flash (a damaged file counts as none)."""
        st = self.state
        if st.players != 1 or st.status == PLAYING or not st.scores:
            return
        if self.best is None or st.scores[0] > self.best:
            self.best = st.scores[0]
            call_part("games.pistes.scores", "save", self.app.storage, self.best)

    # -- drawing -------------------------------------------------------------------------
    def player_cell(self, player):
        return PLAYER_CELLS[player - 1]

    def end_cells(self):
        return [self.player_cell(p) for p in self.state.winners]

    def draw_board(self, frame, now):
        st = self.state
        # A still picture (one that only a move changes: no blink of its own) is kept:
        # a frame of the same state (a refused press's, an animation's) copies it
        still = (st.status == PLAYING and st.to_move not in self.seats
                 and not (st.phase == rules.TO_CHOOSE and st.pending == rules.BACK))
        drawn = (st, len(st.history))
        scores = st.status != PLAYING and not blink_on(now, SHOW_MS)
        if still and self.drawn == drawn:
            frame.buf[:] = self.picture  # (the frame is blank: the board is drawn first)
        else:
            if scores:
                self.draw_scores(frame)
            else:
                self.draw_tracks(frame, now)
            self.draw_dice(frame)
            self.draw_keys(frame, now)
            self.drawn = drawn if still else None
            if still:
                self.picture[:] = frame.buf
        if not scores and self.animating(now) and not blink_on(now, MOVED_BLINK_MS):  # the pawns a move moved
            for c in self.moved:
                frame.set(c, colors.WHITE)

    def colours(self):
        """The palette of the picture's tables: the players' colours, then the dice's."""
        palette = self.palette
        pc = self.player_colors
        if palette is None or palette[1] != pc[1] or palette[2] != pc[2]:  # (made again for swapped colours)
            palette = self.palette = array("I", list(self.player_colors) + [FREE[0], ASIDE, LOCKED, 0, colors.OFF])
        return palette

    def draw_tracks(self, frame, now):
        st = self.state
        pos = st.pos
        looks = self.looks  # each pawn's player (1-based) where it is
        if self.looks_of != pos:  # a pawn moved (or a new state): made afresh
            looks[:] = bytes(len(looks))  # (in one call: a loop took some 0.2 ms of a move's light)
            pawns = len(pos)
            for i in range(pawns):
                position = pos[i]
                if position == 0:
                    k = _TRACKS_AREA + i
                elif position == _END:
                    k = _TRACKS_AREA + pawns + i
                else:
                    k = (i % _TRACKS) * (_END - 1) + position - 1
                looks[k] = i // _TRACKS + 1
            self.looks_of = bytes(pos)
        frame.paint(self.area, looks, self.colours(), self.empty)  # (one native call: the light's time)
        if st.status == PLAYING and st.phase == rules.TO_CHOOSE:
            if st.pending != rules.BACK:  # the open tracks glow in the mover's colour
                glow = array("I", [colors.scale(self.player_colors[st.to_move], 1, 3)] * (rules.END - 1))
                for t in st.open_tracks():
                    first = t * (rules.END - 1)
                    frame.paint(TRACK_CELLS[t], memoryview(looks)[first:first + rules.END - 1], self.palette, glow)
            elif not blink_on(now):  # the pawns that can be sent back blink white
                frame.paint(TRACKS_AREA, looks, array("I", [colors.WHITE] * 7), self.empty)

    def draw_scores(self, frame):
        st = self.state
        bars = [(self.player_colors[p + 1], st.scores[p]) for p in range(st.players)]
        if st.players == 1 and self.best is not None:
            bars.append((colors.WHITE, self.best))
        for i in range(len(bars)):
            color, score = bars[i]
            col = _FIRST_TRACK_COL + i + (1 if st.players == 1 and i else 0)
            full, part = divmod(score, _POINTS_PER_LIGHT)
            for n in range(full):
                frame.set(grid.cell(11 - n, col), color)
            if part:
                frame.set(grid.cell(11 - full, col), colors.scale(color, part, _POINTS_PER_LIGHT * 2))

    def draw_dice(self, frame):
        st = self.state
        fresh = st.rolls_left < rules.ROLLS  # this turn's dice, else the last turn's
        dice = st.dice if fresh else st.last_dice
        fresh = fresh and st.status == PLAYING
        palette = self.colours()
        palette[_PIP_LOOK] = self.player_colors[st.to_move] if fresh else _OLD_PIP
        dice_looks(self.dice_looks, bytes(dice) if dice else b"\0\0\0\0", st.aside if fresh else 0, st.locked, DIE_LOOKS)
        frame.paint(DICE_AREA, self.dice_looks, palette, self.empty)  # (one native call; no look 0)

    def draw_keys(self, frame, now):
        st = self.state
        full = self.player_colors
        dim = getattr(self, "_dim", None)
        if dim is None or dim[0] is not full:  # the keys' dim colours, made once for the players' colours:
            # while another plays (1/5), while the board thinks for one (1/2)
            dim = self._dim = (full, array("I", [colors.scale(c, 1, 5) for c in full]), [colors.scale(c, 1, 2) for c in full])
        n = st.players
        if st.status == PLAYING:  # every player's key dim, then the mover's (one native call)
            frame.paint(PLAYER_CELLS[:n], b"\1\2\3\4\5\6", dim[1], self.empty)  # (players 1..6: no look 0)
            p = st.to_move
            frame.set(PLAYER_CELLS[p - 1], dim[2][p] if p in self.seats and not blink_on(now, 2 * STEP_MS) else full[p])
        else:
            for p in range(1, n + 1):
                frame.set(PLAYER_CELLS[p - 1], colors.OFF if st.eliminated[p - 1] else full[p])
        yours = not self.board_plays()
        left = st.rolls_left  # one light per roll left
        frame.fill(ROLL_CELLS[:left], colors.WHITE if yours and st.can_roll() else _ROLL_LEFT)
        frame.fill(ROLL_CELLS[left:], colors.OFF)
        frame.set(STOP_CELL, colors.ORANGE if yours and st.can_stop() else _STOP_DIM)

    # -- the simulator's words (games/pistes/words.py: never needed on the board) ---------
    def describe(self):
        info = _words().describe(self)
        unload(WORDS_MODULE)  # as on the board, the words go (the rules' too: info())
        unload(rules.NOTATION_MODULE)
        return info

    def turn_text(self):
        return _words().turn_text(self)

    def axis_labels(self):
        labels = _words().axis_labels(self, ROLL_CELLS, STOP_CELL)
        unload(WORDS_MODULE)
        return labels


WORDS_MODULE = "games.pistes.words"


def _words():
    from games.pistes import words

    return words
