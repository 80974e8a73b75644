# The colours that carry meaning, as the LEDs show them at the default brightness, for
# normal vision and the three dichromacies (host_tools/colour_check.py, issue #26).


from host_tools import colour_check  # noqa: E402

from app import colors  # noqa: E402


def test_every_screen_reaches_its_targets():
    rows = colour_check.measure()
    missed = ["%s %.1f < %d (%06x vs %06x)" % (n, d, goal, pair[0], pair[1])
              for n, d, pair, goal in rows if goal is not None and d < goal]
    assert not missed, missed
    names = set(n for n, _, _, _ in rows)
    for game, players in (("connect4", 2), ("squeeze", 2), ("squeeze", 4), ("squeeze_cards", 4), ("cubes", 2),
                          ("foursquare", 1)) + tuple(("pistes", n) for n in range(2, 7)):
        for vision in colour_check.VISIONS:
            kind = "ranks" if game == "foursquare" else "players"
            assert "colours_%s_%dp_%s_%s" % (game, players, kind, vision) in names


def test_below_the_target_only_where_a_second_cue_tells_the_seats_apart():
    """Five or six players of 4 pistes and Foursquare's ranks cannot all be 20 apart for
    every eye: each has its cue that needs no colour (tests: test_sim_pistes,
    test_sim_foursquare), and the rules page says how."""
    low = set((n.split("_")[1], int(n.split("_")[2][0])) for n, d, _, _ in colour_check.measure()
              if d < colour_check.PLAYERS_TARGET and n.split("_")[3] in ("players", "ranks"))
    assert low and low <= set(colour_check.SECOND_CUES)
    for game in set(g for g, _ in colour_check.SECOND_CUES):
        page = open("docs/rules/%s.md" % game).read()
        assert "colour-blind" in page or "cannot tell" in page, game


def test_the_check_can_fail():
    """A palette with two players alike is caught, for the eye that confuses them."""
    d, _ = colour_check.smallest([(colors.BLUE, colors.PURPLE)], "protanopia")
    assert d < colour_check.PLAYERS_TARGET
    d, _ = colour_check.smallest([(colors.BLUE, colors.PURPLE)], "normal")
    assert d > colour_check.PLAYERS_TARGET
    assert colour_check.smallest([(colors.RED, colors.RED)], "normal")[0] == 0


def test_the_cubes_glow_stands_out_from_an_empty_cell_for_every_eye():
    """Issue #26: the green glow at 2/16 was 2.3 from an empty cell for a protanope (the
    LEDs' levels at 25 % differ in red only); now each level of the breath is checked."""
    from games.cubes import screen as cubes_screen

    old = (colors.scale(colors.GREEN, 2, 16), cubes_screen.EMPTY)
    assert colour_check.smallest([old], "protanopia")[0] < colour_check.GLOW_TARGET  # the check sees it
    assert colour_check.target("cubes", 2, "glow") == colour_check.GLOW_TARGET
    pairs = [(colors.scale(c, level, 16), cubes_screen.EMPTY) for c in cubes_screen.Controller.player_colors[1:3]
             for level in cubes_screen.GLOW_LEVELS]
    for vision in colour_check.VISIONS:
        assert colour_check.smallest(pairs, vision)[0] >= colour_check.GLOW_TARGET, vision


def test_led_levels_go_through_the_firmware_gamma():
    from drivers.pixels import gamma_table

    lut = gamma_table(25)
    assert colour_check.led_rgb(colors.WHITE) == (1.0, 1.0, 1.0)
    assert colour_check.led_rgb(0x800000)[0] == lut[0x80] / lut[255]
    assert colour_check.led_rgb(0x010101) == (lut[1] / lut[255],) * 3  # a faint tint stays lit


def test_bench_prints_a_line_for_every_measure(capsys):
    colour_check.main([])
    out = capsys.readouterr().out
    assert out.count("BENCH colours_") == len(colour_check.measure()) and "MISSED" not in out


def test_a_missed_colour_target_is_reported_and_fails_only_when_strict(monkeypatch, capsys):
    monkeypatch.setattr(colour_check, "measure", lambda brightness=None: [("colours_x", 4.0, (1, 2), 10)])
    assert colour_check.main([]) == 0  # `make bench` goes on to its other figures
    out = capsys.readouterr().out
    assert "TARGET colours_x" in out and out.rstrip().endswith("MISSED: colours_x")
    assert colour_check.main(["--strict"]) == 1
