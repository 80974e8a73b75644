# 4D Squeeze with cards on the board (games/squeeze/cards_screen.py): the simulator's words
# for the screen (its state, its status line, its margin labels), kept apart so that a
# Pico playing the game does not hold them in RAM; the controller loads this module
# when the simulator asks, and unloads it with the game's modules.
from games.squeeze import screen as classic
from app import grid
from games.squeeze import rules
from games.squeeze import cards
from games.squeeze import cards_notation as notation
from games.base import PLAYING


def axis_labels(ctrl):
    """The classic launch points, with each card key's margin label its seat's."""
    margins = classic.Controller.axis_labels(ctrl)
    for cell, seat in ctrl.card_keys.items():
        row, col = grid.row_col(cell)
        if row in (0, grid.SIZE - 1):
            margins[0 if row == 0 else 1][col] = "P%d" % seat
        else:
            margins[2 if col == 0 else 3][row] = "P%d" % seat
    return margins


def described_moves(ctrl):
    """The state's `legal` (and `keys`): the lines one key plays now (a launch, an
    answer to the open window, pass); the cards a pick plays are under `cards`, by
    kind (every target of a coup double would be hundreds of lines: more than a Pico's
    heap holds as text)."""
    st = ctrl.state
    if st.status != PLAYING:
        return []
    if st.window:
        return notation.legal_moves(st)  # the answers and pass
    moves = list(st.legal_launches())
    if not st.dealt and not moves and not st.relaunch:
        moves.append(cards.PASS_MOVE)  # real cards: no launch, no card
    return moves


def keys_for_move(ctrl, move):
    """The presses that play `move`: a card is its card key, its kind on the seat's
    side, then its target(s); a window's pass is its countdown running out (none)."""
    st = ctrl.state
    if move < cards.CARD_BASE:
        return (ctrl.cell_for_move(move),)
    if move == cards.PASS_MOVE:
        if st.window:
            return ()
        return ctrl.cell_for_move(move), ctrl.key_cell(st.to_move, ctrl.NO_CARD_PLACE)  # "no card"
    kind, a, b, seat = cards.unpack(move)
    key = ctrl.key_cell(seat)
    if kind in (cards.NEGATION, cards.ANNULATION):
        return (key,)
    picked = (key, ctrl.key_cell(seat, ctrl.KIND_PLACES[kind]))
    if kind == cards.POUSSEE:
        return picked + (classic.RING_CELLS[a],)
    if kind == cards.DOUBLE:
        return picked + (classic.RING_CELLS[a], classic.RING_CELLS[b])
    return picked + (classic.BOARD_CELLS[a],)  # trahison, flammes, eclair (its top-left cell)


def describe(ctrl):
    info = classic.Controller.describe(ctrl)
    info["variant"] = "cards"  # (the rules book's page: docs/rules/squeeze_cards.md)
    info["mode"] = ctrl.mode
    info["card_keys"] = dict(("P%d" % s, grid.name(c)) for c, s in ctrl.card_keys.items())
    info["cards"] = [cards.KINDS[k] for k in notation.card_kinds(ctrl.state)]  # the mover may play now
    # deal mode: the hands a held card key shows (two dim colours on the board), named
    info["hands_shown"] = [{"seat": s, "cards": [cards.KINDS[k] for k in ctrl.state.hands[s]]} for s in ctrl.peeking()]
    info["pick"] = None
    if ctrl.pick is not None:
        seat, kind, first = ctrl.pick
        info["pick"] = {"seat": seat, "kind": cards.KINDS[kind] if kind is not None else None,
                        "first": rules.launch_name(first) if first is not None else None}
    return info


def turn_text(ctrl):
    """The classic turn, and what the board waits for now: an answer to the open window
    (in the rules' terms, never who holds what), or a card pick's next tap."""
    text = classic.Controller.turn_text(ctrl)
    st = ctrl.state
    if st.status != PLAYING:
        return text
    if st.window == cards.NEGATION_WINDOW:
        return "player %d may answer the launch with Negation (card key) before the countdown ends" % st.next_seat()
    if st.window:
        return "anyone but player %d may answer the %s with Annulation (card key) before the countdown ends" % (
            st.stack[-1][3], cards.KINDS[st.stack[-1][0]])
    if ctrl.pick is None:
        return text
    seat, kind, first = ctrl.pick
    if kind is None:
        step = "tap a card on your side (l1 backs out)"
    elif kind == cards.POUSSEE:
        step = "poussee: tap a launch point"
    elif kind == cards.DOUBLE:
        step = "coup double: tap the %s launch" % ("second" if first is not None else "first")
    else:
        step = "%s: tap a cell of the board" % cards.KINDS[kind]
    return "player %d plays a card: %s" % (seat, step)
