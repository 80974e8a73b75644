# The key driver: the event queue's overflow policy, the pure debouncer against
# scripted readings, and the matrix scan against fake pins.
from drivers.keys import Debouncer, EventQueue
from drivers.keys import RECOVER_READS, MatrixKeys, Rp2MatrixKeys


# -- EventQueue ----------------------------------------------------------------------
def test_queue_is_fifo_with_tuples():
    q = EventQueue(4)
    assert q.get() is None and len(q) == 0
    q.put(5, True, 100)
    q.put(143, False, 250)
    assert len(q) == 2
    assert q.get() == (5, True, 100)
    assert q.get() == (143, False, 250)
    assert q.get() is None


def test_queue_wraps_around():
    q = EventQueue(3)
    for i in range(20):  # many more events than slots, one in one out
        assert q.put(i, i % 2 == 0, 1000 + i)
        assert q.get() == (i, i % 2 == 0, 1000 + i)
    assert len(q) == 0 and not q.overflowed


def test_queue_overflow_drops_newest_and_flag_stays_until_clear():
    q = EventQueue(3)
    assert q.put(1, True, 10) and q.put(2, True, 20) and q.put(3, True, 30)
    assert not q.overflowed
    assert q.put(4, True, 40) is False  # full: the newest is dropped
    assert q.overflowed and len(q) == 3
    assert q.get() == (1, True, 10)  # the oldest are kept, in order
    assert q.overflowed  # reading does not reset it
    q.put(5, False, 50)
    assert [q.get(), q.get(), q.get(), q.get()] == [(2, True, 20), (3, True, 30), (5, False, 50), None]
    assert q.overflowed
    q.clear()
    assert not q.overflowed and len(q) == 0


def test_queue_clear_empties():
    q = EventQueue(8)
    for i in range(5):
        q.put(i, True, i)
    q.clear()
    assert len(q) == 0 and q.get() is None
    q.put(9, True, 1)
    assert q.get() == (9, True, 1)


def test_queue_rejects_zero_size():
    try:
        EventQueue(0)
    except ValueError:
        return
    assert False, "EventQueue(0) must raise ValueError"


# -- Debouncer -----------------------------------------------------------------------
def feed(deb, key, readings):
    """The debouncer's answers to a script of readings ('#' down, '.' up)."""
    return [deb.update(key, ch == "#") for ch in readings]


def events(results):
    return [(i, r) for i, r in enumerate(results) if r is not None]


def test_debounce_clean_press_and_release():
    deb = Debouncer(4, threshold=3)
    out = feed(deb, 2, "..######....")
    assert events(out) == [(2, True), (10, False)]  # the first reading closed; the 3rd open
    assert not deb.is_down(2)


def test_debounce_press_is_eager_and_locks_the_key():
    deb = Debouncer(4, threshold=3)
    assert feed(deb, 0, "#...") == [True, None, None, None]  # the 3 readings after it ignored
    assert deb.is_down(0) and not deb.settling(0)
    assert feed(deb, 0, "...") == [None, None, False]  # then 3 open in a row: released
    assert events(feed(deb, 1, "..#..")) == [(2, True)]  # a closed glitch on an idle key is a press


def test_debounce_ignores_drop_outs_while_held():
    deb = Debouncer(4, threshold=3)
    feed(deb, 0, "####")
    assert deb.is_down(0)
    assert events(feed(deb, 0, "#.#..#.##..####")) == []  # drop-outs shorter than 3 readings
    assert deb.is_down(0)


def test_debounce_bouncy_press_counts_once():
    deb = Debouncer(4, threshold=3)
    out = feed(deb, 1, "#.#.##.#########..#.#...........")
    assert events(out) == [(0, True), (23, False)]


def test_debounce_long_hold_gives_one_press():
    deb = Debouncer(1, threshold=5)
    out = feed(deb, 0, "#" * 2000)
    assert events(out) == [(0, True)]


def test_debounce_keys_are_independent():
    deb = Debouncer(3, threshold=2)
    assert deb.update(0, True) is True
    assert deb.update(1, False) is None
    assert deb.update(1, True) is True  # key 0's lock is its own
    feed(deb, 0, "..")  # key 0's lock (2 readings) ...
    assert deb.update(0, False) is None  # ... then its count: 1 of 2
    feed(deb, 1, "..")
    assert deb.update(1, True) is None  # key 1 counted nothing: held still
    assert deb.update(0, False) is False
    assert deb.is_down(1) and not deb.is_down(0) and not deb.is_down(2)


def test_debounce_threshold_one_is_immediate():
    deb = Debouncer(1, threshold=1)
    assert feed(deb, 0, "#..") == [True, None, False]  # (its one reading of lock)


# -- MatrixKeys ----------------------------------------------------------------------
class FakeMatrix:
    """Switches wired like the board: a down key joins its row to its column."""

    def __init__(self, nrows=12, ncols=12, down=()):
        self.down = set(down)
        self.ncols = ncols
        self.rows = [FakeRow(self, r) for r in range(nrows)]
        self.cols = [FakeCol(self, c) for c in range(ncols)]

    def column_level(self, c):
        for row in self.rows:
            if row.level == 0 and row.index * self.ncols + c in self.down:
                return 0
        return 1  # the pull-up

    def fast_reader(self):
        """Faster test runs: only the rows driven low can pull a column down (the keys
        down are few: each looks at its row, not every row at each read)."""
        rows, ncols = self.rows, self.ncols
        bits = 0
        for key in self.down:
            if rows[key // ncols].level == 0:
                bits |= 1 << (key % ncols)
        return bits


class FakeRow:
    def __init__(self, matrix, index):
        self.matrix = matrix
        self.index = index
        self.level = 0  # floats low until the driver sets it

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0


class FakeCol:
    def __init__(self, matrix, index):
        self.matrix = matrix
        self.index = index

    def value(self, v=None):
        return self.matrix.column_level(self.index)


def drain(keys):
    out = []
    e = keys.get()
    while e is not None:
        out.append(e)
        e = keys.get()
    return out


def scan_ms(keys, start, ms):
    """Scan once a millisecond (scan_hz=1000) from `start`; returns the next time."""
    for t in range(start, start + ms):
        keys.scan(t)
    return start + ms


def test_matrix_press_release_key_numbers():
    m = FakeMatrix()
    keys = MatrixKeys(m.rows, m.cols)
    assert all(r.level == 1 for r in m.rows)  # rows idle high
    t = scan_ms(keys, 0, 10)
    assert drain(keys) == []
    m.down.add(3 * 12 + 7)  # row 3, column 7
    t = scan_ms(keys, t, 10)
    assert drain(keys) == [(43, True, 10)]  # on the first scan that sees it closed
    m.down.clear()
    t = scan_ms(keys, t, 10)
    assert drain(keys) == [(43, False, 24)]  # open on 5 scans in a row


class FastMatrixKeys(MatrixKeys):
    def read_columns(self):
        return self.matrix.fast_reader()


def test_matrix_every_key_and_no_ghosts():
    m = FakeMatrix()
    FastMatrixKeys.matrix = m
    keys = FastMatrixKeys(m.rows, m.cols)
    t = 0
    for key in range(144):
        m.down = {key}
        t = scan_ms(keys, t, 6)
        m.down = set()
        t = scan_ms(keys, t, 10)  # the release: after the press's chatter (BOUNCE_MS)
        got = drain(keys)
        assert [(k, p) for k, p, _ in got] == [(key, True), (key, False)], (key, got)


def test_matrix_several_keys_at_once():
    m = FakeMatrix()
    keys = MatrixKeys(m.rows, m.cols)
    m.down = {0, 11, 132, 143, 70}
    scan_ms(keys, 0, 8)
    assert sorted(k for k, p, _ in drain(keys)) == [0, 11, 70, 132, 143]
    assert keys.is_down(70) and not keys.is_down(71)


def test_matrix_bounce_is_debounced():
    m = FakeMatrix()
    keys = MatrixKeys(m.rows, m.cols)
    t = 0
    for ch in "#.#..#.######...#.##.......":
        m.down = {5} if ch == "#" else set()
        keys.scan(t)
        t += 1
    assert [(k, p) for k, p, _ in drain(keys)] == [(5, True), (5, False)]


def test_matrix_key_held_at_power_up_is_ignored_until_released():
    m = FakeMatrix(down={0, 50})
    keys = MatrixKeys(m.rows, m.cols)
    assert keys.held_at_start(0) and keys.held_at_start(50)
    assert not keys.held_at_start(1)
    t = scan_ms(keys, 0, 100)
    assert drain(keys) == []  # no press for keys already down
    m.down = {50}
    t = scan_ms(keys, t, 10)
    assert drain(keys) == []  # nor a release for key 0
    m.down = {0, 50}
    t = scan_ms(keys, t, 10)
    assert drain(keys) == [(0, True, t - 10)]  # pressed again: now it counts
    assert keys.held_at_start(0)  # still tells safe mode what happened at power-up


def test_matrix_queue_overflow_delegates():
    m = FakeMatrix()
    keys = MatrixKeys(m.rows, m.cols, queue_size=4)
    t = 0
    for key in range(3):  # 6 events into 4 slots
        m.down = {key}
        t = scan_ms(keys, t, 6)
        m.down = set()
        t = scan_ms(keys, t, 6)
    assert keys.overflowed and len(keys) == 4
    assert [(k, p) for k, p, _ in drain(keys)] == [(0, True), (0, False), (1, True), (1, False)]
    keys.clear()
    assert not keys.overflowed


def test_matrix_debounce_follows_scan_rate():
    m = FakeMatrix(2, 2)
    keys = MatrixKeys(m.rows, m.cols, scan_hz=500)  # 5 ms = 3 scans at 2 ms
    m.down = {3}
    keys.scan(0)
    assert drain(keys) == [(3, True, 0)]  # the first scan
    for i in range(1, 4):
        keys.scan(i * 2)  # locked, then held
    m.down = set()
    for i in range(4, 7):
        keys.scan(i * 2)
    assert drain(keys) == [(3, False, 12)]  # open on 3 scans in a row


def test_matrix_rejects_slow_scan():
    m = FakeMatrix(2, 2)
    try:
        MatrixKeys(m.rows, m.cols, scan_hz=100)
    except ValueError:
        return
    assert False, "scan_hz below 500 must raise ValueError"


class ShiftedColumns(MatrixKeys):
    """A replacement reader whose bits are not 1 << column (like a GPIO register)."""

    def __init__(self, matrix):
        self.matrix = matrix
        self._col_bits = tuple(1 << (c + 12) for c in range(matrix.ncols))
        MatrixKeys.__init__(self, matrix.rows, matrix.cols)

    def read_columns(self):
        bits = 0
        for c in range(self.matrix.ncols):
            if self.matrix.column_level(c) == 0:
                bits |= 1 << (c + 12)
        return bits


def test_matrix_reader_is_replaceable():
    m = FakeMatrix(down={7})
    keys = ShiftedColumns(m)
    assert keys.held_at_start(7)
    m.down = set()
    t = scan_ms(keys, 0, 6)
    m.down = {100}
    scan_ms(keys, t, 6)
    assert [(k, p) for k, p, _ in drain(keys)] == [(100, True)]


# -- Rp2MatrixKeys: the same matrix read through the RP2040's SIO registers ----------
ROW_GPIOS = tuple(range(12))
COL_GPIOS = (12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 26)  # not contiguous, as on the board


PADS_BANK0 = 0x4001C004  # GPIOn's pad control at + 4 n
PAD_RESET = 0x56  # a pad at reset: input on, Schmitt trigger, pull-down, DRIVE 1 (4 mA)


class FakeSIO:
    """machine.mem32 over the SIO GPIO registers of a board whose keys in `down` are
    pressed, and over the GPIOs' pad controls (`pads`: gpio -> its register)."""

    def __init__(self, down=()):
        self.down = set(down)
        self.out = 0xFFF  # rows idle high
        self.pads = dict((g, PAD_RESET) for g in range(30))

    def pad(self, addr):
        g = (addr - PADS_BANK0) // 4
        return g if addr % 4 == 0 and g in self.pads else None

    def __setitem__(self, addr, value):
        if addr == 0xD0000014:
            self.out |= value
        elif addr == 0xD0000018:
            self.out &= ~value
        elif self.pad(addr) is not None:
            self.pads[self.pad(addr)] = value
        else:
            assert False, "unexpected register write %x" % addr

    def __getitem__(self, addr):
        if self.pad(addr) is not None:
            return self.pads[self.pad(addr)]
        assert addr == 0xD0000004, "unexpected register read %x" % addr
        level = (1 << 30) - 1  # every input pulled up
        for key in self.down:
            if not self.out & (1 << ROW_GPIOS[key // 12]):
                level &= ~(1 << COL_GPIOS[key % 12])
        return level


class FakeMachine:
    mem32 = None


def make_rp2_keys(sio):
    import sys

    from drivers.keys import Rp2MatrixKeys

    FakeMachine.mem32 = sio
    saved = sys.modules.get("machine")
    sys.modules["machine"] = FakeMachine
    try:
        m = FakeMatrix()  # its pins only take the idle writes here
        # the register model given: on a Pico the default (machine.mem32) would take the
        # native pass, which reads the real SIO registers, not this model
        return Rp2MatrixKeys(m.rows, m.cols, ROW_GPIOS, COL_GPIOS, mem32=sio)
    finally:
        if saved is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = saved


def test_rp2_registers_scan_like_the_pins():
    sio = FakeSIO(down={0})
    keys = make_rp2_keys(sio)
    assert keys.held_at_start(0) and not keys.held_at_start(1)
    assert sio.out == 0xFFF  # every row released again
    t = 0
    for key in (1, 11, 12, 77, 131, 143):
        sio.down = {0, key}
        t = scan_ms(keys, t, 6)
        sio.down = {0}
        t = scan_ms(keys, t, 10)
        assert [(k, p) for k, p, _ in drain(keys)] == [(key, True), (key, False)], key
    sio.down = set()
    scan_ms(keys, t, 6)
    assert drain(keys) == []  # key 0, held since power-up, released silently
    assert sio.out == 0xFFF


class RecoveringSIO(FakeSIO):
    """FakeSIO whose columns recover slowly: a column the released row held low
    reads low for `recovery` more reads of the inputs (a hand-wired column charging
    through the RP2040's 50-80 kOhm pull-up takes 2-6 us, a few register reads)."""

    def __init__(self, down=(), recovery=3):
        FakeSIO.__init__(self, down)
        self.recovery = recovery
        self.slow = {}  # column gpio -> reads it still reads low
        self.reads = 0

    def __setitem__(self, addr, value):
        if addr == 0xD0000014:  # a row released: its low columns start recovering
            for key in self.down:
                if value & (1 << ROW_GPIOS[key // 12]) and not self.out & value:
                    self.slow[COL_GPIOS[key % 12]] = self.recovery
        FakeSIO.__setitem__(self, addr, value)

    def __getitem__(self, addr):
        level = FakeSIO.__getitem__(self, addr)
        self.reads += 1
        for gpio in list(self.slow):
            if self.slow[gpio] > 0:
                level &= ~(1 << gpio)
                self.slow[gpio] -= 1
        return level


def test_rp2_rows_are_driven_at_12_ma():
    # a whole row held sinks every column's pull-up current: at the pads' default 4 mA
    # its columns would sit above the input-low limit (hardware/matrix_wires.py)
    sio = FakeSIO()
    Rp2MatrixKeys(FakeMatrix().rows, FakeMatrix().cols, ROW_GPIOS, COL_GPIOS, mem32=sio)
    for g in range(30):
        want = (PAD_RESET & ~0x30) | 0x30 if g in ROW_GPIOS else PAD_RESET
        assert sio.pads[g] == want, (g, hex(sio.pads[g]))


def test_rp2_scan_waits_for_the_columns_to_recover():
    held = 3 * 12 + 5  # d4; the key below it, d5 (row 4), is up
    sio = RecoveringSIO(recovery=4)
    keys = Rp2MatrixKeys(FakeMatrix().rows, FakeMatrix().cols, ROW_GPIOS, COL_GPIOS, mem32=sio)
    sio.down = {held}
    scan_ms(keys, 0, 50)
    assert [(k, p) for k, p, _ in drain(keys)] == [(held, True)]  # no phantom on the row below
    assert not keys.is_down(held + 12)
    sio.down = set()
    scan_ms(keys, 50, 10)
    assert [(k, p) for k, p, _ in drain(keys)] == [(held, False)]


def test_rp2_a_column_stuck_low_ends_the_wait():
    sio = RecoveringSIO(recovery=10 ** 9)  # a short to ground: it never recovers
    keys = Rp2MatrixKeys(FakeMatrix().rows, FakeMatrix().cols, ROW_GPIOS, COL_GPIOS, mem32=sio)
    sio.down = {0}
    sio.reads = 0
    keys.scan(0)  # returns: the wait is bounded
    assert sio.reads <= 12 * (RECOVER_READS + 2)
    scan_ms(keys, 1, 10)
    pressed = [k for k, p, _ in drain(keys) if p]
    assert pressed[0] == 0 and 12 in pressed  # the stuck column shows in every row


# -- chatter: a switch bounces up to BOUNCE_MS (10 ms) when it closes and when it opens --
def one_press(deb, key, press, release):
    """The events of a press that chatters as `press` (readings at 1 kHz from the first
    contact), is held, then released chattering as `release`; each checked at its time:
    the press on the first closed reading, the release at the end of the first run of
    `threshold` open readings of the release."""
    readings = press + "#" * 30 + release + "." * 30
    got = events(feed(deb, key, readings))
    opened = readings.find("." * deb.threshold, len(press) + 30) + deb.threshold - 1
    assert [i for i, _ in got] == [readings.find("#"), opened][:len(got)], (press, release, got)
    return [r for _, r in got]


def pattern(bits, n=10):
    return "".join("#" if bits >> i & 1 else "." for i in range(n))


def test_every_chatter_of_up_to_10_ms_is_one_press_and_one_release():
    # the matrix's own debouncer at its 1 kHz scan, on every pattern of 10 readings
    m = FakeMatrix(1, 2)
    deb = MatrixKeys(m.rows, m.cols)._debouncer
    assert (deb.threshold, deb.lockout) == (5, 5)
    for bits in range(1 << 10):
        assert one_press(deb, 0, pattern(bits), "") == [True, False], pattern(bits)
        assert one_press(deb, 1, "", pattern(bits)) == [True, False], pattern(bits)


# Chatter shaped like a contact's, from the first touch (press) or the first opening
# (release), one character a millisecond: '#' closed, '.' open.
CHATTER = (
    ("#.#.#.##.#", "..#.#..#.#"),  # fast spikes all through the 10 ms
    ("##.....###", ".....#####"),  # one long bounce (5 ms open) in the middle
    ("#####....#", "....#....#"),  # closed 5 ms, then it bounces once more late
    ("#.........", "#########."),  # a first touch, then 9 ms until it closes
    (".#.##.###.", "#.#.##..##"),
)


def test_matrix_chatter_gives_one_press_and_one_release():
    m = FakeMatrix()
    FastMatrixKeys.matrix = m
    keys = FastMatrixKeys(m.rows, m.cols)  # the real scan, rows settling, the lockout
    t = 0
    for press, release in CHATTER:
        for key in (0, 77, 143):
            for ch in press + "#" * 40 + release + "." * 40:
                m.down = {key} if ch == "#" else set()
                keys.scan(t)
                t += 1
            assert [(k, p) for k, p, _ in drain(keys)] == [(key, True), (key, False)], (press, release, key)


def test_debouncer_lockout_ignores_readings_after_a_change():
    deb = Debouncer(1, threshold=2, lockout=3)
    assert feed(deb, 0, "#...") == [True, None, None, None]  # a press: max(2, 3) readings ignored
    assert deb.is_down(0) and not deb.settling(0)
    assert events(feed(deb, 0, "..")) == [(1, False)]
    assert deb.settling(0)
    assert feed(deb, 0, "###") == [None, None, None]  # the release's lockout: 3 readings
    assert feed(deb, 0, "#") == [True]


def test_matrix_feeds_only_moving_keys_yet_matches_a_debouncer_of_every_key():
    # The scan feeds the debouncer only the keys that can change (reading unlike their
    # state, counting, or ignoring chatter); its events must be those of a debouncer
    # fed every key of the row at every scan. Three keys of one row chatter at once,
    # from a fixed pseudo-random sequence (no clock, no randomness module).
    m = FakeMatrix()
    FastMatrixKeys.matrix = m
    keys = FastMatrixKeys(m.rows, m.cols)
    ref = Debouncer(144, keys._debouncer.threshold, keys._debouncer.lockout)
    watched = (24, 25, 31)  # row 2
    x = 12345
    expect, got = [], []
    for t in range(3000):
        down = set()
        for key in watched:
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            phase = (t // 37 + key) % 2  # the key's intent: long presses and releases
            if (x >> 16) % 8 != 0 if phase else (x >> 16) % 8 == 0:  # 1 reading in 8 chatters
                down.add(key)
        m.down = down
        keys.scan(t)
        got += drain(keys)  # (the queue holds 64)
        for key in range(24, 36):
            event = ref.update(key, key in down)
            if event is not None:
                expect.append((key, event, t))
    assert len(got) > 100  # it did chatter, press and release
    assert got == expect
    assert keys._dirty[2] in (0, 1) and all(keys._active[r] == 0 for r in range(12) if r != 2)
