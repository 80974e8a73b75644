# A frame: 144 cells of RGB at full level, in cell order (row * 12 + column). Screens
# draw into it; the pixel driver turns it into what the LEDs get.
from app.grid import CELLS

try:  # the Pico: set() as native code (app/frame_viper.py)
    from app.frame_viper import set_cell
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the method below
    set_cell = None

_BLACK = bytes(CELLS * 3)


class Frame:
    def __init__(self):
        self.buf = bytearray(CELLS * 3)

    def clear(self):
        self.buf[:] = _BLACK

    def set(self, cell, color):
        i = cell * 3
        b = self.buf
        b[i] = color >> 16
        b[i + 1] = (color >> 8) & 255
        b[i + 2] = color & 255

    set_slow = set  # (set_cell's way for what it does not take)
    if set_cell is not None:
        set = set_cell

    def get(self, cell):
        i = cell * 3
        b = self.buf
        return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2]
