"""The yardstick at its strongest: a round robin of the Monte Carlo search's exploration
constants (host_tools/mcts.c, UCB1's c), each pair playing the same varied openings
(bench_strength.opening: two random moves) from both seats, at the bench's 10,000
playouts a move. Prints each pairing's score and each constant's total; the winner of
each game is what host_tools/mcts.py's EXPLORATION holds (and `make bench` uses), the
table is in docs/MAKERS.md.

    python -m host_tools.tune_mcts [--games N] [--playouts N] [--only GAME] [--first-only] [C ...]
    python -m host_tools.tune_mcts --seats [--games N] [--only GAME]

--seats: the yardstick (the game's EXPLORATION) against itself on the bench's openings,
the first seat's score: what a seat is worth between equals.

Games per pairing default to 100 (50 openings, each from both seats); the openings'
seeds start at TUNING_SEED, apart from the bench's (0 up). --procs processes (default 2) at nice 10.
"""
import argparse
import os
import sys
from multiprocessing import Pool

from host_tools import bench_strength, mcts

TUNING_SEED = 2000000  # apart from the bench's seeds (0 .. games) and tune_squeeze's
CONSTANTS = (0.5, 0.7, 1.0, 1.41)


def round_robin(pool, game, constants, games, playouts, seed=TUNING_SEED, first_only=False):
    """{(a, b): a's score % against b} for every pair a < b of `constants` (first_only:
    the first against each other only, to add a constant to a round robin played)."""
    out = {}
    for i, a in enumerate(constants[:1] if first_only else constants):
        for b in constants[i + 1:]:
            jobs = [(game, ("mcts", playouts, None, a), ("mcts", playouts, None, b), seed + k, k % 2 == 0, True)
                    for k in range(games)]
            results = pool.map(bench_strength.play, jobs, chunksize=2)
            out[a, b] = 100.0 * sum(r[0] for r in results) / len(results)
            print("PAIR %s c=%g vs c=%g: %.1f %% of %d games" % (game, a, b, out[a, b], len(results)), flush=True)
    return out


def seats(pool, game, games, playouts):
    """The first seat's score % when the game's yardstick plays itself, on the bench's
    openings (bench_strength.match's games)."""
    spec = ("mcts", playouts, None, mcts.EXPLORATION[game])
    jobs = [(game, spec, spec, seed, seed % 2 == 0, True) for seed in range(games)]
    results = pool.map(bench_strength.play, jobs, chunksize=2)
    # A (the first spec) has the first seat at even seeds
    first = [r[0] if k % 2 == 0 else 1.0 - r[0] for k, r in enumerate(results)]
    return 100.0 * sum(first) / len(first)


def table(game, constants, scores):
    """The round robin as a markdown table: each constant's score against each other,
    and its mean."""
    head = "| %s: c | " % game + " | ".join("vs %g" % c for c in constants) + " | mean |"
    lines = [head, "|" + " --- |" * (len(constants) + 2)]
    for a in constants:
        row = []
        for b in constants:
            if a == b:
                row.append("")
            else:
                row.append("%.1f %%" % (scores[a, b] if (a, b) in scores else 100.0 - scores[b, a]))
        mean = sum(float(x.split()[0]) for x in row if x) / (len(constants) - 1)
        lines.append("| %g | " % a + " | ".join(row) + " | %.1f %% |" % mean)
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--playouts", type=int, default=10000)
    parser.add_argument("--only", choices=bench_strength.GAMES, action="append", help="a game (repeatable)")
    parser.add_argument("--first-only", action="store_true",
                        help="only the first constant against each other (pairs already played are the same games)")
    parser.add_argument("--seats", action="store_true",
                        help="the game's constant against itself: the first seat's score")
    parser.add_argument("constants", nargs="*", type=float, default=list(CONSTANTS))
    parser.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    os.nice(10)
    mcts.library()
    with Pool(args.procs) as pool:
        for game in args.only or bench_strength.GAMES:
            if args.seats:
                print("SEATS %s c=%g: seat 1 %.1f %% of %d games" % (
                    game, mcts.EXPLORATION[game], seats(pool, game, args.games, args.playouts), args.games), flush=True)
                continue
            scores = round_robin(pool, game, args.constants, args.games, args.playouts, first_only=args.first_only)
            if not args.first_only:
                print(table(game, args.constants, scores), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
