"""The bench's figures measured on the virtual Pico, in emulated time (each instruction
charged its Cortex-M0+ cycles at 125 MHz, and each miss of the flash's XIP cache its QSPI
read, unless --xip-cache off: deterministic, whatever the host is doing).

Three parts:
  - host_tools/upy/bench_upy.py (the wasm bench) run on the rp2 port itself, once (emulated
    time does not jitter): the same names, with the rp2 port's own heap;
  - through the board's real drivers, with the real main.py: boot to the first LED frame
    of the menu, key press on the matrix to the end of the next LED frame (the timer scan,
    the app, neopixel's write), a scan pass and its CPU share, a frame rendered by Pixels
    on the real NeoPixel.

  - the heap of each tile's game started from a fresh boot (fresh_heap: nothing but the
    firmware in the heap, as on a board, so a figure moves only with what the game holds),
    and the names it interned (qstr_count_/qstr_bytes_<tile>_fresh_start: never freed);

    python -m host_tools.vpico.bench [--no-build] [--only upy|drivers|heap] [--game NAME ...] [--phase US]
                                     [--xip-cache on|off]
"""
import argparse
import os
import sys
import tempfile

from host_tools import build as build_tool
from host_tools import upy_tests
from host_tools.vpico import board
from host_tools.vpico.tests import chain_to_levels, compiled

ROOT = build_tool.ROOT
BENCH_UPY = os.path.join(upy_tests.UPY_DIR, "bench_upy.py")
PRESS_MS = 80  # how long a finger holds a key
SETTLE_MS = 600  # after a press, before the next (animations end)
# Each press comes this much later into its millisecond than the one before (modulo
# 1 ms): the presses meet the 1 kHz key scan at phases spread over its period, so a
# mean does not hang on where the boot left the scan (up to ~1 ms on every press).
PHASE_STEP_US = 618
# The games played through main.py for press-to-light, one for each menu tile: (the
# figures' name, the scenario script whose game and presses are played, start arguments
# added to its first `start`). The game is set up as a save in the flash (made by the
# firmware's own App on the host), so the board resumes it from its menu tile by two
# real presses, with the script's seed; then the script's presses follow.
PRESS_SCENARIOS = (
    ("connect4_win", "connect4_win", ()),
    ("squeeze", "squeeze", ()),
    ("squeeze_4p", "squeeze", ("--players", "4")),
    ("cubes", "cubes", ()),
    ("foursquare", "foursquare", ()),
    ("pistes", "pistes", ()),
    ("squeeze_cards", "squeeze_cards", ()),
    ("squeeze_cards_4p", "squeeze_cards", ("--players", "4")),
)
# The menu's own presses (its tiles, a setup screen, a game started and one resumed):
# timed to their answer only (host_tools.vpico.answers), no release-based lines.
MENU_SCENARIO = ("menu", "menu", ())
TIMEOUT_S = 1800
MENU_KEY = 0  # a1 (app.grid.MENU): its release, while it is up, marks a time on the matrix
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
from drivers.pixels import Pixels
from drivers.pixels_setup import from_pins
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
        elif line.strip() and not upy_tests.is_qstr_line(line):
            notes.append(line)
    values.update(upy_tests.qstr_records(lines))


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


def script_flash(workdir, job, script, build_dir=upy_tests.BUILD):
    """A flash image (its path, in workdir) of the build with `job`, and the host-side
    MicroPython `script` compiled into /host."""
    from host_tools.vpico.tests import pico_files

    name = os.path.basename(script)
    files = pico_files(job, build_dir)
    files["/host/%s.mpy" % name[:-3]] = compiled(script, name)
    flash = os.path.join(workdir, name[:-3] + "-flash.bin")
    board.make_flash(flash, files)
    return flash


def run_script(pico, script):
    """Runs the /host `script` on `pico` one step a call (NEXT() until False): its lines."""
    module = os.path.basename(script)[:-3]
    return run_code(pico, "import sys\nsys.path.append('/host')\nimport %s\nwhile %s.NEXT():\n    pass\n"
                    % (module, module))


def upy_bench(workdir, build_dir, values, notes, seed=1):
    """bench_upy.py on the rp2 port, one pass (emulated time is exact)."""
    config = upy_tests.job_config([], upy_tests.HEAP, build_dir)
    # one timed pass, one rules copy: emulated time is exact to the microsecond; the
    # first MAX_MOVES moves of each game (the whole games would take the host an hour)
    job = dict(config["args"], seed=seed, per_move=False, passes=1, rules_copies=1, max_moves=MAX_MOVES,
               sys_path=["/host"])
    flash = script_flash(workdir, job, BENCH_UPY, build_dir)
    with board.Pico(flash=flash) as pico:
        pico.enter_raw()
        pico.set_clock()  # (the board's, as main.py sets it)
        parse_records(run_script(pico, BENCH_UPY), values, notes)
        pico.soft_reset()  # a fresh heap for the driver figures
        pico.set_clock()
        parse_records(run_code(pico, SCAN_CODE), values, notes)


def script_presses(lines, t=0):
    """(key, down ms, up ms, tap) of a scenario's presses, spaced as a player would from
    `t` ms; a tap acts when the key comes up, a hold while it is down."""
    from app import grid

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


def game_in_flash(lines, extra=()):
    """The first game a scenario starts, as the board's menu would resume it: (the
    save files {flash path: bytes} the firmware's App writes when it starts that game,
    the menu tile's cell, the script lines of that game). The App runs here, on
    CPython, with the simulator's drivers. A scenario that starts no game plays from
    the menu: ({}, None, its lines)."""
    from app.menu import Menu
    from app.tiles import TILE_CELLS
    from sim import headless
    from sim.drivers import SimBoard

    starts = [i for i, line in enumerate(lines) if line.split("#")[0].split()[:1] == ["start"]]
    if not starts:
        return {}, None, lines
    words = lines[starts[0]].split("#")[0].split()
    options = headless.parse_start_args(words[2:] + list(extra))
    board = SimBoard()
    own = dict((k, options[k]) for k in ("board", "level", "mode") if k in options)
    board.app.start_game(words[1], options["players"], options["variant"], options["seed"], own)
    board.app.step()  # lit, then saved
    saved = Menu(board.app).saved
    tile = saved.index(True)  # the one tile with a game to resume
    files = dict(("/data/" + name, text.encode()) for name, text in board.storage.files.items())
    end = starts[1] if len(starts) > 1 else len(lines)
    return files, TILE_CELLS[tile][0], lines[starts[0] + 1:end]


def key_moves(presses, start_us):
    """(key, down?, emulated us) of each press of the timeline, from `start_us`: each
    press set PHASE_STEP_US further into its millisecond than the one before."""
    out = []
    for i, (key, down, up, _) in enumerate(presses):
        phase = i * PHASE_STEP_US % 1000
        out.append((key, True, start_us + down * 1000 + phase))
        out.append((key, False, start_us + up * 1000 + phase))
    return out


def press_latencies(pico, presses, start_us):
    """A tap's release on the matrix (the app acts on it) -> the end of the first LED
    frame begun after it, in ms, for every tap of the timeline. The Pico runs on to
    SETTLE_MS after the last release (a time mark: a1's release, a1 being up)."""
    for key, down, at_us in key_moves(presses, start_us):
        pico.key(key, down, at_us)
    last = start_us + (presses[-1][2] + SETTLE_MS) * 1000
    pico.key(MENU_KEY, False, last)
    n = len(presses) * 2 + 1
    pico.wait_for(lambda: len(pico.key_times) >= n, TIMEOUT_S, "the presses")
    ups = [us for _, down, us in pico.key_times if not down]
    out = []
    for (_, _, _, tap), t in zip(presses, ups):
        if tap:
            after = [end for end, _, begin in pico.frames if begin >= t]
            out.append((after[0] - t) / 1000 if after else None)
    return out


def answer_bench(name, saves, presses, pico, values, notes):
    """Press to answer (host_tools.vpico.answers) of one run: each press of the timeline
    from its contact to the end of the first frame showing its answer, as CPython's App
    draws it with the same save and the same key events."""
    from host_tools.vpico import answers

    contacts = [us for _, down, us in pico.key_times if down]
    if len(contacts) != len(presses):
        raise board.VpicoError("%s: %d presses, %d contacts on the matrix" % (name, len(presses), len(contacts)))
    # the model's key times are the matrix's, to the millisecond
    timeline = [answers.Press(key, us // 1000, us // 1000 + up - down, not tap)
                for (key, down, up, tap), us in zip(presses, contacts)]
    files = dict((path[len("/data/"):], data.decode()) for path, data in saves.items())
    frames = [(begin, end, bytes(chain_to_levels(data))) for end, data, begin in pico.frames]
    expected = answers.expected_answers(files, timeline, pico.frames[0][2] // 1000 - 1,
                                        shown=answers.shown_in(frames, contacts))
    wrong = answers.self_check(expected, frames, contacts)
    if wrong:
        raise board.VpicoError("%s: the self-check timed %d presses to a wrong answer: %s" % (name, len(wrong), wrong))
    found = answers.match(expected, frames, contacts)
    missed = []
    answers.figures(found, values, missed)
    notes.extend("%s: %s" % (name, line) for line in missed + answers.slowest(found))
    notes.append("%s: %d presses timed to their answer (a wrong answer, one LED off, matched no frame)"
                 % (name, sum(1 for a in found if a.latency is not None)))


def driver_bench(workdir, build_dir, values, notes, games=None, phase_us=0):
    """The real main.py: boot to the menu's first frame; press -> light in each game,
    resumed from its menu tile (two presses: the tile, then the tile again on its setup
    screen), then the presses of its scenario; each press also timed to its answer
    (answer_bench), and the menu scenario's presses to theirs. `phase_us` moves every
    press that much later (a mean over a few presses depends on their phases)."""
    from host_tools.vpico import answers

    flash = os.path.join(workdir, "main-flash.bin")
    scenarios = dict((os.path.basename(p)[:-4], upy_tests.read_scenario(p)) for p in upy_tests.scenario_files())
    for name, script, extra in PRESS_SCENARIOS + (MENU_SCENARIO,):
        if script not in scenarios or games and name not in games:
            continue
        files = board.build_files(build_dir)
        saves, tile, lines = game_in_flash(scenarios[script], extra)
        files.update(saves)
        board.make_flash(flash, files)
        to_game = []
        if tile is not None:
            to_game = [(tile, 0, PRESS_MS, True), (tile, PRESS_MS + SETTLE_MS, 2 * PRESS_MS + SETTLE_MS, True)]
        presses = to_game + script_presses(lines, len(to_game) * (PRESS_MS + SETTLE_MS) + SETTLE_MS)
        with board.Pico(flash=flash) as pico:
            pico.wait_for(lambda: pico.frames, TIMEOUT_S, "the menu's first frame")
            boot_ms = pico.frames[0][0] / 1000
            values["boot_to_menu_main"] = (boot_ms, "ms")
            lat = press_latencies(pico, presses, pico.frames[0][0] + 200 * 1000 + phase_us)
            settle_figures(pico, values)
        answer_bench(name, saves, presses, pico, values, notes)
        if name == MENU_SCENARIO[0]:
            continue  # (no release-based lines)
        # the menu's press and the setup screen's (which loads the game's modules and
        # replays its save) are told apart from the game's own presses
        if to_game and lat[0] is not None:
            values["menu_press_to_light"] = (max(lat[0], values.get("menu_press_to_light", (0,))[0]), "ms")
        if to_game and lat[1] is not None:
            values["%s_resume_press_to_light" % name] = (lat[1], "ms")
        lat = lat[len(to_game):]
        measured = [x for x in lat if x is not None]
        if len(measured) < len(lat):
            notes.append("%s: %d presses lit nothing" % (name, len(lat) - len(measured)))
        if measured:
            values["%s_press_to_light_mean" % name] = (sum(measured) / len(measured), "ms")
            values["%s_press_to_light_max" % name] = (max(measured), "ms")
            values["%s_presses" % name] = (len(measured), "presses")
    answers.finish(values)


def settle_figures(pico, values):
    """The key scan on the modelled wires (host_tools/vpico/vpico.mjs): the shortest time
    from a row driven low to the read of its columns over the run, and the model's need
    (a drive that leaves a whole held row above the input-low limit: no wait is enough)."""
    shortest, needed, drives = pico.settle()
    if drives <= 0:
        return
    if needed == -2:
        needed = 10 ** 9
    old = values.get("key_scan_settle_ns")
    values["key_scan_settle_ns"] = (shortest if old is None else min(old[0], shortest), "ns")
    values["key_scan_settle_needed_ns"] = (max(needed, values.get("key_scan_settle_needed_ns", (0,))[0]), "ns")

# One tile's game from a fresh boot: the menu's steps, the game started through the app,
# its first frames; then the live heap. Run after a soft reset each (a heap and an
# interned-name table of its own), with nothing of a bench script before it: bench_upy's
# figures follow a whole run, whose names and freed modules before a game move them by
# a kilobyte or more from one build to the next, more than a change may cost. The
# names each interned (never freed) are counted too: qstr_count_<tile>_fresh_start.
FRESH_CODE = """import gc, sys, micropython
sys.path.append('/host')
print('@@Q\\tbaseline')
micropython.qstr_info()
gc.collect()
a = gc.mem_alloc()
from drivers.storage import FileStorage
from sim.drivers import SimBoard
b = SimBoard(storage=FileStorage('/fresh_data'))
for _ in range(100):
    b.clock.now += 10
    b.app.step()
gc.collect()
print('@@M\\theap_menu_fresh\\t%%d\\tbytes' %% (gc.mem_alloc() - a))
print('@@Q\\tmenu_fresh')
micropython.qstr_info()
b.app.start_game(%r, %r, %r, 1)
for _ in range(100):
    b.clock.now += 10
    b.app.step()
gc.collect()
print('@@M\\theap_%s_fresh_start\\t%%d\\tbytes' %% (gc.mem_alloc() - a))
print('@@Q\\t%s_fresh_start')
micropython.qstr_info()
"""


def fresh_code(label, game, players, variant):
    """FRESH_CODE for one tile (its label names its heap and qstr figures)."""
    return FRESH_CODE % (game, players, variant, label, label)


def fresh_tiles():
    """(label, game, players, variant) of each menu tile, from the catalog."""
    from app.catalog import TILES  # (firmware/ is on the path: host_tools/__init__.py)

    tiles = []
    for game, players, variant in (tile[:3] for tile in TILES):
        label = game + ("_" + variant if variant else "") + ("_%dp" % players if players else "")
        tiles.append((label, game, players, variant))
    return tiles


def fresh_heap(workdir, build_dir, values, notes):
    """heap_menu_fresh and heap_<tile>_fresh_start: each from a soft reset."""
    from host_tools.vpico.tests import pico_files

    config = upy_tests.job_config([], upy_tests.HEAP, build_dir)
    flash = os.path.join(workdir, "fresh-flash.bin")
    board.make_flash(flash, pico_files(dict(config["args"], sys_path=["/host"]), build_dir))
    with board.Pico(flash=flash) as pico:
        pico.enter_raw()
        for label, game, players, variant in fresh_tiles():
            parse_records(run_code(pico, fresh_code(label, game, players, variant)), values, notes)
            pico.soft_reset()  # a fresh heap for the next


def run(build_dir=upy_tests.BUILD, parts=("upy", "drivers", "heap"), games=None, phase_us=0):
    values, notes = {}, []
    workdir = tempfile.mkdtemp(prefix="vpico-bench-")
    try:
        if "upy" in parts:
            upy_bench(workdir, build_dir, values, notes)
        if "drivers" in parts:
            driver_bench(workdir, build_dir, values, notes, games, phase_us)
        if "heap" in parts:
            fresh_heap(workdir, build_dir, values, notes)
    finally:
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)
    return values, notes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="bench build/ as it is")
    parser.add_argument("--build", default=upy_tests.BUILD, help="the build to bench (default: build/)")
    parser.add_argument("--only", choices=("upy", "drivers", "heap"),
                        help="only bench_upy, only the real drivers, or only each game's heap from a fresh boot")
    parser.add_argument("--game", action="append", choices=[g[0] for g in PRESS_SCENARIOS + (MENU_SCENARIO,)],
                        help="press-to-light of this game only (repeatable; default: every tile's)")
    parser.add_argument("--phase", type=int, default=0, metavar="US",
                        help="every press this many microseconds later (0-999: another sample of the scan's phases)")
    parser.add_argument("--xip-cache", choices=("on", "off"),
                        help="the flash's XIP cache modelled, its misses charged (default: $VPICO_XIP_CACHE, else on)")
    args = parser.parse_args(argv)
    if args.xip_cache:
        os.environ["VPICO_XIP_CACHE"] = args.xip_cache
    if not 0 <= args.phase <= 999:  # a phase of the 1 ms key scan (far off, presses fall before the menu)
        parser.error("--phase: %d is not within 0-999 microseconds" % args.phase)
    lacking = board.missing()
    if lacking:
        print("# virtual Pico figures skipped: missing %s" % "; ".join(lacking))
        return 0
    if not args.no_build and args.build == upy_tests.BUILD:
        build_tool.build()
    try:
        values, notes = run(args.build, (args.only,) if args.only else ("upy", "drivers", "heap"), args.game, args.phase)
    except board.VpicoError as e:
        print("bench FAILED: %s" % e, file=sys.stderr)
        return 1
    print("# the flash's XIP cache model: %s" % ("on" if board.xip_cache_on() else "off"))
    for line in notes:
        print(line)
    for name, (value, unit) in sorted(values.items()):
        print("BENCH %s_vpico %s %s" % (name, ("%.3f" % value) if unit == "ms" else "%d" % value, unit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
