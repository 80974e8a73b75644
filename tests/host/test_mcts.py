# The yardstick (host_tools/mcts.c): the same rules as the firmware's (legal moves,
# the end of a game, its winner) on every position of many random games, and it plays
# legal moves and takes a win in one.
import os
import sys

import pytest

from host_tools import mcts

sys.path.insert(0, os.path.join(mcts.ROOT, "firmware"))
from games import load  # noqa: E402
from games.rng import Rng  # noqa: E402

pytestmark = pytest.mark.skipif(not os.path.exists("/usr/bin/gcc"), reason="no gcc")


@pytest.mark.parametrize("game", sorted(mcts.GAMES))
def test_rules_agree_with_the_firmware(game):
    for seed in range(40):
        rng = Rng(seed)
        state = load(game).new_state()
        while True:
            assert mcts.status(game, state.history) == (state.status, state.winner,
                                                        state.to_move), (seed, state.history)
            if state.status != "playing":
                break
            legal = state.legal_moves()
            assert mcts.legal(game, state.history) == legal, (seed, state.history)
            state.play(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game", sorted(mcts.GAMES))
def test_plays_legal_moves_and_wins_in_one(game):
    rules = load(game)
    for seed in range(3):
        rng = Rng(seed)
        state = rules.new_state()
        for _ in range(12):
            if state.status != "playing":
                break
            m = mcts.move(state, game, 300, seed)
            assert m in state.legal_moves()
            state.play(m)
            if state.status == "playing":
                legal = state.legal_moves()
                state.play(legal[rng.below(len(legal))])
    # Connect Four: yellow has three in the bottom row
    state = rules.new_state() if game == "connect4" else None
    if state is not None:
        for m in (0, 0, 1, 1, 2, 2):
            state.play(m)
        assert mcts.move(state, game, 2000, 1) == 3


def test_the_exploration_constant_is_each_games_and_steers_the_search():
    # the bench's yardstick plays with its game's constant (the round robin's winner,
    # host_tools/tune_mcts.py) unless told another, and the constant reaches the search:
    # almost none (greedy on the first playouts) and a huge one (visits spread evenly)
    # pick other moves in some positions
    assert sorted(mcts.EXPLORATION) == sorted(mcts.GAMES)
    for game in sorted(mcts.GAMES):
        rules = load(game)
        differ = 0
        for seed in range(6):
            rng = Rng(50 + seed)
            state = rules.new_state()
            for _ in range(6):
                legal = state.legal_moves()
                state.play(legal[rng.below(len(legal))])
            if state.status != "playing":
                continue
            assert mcts.move(state, game, 400, seed) == mcts.move(state, game, 400, seed, mcts.EXPLORATION[game])
            differ += mcts.move(state, game, 400, seed, 0.01) != mcts.move(state, game, 400, seed, 100.0)
        assert differ, game


def test_tune_mcts_seats_scores_the_first_seat():
    # the yardstick against itself: the first seat's score, whichever spec it was
    from host_tools import bench_strength, tune_mcts

    class Serial:
        def map(self, f, jobs, chunksize=1):
            return [f(j) for j in jobs]

    game, games, playouts = "connect4", 6, 60
    spec = ("mcts", playouts, None, mcts.EXPLORATION[game])
    first = 0.0
    for seed in range(games):
        state = bench_strength.opening(game, seed // 2)
        seat1 = bench_strength.mover(spec, game, Rng(7 * seed + 1))
        seat2 = bench_strength.mover(spec, game, Rng(7 * seed + 2))
        while state.status == "playing":
            state.play((seat1 if state.to_move == 1 else seat2)(state))
        first += 0.5 if state.winner is None else float(state.winner == 1)
    assert tune_mcts.seats(Serial(), game, games, playouts) == 100.0 * first / games
