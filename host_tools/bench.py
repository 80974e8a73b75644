"""Memory and speed of the firmware under real MicroPython (wasm), as built for the Pico
(the Pico's times ESTIMATED as PICO_FACTOR times those: `..._pico_est`), Foursquare's hint
against random placement, then what the board survives (docs/RELIABILITY.md: fuzz, power
cuts, soak; with the virtual Pico, its power cuts and power-ups).

    python -m host_tools.bench [--no-build] [--seed N] [--summary] [--strict] [--deals N]
                               [--fuzz-events N] [--soak-games N] [--no-vpico]
"""
import argparse
import multiprocessing
import subprocess
import sys

from host_tools import bench_pistes
from host_tools import build as build_tool
from host_tools import fuzz, powercut, soak, upy_tests
from host_tools import targets

BENCH_UPY = upy_tests.os.path.join(upy_tests.UPY_DIR, "bench_upy.py")
CARD_MODES = ("cards", "deal")  # the card game's modes on the board, each measured from boot
PICO_FACTOR = 15  # Pico time ~ this x wasm MicroPython time on a desktop (an estimate)
HEAP_TARGET = 64 * 1024  # bytes of live heap at most, anywhere in a game
# (what, measurement, target in Pico-estimated ms)
TIME_TARGETS = (
    ("a frame rendered (Pixels.show)", "frame_show", 5),
    ("boot to the menu", "boot_to_menu", 1000),
)
# Press to answer on the virtual Pico (issue #23; host_tools/vpico/answers.py): (figure
# suffix, what it is, ms from the contact, or the hold time, to the answer's frame).
ANSWER_TARGETS = (("_press_to_answer_max", "press to answer, worst", 10),
                  ("_press_to_answer_mean", "press to answer, mean", 8),
                  ("_undo_to_answer_max", "undo to answer, worst", 20),
                  ("_hint_to_answer_max", "hint to answer, worst", 20),
                  ("_card_pick_to_answer_max", "card pick to answer, worst", 20),
                  ("_hold_to_answer_max", "hold to answer, worst", 20),
                  ("_resume_to_answer", "resume to answer", 100))
MENU_ANSWER_TARGET = 20
RULES_TARGET = 20  # ms of rules work (legal moves, the move, a squeeze) per move
# Sending a frame down the WS2812B chain: 24 bits an LED at 800 kHz, then the >= 280 us
# latch (the WS2812B datasheet). Computed, not measured: the frame is on the wire this long (the
# PIO sends it while the CPU goes on), and a key press is only seen once it has been sent.
LED_WRITE_MS = 144 * 24 / 800 + 0.28
HINT_TARGET = 2000  # ms for the Foursquare hint to choose a cell on the Pico (issue #9)
HINT_HEAP_TARGET = HEAP_TARGET  # bytes one hint call may allocate at most
DEALS = 2000  # Foursquare deals the hint plays (seeds 0..DEALS-1)
WIN_RATE_TARGET = 90  # percent of those deals the hint should win
SOAK_SLOPE_TARGET = 10  # bytes a game the menu's heap may grow, at most (flat: about 0)


def run_bench(seed=1, heap=upy_tests.HEAP, per_move=False, passes=5, build_dir=upy_tests.BUILD):
    """Runs the MicroPython side; returns (measurements {name: (value, unit)}, notes).
    passes: timed runs of each game (each time is the least over them).

    The card game on the board is played once per mode, each in an interpreter of its
    own from boot (bench_upy.py's cards_board_game says why: played after another game,
    a game's heap could count that game's unloaded modules, held by a stray word the
    conservative collector takes for a pointer). The whole bench's heap_peak is the
    highest of the runs'."""
    values, notes = {}, []
    jobs = [{"card_modes": []}] + [{"card_modes": [mode], "cards_only": True} for mode in CARD_MODES]
    for job in jobs:
        config = upy_tests.job_config([], heap, build_dir)
        config["script"] = BENCH_UPY
        config["loop"] = "MORE = NEXT()"
        config["args"].update(job, seed=seed, per_move=per_move, passes=passes)
        proc = subprocess.run(upy_tests.node_command(config), capture_output=True, text=True,
                              cwd=build_tool.ROOT, timeout=upy_tests.TIMEOUT_S)
        if proc.returncode != 0:
            raise RuntimeError("the bench failed under MicroPython:\n%s" % proc.stderr.strip())
        merge_run(values, notes, proc.stdout.splitlines())
    return values, notes


def merge_run(values, notes, lines):
    """Adds one run's records to values (a figure the first run gave, e.g. heap_boot, is
    kept; heap_peak is the highest, its note with it) and its other lines to notes."""
    peak = values.get("heap_peak", (-1,))[0]
    for line in lines:
        if line.startswith("@@M\t"):
            _, name, value, unit = line.split("\t")
            try:
                value = float(value)
            except ValueError:
                pass
            if name == "heap_peak" and value > peak:
                values[name] = (value, unit)
            elif name not in values:
                values[name] = (value, unit)
        elif upy_tests.is_qstr_line(line):
            continue
        elif line.startswith("# heap peak at: "):
            if values.get("heap_peak", (None,))[0] != peak:  # this run's peak is the new one
                notes[:] = [note for note in notes if not note.startswith("# heap peak at: ")]
                notes.append(line)
        else:
            notes.append(line)
    for name, value in upy_tests.qstr_records(lines).items():
        values.setdefault(name, value)


def bench_lines(values):
    """The BENCH lines and the target verdicts. Returns (lines, missed targets)."""
    lines = ["# Times: `_wasm` measured under MicroPython (wasm) on this machine (the least of",
             "# several runs); `_pico_est` is an ESTIMATE of the Pico's: %dx the wasm time." % PICO_FACTOR,
             "# Heap: live bytes (gc.mem_alloc() after a collection) above the bench's own."]
    missed = []
    for name, (value, unit) in values.items():
        if unit == "ms":
            lines.append("BENCH %s_wasm %.3f ms" % (name, value))
            lines.append("BENCH %s_pico_est %.2f ms" % (name, value * PICO_FACTOR))
        elif unit == "bytes":
            lines.append("BENCH %s %d bytes" % (name, value))
        elif isinstance(value, float):
            lines.append("BENCH %s %d %s" % (name, value, unit))
        else:
            lines.append("BENCH %s %s %s" % (name, value, unit))
    lines.append("")

    def verdict(what, est, target, unit):
        ok = est <= target
        if not ok:
            missed.append(what)
        lines.append(targets.verdict(what, ok, "<= %g %s: %.2f %s" % (target, unit, est, unit)))
        return ok

    peak = values.get("heap_peak", (None,))[0]
    if peak is not None:
        lines.append(heap_watch("live heap peak", peak))
        lines.append("BENCH heap_peak_kb %.1f KB" % (peak / 1024))
    lines.append("BENCH led_write_computed %.2f ms" % LED_WRITE_MS)
    for what, name, target in TIME_TARGETS:
        if name in values:
            verdict(what + " (Pico est.)", values[name][0] * PICO_FACTOR, target, "ms")
    for name in sorted(values):
        if name.endswith("_move_max") and values[name][1] == "ms":
            verdict("%s rules: legal moves + play, worst move (Pico est.)" % name[: -len("_move_max")],
                    values[name][0] * PICO_FACTOR, RULES_TARGET, "ms")
        if name == "foursquare_hint_time_max":
            verdict("foursquare hint, worst move (Pico est.)", values[name][0] * PICO_FACTOR, HINT_TARGET, "ms")
        if name == "foursquare_hint_alloc_max":
            verdict("foursquare hint, bytes allocated by one call", values[name][0] / 1024,
                    HINT_HEAP_TARGET / 1024, "KB")
    return lines, missed


def heap_watch(what, peak):
    """The 64 KB heap: a goal watched (the card game and 4 pistes are over it), not a target."""
    return targets.watch(what, peak <= HEAP_TARGET, "<= %g KB: %.2f KB" % (HEAP_TARGET / 1024, peak / 1024))


def foursquare_deal(job):
    """(won, score) of deal `seed` played by `policy`: "hint" or "random" (a seeded
    uniform choice among the legal cells)."""
    seed, policy = job
    from games.foursquare import rules as foursquare
    from games.foursquare.hint import best_move
    from games.rng import Rng

    state = foursquare.new_state(rng=Rng(seed))
    pick = Rng(seed + 1000003)
    while state.status == "playing":
        if policy == "hint":
            state.play(best_move(state))
        else:
            legal = state.legal_moves()
            state.play(legal[pick.below(len(legal))])
    return state.status == "won", state.stock()


def foursquare_lines(deals, processes=2):
    """BENCH lines of the hint's and random placement's win rates over deals 0..deals-1,
    and the win-rate verdict. Returns (lines, missed)."""
    lines = ["# Foursquare: %d deals (seeds 0..%d) under CPython, the hint's policy and random"
             " placement on each" % (deals, deals - 1)]
    missed = []
    with multiprocessing.Pool(processes) as pool:
        for policy in ("hint", "random"):
            results = pool.map(foursquare_deal, [(seed, policy) for seed in range(deals)], chunksize=10)
            wins = [score for won, score in results if won]
            rate = 100.0 * len(wins) / deals
            lines.append("BENCH foursquare_%s_win_rate %.2f %%" % (policy, rate))
            lines.append("BENCH foursquare_%s_mean_win_score %s cards"
                         % (policy, "%.2f" % (sum(wins) / len(wins)) if wins else "n/a"))
            if policy == "hint":
                ok = rate >= WIN_RATE_TARGET
                lines.append(targets.verdict("foursquare hint win rate", ok,
                                             ">= %g %%: %.2f %%" % (WIN_RATE_TARGET, rate)))
                if not ok:
                    missed.append("foursquare hint win rate")
    lines.append("BENCH foursquare_deals %d deals" % deals)
    return lines, missed


def vpico_lines(wasm, vpico):
    """The virtual Pico's figures (emulated time), the measured Pico/wasm ratio of each
    time measured on both, and its targets. Returns (lines, missed targets)."""
    lines = ["", "# The virtual Pico (MicroPython's rp2 firmware on an emulated RP2040): emulated",
             "# time, exact and the same on every run; `_vpico` figures are measured, not estimated."]
    missed = []
    if "heap_peak" in vpico and "heap_baseline_excluded" in vpico:  # with MicroPython's and the bench's own
        vpico["heap_peak_with_baseline"] = (vpico["heap_peak"][0] + vpico["heap_baseline_excluded"][0], "bytes")
    if "scan_pass" in vpico and "scan_hz" in vpico:  # the share of the CPU the timer scan takes
        vpico["scan_cpu_share"] = (vpico["scan_pass"][0] * vpico["scan_hz"][0] / 10, "%")
    for name, (value, unit) in sorted(vpico.items()):
        shown = ("%.3f" % value) if unit in ("ms", "%") else "%d" % value
        lines.append("BENCH %s_vpico %s %s" % (name, shown, unit))
    ratios = []
    for name, (value, unit) in sorted(vpico.items()):
        if unit == "ms" and name in wasm and wasm[name][1] == "ms" and wasm[name][0] > 0.001:
            ratios.append(value / wasm[name][0])
            lines.append("BENCH %s_vpico_over_wasm %.1f x" % (name, ratios[-1]))
    if ratios:
        ratios.sort()
        lines.append("BENCH pico_factor_measured %.1f x  (median Pico/wasm ratio; the estimate uses %d)"
                     % (ratios[len(ratios) // 2], PICO_FACTOR))

    def verdict(what, value, target, unit):
        ok = value <= target
        if not ok:
            missed.append(what + " (virtual Pico)")
        lines.append(targets.verdict(what + " (virtual Pico)", ok, "<= %g %s: %.2f %s" % (target, unit, value, unit)))

    if "heap_peak" in vpico:
        lines.append(heap_watch("live heap peak (virtual Pico)", vpico["heap_peak"][0]))
    if "boot_to_menu_main" in vpico:
        verdict("boot to the menu (main.py, first LED frame)", vpico["boot_to_menu_main"][0], 1000, "ms")
    for name in sorted(vpico):
        if name.endswith("_move_max") and vpico[name][1] == "ms":
            verdict("%s rules per move, worst" % name[: -len("_move_max")], vpico[name][0], RULES_TARGET, "ms")
        for suffix, what, target in ANSWER_TARGETS:
            if name.endswith(suffix) and vpico[name][1] == "ms":
                if name.startswith(("menu_", "setup_")):
                    target = MENU_ANSWER_TARGET  # the menu's and a setup screen's presses
                verdict("%s %s" % (name[: -len(suffix)].replace("_", " "), what), vpico[name][0], target, "ms")
                break
    if "press_answers_missed" in vpico:
        verdict("presses whose answer never showed", vpico["press_answers_missed"][0], 0, "presses")
    if "key_scan_settle_ns" in vpico:  # the scan reads a row's columns no sooner than its wires settle
        shortest, needed = vpico["key_scan_settle_ns"][0], vpico["key_scan_settle_needed_ns"][0]
        what = "key scan's wait from a row's drive to its read (virtual Pico's wires)"
        if shortest < needed:
            missed.append(what)
        need = "%d ns" % needed if needed < 10 ** 9 else "a wait no scan can make (rows too weak)"
        lines.append(targets.verdict(what, shortest >= needed, ">= %s: %d ns" % (need, shortest)))
    return lines, missed


def reliability_lines(fuzz_events=fuzz.EVENTS, soak_games=soak.GAMES, seed=1, power_moves=None,
                      build_dir=upy_tests.BUILD, vpico=True):
    """The figures of what the board survives, and their verdicts: (lines, missed).
    power_moves: the power-cut games cut to that many moves (default: full games);
    vpico: the power cuts on the virtual Pico's littlefs too, where it can run."""
    import time

    lines, missed = [], []

    def verdict(what, value, target, unit):
        ok = value <= target
        if not ok:
            missed.append(what)
        lines.append(targets.verdict(what, ok, "<= %g %s: %g %s" % (target, unit, value, unit)))

    start = time.time()
    run = fuzz.Fuzz(seed, out=lambda text: lines.append("# " + text.replace("\n", "\n# ")))
    run.run(fuzz_events)
    lines += fuzz.bench_lines(run, time.time() - start)
    verdict("random key events that crashed the app", run.crashes, 0, "events")
    verdict("random key events that broke a check", run.failures, 0, "events")
    tried, lost = powercut.run(seed, power_moves, out=lambda text: lines.append("# " + text))
    lines += ["BENCH power_cuts_tried %d cuts" % tried, "BENCH power_cut_games_lost %d games" % lost]
    verdict("power cuts that lost a game", lost, 0, "games")
    lines += vpico_powercut_lines(seed, power_moves, build_dir, vpico, verdict)
    heaps, errors = soak.run_soak(soak_games, seed, build_dir)
    soak_lines = soak.bench_lines(heaps, errors, len(powercut.catalog.TILES))
    lines += soak_lines
    verdict("games of the soak that raised", len(errors), 0, "games")
    for line in soak_lines:
        if line.startswith("BENCH soak_heap_max "):  # the menu's heap between games
            lines.append(heap_watch("menu heap between soak games, worst", int(line.split()[2])))
        if line.startswith("BENCH soak_heap_slope "):
            verdict("menu heap growth a game (soak slope)", abs(float(line.split()[2])), SOAK_SLOPE_TARGET, "bytes")
    return lines, missed


def vpico_powercut_lines(seed, power_moves, build_dir, vpico, verdict):
    """The power cuts on the rp2 port's own littlefs (host_tools.vpico.powercut), or
    SKIPPED lines where the virtual Pico cannot run."""
    from host_tools.vpico import board
    from host_tools.vpico import powercut as vpico_powercut

    lacking = board.missing() if vpico else ["--no-vpico"]
    if lacking:
        return ["BENCH power_cuts_tried_vpico SKIPPED (%s)" % "; ".join(lacking),
                "BENCH power_cut_games_lost_vpico SKIPPED",
                "BENCH power_cut_boots_tried_vpico SKIPPED",
                "BENCH power_cut_boots_failed_vpico SKIPPED"]
    lines = []
    try:
        tried, lost, figures = vpico_powercut.run(seed, power_moves, out=lines.append, build_dir=build_dir,
                                                  main_every=vpico_powercut.MAIN_EVERY, main_torn=True)
    except board.VpicoError as error:
        raise RuntimeError("the power cuts on the virtual Pico failed: %s" % error)
    lines += vpico_powercut.bench_lines(tried, lost, figures)
    verdict("power cuts that lost a game (virtual Pico)", lost, 0, "games")
    verdict("power-ups of main.py on a cut that failed", figures["main_failed"], 0, "boots")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="bench build/ as it is")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games' move choices")
    parser.add_argument("--summary", action="store_true",
                        help="the heap of a game as mean and max only, not after every move")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--deals", type=int, default=DEALS,
                        help="Foursquare deals the hint plays under CPython (seeds 0..N-1; 0: none)")
    parser.add_argument("--fuzz-events", type=int, default=fuzz.EVENTS,
                        help="random key events of the fuzz (default %d)" % fuzz.EVENTS)
    parser.add_argument("--soak-games", type=int, default=soak.GAMES,
                        help="games of the soak under MicroPython (default %d)" % soak.GAMES)
    parser.add_argument("--no-vpico", action="store_true", help="leave out the virtual Pico's figures")
    args = parser.parse_args(argv)
    try:
        if not args.no_build:
            build_tool.build()
        values, notes = run_bench(args.seed, per_move=not args.summary)
    except (build_tool.BuildError, RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        print("bench FAILED: %s" % error, file=sys.stderr)
        return 1
    for line in notes:
        print(line)
    lines, missed = bench_lines(values)
    for line in lines:
        print(line)
    if not args.no_vpico:
        from host_tools.vpico import bench as vpico_bench, board

        if board.missing():
            print("# virtual Pico figures skipped: missing %s" % "; ".join(board.missing()))
        else:
            try:
                vpico, vnotes = vpico_bench.run()
            except board.VpicoError as error:
                print("bench FAILED on the virtual Pico: %s" % error, file=sys.stderr)
                return 1
            for line in vnotes:
                print("# vpico: " + line.lstrip("# "))
            vlines, vmissed = vpico_lines(values, vpico)
            missed += vmissed
            for line in vlines:
                print(line)
    if args.deals > 0:
        lines, more = foursquare_lines(args.deals)
        missed += more
        for line in [""] + lines:
            print(line)
    for line in bench_pistes.bench_lines():  # how well the board plays 4 pistes (CPython)
        print(line)
        if line.startswith("TARGET") and line.endswith("MISSED"):
            missed.append("pistes board vs first-roll")
    sys.stdout.flush()
    try:
        more, more_missed = reliability_lines(args.fuzz_events, args.soak_games, args.seed, vpico=not args.no_vpico)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        print("bench FAILED: %s" % error, file=sys.stderr)
        return 1
    for line in more:
        print(line)
    missed += more_missed
    print("targets: %s" % ("all met" if not missed else "MISSED: " + ", ".join(missed)))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
