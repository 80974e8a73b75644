# The real clock for the app: MicroPython's wrapping millisecond ticks (compat gives
# the same on CPython). The simulator swaps in a virtual clock with the same methods.
from compat import sleep_ms, ticks_add, ticks_diff, ticks_ms

try:  # MicroPython: the core sleeps until the next interrupt (at most a millisecond)
    from machine import idle as _until_interrupt
except ImportError:  # CPython, CircuitPython: a millisecond's sleep at a time
    _until_interrupt = None


class Clock:
    def ticks_ms(self):
        return ticks_ms()

    def sleep_ms(self, ms):
        if ms > 0:
            sleep_ms(ms)

    def wait(self, ms, events):
        """Sleep up to `ms`, returning as soon as `events` holds one (len(events): the
        key queue). On a Pico the core sleeps until the next interrupt (the key scan's
        timer comes every millisecond) and looks again: a press's event is seen as soon
        as it is queued, not at the end of a millisecond's sleep (0.5 ms later on
        average: a press's light)."""
        if _until_interrupt is None:
            for _ in range(ms):
                if len(events):
                    return
                sleep_ms(1)
            return
        end = ticks_add(ticks_ms(), ms)
        while not len(events) and ticks_diff(end, ticks_ms()) > 0:
            _until_interrupt()
