# Host stand-in for the Pico's `neopixel` module (see machine.py here): imports only.


class NeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        self.buf[i * self.bpp:(i + 1) * self.bpp] = bytes(color)

    def __getitem__(self, i):
        return tuple(self.buf[i * self.bpp:(i + 1) * self.bpp])

    def fill(self, color):
        for i in range(self.n):
            self[i] = color

    def write(self):
        pass
