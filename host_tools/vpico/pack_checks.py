"""The boot's pack (firmware/pack.py) on the rp2 port: the real main.py powered up.

  - the boot imports from the pack: a flash whose pack holds a marked copy of
    drivers/clock.mpy (the folder's own file unmarked) boots to the menu with the
    marked module loaded, and once the menu shows, the folders are the flash's again
    (nothing mounted but littlefs at /; os.stat of the module gives the folder's file);
  - a damaged pack (its index cut) is no pack: the board boots from the folders;
  - safe mode (MENU held at power-up) leaves the REPL with the flash's folders, so that a
    deploy can write them;
  - (on the same boot) main.py runs the board at its clock, ports/rp2.py CLOCK_HZ, its core's
    voltage raised to 1.15 V first (ports/rp2.py set_clock).

Each records PASS/FAIL in the Results it is given (host_tools.vpico.tests).
"""
import ast
import os
import tempfile
import time

from host_tools import build as build_tool
from host_tools.vpico import board
from host_tools.vpico.tests import compiled

TIMEOUT_S = 1800  # host time for one check's emulation (a loaded host runs it slowly)
MARKED = "drivers/clock.mpy"  # a module start.py imports first
STATE = ("import sys, os, vfs, machine\n"
         "print('@@', (getattr(sys.modules.get('drivers.clock'), 'PACKED', False),"
         " [p for _, p in vfs.mount()], os.stat('%s')[6], machine.freq(), %s))\n"
         % (MARKED, board.READ_VSEL))


def marked_clock():
    """drivers/clock.py compiled with one more line (PACKED = True)."""
    with open(os.path.join(build_tool.FIRMWARE, "drivers", "clock.py")) as f:
        source = f.read() + "\nPACKED = True\n"
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "clock.py")
        with open(path, "w") as f:
            f.write(source)
        return compiled(path, "drivers/clock.py")


def pack_of(files, replace):
    """The pack of the build's `files` ({'/app/x.mpy': bytes}) with `replace`'s modules instead."""
    modules = sorted((rel[1:], replace.get(rel[1:], data)) for rel, data in files.items() if build_tool.packed(rel[1:]))
    return build_tool.pack_bytes(modules)


def to_repl(pico):
    """Ctrl-C until main.py has stopped (one may land in the keys' timer: the loop runs
    on), then the raw REPL."""
    for _ in range(30):
        with pico.cond:
            if b">>> " in pico.serial:
                break
        pico.write(b"\r\x03")
        time.sleep(2)
    pico.enter_raw(TIMEOUT_S)


def boot_state(workdir, name, files, menu_down=False):
    """(frames shown, whether the marked clock was loaded, the mount points, the size of
    MARKED as os.stat gives it, (machine.freq(), VREG's VSEL)) after main.py's boot from `files` (`menu_down`: MENU
    held from power-up, the boot waited for in safe mode)."""
    flash = os.path.join(workdir, name + ".bin")
    board.make_flash(flash, files)
    with board.Pico(flash=flash) as pico:
        if menu_down:
            from app.grid import MENU

            pico.key(MENU, True, 0)
        pico.wait_for(lambda: pico.frames, TIMEOUT_S, "main.py's first frame")
        frames = len(pico.frames)
        if menu_down:
            pico.wait_for(lambda: b"safe mode" in pico.serial, TIMEOUT_S, "safe mode")
        to_repl(pico)
        out, err = pico.exec_raw(STATE, TIMEOUT_S)
    if err:
        raise board.VpicoError(err)
    line = [ln for ln in out.splitlines() if ln.startswith("@@")][0]
    marked, points, size, hz, vsel = ast.literal_eval(line[2:])  # (the Pico's own print of Python literals)
    return frames, marked, points, size, (hz, vsel)


def run(results, workdir, build_dir=build_tool.BUILD):
    files = board.build_files(build_dir)
    own = files["/" + MARKED]
    marked = dict(files)
    marked["/" + build_tool.PACK] = pack_of(files, {MARKED: marked_clock()})
    frames, loaded, points, size, (hz, vsel) = boot_state(workdir, "marked", marked)
    results.record(hz == board.CLOCK_HZ and vsel >= board.VSEL_1V15, "main.py runs the board at its clock, the core at 1.15 V",
                   "(%d Hz, CLOCK_HZ %d; VSEL %d)" % (hz, board.CLOCK_HZ, vsel))
    results.record(frames > 0 and loaded is True and points == ["/"] and size == len(own),
                   "boot pack: the boot imports from it, then the folders are the flash's",
                   "(frames %d, the pack's module loaded: %s, mounted: %s, %s's size %d, the file's %d)"
                   % (frames, loaded, points, MARKED, size, len(own)))
    damaged = dict(marked)
    damaged["/" + build_tool.PACK] = marked["/" + build_tool.PACK][:40]
    frames, loaded, points, size, _ = boot_state(workdir, "damaged", damaged)
    results.record(frames > 0 and loaded is False and points == ["/"],
                   "boot pack: a damaged pack is no pack, the board boots from the folders",
                   "(frames %d, the pack's module loaded: %s, mounted: %s)" % (frames, loaded, points))
    frames, loaded, points, size, _ = boot_state(workdir, "safe", marked, menu_down=True)
    results.record(frames > 0 and points == ["/"] and size == len(own),
                   "boot pack: safe mode leaves the flash's folders to the REPL",
                   "(frames %d, mounted: %s, %s's size %d, the file's %d)" % (frames, points, MARKED, size, len(own)))
