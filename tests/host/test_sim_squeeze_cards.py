# 4D Squeeze with cards on the board, through the headless simulator, as players would
# press: the menu's two card tiles, the card keys, picking a kind and a target, the
# windows' countdowns (answered, or run out), every kind played by presses, the golden
# rule's gold pulse, undo, the "deal" mode's hands seen while a card key is held, and
# the real cards' "no card" end.
from games.squeeze import cards_screen as screen
from app import grid
from games.squeeze import cards
from games.rng import Rng
from hypothesis import given, settings, strategies as st
from sim.headless import Headless, ScriptError
from sim.terminal import status_text

SOUTH, NORTH, WEST, EAST = "k12", "b1", "a11", "l2"  # the card keys
# along each side from its card key: hand (2 cells), the five kinds, "no card"
KIND_KEYS = {
    SOUTH: ["h12", "g12", "f12", "e12", "d12", "c12"],
    NORTH: ["e1", "f1", "g1", "h1", "i1", "j1"],
    WEST: ["a8", "a7", "a6", "a5", "a4", "a3"],
}
KINDS = ("trahison", "flammes", "eclair", "poussee", "double")


def key(cell):
    """The board key of a squeeze cell: the 10x10 board sits at b2..k11."""
    return "%s%d" % (chr(ord(cell[0]) + 1), int(cell[1:]) + 1)


def new_game(*args):
    sim = Headless()
    sim.run("press k12")  # full brightness
    sim.run("start squeeze --variant cards --seed 3 " + " ".join(args))
    return sim


def card(sim, card_key, kind, *targets):
    sim.run("press " + card_key)
    sim.run("press " + KIND_KEYS[card_key][KINDS.index(kind)])
    for t in targets:
        sim.run("press " + t)


def lit(sim, cells):
    lv = sim.leds()
    return [c for c in cells if sum(lv[c]) > 0]


def ring(sim):
    return [grid.name(c) for c in screen.classic.RING_ORDER]


def test_menu_has_the_two_card_tiles_last_and_the_mode_option():
    from app import catalog

    # the last two tiles (6 and 7 once every game is in the menu)
    assert [t[:3] for t in catalog.TILES[-2:]] == [("squeeze", None, "cards"), ("squeeze", 4, "cards")]
    assert catalog.tile_options(catalog.tile_of("squeeze", None, "cards")) == (("mode", ("cards", "deal"), "cards"),)
    sim = Headless()
    tiles = sim.state()["tiles"]
    sim.run("press " + tiles[-1]["cell"])  # the setup screen asks the mode
    s = sim.state()
    assert s["screen"] == "setup" and s["options"] == {"mode": "cards"} and len(s["keys"]["mode"]) == 2
    deal = s["keys"]["mode"][1]
    sim.run("press " + deal)
    assert sim.state()["options"] == {"mode": "deal"}
    sim.run("press " + s["keys"]["mode"][0])  # back to real cards
    sim.run("press " + tiles[-1]["cell"])  # the second press on the tile starts it
    s = sim.state()
    assert (s["game"], s["players"], s["mode"], s["status"]) == ("squeeze", 4, "cards", "playing")
    assert s["card_keys"] == {"P1": SOUTH, "P2": WEST, "P3": NORTH, "P4": EAST}
    sim.run("hold a1 1000")
    sim.run("press " + tiles[-2]["cell"])
    sim.run("press " + tiles[-2]["cell"])
    assert sim.state()["players"] == 2 and sim.state()["card_keys"] == {"P1": SOUTH, "P2": NORTH}


def test_a_bad_mode_is_refused_clearly():
    sim = Headless()
    try:
        sim.run("start squeeze --variant cards --mode bluff")
    except ScriptError as e:
        assert "mode" in str(e) and "deal" in str(e)
    else:
        raise AssertionError("accepted")


def test_a_launch_opens_a_negation_countdown_that_runs_out():
    sim = new_game()
    sim.run("press a4")  # W-3: stops against the pentacle c3, on b3
    s = sim.state()
    assert s["moves"] == ["W-3"] and s["pending"]["window"] == "negation"
    sim.run("wait 300")
    early = len(lit(sim, ring(sim)))
    sim.run("wait 1500")
    later = len(lit(sim, ring(sim)))
    assert early > later > 0  # the countdown shrinks
    sim.run("press " + key("d4"))
    assert "window is open" in sim.state()["error"]
    sim.run("wait 1300")
    s = sim.state()
    assert s["moves"] == ["W-3", "pass"] and s["to_move"] == 2 and s["pending"] is None


def test_negation_by_the_next_card_key_takes_the_launch_back():
    sim = new_game()
    sim.run("press a4")
    sim.run("press " + SOUTH)  # player 1 may not negate its own launch
    assert "only player 2" in sim.state()["error"]
    sim.run("press " + NORTH)
    s = sim.state()
    assert s["moves"] == ["W-3", "negation"] and s["pending"]["window"] == "annulation"
    sim.run("wait 4100")
    s = sim.state()
    assert s["moves"][-1] == "pass" and s["to_move"] == 1 and s["golden"] == [2]
    assert sim.leds()[key("b3")] != sim.leds()[key("e5")]  # the pawn is gone
    sim.run("press a4")
    assert "another cell" in sim.state()["error"]
    # player 2's card key pulses gold while the golden rule binds it
    seen = set()
    for _ in range(4):
        sim.run("wait 260")
        seen.add(sim.leds()[NORTH])
    assert any(rgb[0] > 200 and rgb[1] > 180 for rgb in seen)


def test_trahison_by_presses_waits_for_its_annulation_window_then_flashes():
    sim = new_game()
    sim.run("press a4")
    sim.run("wait 3100")
    card(sim, NORTH, "trahison", key("e5"))
    s = sim.state()
    assert s["moves"][-1] == "trahison e5" and s["pending"]["card"] == "trahison e5"
    seen = set()
    for _ in range(8):
        sim.run("wait 150")
        seen.add(sim.leds()[key("e5")])
    assert len(seen) >= 2  # the target blinks in the kind's colour
    sim.run("wait 3000")
    s = sim.state()
    assert s["moves"][-1] == "pass" and s["to_move"] == 1
    assert sim.leds()[key("e5")] == sim.leds()[key("f5")]  # e5 is blue now


def test_a_window_shows_its_full_countdown_from_its_first_frame():
    # the frame of the press that opens a window (and a resume's first frame) is drawn
    # before the countdown starts: the whole ring, not a dark one
    sim = new_game()
    board = sim.board
    ctrl = board.app.screen
    ctrl.play_move(2, None, board.clock.now)  # W-3: its Negation window
    assert ctrl.state.window and ctrl.window_until is None
    board.app.render(board.clock.now)
    ring = [grid.name(c) for c in screen.classic.RING_ORDER]
    lv = sim.leds()
    assert all(sum(lv[c]) > 0 for c in ring if c not in (SOUTH, NORTH))
    sim.run("wait 1600")  # half the countdown: half the ring
    lv = sim.leds()
    assert 0 < sum(1 for c in ring if sum(lv[c]) > 0) < len(ring)


def test_annulation_by_any_card_key_then_the_player_launches():
    sim = new_game("--players 4")
    sim.run("press " + SOUTH)
    sim.run("press " + KIND_KEYS[SOUTH][KINDS.index("flammes")])
    sim.run("press " + key("c3"))
    assert sim.state()["pending"]["window"] == "annulation"
    sim.run("press " + EAST)  # player 4
    sim.run("press " + NORTH)  # player 3 cancels the cancel
    s = sim.state()
    assert s["pending"]["chain"] == ["flammes c3", "annulation P4", "annulation P3"]
    sim.run("wait 1000")
    assert sim.state()["pending"]["window"] == "annulation"  # its countdown runs on
    sim.run("press " + WEST)  # player 2 again: three in the chain
    s = sim.state()
    # the deck's three annulation cards are all on the table: nobody can answer, the
    # window closes at once
    assert s["moves"][-2:] == ["annulation P2", "pass"] and s["pending"] is None
    assert s["to_move"] == 1
    assert sum(sim.leds()[key("c3")]) > 0  # the flammes was cancelled: c3 is still there
    sim.run("press a4")  # the player launches
    assert sim.state()["moves"][-1] == "W-3"


def test_eclair_poussee_and_double_by_presses():
    sim = new_game()
    card(sim, SOUTH, "eclair", key("j10"))  # the last cell: the square i9..j10 inside
    assert sim.state()["moves"] == [] and "nothing to strike on i9" in sim.state()["error"]
    sim.run("press " + key("e5"))  # still picking: the square e5 f5 e6 f6, the four pawns
    assert sim.state()["moves"] == ["eclair e5"]
    sim.run("wait 5100")  # the window, then the effect's flash
    lv = sim.leds()
    assert all(sum(lv[key(c)]) < 100 for c in ("e5", "f5", "e6", "f6"))
    sim = new_game()
    card(sim, SOUTH, "poussee", "a6")  # W-5: e5 goes to d5
    assert sim.state()["moves"] == ["poussee W-5"]
    sim.run("wait 5100")
    lv = sim.leds()
    assert lv[key("d5")] == lv[key("f6")] and sum(lv[key("e5")]) < sum(lv[key("d5")])
    sim = new_game()
    card(sim, SOUTH, "double", "a2", key("d1"))  # W-1 to e1, then W-1 again to d1
    assert sim.state()["moves"] == ["double W-1 W-1"]
    sim.run("wait 4100")
    s = sim.state()
    assert s["pending"]["window"] == "negation" and s["golden"] == [1]


def test_l1_backs_out_of_a_pick_and_undo_removes_an_action_with_its_passes():
    sim = new_game()
    sim.run("press " + SOUTH)
    assert sim.state()["pick"] == {"seat": 1, "kind": None, "first": None}
    sim.run("press l1")
    assert sim.state()["pick"] is None and sim.state()["moves"] == []
    sim.run("press a4")
    sim.run("wait 3100")
    assert sim.state()["moves"] == ["W-3", "pass"]
    sim.run("press l1")
    assert sim.state()["moves"] == [] and sim.state()["to_move"] == 1


def test_deal_mode_shows_a_hand_only_while_its_card_key_is_held():
    sim = new_game("--mode deal")
    s = sim.state()
    hand = s["hands"][0]
    assert s["mode"] == "deal" and len(hand) == 2
    peek = ["j12", "i12"]  # launch points, except while the card key is held
    launch_glow = sim.leds()["j12"]
    board = sim.board
    board.keys.push(grid.parse(SOUTH), True, board.clock.now)
    sim.advance(900)  # held past the hold time
    lv = sim.leds()
    assert lit(sim, peek) == peek
    want = [screen.KIND_COLORS[cards.KINDS.index(k)] for k in hand]
    for cell, color in zip(peek, want):  # dim, in the kind's hue
        r, g, b = lv[cell]
        assert max(r, g, b) < 140 and (r > 0) == (color >> 16 > 0) and (b > 0) == (color & 255 > 0)
    # the simulator's words name the two cards (issue #26, item 8), only while it is held
    assert sim.state()["hands_shown"] == [{"seat": 1, "cards": hand}]
    assert "player 1 holds %s and %s" % tuple(hand) in status_text(board)[0]
    board.keys.push(grid.parse(SOUTH), False, board.clock.now)
    sim.advance(100)
    assert sim.state()["hands_shown"] == [] and "holds" not in status_text(board)[0]
    assert sim.leds()["j12"] == launch_glow and sim.state()["pick"] is None  # a hold plays nothing
    # a kind not in the hand is refused at once
    missing = [k for k in KINDS if k not in hand][0]
    card(sim, SOUTH, missing)
    assert "holds no " + missing in sim.state()["error"]


def test_real_cards_no_launch_and_no_card_is_a_draw():
    sim = new_game()
    st = sim.board.app.screen.state
    for c in range(100):
        st.board[c] = cards.PENTACLE
    st.board[0] = cards.EMPTY
    st.board[44] = cards.EMPTY
    st._refresh()
    sim.run("press " + key("a1"))  # W-1 lands on a1; e5 stays out of reach
    s = sim.state()
    assert s["to_move"] == 2 and "pass" in s["legal"]
    sim.run("press " + NORTH)
    sim.run("press " + KIND_KEYS[NORTH][5])  # "no card"
    assert sim.state()["status"] == "draw"


@settings(max_examples=40, deadline=None)
@given(mode=st.sampled_from(("cards", "deal")), players=st.sampled_from((2, 4)),
       actions=st.lists(st.tuples(st.sampled_from(("tap", "tap", "tap", "hold", "wait")),
                                  st.integers(0, 143), st.integers(0, 5000)), min_size=1, max_size=80))
def test_no_press_crashes_a_card_game_and_the_board_stays_legal(mode, players, actions):
    sim = Headless()
    sim.run("start squeeze --variant cards --seed 9 --players %d --mode %s" % (players, mode))
    for what, cell, ms in actions:
        if what == "tap":
            sim.run("press " + grid.name(cell))
        elif what == "hold":
            sim.run("hold %s %d" % (grid.name(cell), ms % 1500))
        else:
            sim.run("wait %d" % ms)
    screen = sim.board.app.screen
    setup = getattr(screen, "setup", {})
    # (a1 held leaves for the menu, where two presses can start another game)
    if sim.state()["screen"] == "game" and setup.get("variant") == "cards" and setup.get("seed") == 9:
        st_ = screen.state
        assert max(st_.board) <= cards.PENTACLE
        # the saved game replays to the same position
        players, mode = setup.get("players") or 2, setup.get("mode") or "cards"
        replay = cards.new_state(players, rng=Rng(9), hands=cards.TRUSTED if mode == "cards" else cards.DEALT)
        for m in st_.history:
            replay.play(m)
        assert replay.board == st_.board and replay.to_move == st_.to_move


@settings(max_examples=8, deadline=None)
@given(mode=st.sampled_from(("cards", "deal")), players=st.sampled_from((2, 4)), seed=st.integers(0, 10 ** 6))
def test_every_legal_line_is_played_by_the_keys_the_screen_gives_for_it(mode, players, seed):
    # simulated players (the power cuts' and the soak's) play a line by the keys that
    # keys_for_move gives: a card by its key, its kind and its target(s), a window's
    # pass by letting its countdown run out
    sim = Headless()
    sim.run("start squeeze --variant cards --seed 9 --players %d --mode %s" % (players, mode))
    board, rng = sim.board, Rng(seed)
    state = board.app.screen.state
    for _ in range(60):
        if state.status != "playing":
            break
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        # a launch from a card key's launch point is pressed on its arrival cell: the
        # first launch that lands there is played (the same pawn on the same cell)
        same = [move]
        if move < cards.LAUNCHES:
            same = [m for m in legal if m < cards.LAUNCHES and state.arrival_cell(m) == state.arrival_cell(move)]
        played = len(state.history)
        board.play(move)
        assert state.history[played] in same, state.format_move(move)
        assert board.app.screen.pick is None


def test_the_simulator_labels_the_card_keys_by_seat_and_the_rest_in_squeeze_notation():
    from sim import terminal

    for players, keys in ((2, {SOUTH: 1, NORTH: 2}), (4, {SOUTH: 1, WEST: 2, NORTH: 3, EAST: 4})):
        sim = new_game("--players %d" % players)
        shown = sim.board.app.screen
        for cell, seat in keys.items():
            assert shown.label(grid.parse(cell)) == "P%d card key" % seat
        assert shown.label(grid.parse("a6")) == "W-5" and shown.label(grid.parse("f6")) == "e5"
        top, bottom, left, right = terminal.margin_labels(sim.board)
        assert bottom[10] == "P1" and bottom[1] == "S-a" and right[5] == "E-5"
        assert top[1] == ("P2" if players == 2 else "P3")
        assert (left[10], right[1]) == (("W-10", "E-1") if players == 2 else ("P2", "P4"))
        assert terminal.screen_text(sim.board)[1] == "docs/rules/squeeze_cards.md"


def test_the_rules_book_pictures_show_what_their_captions_say():
    from host_tools import rules_pictures

    states = dict((p, rules_pictures.run(lines).state()) for g, p, lines in rules_pictures.PICTURES
                  if g == "squeeze_cards")
    assert states["start"]["moves"] == [] and states["start"]["mode"] == "cards"
    card_play = states["card"]
    assert card_play["moves"] == ["W-5", "pass", "E-6", "pass", "flammes f5"]
    assert card_play["pending"]["window"] == "annulation" and card_play["pending"]["card"] == "flammes f5"
    assert states["end"]["turn"] == "yellow wins" and states["end"]["line"] == ["b5", "c5", "d5", "e5"]


def test_the_board_holds_its_helper_modules_only_while_it_needs_them():
    # a Pico's RAM: the card pick's module while a pick lasts, a card's rules from its
    # pick to its effect, the lines while a save is read, none of them (nor the simulator's
    # words) back in the menu
    import sys

    from app import saves, saves_read
    from games.squeeze import rules as squeeze
    from sim.drivers import MemoryStorage, SimBoard

    helpers = (screen.PICK_MODULE, screen.WORDS_MODULE, cards.NOTATION_MODULE, cards.EFFECTS_MODULE, squeeze.NOTATION_MODULE)
    storage = MemoryStorage()
    board = SimBoard(storage=storage)
    board.app.start_game("squeeze", 2, "cards", 3, {"mode": "cards"})
    ctrl = board.app.screen

    def tap(name):
        ctrl.tap(grid.parse(name), board.clock.now)

    def loaded():
        return [m for m in helpers if m in sys.modules]

    from app.shared import unload

    for m in helpers:
        unload(m)
    tap("a4")  # W-3 (to b3): a launch, then its Negation window, passed
    ctrl.play_move(cards.PASS_MOVE, None, board.clock.now)
    assert ctrl.state.window is None and loaded() == []
    tap(NORTH)  # blue's card key: a pick starts
    tap(KIND_KEYS[NORTH][1])  # flammes
    assert loaded() == [screen.PICK_MODULE]
    ctrl.busy(board.clock.now)  # after the pick's light: the card's rules, for its play
    assert sorted(loaded()) == sorted([screen.PICK_MODULE, cards.EFFECTS_MODULE])
    tap(key("c3"))  # the neutral pentacle: played, the pick is over ...
    assert ctrl.state.history[-1] == cards.card(cards.FLAMMES, 22, 0, 2) and ctrl.pick is None
    # ... its module goes after the move's light (an unload is no part of a press's answer)
    assert sorted(loaded()) == sorted([screen.PICK_MODULE, cards.EFFECTS_MODULE])
    board.app.after_render(board.clock.now)  # the save, after the light
    assert loaded() == [cards.EFFECTS_MODULE]
    ctrl.play_move(cards.PASS_MOVE, None, board.clock.now)  # its Annulation window: the effect
    board.app.after_render(board.clock.now)
    assert ctrl.state.board[22] == cards.EMPTY and loaded() == []
    ctrl.save()
    moves = saves_read.load_game(storage, "squeeze", None, "cards")[1]  # the 2-player card tile's save
    assert moves == ["W-3", "pass", "flammes c3", "pass"]
    resumed = screen.Controller(board.app, ctrl.setup, moves)  # the menu's resume
    assert resumed.state.history == ctrl.state.history and loaded() == []
    board.app.screen = resumed
    resumed.describe()  # the simulator's state: its words and the referee's lines
    assert sorted(loaded()) == sorted([screen.WORDS_MODULE, cards.NOTATION_MODULE, cards.EFFECTS_MODULE])
    resumed.hold(grid.MENU, board.clock.now)
    assert board.app.screen.describe()["screen"] == "menu" and loaded() == []


def test_the_state_lists_what_one_key_plays_and_the_kinds_a_pick_may_play():
    # the simulator's `legal` (and `keys`): launches, a window's answers, pass; the card
    # plays by kind under `cards` (a coup double's targets alone are hundreds of lines)
    sim = new_game()
    s = sim.state()
    assert s["cards"] == list(KINDS)  # real cards: the board trusts the hands
    st = sim.board.app.screen.state
    assert s["legal"] == [st.format_move(m) for m in st.legal_launches()] and set(s["keys"]) == set(s["legal"])
    sim.run("press a4")  # W-3: its Negation window
    s = sim.state()
    assert s["legal"] == ["negation", "pass"] and s["cards"] == []
    dealt = new_game("--mode deal")
    s = dealt.state()
    held = [k for k in KINDS if k in s["hands"][0]]
    assert s["cards"] == held


def test_deal_mode_pick_offers_only_the_kinds_in_the_hand():
    """Issue #26, item 8: the pick row lit all five kinds though the dealt hand holds two."""
    sim = new_game("--mode deal")
    hand = sim.state()["hands"][0]
    sim.run("press " + SOUTH)
    keys = KIND_KEYS[SOUTH]
    shown = [k for i, k in enumerate(KINDS) if i < 5 and sim.leds()[keys[i]] != (0, 0, 0)]
    assert shown == [k for k in KINDS[:5] if k in hand]
