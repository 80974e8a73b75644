"""Referee: plays a game from moves on stdin, one per line, in each game's notation (docs/rules/), and
prints one JSON object per line (flushed at once, so a program can drive it).

    python -m host_tools.referee GAME [--seed N] [--players K] [--variant NAME]

Each answer: {"move", "ok", "error" (when not ok), "status", "winner", "to_move",
"legal", "board"} plus the fields a game adds (e.g. "pentacles"). A bad move leaves
the game unchanged and the run goes on. Blank lines and lines starting with '#' are
skipped. Exit 2 on bad arguments.

4D Squeeze with cards (`squeeze --variant cards [--players 4] --seed N`): lines as in
docs/rules/squeeze_cards.md (`trahison e5`, `double W-3 N-c`, `negation`, `annulation P2`, `pass`, ...);
the JSON adds `hands`, `deck`, `pending` and `golden`, and `legal` lists every line.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from games import GAMES, load  # noqa: E402
from games.base import PLAYING, IllegalMove  # noqa: E402
from games.rng import Rng  # noqa: E402


def answer(state, move_text, error=None):
    playing = state.status == PLAYING
    out = {"move": move_text, "ok": error is None}
    if error is not None:
        out["error"] = error
    out.update(
        {
            "status": state.status,
            "winner": state.winner,
            "to_move": state.to_move if playing else None,
            "legal": state.legal_texts() if playing else [],
            "board": state.rows(),
        }
    )
    out.update(state.info())
    return out


def play_line(state, text):
    """Play one line of input; returns the JSON answer (the state is unchanged on error)."""
    try:
        move = state.parse_move(text)
    except ValueError as e:
        return answer(state, text, "bad move '%s': %s" % (text, e))
    try:
        state.play(move)
    except IllegalMove as e:
        return answer(state, text, "illegal move '%s': %s" % (text, e))
    return answer(state, text)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.referee", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", choices=GAMES, help="one of: " + ", ".join(GAMES))
    parser.add_argument("--seed", type=int, help="seed of the game's random generator (deals, dice)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--variant", help="a variant of the game")
    args = parser.parse_args(argv)  # exits 2 with a usage message on bad arguments
    try:
        state = load(args.game).new_state(players=args.players, variant=args.variant,
                                          rng=Rng(args.seed if args.seed is not None else 0))
    except ValueError as e:
        parser.error(str(e))
    for line in sys.stdin:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        sys.stdout.write(json.dumps(play_line(state, text)) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
