# 4D Squeeze with cards on the board (games/squeeze/cards_screen.py): a card pick, from the
# card key's tap to the card played (or backed out of): its keys (the kind on the
# player's side, then the target) and its picture. The controller loads this module
# after the light of the press that starts a pick (its first picture is the
# controller's) and unloads it when the pick ends, so that the RAM it takes on a
# Pico is free while the players launch.
from games.squeeze import screen as classic
from app import colors, grid
from games.squeeze import rules
from games.squeeze import cards


def press(ctrl, cell, now):
    st = ctrl.state
    seat, kind, first = ctrl.pick
    if kind is None:
        if cell == ctrl.key_cell(seat):
            ctrl.end_pick()  # the card key again: no card after all
            return
        if cell == ctrl.key_cell(seat, ctrl.NO_CARD_PLACE) and ctrl.mode == "cards":
            ctrl.play_move(cards.PASS_MOVE, cell, now)
            return
        for i in range(len(ctrl.KIND_PLACES)):
            if cell == ctrl.key_cell(seat, ctrl.KIND_PLACES[i]):
                if not st.holds(seat, i):
                    ctrl.refuse((cell,), now, ("player %d holds no %s card", (seat, cards.KINDS[i])))
                else:
                    ctrl.pick[1] = i
                    ctrl.app.sound.play("hint")
                return
        ctrl.refuse((cell,), now, "pick a card on your side (or l1 to back out)")
        return
    if kind in (cards.TRAHISON, cards.FLAMMES, cards.ECLAIR):
        target = board_target(cell)
        if target is None:
            ctrl.refuse((cell,), now, "pick a cell of the board")
            return
        if kind == cards.ECLAIR:  # a press on the last row or column: the square inside
            target -= (target % 10 == 9) + 10 * (target // 10 == 9)
        ctrl.play_move(cards.card(kind, target, 0, seat), cell, now)
    elif kind == cards.POUSSEE:
        launch = classic.LAUNCH_AT.get(cell)
        if launch is None:
            ctrl.refuse((cell,), now, "poussee: pick a launch point on the ring")
            return
        ctrl.play_move(cards.card(kind, launch, 0, seat), cell, now)
    else:
        launch = launch_target(ctrl, cell)
        if launch is None:
            ctrl.refuse((cell,), now, "coup double: pick a launch point or an arrival cell")
        elif first is None:
            problem = st.launch_problem(launch) if st.arrival_cell(launch) == rules.NONE else None
            if problem:
                ctrl.refuse((cell,), now, problem)
            else:
                ctrl.pick[2] = launch
                ctrl.app.sound.play("hint")
        else:
            ctrl.play_move(cards.card(kind, first, launch, seat), cell, now)


def board_target(cell):
    row, col = grid.row_col(cell)
    if 1 <= row <= 10 and 1 <= col <= 10:
        return (row - 1) * 10 + col - 1
    return None


def launch_target(ctrl, cell):
    """A launch point, or an arrival cell (a double's second one: after the first)."""
    if cell in classic.LAUNCH_AT:
        return classic.LAUNCH_AT[cell]
    target = board_target(cell)
    if target is None:
        return None
    st, first = ctrl.state, ctrl.pick[2]
    if first is None:
        found = st.launches_to(target)
    else:
        placed = st.arrival_cell(first)
        st._set([placed], [st.colour()])
        found = st.launches_to(target)
        st._set([placed], [rules.EMPTY])
    return found[0] if found else None


def draw(ctrl, frame, now):
    st = ctrl.state
    seat, kind, first = ctrl.pick  # (a kind picked: before, the controller's draw_kinds)
    ctrl.draw_symbol(frame, kind, now)
    if kind in (cards.POUSSEE, cards.DOUBLE):
        color = ctrl.KIND_COLORS[kind]
        for l in range(rules.LAUNCHES):
            frame.set(classic.RING_CELLS[l], colors.scale(color, 1, 2))
        if first is not None and st.arrival_cell(first) != rules.NONE:
            frame.set(classic.RING_CELLS[first], colors.WHITE)
            frame.set(classic.BOARD_CELLS[st.arrival_cell(first)], colors.scale(ctrl.player_colors[st.colour()], 1, 2))
    else:
        for c in classic.RING_ORDER:
            frame.set(c, colors.OFF)
        frame.set(ctrl.key_cell(seat, ctrl.KIND_PLACES[kind]), ctrl.KIND_COLORS[kind])
