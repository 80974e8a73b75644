# The key matrix's set-up: what MatrixKeys and Rp2MatrixKeys are made of (their tables,
# the debounce counts, the power-up reading of the keys already down), built here and
# stored by their constructors. Its own module: it
# runs only at boot, and main.py frees it once the board is made (RAM on a Pico); the
# scan that runs a thousand times a second is drivers/keys.py.
from array import array

from compat import const

try:  # the Pico: the rows read as native code (drivers/keys_viper.py)
    from drivers.keys_viper import scan_rows
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the loop in Rp2MatrixKeys.scan
    scan_rows = None

DEBOUNCE_MS = const(5)  # a press locks its key this long; a release must be seen this long
BOUNCE_MS = const(10)  # a switch chatters this long at most after it closes or opens
_MIN_SCAN_HZ = const(500)  # the reference board scans the whole matrix at >= 500 Hz
# A driven row's columns follow it down through the switches and the diodes only once
# the wires' capacitance has discharged through the row's pad: with a whole row held on
# the worst build (hand-wired), every datasheet limit at once, its columns are below the
# input-low limit 463 ns after the drive (hardware/matrix_wires.py works it out from the
# copper and the datasheets), and the scan reads no sooner than SETTLE_NS, three times
# that. The native pass waits in a counted loop (settle_turns); the bytecode path's own
# instructions between the write and the read take ~2 us on the Pico (measured on the
# virtual Pico, which models the wires: a scan that reads too soon misses presses).
# Rows are driven at 12 mA: with the columns' 22 kOhm pull-ups a whole row held leaves
# its columns at 0.69 V at worst, under the 0.8 V input-low limit (at the pads' default
# 4 mA: 0.85 V, presses missed).
SETTLE_NS = const(1400)
ROW_DRIVE = const(3)  # PADS_BANK0 DRIVE: 0..3 = 2, 4, 8, 12 mA
NATIVE_TURN_CYCLES = const(13)  # one turn of keys_viper's wait loop, in CPU cycles (timed on the virtual Pico)
_NATIVE_RECOVER_READS = const(400)  # the native scan reads far faster: a bound of the same order (tens of us)

_PADS_BANK0 = 0x4001C004  # RP2040 PADS_BANK0 GPIO0; GPIOn at + 4 n
_DRIVE = 0x30  # its DRIVE field


def matrix_parts(rows, ncols, col_bits, read_row, queue, make_debouncer, scan_hz):
    """What a MatrixKeys is made of, built at boot (see its docstring): (the columns'
    bits, a column's bit -> the column, the event queue, the debouncer, and per row its
    debounced bits, its dirty flag, its keys still counting; per key held at power-up,
    ignored until released). The keys already down are read now through `read_row`.
    The queue and the debouncer's class come from drivers/keys.py, which keeps them."""
    if scan_hz < _MIN_SCAN_HZ:
        raise ValueError("scan_hz must be >= %d" % _MIN_SCAN_HZ)
    nrows = len(rows)
    if col_bits is None:
        col_bits = tuple(1 << c for c in range(ncols))
    col_of = dict((col_bits[c], c) for c in range(ncols))
    nkeys = nrows * ncols
    # ceil(DEBOUNCE_MS at scan_hz) scans, at least one: a press's lock, a release's count;
    # then the rest of BOUNCE_MS ignored after a release
    threshold = max(1, (DEBOUNCE_MS * scan_hz + 999) // 1000)
    lockout = max(0, ((BOUNCE_MS * scan_hz + 999) // 1000) - threshold)
    debouncer = make_debouncer(nkeys, threshold, lockout)
    stable = array("l", [0] * nrows)
    held = bytearray(nkeys)
    muted = bytearray(nkeys)
    for pin in rows:
        pin.value(1)
    for r in range(nrows):  # the power-up reading: held keys count as down, silently
        bits = read_row(r)
        stable[r] = bits
        base = r * ncols
        for c in range(ncols):
            if bits & col_bits[c]:
                debouncer.set_down(base + c, True)
                held[base + c] = 1
                muted[base + c] = 1
    return (col_bits, col_of, queue, debouncer, stable, bytearray(nrows),
            array("l", [0] * nrows), held, muted)


def settle_turns(hz):
    """The turns of keys_viper's settle loop that last SETTLE_NS at least at a clock of
    `hz` (machine.freq(): an overclocked Pico turns faster)."""
    cycles = SETTLE_NS * (hz // 1000000)  # (ns x MHz: cycles x 1000)
    return -(-cycles // (1000 * NATIVE_TURN_CYCLES))


def rp2_parts(row_gpios, col_gpios, mem32):
    """What Rp2MatrixKeys adds to MatrixKeys, built at boot: (the native pass or None,
    its waits, the registers, the rows' bits and the same as words, the native pass's
    readings, a row's bit -> the row, the columns' bits and their mask, the power-up
    read of a row through the native pass or None). The rows' pads
    are set to the drive that keeps a whole held row low (drivers/keys.py)."""
    native = scan_rows if mem32 is None else None  # it reads the real registers
    turns = 0
    if mem32 is None:
        import machine

        mem32 = machine.mem32
        turns = settle_turns(machine.freq())
    for g in row_gpios:
        pad = _PADS_BANK0 + 4 * g
        mem32[pad] = (mem32[pad] & ~_DRIVE) | (ROW_DRIVE << 4)
    row_bits = tuple(1 << g for g in row_gpios)
    col_bits = tuple(1 << g for g in col_gpios)
    mask = 0
    for b in col_bits:
        mask |= b
    waits = array("L", (turns, _NATIVE_RECOVER_READS))
    read_row = None
    if native is not None:  # the power-up read through the native pass, which waits SETTLE_NS
        row = array("L", [0])  # (as bytecode the read comes ~1.2 us after the drive at 200 MHz)
        reading = array("l", [0])
        none_stable = array("l", [0])  # (the pass's "changed" rows: not used here)
        none_dirty = bytearray(1)

        def read_row(r):
            row[0] = row_bits[r]
            native(row, 1, mask, waits, none_stable, none_dirty, reading)
            return reading[0]

    return (native, waits, mem32, row_bits, array("L", row_bits), array("l", [0] * len(row_bits)),
            dict((1 << r, r) for r in range(len(row_bits))), col_bits, mask, read_row)
