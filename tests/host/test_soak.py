# host_tools.soak: games after games under real MicroPython with the heap after each;
# and the reliability figures `make bench` prints (a small budget of each).
import os
import shutil

import pytest

from app import catalog
from host_tools import bench, build, soak

HAVE_NODE = shutil.which("node") is not None and os.path.exists(
    os.path.join(build.ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript"))


def test_slope():
    assert soak.slope([(1, 100), (2, 110), (3, 120)]) == 10
    assert soak.slope([(1, 5), (2, 5)]) == 0 and soak.slope([(1, 5)]) == 0.0


def test_bench_lines():
    heaps = [(1, "connect4", 1000), (2, "cubes", 1200), (3, "connect4", 1100), (4, "cubes", 1100)]
    lines = soak.bench_lines(heaps, [(3, "cubes", "ValueError: x")], tiles=2, each=True)
    assert "BENCH soak_heap_game_2_cubes 1200 bytes" in lines
    assert "BENCH soak_games 4 games" in lines and "BENCH soak_exceptions 1 exceptions" in lines
    assert "BENCH soak_heap_slope 0.0 bytes/game" in lines  # games 3 and 4: past the first round
    assert "# soak game 3 (cubes) raised: ValueError: x" in lines
    assert all(len(line.split()) == 4 for line in lines if line.startswith("BENCH"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("soak") / "build")
    build.build(build.FIRMWARE, out, log=lambda _: None)
    return out


@pytest.mark.skipif(not HAVE_NODE, reason="node and `npm ci` needed")
def test_games_under_micropython_on_every_tile(built):
    games = 2 * len(catalog.TILES)
    heaps, errors = soak.run_soak(games, seed=2, build_dir=built)
    assert errors == []
    assert [n for n, _, _ in heaps] == list(range(1, games + 1))
    labels = [label for _, label, _ in heaps[:len(catalog.TILES)]]
    assert [label.split("_")[0] for label in labels] == [t[0] for t in catalog.TILES]
    # a live heap, in bytes (its size is `make bench`'s target, not this test's)
    assert all(10000 < value for _, _, value in heaps)


@pytest.mark.skipif(not HAVE_NODE, reason="node and `npm ci` needed")
def test_the_reliability_figures_of_make_bench(built):
    lines, missed = bench.reliability_lines(fuzz_events=200, soak_games=len(catalog.TILES) + 1, seed=3,
                                            power_moves=2, build_dir=built, vpico=False)
    figures = dict((line.split()[1], int(float(line.split()[2]))) for line in lines
                   if line.startswith("BENCH ") and "SKIPPED" not in line)
    assert figures["fuzz_events"] == 200 and figures["fuzz_crashes"] == 0
    assert figures["power_cuts_tried"] > 50 and figures["power_cut_games_lost"] == 0
    assert figures["soak_games"] == len(catalog.TILES) + 1 and figures["soak_exceptions"] == 0
    assert "BENCH power_cuts_tried_vpico SKIPPED (--no-vpico)" in lines  # tests/host/test_vpico.py has its own
    assert "BENCH power_cut_boots_failed_vpico SKIPPED" in lines
    verdicts = [line for line in lines if line.startswith("TARGET ")]
    assert len(verdicts) == 5 and all(line.endswith(" OK") for line in verdicts)
    # the heap is a goal watched (64 KB), reported either way, never a target missed
    heap = [line for line in lines if "menu heap between soak games" in line and line.startswith("WATCH ")]
    assert len(heap) == 1 and heap[0].endswith((" within", " over"))
    assert missed == []
