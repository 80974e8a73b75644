# What every game screen shares: the corner keys (hold MENU for the menu, UNDO, HINT,
# hold NEW for a new game), the red flash and beep of a refused press, the end of the
# game, saving after every move. A game's controller (games/GAME/screen.py) subclasses it and
# writes the hooks: which move a cell plays, which cell plays a move, how to draw.
from array import array

from app import colors, grid, saves
from app.shared import FLASH_MS, blink_on, call_part, flashing, free_menu, pending, slice_of
from compat import const, ticks_add, ticks_diff
from games import load
from games.base import DRAW, PLAYING, WON, IllegalMove

_THINK_MIN_MS = const(600)  # the board "thinks" at least this long, so that its move is seen
_SPIN_MS = const(50)  # the thinking light moves one ring cell this often
_SPIN_TAIL = const(4)  # ring cells the thinking light drags behind it
_HINT_MS = const(1500)  # HINT shows the keys of the legal moves this long ...
_HINT_SHOWN_MS = const(4000)  # ... and the strongest move's, once found, this long
_HINT_BLINK_MS = const(250)  # the strongest move's keys blink at this pace
_HINT_LEGAL = const(0x3F3F3F)  # colors.scale(WHITE, 1, 4): the other legal keys, steady
_HOLD_KEYS = (grid.MENU, grid.NEW)  # (made once: a tuple built in tap() is an allocation a press)
# The corner keys (menu, undo, hint, new game), drawn in one call (a native call costs a
# press's light ~50 us, four of them more), and their looks by (a move to undo, the game over).
_CORNERS = bytes((grid.MENU, grid.UNDO, grid.HINT, grid.NEW))
_CORNER_LOOKS = tuple(array("I", (0, colors.SYSTEM, colors.SYSTEM if undo else colors.OFF, colors.SYSTEM,
                                  colors.WHITE if over else colors.SYSTEM)) for undo in (0, 1) for over in (0, 1))


# [reading] Who starts. Players are numbered in turn order (docs/RULES.md), so choosing who
# starts is choosing which colour plays as player 1; `setup["swap"]` says the second
# colour does. A game's controller says how its first game picks (FIXED: the first
# colour; RANDOM) and how a new game after a finished one does (SAME; LOSER: the
# loser's colour starts, a draw alternates; ALTERNATE; MATCH_SETTING: the menu's
# "match" setting, LOSER or ALTERNATE).
FIXED = "fixed"
RANDOM = "random"
SAME = "same"
LOSER = "loser"
ALTERNATE = "alternate"
MATCH_SETTING = "setting"


def next_swap(policy, swap, winner):
    """`swap` for the game after one that ended with `winner` (None: a draw)."""
    if policy == ALTERNATE or (policy == LOSER and winner is None):
        return not swap
    if policy == LOSER:
        loser_colour = (3 - winner) if not swap else winner
        return loser_colour == 2
    return swap


class GameController:
    # The colour of each player (index 1..) on this game's screen, unswapped.
    player_colors = (colors.OFF, colors.YELLOW, colors.RED)
    first_starter = FIXED  # who starts the first game (see "Who starts" above)
    match_starter = SAME  # who starts the next game, after a finished one
    words = "app.controller_text"  # the module of the simulator's words: describe(), turn_text()
    # A screen's `ahead_parts`, if it has one: the parts of the game its start needs (its
    # own imports in functions), loaded ahead while the setup screen waits, so that the
    # start press finds them (app/setup.py). (No default here: one name more would grow
    # this class's table, 96 B of a Pico's heap in every game.)
    # The board plays this game's seats, by levels (games/GAME/player.py's think()).
    level_player = False
    # The keys that have a hold (app.App.key): they wait for their release (a tap) or
    # HOLD_MS (a hold); every other key acts on its press.
    holds = (grid.MENU, grid.NEW)

    def __init__(self, app, setup, moves=()):
        """setup: {"game", "players", "variant", "seed", "swap"}; moves: texts to
        replay (a save)."""
        self.app = app
        self.setup = setup
        self.set_swap(bool(setup.get("swap")))
        self.module = load(setup["game"], setup.get("variant"))
        self.flash_cells = ()
        self.flash_color = colors.ILLEGAL
        self.flash_until = None  # ticks when the refusal flash ends, while it shows
        self.hint_until = None
        self.error = None  # why the last press was refused, for the simulator's state
        self.anim_start = None  # set by a game's on_played() while it animates
        self.player = None  # the board's player module, loaded when first needed
        self.thinking = None  # the board's search while it runs (a generator)
        self.think_start = None  # ticks when it started, while it runs or waits to play
        self.think_for_hint = False  # the search is for the hint, not the board's move
        self.planned = None  # the board's move, found, shown after _THINK_MIN_MS
        self.hint_move = None  # the strongest move, shown by HINT
        self.menu_loading = None  # while MENU is held: the menu made ahead (hold_ahead) ...
        self.next_menu = None  # ... and once it is made
        self.next_game = None  # while NEW is held: the new game's state (a match's next swaps only colours)
        self.board_seats, self.level = self.check_board(setup)
        self.state = self.fresh_state()
        for text in moves:
            self.state.play_text(text)  # IllegalMove/ValueError: the caller drops the save

    def set_swap(self, swap):
        """Who plays as player 1: the second colour when `swap` (the colours follow)."""
        pc = type(self).player_colors
        swap = swap and len(pc) > 2  # a solitaire has no second colour to start
        self.setup = dict(self.setup)
        self.setup["swap"] = swap
        self.player_colors = (pc[0], pc[2], pc[1]) + pc[3:] if swap else pc

    # -- hooks for each game ---------------------------------------------------------
    # Every game writes move_for_cell(cell) (the move a press on `cell` plays, or None
    # if that cell plays nothing), cell_for_move(move) (one cell whose press plays
    # `move`: the simulator's `keys`, the hint) and draw_board(frame, now); the hooks
    # below have defaults.
    where_to_press = None  # what a refused press off the game's keys is told to press instead

    def refused_cells(self, cell, move):
        """The cells to flash red when a press is refused: by default the pressed one."""
        return (cell,)

    def on_played(self, move, now):
        """Start the move's animation, if any."""

    def animating(self, now):
        return False

    def end_cells(self):
        """Cells that blink once the game is over (a winning line)."""
        return ()

    def label(self, cell):
        """`cell` in the game's own notation (what messages say and the simulator's
        labels show), or None for a key that is no part of the game. By default the
        move a press on it plays, in the notation (app/controller_text.py)."""
        return call_part("app.controller_text", "label", self, cell)

    def mover_colour(self):
        """The index in player_colors of the side to move (a team game: its team)."""
        return self.state.to_move

    # -- the board as a player (games/GAME/player.py) ----------------------------------
    def check_board(self, setup):
        """(the seats the board plays, its level) from setup["board"] and
        setup["level"]; ValueError for a bad value (app/controller_start.py)."""
        return call_part("app.controller_start", "check_board", setup, self.level_player)

    def has_player(self):
        """True when the board has a player for this game as it is (HINT searches with it)."""
        return self.level_player and self.state.players == 2

    def board_to_move(self):
        return self.state.status == PLAYING and self.state.to_move in self.board_seats

    def start_thinking(self, now, hint=False):
        from games.rng import Rng

        if self.player is None:
            self.player = call_part("games.players", "load_player", self.setup["game"])
        st = self.state
        rng = Rng((self.setup.get("seed") or 0) * 97 + len(st.history))  # replays the same
        self.thinking = self.player.think(st, 5 if hint else self.level, rng)
        self.think_for_hint = hint
        self.think_start = now
        self.planned = None

    def stop_thinking(self):
        self.thinking = None
        self.think_start = None
        self.planned = None

    def think(self, now):
        """One slice of the board's search (called every app step while it runs), then
        its move once _THINK_MIN_MS have passed."""
        if self.thinking is None and self.planned is None:
            if self.think_for_hint and self.think_start is not None:  # HINT pressed: its search, now that it has lit
                self.start_thinking(now, hint=True)
            elif self.board_to_move() and self.anim_start is None:
                self.start_thinking(now)
            else:
                return
        if self.thinking is not None:
            try:
                next(self.thinking)
                if self.think_for_hint:  # the legal keys stay shown while it searches
                    self.hint_until = ticks_add(now, _HINT_MS)
                return
            except StopIteration as done:
                self.thinking = None
                move = done.value
            if self.think_for_hint:
                self.think_start = None
                self.hint_move = move
                self.hint_until = ticks_add(now, _HINT_SHOWN_MS)
                self.app.sound.play("hint")  # found: said as its keys begin to blink
                return
            self.planned = move
        if ticks_diff(now, self.think_start) >= _THINK_MIN_MS:
            move = self.planned  # (found by the board's player: legal)
            self.stop_thinking()
            self.play_move(move, self.cell_for_move(move), now)

    def hint_cells(self, move):
        """The cells that blink for the strongest move (the rest of HINT stays steady)."""
        return (self.cell_for_move(move),)

    def legal_look(self, now):
        """The colour HINT lights the legal moves' keys in now (None: dark): steady dim
        white while the strongest move is searched or shown (only its keys blink, over
        them), else blinking white (a game where the board has no player)."""
        if self.hint_move is not None or self.think_for_hint and self.think_start is not None:
            return _HINT_LEGAL
        return colors.WHITE if blink_on(now) else None

    def draw_thinking(self, frame, now):
        """The board thinks: a light runs round the ring in its colour."""
        ring = grid.RING
        head = ticks_diff(now, self.think_start) // _SPIN_MS
        color = self.player_colors[self.state.to_move]
        for i in range(_SPIN_TAIL):
            frame.set(ring[(head - i) % len(ring)], colors.scale(color, _SPIN_TAIL - i, _SPIN_TAIL))

    # -- shared behaviour --------------------------------------------------------------
    def fresh_state(self):
        s = self.setup
        rng = None
        if s.get("seed") is not None:
            from games.rng import Rng

            rng = Rng(s["seed"])
        return self.module.new_state(players=s.get("players"), variant=s.get("variant"), rng=rng)

    def tap(self, cell, now):
        self.anim_start = None  # a new press finishes any animation
        self.error = None
        if cell == grid.UNDO:
            self.undo(now)
        elif cell == grid.HINT:
            self.app.sound.play("hint")
            if self.think_for_hint and self.think_start is not None:
                return  # (its search goes on: the same position)
            if self.hint_move is not None:  # found for this position already: shown again
                self.hint_until = ticks_add(now, _HINT_SHOWN_MS)
                return
            self.hint_until = ticks_add(now, _HINT_MS)
            if self.has_player() and self.state.status == PLAYING and not self.board_to_move():
                self.think_for_hint = True  # and the strongest move: searched once this press has lit (think())
                self.think_start = now
        elif cell in _HOLD_KEYS:
            self.refuse((cell,), now, "hold", colors.WHITE)
        elif self.state.status != PLAYING:
            self.refuse((cell, grid.NEW), now, "over")
        elif self.board_seats and self.board_to_move():
            self.refuse((cell,), now, "thinking", colors.WHITE)
        else:
            if self.think_for_hint:
                self.stop_thinking()
            self.hint_move = self.hint_until = None  # a move ends the hint
            self.press(cell, now)

    def hold_ahead(self, cell, now, at):
        """Work ahead while a key of `holds` is down (app.App.check_holds; `at`: its hold's
        ticks), so that its hold shows at once: for MENU, a slice of the menu's making
        (App.menu_ahead), for NEW the new game's state; released before, it is a tap,
        which frees it again."""
        if cell == grid.NEW:
            if self.next_game is None:
                self.next_game = self.fresh_state()
            return
        if cell != grid.MENU or self.next_menu is not None:
            return
        if self.menu_loading is None:
            self.menu_loading = self.app.menu_ahead(at)
        done = slice_of(self.app, self.menu_loading)
        if done is not None:
            self.next_menu = done.value
            self.menu_loading = None

    def hold_released(self, cell):
        """A key of `holds` released before its hold (app.App.key): what hold_ahead made goes."""
        self.next_game = None
        if cell == grid.MENU and (self.menu_loading is not None or self.next_menu is not None):
            self.menu_loading = self.next_menu = None
            free_menu()

    def hold(self, cell, now):
        """A key of `holds` held HOLD_MS: MENU for the menu, NEW for a new game."""
        if cell == grid.MENU:
            self.app.show_menu(self.next_menu)
        elif cell == grid.NEW:
            self.error = None  # a hint from a short press on this key is answered now
            self.flash_until = None
            if self.state.status != PLAYING:  # the next game of a match
                policy = self.match_starter
                if policy == MATCH_SETTING:
                    policy = self.app.settings["match"]
                self.set_swap(next_swap(policy, self.setup["swap"], self.state.winner))
            ahead, self.next_game = self.next_game, None
            self.state = self.fresh_state() if ahead is None else ahead
            self.anim_start = None
            self.stop_thinking()
            self.hint_move = None
            self.app.after_render = self.save_or_refuse
            self.app.sound.play("menu")

    def press(self, cell, now):
        move = self.move_for_cell(cell)
        if move is None:
            self.refuse((cell,), now, "no move")  # (its words name the key: flash_cells)
            return
        self.play_move(move, cell, now)

    def play_move(self, move, cell, now):
        """Play `move` (pressed on `cell`); True if played, else refused with the reason."""
        try:
            self.state.play(move)
        except IllegalMove as e:
            self.refuse(self.refused_cells(cell, move), now, str(e))
            return False
        self.hint_move = None  # (found for the position before)
        self.on_played(move, now)
        status = self.state.status
        self.app.sound.play("move" if status == PLAYING else "win" if status == WON else "draw")
        self.app.after_render = self.save_or_refuse  # the move lights up before it is saved
        return True

    def save_or_refuse(self, now):
        ok = self.save()
        self.app.saved(ok, saves.UNSAVED_GAME)  # (refused: the MENU corner's sign until a save succeeds)
        if not ok:
            self.refuse((), now, "unsaved")  # the state's error and the beep
            self.app.dirty = True

    def undo(self, now):
        """Takes back the last move; against the board, also the board's moves before
        it, back to your turn (your move and the board's answer)."""
        if not self.state.history:
            self.refuse((grid.UNDO,), now, "no undo")
            return
        self.stop_thinking()
        self.hint_move = None
        moves = self.state.history[:-1]
        # the board plays some seats, not all: its moves are taken back to a player's turn
        # (no seat of the board: no replay to ask whose turn it is, in the undo's light)
        board_and_players = 0 < len(self.board_seats) < self.state.players
        while moves and board_and_players and self.seat_after(moves) in self.board_seats:
            moves = moves[:-1]
        self.state = self.fresh_state()
        for m in moves:
            self.state.play(m)
        self.app.after_render = self.save_or_refuse
        self.app.sound.play("move")

    def seat_after(self, moves):
        """The seat to move after `moves` from a fresh state."""
        st = self.fresh_state()
        for m in moves:
            st.play(m)
        return st.to_move

    def refuse(self, cells, now, reason, color=colors.ILLEGAL):
        """Flash `cells` and beep; `reason` says why (the simulator's `error`), in words
        or, for the controller's own refusals, by a name of app/controller_text.py's
        REFUSALS: the board only flashes, so a Pico does not hold their words; or as
        (words with a %-field, its value), put together only when asked (a format
        costs a Pico's press ~0.13 ms)."""
        self.error = reason
        self.flash_cells = cells
        self.flash_color = color
        self.flash_until = ticks_add(now, FLASH_MS)
        self.app.sound.play("illegal")

    def save(self):
        return saves.save_game(self.app.storage, self.setup, self.state)

    # -- the screen interface (see app/app.py) -------------------------------------------
    def busy(self, now):
        self.think(now)
        self.flash_until = pending(self.flash_until, now)
        self.hint_until = pending(self.hint_until, now)
        if self.anim_start is not None and not self.animating(now):
            self.anim_start = None  # over: forgotten before ticks can wrap back to it
        return (
            self.anim_start is not None
            or self.flash_until is not None
            or self.hint_until is not None
            or self.state.status != PLAYING
            or self.think_start is not None
        )

    def draw(self, frame, now):
        self.draw_board(frame, now)
        if self.state.status != PLAYING and not blink_on(now):
            for c in self.end_cells():
                frame.set(c, colors.OFF)
        looks = _CORNER_LOOKS[2 * bool(self.state.history) + (self.state.status != PLAYING)]
        frame.paint(_CORNERS, b"\1\2\3\4", looks, looks)  # undo dark with no move, new game white once over
        if self.hint_until is not None and pending(self.hint_until, now):  # (no call in most frames)
            self.draw_hint(frame, now)
            if self.hint_move is not None and self.hint_move in self.state.legal_moves():
                # the strongest: only its keys blink (cyan, dark), the rest stays steady
                color = colors.CYAN if blink_on(now, _HINT_BLINK_MS) else colors.OFF
                for c in self.hint_cells(self.hint_move):
                    frame.set(c, color)
        if self.think_start is not None and not self.think_for_hint:
            self.draw_thinking(frame, now)
        if self.flash_until is not None and flashing(self.flash_until, now):
            for c in self.flash_cells:
                frame.set(c, self.flash_color)

    def draw_ring(self, frame):
        """The ring tells the state: whose turn (the mover's colour, dim), a draw (both
        colours in turn), the winner (the winner's colour)."""
        st = self.state
        ring = grid.RING
        if st.status == DRAW:
            for i in range(len(ring)):
                frame.set(ring[i], self.player_colors[1 + i % 2])
            return
        if st.status == PLAYING:
            color = colors.scale(self.player_colors[st.to_move], 1, 6)
        else:
            color = colors.scale(self.player_colors[st.winner], 1, 3)
        frame.fill(ring, color)

    def draw_hint(self, frame, now):
        """What HINT shows: by default the keys of the legal moves (legal_look)."""
        color = self.legal_look(now)
        if color is not None:
            for m in self.state.legal_moves():
                frame.set(self.cell_for_move(m), color)

    def described_moves(self):
        """The moves describe() lists under `legal` and `keys`: by default all of them."""
        return self.state.legal_moves()

    def keys_for_move(self, move):
        """The cells a player presses, in order, to play `move` (none: it plays itself,
        as a window's pass when its countdown runs out). Simulated players use it."""
        return (self.cell_for_move(move),)

    # -- the simulator's words (app/controller_text.py: a board never asks for them) --
    def describe(self):
        """The screen's state for the simulator (the headless `state`)."""
        return call_part(self.words, "describe", self)

    def turn_text(self):
        """The state in players' terms: 'yellow to move', 'red wins', 'a draw'."""
        return call_part(self.words, "turn_text", self)

    def axis_labels(self):
        """The simulator's labels around the board, in the game's own notation: the
        (top, bottom, left, right) margins, 12 strings each ('' for none). By default
        the grid's own a..l and 1..12, or a window's (a class's `window`: top, left,
        size, and whether its rows are named: app/controller_text.py's window_labels)."""
        return call_part("app.controller_text", "axis_labels", self)
