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
_PAINT = const(0)  # how _cells() chooses a cell's colour (see it, below)
_MARK = const(1)
_JOB = array("I", bytes(4 * 8))  # _cells()'s arguments


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
    if uint(color) > uint(0xFFFFFF):
        self.fill_slow(cells, color)
        return
    job = ptr32(_JOB)  # a mark whose values never match: every cell on
    job[0] = uint(ptr8(self.buf))
    job[1] = uint(ptr8(cells))
    job[2] = uint(ptr8(cells))
    job[3] = int(len(cells))
    job[4] = _MARK
    job[5] = 256  # (no byte)
    job[6] = color
    job[7] = color
    if int(_cells(_JOB)):
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
    job[3] = n
    job[4] = _PAINT
    job[5] = uint(ptr32(palette))
    job[6] = uint(ptr32(empty))
    job[7] = int(len(palette))
    if int(_cells(_JOB)):
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
    job[4] = _MARK
    job[5] = none
    job[6] = on
    job[7] = off
    if int(_cells(_JOB)):
        self.mark_slow(cells, values, none, on, off)


# The loop itself, as Thumb assembly (the M0+'s own instructions): viper keeps most of
# its locals on the stack there, some 2 us a cell; this takes a fraction of that. Its
# one argument (four at most: r0..r3) is _JOB, which the methods above fill: the
# frame's bytes, cells, values, how many, then how a cell's colour is chosen:
#   _PAINT: palette, empty, the palette's size: palette[values[k]], or empty[k] at 0;
#   _MARK: none, on, off: off where values[k] is none, else on.
# It returns 0, or 1 at a cell (or a value) out of range, having written the cells
# before it (the bytecode method then fails past the same cells).
@micropython.asm_thumb
def _cells(r0):
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
    cmp(r4, 0)
    bne(MARK)
    ldr(r4, [r0, 28])  # paint:
    cmp(r2, r4)
    bcs(BAD)  # past the palette
    lsl(r4, r1, 2)
    ldr(r5, [r0, 24])  # empty[k] ...
    cmp(r2, 0)
    beq(PICK)
    lsl(r4, r2, 2)
    ldr(r5, [r0, 20])  # ... or palette[values[k]]
    label(PICK)
    add(r5, r5, r4)
    ldr(r5, [r5, 0])  # r5: the colour
    b(STORE)
    label(MARK)
    ldr(r4, [r0, 20])
    ldr(r5, [r0, 24])  # mark: on ...
    cmp(r2, r4)
    bne(STORE)
    ldr(r5, [r0, 28])  # ... or off, where values[k] is none
    label(STORE)
    lsl(r4, r3, 1)
    add(r3, r3, r4)
    ldr(r4, [r0, 0])
    add(r3, r3, r4)  # the cell's 3 bytes
    strb(r5, [r3, 2])  # blue, green, red
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
