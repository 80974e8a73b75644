"""How far apart the colours that carry meaning look, as the LEDs show them.
For every game and player count, the smallest CAM02-UCS difference between two colours
that must be told apart (players, glow, refusal, Foursquare's ranks), for normal vision
and the three dichromacies (README, "Colours for every eye"). Host only (colorspacious,
numpy).

    python -m host_tools.colour_check [--brightness PERCENT] [--strict]

prints `BENCH colours_<game>_<kind>_<vision> <difference> dE` lines, a TARGET line for each
kind that has a target and a summary; it exits 1 on a miss only with --strict.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import numpy
from colorspacious import cspace_convert

from host_tools import targets

from app import colors
from app.saves import DEFAULT_SETTINGS
from drivers.pixels import gamma_table

VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
_CVD = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
PLAYERS_TARGET = 20  # between the colours of any two players of a game (issue #26)
# Below PLAYERS_TARGET a second cue that needs no colour tells the colours apart (the
# rules page says how): (game, players) -> the cue, checked by its own test.
SECOND_CUES = {
    ("pistes", 5): "tap a player's key a2..a7: its pawns blink; the pens hold one place a player",
    ("pistes", 6): "tap a player's key a2..a7: its pawns blink; the pens hold one place a player",
    ("foursquare", 1): "tap the bar: the piles show their ranks as pips",
}
# A legal cell's glow against an empty one, for every eye: a dim tint against a dimmer one
# (below a placed piece's level: tests/host/test_glance.py), so less than between players.
GLOW_TARGET = 10


def led_rgb(color, brightness=None):
    """The linear-light RGB (0..1) an LED shows for the logical 0xRRGGBB `color`."""
    lut = gamma_table(DEFAULT_SETTINGS["brightness"] if brightness is None else brightness)
    peak = lut[255]
    return tuple(lut[(color >> s) & 255] / peak for s in (16, 8, 0))


def ucs(colours, vision, brightness=None):
    """CAM02-UCS coordinates (n x 3) of the logical colours as `vision` sees them."""
    linear = numpy.array([led_rgb(c, brightness) for c in colours])
    srgb = numpy.clip(cspace_convert(linear, "sRGB1-linear", "sRGB1"), 0, 1)
    if vision != "normal":
        cvd = {"name": "sRGB1+CVD", "cvd_type": _CVD[vision], "severity": 100}
        srgb = numpy.clip(cspace_convert(srgb, cvd, "sRGB1"), 0, 1)
    return cspace_convert(srgb, "sRGB1", "CAM02-UCS")


def smallest(pairs, vision, brightness=None):
    """(difference, (colour a, colour b)) of the closest pair of `pairs`."""
    flat = [c for pair in pairs for c in pair]
    points = ucs(flat, vision, brightness)
    best = None
    for i in range(len(pairs)):
        d = float(numpy.linalg.norm(points[2 * i] - points[2 * i + 1]))
        if best is None or d < best[0]:
            best = (d, pairs[i])
    return best


def all_pairs(colours):
    colours = list(colours)
    return [(colours[i], colours[j]) for i in range(len(colours)) for j in range(i + 1, len(colours))]


def screens():
    """(game, players, kind, pairs) of every screen's meaningful colours, read from the
    firmware's own modules (so a palette change is seen here)."""
    from games.connect4 import screen as connect4_screen
    from games.cubes import screen as cubes_screen
    from games.foursquare import screen as foursquare_screen
    from games.pistes import screen as pistes_screen
    from games.squeeze import screen as squeeze_screen
    from games.squeeze import cards_screen
    out = []

    def game(name, players, ctrl_colours, glows):
        out.append((name, players, "players", all_pairs(ctrl_colours)))
        out.append((name, players, "glow", glows))
        out.append((name, players, "refusal", [(colors.ILLEGAL, c) for c in ctrl_colours]))

    c4 = connect4_screen.Controller.player_colors[1:3]
    # Connect Four: the drop keys on the ring are lit in the mover's colour over a dark ring
    game("connect4", 2, c4, [(c, colors.OFF) for c in c4] + [(c, connect4_screen.EMPTY[0]) for c in c4])  # (its holes: one colour)
    sq = squeeze_screen.Controller.player_colors[1:3]
    for n in (2, 4):  # 4 players: two teams of the two colours (the seat: its side of the ring)
        game("squeeze", n, sq, [(c, colors.OFF) for c in sq])
        cards = cards_screen.KIND_COLORS
        game("squeeze_cards", n, sq, [(c, colors.OFF) for c in sq])
        out.append(("squeeze_cards", n, "kinds", all_pairs(cards)))
    cu = cubes_screen.Controller.player_colors[1:3]
    glows = [(colors.scale(c, level, 16), cubes_screen.EMPTY) for c in cu for level in cubes_screen.GLOW_LEVELS]
    game("cubes", 2, cu, glows)
    for n in range(1, 7):
        pc = pistes_screen.Controller.player_colors[1:n + 1]
        game("pistes", n, pc, [(colors.scale(c, 1, 3), pistes_screen.EMPTY) for c in pc])
    ranks = foursquare_screen.RANK_COLORS[1:]
    out.append(("foursquare", 1, "glow", [(foursquare_screen.GLOW, colors.OFF)]))
    out.append(("foursquare", 1, "refusal", [(colors.ILLEGAL, c) for c in ranks]))
    out.append(("foursquare", 1, "ranks", all_pairs(ranks)))
    return [s for s in out if s[3]]


def target(game, players, kind):
    """The smallest difference a kind must reach (None: reported only)."""
    if kind in ("players", "ranks"):  # where colours need their second cue: reported
        return None if (game, players) in SECOND_CUES else PLAYERS_TARGET
    if kind == "glow":
        return GLOW_TARGET
    return None  # the refusal: its flicker tells it (app.app.flashing); the card kinds: their symbols


def measure(brightness=None):
    """[(name, difference, pair, target)] for every screen, kind and vision."""
    rows = []
    for game, players, kind, pairs in screens():
        for vision in VISIONS:
            d, pair = smallest(pairs, vision, brightness)
            name = "colours_%s_%dp_%s_%s" % (game, players, kind, vision)
            rows.append((name, d, pair, target(game, players, kind)))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--brightness", type=int, default=None,
                    help="percent (default: the board's default, %d)" % DEFAULT_SETTINGS["brightness"])
    targets.add_strict(ap)
    args = ap.parse_args(argv)
    rows = measure(args.brightness)
    for name, d, pair, goal in rows:
        print("BENCH %s %.1f dE  (%06x vs %06x)" % (name, d, pair[0], pair[1]), flush=True)
    missed = []
    for name, d, pair, goal in rows:
        if goal is not None:
            print(targets.verdict(name, d >= goal, ">= %d dE: %.1f dE" % (goal, d)))
            if d < goal:
                missed.append(name)
    print(targets.summary("colour", missed))
    return targets.exit_code(missed, args.strict)


if __name__ == "__main__":
    sys.exit(main())
