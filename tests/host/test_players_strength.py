# The board's players where their strength shows, fast and seeded (the long matches
# are `make bench`: host_tools/bench_strength.py): Connect Four's level 5 is exact in
# the issue's position and finds the win (or the draw) the host's own solver finds
# (whose null windows, the opening book's, agree with its whole solve);
# level 1 is a fair opponent for a child; the levels vary their games.
import os
import sys

import pytest

from host_tools import mcts
from host_tools import bench_strength

sys.path.insert(0, os.path.join(mcts.ROOT, "firmware"))
from games import load  # noqa: E402
from games.players import load_player  # noqa: E402
from games.search import finish  # noqa: E402
from games.rng import Rng  # noqa: E402

needs_gcc = pytest.mark.skipif(not os.path.exists("/usr/bin/gcc"), reason="no gcc")

# 16 empty cells, yellow to move: 1 and 2 draw, 7 loses (issue 27)
ISSUE_27 = "4 4 4 4 3 5 5 5 5 3 4 6 6 6 3 3 3 5 6 6 4 1 5 3 6 7"


def c4(texts):
    state = load("connect4").new_state()
    for t in texts.split():
        state.play_text(t)
    return state


def test_connect4_level5_does_not_play_the_loss_of_issue_27():
    state = c4(ISSUE_27)
    assert 42 - len(state.history) == 16
    assert load_player("connect4").solve(state) == (0, [0, 1])
    for seed in range(4):
        assert finish(load_player("connect4").think(state, 5, Rng(seed))) in (0, 1)


def random_positions(seed, empty):
    """Connect Four positions of 12 seeded random games, each played on until `empty`
    (a function of its number) cells are left; those still going."""
    for k in range(12):
        rng = Rng(seed + k)
        state = load("connect4").new_state()
        while state.status == "playing" and 42 - len(state.history) > empty(k):
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        if state.status == "playing":
            yield state


@needs_gcc
def test_the_two_solvers_agree():
    p = load_player("connect4")
    for state in random_positions(0, lambda k: 12 + k % 5):
        values = mcts.solve_connect4(state.history)
        top = max(values.values())
        assert p.solve(state) == (top, sorted(c for c in values if values[c] == top))
    assert mcts.solve_connect4(c4(ISSUE_27).history) == {0: 0, 1: 0, 6: -1}


@needs_gcc
def test_connect4_values_in_a_window_agree_with_the_solve():
    # c4_value (the opening book's null windows): exact in the full window, and each
    # null window tells which side of it the value is
    for state in random_positions(300, lambda k: 14 + k % 4):
        value = max(mcts.solve_connect4(state.history).values())
        assert mcts.value_connect4(state.history) == value
        assert (mcts.value_connect4(state.history, -1, 0) < 0) == (value == -1)
        assert (mcts.value_connect4(state.history, 0, 1) > 0) == (value == 1)
    with pytest.raises(ValueError):
        mcts.value_connect4([3] * 7)


@needs_gcc
def test_connect4_level5_keeps_the_value_from_16_empty_cells():
    # positions of games between the yardstick and level 3, 14..16 empty cells: the
    # first 4 of those games that last that long (which do depends on the yardstick's
    # exploration constant)
    p = load_player("connect4")
    tried = 0
    for seed in range(16):
        if tried == 4:
            break
        state = bench_strength.opening("connect4", 900 + seed)
        players = {1: bench_strength.mover(("mcts", 300, None), "connect4", Rng(seed)),
                   2: bench_strength.mover(("level", 3), "connect4", Rng(seed))}
        while state.status == "playing" and 42 - len(state.history) > 14 + seed % 3:
            state.play(players[state.to_move](state))
        if state.status != "playing":
            continue
        values = mcts.solve_connect4(state.history)
        move = finish(p.think(state, 5, Rng(seed)))
        assert values[move] == max(values.values()), (state.history, values, move)
        tried += 1
    assert tried == 4


def level1_results(game, opponent, games=30):
    return [bench_strength.level1_fairness((game, opponent, seed)) for seed in range(games)]


@pytest.mark.parametrize("game", ["connect4", "cubes", "squeeze"])
def test_level1_is_fair_for_a_child(game):
    # it wins sometimes against a random player, and a player who blocks beats it
    against_random = level1_results(game, "random")
    assert sum(1 for r in against_random if r == 1) >= 4
    against_blocker = level1_results(game, "baseline")
    assert sum(1 for r in against_blocker if r == 0) > sum(1 for r in against_blocker if r == 1)


@pytest.mark.parametrize("game", ["connect4", "cubes", "squeeze"])
def test_level5_varies_its_games(game):
    # against one opponent that always answers a position the same way
    games = set()
    for seed in range(6):
        games.add(bench_strength.play((game, ("level", 5), ("fixed", 3), seed, True, False))[1])
    assert len(games) >= 4


def test_cubes_level5_sees_a_cube_that_frees_the_opponent():
    # a cube with no free cell next to it lets the opponent place next to any cube of
    # the mover's colour (none: anywhere): the search checks the opponent's winning
    # cells there
    s = load_player("cubes").Search(load("cubes").new_state())
    for x in (1, 7, 8):  # the opponent's cubes around a1: a1 would have no free neighbour
        s.cells[x] = 2
    theirs = bytearray(49)
    assert not s.opens_threat(0, theirs)
    theirs[48] = 1  # the opponent would win on g7: anywhere, it can
    assert s.opens_threat(0, theirs)
    s.cells[24] = 1  # a cube of the mover's on d4: the opponent must place next to it
    assert not s.opens_threat(0, theirs)
    theirs[32] = 1  # ... e5 touches d4
    assert s.opens_threat(0, theirs)


def test_the_yardstick_match_plays_each_opening_from_both_seats_and_scores_each_seat(monkeypatch, capsys):
    # bench_strength's match against the yardstick, its games faked: level 5 wins every
    # game where it plays first, loses every other; each opening (seed // 2) is played
    # twice, level 5 first in one and second in the other, and the seat lines say so
    jobs = []

    class Pool:
        def __init__(self, n):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, fn, items, chunksize=1):
            return [fn(item) for item in items]

    def play(job):
        jobs.append(job)
        game, a, b, seed, a_first, opened = job
        return (1.0 if a_first else 0.0), (), []

    monkeypatch.setattr(bench_strength, "Pool", Pool)
    monkeypatch.setattr(bench_strength, "play", play)
    monkeypatch.setattr(bench_strength.os, "nice", lambda n: 0)
    monkeypatch.setattr(bench_strength.mcts, "library", lambda: None)
    bench_strength.main(["--only", "squeeze", "--parts", "mcts", "--games", "8"])
    out = capsys.readouterr().out
    assert "BENCH squeeze_level5_vs_mcts10k_score 50.0 %" in out
    assert "BENCH squeeze_level5_vs_mcts10k_seat1_score 100.0 %" in out
    assert "BENCH squeeze_level5_vs_mcts10k_seat2_score 0.0 %" in out
    assert "seat 2, score % >= 40: 0.0 MISSED" in " ".join(out.split())
    openings = {}
    for game, a, b, seed, a_first, opened in jobs:
        assert a == ("level", 5) and b[0] == "mcts" and opened
        openings.setdefault(seed // 2, []).append(a_first)
    assert sorted(openings) == [0, 1, 2, 3] and all(sorted(v) == [False, True] for v in openings.values())
