# Keys on CircuitPython: its built-in keypad.KeyMatrix scans the matrix in the
# background, debounces and queues timestamped events; this adapter gives the app the
# same small interface as drivers/keys.py (get, overflowed, clear).


class KeypadKeys:
    """matrix: a keypad.KeyMatrix (or anything with an `events` EventQueue);
    event: a keypad.Event to read into, so reading allocates nothing.
    Key numbers are row * columns + column, the app's own numbering, as long as the
    matrix was made with the board's rows and columns in order."""

    def __init__(self, matrix, event):
        self._matrix = matrix
        self._events = matrix.events
        self._event = event

    def get(self):
        """The oldest event as (key, pressed, ticks), or None when there is none."""
        e = self._event
        if not self._events.get_into(e):
            return None
        return (e.key_number, e.pressed, e.timestamp)

    @property
    def overflowed(self):
        """Events were lost (the queue was full); stays set until clear()."""
        return self._events.overflowed

    def clear(self):
        self._events.clear()

    def __len__(self):
        return len(self._events)

    def start(self):
        """Scanning runs from construction; keys held now are reported afresh."""
        self._matrix.reset()

    def stop(self):
        self._matrix.deinit()
