# What every game screen shares: the corner keys (hold MENU for the menu, UNDO, HINT,
# hold NEW for a new game), the red flash and beep of a refused press, the end of the
# game, saving after every move. A game's controller (app/c_GAME.py) subclasses it and
# writes the hooks: which move a cell plays, which cell plays a move, how to draw.
from app import colors, grid, saves
from compat import ticks_add, ticks_diff
from games import load
from games.base import DRAW, PLAYING, WON, IllegalMove

FLASH_MS = 400  # a refused press: red flash this long
HINT_MS = 1500  # HINT shows the keys of the legal moves this long
BLINK_MS = 300  # winning cells blink on/off at this pace


# [reading] Who starts. Players are numbered in turn order (RULES.md), so choosing who
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


def blink_on(now, period=BLINK_MS):
    return (now // period) % 2 == 0


def pending(deadline, now):
    """`deadline` (ticks) while it is still ahead of `now`, else None. Screens keep
    only pending deadlines, so an old one cannot seem ahead again when ticks wrap."""
    if deadline is not None and ticks_diff(deadline, now) > 0:
        return deadline
    return None


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

    @classmethod
    def first_swap(cls, rng):
        return cls.first_starter == RANDOM and rng.below(2) == 1

    def __init__(self, app, setup, moves=()):
        """setup: {"game", "players", "variant", "seed", "swap"}; moves: texts to
        replay (a save)."""
        self.app = app
        self.setup = setup
        self.set_swap(bool(setup.get("swap")))
        self.module = load(setup["game"])
        self.flash_cells = ()
        self.flash_color = colors.ILLEGAL
        self.flash_until = None  # ticks when the refusal flash ends, while it shows
        self.hint_until = None
        self.error = None  # why the last press was refused, for the simulator's state
        self.anim_start = None  # set by a game's on_played() while it animates
        self.state = self.fresh_state()
        for text in moves:
            self.state.play_text(text)  # IllegalMove/ValueError: the caller drops the save

    def set_swap(self, swap):
        """Who plays as player 1: the second colour when `swap` (the colours follow)."""
        self.setup = dict(self.setup)
        self.setup["swap"] = swap
        pc = type(self).player_colors
        self.player_colors = (pc[0], pc[2], pc[1]) + pc[3:] if swap else pc

    # -- hooks for each game ---------------------------------------------------------
    def move_for_cell(self, cell):
        """The move a press on `cell` plays, or None if that cell plays nothing."""
        raise NotImplementedError

    def cell_for_move(self, move):
        """One cell whose press plays `move` (the simulator's `keys`, the hint)."""
        raise NotImplementedError

    def draw_board(self, frame, now):
        raise NotImplementedError

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
            self.hint_until = ticks_add(now, HINT_MS)
            self.app.sound.play("hint")
        elif cell in (grid.MENU, grid.NEW):
            self.refuse((cell,), now, "hold this key to use it", colors.WHITE)
        elif self.state.status != PLAYING:
            self.refuse((cell, grid.NEW), now, "the game is over: hold the new-game key (l12)")
        else:
            self.press(cell, now)

    def hold(self, cell, now):
        if cell not in (grid.MENU, grid.NEW):
            self.tap(cell, now)  # a slow press is still a press
        elif cell == grid.MENU:
            self.app.show_menu()
        elif cell == grid.NEW:
            if self.state.status != PLAYING:  # the next game of a match
                policy = self.match_starter
                if policy == MATCH_SETTING:
                    policy = self.app.settings["match"]
                self.set_swap(next_swap(policy, self.setup["swap"], self.state.winner))
            self.state = self.fresh_state()
            self.anim_start = None
            self.app.after_render = self.save_or_refuse
            self.app.sound.play("menu")

    def press(self, cell, now):
        move = self.move_for_cell(cell)
        if move is None:
            self.refuse((cell,), now, "%s plays no move" % grid.name(cell))
            return
        try:
            self.state.play(move)
        except IllegalMove as e:
            self.refuse(self.refused_cells(cell, move), now, str(e))
            return
        self.on_played(move, now)
        status = self.state.status
        self.app.sound.play("move" if status == PLAYING else "win" if status == WON else "draw")
        self.app.after_render = self.save_or_refuse  # the move lights up before it is saved

    def save_or_refuse(self, now):
        if not self.save():
            self.refuse((grid.MENU,), now, "the game could not be saved (is the flash full?)", colors.ORANGE)
            self.app.dirty = True

    def undo(self, now):
        if not self.state.history:
            self.refuse((grid.UNDO,), now, "nothing to undo")
            return
        moves = self.state.history[:-1]
        self.state = self.fresh_state()
        for m in moves:
            self.state.play(m)
        self.app.after_render = self.save_or_refuse
        self.app.sound.play("move")

    def refuse(self, cells, now, reason, color=colors.ILLEGAL):
        self.error = reason
        self.flash_cells = cells
        self.flash_color = color
        self.flash_until = ticks_add(now, FLASH_MS)
        self.app.sound.play("illegal")

    def save(self):
        return saves.save_game(self.app.storage, self.setup, self.state)

    # -- the screen interface (see app/app.py) -------------------------------------------
    def busy(self, now):
        self.flash_until = pending(self.flash_until, now)
        self.hint_until = pending(self.hint_until, now)
        if self.anim_start is not None and not self.animating(now):
            self.anim_start = None  # over: forgotten before ticks can wrap back to it
        return (
            self.anim_start is not None
            or self.flash_until is not None
            or self.hint_until is not None
            or self.state.status != PLAYING
        )

    def draw(self, frame, now):
        self.draw_board(frame, now)
        if self.state.status != PLAYING and not blink_on(now):
            for c in self.end_cells():
                frame.set(c, colors.OFF)
        frame.set(grid.MENU, colors.SYSTEM)
        frame.set(grid.UNDO, colors.SYSTEM if self.state.history else colors.OFF)
        frame.set(grid.HINT, colors.SYSTEM)
        frame.set(grid.NEW, colors.WHITE if self.state.status != PLAYING else colors.SYSTEM)
        if pending(self.hint_until, now):
            self.draw_hint(frame, now)
        if pending(self.flash_until, now):
            for c in self.flash_cells:
                frame.set(c, self.flash_color)

    def draw_ring(self, frame):
        """The ring tells the state: whose turn (the mover's colour, dim), a draw (both
        colours in turn), the winner (the winner's colour)."""
        st = self.state
        ring = grid.ring_cells()
        for i in range(len(ring)):
            if st.status == PLAYING:
                color = colors.scale(self.player_colors[st.to_move], 1, 6)
            elif st.status == DRAW:
                color = self.player_colors[1 + i % 2]
            else:
                color = colors.scale(self.player_colors[st.winner], 1, 3)
            frame.set(ring[i], color)

    def draw_hint(self, frame, now):
        """What HINT shows: by default the keys of the legal moves blink white."""
        if blink_on(now):
            for m in self.state.legal_moves():
                frame.set(self.cell_for_move(m), colors.WHITE)

    def describe(self):
        st = self.state
        playing = st.status == PLAYING
        legal = st.legal_moves()
        info = {
            "screen": "game",
            "game": self.setup["game"],
            "players": st.players,
            "status": st.status,
            "winner": st.winner,
            "to_move": st.to_move if playing else None,
            "legal": [st.format_move(m) for m in legal],
            "keys": dict((st.format_move(m), grid.name(self.cell_for_move(m))) for m in legal),
            "moves": [st.format_move(m) for m in st.history],
            "error": self.error,
            "colors": ["%06x" % c for c in self.player_colors[1:]],  # player 1's first
        }
        info.update(st.info())
        return info
