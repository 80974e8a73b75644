# The cube game's player (games/cubes/player.py): its first cube and its opening
# vary the games at every level; the search's test for the moves that do not lose at
# once (with its shortcut when no line can be completed) agrees with playing each move.
import os
import sys

from host_tools import bench_strength, build

sys.path.insert(0, os.path.join(build.ROOT, "firmware"))
from games import load  # noqa: E402
from games.players import load_player  # noqa: E402
from games.search import finish  # noqa: E402
from games.rng import Rng  # noqa: E402

player = load_player("cubes")


def test_the_first_cube_goes_off_the_edge_and_varies():
    state = load("cubes").new_state()
    assert finish(player.think(state, 5, None)) == 24  # no rng: d4, the centre
    firsts = set(finish(player.think(state, 5, Rng(seed))) for seed in range(300))
    off_edge = set(r * 7 + c for r in range(1, 6) for c in range(1, 6))
    assert firsts == off_edge  # every cell of b2..f6, none on the edge


def test_levels_vary_their_games_against_one_opponent():
    # the bench's variety count (host_tools/bench_strength.py), seeded and small: the
    # level starts against an opponent that always answers a position the same way
    for level in (2, 3, 4, 5):
        games = set(bench_strength.play(("cubes", ("level", level), ("fixed", level), seed, True, False))[1]
                    for seed in range(10))
        assert len(games) >= 9, (level, len(games))


def test_the_moves_searched_are_those_that_do_not_lose_at_once():
    # enter(0) keeps exactly the moves after which the opponent cannot win at once
    # (safe(): each move made, the opponent's wins looked up); a win now: WIN; no such
    # move: lost. Random games, every position: most have no line to complete (the
    # shortcut), some do.
    rules = load("cubes")
    seen = {"win": 0, "lost": 0, "searched": 0, "threats": 0}
    for seed in range(40):
        rng = Rng(900 + seed)
        state = rules.new_state()
        while state.status == "playing":
            s = player.Search(state)
            s.start(3)
            value = s.enter(0)
            if s.winning():
                assert value == player.WIN
                seen["win"] += 1
            else:
                safe = s.safe(s.allowed())
                if not safe:
                    assert value == -player.WIN
                    seen["lost"] += 1
                else:
                    assert value is None
                    assert sorted(s.moves[:s.count[0]]) == sorted(safe)
                    seen["searched"] += 1
                    seen["threats"] += any(s.t1) or any(s.t2)
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
    assert all(seen.values()), seen
