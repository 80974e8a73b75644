# The Pico's fast path for Frame.set: a cell's colour written as viper (native Thumb
# code), about twice as fast as the bytecode method (13.7 us against 33 us a call on
# the virtual Pico; a screen sets 100-200 cells a frame, in a key press's light).
# Only MicroPython with a native emitter loads this module: app/frame.py then keeps
# its bytecode method, which writes the very same bytes.
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
