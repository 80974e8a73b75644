"""The bench's figures measured on the virtual Pico, in emulated time (each instruction
charged its Cortex-M0+ cycles at 125 MHz: deterministic, whatever the host is doing).

Two parts:
  - host_tools/upy/bench_upy.py (the wasm bench) run on the rp2 port itself, once (emulated
    time does not jitter): the same names, with the rp2 port's own heap;
  - through the board's real drivers, with the real main.py: boot to the first LED frame
    of the menu, key press on the matrix to the end of the next LED frame (the timer scan,
    the app, neopixel's write), a scan pass and its CPU share, a frame rendered by Pixels
    on the real NeoPixel.

    python -m host_tools.vpico.bench [--no-build]
"""
import argparse
import os
import sys
import tempfile

from host_tools import build as build_tool
from host_tools import upy_tests
from host_tools.vpico import board
from host_tools.vpico.tests import compiled

ROOT = build_tool.ROOT
BENCH_UPY = os.path.join(upy_tests.UPY_DIR, "bench_upy.py")
PRESS_MS = 80  # how long a finger holds a key
SETTLE_MS = 600  # after a press, before the next (animations end)
# The games played through main.py for press-to-light: scenario scripts (their presses)
PRESS_SCENARIOS = ("connect4_win", "squeeze", "cubes")
TIMEOUT_S = 1800
MAX_MOVES = 24  # moves of each game played by bench_upy on the virtual Pico

SCAN_CODE = """
import machine, time, pins
from drivers.keys import Rp2MatrixKeys
rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in pins.MATRIX_ROWS]
cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins.MATRIX_COLS]
keys = Rp2MatrixKeys(rows, cols, pins.MATRIX_ROWS, pins.MATRIX_COLS)
t = time.ticks_us()
for _ in range(200):
    keys.scan(0)
print("@@M\\tscan_pass\\t%f\\tms" % (time.ticks_diff(time.ticks_us(), t) / 200 / 1000))
print("@@M\\tscan_hz\\t%d\\tHz" % keys.scan_hz)
import neopixel
from drivers.pixels import Pixels, from_pins
strip = neopixel.NeoPixel(machine.Pin(pins.NEOPIXEL), 144)
px = Pixels(strip, from_pins())
frame = bytearray(432)
for i in range(432):
    frame[i] = (i * 37) & 0xff
px.show(frame)
t = time.ticks_us()
for _ in range(10):
    px.show(frame)
print("@@M\\tframe_show_neopixel\\t%f\\tms" % (time.ticks_diff(time.ticks_us(), t) / 10 / 1000))
t = time.ticks_us()
for _ in range(10):
    strip.write()
print("@@M\\tneopixel_write\\t%f\\tms" % (time.ticks_diff(time.ticks_us(), t) / 10 / 1000))
"""


def parse_records(lines, values, notes):
    for line in lines:
        if line.startswith("@@M\t"):
            _, name, value, unit = line.split("\t")
            values[name] = (float(value), unit)
        elif line.strip():
            notes.append(line)


def run_code(pico, code):
    lines = []
    buf = [""]

    def out(text):
        buf[0] += text
        if os.environ.get("VPICO_DEBUG"):  # progress, as it comes
            sys.stderr.write(text)

    _, error = pico.exec_raw(code, TIMEOUT_S, out)
    lines = buf[0].replace("\r", "").split("\n")
    if error:
        raise board.VpicoError("the bench failed on the virtual Pico:\n" + error)
    return lines


def upy_bench(workdir, build_dir, values, notes, seed=1):
    """bench_upy.py on the rp2 port, one pass (emulated time is exact)."""
    config = upy_tests.job_config([], upy_tests.HEAP, build_dir)
    # one timed pass, one rules copy: emulated time is exact to the microsecond; the
    # first MAX_MOVES moves of each game (the whole games would take the host an hour)
    job = dict(config["args"], seed=seed, per_move=False, passes=1, rules_copies=1, max_moves=MAX_MOVES,
               sys_path=["/host"])
    from host_tools.vpico.tests import pico_files

    files = pico_files(job, build_dir)
    files["/host/bench_upy.mpy"] = compiled(BENCH_UPY, "bench_upy.py")
    flash = os.path.join(workdir, "bench-flash.bin")
    board.make_flash(flash, files)
    with board.Pico(flash=flash) as pico:
        pico.enter_raw()
        lines = run_code(pico, "import sys\nsys.path.append('/host')\nimport bench_upy\n"
                               "while bench_upy.NEXT():\n    pass\n")
        parse_records(lines, values, notes)
        pico.write(b"\x04")  # a fresh heap for the driver figures
        pico.read_until(b"raw REPL; CTRL-B to exit\r\n>", 60)
        parse_records(run_code(pico, SCAN_CODE), values, notes)


def script_presses(lines):
    """(key, down ms, up ms, tap) of a scenario's presses, spaced as a player would; a
    tap acts when the key comes up, a hold while it is down."""
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from app import grid

    t = 0
    out = []
    for line in lines:
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "press":
            out.append((grid.parse(words[1]), t, t + PRESS_MS, True))
            t += PRESS_MS + SETTLE_MS
        elif words[0] == "hold":
            out.append((grid.parse(words[1]), t, t + int(words[2]), False))
            t += int(words[2]) + SETTLE_MS
        elif words[0] == "wait":
            t += int(words[1])
    return out


def press_latencies(pico, presses, start_us):
    """A tap's release on the matrix (the app acts on it) -> the end of the first LED
    frame begun after it, in ms, for every tap of the timeline."""
    for key, down, up, _ in presses:
        pico.key(key, True, start_us + down * 1000)
        pico.key(key, False, start_us + up * 1000)
    last = start_us + (presses[-1][2] + SETTLE_MS) * 1000
    n = len(presses) * 2
    pico.wait_for(lambda: len(pico.key_times) >= n, TIMEOUT_S, "the presses")
    pico.wait_for(lambda: pico.frames and pico.frames[-1][0] >= last - SETTLE_MS * 1000 or
                  pico.key_times[-1][2] >= last - SETTLE_MS * 1000, TIMEOUT_S, "the last frame")
    ups = [us for _, down, us in pico.key_times if not down]
    out = []
    for (_, _, _, tap), t in zip(presses, ups):
        if tap:
            after = [end for end, _, begin in pico.frames if begin >= t]
            out.append((after[0] - t) / 1000 if after else None)
    return out


def driver_bench(workdir, build_dir, values, notes):
    """The real main.py: boot to the menu's first frame; press -> light in each game."""
    files = board.tree_files(build_dir)
    flash = os.path.join(workdir, "main-flash.bin")
    scenarios = dict((os.path.basename(p)[:-4], upy_tests.read_scenario(p)) for p in upy_tests.scenario_files())
    for name in PRESS_SCENARIOS:
        if name not in scenarios:
            continue
        board.make_flash(flash, files)
        with board.Pico(flash=flash) as pico:
            pico.wait_for(lambda: pico.frames, TIMEOUT_S, "the menu's first frame")
            boot_ms = pico.frames[0][0] / 1000
            values["boot_to_menu_main"] = (boot_ms, "ms")
            presses = script_presses(scenarios[name])
            lat = press_latencies(pico, presses, pico.frames[0][0] + 200 * 1000)
        measured = [x for x in lat if x is not None]
        if len(measured) < len(lat):
            notes.append("%s: %d presses lit nothing" % (name, len(lat) - len(measured)))
        if measured:
            values["%s_press_to_light_mean" % name] = (sum(measured) / len(measured), "ms")
            values["%s_press_to_light_max" % name] = (max(measured), "ms")
            values["%s_presses" % name] = (len(measured), "presses")


def run(build_dir=upy_tests.BUILD, parts=("upy", "drivers")):
    values, notes = {}, []
    workdir = tempfile.mkdtemp(prefix="vpico-bench-")
    try:
        if "upy" in parts:
            upy_bench(workdir, build_dir, values, notes)
        if "drivers" in parts:
            driver_bench(workdir, build_dir, values, notes)
    finally:
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)
    return values, notes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="bench build/ as it is")
    parser.add_argument("--build", default=upy_tests.BUILD, help="the build to bench (default: build/)")
    parser.add_argument("--only", choices=("upy", "drivers"), help="only bench_upy, or only the real drivers")
    args = parser.parse_args(argv)
    lacking = board.missing()
    if lacking:
        print("# virtual Pico figures skipped: missing %s" % "; ".join(lacking))
        return 0
    if not args.no_build and args.build == upy_tests.BUILD:
        build_tool.build()
    try:
        values, notes = run(args.build, (args.only,) if args.only else ("upy", "drivers"))
    except board.VpicoError as e:
        print("bench FAILED: %s" % e, file=sys.stderr)
        return 1
    for line in notes:
        print(line)
    for name, (value, unit) in sorted(values.items()):
        print("BENCH %s_vpico %s %s" % (name, ("%.3f" % value) if unit == "ms" else "%d" % value, unit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
