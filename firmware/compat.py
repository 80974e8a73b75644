# Lets the same firmware files run on MicroPython (Pico, host wasm) and CPython.
# Only what differs between the two lives here.
try:
    from micropython import const
except ImportError:  # CPython: const() is just the value
    def const(value):
        return value

try:
    from time import ticks_add, ticks_diff, ticks_ms, sleep_ms
except ImportError:  # CPython: emulate MicroPython's wrapping millisecond ticks
    import time as _time

    _PERIOD = 1 << 30
    _HALF = _PERIOD // 2

    def ticks_ms():
        return int(_time.monotonic() * 1000) % _PERIOD

    def ticks_add(ticks, delta):
        return (ticks + delta) % _PERIOD

    def ticks_diff(later, earlier):
        return ((later - earlier + _HALF) % _PERIOD) - _HALF

    def sleep_ms(ms):
        _time.sleep(ms / 1000)

try:
    from time import ticks_us
except ImportError:  # CPython: wrapping microseconds, as MicroPython's
    import time as _time_us

    def ticks_us():
        return int(_time_us.monotonic() * 1000000) % (1 << 30)
