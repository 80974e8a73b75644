# Every state tells apart at a glance at the default brightness (25 %), on what the
# LEDs get: the refusal flash is no player's colour, Connect Four's refused column
# does not look like its red discs, the cube game's glow does not look like a cube
# and its 7x7 board keeps its edges after the first move.
from app import catalog, colors
from app.setup import controller_class
from sim.headless import Headless


def leds_of(color):
    """What an LED gets for a logical colour at the default brightness."""
    sim = Headless()
    sim.board.pixels.show(bytes((color >> 16, (color >> 8) & 255, color & 255)) * 144)
    return sim.board.levels_rgb(0)


def apart(a, b, margin=24):
    """Two LED colours no one mistakes: a channel differs by `margin` of 64 at least."""
    return max(abs(x - y) for x, y in zip(a, b)) >= margin


def test_the_refusal_flash_is_no_players_colour_in_any_game():
    flash = leds_of(colors.ILLEGAL)
    for game in catalog.game_ids():
        for color in controller_class(game).player_colors[1:]:
            assert apart(flash, leds_of(color)), (game, hex(color))


def test_connect4_refused_column_does_not_look_like_red_discs():
    sim = Headless()
    sim.run("start connect4")
    for col in "1111112":  # column 1 full (yellow, red, ...), red to move... then refused
        sim.run("press %s1" % "cdefghi"[int(col) - 1])
    red_disc = sim.leds()["c8"]
    sim.run("press c1")  # column 1 is full: the column flashes
    assert "full" in sim.state()["error"]
    flashed = sim.leds()["c8"]
    assert red_disc[0] > 0 and red_disc[2] == 0 and apart(flashed, red_disc)


def sample(sim, cells, times=8, step=150):
    """LED levels of `cells` at `times` moments `step` ms apart."""
    out = []
    for _ in range(times):
        sim.run("wait %d" % step)
        leds = sim.leds()
        out.append(tuple(leds[c] for c in cells))
    return out


def cube_key(move):
    return "%s%d" % (chr(ord(move[0]) + 2), int(move[1:]) + 2)


def test_cubes_glow_breathes_and_stays_below_every_cube():
    sim = Headless()
    sim.run("start cubes --seed 1")
    for m in ("d4", "e5", "f6"):  # the mover's cube e5 beside its glow
        sim.run("press " + cube_key(m))
    s = sim.state()
    glow_cell = cube_key(s["legal"][0])
    frames = sample(sim, [glow_cell, cube_key("e5"), cube_key("f6"), cube_key("d4")])
    glows = set(f[0] for f in frames)
    assert len(glows) > 1  # the glow moves ...
    assert all(len(set(f[k] for f in frames)) == 1 for k in (1, 2, 3))  # ... the cubes do not
    movers_cube = frames[0][1]  # e5: the mover's newest cube, the glow's colour
    for glow in glows:  # at its brightest the glow is still far below it
        assert 2 * max(glow) <= max(movers_cube) and max(glow) > 0
        assert [x > 0 for x in glow[:2]] == [x > 0 for x in movers_cube[:2]]  # same hue
    last, older = frames[0][2], frames[0][3]  # f6, the last cube, brighter than d4
    assert apart(last, older) and max(older) >= 2 * max(max(g) for g in glows)


def test_cubes_board_edges_stay_visible_after_the_first_move():
    sim = Headless()
    sim.run("start cubes --seed 1")
    sim.run("press " + cube_key("a1"))  # a corner: most of the board no longer glows
    leds = sim.leds()
    board = [cube_key("%s%d" % (c, r)) for c in "abcdefg" for r in range(1, 8)]
    assert all(max(leds[k]) > 0 for k in board)  # every 7x7 cell is lit
    outside = ["%s%d" % (c, r) for c in "bcdefghijk" for r in range(2, 12)
               if ("%s%d" % (c, r)) not in board]
    assert outside and all(leds[k] == (0, 0, 0) for k in outside)
    empty = leds[cube_key("g7")]
    assert len(set(empty)) == 1  # empty cells are white, the glow is the mover's colour


def test_a_hold_of_the_new_game_key_clears_its_hold_hint():
    sim = Headless()
    sim.run("start connect4")
    sim.run("press f1")
    sim.run("press l12")  # a short press: "hold this key to use it"
    assert "hold" in sim.state()["error"]
    sim.run("hold l12 800")  # done as told: the hint goes with the old game
    s = sim.state()
    assert s["error"] is None and s["moves"] == []
    assert sim.leds()["l12"] != leds_of(colors.WHITE)  # no flash left either


def test_the_refusal_flash_flickers_a_cue_that_needs_no_colour():
    """Issue #26: magenta is 4.9 dE from blue for a protanope (host_tools/colour_check.py):
    the flash flickers (lit, dark, lit, dark, 100 ms each), which no piece does."""
    sim = Headless()
    sim.run("start connect4")
    for col in "111111":
        sim.run("press c1")
    sim.run("press c1")  # the column is full: refused
    assert "full" in sim.state()["error"]
    flash = leds_of(colors.ILLEGAL)
    seen = []
    for _ in range(9):
        seen.append(sim.leds()["c8"] == flash)
        sim.run("wait 50")
    assert seen == [True, True, False, False, True, True, False, False, False], seen
    menu = Headless()
    menu.run("press a12")  # a key the menu does not use: refused
    lit = menu.leds()["a12"] == flash
    menu.run("wait 150")
    assert lit and menu.leds()["a12"] != flash
