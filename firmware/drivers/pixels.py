# The LEDs: a chain layout maps board cells to chain positions; Pixels turns a frame
# of logical colours into LED levels (brightness and gamma through one lookup table,
# then a current cap) and sends them to a NeoPixel-compatible strip.
from array import array

from compat import const

ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
GAMMA = 1.8  # below the usual 2.2 so dim tints stay apart at the default brightness
MIN_BRIGHTNESS = const(5)  # percent: the board never looks dead
MA_PER_CHANNEL = const(20)  # one colour channel at full level
IDLE_MA = const(1)  # each LED's own draw, even when dark

try:  # the Pico: show()'s loops as native code (drivers/pixels_viper.py)
    from drivers.pixels_viper import levels_into, scale_into
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the loops below
    levels_into = scale_into = None


class ChainLayout:
    """Where each cell sits on the LED chain.

    The chain, seen on the LED panel: LED 0 at `origin`; it runs along the rows
    (rows_first) or the columns; `serpentine` chains turn back at every line end,
    the others jump back to the same side. `rotation`: the panel is mounted turned
    that many quarter turns clockwise. Default: serpentine rows from the top-left.
    """

    def __init__(self, origin="top-left", rows_first=True, serpentine=True, rotation=0, size=12):
        if origin not in ORIGINS:
            raise ValueError("origin must be one of %s, not %r" % (", ".join(ORIGINS), origin))
        if not isinstance(rotation, int):
            raise ValueError("rotation is a whole number of quarter turns, not %r" % (rotation,))
        if not 1 <= size <= 16:
            raise ValueError("size must be 1..16")
        self.size = size
        self.cells = size * size
        self.origin = origin
        self.rows_first = bool(rows_first)
        self.serpentine = bool(serpentine)
        self.rotation = rotation % 4
        self.table = bytearray(self.cells)  # cell -> chain index
        for cell in range(self.cells):
            self.table[cell] = self._chain_index(cell // size, cell % size)

    def _chain_index(self, row, col):
        last = self.size - 1
        for _ in range(self.rotation):  # board position -> panel position
            row, col = last - col, row
        if self.origin.startswith("bottom"):
            row = last - row
        if self.origin.endswith("right"):
            col = last - col
        line, pos = (row, col) if self.rows_first else (col, row)
        if self.serpentine and line % 2:
            pos = last - pos
        return line * self.size + pos

    def index(self, cell):
        return self.table[cell]


def from_pins(pins=None):
    """The ChainLayout described by the pin map's CHAIN_* constants."""
    if pins is None:
        import pins
    return ChainLayout(pins.CHAIN_ORIGIN, pins.CHAIN_ROWS_FIRST, pins.CHAIN_SERPENTINE, pins.CHAIN_ROTATION)


def gamma_table(brightness):
    """256 levels: full-level input v -> LED level at `brightness` percent. Any lit
    input stays lit (at least 1), so a dim tint never vanishes."""
    peak = 255 * brightness / 100
    lut = bytearray(256)
    for v in range(1, 256):
        lut[v] = max(1, min(255, int(peak * (v / 255) ** GAMMA + 0.5)))
    return lut


def estimate_ma(levels):
    """Estimated supply current (mA) of LEDs showing `levels` (3 bytes an LED)."""
    return IDLE_MA * (len(levels) // 3) + sum(levels) * MA_PER_CHANNEL // 255


class Pixels:
    """strip: NeoPixel-compatible (`buf` of 3 bytes an LED in wire order, `write()`).
    order: where R, G and B go within an LED's 3 bytes (WS2812B: GRB = (1, 0, 2)).
    `levels` holds what the LEDs got, in cell order RGB; `current_ma` its estimate."""

    def __init__(self, strip, layout=None, brightness=25, cap_ma=2500, order=(1, 0, 2)):
        self.layout = layout or ChainLayout()
        self._n = self.layout.cells
        if len(strip.buf) < self._n * 3:
            raise ValueError("the strip has %d LEDs, the layout needs %d" % (len(strip.buf) // 3, self._n))
        if cap_ma <= 0:
            raise ValueError("cap_ma must be positive")
        self._strip = strip
        self.cap_ma = cap_ma
        # the most channel level the budget allows once the LEDs' idle draw is paid
        self._max_sum = max(0, cap_ma - IDLE_MA * self._n) * 255 // MA_PER_CHANNEL
        # byte offset in strip.buf of each cell's red, green and blue
        self._offs = array("H", [0] * (self._n * 3))
        for cell in range(self._n):
            base = self.layout.table[cell] * 3
            for ch in range(3):
                self._offs[cell * 3 + ch] = base + order[ch]
        self.levels = bytearray(self._n * 3)
        self.current_ma = estimate_ma(self.levels)
        self.brightness = 0
        self._lut = None
        self.set_brightness(brightness)

    def set_brightness(self, percent):
        """Clamp to MIN_BRIGHTNESS..100 percent; takes effect at the next show()."""
        try:
            percent = int(percent)
        except (TypeError, ValueError):
            raise ValueError("brightness is a number of percent, not %r" % (percent,))
        percent = max(MIN_BRIGHTNESS, min(100, percent))
        if percent != self.brightness:
            self.brightness = percent
            self._lut = gamma_table(percent)
        return percent

    def estimate_ma(self, levels):
        return estimate_ma(levels)

    def show(self, frame):
        """frame: 3 bytes a cell (RGB at full level, cell order)."""
        n3 = self._n * 3
        if len(frame) != n3:
            if len(frame) < n3:
                raise ValueError("a frame is %d bytes, got %d" % (n3, len(frame)))
            frame = memoryview(frame)[:n3]
        lut = self._lut
        lv = self.levels
        buf = self._strip.buf
        offs = self._offs
        if levels_into is not None:
            total = levels_into(frame, lut, lv, buf, offs, n3)
        else:
            i = 0
            for v in frame:  # one pass, no allocation (the per-frame cost on the Pico)
                v = lut[v]
                lv[i] = v
                buf[offs[i]] = v
                i += 1
            total = sum(lv)
        if total > self._max_sum:  # over budget: scale every level down alike
            k = self._max_sum * 256 // total
            if scale_into is not None:
                total = scale_into(lv, buf, offs, n3, k)
            else:
                for i in range(n3):
                    v = (lv[i] * k) >> 8
                    lv[i] = v
                    buf[offs[i]] = v
                total = sum(lv)
        self.current_ma = IDLE_MA * self._n + total * MA_PER_CHANNEL // 255
        self._strip.write()

    def off(self):
        self.show(bytes(self._n * 3))
