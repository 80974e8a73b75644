# The key matrix's set-up: MatrixKeys' and Rp2MatrixKeys' construction (their tables, the
# debounce counts, the power-up reading of the keys already down). Its own module: it
# runs only at boot, and main.py frees it once the board is made (RAM on a Pico); the
# scan that runs a thousand times a second is drivers/keys.py.
from array import array

from compat import const
from drivers.debounce import Debouncer, EventQueue

try:  # the Pico: the rows read as native code (drivers/keys_viper.py)
    from drivers.keys_viper import scan_rows
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the loop in Rp2MatrixKeys.scan
    scan_rows = None

DEBOUNCE_MS = const(5)  # a press locks its key this long; a release must be seen this long
BOUNCE_MS = const(10)  # a switch chatters this long at most after it closes or opens
MIN_SCAN_HZ = const(500)  # the reference board scans the whole matrix at >= 500 Hz
# A driven row's columns follow it down through the switches and the diodes only once
# the wires' capacitance has discharged through the row's pad: with a whole row held on
# the worst build (hand-wired), every datasheet limit at once, its columns are below the
# input-low limit 688 ns after the drive (hardware/matrix_wires.py works it out from the
# copper and the datasheets), and the scan reads no sooner than twice that. The native
# pass waits SETTLE_NS in a counted loop (settle_turns); the bytecode path's
# own instructions between the write and the read take ~2 us on the Pico (measured on
# the virtual Pico, which models the wires: a scan that reads too soon misses presses).
# Rows are driven at 12 mA: a whole row held leaves its columns at 0.79 V at worst,
# under the 0.8 V input-low limit (at the pads' default 4 mA: 1.04 V, presses missed).
SETTLE_NS = const(1400)
ROW_DRIVE = const(3)  # PADS_BANK0 DRIVE: 0..3 = 2, 4, 8, 12 mA
NATIVE_TURN_CYCLES = const(13)  # one turn of keys_viper's wait loop, in CPU cycles (timed on the virtual Pico)
NATIVE_RECOVER_READS = const(400)  # the native scan reads far faster: a bound of the same order (tens of us)

_PADS_BANK0 = 0x4001C004  # RP2040 PADS_BANK0 GPIO0; GPIOn at + 4 n
_DRIVE = 0x30  # its DRIVE field


def setup_matrix(keys, row_pins, col_pins, clock, queue_size, scan_hz):
    """MatrixKeys.__init__'s work (see its docstring)."""
    if scan_hz < MIN_SCAN_HZ:
        raise ValueError("scan_hz must be >= %d" % MIN_SCAN_HZ)
    keys._rows = tuple(row_pins)
    keys._cols = tuple(col_pins)
    ncols = keys.ncols = len(keys._cols)
    nrows = len(keys._rows)
    if not hasattr(keys, "_col_bits"):
        keys._col_bits = tuple(1 << c for c in range(ncols))
    keys._col_of = dict((keys._col_bits[c], c) for c in range(ncols))  # a column's bit -> the column
    keys.scan_hz = scan_hz
    keys._clock = clock
    keys._timer = None
    keys._paused = False  # the timer stopped while a press is answered (MatrixKeys.pause)
    nkeys = nrows * ncols
    keys._queue = EventQueue(queue_size)
    # ceil(DEBOUNCE_MS at scan_hz) scans, at least one: a press's lock, a release's count;
    # then the rest of BOUNCE_MS ignored after a release
    threshold = max(1, (DEBOUNCE_MS * scan_hz + 999) // 1000)
    lockout = max(0, ((BOUNCE_MS * scan_hz + 999) // 1000) - threshold)
    debouncer = keys._debouncer = Debouncer(nkeys, threshold, lockout)
    keys._stable = array("l", [0] * nrows)  # debounced column bits of each row
    keys._dirty = bytearray(nrows)  # 1 while a key of the row is being debounced
    keys._active = array("l", [0] * nrows)  # column bits of the row's keys counting or settling
    keys._held = bytearray(nkeys)  # down at power-up
    keys._muted = bytearray(nkeys)  # ignored until seen released
    for pin in keys._rows:
        pin.value(1)
    for r in range(nrows):  # the power-up reading: held keys count as down, silently
        bits = keys._read_row(r)
        keys._stable[r] = bits
        base = r * ncols
        for c in range(ncols):
            if bits & keys._col_bits[c]:
                debouncer.set_down(base + c, True)
                keys._held[base + c] = 1
                keys._muted[base + c] = 1


def settle_turns(hz):
    """The turns of keys_viper's settle loop that last SETTLE_NS at least at a clock of
    `hz` (machine.freq(): an overclocked Pico turns faster)."""
    cycles = SETTLE_NS * (hz // 1000000)  # (ns x MHz: cycles x 1000)
    return -(-cycles // (1000 * NATIVE_TURN_CYCLES))


def setup_rp2(keys, row_gpios, col_gpios, mem32):
    """Rp2MatrixKeys.__init__'s own work, before MatrixKeys'."""
    keys._native = scan_rows if mem32 is None else None  # it reads the real registers
    turns = 0
    if mem32 is None:
        import machine

        mem32 = machine.mem32
        turns = settle_turns(machine.freq())
    keys._waits = array("L", (turns, NATIVE_RECOVER_READS))
    keys._mem32 = mem32
    for g in row_gpios:  # the rows at the drive that keeps a whole held row low (drivers/keys.py)
        pad = _PADS_BANK0 + 4 * g
        mem32[pad] = (mem32[pad] & ~_DRIVE) | (ROW_DRIVE << 4)
    keys._row_bits = tuple(1 << g for g in row_gpios)
    keys._row_words = array("L", keys._row_bits)  # for the native pass
    keys._readings = array("l", [0] * len(keys._row_bits))  # what it read, row by row
    keys._row_of = dict((1 << r, r) for r in range(len(keys._row_bits)))  # a changed row's bit -> the row
    keys._col_bits = tuple(1 << g for g in col_gpios)
    mask = 0
    for b in keys._col_bits:
        mask |= b
    keys._col_mask = mask
