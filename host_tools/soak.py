"""Soak: games after games across every menu tile in one run under real MicroPython
(wasm, build/ as the Pico's filesystem, the simulator's drivers), random legal moves
pressed as keys, the live heap (gc.mem_alloc() back in the menu) after each game. The
saves go to files through the firmware's FileStorage (outside the heap, as on a Pico's
flash), and each press is its own top-level call (the wasm port collects only there), so
the heap measured is the firmware's.

    python -m host_tools.soak [--games N] [--seed N] [--no-build] [--each]

Prints `BENCH soak_games`, `BENCH soak_exceptions` (target 0), the heap after the
first and the last game, and `BENCH soak_heap_slope` (bytes a game, least squares over
the games after the first round of every tile: target flat, about 0); --each prints
the heap after every game. Exit 1 if a game raised.
"""
import argparse
import subprocess
import sys

from host_tools import build as build_tool
from host_tools import upy_tests

SOAK_UPY = upy_tests.os.path.join(upy_tests.UPY_DIR, "soak_upy.py")
GAMES = 1000  # what `make bench` plays
TIMEOUT_S = 3600


def run_soak(games=GAMES, seed=1, build_dir=upy_tests.BUILD):
    """Returns (heaps [(game number, tile, bytes)], exceptions [(game, tile, text)])."""
    config = upy_tests.job_config([], upy_tests.HEAP, build_dir)
    config["script"] = SOAK_UPY
    config["args"].update({"games": games, "seed": seed})
    proc = subprocess.run(upy_tests.node_command(config), capture_output=True, text=True,
                          cwd=build_tool.ROOT, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        raise RuntimeError("the soak failed under MicroPython:\n%s" % proc.stderr.strip()[-3000:])
    heaps, errors = [], []
    for line in proc.stdout.splitlines():
        fields = line.split("\t")
        if fields[0] == "@@H":
            heaps.append((int(fields[1]), fields[2], int(fields[3])))
        elif fields[0] == "@@X":
            errors.append((int(fields[1]), fields[2], fields[3]))
    return heaps, errors


def slope(points):
    """Least-squares slope of [(x, y)], or 0.0 with fewer than two points."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    var = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / var if var else 0.0


def bench_lines(heaps, errors, tiles, each=False):
    """The BENCH lines. The slope leaves out the first round of the tiles, where each
    game's modules and names are met for the first time."""
    lines = []
    if each:
        lines += ["BENCH soak_heap_game_%d_%s %d bytes" % (n, label, value) for n, label, value in heaps]
    lines.append("BENCH soak_games %d games" % len(heaps))
    lines.append("BENCH soak_exceptions %d exceptions" % len(errors))
    if heaps:
        lines.append("BENCH soak_heap_first_game %d bytes" % heaps[0][2])
        lines.append("BENCH soak_heap_last_game %d bytes" % heaps[-1][2])
        lines.append("BENCH soak_heap_max %d bytes" % max(h[2] for h in heaps))
        steady = [(n, value) for n, _, value in heaps if n > tiles]
        lines.append("BENCH soak_heap_slope %.1f bytes/game" % slope(steady))
    for n, label, text in errors[:5]:
        lines.append("# soak game %d (%s) raised: %s" % (n, label, text))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games to play (default %d)" % GAMES)
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves")
    parser.add_argument("--no-build", action="store_true", help="use build/ as it is")
    parser.add_argument("--each", action="store_true", help="the heap after every game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    from app import catalog

    try:
        if not args.no_build:
            build_tool.build()
        heaps, errors = run_soak(args.games, args.seed)
    except (build_tool.BuildError, RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        print("soak FAILED: %s" % error, file=sys.stderr)
        return 1
    for line in bench_lines(heaps, errors, len(catalog.TILES), args.each):
        print(line)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
