"""Issue #51 on the rp2 port: the real main.py powered up from reset on its own littlefs.

  - a torn save: the board's flash holds Connect Four's save cut after 40 bytes (and
    the settings as 300 random bytes); at power-up the board sets both aside whole
    (/data/aside/tMS-N-NAME: their bytes unchanged), its LEDs say so (Connect Four's
    tile key blinks orange over its blue) and its tile offers no game;
  - a full flash: the Pico fills its own littlefs to the last byte it takes and its
    /data folder to the last entry, Connect Four's save with two moves; the tile resumes
    it, a move is played: the save is refused, the MENU corner blinks red twice a second
    (the decoded frames), the last good save reads back whole and no .tmp is left.

Each records PASS/FAIL in the Results it is given (host_tools.vpico.tests); what is on
the flash is read back on the host with the board's littlefs (deploy_checks.board_files).
"""
import os
import random
import sys
import time

from host_tools import build as build_tool
from host_tools.vpico import board
from host_tools.vpico.bench import PRESS_MS, SETTLE_MS
from host_tools.vpico.deploy_checks import board_files
from host_tools.vpico.tests import chain_to_levels

TIMEOUT_S = 1800  # host time for one check's emulation (a loaded host runs it slowly)
BOOT_MS = 20000  # main.py's first frame, at most this long after the power-up (emulated)
WATCH_MS = 1500  # each picture watched this long (emulated)
SAVE_MS = 3000  # a save refused on a full littlefs takes this long at most (its allocator scans it all: ~1.6 s)
SAVE = (b'{"game": "connect4", "players": null, "variant": null, "seed": 5, "swap": false, '
        b'"board": [], "level": 3, "moves": []}\n4\n4\n')


def cell(name):
    from app import grid

    return grid.parse(name)


def leds(pico, key, start_ms, end_ms):
    """[(ms, (r, g, b))] of LED `key` in the frames begun from start_ms to end_ms."""
    out = []
    for _, data, start in pico.frames:
        if start_ms * 1000 <= start <= end_ms * 1000:
            levels = chain_to_levels(data)
            out.append((start // 1000, tuple(levels[key * 3:key * 3 + 3])))
    return out


def run_to(pico, ms, what):
    """Lets the Pico's emulated time reach `ms` (a time mark: a1, which stays up)."""
    from app.grid import MENU

    pico.key(MENU, False, ms * 1000)
    pico.wait_for(lambda: bool(pico.key_times) and pico.key_times[-1][2] // 1000 >= ms, TIMEOUT_S, what)


def tap(pico, key, at_ms):
    pico.key(key, True, at_ms * 1000)
    pico.key(key, False, (at_ms + PRESS_MS) * 1000)
    return at_ms + PRESS_MS + SETTLE_MS


def powered_up(flash, work):
    """main.py from reset on the flash file `flash`; work(pico, first frame's ms) says
    (ok, detail); the flash is saved when the Pico stops."""
    with board.Pico(flash=flash, save=True) as pico:
        pico.wait_for(lambda: bool(pico.frames), TIMEOUT_S, "main.py's first LED frame")
        first = pico.frames[0][2] // 1000
        if first > BOOT_MS:
            return False, "main.py's first frame came %d ms after the power-up" % first
        result = work(pico, first)
        serial = bytes(pico.serial).decode("utf-8", "replace")
        if pico.resets or "Traceback" in serial:
            return False, "the board reset or printed an error: %s" % serial.strip()[-300:]
        return result


def torn_save(results, workdir, build_dir=build_tool.BUILD):
    flash = os.path.join(workdir, "torn.bin")
    torn, noise = SAVE[:40], bytes(random.Random(51).randrange(256) for _ in range(300))
    files = board.build_files(build_dir)
    files["/data/game_connect4.json"] = torn
    files["/data/settings.json"] = noise
    board.make_flash(flash, files)
    c3 = cell("c3")

    def watch(pico, first):
        end = first + WATCH_MS
        run_to(pico, end, "the menu watched")
        seen = [rgb for _, rgb in leds(pico, c3, first, end)]
        orange = [rgb for rgb in seen if rgb[0] > rgb[1] > 0 and rgb[2] == 0]
        blue = [rgb for rgb in seen if rgb[2] > 0 and rgb[0] == 0]
        return bool(orange and blue), "(c3 over %d frames: %d orange, %d its blue)" % (len(seen), len(orange),
                                                                                       len(blue))

    ok, detail = powered_up(flash, watch)
    have = board_files(flash)
    aside = dict((p, data) for p, data in have.items() if p.startswith("data/aside/"))
    kept = sorted(aside.values()) == sorted([torn, noise])
    named = all(p.split("/")[-1].startswith("t") for p in aside)  # no date on a Pico: its ticks
    gone = "data/game_connect4.json" not in have and "data/settings.json" not in have
    results.record(ok and kept and named and gone,
                   "saves: a torn save and settings of random bytes on the Pico's own littlefs are set aside whole "
                   "at power-up, the tile's key blinking orange",
                   "%s; set aside %s (bytes kept: %s); the damaged files gone: %s" % (detail, sorted(aside), kept,
                                                                                       gone))


# Run on the Pico itself (safe mode's REPL): its littlefs filled by its own writes,
# files of a size while they fit, then smaller ones (a file whose write is refused
# loses only itself), then /data's folder to the last entry its metadata takes (the
# board's small files would fit in the metadata otherwise): not .json, no file of the board.
FILL = """
import os
def fill():
    try:
        os.mkdir('/fill')
    except OSError:
        pass
    n = k = 0
    for size in (65536, 4096, 512, 64, 8):
        try:
            while True:
                with open('/fill/%d_%d' % (size, k), 'wb') as f:
                    f.write(bytes(size))
                n += size
                k += 1
        except OSError:
            pass
    m = 0
    try:
        while True:
            with open('/data/fill%d' % m, 'wb') as f:
                f.write(b'y' * 8)
            m += 1
    except OSError:
        pass
    print('FILLED', n + 8 * m)
fill()
"""


def filled(flash):
    """The Pico fills the flash file `flash` itself (FILL, in safe mode: a1 held at
    power-up); the bytes it wrote."""
    from app.grid import MENU
    from host_tools.vpico.tests import BOOT_TIMEOUT_S

    with board.Pico(flash=flash, save=True) as pico:
        pico.key(MENU, True)
        pico.enter_raw(BOOT_TIMEOUT_S)
        pico.key(MENU, False)
        output, error = pico.exec_raw(FILL, timeout=TIMEOUT_S)
    if error or "FILLED" not in output:
        raise board.VpicoError("filling the flash: %s" % (error or output)[-300:])
    return int(output.split("FILLED")[1].split()[0])


def full_flash(results, workdir, build_dir=build_tool.BUILD):
    flash = os.path.join(workdir, "full.bin")
    files = board.build_files(build_dir)
    files["/data/game_connect4.json"] = SAVE
    board.make_flash(flash, files)
    written = filled(flash)
    a1, c3, f1 = cell("a1"), cell("c3"), cell("f1")

    def play(pico, first):
        at = tap(pico, c3, first + WATCH_MS)  # the setup screen
        at = tap(pico, c3, at)  # the game resumed
        played = tap(pico, f1, at + 1000) - SETTLE_MS  # a move: its save is refused
        end = played + SAVE_MS + 2 * WATCH_MS
        run_to(pico, end, "the game after the refused save")
        seen = leds(pico, a1, played, end)
        grey = seen[0][1] if seen else None  # the corner at rest until the save is refused
        refused = next((ms for ms, rgb in seen if rgb != grey), None)
        seen = [(ms, rgb) for ms, rgb in seen if refused is not None and ms >= refused]
        red = [ms for ms, rgb in seen if rgb[0] > 0 and rgb[1] == rgb[2] == 0]
        other = [rgb for _, rgb in seen if rgb != (0, 0, 0) and not (rgb[0] > 0 and rgb[1] == rgb[2] == 0)]
        # two blinks a second: a red run 300 ms after the one before, then 700 ms (a frame's time either way)
        runs = [ms for i, ms in enumerate(red) if not i or ms - red[i - 1] > 200]
        gaps = [b - a for a, b in zip(runs, runs[1:])]
        twice = len(runs) >= 3 and all(abs(g - 300) <= 40 or abs(g - 700) <= 40 for g in gaps)
        return bool(red) and not other and twice, (
            "(the save refused %s ms after the move's press; then a1 over %d frames: red blinks beginning at %s; "
            "other lights %s)" % (None if refused is None else refused - played + PRESS_MS, len(seen), runs, other[:3]))

    ok, detail = powered_up(flash, play)
    have = board_files(flash)
    whole = have.get("data/game_connect4.json") == SAVE
    tmp = sorted(p for p in have if p.endswith(".tmp"))
    results.record(ok and whole and not tmp,
                   "saves: on a full flash (%d KB written to fill it) a move's refused save leaves the last "
                   "good save whole, no .tmp, and the MENU corner blinks red twice a second" % (written // 1024),
                   "%s; the save whole: %s; left: %s" % (detail, whole, tmp))


def run(results, workdir, build_dir=build_tool.BUILD):
    for check in (torn_save, full_flash):
        start = time.time()
        try:
            check(results, workdir, build_dir)
        except Exception as e:  # a check that fails, not a run that stops
            results.record(False, "saves: %s" % check.__name__.replace("_", " "), "(%s: %s)" % (type(e).__name__, e))
        results.out("    %s done in %.0f s" % (check.__name__, time.time() - start))


def main():
    """python -m host_tools.vpico.saves_checks: these checks alone (after a build)."""
    import shutil
    import tempfile

    from host_tools import upy_tests

    lacking = board.missing()
    if lacking:
        print("virtual Pico saves checks SKIPPED: missing %s" % "; ".join(lacking))
        return 0
    build_tool.build(log=lambda *_: None)
    results = upy_tests.Results(lambda line: print(line, flush=True))
    workdir = tempfile.mkdtemp(prefix="vpico-saves-")
    try:
        run(results, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print("%d passed, %d failed" % (results.passed, results.failed))
    sys.exit(1 if results.failed else 0)


if __name__ == "__main__":
    main()
