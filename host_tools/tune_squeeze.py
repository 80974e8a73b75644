"""Tunes the 4D Squeeze player's evaluation offline: plays level 5 with candidate
weights against the Monte Carlo yardstick (10,000 playouts a move, host_tools/mcts.c)
and prints each candidate's score, so that the weights in games/squeeze/player.py
are chosen on measured games, not by hand.

    python -m host_tools.tune_squeeze [--games N] [--seed S] CANDIDATE...

A candidate is Python assignments to the player's tables, e.g.
"WORTH=(0,1,6,40,0)" or "WORTH=(0,1,6,40,0); PENTACLE_WORTH=10; ROOT_MOVES=(40,40,3,6,12)";
"" is the player as it is. The games' openings and seeds start at --seed (default
TUNING_SEED), apart from the bench's (host_tools/bench_strength.py plays seeds 0 up):
tune here, then confirm with the bench's own games.
"""
import argparse
import os
import sys
from array import array

from host_tools import bench_strength, mcts
from host_tools import build as build_tool

sys.path.insert(0, os.path.join(build_tool.ROOT, "firmware"))

from games.squeeze import player as squeeze_player  # noqa: E402

TUNING_SEED = 1000000  # far from the bench's seeds (0 .. games) and its held-out ones


TABLES = ("WORTH", "PENTACLE_WORTH", "DOUBLE", "ROOT_MOVES", "DEPTH", "BUDGET", "JITTER", "FIRST_MOVES", "FIRST_SPREAD")
DEFAULTS = dict((name, getattr(squeeze_player, name)) for name in TABLES)


def set_weights(candidate):
    """Applies `candidate`'s assignments to the player module (from its own tables),
    and rebuilds its line values from WORTH (as the module does at import)."""
    squeeze_player.__dict__.update(DEFAULTS)
    exec(candidate, squeeze_player.__dict__)
    worth = squeeze_player.WORTH
    squeeze_player.VALUE[:] = array("b", [squeeze_player.line_value(v, worth) for v in range(37)])


def score(games, seed, pool):
    """Level 5's score (%) against the yardstick, seats alternating."""
    jobs = [("squeeze", ("level", 5), ("mcts", 10000, None), seed + k, k % 2 == 0, True) for k in range(games)]
    results = pool.map(bench_strength.play, jobs, chunksize=2)
    return 100.0 * sum(r[0] for r in results) / len(results)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per candidate (default 40)")
    parser.add_argument("--seed", type=int, default=TUNING_SEED, help="the first game's seed")
    parser.add_argument("candidates", nargs="+", help='assignments, e.g. "WORTH=(0,1,6,40,0)"; "": as it is')
    args = parser.parse_args(argv)
    os.nice(10)
    mcts.library()
    from multiprocessing import Pool

    for candidate in args.candidates:
        set_weights(candidate)
        with Pool(2) as pool:  # a fresh pool per candidate: its workers fork with its weights
            value = score(args.games, args.seed, pool)
        print("TUNE %-60s %.1f %% of %d games" % (candidate or "(as it is)", value, args.games), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
