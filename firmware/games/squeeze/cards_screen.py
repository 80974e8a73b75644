# 4D Squeeze with cards on the board, 2 players or 4 (rules: games/squeeze/cards.py,
# docs/rules/squeeze_cards.md): the classic screen (games/squeeze/screen.py) with the cards
# added. Setup "mode": "cards" (the default: the players hold real cards, the board
# trusts them) or "deal" (the board deals and keeps the hands).
import sys
from array import array

from app import colors, grid
from games.squeeze import screen as classic
from app.shared import blink_on, pending, unload
from games.squeeze.screen import BOARD_CELLS, RING_CELLS, SLIDE_MS, TINT  # (the slide's, a press's light: one lookup each)
from app.controller import GameController
from compat import const, ticks_add, ticks_diff
from games.squeeze import rules
from games.squeeze import cards
from games.base import PLAYING
from games.rng import Rng
from games.squeeze.rules import HALF, NONE, PATHS

_MODES = const(("cards", "deal"))
_NEGATION_MS = const(3000)  # the Negation window's countdown
_ANNULATION_MS = const(4000)  # the Annulation window's countdown
_EFFECT_MS = const(900)  # a card's effect flashes this long
_GOLD = const(0xFFE080)  # a seat the golden rule binds: its card key pulses pale gold
# Each kind's symbol (3x3, rows top to bottom, the top-left cell the highest bit; drawn
# at the board's centre): trahison, flammes, eclair, poussee, double, negation, annulation.
_SYMBOLS = const((
    0b101010101,  # trahison: a cross, a pawn changing sides
    0b010111111,  # flammes: a flame
    0b011010110,  # eclair: a zigzag
    0b010110010,  # poussee: an arrow
    0b101000101,  # double: two pairs
    0b000111000,  # negation: a bar
    0b111101111,  # annulation: a ring
))
# each symbol's lit cells, its top-left cell at the board's centre (row 5, column 5),
# made once (drawn in one call: a window's frame, a press's light)
SYMBOL_CELLS = tuple(bytes(grid.cell(5 + i // 3, 5 + i % 3) for i in range(9) if s >> (8 - i) & 1) for s in _SYMBOLS)
NO_CARD = colors.scale(colors.RED, 1, 3)
_PINK = const(0xFF3090)
# Each kind's colour (none is a player's), in cards.KINDS' order.
KIND_COLORS = (colors.PURPLE, colors.ORANGE, colors.CYAN, colors.GREEN, _PINK, colors.RED, colors.WHITE)
# The card keys: each seat's side of the ring (SEAT_SIDES[players][seat]) and the places
# along it from its card key (0): the hand shown (_PEEK), the kinds a pick plays
# (KIND_PLACES: trahison .. double), "no card" (Controller.NO_CARD_PLACE). Controller.key_cell()
# says where; the parts (cards_pick, cards_words) ask it, and read the places from the controller.
SEAT_SIDES = {2: (None, rules.S, rules.N), 4: (None, rules.S, rules.W, rules.N, rules.E)}
_PEEK = const((1, 2))
KIND_PLACES = (3, 4, 5, 6, 7)
# each window's (countdown in ms, countdown colour: its answer's kind, dim)
WINDOWS = {cards.NEGATION_WINDOW: (_NEGATION_MS, colors.scale(KIND_COLORS[cards.NEGATION], 1, 3)),
           cards.ANNULATION_WINDOW: (_ANNULATION_MS, colors.scale(KIND_COLORS[cards.ANNULATION], 1, 3))}



def side_cell(side, place):
    """The key `place` steps along `side` from its card key (the seat's right hand: the
    south and west lines count down to it, the north and east ones up)."""
    line = 9 - place if side in (rules.S, rules.W) else place
    return RING_CELLS[side * 10 + line]


WORDS_MODULE = "games.squeeze.cards_words"
PICK_MODULE = "games.squeeze.cards_pick"


class Controller(classic.Controller):
    """The card game's screen. Its keys and what it shows:

    Keys. Each seat has a card key on its side of the ring, at its right hand: seat 1
    (south) k12, in 2 players seat 2 (north) b1; in 4 players seat 2 (west) a11, seat 3
    (north) b1, seat 4 (east) l2. Those launch points become card keys; their launches
    are played by pressing the arrival cell. Along the side from the card key: two cells
    where "deal" shows the seat's hand, then the five own-turn kinds, then "no card".
    - The mover taps its card key: its side shows the kinds (trahison, flammes, eclair,
      poussee, double); it taps one, then the target: a board cell (trahison, flammes,
      eclair: the square's top-left cell), a launch point (poussee), two launches
      (double: launch points or arrival cells). l1 (undo) backs out of a pick.
    - A window (Negation after a launch, Annulation after a card) is a countdown on the
      ring, the same whoever holds what; a seat answers by tapping its card key. When it
      runs out the board plays `pass`.
    - "deal": holding the card key shows the seat's two cards, small and dim at its edge.
    - With real cards a mover with no launch taps its card key and "no card" (the cell
      after the kinds) when it holds no playable card: the game is a draw.
    Shown: the mover's card key white (the others dim in their colour); a seat the golden rule binds has its card
    key pulse gold; each kind has a colour and a 3x3 symbol; every effect flashes.
    RAM on a Pico: a card pick's keys and picture (games/squeeze/cards_pick.py) are loaded
    while a pick lasts, a card's rules (games/squeeze/cards_effects.py) from its pick (or
    its play) to its effect, the simulator's words (games/squeeze/cards_words.py) and the
    referee's lines (games/squeeze/cards_notation.py) when asked; all go with the menu.
    """

    KIND_COLORS = KIND_COLORS  # (the parts' too)
    KIND_PLACES = KIND_PLACES
    NO_CARD_PLACE = 8
    # and the card lines' (games/squeeze/cards_notation.py), a card's effects, the
    # simulator's words, a pick's
    helpers = classic.Controller.helpers + (cards.NOTATION_MODULE, cards.EFFECTS_MODULE, WORDS_MODULE, PICK_MODULE)

    def __init__(self, app, setup, moves=()):
        self.mode = setup.get("mode") or "cards"
        if self.mode not in _MODES:
            raise ValueError("4D Squeeze with cards: mode is 'cards' or 'deal', not %r" % (self.mode,))
        players = setup.get("players") or 2
        if players not in (2, 4):
            raise ValueError("4D Squeeze with cards is for 2 or 4 players, not %r" % (players,))
        self.sides = SEAT_SIDES[players]
        self.card_keys = dict((self.key_cell(s), s) for s in range(1, players + 1))
        if self.mode == "deal":  # a card key held shows its seat's hand: it waits for its release
            self.holds = classic.Controller.holds + tuple(self.card_keys)
        self.pick = None  # [seat, kind or None, first launch of a double or None]
        self.window_until = None  # the open window's countdown deadline
        self.window_id = None  # which window the countdown is for
        self.effect_until = None
        self.effect_cells = ()
        self.effect_color = colors.WHITE
        self.marks_of = self.marks = None  # legal_launch_marks(): the list they are of, and them
        self.key_looks = None  # draw_card_keys(): (the colours they are of, the card keys' cells, their dim colours)
        classic.Controller.__init__(self, app, setup, moves)

    def fresh_state(self):
        seed = self.setup.get("seed")
        rng = Rng(seed if seed is not None else 0)
        hands = cards.TRUSTED if self.mode == "cards" else cards.DEALT
        return cards.new_state(self.setup.get("players") or 2, rng=rng, hands=hands)

    # -- keys -------------------------------------------------------------------------------
    def move_for_cell(self, cell):
        if cell in self.card_keys:
            return None  # a card key: its launch is played from the arrival cell
        return classic.Controller.move_for_cell(self, cell)

    def cell_for_move(self, move):
        if move < cards.CARD_BASE:
            cell = classic.RING_CELLS[move]
            if cell in self.card_keys:
                return classic.BOARD_CELLS[self.state.arrival_cell(move)]
            return cell
        seat = cards.unpack(move)[3] or self.state.to_move
        return self.key_cell(seat)

    def key_cell(self, seat, place=0):
        """The key `place` steps along `seat`'s side from its card key (side_cell)."""
        return side_cell(self.sides[seat], place)

    def label(self, cell):
        """A card key by its seat (its launch is played from the arrival cell), the
        rest as in the classic game (e5, W-3)."""
        if cell in self.card_keys:
            return "P%d card key" % self.card_keys[cell]
        return classic.Controller.label(self, cell)

    def axis_labels(self):
        return _words().axis_labels(self)

    def tap(self, cell, now):
        if self.pick is not None and cell == grid.UNDO:
            self.end_pick()  # back out of a card pick
            self.error = None
            self.app.sound.play("menu")
            return
        GameController.tap(self, cell, now)

    def hold(self, cell, now):
        if cell in self.card_keys and self.mode == "deal":
            return  # holding a card key shows the hand while it is down (see draw_peek)
        classic.Controller.hold(self, cell, now)
        if cell == grid.NEW:
            self.end_pick()  # a new game: no pick left over from the last one

    def press(self, cell, now):
        st = self.state
        seat = self.card_keys.get(cell)
        if st.window:
            if seat is None:
                self.refuse((cell,), now, ("a %s window is open: a card key answers it, or let it run out", st.window))
            else:
                kind = cards.NEGATION if st.window == cards.NEGATION_WINDOW else cards.ANNULATION
                self.play_move(cards.card(kind, 0, 0, seat), cell, now)
        elif self.pick is not None:
            _pick().press(self, cell, now)
        elif seat is not None:
            if seat != st.to_move:
                self.refuse((cell,), now, ("only player %d (to move) may play a card now", st.to_move))
            elif st.relaunch:
                self.refuse((cell,), now, "after a Negation you must launch")
            else:
                self.pick = [seat, None, None]
                self.app.sound.play("hint")
        else:
            GameController.press(self, cell, now)  # (not the classic game's: no squeeze to sound)

    def play_move(self, move, cell, now):
        if classic.Controller.play_move(self, move, cell, now):
            self.pick = None  # (its module and the cards' effects go after the light: save_or_refuse)
        else:
            self.drop_effects()  # (a refused card was checked by it too)

    def save_or_refuse(self, now):
        """After a move's light: the pick's module and the cards' effects go, unless a
        new pick has begun since; then the save."""
        if self.pick is None and PICK_MODULE in sys.modules:
            unload(PICK_MODULE)
        self.drop_effects()
        classic.Controller.save_or_refuse(self, now)

    def end_pick(self):
        """No card pick now: the pick's module (games/squeeze/cards_pick.py) goes."""
        if self.pick is not None:
            self.pick = None
            unload(PICK_MODULE)
        self.drop_effects()

    def drop_effects(self):
        """No card picked nor waiting for its effect: the cards' effects
        (games/squeeze/cards_effects.py) go."""
        if self.pick is None and not self.state.stack and cards.EFFECTS_MODULE in sys.modules:
            unload(cards.EFFECTS_MODULE)  # (only if loaded: an unload's miss costs a press ~0.2 ms)

    def refused_cells(self, cell, move):
        if move < cards.CARD_BASE:
            return classic.Controller.refused_cells(self, cell, move)
        return (cell,) if cell is not None else ()

    def undo(self, now):
        """Undo the last thing a player did: its line and the passes after it."""
        moves = list(self.state.history)
        while moves and moves[-1] == cards.PASS_MOVE:
            moves.pop()
        if moves:
            self.state.history = moves
            self.window_id = None
        classic.Controller.undo(self, now)
        self.drop_effects()

    # -- time: the windows' countdowns, the effects -------------------------------------
    def on_played(self, move, now):
        st = self.state
        self.effect_until = None
        for event in st.events:
            if event[0] == "launch":
                self.start_slide(event[1], event[2], now)
            elif event[0] in ("effect", "cancelled"):
                card = event[1]
                self.effect_until = ticks_add(now, _EFFECT_MS)
                self.effect_color = KIND_COLORS[card[0]] if event[0] == "effect" else colors.WHITE
                self.effect_cells = self.card_cells(card)
                self.app.sound.play("squeeze")

    def card_cells(self, card):
        kind, a, b, seat = card
        if kind in (cards.TRAHISON, cards.FLAMMES):
            return (classic.BOARD_CELLS[a],)
        if kind == cards.ECLAIR:
            return tuple(classic.BOARD_CELLS[c] for c in cards.square(a))
        if kind == cards.POUSSEE:
            return (classic.RING_CELLS[a],) + tuple(classic.BOARD_CELLS[c] for c in rules.PATHS[a * 5:a * 5 + 5])
        if kind == cards.DOUBLE:
            return (classic.RING_CELLS[a], classic.RING_CELLS[b])
        if kind == cards.NEGATION and self.state.launched != rules.NONE:
            return (classic.BOARD_CELLS[self.state.launched],)
        return (self.key_cell(seat),)

    def busy(self, now):
        st = self.state
        if st.status == PLAYING and st.window:
            wid = (len(st.history), st.window)
            if self.window_id != wid:
                self.window_id = wid
                ms = WINDOWS[st.window][0]
                if not st.dealt and st.chain_full():
                    ms = 0  # real cards: nobody can answer, everyone sees it
                self.window_until = ticks_add(now, ms)
            if pending(self.window_until, now) is None:
                self.window_until = None
                self.play_move(cards.PASS_MOVE, None, now)  # nobody answered
        else:
            self.window_until = None
        self.effect_until = pending(self.effect_until, now)
        if self.pick is not None:  # the pick's module and a card's rules load after the
            _pick()  # light of the press that began it, not in the next presses' (an
            cards.effects()  # import takes ~20 ms on a Pico)
        busy = classic.Controller.busy(self, now)
        golden = st.status == PLAYING and any(st.bound)  # its card key pulses
        symbol = self.pick is not None and self.pick[1] is not None  # the kind's symbol blinks
        return busy or golden or symbol or self.window_until is not None or self.effect_until is not None or self.peeking() != ()

    def peeking(self):
        """The seats whose card key is held down (deal mode: they see their hand)."""
        if self.mode != "deal":
            return ()
        return tuple(s for c, s in self.card_keys.items() if c in self.app.held)

    # -- drawing ---------------------------------------------------------------------------------
    def legal_launch_marks(self):
        """Which launches the mover may play now (the state keeps its list until the next
        change: the golden rule's check is too slow for every frame on a Pico)."""
        st = self.state
        launches = st.legal_launches() if st.status == PLAYING and not st.window else None
        if self.marks_of is not launches or launches is None:  # (the list is new at each change)
            marks = self.marks = bytearray(rules.LAUNCHES)
            self.marks_of = launches
            for l in launches or ():
                marks[l] = 1
        return self.marks

    def draw_board(self, frame, now):
        st = self.state
        self.draw_pieces(frame)
        if st.status != PLAYING:
            self.draw_ring(frame)
        elif st.window:
            self.draw_window(frame, now)
        elif self.pick is not None and self.pick[1] is None:
            self.draw_kinds(frame, self.pick[0])
        elif self.pick is not None:
            _pick().draw(self, frame, now)
        else:
            self.draw_launches(frame)
        if self.pick is None or self.pick[1] not in (cards.POUSSEE, cards.DOUBLE):
            self.draw_card_keys(frame, now)  # (else they are launch points, for the target)
        if self.anim_start is not None:  # (draw_move ends the slide: no squeeze in this variant)
            self.draw_move(frame, ticks_diff(now, self.anim_start))
        if self.effect_until is not None and pending(self.effect_until, now) and not blink_on(now, 150):
            for c in self.effect_cells:
                frame.set(c, self.effect_color)
        if self.mode == "deal":  # (peeking() is a call: a press's light)
            for seat in self.peeking():
                self.draw_peek(frame, seat)

    def draw_kinds(self, frame, seat):
        """A pick's first picture (drawn in its press's light, before its module loads):
        the kinds on the seat's side, "no card" with real cards and no launch."""
        side = self.sides[seat]
        frame.fill(classic.RING_ORDER, colors.OFF)
        hand = self.state.hands[seat] if self.mode == "deal" else None
        for i in range(len(KIND_PLACES)):  # deal mode: only the kinds the hand holds
            frame.set(side_cell(side, KIND_PLACES[i]), KIND_COLORS[i] if hand is None or i in hand else colors.OFF)
        if self.mode == "cards" and not self.state.legal_launches():
            frame.set(side_cell(side, self.NO_CARD_PLACE), NO_CARD)

    def draw_move(self, frame, t):
        """The launched pawn slides in from its launch point."""
        step = t // SLIDE_MS
        if step >= self.anim_steps:
            return
        st = self.state
        cell = st.launched if st.launched != NONE else st.last_cell
        if cell == NONE:
            return
        frame.set(BOARD_CELLS[cell], TINT[cell])
        launch = self.anim_launch
        where = RING_CELLS[launch] if step == 0 else BOARD_CELLS[PATHS[launch * HALF + step - 1]]
        pawn = st.board[cell]
        frame.set(where, self.player_colors[pawn] if pawn in (1, 2) else colors.WHITE)

    def draw_launches(self, frame):
        st = self.state
        marks = self.legal_launch_marks()
        color = self.player_colors[st.colour()]
        side = self.sides[st.to_move]  # the mover's side at full level, the others at half
        frame.mark(classic.RING_CELLS, marks, 0, self.dims(color)[0], colors.OFF)  # (native calls: a press's light)
        frame.mark(classic.SIDE_RING_CELLS[side], memoryview(marks)[side * 10:side * 10 + 10], 0, color, colors.OFF)

    def draw_card_keys(self, frame, now):
        st = self.state
        looks = self.key_looks
        if looks is None or looks[0] is not self.player_colors:  # made once for the players' colours
            keys = list(self.card_keys.items())
            dims = [colors.scale(self.player_colors[st.colour(seat)], 1, 5) for cell, seat in keys]
            # by the seat to move (0: none): each key dim in its colour, the mover's white
            palettes = tuple(array("I", [0] + [colors.WHITE if keys[i][1] == mover else dims[i] for i in range(len(keys))])
                             for mover in range(len(keys) + 1))
            looks = self.key_looks = (self.player_colors, bytes(cell for cell, seat in keys), keys, palettes)
        palette = looks[3][st.to_move if st.status == PLAYING else 0]
        frame.paint(looks[1], b"\1\2\3\4", palette, palette)  # (one call: a press's light)
        if st.status == PLAYING and any(st.bound) and blink_on(now, 500):
            for cell, seat in looks[2]:
                if st.bound[seat]:
                    frame.set(cell, _GOLD)  # the golden rule binds this seat

    def draw_window(self, frame, now):
        """The countdown on the ring (the same for everybody), the card or the launch
        being answered, and the symbol of the card it calls for."""
        st = self.state
        total, on = WINDOWS[st.window]
        order = classic.RING_ORDER
        frame.fill(order, on)  # whole while the window has just opened (a press's frame, a resume's): busy() starts it after
        if self.window_until is not None and self.window_id == (len(st.history), st.window):
            lit = (len(order) * max(0, ticks_diff(self.window_until, now)) + total - 1) // total
            if lit < len(order):
                frame.fill(order[lit:], colors.OFF)  # the time gone
        if st.stack:
            card = st.stack[0]
            self.draw_symbol(frame, card[0], now)
            for c in self.card_cells(card):
                if blink_on(now, 250):
                    frame.set(c, KIND_COLORS[card[0]])
        else:  # the launch that Negation could take back, and Negation's symbol
            self.draw_symbol(frame, cards.NEGATION, now)
            if blink_on(now, 250) and st.launched != rules.NONE:
                frame.set(classic.BOARD_CELLS[st.launched], colors.WHITE)

    def draw_symbol(self, frame, kind, now):
        if blink_on(now, 600):
            return  # in turn with the board below it
        frame.fill(SYMBOL_CELLS[kind], KIND_COLORS[kind])

    def draw_peek(self, frame, seat):
        """Deal mode: the seat's two cards, small and dim at its edge."""
        side = self.sides[seat]
        hand = self.state.hands[seat]
        for i in range(len(_PEEK)):
            color = colors.scale(KIND_COLORS[hand[i]], 1, 4) if i < len(hand) else colors.OFF
            frame.set(side_cell(side, _PEEK[i]), color)

    def draw_hint(self, frame, now):
        """HINT: the cells a legal launch reaches blink (steady while the strongest
        launch's arrival blinks over them, as in the classic game)."""
        color = self.legal_look(now)
        if color is not None:
            marks = self.legal_launch_marks()
            for l in range(rules.LAUNCHES):
                if marks[l]:
                    frame.set(classic.BOARD_CELLS[self.state.arrival_cell(l)], color)

    def end_cells(self):
        st = self.state
        return [classic.BOARD_CELLS[c] for c in st.line] if st.line else ()

    # -- the simulator's words (games/squeeze/cards_words.py: never needed on the board) --
    def describe(self):
        return _words().describe(self)

    def described_moves(self):
        return _words().described_moves(self)

    def keys_for_move(self, move):
        return _words().keys_for_move(self, move)

    def turn_text(self):
        return _words().turn_text(self)


def _pick():
    """games/squeeze/cards_pick.py: a card pick's keys and picture, loaded while a
    player picks a card and its target (most presses launch: the RAM stays free)."""
    from games.squeeze import cards_pick

    return cards_pick


def _words():
    from games.squeeze import cards_words

    return cards_words
