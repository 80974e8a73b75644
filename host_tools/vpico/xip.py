"""How much of a key press's time on a real Pico goes to its XIP flash cache misses: a
game's scenario presses through the real main.py on a virtual Pico with the model's charge
off, counting each tap's instruction fetches from SRAM and XIP flash and the misses of the
cache model, at the board's clock (ports/rp2.py CLOCK_HZ) what each costs (README, "The virtual Pico"). Prints `BENCH
<game>_press_xip_{fetch_pct,miss_extra_ms,miss_extra_pct,misses_max,miss_rate_pct}_vpico`.

    python -m host_tools.vpico.xip [--game NAME ...] [--presses N]
    (default: connect4_win and squeeze, the first 12 presses of their scenarios)
"""
import argparse
import os
import sys
import tempfile

from host_tools import build as build_tool
from host_tools import upy_tests
from host_tools.vpico import bench, board

MISS_SCK = 8 + 4 + 16  # address + mode bits (quad), dummy clocks, 64 data bits (quad)
FLASH_CLKDIV = 2  # PICO_FLASH_SPI_CLKDIV of the SDK's pico.h, at the power-up 125 MHz
POWER_UP_HZ = 125e6
FLASH_MAX_HZ = POWER_UP_HZ / FLASH_CLKDIV  # MicroPython's rp2 port keeps the flash at or under this


def flash_clkdiv(clock_hz):
    """The SSI's divider MicroPython's rp2 port sets for a clock (machine.freq(): the
    smallest even divider that keeps the flash at or under FLASH_MAX_HZ)."""
    divider = -(-int(clock_hz) // int(FLASH_MAX_HZ))
    return divider + (divider & 1)


def miss_extra_cycles(clock_hz):
    """What a miss costs more than the emulator's hit (it charges the hit's cycle), in
    core cycles at `clock_hz`."""
    return MISS_SCK * flash_clkdiv(clock_hz) - 1


def miss_extra_us(clock_hz):
    return miss_extra_cycles(clock_hz) / clock_hz * 1e6
GAMES = ("connect4_win", "squeeze")
PRESSES = 12  # a game's first presses of its scenario (each a few emulated ms of work)
TIMEOUT_S = 1800


def tap_windows(pico, presses):
    """For each tap of the timeline: (release us, end us of the first frame begun after
    it, the counts at the release, the counts at that frame's end), or None (no frame)."""
    ups = [i for i, (_, down, _) in enumerate(pico.key_times) if not down]
    out = []
    for (_, _, _, tap), i in zip(presses, ups):
        if not tap:
            continue
        t = pico.key_times[i][2]
        after = [j for j, (_, _, begin) in enumerate(pico.frames) if begin >= t]
        if not after:
            out.append(None)
            continue
        j = after[0]
        out.append((t, pico.frames[j][0], pico.key_counts[i], pico.frame_counts[j]))
    return out


def figures(name, windows, values):
    """The BENCH values of one game's taps (from tap_windows)."""
    windows = [w for w in windows if w is not None]
    if not windows:
        raise board.VpicoError("%s: no tap lit a frame" % name)
    sram = xip = xip_reads = misses = misses_max = 0
    worst = (0.0, 0.0)  # (extra ms, the tap's press to light ms)
    for start, end, before, after in windows:
        d = [b - a for a, b in zip(before, after)]
        sram += d[0]
        xip += d[1]
        xip_reads += d[1] + d[3]
        misses += d[4]
        misses_max = max(misses_max, d[4])
        extra_ms = d[4] * miss_extra_us(board.CLOCK_HZ) / 1000
        if extra_ms >= worst[0]:
            worst = (extra_ms, (end - start) / 1000)
    values["%s_press_xip_fetch_pct" % name] = (100.0 * xip / max(1, sram + xip), "%")
    values["%s_press_xip_miss_extra_ms" % name] = (worst[0], "ms")
    values["%s_press_xip_miss_extra_pct" % name] = (100.0 * worst[0] / max(worst[1], 1e-9), "%")
    values["%s_press_xip_misses_max" % name] = (misses_max, "misses")
    values["%s_press_xip_miss_rate_pct" % name] = (100.0 * misses / max(1, xip_reads), "%")
    values["%s_press_xip_taps" % name] = (len(windows), "taps")


def measure(names, build_dir=upy_tests.BUILD, presses_max=PRESSES):
    values = {}
    known = dict((g[0], g) for g in bench.PRESS_SCENARIOS)
    scenarios = dict((os.path.basename(p)[:-4], upy_tests.read_scenario(p)) for p in upy_tests.scenario_files())
    with tempfile.TemporaryDirectory(prefix="vpico-xip-") as workdir:
        flash = os.path.join(workdir, "flash.bin")
        for name in names:
            _, script, extra = known[name]
            files = board.build_files(build_dir)
            saves, tile, lines = bench.game_in_flash(scenarios[script], extra)
            files.update(saves)
            board.make_flash(flash, files)
            step = bench.PRESS_MS + bench.SETTLE_MS
            to_game = [] if tile is None else [(tile, 0, bench.PRESS_MS, True), (tile, step, step + bench.PRESS_MS, True)]
            presses = to_game + bench.script_presses(lines, 2 * step + bench.SETTLE_MS)[:presses_max]
            with board.Pico(flash=flash, count_fetches=True, xip_cache=False) as pico:  # (misses uncharged)
                pico.wait_for(lambda: pico.frames, TIMEOUT_S, "the menu's first frame")
                bench.press_latencies(pico, presses, pico.frames[0][0] + 200 * 1000)
            figures(name, tap_windows(pico, presses)[len(to_game):], values)
    return values


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=[g[0] for g in bench.PRESS_SCENARIOS],
                        help="a menu tile's game (repeatable)")
    parser.add_argument("--presses", type=int, default=PRESSES, help="its scenario's first N presses "
                        "(default %(default)s)")
    args = parser.parse_args(argv)
    games = args.game or GAMES
    if board.missing():
        print("# XIP figures skipped: missing %s" % "; ".join(board.missing()))
        return 0
    build_tool.build()
    try:
        for line in bench_lines(measure(games, presses_max=args.presses)):
            print(line)
    except board.VpicoError as e:
        print("xip FAILED: %s" % e, file=sys.stderr)
        return 1
    return 0


def bench_lines(values):
    hz = board.CLOCK_HZ
    yield ("# at %d MHz a miss costs %d cycles more than the emulator charges (%d SCK at clkdiv %d), %.3f us"
           % (hz // 1000000, miss_extra_cycles(hz), MISS_SCK, flash_clkdiv(hz), miss_extra_us(hz)))
    for name in sorted(values):
        value, unit = values[name]
        yield "BENCH %s_vpico %s %s" % (name, ("%.3f" % value) if unit in ("ms", "%") else "%d" % value, unit)


if __name__ == "__main__":
    sys.exit(main())
