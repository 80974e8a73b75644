# The matrix's pure parts, in the manner of CircuitPython's keypad: a per-key debouncer
# that turns readings into presses and releases, and the queue where timestamped events
# wait until the app reads them. Neither allocates once made.
from array import array


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
