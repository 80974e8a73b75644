# A key acts when it goes down (issue #23): the menu, the setup screen, the idle demo
# and every game answer a press before its release, and only the keys a screen gives a
# hold (its `holds`: the corners a1 and l12 in a game, a card key in the card game's
# deal mode) wait for their release (a tap) or HOLD_MS (a hold). Played through the
# headless script's `down CELL` and `up CELL`, which leave the key down in between;
# "lit" is what the LEDs got from the App's own render (no frame forced).
import pytest

from app import grid
from app.app import HOLD_MS, STUCK_MS
from app.menu import IDLE_MS
from app.tiles import TILE_CELLS
from sim.headless import Headless, ScriptError, run_script

C3 = TILE_CELLS[0][0]  # Connect Four's tile
# every game and player count of the menu's tiles (and the card game's two modes)
GAMES = (
    ("connect4", ""),
    ("squeeze", ""),
    ("squeeze", "--players 4"),
    ("cubes", ""),
    ("foursquare", ""),
    ("pistes", "--players 1"),
    ("pistes", "--players 2"),
    ("pistes", "--players 3"),
    ("pistes", "--players 4"),
    ("pistes", "--players 5"),
    ("pistes", "--players 6"),
    ("squeeze", "--variant cards"),
    ("squeeze", "--variant cards --mode deal"),
    ("squeeze", "--variant cards --players 4"),
    ("squeeze", "--variant cards --players 4 --mode deal"),
)
IDS = ["%s %s" % g for g in GAMES]


def lit(sim):
    return bytes(sim.board.pixels.levels)


def started(game, args="", seed=3):
    sim = Headless()
    sim.run("start %s --seed %d %s" % (game, seed, args))
    sim.run("wait 100")
    return sim


def a_move_key(sim):
    """A key whose press alone plays a legal move of the game on screen."""
    ctrl = sim.board.app.screen
    for move in ctrl.state.legal_moves():
        keys = ctrl.keys_for_move(move)
        if len(keys) == 1 and keys[0] not in ctrl.holds:
            return grid.name(keys[0])
    raise AssertionError("no one-key move")


def moves(sim):
    return len(sim.board.app.screen.state.history)


@pytest.mark.parametrize("game,args", GAMES, ids=IDS)
def test_a_game_key_plays_as_it_goes_down_and_its_release_does_nothing(game, args):
    sim = started(game, args)
    key = a_move_key(sim)
    before, played = lit(sim), moves(sim)
    sim.run("down " + key)
    assert moves(sim) == played + 1  # played while the finger is still down ...
    assert lit(sim) != before  # ... and lit
    state, shown = sim.state(), lit(sim)
    sim.run("up " + key)
    assert sim.state() == state and lit(sim) == shown  # the release adds nothing
    sim.run("wait %d" % (2 * HOLD_MS))
    assert moves(sim) == played + 1  # (nor does a hold of a key that has none)


@pytest.mark.parametrize("game,args", GAMES, ids=IDS)
def test_the_corners_wait_for_their_release_or_their_hold(game, args):
    sim = started(game, args)
    sim.run("press " + a_move_key(sim))
    sim.run("wait 5000")  # (a card game's window runs out)
    for corner in ("a1", "l12"):
        state, shown = sim.state(), lit(sim)
        sim.run("down " + corner)
        assert sim.state() == state and lit(sim) == shown  # nothing yet
        sim.run("up " + corner)  # a tap: "hold this key", flashed white
        assert sim.state()["error"] and sim.state()["moves"] == state["moves"]
        cell = grid.parse(corner) * 3
        assert lit(sim)[cell:cell + 3] != shown[cell:cell + 3]
        sim.run("wait 1000")
    sim.run("down l12")
    sim.run("wait %d" % (HOLD_MS - 10))
    assert sim.state()["moves"] == state["moves"]
    sim.run("wait 10")  # held HOLD_MS: a new game, the key still down
    assert moves(sim) == 0 and sim.state()["screen"] == "game"
    sim.run("up l12")
    assert moves(sim) == 0 and sim.state()["error"] is None  # its release is no tap
    sim.run("down a1")
    sim.run("wait %d" % HOLD_MS)
    assert sim.state()["screen"] == "menu"  # while it is down
    sim.run("up a1")
    assert sim.state()["screen"] == "menu" and sim.state()["error"] is None  # (a1 is no tile)


@pytest.mark.parametrize("game,args", GAMES, ids=IDS)
def test_the_new_game_is_made_while_l12_is_held_and_shown_at_its_hold(game, args):
    sim = started(game, args)
    ctrl = sim.board.app.screen
    sim.run("press " + a_move_key(sim))
    sim.run("wait 5000")  # (a card game's window runs out)
    sim.run("down l12")
    sim.run("up l12")  # a tap: nothing made ahead is kept
    assert ctrl.next_game is None
    sim.run("wait 1000")
    old = ctrl.state
    sim.run("down l12")
    sim.run("wait %d" % (HOLD_MS - 10))
    assert ctrl.state is old and ctrl.next_game is not None  # made ahead, not shown yet
    ahead = ctrl.next_game
    sim.run("wait 10")  # the hold
    assert moves(sim) == 0 and ctrl.next_game is None
    if game == "foursquare":  # a new deal: its seed is the hold's, not the state made ahead
        assert ctrl.state is not ahead and list(ctrl.state.deck) != list(ahead.deck)
    else:
        assert ctrl.state is ahead and ctrl.state.rows() == ctrl.fresh_state().rows()
    sim.run("up l12")


def test_a_match_s_next_game_is_made_ahead_too():
    """A finished game's next game swaps who starts (the colours), not the state made ahead."""
    sim = started("connect4")
    ctrl = sim.board.app.screen
    for column in "cdcdcdc":
        sim.run("press %s1" % column)
        sim.run("wait 300")
    assert sim.state()["status"] == "won"
    sim.run("down l12")
    sim.run("wait %d" % (HOLD_MS - 10))
    ahead = ctrl.next_game
    sim.run("wait 10")
    assert ctrl.state is ahead
    assert sim.state()["status"] == "playing" and moves(sim) == 0
    sim.run("up l12")


@pytest.mark.parametrize("game,args", [("connect4", ""), ("squeeze", ""), ("cubes", "")])
def test_undo_and_hint_answer_on_the_press(game, args):
    sim = started(game, args)
    key = a_move_key(sim)
    sim.run("press " + key)
    sim.run("wait 2000")
    sim.run("down a12")  # HINT: the legal moves' keys show at once
    assert sim.board.app.screen.hint_until is not None and sim.board.sound.played[-1] == "hint"
    sim.run("up a12")
    sim.run("wait 2000")
    sim.run("down l1")  # UNDO
    assert moves(sim) == 0
    sim.run("up l1")
    assert moves(sim) == 0


def test_foursquare_undo_is_refused_on_the_press():
    sim = started("foursquare")
    sim.run("press " + a_move_key(sim))
    sim.run("wait 2000")
    sim.run("down l1")
    assert "no undo" in sim.state()["error"]


def test_the_menu_answers_every_press_as_it_goes_down():
    sim = Headless()
    before = lit(sim)
    sim.run("down c3")
    assert sim.state()["screen"] == "setup" and lit(sim) != before  # the tile's setup screen
    sim.run("up c3")
    assert sim.state()["screen"] == "setup"
    sim.run("down a1")  # back to the menu
    assert sim.state()["screen"] == "menu"
    sim.run("up a1")
    assert sim.state()["error"] is None  # (a1 is no tile: its release is no tap there)
    sim.run("down f12")  # the brightness row
    assert sim.state()["brightness"] == 50
    sim.run("up f12")
    sim.run("down c1")  # who starts a match
    assert sim.state()["match"] == "alternate"
    sim.run("up c1")
    sim.run("down a1")  # no tile: refused at once
    assert "not a game tile" in sim.state()["error"]
    sim.run("up a1")


def test_the_setup_screen_answers_every_press_as_it_goes_down():
    sim = Headless()
    sim.run("press c3")
    keys = sim.state()["keys"]
    sim.run("down " + keys["board"][1])  # the board plays seat 2
    assert sim.state()["options"]["board"] == [2]
    sim.run("up " + keys["board"][1])
    sim.run("down " + keys["level"][4])
    assert sim.state()["options"]["level"] == 5
    sim.run("up " + keys["level"][4])
    sim.run("down f12")  # nothing there (between the two pictures): refused at once
    assert sim.state()["error"]
    sim.run("up f12")
    sim.run("down d4")  # the tile's second press: the game, against the board
    s = sim.state()
    assert (s["screen"], s["board"], s["level"]) == ("game", [2], 5)
    sim.run("up d4")


def test_a_key_still_down_when_the_screen_changes_does_nothing_more():
    sim = Headless()
    sim.run("down c3")  # the setup screen ...
    sim.run("down d4")  # ... the game, started by another cell of the tile
    assert sim.state()["screen"] == "game"
    sim.run("wait %d" % (2 * HOLD_MS))
    sim.run("up c3")
    sim.run("up d4")
    assert sim.state()["moves"] == [] and sim.state()["error"] is None


def test_the_idle_demo_gives_way_to_the_menu_on_a_press():
    sim = Headless()
    sim.run("wait %d" % (IDLE_MS + 1000))
    assert sim.state()["screen"] == "attract"
    sim.run("down e5")
    assert sim.state()["screen"] == "menu"
    sim.run("up e5")
    assert sim.state()["screen"] == "menu" and sim.state()["error"] is None  # (e5 is no tile)


def test_a_corner_down_while_another_key_plays_still_taps_or_holds():
    sim = started("connect4")
    sim.run("down a1")
    key = a_move_key(sim)
    sim.run("down " + key)  # a move: the game goes on
    assert moves(sim) == 1
    sim.run("up " + key)
    sim.run("up a1")
    assert sim.state()["error"] == "hold this key to use it"
    sim.run("wait 1000")
    sim.run("down l12")
    sim.run("down l1")  # undo: the game changed under l12, whose release is then no tap
    assert moves(sim) == 0
    sim.run("up l1")
    sim.run("up l12")
    assert sim.state()["error"] is None
    sim.run("down a1")
    sim.run("down " + key)
    sim.run("wait %d" % HOLD_MS)  # a1's hold fires though the game moved
    assert sim.state()["screen"] == "menu"


@pytest.mark.parametrize("game,args", [("connect4", ""), ("squeeze", "--variant cards --mode deal")])
def test_both_corners_held_together_hold_in_the_game_only(game, args):
    # a1's hold leaves for the menu, which gives l12 no hold: l12, still down, neither
    # holds nor taps there (it once raised: the menu has no hold)
    sim = started(game, args)
    sim.run("down a1")
    sim.run("wait 10")
    sim.run("down l12")
    sim.run("wait %d" % (HOLD_MS - 10))
    assert sim.state()["screen"] == "menu"
    sim.run("wait %d" % (2 * HOLD_MS))
    sim.run("up a1")
    sim.run("up l12")
    assert sim.state()["screen"] == "menu" and sim.state()["error"] is None
    sim.run("press c3")  # the menu plays on: Connect Four's setup screen
    assert sim.state()["screen"] == "setup"
    # the other way round: l12's new game, then a1's hold there (a game screen's own)
    sim = started(game, args)
    sim.run("press " + a_move_key(sim))
    sim.run("down l12")
    sim.run("wait 10")
    sim.run("down a1")
    sim.run("wait %d" % (HOLD_MS - 10))
    assert sim.state()["screen"] == "game" and moves(sim) == 0
    sim.run("wait 10")
    assert sim.state()["screen"] == "menu"
    sim.run("up l12")
    sim.run("up a1")
    assert sim.state()["screen"] == "menu" and sim.state()["error"] is None


def test_a_card_key_held_when_a1_leaves_the_game_does_nothing_in_the_menu():
    sim = started("squeeze", "--variant cards --mode deal")
    card = next(k for k in sim.board.app.screen.card_keys)
    sim.run("down a1")
    sim.run("wait 10")
    sim.run("down " + grid.name(card))
    sim.run("wait %d" % (HOLD_MS - 10))  # a1's hold, the card key's hold still to come
    assert sim.state()["screen"] == "menu"
    sim.run("wait %d" % HOLD_MS)
    sim.run("up " + grid.name(card))
    sim.run("up a1")
    assert sim.state()["screen"] == "menu" and sim.state()["error"] is None


def test_a_stuck_key_acted_once_and_its_release_does_nothing():
    sim = started("connect4")
    key = a_move_key(sim)
    sim.run("down " + key)
    sim.run("wait %d" % STUCK_MS)
    assert sim.state()["stuck"] == [key] and moves(sim) == 1
    sim.run("up " + key)
    assert moves(sim) == 1 and "stuck" not in sim.state()


def test_a_second_press_event_without_a_release_acts_once():
    sim = started("connect4")
    cell = grid.parse(a_move_key(sim))
    keys, app = sim.board.keys, sim.board.app
    keys.push(cell, True, sim.board.clock.now)
    keys.push(cell, True, sim.board.clock.now)
    app.step()
    assert moves(sim) == 1


def test_the_board_s_seats_refuse_a_press_as_it_goes_down():
    sim = started("pistes", "--players 2 --board 1")  # the board plays player 1, who starts
    sim.run("down a8")
    assert "board is playing" in sim.state()["error"]
    sim.run("up a8")
    sim = started("connect4", "--board 1 --level 1")
    sim.run("down d1")
    assert sim.state()["error"] == "the board is thinking: wait for its move (or undo yours)"
    sim.run("up d1")


def card_game(mode):
    sim = started("squeeze", "--variant cards --mode " + mode)
    return sim, sim.board.app.screen


def test_a_card_key_picks_on_its_press_with_real_cards():
    sim, ctrl = card_game("cards")
    sim.run("down k12")  # seat 1's card key: its kinds show at once
    assert ctrl.pick is not None
    sim.run("up k12")
    assert ctrl.pick is not None


def test_a_card_key_waits_in_deal_mode_its_hold_shows_the_hand():
    sim, ctrl = card_game("deal")
    assert grid.parse("k12") in ctrl.holds
    shown = lit(sim)
    sim.run("down k12")
    assert ctrl.pick is None and lit(sim) == shown  # it may be a hold: nothing yet
    sim.run("up k12")  # a tap: the pick
    assert ctrl.pick is not None
    sim.run("down l1")  # undo backs out of the pick, on its press
    assert ctrl.pick is None
    sim.run("up l1")
    sim.run("down k12")
    sim.run("wait %d" % HOLD_MS)
    assert ctrl.peeking() == (1,) and ctrl.pick is None  # held: the hand, no pick
    sim.run("up k12")
    assert ctrl.peeking() == () and ctrl.pick is None


def test_a_window_is_answered_on_the_press_with_real_cards():
    sim, ctrl = card_game("cards")
    sim.run("press " + a_move_key(sim))  # a launch: the Negation window opens
    sim.run("wait 100")
    assert ctrl.state.window
    played = moves(sim)
    sim.run("down b1")  # seat 2's card key: a Negation
    assert moves(sim) == played + 1
    sim.run("up b1")


def test_the_headless_down_and_up_check_the_key():
    sim = Headless()
    with pytest.raises(ScriptError, match="e5 is not down"):
        sim.run("up e5")
    sim.run("down e5")
    for line in ("down e5", "press e5", "hold e5 100"):
        with pytest.raises(ScriptError, match="e5 is down already"):
            sim.run(line)
    sim.run("up e5")
    assert sim.board.app.down == {}
    out = []
    # a script sees the light of a key still down, and `hold` is down, wait, up
    assert run_script(["down c3", "frame", "up c3", "state"], out.append) is None
    assert '"screen": "setup"' in out[-1]
    assert run_script(["start connect4", "hold l12 800", "state"], out.append) is None
    with pytest.raises(ScriptError, match="down CELL, up CELL"):
        Headless().run("lift e5")
