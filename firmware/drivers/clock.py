# The real clock for the app: MicroPython's wrapping millisecond ticks (compat gives
# the same on CPython). The simulator swaps in a virtual clock with the same methods.
from compat import sleep_ms, ticks_ms


class Clock:
    def ticks_ms(self):
        return ticks_ms()

    def sleep_ms(self, ms):
        if ms > 0:
            sleep_ms(ms)
