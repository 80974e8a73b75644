# The Pico's fast path for Frame.set, Frame.fill, Frame.paint and Frame.mark: a cell's
# colour written as viper (native Thumb code), about twice as fast as the bytecode
# method (13.7 us against 33 us a call on the virtual Pico; a screen sets 100-200 cells
# a frame, in a key press's light), and a whole board or ring in one call, its loop as
# Thumb assembly (Squeeze's 100 cells: 0.08 ms instead of 0.19 as viper, against some
# 25 us a cell for a Python loop's turn and its set()).
# Only MicroPython with a native emitter loads this module: app/frame.py then keeps
# its bytecode methods, which write the very same bytes.
from array import array

import micropython
from micropython import const

_CELLS = const(144)  # app.grid.CELLS


@micropython.viper
def set_cell(self, cell: int, color: int):
    """Frame.set: cell's 3 bytes in self.buf = color (0xRRGGBB). Out of range, the
    bytecode method does it (and fails as it would)."""
    if uint(cell) >= uint(_CELLS) or uint(color) > uint(0xFFFFFF):
        self.set_slow(cell, color)
        return
    b = ptr8(self.buf)
    i = cell * 3
    b[i] = color >> 16
    b[i + 1] = (color >> 8) & 255
    b[i + 2] = color & 255


@micropython.viper
def fill_cells(self, cells, color: int):
    """Frame.fill: every cell of `cells` (bytes of cell numbers) = color. A colour or a
    cell out of range: the bytecode method (which fails as it would)."""
    ptr8(cells)  # (bytes-like, or a TypeError as before: the assembly would take a list's items)
    if uint(color) > uint(0xFFFFFF) or int(_fill(self.buf, cells, int(len(cells)), color)):
        self.fill_slow(cells, color)  # (past the same cells, it fails as the bytecode does)


@micropython.viper
def paint_cells(self, cells, values, palette, empty):
    """Frame.paint: cell cells[k] = palette[values[k]], or empty[k] where values[k] is
    0 (cells, values: bytes-like; palette, empty: array("I") of colours). A value past
    the palette, a cell out of range, or tables too short: the bytecode method."""
    n = int(len(cells))
    if int(len(values)) < n or int(len(empty)) < n:
        self.paint_slow(cells, values, palette, empty)
        return
    job = ptr32(_JOB)
    job[0] = uint(ptr8(self.buf))
    job[1] = uint(ptr8(cells))
    job[2] = uint(ptr8(values))
    job[3] = uint(ptr32(palette))
    job[4] = uint(ptr32(empty))
    job[5] = n
    job[6] = int(len(palette))
    if int(_paint(_JOB)):
        self.paint_slow(cells, values, palette, empty)


@micropython.viper
def mark_cells(self, cells, values, none: int, on: int, off: int):
    """Frame.mark: cell cells[k] = off where values[k] == none, else on (cells,
    values: bytes-like). A table too short, a cell or a colour out of range: the
    bytecode method (which fails as it would)."""
    n = int(len(cells))
    if int(len(values)) < n or uint(on) > uint(0xFFFFFF) or uint(off) > uint(0xFFFFFF):
        self.mark_slow(cells, values, none, on, off)
        return
    job = ptr32(_JOB)
    job[0] = uint(ptr8(self.buf))
    job[1] = uint(ptr8(cells))
    job[2] = uint(ptr8(values))
    job[3] = n
    job[4] = none
    job[5] = on
    job[6] = off
    if int(_mark(_JOB)):
        self.mark_slow(cells, values, none, on, off)


# The loops themselves, as Thumb assembly (the M0+'s own instructions): viper keeps
# most of its locals on the stack there, some 2 us a cell; these take a fraction of
# that. Each returns 0, or 1 at a cell (or a value) out of range, having written the
# cells before it (the bytecode method then fails past the same cells). Four
# arguments at most (r0..r3): paint and mark read theirs from _JOB.
_JOB = array("I", bytes(4 * 7))


@micropython.asm_thumb
def _fill(r0, r1, r2, r3):
    # r0: the frame's bytes, r1: the cells, r2: how many, r3: the colour
    cmp(r2, 0)
    beq(DONE)
    label(LOOP)
    ldrb(r4, [r1, 0])  # the cell ...
    cmp(r4, 144)  # (_CELLS)
    bcs(BAD)
    lsl(r5, r4, 1)
    add(r4, r4, r5)
    add(r4, r4, r0)  # ... its 3 bytes
    strb(r3, [r4, 2])  # blue, green, red
    lsr(r5, r3, 8)
    strb(r5, [r4, 1])
    lsr(r5, r5, 8)
    strb(r5, [r4, 0])
    add(r1, 1)
    sub(r2, 1)
    bne(LOOP)
    label(DONE)
    mov(r0, 0)
    b(END)
    label(BAD)
    mov(r0, 1)
    label(END)


@micropython.asm_thumb
def _paint(r0):
    # _JOB: the frame's bytes, cells, values, palette, empty, how many, the palette's size
    mov(r1, 0)  # r1: k
    label(LOOP)
    ldr(r2, [r0, 20])
    cmp(r1, r2)
    bge(DONE)
    ldr(r2, [r0, 8])
    add(r2, r2, r1)
    ldrb(r2, [r2, 0])  # r2: values[k]
    ldr(r3, [r0, 24])
    cmp(r2, r3)
    bcs(BAD)  # past the palette
    ldr(r3, [r0, 4])
    add(r3, r3, r1)
    ldrb(r3, [r3, 0])  # r3: cells[k]
    cmp(r3, 144)  # (_CELLS)
    bcs(BAD)
    lsl(r4, r1, 2)
    ldr(r5, [r0, 16])  # empty[k] ...
    cmp(r2, 0)
    beq(EMPTY)
    lsl(r4, r2, 2)
    ldr(r5, [r0, 12])  # ... or palette[values[k]]
    label(EMPTY)
    add(r5, r5, r4)
    ldr(r5, [r5, 0])  # r5: the colour
    lsl(r4, r3, 1)
    add(r3, r3, r4)
    ldr(r4, [r0, 0])
    add(r3, r3, r4)  # the cell's 3 bytes
    strb(r5, [r3, 2])
    lsr(r5, r5, 8)
    strb(r5, [r3, 1])
    lsr(r5, r5, 8)
    strb(r5, [r3, 0])
    add(r1, 1)
    b(LOOP)
    label(BAD)
    mov(r0, 1)
    b(END)
    label(DONE)
    mov(r0, 0)
    label(END)


@micropython.asm_thumb
def _mark(r0):
    # _JOB: the frame's bytes, cells, values, how many, none, on, off
    mov(r1, 0)  # r1: k
    label(LOOP)
    ldr(r2, [r0, 12])
    cmp(r1, r2)
    bge(DONE)
    ldr(r3, [r0, 4])
    add(r3, r3, r1)
    ldrb(r3, [r3, 0])  # r3: cells[k]
    cmp(r3, 144)  # (_CELLS)
    bcs(BAD)
    ldr(r2, [r0, 8])
    add(r2, r2, r1)
    ldrb(r2, [r2, 0])  # r2: values[k]
    ldr(r4, [r0, 16])
    ldr(r5, [r0, 20])  # on ...
    cmp(r2, r4)
    bne(SET)
    ldr(r5, [r0, 24])  # ... or off, where values[k] is none
    label(SET)
    lsl(r4, r3, 1)
    add(r3, r3, r4)
    ldr(r4, [r0, 0])
    add(r3, r3, r4)  # the cell's 3 bytes
    strb(r5, [r3, 2])
    lsr(r5, r5, 8)
    strb(r5, [r3, 1])
    lsr(r5, r5, 8)
    strb(r5, [r3, 0])
    add(r1, 1)
    b(LOOP)
    label(BAD)
    mov(r0, 1)
    b(END)
    label(DONE)
    mov(r0, 0)
    label(END)
