# Lets the same firmware files run on MicroPython (Pico, host wasm), CircuitPython and
# CPython. Only what differs between them lives here.
try:
    from micropython import const
except ImportError:  # CPython: const() is just the value
    def const(value):
        return value

try:
    from time import ticks_add, ticks_diff, ticks_ms, sleep_ms
except ImportError:  # CircuitPython and CPython: wrapping millisecond ticks by hand
    import time as _time

    try:  # CircuitPython: supervisor.ticks_ms() wraps at 2**29
        from supervisor import ticks_ms

        _PERIOD = 1 << 29
    except ImportError:  # CPython: emulate MicroPython's ticks, which wrap at 2**30
        _PERIOD = 1 << 30

        def ticks_ms():
            return int(_time.monotonic() * 1000) % _PERIOD

    _HALF = _PERIOD // 2

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
