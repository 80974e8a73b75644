# Foursquare on the board, through the headless simulator, as a player would press.
from games.foursquare import screen as board
from app import colors, grid, saves
from app.frame import Frame
from games.foursquare import rules as foursquare
from games.foursquare import hint as foursquare_hint
from games.rng import Rng
from sim.drivers import MemoryStorage
from sim.headless import Headless

# Seed 0 as the hint plays it: a win with 5 cards left (tests/firmware/test_foursquare.py).
WIN_SEED = 0
WIN_MOVES = ("d4 d3 d2 c2 d1 e4 c1 d3 d3 d3 c1 b1 e4 b2 d4 d1 d1 e3 b1 b2 e1 c4 e1 e3 e1 b4 b1 "
             "b2 c1 b3 d2 c2 c3 e2 c3").split()


def key(move):
    """The board key of a window cell: the 7x7 window sits at c3..i9."""
    return "%s%d" % (chr(ord(move[0]) + 2), int(move[1:]) + 2)


def level(sim, frame_color):
    """What an LED gets for a logical colour, at the simulator's brightness."""
    lut = sim.board.pixels._lut
    return tuple(lut[v] for v in ((frame_color >> 16) & 255, (frame_color >> 8) & 255, frame_color & 255))


def new_game(seed=WIN_SEED, storage=None):
    sim = Headless(storage)
    sim.run("start foursquare --seed %d" % seed)
    return sim


def hint_move(moves):
    """The move the hint names after WIN_MOVES' `moves` (games.foursquare.hint)."""
    state = foursquare.new_state(rng=Rng(WIN_SEED))
    for m in moves:
        state.play_text(m)
    return state.format_move(foursquare_hint.best_move(state))


def play(sim, moves):
    for m in moves:
        sim.run("press " + key(m))
    sim.run("wait 1000")  # the flips' animation is over


def test_the_menu_has_a_foursquare_tile_that_starts_a_deal():
    sim = Headless()
    tiles = sim.state()["tiles"]
    assert tiles[4]["game"] == "foursquare"
    sim.run("press " + tiles[4]["cell"])  # its setup screen, then the deal
    sim.run("press " + tiles[4]["cell"])
    s = sim.state()
    assert (s["screen"], s["game"], s["status"], s["players"]) == ("game", "foursquare", "playing", 1)
    assert s["legal"] == ["d4"] and s["keys"] == {"d4": "f6"}
    assert s["stock"] == 39 and 1 <= s["card"] <= 10 and s["piles"] == [" ".join([".."] * 7)] * 7


def test_piles_show_rank_face_and_height_and_legal_cells_glow():
    sim = new_game()
    deck = foursquare.new_state(rng=Rng(WIN_SEED)).deck
    play(sim, ["d4"])
    lv = sim.leds()
    assert lv[key("d4")] == level(sim, board.pile_color(deck[0], 1, 1))
    for m in ("d3", "c4", "e4", "d5"):  # where the next card may go
        assert lv[key(m)] == level(sim, board.GLOW), m
    assert lv[key("c3")] == (0, 0, 0) and lv[key("a1")] == (0, 0, 0)
    # every rank its own colour, a face-down card the card back, taller piles brighter
    colours = set(board.RANK_COLORS[1:]) | {board.CARD_BACK}
    assert len(colours) == 11
    for rank in range(1, 11):
        got = [sum(level(sim, board.pile_color(rank, 1, h))) for h in range(1, 5)]
        assert got == sorted(got) and len(set(got)) == 4, rank
    s = sim.state()
    # the drawn card: its legend key at full, the bar as long as its rank, the stock on the ring
    card = s["card"]
    assert lv["%s2" % "bcdefghijk"[card - 1]] == level(sim, board.RANK_COLORS[card])
    bar = [c for c in "bcdefghijk" if lv[c + "11"] != (0, 0, 0)]
    assert len(bar) == card and bar[0] == "b"
    ring = [board.RING[i] for i in range(40) if sum(sim.board.levels_rgb(board.RING[i])) > 0]
    assert len(ring) == s["stock"] == 38


def test_flips_are_animated_row_first_then_column():
    # seed 0: after d4 d3 d2 c2 d1 e4, the card on c1 turns d1 (its row) and c2 (its column)
    sim = new_game()
    play(sim, WIN_MOVES[:6])
    before = sim.state()["piles"]
    sim.run("press " + key("c1"))
    assert sim.state()["moves"][-1] == "c1"
    st = sim.board.app.screen.state
    row = [st.format_move(c) for c in st.row_flips]
    col = [st.format_move(c) for c in st.col_flips]
    assert row and col, (row, col)
    seen = []  # (row cells, column cells) every 90 ms from the press
    for _ in range(12):
        lv = sim.leds()
        seen.append((tuple(lv[key(m)] for m in row), tuple(lv[key(m)] for m in col)))
        sim.run("wait 90")
    white = level(sim, colors.WHITE)
    row_flash = [i for i, (r, _) in enumerate(seen) if all(x == white for x in r)]
    col_flash = [i for i, (_, c) in enumerate(seen) if all(x == white for x in c)]
    assert row_flash and col_flash and max(row_flash) < min(col_flash)
    assert seen[0] != seen[-1] and seen[0][0] != seen[-1][0] and seen[0][1] != seen[-1][1]
    assert sim.state()["piles"] != before


def test_a_hint_pressed_before_its_look_ahead_is_done_shows_the_same_cell():
    sim = new_game()
    play(sim, WIN_MOVES[:6])
    want = key(hint_move(WIN_MOVES[:6]))
    screen = sim.board.app.screen
    screen.hint_ahead = None  # as if the last move had just been played: the search begins
    ahead = screen.hint_search()
    next(ahead[2])  # a slice cut short by a press
    assert screen.hint_found() is None
    sim.run("press a12")
    assert sim.state()["hint"] == want and screen.hint_ahead[2] is None


def test_the_hint_ahead_follows_the_state():
    sim = new_game()
    play(sim, WIN_MOVES[:4])
    screen = sim.board.app.screen
    first = screen.hint_found()
    assert first is not None
    play(sim, WIN_MOVES[4:5])
    assert screen.hint_found() == grid.parse(key(hint_move(WIN_MOVES[:5])))
    sim.run("hold l12 800")  # a new deal: the hint of its first card, which goes on the centre
    assert sim.state()["moves"] == [] and screen.hint_found() == grid.parse(key("d4"))


def test_undo_is_refused_with_the_reason():
    sim = new_game()
    play(sim, WIN_MOVES[:3])
    before = sim.state()
    sim.run("press l1")
    s = sim.state()
    assert s["error"].startswith("no undo in Foursquare") and s["moves"] == before["moves"]
    assert sim.board.sound.played[-1] == "illegal"
    assert sim.leds()["l1"][0] > 0  # flashes red


def test_the_hint_blinks_the_cell_the_policy_chooses():
    sim = new_game()
    play(sim, WIN_MOVES[:10])
    want = hint_move(WIN_MOVES[:10])
    screen = sim.board.app.screen
    assert screen.hint_found() == grid.parse(key(want))  # worked out ahead, while the board waited
    sim.run("press a12")
    assert sim.state()["hint"] == key(want)
    assert not screen.hint_wanted  # shown by the press itself: no look-ahead after it
    seen = set()
    for _ in range(6):
        seen.add(sim.leds()[key(want)])
        sim.run("wait 150")
    assert level(sim, colors.WHITE) in seen and len(seen) == 2
    sim.run("press " + key(want))
    assert sim.state()["moves"][-1] == want and sim.state()["hint"] is None


def test_a_win_shows_the_score_and_the_stats_last_across_power_cycles():
    storage = MemoryStorage()
    sim = new_game(storage=storage)
    play(sim, WIN_MOVES)
    s = sim.state()
    assert (s["status"], s["score"], s["stats"]) == ("won", 5, {"played": 1, "won": 1, "best": 5})
    green = level(sim, colors.GREEN)
    ring = [c for c in board.RING if sim.board.levels_rgb(c) == green]
    assert len(ring) == 5  # the score on the ring
    sim.run("wait 3000")  # after a look at the piles: the score in digits, green
    frame = Frame()
    board.draw_number(frame, 5, colors.GREEN)
    lv = sim.leds()
    lit = set(grid.name(c) for c in range(144) if frame.get(c))
    assert lit and all(lv[n] == green for n in lit)
    # a power cycle: the stats are read back
    again = Headless(storage)
    again.run("start foursquare --seed 3")
    assert again.state()["stats"] == {"played": 1, "won": 1, "best": 5}


def test_a_damaged_stats_file_means_no_stats_never_a_crash():
    for text in ("{", "[]", '{"played": -1, "won": 0}', '{"played": 1, "won": 2, "best": 3}', "x" * 9000):
        storage = MemoryStorage()
        storage.write("stats_foursquare.json", text)
        sim = new_game(storage=storage)
        assert sim.state()["stats"] == {"played": 0, "won": 0, "best": None}, text


def test_a_loss_blinks_the_face_down_cards_and_a_new_game_deals_afresh():
    sim = new_game()
    state = foursquare.new_state(rng=Rng(WIN_SEED))
    while state.status == "playing":  # the worst cell each time: a quick loss
        move = max(state.legal_moves(), key=lambda m: (len(foursquare.flips(state.top, state.up, state.height, m, state.card())[0]), m))
        state.play(move)
        sim.run("press " + key(state.format_move(move)))
    s = sim.state()
    assert s["status"] == "lost" and s["down"] == 5 and s["stats"]["played"] == 1
    down = [foursquare.cell_name(c % 7, c // 7) for c in range(49) if state.height[c] and not state.up[c]]
    seen = set()
    for _ in range(6):
        sim.run("wait 150")
        seen.add(sim.leds()[key(down[0])])
    assert (0, 0, 0) in seen and len(seen) == 2
    old_seed = sim.board.app.screen.setup["seed"]
    sim.run("hold l12 800")
    s = sim.state()
    assert s["status"] == "playing" and s["moves"] == [] and s["stock"] == 39
    assert sim.board.app.screen.setup["seed"] != old_seed
    assert s["stats"] == {"played": 1, "won": 0, "best": None}


def test_giving_up_a_game_counts_it_as_played():
    sim = new_game()
    play(sim, WIN_MOVES[:4])
    sim.run("hold l12 800")
    assert sim.state()["stats"]["played"] == 1 and sim.state()["moves"] == []


def test_legend_and_bar_taps_tell_ranks():
    sim = new_game()
    play(sim, WIN_MOVES[:6])
    s = sim.state()
    rank = int(s["piles"][3].split()[3][:-2])  # d4's top card, face up
    assert s["piles"][3].split()[3][-2] == "u"
    sim.run("press %s2" % "bcdefghijk"[rank - 1])
    seen = set()
    for _ in range(6):
        seen.add(sim.leds()[key("d4")])
        sim.run("wait 150")
    assert level(sim, colors.WHITE) in seen and s["moves"] == sim.state()["moves"]
    sim.run("wait 2000")
    sim.run("press b11")  # the bar: every pile's rank as pips (tests: test_pips_view_*)
    assert sim.state()["error"] is None and sim.state()["moves"] == s["moves"]


def pips_seen(sim):
    """{(block row, block col): (set of lit cells 0..8 of its 3x3 block, colours)} of the
    pips view on the LEDs."""
    lv = sim.leds()
    out = {}
    for br in range(4):
        for bc in range(4):
            lit = set()
            shades = set()
            for k in range(9):
                rgb = lv[grid.name(grid.cell(3 * br + k // 3, 3 * bc + k % 3))]
                if rgb != (0, 0, 0):
                    lit.add(k)
                    shades.add(rgb)
            out[(br, bc)] = (lit, shades)
    return out


def test_pips_view_tells_every_rank_without_colour():
    """The cue for an eye that cannot read the rank ramp: ten pip patterns, told apart by
    the lit cells alone; 1..9 are as many pips as the rank, 10 the 9 with a white centre;
    a face-down pile a cross that no rank has."""
    patterns = [frozenset(k for k in range(9) if board.PIPS[r] >> k & 1) for r in range(1, 11)]
    assert [len(p) for p in patterns[:9]] == list(range(1, 10)) and patterns[9] == patterns[8]
    down = frozenset(k for k in range(9) if board.PIPS_DOWN >> k & 1)
    assert len(set(patterns[:9] + [down])) == 10
    sim = new_game()
    play(sim, WIN_MOVES[:9])
    s = sim.state()
    sim.run("press b11")
    seen = pips_seen(sim)
    piles = {}
    for r, line in enumerate(s["piles"]):
        for c, pile in enumerate(line.split()):
            if pile != "..":
                piles[(r, c)] = pile
    top = min(min(r for r, _ in piles), 3)
    left = min(min(c for _, c in piles), 3)
    assert any(p[-2] == "d" for p in piles.values()) and any(p.startswith("10") for p in piles.values())
    for (r, c), pile in piles.items():
        lit, shades = seen[(r - top, c - left)]
        rank, face = int(pile[:-2]), pile[-2]  # "10u1": rank, face, height
        if face == "u":
            assert lit == patterns[rank - 1], (pile, lit)
            white = level(sim, colors.WHITE)
            assert (white in shades) == (rank == 10)
        else:
            assert lit == down
    empty = set(seen) - set((r - top, c - left) for r, c in piles)
    assert all(not seen[b][0] for b in empty)
    sim.run("wait 2000")  # for a moment: then the piles again
    assert sim.leds()[key("d4")] != (0, 0, 0)


def test_refused_presses_say_why():
    sim = new_game()
    sim.run("press " + key("c4"))
    assert sim.state()["error"] == "the first card goes on the centre, d4"
    play(sim, ["d4"])
    sim.run("press " + key("f6"))
    assert sim.state()["error"] == "f6 is not next to a pile"
    sim.run("press b10")
    assert "plays no move" in sim.state()["error"]


def test_a_new_deal_while_a_peek_shows_forgets_the_peek():
    # found by the fuzz: a peek's deadline outliving the deal it was asked in crashed draw()
    sim = new_game()
    sim.run("press b11")  # the drawn card as a digit, for a while
    sim.run("hold l12 800")  # a new deal meanwhile
    sim.run("wait 100")
    s = sim.state()
    assert s["screen"] == "game" and s["status"] == "playing" and s["moves"] == []
    sim.leds()  # draws without a crash


def test_a_hint_press_before_its_look_ahead_lights_before_the_rest_is_worked_out():
    # The look-ahead is worked out ahead (ahead()); pressed before it is done, the rest
    # (up to ~0.2 s on a Pico) comes after the press's frame (issue #12's press to light).
    sim = new_game()
    play(sim, WIN_MOVES[:10])
    app = sim.board.app
    app.screen.hint_ahead = None  # as if the last move had just been played
    rendered = []
    render = app.render
    app.render = lambda now: (rendered.append(app.screen.hint_cell), render(now))
    app.key(grid.HINT, True, sim.board.clock.now)
    app.key(grid.HINT, False, sim.board.clock.now)
    app.step()
    assert rendered and rendered[0] is None  # lit (the hint key's answer) with no hint yet
    assert app.screen.hint_cell is not None  # then found in the same step, after the light
    app.step()
    assert rendered[-1] == app.screen.hint_cell  # and shown


def test_the_winning_press_lights_before_the_stats_file_is_written():
    # a flash write takes tens of ms on a Pico: the stats are written with the save,
    # after the LEDs answered the press (the scenario: seed 0 played to a win)
    import os

    path = os.path.join(os.path.dirname(__file__), "..", "scenarios", "foursquare.txt")
    with open(path) as f:
        lines = [line for line in f.read().splitlines() if line.strip() and not line.startswith("#")]
    sim = Headless()
    board = sim.board
    win = max(i for i, line in enumerate(lines) if line == "press e5")
    for line in lines[:win]:
        sim.run(line)
    events = []
    write, show = board.storage.write, board.pixels.show
    board.storage.write = lambda name, text: events.append(("write", name)) or write(name, text)
    board.pixels.show = lambda buf: events.append(("show", None)) or show(buf)
    sim.run(lines[win])
    assert sim.state()["status"] == "won" and sim.state()["stats"]["won"] == 1
    stats = events.index(("write", "stats_foursquare.json"))
    assert ("show", None) in events[:stats]
    assert '"won": 1' in board.storage.read("stats_foursquare.json")


def test_the_boards_paint_indices_follow_its_tables():
    # the one paint's indices are written as numbers (MicroPython folds them): they must
    # say where each part of BOARD_CELLS starts and which colour of BOARD_COLORS is which
    assert board._RING_AT == foursquare.CELLS
    assert board._METER_AT == board._RING_AT + len([c for c in grid.ring_cells() if c not in grid.CORNERS])
    assert board._LEGEND_AT == board._METER_AT + board._METER
    assert board._BAR_AT == board._LEGEND_AT + foursquare.RANKS
    assert len(board.BOARD_CELLS) == board._BAR_AT + foursquare.RANKS
    assert board._METER == foursquare.MAX_DOWN + 1
    assert board.BOARD_COLORS[board._GLOW_LOOK] == board.GLOW and board._GLOW_LOOK + 1 == board._STOCK
    assert list(board.BOARD_COLORS[board._STOCK:board._METER_EMPTY + 1]) == [
        board.STOCK_COLOR, board.FIFTH_STOCK, colors.GREEN, colors.RED, board.METER_COLOR, board.METER_EMPTY]
    assert board._LEGEND == board._METER_EMPTY  # (+ rank 1..10: the legend's dim ranks)
    assert list(board.BOARD_COLORS[board._RANK + 1:board._RANK + 1 + foursquare.RANKS]) == list(board.RANK_COLORS[1:])
    assert board._OFF == len(board.BOARD_COLORS) - 1 and board.BOARD_COLORS[board._OFF] == colors.OFF
    # ... and where each run of looks starts in the tape the rows' looks are copied from
    assert board._DARK_TAPE == board._RING == board._METER_AT - board._RING_AT
    assert board._METER_TAPE == board._DARK_TAPE + foursquare.CELLS
    assert board._LEGEND_TAPE == board._METER_TAPE + 2 * board._METER
    assert len(board._TAPE) == board._LEGEND_TAPE + foursquare.RANKS
