# The Pico's fast path for Frame.set, Frame.fill, Frame.paint and Frame.mark: a cell's colour written
# as viper (native Thumb code), about twice as fast as the bytecode method (13.7 us
# against 33 us a call on the virtual Pico; a screen sets 100-200 cells a frame, in a key
# press's light), and a whole board or ring in one call (a cell costs well under a
# microsecond there, against some 25 us for a Python loop's turn and its set()).
# Only MicroPython with a native emitter loads this module: app/frame.py then keeps
# its bytecode methods, which write the very same bytes.
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
    """Frame.fill: every cell of `cells` (bytes of cell numbers) = color. A colour out
    of range: the bytecode method (which fails as it would)."""
    if uint(color) > uint(0xFFFFFF):
        self.fill_slow(cells, color)
        return
    b = ptr8(self.buf)
    c = ptr8(cells)
    n = int(len(cells))
    red = color >> 16
    green = (color >> 8) & 255
    blue = color & 255
    for k in range(n):
        i = c[k]
        if uint(i) >= uint(_CELLS):
            self.fill_slow(cells, color)  # (it fails as the bytecode does, past the same cells)
            return
        i *= 3
        b[i] = red
        b[i + 1] = green
        b[i + 2] = blue


@micropython.viper
def paint_cells(self, cells, values, palette, empty):
    """Frame.paint: cell cells[k] = palette[values[k]], or empty[k] where values[k] is
    0 (cells, values: bytes-like; palette, empty: array("I") of colours). A value past
    the palette, or a table of another kind: the bytecode method."""
    n = int(len(cells))
    top = int(len(palette))
    if int(len(values)) < n or int(len(empty)) < n:
        self.paint_slow(cells, values, palette, empty)
        return
    b = ptr8(self.buf)
    c = ptr8(cells)
    v = ptr8(values)
    p = ptr32(palette)
    e = ptr32(empty)
    for k in range(n):
        x = v[k]
        i = c[k]
        if x >= top or uint(i) >= uint(_CELLS):
            self.paint_slow(cells, values, palette, empty)  # (it fails as the bytecode does, past the same cells)
            return
        color = e[k]
        if x:
            color = p[x]
        i *= 3
        b[i] = (color >> 16) & 255
        b[i + 1] = (color >> 8) & 255
        b[i + 2] = color & 255


@micropython.viper
def mark_cells(self, cells, values, none: int, on: int, off: int):
    """Frame.mark: cell cells[k] = off where values[k] == none, else on (cells,
    values: bytes-like). A table too short, a cell or a colour out of range: the
    bytecode method (which fails as it would)."""
    n = int(len(cells))
    if int(len(values)) < n or uint(on) > uint(0xFFFFFF) or uint(off) > uint(0xFFFFFF):
        self.mark_slow(cells, values, none, on, off)
        return
    b = ptr8(self.buf)
    c = ptr8(cells)
    v = ptr8(values)
    for k in range(n):
        i = c[k]
        if uint(i) >= uint(_CELLS):
            self.mark_slow(cells, values, none, on, off)  # (it fails as the bytecode does, past the same cells)
            return
        color = on
        if v[k] == none:
            color = off
        i *= 3
        b[i] = (color >> 16) & 255
        b[i + 1] = (color >> 8) & 255
        b[i + 2] = color & 255
