"""How well the board plays 4 pistes (CPython): the solo mean score of the board's
policy and of "always stop after the first roll" over seeded games, and the board's
win rate in 2-player games against the first-roll policy (seats alternate; a shared
win counts half). Prints `BENCH` lines.

    python -m host_tools.bench_pistes [--games N] [--duels N]
"""
import argparse
import os
import sys

from host_tools import targets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from games.pistes import rules as pistes  # noqa: E402

from games.pistes import player as pistes_player
from games.base import PLAYING  # noqa: E402
from games.rng import Rng  # noqa: E402

SOLO_GAMES = 10000
DUELS = 2000
WIN_RATE_TARGET = 75  # percent of 2-player games the board wins against the first-roll policy
MAX_MOVES = 5000  # a game is far shorter; a longer one is a bug


def play(policies, seed):
    """A full game, seat i played by policies[i]; returns the final state."""
    state = pistes.new_state(players=len(policies), rng=Rng(seed))
    for _ in range(MAX_MOVES):
        if state.status != PLAYING:
            return state
        state.play(policies[state.to_move - 1](state))
    raise RuntimeError("game of seed %d did not end in %d moves" % (seed, MAX_MOVES))


def solo_mean(policy, games, first_seed=1):
    return sum(play([policy], seed).scores[0] for seed in range(first_seed, first_seed + games)) / games


def win_rate(games, first_seed=1):
    """Percent of 2-player games the board's policy wins against the first-roll one,
    playing first in the even games, second in the odd ones."""
    board, first = pistes_player.board_move, pistes_player.first_roll_move
    won = 0.0
    for n in range(games):
        seat = n % 2  # the board's seat, 0-based
        state = play([board, first] if seat == 0 else [first, board], first_seed + n)
        if seat + 1 in state.winners:
            won += 1.0 / len(state.winners)
    return 100.0 * won / games


def bench_lines(solo_games=SOLO_GAMES, duels=DUELS):
    rate = win_rate(duels)
    return [
        "BENCH pistes_solo_mean_board %.2f points" % solo_mean(pistes_player.board_move, solo_games),
        "BENCH pistes_solo_mean_first_roll %.2f points" % solo_mean(pistes_player.first_roll_move, solo_games),
        "BENCH pistes_2p_win_rate_board_vs_first_roll %.1f percent" % rate,
        targets.verdict("pistes board vs first-roll, 2 players", rate >= WIN_RATE_TARGET,
                        ">= %d percent: %.1f percent" % (WIN_RATE_TARGET, rate)),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=SOLO_GAMES, help="seeded solo games per policy")
    parser.add_argument("--duels", type=int, default=DUELS, help="seeded 2-player games")
    args = parser.parse_args(argv)
    for line in bench_lines(args.games, args.duels):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
