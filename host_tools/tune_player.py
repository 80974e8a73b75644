"""Tunes a board player (games/GAME/player.py) offline: plays level 5 with candidate
settings against the Monte Carlo yardstick (10,000 playouts a move, the game's
exploration constant: host_tools/mcts.py) and prints each candidate's score, overall
and by seat, on games of seeds apart from the bench's.

    python -m host_tools.tune_player GAME [--games N] [--seed S] [--level L] CANDIDATE...

A candidate is Python run in the player module's namespace after it is reset to its
own tables, e.g. "EXTEND=10; Search.extend=10" or
"GAINS=fours_tables.line_gains((0,1,5,40,0))" (games.fours_tables is there as
`fours_tables`); "" is the player as it is. Each opening (bench_strength.opening) is
played from both seats. --procs processes (default 2) at nice 10.
"""
import argparse
import os
import sys
from multiprocessing import Pool

from host_tools import bench_strength, mcts

from games import fours_tables
from games.players import load_player

TUNING_SEED = 3000000  # apart from the bench's seeds (0 .. games) and the other tuners'


def score(pool, game, games, seed, level=5, opponent=None):
    """(score %, seat 1 %, seat 2 %) of `level` against the yardstick."""
    opponent = opponent or ("mcts", 10000, None)
    jobs = [(game, ("level", level), opponent, seed + k, k % 2 == 0, True) for k in range(games)]
    results = pool.map(bench_strength.play, jobs, chunksize=2)
    first = [r[0] for k, r in enumerate(results) if k % 2 == 0]
    second = [r[0] for k, r in enumerate(results) if k % 2 == 1]

    def pct(xs):
        return 100.0 * sum(xs) / max(1, len(xs))

    return pct([r[0] for r in results]), pct(first), pct(second)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=bench_strength.GAMES)
    parser.add_argument("--games", type=int, default=100, help="games per candidate (default 100)")
    parser.add_argument("--seed", type=int, default=TUNING_SEED, help="the first game's seed")
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--c", type=float, help="the yardstick's exploration constant (default: the game's)")
    parser.add_argument("candidates", nargs="+", help='Python in the player module, e.g. "EXTEND=10"; "": as it is')
    parser.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    os.nice(10)
    mcts.library()
    module = load_player(args.game)
    defaults = dict(module.__dict__)
    opponent = ("mcts", 10000, None) if args.c is None else ("mcts", 10000, None, args.c)
    for candidate in args.candidates:
        module.__dict__.clear()
        module.__dict__.update(defaults)
        module.__dict__["fours_tables"] = fours_tables
        klass = module.Search
        saved = dict((k, v) for k, v in vars(klass).items() if not k.startswith("__"))
        exec(candidate, module.__dict__)
        with Pool(args.procs) as pool:  # a fresh pool per candidate: its workers fork with it
            value, first, second = score(pool, args.game, args.games, args.seed, args.level, opponent)
        for k, v in saved.items():
            setattr(klass, k, v)
        print("TUNE %s %-50s %.1f %% (seat 1 %.1f, seat 2 %.1f) of %d games"
              % (args.game, candidate or "(as it is)", value, first, second, args.games), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
