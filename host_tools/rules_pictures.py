"""The rules book's pictures (docs/rules/*.png, and docs/fr/rules/*.png for the French
book, their words in French): the board as the simulator's window shows it, each after
a short headless script. Adding a game's pictures is adding rows to PICTURES.

    python -m host_tools.rules_pictures           # writes every picture
    python -m host_tools.rules_pictures --check   # exit 1 if one is missing or stale

Rendered offscreen (no display needed); --check compares pixels, not PNG bytes."""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from sim import window  # noqa: E402
from games.rng import Rng  # noqa: E402
from sim.headless import Headless  # noqa: E402

OUT = os.path.join(ROOT, "docs", "rules")
# each book's pictures, in its language: (language, folder)
BOOKS = (("en", OUT), ("fr", os.path.join(ROOT, "docs", "fr", "rules")))
SCALE = 2, 3  # the pictures at 2/3 of the window's size: small files, still legible
BRIGHT = "press h12"  # the menu's 70 % brightness: the picture reads well on a screen

# Squeeze's example Game B (tests/firmware/test_squeeze_example.txt) to its end.
SQUEEZE_B = ("W-4 E-4 W-4 W-9 N-f W-4 N-a E-6 S-f N-j E-10 E-7 E-10 W-10 S-j E-10 N-a N-a W-1 "
             "N-d W-10 N-i N-j S-j E-1 E-2 N-i W-6 E-1 E-10 N-b S-b W-7 S-a N-d N-j N-j W-2 N-a "
             "N-j S-j W-1 S-a E-9 W-9 S-j W-1 W-9 E-10 W-9 S-a S-a S-c S-b W-10 N-b N-a N-i N-i "
             "N-b N-b N-i N-b").split()

CARDS = "start squeeze --variant cards --seed 1"  # real cards (the default mode), 2 players

# (game, picture, headless script lines): docs/rules/<game>-<picture>.png
PICTURES = (
    ("connect4", "start", [BRIGHT, "start connect4"]),
    ("connect4", "move", [BRIGHT, "start connect4", "press f1", "press f1", "press e1", "wait 400", "press g1", "wait 100"]),
    ("connect4", "end", [BRIGHT, "start connect4"] + ["press %s1" % c for c in "cdcdcdc"] + ["wait 600"]),
    ("squeeze", "start", [BRIGHT, "start squeeze"]),
    ("squeeze", "move", [BRIGHT, "start squeeze", "press a6", "wait 400", "press l7", "wait 400", "press f1", "wait 400"]),
    ("squeeze", "end", [BRIGHT, "start squeeze"] + ["key " + m for m in SQUEEZE_B] + ["wait 1200"]),
    ("cubes", "start", [BRIGHT, "start cubes --seed 1"]),
    ("cubes", "move", [BRIGHT, "start cubes --seed 1", "press f6", "press g7", "press g6", "wait 600"]),
    ("cubes", "end", [BRIGHT, "start cubes --seed 1"] + ["cube " + m for m in (
        "e6 f6 f7 e7 d6 c6 d7 c7 b6 b5 a4 b4 c4 c3 b3 a2 b1 a1 b2 c2 d2 d1 e1 f1 "
        "g1 f2 g3 g4 f4 f3 e2 d3 e3 d4 c5 d5 e5").split()] + ["wait 600"]),
    ("squeeze_cards", "start", [BRIGHT, CARDS]),
    # W-5, E-6 (each launch's Negation window runs out), then yellow's card key, Flammes,
    # blue's pawn on f5: the Annulation window counts down
    ("squeeze_cards", "card", [BRIGHT, CARDS, "press a6", "wait 3100", "press l7", "wait 3100",
                               "press k12", "press g12", "press g6", "wait 900"]),
    ("squeeze_cards", "end", [BRIGHT, CARDS] + ["press a6", "wait 3100", "press l7", "wait 3100"] * 2
     + ["press a6", "wait 3100", "wait 300"]),
)


def foursquare_deal(seed):
    """The cells the hint picks, card after card, to the end of deal `seed`."""
    from games.foursquare import rules as foursquare
    from games.foursquare.hint import best_move

    state = foursquare.new_state(rng=Rng(seed))
    cells = []
    while state.status == "playing":
        move = best_move(state)
        cells.append(state.format_move(move))
        state.play(move)
    return cells


PICTURES += (
    ("foursquare", "start", [BRIGHT, "start foursquare --seed 3"]),
    ("foursquare", "move", [BRIGHT, "start foursquare --seed 3"]
     + ["key " + c for c in foursquare_deal(3)[:9]] + ["wait 1000"]),
    ("foursquare", "end", [BRIGHT, "start foursquare --seed 3"]
     + ["key " + c for c in foursquare_deal(3)] + ["wait 1000"]),
)


PICTURES += (  # against the board: the setup's two pictures, and the hint
    ("players", "setup", [BRIGHT, "press c3", "wait 1200"]),
    ("players", "hint", [BRIGHT, "start connect4", "press f1", "press e1", "wait 400", "press a12", "wait 2600"]),
)


PICTURES += (
    ("pistes", "start", [BRIGHT, "start pistes --seed 5 --players 3"]),
    ("pistes", "move", [BRIGHT, "start pistes --seed 5 --players 3 --board 1,2", "wait 9000"]),
    ("pistes", "end", [BRIGHT, "start pistes --seed 5 --players 3 --board 1,2,3", "wait 600000"]),
)


def run(lines, lang=None):
    """The simulator after the script, its words in `lang`. Two shorthands beside the
    headless commands: `key MOVE` presses the key that plays MOVE now, `cube CELL` the
    key of a cube cell."""
    sim = Headless(lang=lang)
    for line in lines:
        word, _, arg = line.partition(" ")
        if word == "key":
            line = "press " + sim.state()["keys"][arg]
        elif word == "cube":
            line = "press %s%d" % (chr(ord(arg[0]) + 2), int(arg[1:]) + 2)
        sim.run(line)
    return sim


def render(lines, lang="en"):
    """The window's board, its labels and status, at SCALE, as a pygame Surface."""
    sim = run(lines, lang)
    board = sim.board
    board.app.render(board.clock.now)
    surface = pygame.Surface((window.WIDTH, window.HEIGHT))
    window.draw(surface, board, window.status_lines(board, None))
    w, h = window.WIDTH * SCALE[0] // SCALE[1], window.HEIGHT * SCALE[0] // SCALE[1]
    return pygame.transform.smoothscale(surface, (w, h))


def path(game, name, folder=OUT):
    return os.path.join(folder, "%s-%s.png" % (game, name))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a picture is missing or not current")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    stale = []
    for (lang, folder), (game, name, lines) in ((book, p) for book in BOOKS for p in PICTURES):
        picture = render(lines, lang)
        out = path(game, name, folder)
        rel = os.path.relpath(out, ROOT)
        if args.check:
            if not os.path.exists(out):
                stale.append(rel + " (missing)")
                continue
            old = pygame.image.load(out)
            if old.get_size() != picture.get_size() or pygame.image.tobytes(old, "RGB") != pygame.image.tobytes(picture, "RGB"):
                stale.append(rel)
        else:
            os.makedirs(folder, exist_ok=True)
            pygame.image.save(picture, out)
            print("wrote %s" % rel)
    pygame.quit()
    if stale:
        print("not current: %s (run python -m host_tools.rules_pictures)" % ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
