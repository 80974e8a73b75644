# BUILD.md section 4: the key matrix, one row at a time. Prints every press and release
# with the cell's row and column wires, and lights the pressed cell's LED. Hold a key:
# the key below it must stay silent (a note is printed if it is not). Ctrl-C ends it.
#   mpremote run hardware/bringup/keys.py
import pins
from app import grid
from compat import sleep_ms, ticks_ms
from drivers.pixels import Pixels, make_strip
from drivers.pixels_setup import from_pins

LETTERS = "abcdefghijkl"


def make_keys():
    import machine

    from drivers.keys import Rp2MatrixKeys

    rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in pins.MATRIX_ROWS]
    cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins.MATRIX_COLS]
    return Rp2MatrixKeys(rows, cols, pins.MATRIX_ROWS, pins.MATRIX_COLS)


def describe(key):
    r, c = grid.row_col(key)
    return "%s (row %d: ROW%d on GP%d; column %s: COL%d on GP%d)" % (
        grid.name(key), r + 1, r, pins.MATRIX_ROWS[r], LETTERS[c], c, pins.MATRIX_COLS[c])


def main(scans=None, keys=None, pixels=None, out=print, clock=ticks_ms, sleep=sleep_ms):
    """Scan every millisecond, `scans` times (None: until Ctrl-C)."""
    keys = keys or make_keys()
    pixels = pixels or Pixels(make_strip(pins.NEOPIXEL, grid.CELLS), from_pins())
    frame = bytearray(grid.CELLS * 3)
    pixels.show(frame)
    for key in range(grid.CELLS):
        if keys.held_at_start(key):
            out("held since the start (a stuck key or a short?): %s" % describe(key))
    out("Press each key of the rows you have wired; each must print its own cell once.")
    down = set()
    n = 0
    try:
        while scans is None or n < scans:
            keys.scan(clock())
            event = keys.get()
            while event is not None:
                key, pressed, _ = event
                out("%s %s" % ("pressed " if pressed else "released", describe(key)))
                if pressed:
                    down.add(key)
                    above = key - grid.SIZE
                    if above in down:
                        out("  note: %s went down while %s, above it, was held: if you did not"
                            " press it, that column is slow to recover (check its pull-up)"
                            % (grid.name(key), grid.name(above)))
                else:
                    down.discard(key)
                frame[key * 3:key * 3 + 3] = b"\x00\x60\x60" if pressed else b"\x00\x00\x00"
                pixels.show(frame)
                event = keys.get()
            sleep(1)
            n += 1
    finally:
        pixels.off()
    return down


if __name__ == "__main__":
    main()
