# What a game's controller (app/controller.py) runs only when a game starts afresh:
# its setup checked (the seats the board plays, its level), a new game (who starts
# the next game of a match), an undo (the game replayed from its start). Loaded for
# such a moment and unloaded after, so that a game in play does not hold it.
from app import grid
from app.app import unload
from app.controller import ALTERNATE, LOSER, MATCH_SETTING
from games.base import PLAYING
from games.levels import PLAYER_GAMES, check_level


def check_board(setup):
    """(the seats the board plays, its level) from setup["board"] and setup["level"];
    ValueError for a bad value."""
    seats = setup.get("board") or []
    level = check_level(setup.get("level"))
    if not isinstance(seats, (list, tuple)):
        raise ValueError("board must be a list of seats, not %r" % (seats,))
    if seats:
        players = setup.get("players") or 2
        if setup["game"] not in PLAYER_GAMES or players != 2:
            raise ValueError("the board does not play %s with %d players" % (setup["game"], players))
        for seat in seats:
            if seat not in range(1, players + 1) or list(seats).count(seat) > 1:
                raise ValueError("board seats must be distinct numbers 1..%d, not %r" % (players, seats))
    else:  # people only: the players' code is freed (RAM) until a hint needs it
        unload("games.player")
    return list(seats), level


def next_swap(policy, swap, winner):
    """`swap` for the game after one that ended with `winner` (None: a draw)."""
    if policy == ALTERNATE or (policy == LOSER and winner is None):
        return not swap
    if policy == LOSER:
        loser_colour = (3 - winner) if not swap else winner
        return loser_colour == 2
    return swap


def new_game(ctrl):
    """NEW held: a new game; after a finished one, the next game of a match, whose
    starter ctrl.match_starter says (MATCH_SETTING: the menu's "match" setting)."""
    ctrl.error = None  # a hint from a short press on this key is answered now
    ctrl.flash_until = None
    if ctrl.state.status != PLAYING:
        policy = ctrl.match_starter
        if policy == MATCH_SETTING:
            policy = ctrl.app.settings["match"]
        ctrl.set_swap(next_swap(policy, ctrl.setup["swap"], ctrl.state.winner))
    go_on(ctrl, ctrl.fresh_state(), "menu")


def undo(ctrl, now):
    """GameController.undo: the last move taken back, and against the board its moves
    before it, back to a person's turn; the game replayed from its start without them."""
    if not ctrl.state.history:
        ctrl.refuse((grid.UNDO,), now, "nothing to undo")
        return
    moves = ctrl.state.history[:-1]
    humans = len(ctrl.board_seats) < ctrl.state.players
    while moves and humans and seat_after(ctrl, moves) in ctrl.board_seats:
        moves = moves[:-1]
    state = ctrl.fresh_state()
    for m in moves:
        state.play(m)
    go_on(ctrl, state, "move")


def seat_after(ctrl, moves):
    """The seat to move after `moves` from a fresh state."""
    st = ctrl.fresh_state()
    for m in moves:
        st.play(m)
    return st.to_move


def go_on(ctrl, state, sound):
    """The game goes on from `state` (a new game, an undo): no animation, no search of
    the board's, no hint left over; saved once it is shown."""
    ctrl.state = state
    ctrl.anim_start = None
    ctrl.stop_thinking()
    ctrl.hint_move = None
    ctrl.app.after_render = ctrl.save_or_refuse
    ctrl.app.sound.play(sound)
