# The Pico's fast path for Pixels.show: its byte loops as viper (native Thumb code),
# about 25 times faster than the same loops as bytecode (0.36 ms against 8.7 ms a frame
# on the rp2 port, measured on the virtual Pico). Only MicroPython with a native emitter
# loads this module: CPython has no `micropython` module, and the host's wasm port
# cannot load its armv6m code; drivers/pixels.py then keeps its bytecode loops, which
# compute the very same bytes.
import micropython


@micropython.viper
def levels_into(frame: ptr8, lut: ptr8, levels: ptr8, buf: ptr8, offs: ptr16, n: int) -> int:
    """levels[i] = lut[frame[i]], also written to buf[offs[i]]; returns their sum."""
    total = 0
    for i in range(n):
        v = lut[frame[i]]
        levels[i] = v
        buf[offs[i]] = v
        total += v
    return total


@micropython.viper
def scale_into(levels: ptr8, buf: ptr8, offs: ptr16, n: int, k: int) -> int:
    """levels[i] = levels[i] * k >> 8, also written to buf[offs[i]]; returns their sum."""
    total = 0
    for i in range(n):
        v = (levels[i] * k) >> 8
        levels[i] = v
        buf[offs[i]] = v
        total += v
    return total
