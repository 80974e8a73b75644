# The Pico's fast path for Pixels.show, PioStrip.write and the gamma table: their byte
# loops as native code (viper, and show()'s as Thumb assembly), far faster than the same
# loops as bytecode (0.08 ms against 8.7 ms a frame on the rp2 port, measured on the
# virtual Pico). Only MicroPython with a native emitter loads this module: CPython has no
# `micropython` module, and the host's wasm port cannot load its armv6m code;
# drivers/pixels.py then keeps its bytecode loops, which compute the very same bytes.
import micropython


# levels_into(frame, lut, buf, dest): each byte of `frame` through `lut` into buf at
# the place dest gives it (dest: array("H"), first the bytes to convert, then each
# byte's place: its cell's LED and its colour's place there, drivers/pixels_setup.py);
# returns the sum of the levels written. Thumb assembly (the M0+'s own instructions),
# not viper: a byte takes some 14 cycles here, some 80 as viper code, whose locals
# live on the stack (0.08 ms a frame, against 0.38: show() 0.22 ms instead of 0.40 on
# the virtual Pico). Four arguments at most: r0..r3.
@micropython.asm_thumb
def levels_into(r0, r1, r2, r3):
    ldrh(r4, [r3, 0])  # r4: the bytes left
    add(r3, 2)  # r3: the next byte's place
    mov(r5, 0)  # r5: the sum
    cmp(r4, 0)
    beq(DONE)
    label(LOOP)
    ldrb(r6, [r0, 0])  # the frame's byte ...
    add(r0, 1)
    add(r6, r6, r1)
    ldrb(r6, [r6, 0])  # ... through the table
    add(r5, r5, r6)
    ldrh(r7, [r3, 0])
    add(r3, 2)
    add(r7, r7, r2)
    strb(r6, [r7, 0])  # into its place in buf
    sub(r4, 1)
    bne(LOOP)
    label(DONE)
    mov(r0, r5)


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


# gamma_into(lut, curve, k): for v in 1..255, c = curve[1] + .. + curve[v] (the gamma
# curve's value, its steps summed) and lut[v] = (c * k + 2**21) >> 22, at least 1
# (drivers/pixels.py's gamma_into, its definition as bytecode). Thumb assembly: 0.08 ms
# for a table on the virtual Pico, against 0.25 as viper (a brightness press waits for it).
@micropython.asm_thumb
def gamma_into(r0, r1, r2):
    mov(r3, 1)  # r3: v
    mov(r4, 1)
    lsl(r4, r4, 21)  # r4: a half, for the rounding
    mov(r5, 0)  # r5: c
    label(LOOP)
    add(r6, r1, r3)
    ldrb(r6, [r6, 0])
    add(r5, r5, r6)  # the curve's value at v ...
    mov(r6, r5)
    mul(r6, r2)  # ... times k
    add(r6, r6, r4)
    lsr(r6, r6, 22)  # rounded (zero sets the flag)
    bne(LIT)
    mov(r6, 1)  # a lit input stays lit
    label(LIT)
    add(r7, r0, r3)
    strb(r6, [r7, 0])
    add(r3, 1)
    cmp(r3, 255)
    ble(LOOP)
