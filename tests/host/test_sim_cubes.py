# The cube game on the board, through the headless simulator, as players would press.

from sim.headless import Headless

MOVES = [c + str(r) for r in range(1, 8) for c in "abcdefg"]
EXAMPLE_WIN = ("e6 f6 f7 e7 d6 c6 d7 c7 b6 b5 a4 b4 c4 c3 b3 a2 b1 a1 b2 c2 d2 d1 e1 f1 "
               "g1 f2 g3 g4 f4 f3 e2 d3 e3 d4 c5 d5 e5").split()  # shared/examples/cubes.txt
EARLY_DRAW = ("b6 c6 b5 b4 c4 d5 d6 c7 b7 a7 a6 a5 a4 b3 b2 a3 a2 a1 b1 c2 d2 e1 d1 e2 e3 "
              "f3 g3 f4 f5 e5 e4 d4 c3 d3 f6 e6 d7 e7 f7 g6 g5 g4 f2").split()  # 6 cells left


def key(move):
    """The board key of a cube cell: the 7x7 grid sits at c3..i9."""
    return "%s%d" % (chr(ord(move[0]) + 2), int(move[1:]) + 2)




def is_refusal(rgb):
    """The refusal flash: magenta (no player's colour)."""
    return rgb[0] == rgb[2] > 0 and rgb[1] == 0


def new_game():
    sim = Headless()
    sim.run("press k12")  # full brightness: the dim tints are far apart
    sim.run("start cubes")
    return sim


def play(sim, moves):
    for m in moves:
        sim.run("press " + key(m))


def glowing(sim):
    """The cube cells whose LEDs glow like the allowed cells: one level below a cube."""
    s = sim.state()
    lv = sim.leds()
    glow = lv[key(s["legal"][0])]
    return set(m for m in MOVES if lv[key(m)] == glow)


def test_the_menu_has_a_cubes_tile_that_starts_it():
    sim = Headless()
    tiles = [t for t in sim.state()["tiles"] if t["game"] == "cubes"]
    assert len(tiles) == 1
    sim.run("press " + tiles[0]["cell"])  # the tile's setup screen
    sim.run("press " + tiles[0]["cell"])
    s = sim.state()
    assert (s["screen"], s["game"], s["status"], s["to_move"]) == ("game", "cubes", "playing", 1)
    assert s["legal"] == MOVES and s["keys"] == dict((m, key(m)) for m in MOVES)
    assert (s["last"], s["cubes_left"], s["open_lines"]) == (None, [24, 24], 88)


def test_allowed_cells_glow_softly_in_the_movers_colour():
    sim = new_game()
    assert glowing(sim) == set(MOVES)  # the first cube goes anywhere
    play(sim, ["d4"])
    s = sim.state()
    assert s["legal"] == ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]
    assert glowing(sim) == set(s["legal"])
    lv = sim.leds()
    cube1, glow2, empty = lv[key("d4")], lv[key("c3")], lv[key("a1")]
    assert sum(glow2) < sum(cube1) and sum(empty) > 0  # an empty cell: white, a glow: coloured
    assert len(set(empty)) == 1 and len(set(glow2)) > 1
    assert glow2 != empty and lv[key("g7")] == empty
    # player 2's glow is in player 2's colour: not a dimmer copy of player 1's
    play(sim, ["e5"])
    glow1 = sim.leds()[key("d5")]
    assert glowing(sim) == set(sim.state()["legal"])
    assert (glow1[1] > glow1[0]) != (glow2[1] > glow2[0])
    # the ring says whose turn it is
    assert sim.leds()["a5"] != lv["a5"]


def test_the_last_cube_is_brighter_than_the_others():
    sim = new_game()
    play(sim, ["d4", "e5", "f6"])
    lv = sim.leds()
    assert sum(lv[key("f6")]) > sum(lv[key("d4")]) > 0  # player 1's cubes, f6 the last
    play(sim, ["e6"])
    lv = sim.leds()
    assert sum(lv[key("e6")]) > sum(lv[key("e5")]) > 0  # now e6 is marked
    assert lv[key("f6")] == lv[key("d4")]


def test_illegal_press_flashes_beeps_and_changes_nothing():
    sim = new_game()
    play(sim, ["d4"])
    before = sim.state()
    sounds = len(sim.board.sound.played)
    sim.run("press " + key("a1"))  # does not touch d4
    after = sim.state()
    assert after["error"] == "a1 must touch the last cube (d4)"
    assert (after["moves"], after["to_move"], after["legal"]) == (before["moves"], 2, before["legal"])
    assert sim.board.sound.played[sounds:] == ["illegal"]
    assert is_refusal(sim.leds()[key("a1")])
    sim.run("press " + key("d4"))  # an occupied cell
    assert sim.state()["error"] == "d4 already holds a cube"
    sim.run("press b2")  # off the 7x7 grid
    assert "plays no move" in sim.state()["error"] and is_refusal(sim.leds()["b2"])
    sim.run("wait 500")
    lv = sim.leds()
    assert not is_refusal(lv[key("a1")]) and not is_refusal(lv["b2"])
    assert sim.state()["moves"] == ["d4"] and glowing(sim) == set(before["legal"])


def test_the_worked_example_to_a_win_and_the_four_blinks():
    sim = new_game()
    play(sim, EXAMPLE_WIN)
    s = sim.state()
    assert (s["status"], s["winner"], s["legal"]) == ("won", 1, [])
    four = [key(m) for m in ("d6", "e5", "f4", "g3")]
    seen = dict((k, set()) for k in four + [key("a1"), key("b6")])
    for _ in range(8):
        sim.run("wait 150")
        lv = sim.leds()
        for k in seen:
            seen[k].add(lv[k])
    for k in four:  # on and off
        assert len(seen[k]) == 2 and (0, 0, 0) in seen[k], k
    assert len(seen[key("a1")]) == 1 and len(seen[key("b6")]) == 1  # the rest stays
    sim.run("press " + key("g2"))
    assert "new-game" in sim.state()["error"]


def test_the_early_draw_is_shown_at_once():
    sim = new_game()
    play(sim, EARLY_DRAW[:-1])
    assert sim.state()["status"] == "playing" and sim.state()["open_lines"] > 0
    play(sim, EARLY_DRAW[-1:])
    s = sim.state()
    assert (s["status"], s["winner"], s["open_lines"]) == ("draw", None, 0)
    assert s["draw_reason"] == "no line left open" and len(s["moves"]) == 43
    assert sim.board.sound.played[-1] == "draw"
    empty = [m for m in MOVES if m not in s["moves"]]
    assert len(empty) == 6
    seen = dict((key(m), set()) for m in empty + ["d4"])
    ring = set()
    for _ in range(8):
        sim.run("wait 150")
        lv = sim.leds()
        for k in seen:
            seen[k].add(lv[k])
        ring |= set(lv[c] for c in ("b1", "c1", "d1", "e1"))
    for m in empty:  # the dead cells blink
        assert len(seen[key(m)]) == 2 and (0, 0, 0) in seen[key(m)], m
    assert len(seen[key("d4")]) == 1  # cubes stay
    assert len(ring) == 2  # both colours around the ring
    sim.run("press l1")  # undo reopens the game
    assert sim.state()["status"] == "playing" and glowing(sim) == set(sim.state()["legal"])


def test_the_starter_is_picked_at_random_then_alternates():
    purple, green = "a000ff", "00d040"
    firsts = set()
    for seed in range(8):
        sim = Headless()
        sim.run("start cubes --seed %d" % seed)
        firsts.add(tuple(sim.state()["colors"]))
    assert firsts == {(purple, green), (green, purple)}  # both colours get to start
    sim = Headless()
    sim.run("start cubes --seed 0")
    first = sim.state()["colors"]
    play(sim, EXAMPLE_WIN)
    assert sim.state()["status"] == "won"
    sim.run("hold l12 800")
    assert sim.state()["colors"] == first[::-1] and sim.state()["moves"] == []
    sim.run("wait 500")
    glow = [sim.leds()[key(m)] for m in glowing(sim)]
    assert len(glow) == 49  # the first cube goes anywhere, in the new player 1's colour
    assert all(rgb[1] > rgb[0] for rgb in glow) == (first[0] == purple)  # green glows
