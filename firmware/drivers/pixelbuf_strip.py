# The LED chain on CircuitPython through Adafruit's neopixel library: Pixels (gamma,
# brightness, the current cap, the chain layout) fills `buf` with RGB per chain
# position, and write() hands it to a neopixel.NeoPixel, which puts the wire order.
# The library's own brightness stays at 1.0: Pixels alone decides the levels.

# Pixels' `order` for this strip: R, G, B at offsets 0, 1, 2 of each LED's bytes.
RGB_ORDER = (0, 1, 2)


class PixelBufStrip:
    """np: a neopixel.NeoPixel made with brightness=1.0 and auto_write=False."""

    def __init__(self, np):
        if np.brightness != 1.0:
            raise ValueError("the NeoPixel's brightness must stay 1.0 (Pixels sets the levels)")
        self._np = np
        self.n = len(np)
        self.buf = bytearray(self.n * 3)

    def write(self):
        np = self._np
        b = self.buf
        for i in range(self.n):  # packed ints: no tuple allocated per LED
            j = i * 3
            np[i] = (b[j] << 16) | (b[j + 1] << 8) | b[j + 2]
        np.show()
