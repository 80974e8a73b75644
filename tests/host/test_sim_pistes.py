# 4 pistes on the board, through the headless simulator, as players press: the roll
# and stop keys, dice set aside and taken back, 5s locked, choices by pressing a
# glowing cell, the board's seats playing at a pace, undo without rerolls, the colours
# at the default brightness, the end and the solo's best score across power cycles.
from games.pistes import screen as ui
from app import catalog, grid, saves
from games.pistes import rules as pistes
from games.rng import Rng
from sim.drivers import MemoryStorage
from sim.headless import Headless, ScriptError

ROLL, STOP = "a8", "a11"


def first_roll(seed, players=2):
    st = pistes.new_state(players=players, rng=Rng(seed))
    st.play_text("roll")
    return st


def seed_where(test, players=2):
    """The first seed whose first roll passes test(state)."""
    for seed in range(5000):
        st = first_roll(seed, players)
        if test(st):
            return seed
    raise AssertionError("no seed")


def new_game(args, storage=None):
    sim = Headless(storage)
    sim.run("start pistes " + args)
    return sim


def die_key(die):
    return grid.name(ui.die_cells(die)[4])


def test_menu_tile_and_options():
    sim = Headless()
    tiles = [t for t in sim.state()["tiles"] if t["game"] == "pistes"]
    assert len(tiles) == 1
    assert catalog.tile_options(catalog.tile_of("pistes", None, None)) == (("board", "seats", []), ("players", (1, 2, 3, 4, 5, 6), 2))
    sim.run("press " + tiles[0]["cell"])  # the setup screen asks how many and the board's seats
    s = sim.state()
    assert s["screen"] == "setup" and s["players"] == 2 and s["options"] == {"board": []}
    sim.run("press " + s["keys"]["players"][2])  # 3 players
    sim.run("press " + sim.state()["keys"]["board"][1])  # the board plays seat 2
    assert (sim.state()["players"], sim.state()["options"]) == (3, {"board": [2]})
    sim.run("press " + tiles[0]["cell"])
    s = sim.state()
    assert (s["game"], s["players"], s["to_move"], s["legal"], s["keys"]) == ("pistes", 3, 1, ["roll"], {"roll": ROLL})
    assert s["board_seats"] == [2] and s["dice"] is None


def test_the_simulators_labels_name_the_roll_keys_and_the_stop_key():
    left = new_game("--seed 1").board.app.screen.axis_labels()[2]
    assert [row for row in range(grid.SIZE) if left[row] == "roll"] == [7, 8, 9]  # a8..a10
    assert [row for row in range(grid.SIZE) if left[row] == "stop"] == [10]  # a11
    assert left[0] == "1" and left[11] == "12"  # the other rows keep their numbers


def test_roll_set_aside_take_back_and_stop():
    seed = seed_where(lambda st: 5 not in st.dice and 6 not in st.dice)
    sim = new_game("--seed %d" % seed)
    before = sim.leds()
    sim.run("press " + ROLL)
    s = sim.state()
    assert s["dice"] == first_roll(seed).dice and s["rolls_left"] == 2
    assert s["keys"]["keep 1"] == die_key(0) and s["keys"]["stop"] == STOP
    lv = sim.leds()
    assert lv[ROLL] == before[ROLL] and sum(lv["a10"]) < sum(before["a10"])  # a roll used
    corner = grid.name(ui.die_cells(1)[1])  # the top middle of die 2: no face has a pip there
    sim.run("press " + die_key(1))
    assert sim.state()["aside"] == [False, True, False, False]
    under = sim.leds()[corner]
    sim.run("press " + die_key(1))  # taken back
    assert sim.state()["aside"] == [False, False, False, False] and sim.state()["moves"] == ["roll", "keep 2", "unkeep 2"]
    assert sim.leds()[corner] != under
    sim.run("press " + STOP)
    s = sim.state()
    assert s["to_move"] == 2 and sum(sum(p) for p in s["positions"]) == 4


def test_a_five_locks_and_refuses_to_be_taken_back():
    seed = seed_where(lambda st: st.dice.count(5) == 1 and 6 not in st.dice)
    sim = new_game("--seed %d" % seed)
    sim.run("press " + ROLL)
    five = first_roll(seed).dice.index(5)
    s = sim.state()
    assert s["aside"][five]
    sim.run("press " + die_key(five))
    s = sim.state()
    assert s["error"] == "5s and dice set aside before a roll stay set aside" and s["moves"] == ["roll"]
    assert sim.leds()[die_key(five)][0] > 0  # flashes red


def test_the_joker_is_played_by_pressing_a_glowing_track():
    seed = seed_where(lambda st: st.dice.count(6) == 2 and 5 not in st.dice)
    sim = new_game("--seed %d" % seed)
    sim.run("press " + ROLL)
    sim.run("press " + STOP)
    s = sim.state()
    assert s["pending"]["choice"] == "joker"
    lv = sim.leds()
    glow = lv[grid.name(ui.cell_of(2, 5))]
    assert sum(glow) > 3 * sum(lv["e2"])  # the open tracks glow, far above an empty place (e2)
    sim.run("press " + grid.name(ui.cell_of(2, 7)))  # anywhere on track 3
    s = sim.state()
    assert s["moves"][-1] == "joker 3" and s["positions"][0][2] >= 1 and s["to_move"] == 2


def test_back_move_by_pressing_a_blinking_pawn():
    seed = seed_where(lambda st: st.dice.count(5) == 2 and 6 not in st.dice and st.dice.count(1) == 2)
    sim = new_game("--seed %d --players 2" % seed)
    sim.run("press " + ROLL)
    sim.run("press " + STOP)
    s = sim.state()
    assert s["pending"]["choice"] == "back" and s["legal"] == ["back P1 T1"]
    pawn = grid.name(ui.cell_of(0, 2))
    assert s["keys"]["back P1 T1"] == pawn
    seen = set()
    for _ in range(4):
        seen.add(sim.leds()[pawn])
        sim.run("wait 150")
    assert len(seen) == 2  # it blinks
    sim.run("press e1")  # not a pawn: refused
    assert sim.state()["error"] == "e1 plays no move"
    sim.run("press " + pawn)
    s = sim.state()
    assert s["moves"][-1] == "back P1 T1" and s["positions"][0][0] == 0 and s["to_move"] == 2


def test_board_seats_play_at_a_pace_and_refuse_presses():
    sim = new_game("--seed 3 --players 3 --board 2,3")
    sim.run("press " + ROLL)
    sim.run("press " + STOP)
    s = sim.state()
    if s["pending"]:
        sim.run("press " + s["keys"][s["legal"][0]])
    assert sim.state()["to_move"] == 2 and sim.state()["board_seats"] == [2, 3]
    n = len(sim.state()["moves"])
    sim.run("wait %d" % (ui.STEP_MS // 2))
    assert len(sim.state()["moves"]) == n  # not at once
    sim.run("press " + ROLL)
    assert sim.state()["error"] == "the board is playing for player 2"
    sim.run("wait %d" % ui.STEP_MS)
    assert len(sim.state()["moves"]) == n + 1 and sim.state()["moves"][n] == "roll"
    sim.run("wait 60000")  # players 2 and 3 play their turns, one step a STEP_MS
    s = sim.state()
    assert s["to_move"] == 1 or s["status"] != "playing"
    assert sim.state()["moves"][n:].count("roll") >= 2


def test_bad_board_seats_are_refused():
    for args in ("--players 2 --board 3", "--players 2 --board 0", "--players 3 --board 2,2"):
        try:
            new_game(args)
            raise AssertionError(args)
        except ScriptError as e:
            assert "seat" in str(e), str(e)


def test_undo_never_takes_back_a_roll():
    seed = seed_where(lambda st: 5 not in st.dice)
    sim = new_game("--seed %d --board 2" % seed)
    sim.run("press " + ROLL)
    sim.run("press l1")
    assert sim.state()["error"] == "the dice are cast: a roll cannot be undone" and sim.state()["moves"] == ["roll"]
    sim.run("press " + die_key(0))
    sim.run("press l1")
    assert sim.state()["moves"] == ["roll"] and sim.state()["error"] is None
    sim.run("press " + STOP)
    while sim.state()["pending"]:
        sim.run("press " + sim.state()["keys"][sim.state()["legal"][0]])
    sim.run("press l1")  # the stop (or last choice), before the board rolls
    assert sim.state()["to_move"] == 1 and sim.state()["moves"][-1] != "stop"
    sim.run("press " + STOP)
    while sim.state()["pending"]:
        sim.run("press " + sim.state()["keys"][sim.state()["legal"][0]])
    sim.run("wait %d" % (3 * ui.STEP_MS))  # the board rolls
    sim.run("press l1")
    assert sim.state()["error"] in ("the dice are cast: a roll cannot be undone", "the board's moves cannot be undone")


def test_six_player_colours_stay_apart_at_the_default_brightness():
    sim = Headless()
    assert sim.state()["brightness"] == 25
    sim.run("start pistes --players 6")
    lv = sim.leds()
    pawns = [lv[grid.name(ui.start_place(0, p))] for p in range(6)]
    empty = lv[grid.name(ui.cell_of(0, 5))]
    for i in range(6):
        assert max(pawns[i]) >= 30 and max(pawns[i]) >= 8 * max(empty)  # a pawn stands out
        for j in range(i):
            assert max(abs(a - b) for a, b in zip(pawns[i], pawns[j])) >= 20, (i, j, pawns)
    # the players' column: the one to play bright, the others dim
    assert max(lv["a2"]) > 2 * max(lv["a3"]) and max(lv["a3"]) > 0


def test_a_die_set_aside_looks_unlike_a_free_one_at_every_brightness():
    """A die's background as the LEDs show it: free (dice 1, 3 faint; 2, 4 dark), set
    aside, set aside for good: four looks apart at each brightness of the menu's row
    (the faintest lit level is 1: a dim shade can look the same as a fainter one)."""
    from app.menu import BRIGHTNESS_PERCENTS
    from drivers.pixels import gamma_table

    for percent in BRIGHTNESS_PERCENTS:
        table = gamma_table(percent)
        shown = [tuple(table[c >> shift & 255] for shift in (16, 8, 0)) for c in (ui.FREE[0], ui.FREE[1], ui.ASIDE, ui.LOCKED)]
        assert len(set(shown)) == 4, (percent, shown)


def test_the_end_shows_scores_and_the_solo_best_is_kept_across_power_cycles():
    storage = MemoryStorage()
    storage.write("pistes_best.json", "{not json")  # a damaged file counts as none
    sim = new_game("--seed 2 --players 1 --board 1", storage)
    assert sim.state()["best"] is None
    for _ in range(200):  # the board plays the whole solo, a step every STEP_MS
        sim.run("wait 5000")
        if sim.state()["status"] != "playing":
            break
    s = sim.state()
    assert s["status"] in ("won", "lost") and s["best"] == s["scores"][0]
    # the scores in turn with the final board
    frames = set()
    for _ in range(3):
        frames.add(tuple(sim.leds()[grid.name(c)] for c in range(grid.CELLS)))
        sim.run("wait %d" % ui.SHOW_MS)
    assert len(frames) >= 2
    best = s["best"]
    again = Headless(storage)  # a power cycle
    again.run("start pistes --seed 5 --players 1")
    assert again.state()["best"] == best
    storage.write("pistes_best.json", '{"best": 99}')  # out of range: none
    assert new_game("--players 1", storage).state()["best"] is None


def test_resume_replays_the_same_dice():
    storage = MemoryStorage()
    sim = new_game("--seed 8", storage)  # the tile's game: the default players
    sim.run("press " + ROLL)
    sim.run("press " + die_key(2))
    s = sim.state()
    again = Headless(storage)
    tile = [t for t in again.state()["tiles"] if t["game"] == "pistes"][0]
    assert tile["resume"]
    again.run("press " + tile["cell"])  # the setup screen, then the game resumed
    again.run("press " + tile["cell"])
    r = again.state()
    assert (r["dice"], r["aside"], r["moves"]) == (s["dice"], s["aside"], s["moves"])


def test_the_words_are_freed_after_a_resume_and_a_refusal():
    # games/pistes/notation.py (the notation read) is loaded for a resume and freed after,
    # and a refusal's words never need it (its import would delay the refused press's
    # flash): a Pico playing holds none of it (the simulator's state() loads it)
    import sys

    storage = MemoryStorage()
    sim = new_game("--seed 8", storage)
    sim.run("press " + ROLL)
    sim.run("press " + die_key(2))
    again = Headless(storage)
    tile = [t for t in again.state()["tiles"] if t["game"] == "pistes"][0]
    again.run("press " + tile["cell"])
    again.run("press " + tile["cell"])  # resumed: the save's moves read from their notation
    ctrl = again.board.app.screen
    assert ctrl.state.history == sim.board.app.screen.state.history
    assert pistes.NOTATION_MODULE not in sys.modules
    assert not ctrl.play_move((pistes.JOKER, 0), None, again.board.clock.now)
    assert ctrl.error == "there is no joker to play now"
    assert pistes.NOTATION_MODULE not in sys.modules
    assert again.state()["moves"] == sim.state()["moves"]


def test_every_legal_move_has_a_key_that_plays_it():
    for players, seed in ((1, 4), (3, 5), (6, 6)):
        sim = new_game("--seed %d --players %d" % (seed, players))
        ctrl = sim.board.app.screen
        rng = Rng(seed)
        for _ in range(300):
            s = sim.state()
            if s["status"] != "playing":
                break
            for move in ctrl.state.legal_moves():
                assert ctrl.move_for_cell(ctrl.cell_for_move(move)) == move, (s["legal"], move)
            sim.run("press " + s["keys"][s["legal"][rng.below(len(s["legal"]))]])
            assert sim.state()["error"] is None


def test_the_pawns_a_move_moved_blink_a_moment():
    seed = seed_where(lambda st: 5 not in st.dice and 6 not in st.dice)
    sim = new_game("--seed %d" % seed)
    sim.run("press " + ROLL)
    sim.run("press " + STOP)
    positions = sim.state()["positions"][0]
    t = [i for i in range(4) if positions[i]][0]
    pawn = grid.name(ui.cell_of(t, positions[t]))
    seen = []
    for _ in range(8):
        seen.append(sim.leds()[pawn])
        sim.run("wait %d" % (ui.MOVED_BLINK_MS // 2))
    yellow = [lv for lv in seen if lv[2] == 0]
    white = [lv for lv in seen if lv[0] == lv[1] == lv[2] > 0]
    assert yellow and white  # in turn
    sim.run("wait %d" % ui.MOVED_MS)
    assert sim.leds()[pawn] == yellow[0]  # then still, in its colour


def test_a_players_key_blinks_its_pawns_and_plays_nothing():
    """The cue for five or six colours an eye cannot all tell apart (issue #26): a tap
    on a2..a7 blinks that player's four pawns (in its pens here), nothing is played."""
    from games.pistes import screen as pistes_screen

    sim = Headless()
    sim.run("start pistes --seed 5 --players 6")
    before = sim.state()
    screen = sim.board.app.screen
    pawns = [grid.name(screen.place(t, 4)) for t in range(4)]  # player 5's
    others = [grid.name(screen.place(t, 3)) for t in range(4)]
    sim.run("press a6")
    seen, other_seen = set(), set()
    for _ in range(8):
        sim.run("wait 60")
        lv = sim.leds()
        seen.update(lv[p] for p in pawns)
        other_seen.update(lv[p] for p in others)
    white = tuple(sim.board.pixels._lut[255] for _ in range(3))
    assert white in seen and white not in other_seen
    after = sim.state()
    assert after["moves"] == before["moves"] and after["error"] is None
    assert pistes_screen.Controller.player_colors[5] != pistes_screen.Controller.player_colors[4]


def test_a_kept_still_picture_is_the_picture_drawn_afresh():
    """The controller keeps a still picture and copies it while the state does not move
    (a refused press, an animation's frames): in games of 1 to 6 players and one against
    the board, every frame the app shows is the one drawn with nothing kept."""
    from app.frame import Frame

    for args in ["--players %d --seed %d" % (n, n) for n in range(1, 7)] + ["--players 2 --board 2 --seed 5"]:
        sim = new_game(args)
        app = sim.board.app
        copies = [0]
        for i in range(120):
            ctrl = app.screen
            if ctrl.state.status != pistes.PLAYING:
                break
            legal = [ctrl.keys_for_move(m)[0] for m in ctrl.state.legal_moves()]
            cell = legal[i % len(legal)] if i % 4 else grid.cell(i % 12, (i * 5) % 12)  # and refused presses
            if cell in (grid.MENU, grid.NEW):
                cell = grid.UNDO
            sim.run("press %s" % grid.name(cell))
            for wait in (0, 40, 400):
                sim.run("wait %d" % wait)
                now = app.clock.ticks_ms()
                kept = ctrl.drawn is not None
                shown = Frame()
                ctrl.draw(shown, now)  # (with the kept picture, when there is one)
                ctrl.drawn = None
                fresh = Frame()
                ctrl.draw(fresh, now)
                assert shown.buf == fresh.buf, (args, i, wait)
                copies[0] += kept
        assert copies[0] > 20, args  # (the kept picture was used)


def test_a_roll_a_stop_and_a_die_are_checked_as_the_list_of_legal_moves_says():
    """why_illegal's checks without legal_moves(): the same answer for every roll, stop,
    keep and unkeep (one die or several) in every state of seeded games."""
    masks = range(0, 17)
    for seed in range(40):
        st = pistes.new_state(players=1 + seed % 6, rng=Rng(seed))
        for _ in range(60):
            if st.status != pistes.PLAYING:
                break
            legal = st.legal_moves()
            for move in [pistes.ROLL, pistes.STOP] + [(k, m) for k in (pistes.KEEP, pistes.UNKEEP) for m in masks]:
                expected = move in legal or st.several_dice(move)
                assert (st.why_illegal(move) is None) == expected, (seed, move)
            st.play(legal[(seed + len(st.history)) % len(legal)])
