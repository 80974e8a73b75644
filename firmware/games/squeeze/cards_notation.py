# 4D Squeeze with cards (games/squeeze/cards.py): what the referee and the host tools
# ask of a state and the board seldom does, kept apart so that a Pico playing the game
# does not hold it in RAM: a card line's parsing (the board reads lines only to resume
# a save), every legal line with every target (the referee's `legal`; the board offers
# the cards by keys), the referee's fields (info). CardsState loads it when asked.
from games.squeeze import rules as sq
from games.squeeze import cards_effects as effects
from games.base import PLAYING, is_number, parse_cell
from games.squeeze.rules import CELLS, EMPTY, LAUNCHES, NONE, SIZE, SqueezeState
from games.squeeze.cards_moves import (ANNULATION, ANNULATION_WINDOW, DOUBLE, ECLAIR, FLAMMES, INSTEAD, KINDS,
                                       NEGATION, NEGATION_WINDOW, PASS, PASS_MOVE, POUSSEE, TRAHISON, card, square)

USAGE = {
    TRAHISON: "trahison names an opposing pawn (trahison e5)",
    FLAMMES: "flammes names a pawn or a pentacle (flammes c3)",
    ECLAIR: "eclair names the top-left cell of a 2x2 square (eclair d4)",
    POUSSEE: "poussee names a half-line as a launch (poussee W-3)",
    DOUBLE: "double names two launches (double W-3 N-c)",
    NEGATION: "negation takes no target (negation, or negation P2)",
    ANNULATION: "annulation takes no target (annulation, or annulation P2)",
    PASS: "pass takes no target",
}


def answerers(st):
    """The seats that may answer the open window (holding the card, when dealt)."""
    if st.window == NEGATION_WINDOW:
        seats = [st.next_seat()]
        kind = NEGATION
    elif st.window == ANNULATION_WINDOW:
        last = st.stack[-1][3]
        seats = [st.next_seat(last)]
        while len(seats) < st.players - 1:
            seats.append(st.next_seat(seats[-1]))
        kind = ANNULATION
        if st.chain_full():
            return []
    else:
        return []
    return [s for s in seats if st.holds(s, kind)]


def instead_targets(kind):
    if kind in (TRAHISON, FLAMMES):
        return range(CELLS)
    if kind == ECLAIR:
        return [c for c in range(CELLS) if square(c)]
    return range(LAUNCHES)


def playable_cards(st, seat=None, kinds=INSTEAD, first=False):
    """Every own-turn card `seat` (the mover) may play now, as moves (`first`: only the
    first one found, enough to know whether there is one)."""
    seat = st.to_move if seat is None else seat
    out = []
    for kind in kinds:
        if st.holds(seat, kind) and not st.relaunch:
            for a in instead_targets(kind):
                if effects.card_problem(st, kind, a, 0, seat) is None:
                    out.append(card(kind, a, 0, seat))
                    if first:
                        return out
    if DOUBLE in kinds and st.holds(seat, DOUBLE) and not st.relaunch and not st.card_used:
        colour = st.colour(seat)
        for one in range(LAUNCHES):
            if effects.golden_launch(st, one, colour) is None:
                cell = st.arrive[one]
                st._set([cell], [colour])
                for second in range(LAUNCHES):
                    if effects.golden_launch(st, second, colour) is None:
                        out.append(card(DOUBLE, one, second, seat))
                        if first:
                            break
                st._set([cell], [EMPTY])
                if first and out:
                    return out
    return out


def card_kinds(st):
    """The kinds of own-turn card the mover may play now (with some target)."""
    if st.status != PLAYING or st.window or st.relaunch:
        return []
    launches = st.legal_launches()
    kinds = list(INSTEAD) if not launches or not st.card_used else []
    if launches and not st.card_used:
        kinds.append(DOUBLE)
    return [k for k in kinds if playable_cards(st, kinds=(k,), first=True)]


def legal_moves(st):
    if st.status != PLAYING:
        return []
    if st.window == NEGATION_WINDOW:
        return [card(NEGATION, 0, 0, s) for s in answerers(st)] + [PASS_MOVE]
    if st.window == ANNULATION_WINDOW:
        return [card(ANNULATION, 0, 0, s) for s in answerers(st)] + [PASS_MOVE]
    moves = list(st.legal_launches())
    if st.relaunch:
        return moves
    if not moves or not st.card_used:
        moves += playable_cards(st, kinds=INSTEAD + ((DOUBLE,) if moves and not st.card_used else ()))
    if not st.dealt and not st.legal_launches():
        moves.append(PASS_MOVE)  # real cards: "I have no card to play" ends in a draw
    return moves


def parse_move(st, text):
    """The move of a line: a launch, an arrival cell or a card line."""
    if not isinstance(text, str):
        raise ValueError("a move is text like W-3, d3, trahison e5 or pass")
    words = text.strip().lower().split()
    if not words or words[0] not in KINDS:
        return SqueezeState.parse_move(st, text)  # a launch or an arrival cell
    return parse_card(st, text, words)


def parse_card(st, text, words):
    """The move of a card line (`words`: its words, lower case, the first a kind)."""
    from games.squeeze import notation  # (games/squeeze/rules.py's own notation: not for the referee's list)

    kind = KINDS.index(words[0])
    seat = None
    if len(words) > 1 and words[-1][:1] == "p" and is_number(words[-1][1:]):
        seat = int(words.pop()[1:])
        if not 1 <= seat <= st.players:  # (a seat is packed modulo 5: P7 would read as P2)
            raise ValueError("there is no player %d (P1..P%d)" % (seat, st.players))
    args = words[1:]
    need = {TRAHISON: 1, FLAMMES: 1, ECLAIR: 1, POUSSEE: 1, DOUBLE: 2}.get(kind, 0)
    if len(args) != need:
        raise ValueError("'%s': %s" % (text.strip(), USAGE[kind]))
    if kind == PASS:
        return PASS_MOVE
    if seat is None:
        seat = default_seat(st, kind)
    a = b = 0
    if kind in (TRAHISON, FLAMMES, ECLAIR):
        col, row = parse_cell(args[0], SIZE, SIZE)
        a = row * SIZE + col
    elif kind == POUSSEE:
        a = notation.parse_launch(args[0])
    elif kind == DOUBLE:
        a = notation.parse_move(st, args[0])
        if "-" in args[1] or a >= LAUNCHES or st.arrive[a] == NONE:
            b = notation.parse_move(st, args[1])
        else:  # an arrival cell for the second launch: on the board after the first
            first = st.arrive[a]
            st._set([first], [st.colour()])
            try:
                b = notation.parse_move(st, args[1])
            finally:
                st._set([first], [EMPTY])
        if a >= LAUNCHES or b >= LAUNCHES:
            raise ValueError("'%s': no launch reaches that cell now" % text.strip())
    return card(kind, a, b, seat)


def default_seat(st, kind):
    if kind == NEGATION:
        return st.next_seat()
    if kind == ANNULATION:
        seats = answerers(st) if st.window == ANNULATION_WINDOW else []
        if seats:
            return seats[0]
        return st.next_seat(st.stack[-1][3]) if st.stack else st.next_seat()
    return st.to_move


def info(st):
    teams = [[1, 3], [2, 4]] if st.players == 4 else [[1], [2]]
    pending = None
    if st.window:
        played = st.stack[-1] if st.stack else None
        pending = {"window": st.window, "players": answerers(st),
                   "card": st.format_move(played) if played else sq.cell_text(st.launched),
                   "by": played[3] if played else st.to_move,
                   "chain": [st.format_move(m) for m in st.stack]}
    out = {"teams": teams, "pending": pending,
           "golden": [s for s in range(1, st.players + 1) if st.bound[s]]}
    if st.dealt:
        out["hands"] = [[KINDS[k] for k in st.hands[s]] for s in range(1, st.players + 1)]
        out["deck"] = len(st.deck)
    else:
        out["hands"] = None
        out["deck"] = None
    return out
