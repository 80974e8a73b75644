# The Pico's fast path for Pixels.show and PioStrip.write: their byte loops as viper (native Thumb code),
# about 25 times faster than the same loops as bytecode (0.38 ms against 8.7 ms a frame
# on the rp2 port, measured on the virtual Pico). Only MicroPython with a native emitter
# loads this module: CPython has no `micropython` module, and the host's wasm port
# cannot load its armv6m code; drivers/leds.py then keeps its bytecode loops, which
# compute the very same bytes.
import micropython


@micropython.viper
def levels_into(frame: ptr8, lut: ptr8, buf: ptr8, chain: ptr8, n: int, order: ptr8) -> int:
    """For each of the n cells, its 3 bytes of frame through lut into buf at the LED's
    bytes (chain[cell] * 3), each at its offset (order: R's, G's, B's); returns the sum
    of the levels written."""
    o0 = order[0]
    o1 = order[1]
    o2 = order[2]
    total = 0
    i = 0
    for cell in range(n):
        base = chain[cell] * 3
        v = lut[frame[i]]
        buf[base + o0] = v
        total += v
        v = lut[frame[i + 1]]
        buf[base + o1] = v
        total += v
        v = lut[frame[i + 2]]
        buf[base + o2] = v
        total += v
        i += 3
    return total


@micropython.viper
def scale_into(buf: ptr8, n: int, k: int) -> int:
    """buf[i] = buf[i] * k >> 8 for its n bytes; returns their sum."""
    total = 0
    for i in range(n):
        v = (buf[i] * k) >> 8
        buf[i] = v
        total += v
    return total


@micropython.viper
def changed_end(a, b, n: int, bpp: int) -> int:
    """How many of the n bytes of a and b, from the start, hold every difference, in
    whole LEDs of bpp bytes: the end of the last LED where they differ (0: equal).
    Compared a word (4 bytes) at a time where it can: a bytearray's bytes start on a
    word (the heap's blocks are 16 bytes), and PioStrip's two buffers are bytearrays.
    (A byte at a time took 0.21 ms for two equal frames on the virtual Pico, 0.08 so.)"""
    wa = ptr32(a)
    wb = ptr32(b)
    ba = ptr8(a)
    bb = ptr8(b)
    i = n
    while i & 3:  # the bytes past the last whole word
        if ba[i - 1] != bb[i - 1]:
            return (i + bpp - 1) // bpp * bpp
        i -= 1
    w = i >> 2
    while w > 0 and wa[w - 1] == wb[w - 1]:
        w -= 1
    i = w << 2
    while i > 0 and ba[i - 1] == bb[i - 1]:  # within the last word that differs
        i -= 1
    return (i + bpp - 1) // bpp * bpp
