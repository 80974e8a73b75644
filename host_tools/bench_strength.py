"""How strong the board's players are, measured in matches: level 5 against a Monte Carlo
tree search (host_tools/mcts.c), the ladder of levels, their variety, level 1 against a
random and a blocking player, Connect Four's exact values kept (docs/MAKERS.md, "How
strong, how fast"). Prints BENCH lines, then TARGET verdicts. Part of `make bench`.

    python -m host_tools.bench_strength [--games N] [--variety N] [--only GAME] [--parts LIST]

The games run in --procs processes (default 2) at nice 10 (the machine is shared).
"""
import argparse
import os
import sys
from multiprocessing import Pool

from host_tools import mcts
from host_tools import targets

from games import load
from games.players import load_player
from games.levels import LEVELS
from games.search import finish
from games.rng import Rng

GAMES = ("squeeze", "cubes", "connect4")
OPENING_MOVES = 2  # random moves before the players take over
SCORE_TARGET = 60  # % a level scores against the level below
MCTS_TARGET = 65  # % level 5 scores against the yardstick (issue #54) ...
SEAT_TARGET = 40  # ... and at least this in each seat on its own
VARIETY_TARGET = 90  # distinct games in 100
EXACT_EMPTY = 16  # Connect Four: level 5 exact from this many empty cells


def opening(game, seed):
    """A state after OPENING_MOVES random moves (from `seed`), still being played."""
    rules = load(game)
    rng = Rng(1000003 + seed)
    while True:
        state = rules.new_state()
        for _ in range(OPENING_MOVES):
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        if state.status == "playing":
            return state


def mover(spec, game, rng):
    """A function state -> move for a player spec: ("level", n) or ("mcts", playouts,
    fixed seed or None[, exploration constant: else the game's]) or ("fixed", level):
    that level, the same draws every move."""
    if spec[0] == "level":
        player = load_player(game)
        return lambda state: finish(player.think(state, spec[1], rng))
    if spec[0] == "fixed":  # a level that always answers a position the same way
        player = load_player(game)
        return lambda state: finish(player.think(state, spec[1], Rng(12345)))
    playouts, seed = spec[1], spec[2]
    c = spec[3] if len(spec) > 3 else None
    return lambda state: mcts.move(state, game, playouts, rng.next32() if seed is None else seed, c)


def play(job):
    """One game: (game, spec A, spec B, seed, A starts, opening?). Returns (A's score:
    1, 0.5, 0; the moves; A's exact-check positions [(history, move)])."""
    game, a, b, seed, a_first, opened = job
    state = opening(game, seed // 2) if opened else load(game).new_state()
    first = len(state.history)
    players = {1: mover(a if a_first else b, game, Rng(7 * seed + 1)),
               2: mover(b if a_first else a, game, Rng(7 * seed + 2))}
    a_seat = 1 if a_first else 2
    checks = []
    while state.status == "playing":
        move = players[state.to_move](state)
        if game == "connect4" and a[0] == "level" and a[1] == 5 and state.to_move == a_seat \
                and 42 - len(state.history) <= EXACT_EMPTY:
            checks.append((list(state.history), move))
        state.play(move)
    moves = tuple(state.history[first:])
    if state.winner is None:
        return 0.5, moves, checks
    return (1.0 if state.winner == a_seat else 0.0), moves, checks


def match(pool, game, a, b, games, opened=True):
    """(A's score %, the results) over `games` games, seats alternating (each opening
    played from both seats)."""
    results = pool.map(play, [(game, a, b, seed, seed % 2 == 0, opened) for seed in range(games)], chunksize=2)
    return 100.0 * sum(r[0] for r in results) / len(results), results


def exact_check(job):
    """(kept, tried) of level 5's moves that keep the exact value."""
    kept = 0
    for history, move in job:
        values = mcts.solve_connect4(history)
        top = max(values.values())
        kept += values[move] == top
    return kept, len(job)


HELD_OUT_SEED = 500000  # the held-out positions' games: seeds no tuning run used
HELD_OUT_PLAYERS = ((("mcts", 2000, None), ("level", 3)), (("level", 4), ("mcts", 500, None)),
                    (("mcts", 5000, None), ("mcts", 300, None)), (("level", 2), ("level", 5)))


def held_out(job):
    """Connect Four: a critical position (some move changes its exact value, 12..26
    empty cells) from a game of two other players, or None; and whether level 5's
    move there keeps the value (the host's own solver says)."""
    seed, pair = job
    rng = Rng(HELD_OUT_SEED + seed)
    state = opening("connect4", HELD_OUT_SEED + seed)
    players = {1: mover(pair[0], "connect4", Rng(seed + 1)), 2: mover(pair[1], "connect4", Rng(seed + 2))}
    stop = 12 + rng.below(15)
    while state.status == "playing" and 42 - len(state.history) > stop:
        state.play(players[state.to_move](state))
    if state.status != "playing":
        return None
    values = mcts.solve_connect4(state.history)
    top = max(values.values())
    best = [c for c in values if values[c] == top]
    if len(best) == len(values):
        return None  # every move keeps the value: nothing to get wrong
    return finish(load_player("connect4").think(state, 5, Rng(seed))) in best


def level1_fairness(job):
    """Level 1's score in one game against a random player or the baseline (wins when
    it can, blocks a loss in one, else random)."""
    game, opponent, seed = job
    player = load_player(game)
    state = load(game).new_state()
    rng, other = Rng(seed), Rng(seed + 99991)
    seat = 1 + seed % 2
    while state.status == "playing":
        if state.to_move == seat:
            move = finish(player.think(state, 1, rng))
        elif opponent == "random":
            legal = state.legal_moves()
            move = legal[other.below(len(legal))]
        else:
            move = player.baseline(state, other)
        state.play(move)
    return 0.5 if state.winner is None else float(state.winner == seat)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--variety", type=int, default=100, help="games per variety count (default 100)")
    parser.add_argument("--only", choices=GAMES, help="one game only")
    parser.add_argument("--held-out", type=int, default=600, help="games for Connect Four's held-out positions")
    parser.add_argument("--parts", default="mcts,ladder,variety,fairness,held-out",
                        help="what to measure (default: all of mcts,ladder,variety,fairness,held-out)")
    parser.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    parts = args.parts.split(",")
    os.nice(10)
    mcts.library()  # built once, before the workers start
    missed = []
    verdicts = []

    def verdict(what, value, target):
        ok = value >= target
        if not ok:
            missed.append(what)
        verdicts.append(targets.verdict(what, ok, ">= %g: %.1f" % (target, value)))

    checks = []
    with Pool(args.procs) as pool:
        for game in (args.only,) if args.only else GAMES:
            if "mcts" in parts:
                score, results = match(pool, game, ("level", 5), ("mcts", 10000, None), args.games)
                print("BENCH %s_level5_vs_mcts10k_score %.1f %%" % (game, score))
                print("BENCH %s_level5_vs_mcts10k_games %d games" % (game, len(results)), flush=True)
                verdict("%s level 5 vs mcts10k score %%" % game, score, MCTS_TARGET)
                for seat in (1, 2):  # seeds alternate: level 5 first at even seeds
                    mine = [r[0] for seed, r in enumerate(results) if seed % 2 == seat - 1]
                    value = 100.0 * sum(mine) / len(mine)
                    print("BENCH %s_level5_vs_mcts10k_seat%d_score %.1f %%" % (game, seat, value), flush=True)
                    verdict("%s level 5 vs mcts10k, seat %d, score %%" % (game, seat), value, SEAT_TARGET)
                checks += [c for r in results for c in r[2]]
            if "fairness" in parts:
                for opponent in ("random", "baseline"):
                    results = pool.map(level1_fairness, [(game, opponent, seed) for seed in range(args.games)])
                    won = 100.0 * sum(1 for r in results if r == 1) / len(results)
                    print("BENCH %s_level1_vs_%s_won %.1f %%" % (game, opponent, won), flush=True)
            if "ladder" in parts:
                for level in LEVELS[1:]:
                    score, results = match(pool, game, ("level", level), ("level", level - 1), args.games)
                    print("BENCH %s_level%d_vs_level%d_score %.1f %%" % (game, level, level - 1, score), flush=True)
                    verdict("%s level %d vs level %d score %%" % (game, level, level - 1), score, SCORE_TARGET)
                    checks += [c for r in results for c in r[2]]
            if "variety" in parts:
                for level in LEVELS:
                    jobs = [(game, ("level", level), ("fixed", level), seed, True, False)
                            for seed in range(args.variety)]
                    distinct = len(set(r[1] for r in pool.map(play, jobs, chunksize=4)))
                    print("BENCH %s_level%d_distinct_games %d games" % (game, level, distinct), flush=True)
                    verdict("%s level %d distinct games in %d" % (game, level, args.variety), distinct,
                            VARIETY_TARGET * args.variety / 100.0)
        if "held-out" in parts and (args.only or "connect4") == "connect4":
            jobs = [(seed, HELD_OUT_PLAYERS[seed % len(HELD_OUT_PLAYERS)]) for seed in range(args.held_out)]
            found = [r for r in pool.map(held_out, jobs, chunksize=4) if r is not None]
            rate = 100.0 * sum(found) / len(found)
            print("BENCH connect4_level5_heldout_positions %d positions" % len(found))
            print("BENCH connect4_level5_heldout_kept %.1f %%" % rate)
            verdict("connect4 level 5 keeps the value, held out %", rate, 99)
        if checks:
            parts = pool.map(exact_check, [checks[i::8] for i in range(8)])
            kept, tried = sum(p[0] for p in parts), sum(p[1] for p in parts)
            print("BENCH connect4_level5_exact_positions %d positions" % tried)
            print("BENCH connect4_level5_exact_kept %.1f %%" % (100.0 * kept / tried))
            verdict("connect4 level 5 exact from %d empty, %%" % EXACT_EMPTY, 100.0 * kept / tried, 100)
    print("")
    for line in verdicts:
        print(line)
    print(targets.summary("strength", missed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
