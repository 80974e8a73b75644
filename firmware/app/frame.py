# A frame: 144 cells of RGB at full level, in cell order (row * 12 + column). Screens
# draw into it; the pixel driver turns it into what the LEDs get.
from app.grid import CELLS

try:  # the Pico: set(), fill() and paint() as native code (app/frame_viper.py)
    from app.frame_viper import fill_cells, mark_cells, paint_cells, set_cell
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the methods below
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

    def fill(self, cells, color):
        """Every cell of `cells` (bytes of cell numbers: a ring, a row) = color."""
        for cell in cells:
            self.set_slow(cell, color)

    def paint(self, cells, values, palette, empty):
        """A board in one call: cell cells[k] = palette[values[k]], or empty[k] where
        values[k] is 0 (palette, empty: array("I") of colours)."""
        for k in range(len(cells)):
            v = values[k]
            self.set_slow(cells[k], palette[v] if v else empty[k])

    def mark(self, cells, values, none, on, off):
        """Lit or not in one call: cell cells[k] = off where values[k] is `none`, else
        on (Squeeze's launch points: their arrival cells, NONE where a launch is
        impossible)."""
        for k in range(len(cells)):
            self.set_slow(cells[k], off if values[k] == none else on)

    # (the native methods' way for what they do not take)
    set_slow, fill_slow, paint_slow, mark_slow = set, fill, paint, mark
    if set_cell is not None:
        set, fill, paint, mark = set_cell, fill_cells, paint_cells, mark_cells

    def get(self, cell):
        i = cell * 3
        b = self.buf
        return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2]
