"""The key scan on the virtual Pico's modelled wires (host_tools/vpico/vpico.mjs, from
hardware/matrix_wires.py): a whole row held reads as twelve presses and its release as
twelve releases, with no phantom on the row below; the scan never reads a row's columns
sooner than drivers/keys_setup.py SETTLE_NS after driving it, nor sooner than the wires need.
Each check is planted once to show it can fail: rows left at the pads' reset drive (4
mA) miss the held row, and a scan with no settle wait misses it too."""
import os

from host_tools import upy_tests
from host_tools.vpico import board

ROW = 4  # the row held whole (keys 48..59): row 5 below it must stay silent
# planted: the rows' pads as the RP2040 resets them (the firmware's own drive not set)
WEAK_ROWS = "for g in pins.MATRIX_ROWS: machine.mem32[0x4001C004 + 4 * g] = 0x56"

SCAN_CODE = """
import machine, pins, time
from drivers.keys import Rp2MatrixKeys
rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in pins.MATRIX_ROWS]
cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins.MATRIX_COLS]
keys = Rp2MatrixKeys(rows, cols, pins.MATRIX_ROWS, pins.MATRIX_COLS)
%s
print('READY')
def events(ms):
    out = []
    for t in range(ms):
        keys.scan(t)
        time.sleep_ms(1)
        e = keys.get()
        while e:
            out.append((e[0], e[1]))
            e = keys.get()
    return out
"""


def held_row(pico, plant=""):
    """Press the whole ROW, then release it; the events the scan queued for each."""
    pico.exec_raw(SCAN_CODE % plant)
    for key in range(ROW * 12, ROW * 12 + 12):
        pico.key(key, True)
    pressed, _ = pico.exec_raw("print(events(30))")
    for key in range(ROW * 12, ROW * 12 + 12):
        pico.key(key, False)
    released, _ = pico.exec_raw("print(events(30))")
    return eval(pressed), eval(released)


def run(results, workdir):
    flash = os.path.join(workdir, "wires-flash.bin")
    board.make_flash(flash, board.build_files(upy_tests.BUILD, skip=("main.py",)))
    row = [(k, True) for k in range(ROW * 12, ROW * 12 + 12)]
    with board.Pico(flash=flash) as pico:
        pico.enter_raw(300)
        pressed, released = held_row(pico)
        shortest, needed, drives = pico.settle()
        settle_ns = int(pico.exec_raw("from drivers.keys_setup import SETTLE_NS\nprint(SETTLE_NS)")[0])
    ok = sorted(pressed) == row and sorted(released) == [(k, False) for k, _ in row]
    results.record(ok, "keys on modelled wires: a whole row held, then released: 12 presses and 12 releases, "
                   "nothing else", "" if ok else "(%r, %r)" % (pressed, released))
    ok = drives > 0 and 0 <= needed <= shortest and shortest >= settle_ns
    results.record(ok, "keys on modelled wires: the scan reads a row's columns %d ns after driving it at the "
                   "soonest (SETTLE_NS %d ns; the wires need %d ns; %d drives)" % (shortest, settle_ns, needed, drives))
    # planted: each check must see what it guards against
    with board.Pico(flash=flash) as pico:
        pico.enter_raw(300)
        pressed, _ = held_row(pico, WEAK_ROWS)
    results.record(len(pressed) < 12, "keys on modelled wires, planted: rows at the pads' reset drive (4 mA) miss a whole "
                   "held row (%d of 12 presses seen)" % len(pressed))
    with board.Pico(flash=flash) as pico:
        pico.enter_raw(300)
        pressed, _ = held_row(pico, "keys._waits[0] = 0")
        shortest, needed, _ = pico.settle()
    results.record(len(pressed) < 12 and shortest < needed, "keys on modelled wires, planted: a scan with no "
                   "settle wait reads %d ns after the drive (the wires need %d) and misses the held row (%d of "
                   "12 presses seen)" % (shortest, needed, len(pressed)))
