# 4 pistes on the board (games/pistes/screen.py): HINT's search, the board's own next
# step for the mover (games/pistes/player.py), loaded when HINT is pressed (after its
# press has lit) and freed once it is found: a game between hints does not hold it.
from app.shared import unload
from games.pistes import rules


def search(ctrl, looks):
    """Generator (a slice a step, as the board's own steps are worked out): the step the
    board would play for the mover, its keys kept as ctrl.hint_keys. The player is
    loaded for it in a game where the board plays no seat, and freed after."""
    policy = ctrl.policy
    if policy is None:
        from games.pistes import player as policy
    st = ctrl.state
    try:
        yield from policy.warm_up(st)
        yield
        move = policy.board_move(st)
        ctrl.hint_keys = keys(ctrl, move, looks)
        return move
    finally:
        if ctrl.policy is None:
            unload("games.pistes.player")
        unload("games.pistes.screen_hint")


def keys(ctrl, move, looks):
    """The keys of the board's step: the roll keys, the stop key, the whole die to set
    aside or take back, the whole track for the joker or four 6s, the pawn (`looks`:
    the screen's ROLL_CELLS, STOP_CELL, DIE_CELLS, TRACK_CELLS)."""
    roll_cells, stop_cell, dice, tracks = looks
    if move == rules.ROLL:
        return roll_cells[:ctrl.state.rolls_left]
    if move == rules.STOP:
        return (stop_cell,)
    kind = move[0]
    if kind in (rules.KEEP, rules.UNKEEP):
        for die in range(rules.DICE):
            if move[1] & (1 << die):
                return dice[die]
    if kind in (rules.JOKER, rules.SIX4):
        return tracks[move[1]]
    return (ctrl.cell_for_move(move),)
