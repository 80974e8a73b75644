"""Memory and speed of the firmware under real MicroPython (wasm), as built for the Pico.

Prints `BENCH <name> <value> <unit>` lines: the live heap (gc.mem_alloc() after
gc.collect()) at boot, in the menu and after every move of a full game of each game
(deterministic: a seeded Rng picks among the legal moves), and the times of an app
tick, of rendering a frame, of a key press to its new frame, of boot to the menu and of
each game's rules per move. Times are measured under this interpreter on this machine;
the Pico's are ESTIMATED as PICO_FACTOR times those (`..._pico_est`), then checked
against the targets.

    python -m host_tools.bench [--no-build] [--seed N] [--summary] [--strict]
"""
import argparse
import subprocess
import sys

from host_tools import build as build_tool
from host_tools import upy_tests

BENCH_UPY = upy_tests.os.path.join(upy_tests.UPY_DIR, "bench_upy.py")
PICO_FACTOR = 15  # Pico time ~ this x wasm MicroPython time on a desktop (an estimate)
HEAP_TARGET = 64 * 1024  # bytes of live heap at most, anywhere in a game
# (what, measurement, target in Pico-estimated ms)
TIME_TARGETS = (
    ("a frame rendered (Pixels.show)", "frame_show", 5),
    ("boot to the menu", "boot_to_menu", 1000),
)
PRESS_TARGET = 20  # ms from a key press to its new frame on the LEDs (Pico estimate)
RULES_TARGET = 20  # ms of rules work (legal moves, the move, a squeeze) per move
# Sending a frame down the WS2812B chain: 24 bits an LED at 800 kHz, then the >= 280 us
# latch (HARDWARE.md). Computed, not measured: neopixel.write() blocks this long on the
# Pico, and a key press is only seen once its frame has been sent.
LED_WRITE_MS = 144 * 24 / 800 + 0.28


def run_bench(seed=1, heap=upy_tests.HEAP, per_move=False, passes=5, build_dir=upy_tests.BUILD):
    """Runs the MicroPython side; returns (measurements {name: (value, unit)}, notes).
    passes: timed runs of each game (each time is the least over them)."""
    config = upy_tests.job_config([], heap, build_dir)
    config["script"] = BENCH_UPY
    config["loop"] = "MORE = NEXT()"
    config["args"]["seed"] = seed
    config["args"]["per_move"] = per_move
    config["args"]["passes"] = passes
    proc = subprocess.run(upy_tests.node_command(config), capture_output=True, text=True,
                          cwd=build_tool.ROOT, timeout=upy_tests.TIMEOUT_S)
    values, notes = {}, []
    for line in proc.stdout.splitlines():
        if line.startswith("@@M\t"):
            _, name, value, unit = line.split("\t")
            try:
                value = float(value)
            except ValueError:
                pass
            values[name] = (value, unit)
        else:
            notes.append(line)
    if proc.returncode != 0:
        raise RuntimeError("the bench failed under MicroPython:\n%s" % proc.stderr.strip())
    return values, notes


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
        lines.append("TARGET %-44s <= %g %s: %.2f %s %s" % (what, target, unit, est, unit,
                                                          "OK" if ok else "MISSED"))
        return ok

    peak = values.get("heap_peak", (None,))[0]
    if peak is not None:
        verdict("live heap peak", peak / 1024, HEAP_TARGET / 1024, "KB")
        lines.append("BENCH heap_peak_kb %.1f KB" % (peak / 1024))
    lines.append("BENCH led_write_computed %.2f ms" % LED_WRITE_MS)
    for what, name, target in TIME_TARGETS:
        if name in values:
            verdict(what + " (Pico est.)", values[name][0] * PICO_FACTOR, target, "ms")
    for name in sorted(values):
        if name.endswith("_move_max") and values[name][1] == "ms":
            verdict("%s rules: legal moves + play, worst move (Pico est.)" % name[: -len("_move_max")],
                    values[name][0] * PICO_FACTOR, RULES_TARGET, "ms")
        if name.endswith("_press_to_frame_max"):
            game = name[: -len("_press_to_frame_max")]
            verdict("%s key press to new frame on the LEDs, worst (Pico est. + LED write)" % game,
                    values[name][0] * PICO_FACTOR + LED_WRITE_MS, PRESS_TARGET, "ms")
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
        lines.append("TARGET %-44s <= %g %s: %.2f %s %s" % (what + " (virtual Pico)", target, unit, value, unit,
                                                          "OK" if ok else "MISSED"))

    if "heap_peak" in vpico:
        verdict("live heap peak", vpico["heap_peak"][0] / 1024, HEAP_TARGET / 1024, "KB")
    if "boot_to_menu_main" in vpico:
        verdict("boot to the menu (main.py, first LED frame)", vpico["boot_to_menu_main"][0], 1000, "ms")
    for name in sorted(vpico):
        if name.endswith("_press_to_light_max"):
            verdict("%s key press to light, worst" % name[: -len("_press_to_light_max")],
                    vpico[name][0], PRESS_TARGET, "ms")
        if name.endswith("_move_max") and vpico[name][1] == "ms":
            verdict("%s rules per move, worst" % name[: -len("_move_max")], vpico[name][0], RULES_TARGET, "ms")
    return lines, missed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="bench build/ as it is")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games' move choices")
    parser.add_argument("--summary", action="store_true",
                        help="the heap of a game as mean and max only, not after every move")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
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
    print("targets: %s" % ("all met" if not missed else "MISSED: " + ", ".join(missed)))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
