# 4D Squeeze with cards (docs/rules/squeeze_cards.md), 2 players or 4 in two
# teams. The board and the launches are the classic game's (games/squeeze/rules.py), with
# the card variant's differences: no squeeze (dead cells stay empty), the four neutral
# pentacles are pawns of nobody (a launch stops against one), and seven kinds of card.
from compat import const
from games.base import DRAW, PLAYING, WON, GameState, check_setup
from games.squeeze import rules as sq
from games.squeeze.rules import CELL_MOVE, CELLS, EMPTY, LAUNCHES, NONE, PENTACLE, SqueezeState, line_through
from games.squeeze.rules import LINE_OF, PATHS, update_arrivals
from games.squeeze.cards_moves import (ANNULATION, ANNULATION_WINDOW, CARD_BASE, DOUBLE, ECLAIR,  # noqa: F401
                                       FLAMMES, INSTEAD, KINDS, NEGATION, NEGATION_WINDOW, PASS, PASS_MOVE,
                                       POUSSEE, TRAHISON, card, square, unpack)

_COPIES = const(3)  # [reading] 21 cards: 3 of each of the 7 kinds
_HAND = const(2)  # every player always holds 2 cards
# Modes of keeping hands
DEALT = "dealt"
TRUSTED = "trusted"
_ONE = bytearray(1)  # _put()'s changed cell


class CardsState(SqueezeState):
    """The card game's state.

    A turn: the mover launches, or plays an "instead" card (trahison, flammes, eclair,
    poussee), or a Coup double with its two launches. Windows open on the way: after a
    launch the next seat clockwise may play Negation; after any card anyone else may play
    Annulation (a chain: the last one decides). A window is closed by `pass`. A card's
    effect applies when its Annulation window closes. The golden rule is a legality
    check: the card player may not make its own alignment with that turn's pawns and
    effect (Negation: with its next turn).

    Hands: "dealt" (the referee and the board's "deal" mode) keeps a seeded 21-card deck,
    every hand, the discards; "trusted" (the board's "cards" mode: real cards) keeps no
    hands, any card may be played when its timing and target allow.

    The lines' parsing, the full legal list and the referee's fields are in
    games/squeeze/cards_notation.py, loaded when asked (the board seldom does).
    An own-turn card's checks and a card's effects are in games/squeeze/cards_effects.py,
    loaded when asked.

    Moves are small ints (a history of hundreds costs no heap on a Pico): a launch as in
    the classic game (0..39, CELL_MOVE + cell for an arrival cell no launch reaches); a
    card or a pass is card(kind, a, b, player) >= CARD_BASE, unpack() gives the four back.
    """
    # [reading] neutral pentacles are pawns of nobody: a launch stops against one too
    SUPPORT = PENTACLE + 1

    def __init__(self, players=2, rng=None, hands=DEALT):
        GameState.__init__(self)
        self.players = players
        self.board = sq.start_board()
        self.last_squeeze = []
        self.last_cell = NONE
        self.line = None
        self.dealt = hands == DEALT
        self.rng = rng
        if self.dealt:
            if rng is None:
                from games.rng import Rng  # (loaded before the rules: app/catalog.py)

                rng = self.rng = Rng(0)
            # lists: 21 small ints (a MicroPython bytearray has no pop or remove)
            self.deck = [k for k in range(7) for _ in range(_COPIES)]
            rng.shuffle(self.deck)
            self.discards = []
            self.hands = [None] + [[] for _ in range(players)]
            for seat in range(1, players + 1):
                for _ in range(_HAND):
                    self._draw(seat)
        self.window = None  # NEGATION_WINDOW, ANNULATION_WINDOW or None (the mover acts)
        self.stack = []  # the Annulation chain: the card (first) and its Annulations
        self.bound = bytearray(players + 1)  # seats the golden rule binds (their turn)
        self.card_used = False  # an own-turn card was played (and cancelled) this turn
        self.relaunch = False  # after a Negation: the mover must launch elsewhere
        self.forbidden = []  # arrival cells taken back by Negations this turn
        self.launched = NONE  # the cell of the launch the Negation window is about
        self.winning = None  # that launch's line, if it made one
        self.events = []  # what the last move did, for the board's animations
        self._refresh()

    def _refresh(self, arrive=None):
        self.launches = None
        SqueezeState._refresh(self, arrive)  # (the pentacle counts stay 0: none are made)

    def _set(self, cells, values):
        """Write pieces and keep the counts and the arrivals right (one pawn: _put)."""
        self.launches = None
        board = self.board
        for c, v in zip(cells, values):
            self.empty += (v == EMPTY) - (board[c] == EMPTY)
            board[c] = v
        self._update_arrivals(cells)

    def _put(self, cell, value):
        """_set() of one cell, without its lists: a launch, in a press's light."""
        self.launches = None
        board = self.board
        self.empty += (value == EMPTY) - (board[cell] == EMPTY)
        board[cell] = value
        _ONE[0] = cell
        update_arrivals(board, self.arrive, _ONE, 1, self.SUPPORT, PATHS, LINE_OF)

    # -- seats and cards ---------------------------------------------------------------
    def next_seat(self, seat=None):
        return (self.to_move if seat is None else seat) % self.players + 1

    def _draw(self, seat):
        if not self.deck and self.discards:  # an empty deck: the discards, shuffled
            self.deck = self.discards
            self.discards = []
            self.rng.shuffle(self.deck)
        if self.deck:
            self.hands[seat].append(self.deck.pop())

    def chain_full(self):
        """The deck's Annulations are all in the chain (its cards are on the table): none
        can answer it, whatever the board trusts of the hands."""
        return len(self.stack) > _COPIES

    def holds(self, seat, kind):
        return not self.dealt or kind in self.hands[seat]

    # -- the golden rule and the launches -------------------------------------------------
    def _makes_line(self, cell, colour):
        """The line a pawn of `colour` on `cell` would make, or None."""
        return line_through(self.board, cell, colour)

    def launch_problem(self, launch):
        """Why the mover may not launch `launch` now, or None."""
        cell = self.arrive[launch]
        if cell == NONE:
            return SqueezeState.why_illegal(self, launch)
        if cell in self.forbidden:
            return "Negation took back the launch to %s: launch to another cell" % sq.cell_text(cell)
        if self.bound[self.to_move] and self._makes_line(cell, self.colour()):
            return "golden rule: %s would make your four in a row in a turn you played a card" % sq.launch_name(launch)
        return None

    def legal_launches(self):
        """The mover's legal launches (kept until the next change: the board asks for
        them too, and the golden rule makes them cost)."""
        if self.launches is None:  # launch_problem(l) is None, without its messages
            arrive, board, forbidden = self.arrive, self.board, self.forbidden
            bound, colour = self.bound[self.to_move], self.colour()
            self.launches = [l for l in range(LAUNCHES) if arrive[l] != NONE and arrive[l] not in forbidden
                             and not (bound and line_through(board, arrive[l], colour))]
        return self.launches

    def _can_go_on(self):
        """The mover has a legal launch or a playable instead card; with real cards the
        board cannot know the hand, so a card (or a `pass`: none) is asked for."""
        if self.legal_launches():
            return True
        return not self.dealt or bool(self.playable_cards(first=True))

    def playable_cards(self, seat=None, kinds=INSTEAD, first=False):
        """Every own-turn card `seat` (the mover) may play now, as moves (`first`: only
        the first one found, enough to know whether there is one)."""
        return _notation().playable_cards(self, seat, kinds, first)

    def negation_possible(self):
        """Negation needs another launch for the mover, to another arrival cell."""
        board = self.board
        cell = self.launched
        pawn = board[cell]
        board[cell] = EMPTY
        ok = False
        for l in range(LAUNCHES):
            c = sq.arrival(board, l, self.SUPPORT)
            if c != NONE and c != cell and c not in self.forbidden:
                if not self.bound[self.to_move] or not self._makes_line(c, pawn):
                    ok = True
                    break
        board[cell] = pawn
        return ok

    # -- the protocol ------------------------------------------------------------------------
    def legal_moves(self):
        """Every legal line now: the launches, every card play with every target, the
        answers to a window, pass (the referee's list; the board needs only some)."""
        return _notation().legal_moves(self)

    def why_illegal(self, move):
        if isinstance(move, int) and 0 <= move < LAUNCHES and not self.window and self.status == PLAYING:
            return self.launch_problem(move)  # (most presses: the checks below, in fewer steps)
        if self.status != PLAYING:
            return "the game is over"
        if not isinstance(move, int) or not (0 <= move < CELL_MOVE + CELLS or CARD_BASE <= move <= PASS_MOVE):
            return "%r is not a move" % (move,)
        if move < CARD_BASE:
            if self.window:
                return "the %s window is open: answer it or pass" % self.window
            if move >= CELL_MOVE:
                return SqueezeState.why_illegal(self, move)
            return self.launch_problem(move)
        if move == PASS_MOVE:
            if self.window or (not self.dealt and not self.legal_launches() and not self.relaunch):
                return None
            return "nothing to pass: no window is open (launch or play a card)"
        kind, a, b, seat = unpack(move)
        if kind in (NEGATION, ANNULATION) and 1 <= seat <= self.players:  # an answer to a window
            window = NEGATION_WINDOW if kind == NEGATION else ANNULATION_WINDOW
            if self.window != window:
                if kind == NEGATION:
                    return "negation answers a launch, right after it"
                return "annulation answers a card, right after it"
            if kind == NEGATION and seat != self.next_seat():
                return "only player %d (next clockwise) may play negation now" % self.next_seat()
            if kind == ANNULATION and seat == self.stack[-1][3]:
                return "player %d played the card just played" % seat
            if kind == ANNULATION and self.chain_full():
                return "the %d annulation cards are all in this chain" % _COPIES
            if not self.holds(seat, kind):
                return "player %d holds no %s card" % (seat, KINDS[kind])
            return None
        return effects().card_why(self, move)  # an own-turn card

    def _apply(self, move):
        self.events = []
        self.launches = None
        if move < CARD_BASE:
            self._launch(move)
            return
        kind, a, b, seat = unpack(move)
        if kind == PASS:
            if self.window == NEGATION_WINDOW:
                self._close_negation()
            elif self.window == ANNULATION_WINDOW:
                effects().resolve(self)  # the chain's first card takes effect, or not
            else:
                self._end(DRAW, None)  # real cards: no launch and no card
            return
        if self.dealt:  # played: to the table, and the player draws at once
            self.hands[seat].remove(kind)
            self._draw(seat)
        self.stack.append((kind, a, b, seat))  # the chain: unpacked
        self.window = ANNULATION_WINDOW
        self.events.append(("card", self.stack[-1]))

    def _launch(self, launch):
        colour = self.colour()
        cell = self.arrive[launch]
        self._put(cell, colour)
        self.last_cell = cell
        self.launched = cell
        self.winning = line_through(self.board, cell, colour)
        self.relaunch = False
        self.events.append(("launch", launch, cell))
        self._open_negation()

    def _open_negation(self):
        if self.negation_possible():
            self.window = NEGATION_WINDOW
        else:
            self._close_negation()

    def _close_negation(self):
        """The launch stands: it wins if it made a line, else the turn goes on."""
        self.window = None
        if self.winning:
            self.line = self.winning
            self._end(WON, self.colour())
        else:
            self._end_turn()

    def _end_turn(self):
        self.bound[self.to_move] = 0
        self.launched = NONE
        self.winning = None
        if self.empty == 0:
            self._end(DRAW, None)  # [reading] a full board is a draw (no pentacle count)
            return
        self.to_move = self.next_seat()
        self.card_used = False
        self.relaunch = False
        self.forbidden = []
        self.launches = None
        if not self._can_go_on():
            self._end(DRAW, None)  # [reading] no launch and no playable instead card

    def _end(self, status, winner):
        self.status = status
        self.winner = winner
        self.window = None
        self.events.append(("end", status, winner))

    # -- notation ------------------------------------------------------------------------------
    def parse_move(self, text):
        return _notation().parse_move(self, text)

    def format_move(self, move):
        """A move's line; also a card of the chain, as (kind, a, b, seat)."""
        if move == PASS_MOVE:  # half the lines of a game: a save writes them all, every line
            return "pass"
        if isinstance(move, int) and move < CARD_BASE:
            return SqueezeState.format_move(self, move)
        kind, a, b, seat = move if isinstance(move, tuple) else unpack(move)
        name = KINDS[kind]
        if kind in (TRAHISON, FLAMMES, ECLAIR):
            return "%s %s" % (name, sq.cell_text(a))
        if kind == POUSSEE:
            return "%s %s" % (name, sq.launch_name(a))
        if kind == DOUBLE:
            return "%s %s %s" % (name, sq.launch_name(a), sq.launch_name(b))
        if kind == ANNULATION:
            return "%s P%d" % (name, seat)
        return name

    def info(self):
        return _notation().info(self)


NOTATION_MODULE = "games.squeeze.cards_notation"
EFFECTS_MODULE = "games.squeeze.cards_effects"


def _notation():
    """games/squeeze/cards_notation.py: the lines' parsing, the full legal list, the
    referee's fields: what the board seldom needs (a save's replay), loaded when asked."""
    from games.squeeze import cards_notation

    return cards_notation


def effects():
    """games/squeeze/cards_effects.py: an own-turn card's checks, a card's effects,
    loaded when asked (the board loads it while a player picks a card, and unloads it
    once no card is pending)."""
    from games.squeeze import cards_effects

    return cards_effects


def new_state(players=None, variant="cards", rng=None, hands=DEALT):
    players = check_setup("4D Squeeze with cards", players, None if variant == "cards" else variant, (2, 4))
    return CardsState(players, rng, hands)
