# The key matrix, in the manner of CircuitPython's keypad: a timer scans the matrix,
# a pure per-key debouncer turns readings into presses and releases, and timestamped
# events wait in a queue until the app reads them. Scanning allocates nothing.
from array import array

from compat import const

_SIO_GPIO_IN = const(0xD0000004)  # RP2040 SIO: the level of every GPIO, one bit each
_SIO_GPIO_OUT_SET = const(0xD0000014)  # writing 1 bits drives those outputs high
_SIO_GPIO_OUT_CLR = const(0xD0000018)  # writing 1 bits drives those outputs low
# After a row is released, its low columns must climb back through their pull-ups
# before the next row is read, or a held key shows on the row below too. The scan
# reads the columns until all are high, at most this many times (~0.9 us a read as
# bytecode on the Pico at 200 MHz; the worst build's columns recover in about 1 us); a column
# stuck low ends the wait.
RECOVER_READS = const(24)


class EventQueue:
    """A fixed-size FIFO of key events (key, pressed, ticks).

    Overflow policy: when the queue already holds max_events events, put() drops the
    NEW event (the queued ones are kept, in order), returns False and sets
    `overflowed`, which stays set until clear(). Events are stored in preallocated
    arrays, so put() allocates nothing and is safe from a timer callback; one
    producer (the scan) and one consumer (the app) may interleave freely.
    Keys are 0..255; ticks are ticks_ms() values.
    """

    def __init__(self, max_events=64):
        if max_events < 1:
            raise ValueError("max_events must be at least 1")
        n = max_events + 1  # one slot stays empty: head == tail means empty
        self._keys = bytearray(n)
        self._pressed = bytearray(n)
        self._ticks = array("l", [0] * n)
        self._slots = n
        self._head = 0  # next to get (written only by get/clear)
        self._tail = 0  # next free slot (written only by put)
        self.overflowed = False

    def put(self, key, pressed, ticks):
        tail = self._tail
        nxt = tail + 1
        if nxt == self._slots:
            nxt = 0
        if nxt == self._head:  # full: drop this newest event
            self.overflowed = True
            return False
        self._keys[tail] = key
        self._pressed[tail] = 1 if pressed else 0
        self._ticks[tail] = ticks
        self._tail = nxt  # publish only once the slot is written
        return True

    def get(self):
        """The oldest event as (key, pressed, ticks), or None when empty."""
        head = self._head
        if head == self._tail:
            return None
        event = (self._keys[head], self._pressed[head] == 1, self._ticks[head])
        head += 1
        self._head = 0 if head == self._slots else head
        return event

    def clear(self):
        self._head = self._tail
        self.overflowed = False

    def __len__(self):
        return (self._tail - self._head) % self._slots


class Debouncer:
    """Pure debouncing, eager on the press and deferred on the release (per key, as
    QMK's asym_eager_defer_pk): a key that reads closed while up is pressed at once,
    on that first reading, and its next `max(threshold, lockout)` readings are ignored
    (the debounce time: its chatter). A release must read open `threshold` times in a
    row (a reading closed restarts the count, so drop-outs while held are ignored);
    then the next `lockout` readings are ignored: the rest of the chatter of a switch
    that bounces longer than `threshold` readings (up to threshold + lockout in all)."""

    def __init__(self, nkeys=144, threshold=5, lockout=0):
        if threshold < 1 or threshold > 255 or not 0 <= lockout <= 255:
            raise ValueError("threshold must be 1..255, lockout 0..255")
        self.threshold = threshold
        self.lockout = lockout
        self._down = bytearray(nkeys)  # debounced state, 1 = down
        self._count = bytearray(nkeys)  # consecutive open readings of a key down
        self._lock = bytearray(nkeys)  # readings still to ignore after a change

    def update(self, key, raw_down):
        """Feed one reading; True for a new press, False for a new release, else None."""
        if self._lock[key]:
            self._lock[key] -= 1
            return None
        if raw_down:
            self._count[key] = 0
            if self._down[key]:
                return None
            self._down[key] = 1  # eager: the first closed reading is the press
            self._lock[key] = max(self.threshold, self.lockout)
            return True
        if not self._down[key]:
            return None
        n = self._count[key] + 1
        if n < self.threshold:
            self._count[key] = n
            return None
        self._count[key] = 0
        self._down[key] = 0
        self._lock[key] = self.lockout
        return False

    def settling(self, key):
        """True while the key ignores its chatter (it must still be fed readings)."""
        return self._lock[key] != 0

    def is_down(self, key):
        return self._down[key] == 1

    def set_down(self, key, down):
        """Force a debounced state without an event (keys found held at power-up)."""
        self._down[key] = 1 if down else 0
        self._count[key] = 0


class MatrixKeys:
    """A row x column switch matrix (diode per key) scanned into an EventQueue.

    row_pins: machine.Pin outputs, all driven high, each pulled low in turn.
    col_pins: machine.Pin inputs with pull-ups; a pressed key pulls its column low.
    Key number = row * len(col_pins) + column. A key found down at construction
    (power-up) produces no events until it has been released once;
    held_at_start(key) tells whether it was. `clock` gives ticks_ms() to start()'s
    timer scans (default: compat). To read the columns another way (an MCP23017,
    a GPIO register), subclass and override read_columns() and, if its bits are
    not 1 << column, set self._col_bits before calling MatrixKeys.__init__.
    read_row(r): the power-up read of a row, if not _read_row.
    """

    def __init__(self, row_pins, col_pins, clock=None, queue_size=64, scan_hz=1000, read_row=None):
        from drivers.keys_setup import matrix_parts  # (boot only: freed after, main.py)

        self._rows = rows = tuple(row_pins)
        self._cols = tuple(col_pins)
        self.ncols = len(self._cols)
        self.scan_hz = scan_hz
        self._clock = clock
        self._timer = None
        self._paused = False  # the timer stopped while a press is answered (pause)
        (self._col_bits, self._col_of, self._queue, self._debouncer, self._stable, self._dirty, self._active,
         self._held, self._muted) = matrix_parts(rows, self.ncols, getattr(self, "_col_bits", None),
                                                 read_row or self._read_row,
                                                 EventQueue(queue_size), Debouncer, scan_hz)

    def read_columns(self):
        """The columns of the row being driven: a set bit = that key is down."""
        bits = 0
        c = 0
        for pin in self._cols:
            if not pin.value():
                bits |= 1 << c
            c += 1
        return bits

    def _read_row(self, r):
        pin = self._rows[r]
        pin.value(0)
        bits = self.read_columns()
        pin.value(1)
        return bits

    def scan(self, now):
        """Scan the whole matrix once; queue the presses and releases it completes."""
        stable = self._stable
        dirty = self._dirty
        for r in range(len(self._rows)):
            bits = self._read_row(r)
            if bits == stable[r] and not dirty[r]:
                continue  # the usual case: nothing moved in this row
            self._scan_row(r, bits, now)

    def _scan_row(self, r, bits, now):
        deb = self._debouncer
        col_of = self._col_of
        base = r * self.ncols
        stable = self._stable[r]
        # only the keys that can move: those reading unlike their debounced state, and
        # those still counting or ignoring their chatter (the rest would be fed a
        # reading that changes nothing). One key's bounce then costs one key's work,
        # not the row's: this runs in the scan, a thousand times a second (a pressed
        # key's lock, 5 scans, falls in its light: a turn of this loop per key to feed,
        # lowest bit first, not one per column)
        todo = (bits ^ stable) | self._active[r]
        active = 0
        count = deb._count
        lock = deb._lock
        while todo:
            bit = todo & -todo
            todo ^= bit
            c = col_of.get(bit)
            if c is None:
                continue  # (a bit that is no column of this matrix)
            key = base + c
            event = deb.update(key, bits & bit)
            if count[key] or lock[key]:
                active |= bit
            if event is None:
                continue
            if event:
                stable |= bit
            else:
                stable &= ~bit
            if self._muted[key]:
                if not event:
                    self._muted[key] = 0  # released at last: it counts from now on
                continue
            self._queue.put(key, event, now)
        self._stable[r] = stable
        self._active[r] = active
        # a key disagreeing with its debounced state is still counting, and a key that
        # just changed ignores its chatter for a while: the row is scanned key by key
        self._dirty[r] = 1 if bits != stable or active else 0

    def held_at_start(self, key):
        return self._held[key] == 1

    def is_down(self, key):
        """The debounced state now (keys held since power-up included)."""
        return self._debouncer.is_down(key)

    # -- background scanning -------------------------------------------------------
    def start(self):
        """Scan from a periodic machine.Timer at scan_hz. While an event waits unread,
        the timer's calls do not scan: a press's event is read by the app at its next
        turn (which then pauses the scan while it answers), and a scan between the two
        (~0.35 ms on a Pico with the pressed key counted by its debounce) would come
        first, in that press's light. Nothing is lost: the debounce counts readings."""
        import machine

        if self._clock is None:
            from compat import ticks_ms
        else:
            ticks_ms = self._clock.ticks_ms
        self._ticks_ms = ticks_ms
        queue = self._queue

        def on_timer(_timer):
            if queue._head == queue._tail:  # (len(queue) without its call: nothing unread)
                self.scan(ticks_ms())

        self.stop()
        self._on_timer = on_timer
        self._timer = machine.Timer(-1, mode=machine.Timer.PERIODIC, freq=self.scan_hz, callback=on_timer)

    def pause(self):
        """The timer stops until resume(): the app answers a press, and a scan (~0.25 ms
        on a Pico with a key locked by its debounce), or even a call of the timer's
        that does not scan, would take its turn in that light. A key moving meanwhile
        is seen by the next scan: the debounce counts readings, so nothing is lost,
        only that late (the app resumes within its answer, a few ms)."""
        if self._timer is not None and not self._paused:
            self._timer.deinit()
            self._paused = True

    def resume(self):
        if self._paused:
            self._paused = False
            self._timer.init(mode=self._timer.PERIODIC, freq=self.scan_hz, callback=self._on_timer)

    def stop(self):
        if self._timer is not None:
            self._timer.deinit()
            self._timer = None
        self._paused = False

    # -- the queue -----------------------------------------------------------------
    def get(self):
        return self._queue.get()

    def clear(self):
        self._queue.clear()

    @property
    def overflowed(self):
        return self._queue.overflowed

    def __len__(self):
        return len(self._queue)


class Rp2MatrixKeys(MatrixKeys):
    """MatrixKeys on the RP2040's SIO registers: a row is driven and all columns read
    with one register access each, instead of a Pin method call per pin; this is
    what keeps a 1 kHz scan near a tenth of the CPU. row_gpios and col_gpios are the
    GPIO numbers of row_pins and col_pins (pins.MATRIX_ROWS, pins.MATRIX_COLS).
    After each row the scan waits, bounded (RECOVER_READS), for the columns to read
    high again. mem32: machine.mem32 (a register model in tests); with the real one,
    on the Pico, a pass is native code (drivers/keys_viper.py)."""

    def __init__(self, row_pins, col_pins, row_gpios, col_gpios, mem32=None, **kwargs):
        from drivers.keys_setup import rp2_parts  # (boot only: freed after, main.py)

        (self._native, self._waits, self._mem32, self._row_bits, self._row_words, self._readings,
         self._row_of, self._col_bits, self._col_mask, read_row) = rp2_parts(row_gpios, col_gpios, mem32)
        MatrixKeys.__init__(self, row_pins, col_pins, read_row=read_row, **kwargs)

    def read_columns(self):
        # pull-ups: a low input is a pressed key
        return ~self._mem32[_SIO_GPIO_IN] & self._col_mask

    def _read_row(self, r):
        mem = self._mem32
        mask = self._col_mask
        mem[_SIO_GPIO_OUT_CLR] = self._row_bits[r]
        bits = ~mem[_SIO_GPIO_IN] & mask
        mem[_SIO_GPIO_OUT_SET] = self._row_bits[r]
        n = RECOVER_READS
        while n and ~mem[_SIO_GPIO_IN] & mask:  # the columns recover
            n -= 1
        return bits

    def scan(self, now):
        # MatrixKeys.scan with _read_row inlined: this runs a thousand times a second.
        # After each row, the columns it pulled low must read high again (bounded
        # wait) before the next row is driven: no phantom press on the row below.
        if self._native is not None:
            changed = self._native(self._row_words, len(self._row_bits), self._col_mask, self._waits,
                                   self._stable, self._dirty, self._readings)
            row_of = self._row_of
            while changed:  # only the rows that moved, or are being debounced
                bit = changed & -changed  # (lowest first: not a turn per row up to the last)
                changed ^= bit
                r = row_of[bit]
                self._scan_row(r, self._readings[r], now)
            return
        mem = self._mem32
        mask = self._col_mask
        stable = self._stable
        dirty = self._dirty
        r = 0
        for bit in self._row_bits:
            mem[_SIO_GPIO_OUT_CLR] = bit
            bits = ~mem[_SIO_GPIO_IN] & mask
            mem[_SIO_GPIO_OUT_SET] = bit
            n = RECOVER_READS
            while n and ~mem[_SIO_GPIO_IN] & mask:
                n -= 1
            if bits != stable[r] or dirty[r]:
                self._scan_row(r, bits, now)
            r += 1
