# 4D Squeeze with cards (games/squeeze/cards.py): what an own-turn card needs, from its
# pick to its effect: its checks (timing, hand, target, golden rule) and what happens
# when a card's Annulation window closes. Kept apart so that a Pico holds it only while
# a card is picked or waits for its effect: the state loads it when asked, the board's
# controller while a player picks, and unloads it when no card is pending (the
# referee's list uses it too).
from games.squeeze import rules as sq
from games.squeeze.rules import CELLS, EMPTY, HALF, LAUNCHES, NONE, PATHS, SqueezeState
from games.squeeze.cards_moves import DOUBLE, ECLAIR, FLAMMES, INSTEAD, KINDS, NEGATION, POUSSEE, TRAHISON, square, unpack
from games.squeeze.rules import line_through
from games.base import DRAW, WON

VERBS = ("turn", "burn", "strike", "push")


def line_among(board, cells, colour):
    for c in cells:
        if board[c] == colour:
            line = line_through(board, c, colour)
            if line:
                return line
    return None


def target_name(kind, a):
    """An instead card's target as in the notation: a launch (poussee) or a cell."""
    return sq.launch_name(a) if kind == POUSSEE else sq.cell_text(a)


def effect(board, kind, a, colour):
    """What an instead card does to the board, as (cells, their new values): Trahison
    turns the pawn on `a` to `colour`, Flammes empties `a`, Eclair empties the square
    at `a`, Poussee moves every piece of launch `a`'s half-line one cell toward its
    edge (the piece on the edge cell falls off)."""
    if kind == TRAHISON:
        return [a], [colour]
    if kind == FLAMMES:
        return [a], [EMPTY]
    if kind == ECLAIR:
        return list(square(a)), [EMPTY] * 4
    path = list(PATHS[a * HALF:a * HALF + HALF])
    return path, [board[c] for c in path[1:]] + [EMPTY]


def card_why(st, move):
    """Why an own-turn card's move is not legal now, or None: its player, the mover's
    turn, its target (CardsState.why_illegal checks a pass and a window's answers; a
    move naming no player of the table comes here too)."""
    kind, a, b, seat = unpack(move)
    if not 1 <= seat <= st.players:
        return "there is no player %r" % (seat,)
    if st.window:
        return "the %s window is open: answer it or pass" % st.window
    if seat != st.to_move:
        return "only player %d (to move) may play %s now" % (st.to_move, KINDS[kind])
    if kind in INSTEAD + (DOUBLE,):
        limit = LAUNCHES if kind in (POUSSEE, DOUBLE) else CELLS
        if not (0 <= a < limit and 0 <= b < LAUNCHES):
            return "%r is not a move" % (move,)
        return card_problem(st, kind, a, b, seat)
    return "%r is not a move" % (move,)


def card_problem(st, kind, a, b, seat):
    """Why `seat` may not play this own-turn card now (timing, hand, target, golden
    rule), or None. `a`, `b`: the target (cell, launch, the double's launches)."""
    if st.relaunch:
        return "after a Negation you must launch"
    if st.card_used and st.legal_launches():
        return "one card a turn: your card was cancelled, launch now"
    if not st.holds(seat, kind):
        return "player %d holds no %s card" % (seat, KINDS[kind])
    if kind == DOUBLE:
        return double_problem(st, a, b, seat)
    board = st.board
    colour = st.colour(seat)
    if kind == TRAHISON and (board[a] not in (1, 2) or board[a] == colour):
        return "trahison turns an opposing pawn: %s holds none" % target_name(kind, a)
    if kind == ECLAIR and square(a) is None:
        return "eclair names the top-left cell of a 2x2 square (a1..i9)"
    cells, values = effect(board, kind, a, colour)
    if all(board[c] == EMPTY for c in cells):
        return "%s: nothing to %s on %s" % (KINDS[kind], VERBS[kind], target_name(kind, a))
    # the golden rule: the effect may not align the card player's side
    before = bytes(board[c] for c in cells)
    for c, v in zip(cells, values):
        board[c] = v
    line = line_among(board, cells, colour)
    for c, v in zip(cells, before):
        board[c] = v
    if line:
        return "golden rule: %s %s would make your own four in a row" % (KINDS[kind], target_name(kind, a))
    return None


def golden_launch(st, launch, colour):
    """Why a card player's launch is not allowed (impossible, or its line), or None."""
    cell = st.arrive[launch]
    if cell == NONE:
        return SqueezeState.why_illegal(st, launch)
    if st._makes_line(cell, colour):
        return "golden rule: %s would make your four in a row" % sq.launch_name(launch)
    return None


def double_problem(st, first, second, seat):
    colour = st.colour(seat)
    problem = golden_launch(st, first, colour)
    if problem:
        return "coup double: " + problem
    cell = st.arrive[first]
    st._set([cell], [colour])  # the second launch goes after the first
    problem = golden_launch(st, second, colour)
    st._set([cell], [EMPTY])
    return problem and "coup double, second launch: " + problem


def resolve(st):
    """The Annulation window closed: the first card of the chain takes effect if an
    even number of Annulations followed it; every card of the chain is discarded."""
    chain = st.stack
    st.stack = []
    st.window = None
    if st.dealt:
        st.discards.extend(m[0] for m in chain)
    kind, a, b, seat = chain[0]
    if (len(chain) - 1) % 2:
        st.events.append(("cancelled", chain[0]))
        if kind == NEGATION:
            st._close_negation()  # the launch stands, as if no Negation
        else:
            st.card_used = True
            if not st._can_go_on():
                st._end(DRAW, None)
        return
    st.events.append(("effect", chain[0]))
    if kind == NEGATION:
        cell = st.launched
        st.forbidden.append(cell)
        st._set([cell], [EMPTY])
        st.bound[seat] = 1  # the Negation player: no alignment in its next turn
        st.relaunch = True
        st.launches = None
        st.winning = None
        st.last_cell = NONE
        if not st.legal_launches():
            st._end(DRAW, None)  # not reached: Negation needs another launch
    elif kind == DOUBLE:
        st.bound[seat] = 1
        colour = st.colour(seat)
        first = st.arrive[a]
        st._set([first], [colour])
        st.events.append(("launch", a, first))
        st._launch(b)
    else:
        instead_effect(st, kind, a, seat)


def instead_effect(st, kind, a, seat):
    colour = st.colour(seat)
    cells, values = effect(st.board, kind, a, colour)
    st._set(cells, values)
    other = 3 - colour
    line = line_among(st.board, cells, other)
    if line:  # [reading] a card effect that aligns the other side makes it win at once
        st.line = line
        st._end(WON, other)
    else:
        st._end_turn()
