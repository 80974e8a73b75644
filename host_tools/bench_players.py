"""The board's players (games/GAME/player.py), measured. Part of `make bench`.

Prints `BENCH <name> <value> <unit>` lines, then TARGET verdicts:
  - per game, the win rate of each level against the baseline (wins when it can,
    blocks a loss in one, else random; colours alternated), and level 1 against level
    5 (CPython: the players are deterministic, the interpreter does not matter here);
  - Connect Four: the rate at which level 5 keeps the game-theoretic value in
    mid-game positions where some move would change it (labelled by the exact solver);
  - under MicroPython (wasm): the strongest level's time per move (mean, worst;
    `_pico_est` = PICO_FACTOR x wasm, the bytecode's: not the Pico's where its
    search is native code, NATIVE_ON_PICO), from how many empty cells it solves Connect
    Four exactly within its budget, the live heap while the board thinks (each game
    through the app, people only and with the board in seats, 4 pistes included);
  - on the virtual Pico (when its image is there: host_tools/vpico), the strongest
    level's time per move in emulated time, `<game>_level5_move_{mean,max}_vpico`:
    the figure the 2 s target is checked against (else the wasm estimate's), and its
    longest slice, `<game>_level5_slice_max_vpico` (the app's loop waits that long).

    python -m host_tools.bench_players [--games N] [--positions N] [--no-upy] [--no-vpico]
"""
import argparse
import os
import subprocess
import sys
from multiprocessing import Pool

from host_tools import build as build_tool
from host_tools import upy_tests
from host_tools import targets
from host_tools.bench import PICO_FACTOR, heap_watch

from games import load
from games.players import load_player
from games.levels import LEVELS
from games.search import finish
from games.rng import Rng

GAMES = ("connect4", "squeeze", "cubes")
HEAP_GAMES = GAMES + ("pistes",)  # 4 pistes: the board plays any seat (games/pistes/player.py)
SCRIPT = os.path.join(upy_tests.UPY_DIR, "bench_players_upy.py")
MOVE_TARGET_MS = 2000  # the strongest level answers within 2 s on the Pico
# Their level 5 searches as native code on the Pico (games/*_viper.py): wasm's bytecode
# time says nothing of the Pico's, so only the virtual Pico checks their 2 s.
NATIVE_ON_PICO = ("connect4", "cubes", "squeeze")
WIN_TARGET = 95  # % of games level 5 wins against the baseline
KEEP_TARGET = 97  # % of mid-game Connect Four positions where level 5 keeps the value


def play(job):
    """One game: (game, level of A or 0 for the baseline, level of B, seed, A starts).
    Returns 1 if A won, -1 if B won, 0 for a draw."""
    game, a, b, seed, a_first = job
    rules, player = load(game), load_player(game)
    state = rules.new_state()
    rng = Rng(seed)
    seats = {1: a, 2: b} if a_first else {1: b, 2: a}
    while state.status == "playing":
        level = seats[state.to_move]
        move = player.baseline(state, rng) if level == 0 else finish(player.think(state, level, rng))
        state.play(move)
    if state.winner is None:
        return 0
    return 1 if seats[state.winner] == a else -1


def rates(pool, game, a, b, games):
    """(won %, drawn %, lost %) of A against B over `games` games, colours alternated."""
    results = pool.map(play, [(game, a, b, seed, seed % 2 == 0) for seed in range(games)], chunksize=4)
    n = len(results)
    return tuple(100.0 * sum(1 for r in results if r == v) / n for v in (1, 0, -1))


def keep_rate(positions, seed=11):
    """Connect Four: (kept, positions) where level 5's move keeps the exact value, over
    mid-game positions (12..20 empty cells, reached by random play) where some move
    would change the outcome."""
    c4 = load_player("connect4")
    rules = load("connect4")
    rng = Rng(seed)
    kept = tried = 0
    while tried < positions:
        state = rules.new_state()
        empty = 12 + rng.below(9)
        while state.status == "playing" and 42 - len(state.history) > empty:
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        if state.status != "playing":
            continue
        solved = c4.solve(state, 400000)
        if solved is None or len(solved[1]) == len(state.legal_moves()):
            continue  # not labelled, or every move keeps the value: nothing to get wrong
        tried += 1
        if finish(c4.think(state, 5, Rng(tried))) in solved[1]:
            kept += 1
    return kept, tried


def run_upy(games, passes, **job):
    """bench_players_upy.py under MicroPython (wasm): {name: (value text, unit)}."""
    config = upy_tests.job_config([], upy_tests.HEAP, upy_tests.BUILD)
    config["script"] = SCRIPT
    config["loop"] = "MORE = NEXT()"
    config["args"]["games"] = games
    config["args"]["passes"] = passes
    config["args"].update(job)
    proc = subprocess.run(upy_tests.node_command(config), capture_output=True, text=True,
                          cwd=build_tool.ROOT, timeout=3 * upy_tests.TIMEOUT_S)
    if proc.returncode != 0:
        raise RuntimeError("the players bench failed under MicroPython:\n%s" % proc.stderr.strip())
    values = {}
    for line in proc.stdout.splitlines():
        if line.startswith("@@M\t"):
            _, name, value, unit = line.split("\t")
            values[name] = (value, unit)
    return values


def run_heaps():
    """The live heap of each game through the app, each from a fresh boot to the menu
    (a game played before would leave its names interned: the next one's figure would
    carry them), people only then the board in seats."""
    values = {}
    for game in HEAP_GAMES:
        values.update(run_upy(0, 1, parts=["heap"], heap_games=[game]))
    return values


def run_vpico(games, timed=GAMES, parts=("times",), heap_games=HEAP_GAMES):
    """The strongest level's times per move on the virtual Pico (emulated time: one
    pass is exact), or other parts of bench_players_upy.py there: {name: (value,
    unit)} as run_upy's."""
    import shutil
    import tempfile

    from host_tools.vpico import board
    from host_tools.vpico.bench import parse_records, run_script, script_flash

    config = upy_tests.job_config([], upy_tests.HEAP, upy_tests.BUILD)
    job = dict(config["args"], sys_path=["/host"], parts=list(parts), games=games, passes=1, timed=list(timed),
               heap_games=list(heap_games))
    workdir = tempfile.mkdtemp(prefix="vpico-players-")
    values, notes = {}, []
    try:
        with board.Pico(flash=script_flash(workdir, job, SCRIPT)) as pico:
            pico.enter_raw()
            pico.set_clock()  # (the board's, as main.py sets it)
            lines = run_script(pico, SCRIPT)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    parse_records(lines, values, notes)
    return values


def vpico_times(games):
    """(figures, lines to print): level 5's time per move on the virtual Pico, as
    `BENCH <game>_level5_move_{mean,max}_vpico` lines, or a SKIPPED line saying what is
    missing (no firmware image: CI)."""
    from host_tools.vpico import board

    lacking = board.missing()
    if lacking:
        return {}, ["# virtual Pico times SKIPPED: missing %s" % "; ".join(lacking)]
    vpico = run_vpico(games)
    lines = []
    for game in GAMES:
        for stat in ("move_mean", "move_max", "slice_max"):
            name = "%s_player5_%s" % (game, stat)
            if name in vpico:
                lines.append("BENCH %s_level5_%s_vpico %.1f ms" % (game, stat, vpico[name][0]))
    return vpico, lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per win rate (default 500)")
    parser.add_argument("--positions", type=int, default=200, help="Connect Four positions for the value rate")
    parser.add_argument("--no-upy", action="store_true", help="CPython figures only")
    parser.add_argument("--upy-games", type=int, default=2, help="games per player timed under MicroPython")
    parser.add_argument("--no-vpico", action="store_true", help="leave out the virtual Pico's times")
    parser.add_argument("--vpico-games", type=int, default=2, help="games per player timed on the virtual Pico")
    args = parser.parse_args(argv)
    missed = []

    def verdict(what, value, target, unit, most=True):
        ok = value <= target if most else value >= target
        if not ok:
            missed.append(what)
        print(targets.verdict(what, ok, "%s %g %s: %.1f %s" % ("<=" if most else ">=", target, unit, value, unit)))

    lines = []
    if not args.no_upy:
        try:
            values = run_heaps()
            values.update(run_upy(args.upy_games, 3, parts=["times", "solve"]))
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
            print("bench FAILED: %s" % error, file=sys.stderr)
            return 1
        print("# %s: level 5 searches as native code on the Pico; the _pico_est of its moves is the"
              " bytecode's, not the Pico's (see _vpico)" % ", ".join(NATIVE_ON_PICO))
        for name, (value, unit) in values.items():
            if unit == "ms":
                print("BENCH %s_wasm %.3f ms" % (name, float(value)))
                print("BENCH %s_pico_est %.1f ms" % (name, float(value) * PICO_FACTOR))
            elif "/" in value:  # solved / tried
                done, tried = value.split("/")
                if int(tried):
                    print("BENCH %s %.0f %%" % (name, 100.0 * int(done) / int(tried)))
            else:
                print("BENCH %s %s %s" % (name, value, unit))
        vpico = {}
        if not args.no_vpico:
            from host_tools.vpico import board

            try:
                vpico, vlines = vpico_times(args.vpico_games)
            except board.VpicoError as error:
                print("bench FAILED on the virtual Pico: %s" % error, file=sys.stderr)
                return 1
            for line in vlines:
                print(line)
        for game in GAMES:
            name = "%s_player5_move_max" % game
            if name in vpico:  # measured on the (virtual) Pico
                lines.append((verdict, ("%s level 5, worst move (vPico)" % game, vpico[name][0], MOVE_TARGET_MS,
                                        "ms")))
            elif name in values and game not in NATIVE_ON_PICO:
                lines.append((verdict, ("%s level 5, worst move (Pico est.)" % game,
                                        float(values[name][0]) * PICO_FACTOR, MOVE_TARGET_MS, "ms")))
        for game in HEAP_GAMES:  # the 64 KB heap: a goal watched (host_tools.bench.heap_watch)
            name = "heap_%s_board_thinking_max" % game
            if name in values:
                lines.append((print, (heap_watch("%s live heap, board thinking" % game, int(values[name][0])),)))
        # the most empty cells from which every position tried, and all below, solved
        solved_from = 0
        for empty in range(10, 43, 2):
            value = values.get("connect4_solved_within_budget_%d_empty" % empty, ("0/0",))[0]
            done, tried = value.split("/")
            if done != tried:
                break
            if int(tried):
                solved_from = empty
        print("BENCH connect4_level5_solves_exactly_from %d empty_cells" % solved_from)
        for game in HEAP_GAMES:
            people = values.get("heap_%s_people_only_max" % game)
            board = values.get("heap_%s_board_thinking_max" % game)
            if people and board:
                print("BENCH heap_%s_player_extra %d bytes" % (game, int(board[0]) - int(people[0])))
    with Pool(2) as pool:
        for game in GAMES:
            for level in LEVELS:
                won, drawn, lost = rates(pool, game, level, 0, args.games)
                print("BENCH %s_level%d_vs_baseline_won %.1f %%" % (game, level, won))
                print("BENCH %s_level%d_vs_baseline_drawn %.1f %%" % (game, level, drawn))
                if level == 5:
                    lines.append((verdict, ("%s level 5 wins against the baseline" % game, won, WIN_TARGET, "%",
                                            False)))
            won, drawn, lost = rates(pool, game, 1, 5, max(4, args.games // 5))
            print("BENCH %s_level1_vs_level5_lost %.1f %%" % (game, lost))
            lines.append((verdict, ("%s level 1 loses most games to level 5" % game, lost, 50, "%", False)))
    kept, tried = keep_rate(args.positions)
    print("BENCH connect4_level5_keeps_value %.1f %%" % (100.0 * kept / tried))
    print("BENCH connect4_level5_keeps_value_positions %d positions" % tried)
    lines.append((verdict, ("connect4 level 5 keeps the exact value", 100.0 * kept / tried, KEEP_TARGET, "%", False)))
    print("")
    for func, fargs in lines:
        func(*fargs)
    print(targets.summary("players", missed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
