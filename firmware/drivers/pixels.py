# The LEDs: a chain layout maps board cells to chain positions; Pixels turns a frame
# of logical colours into LED levels (brightness and gamma through one lookup table,
# then a current cap) and sends them to a NeoPixel-compatible strip: on the Pico a PIO
# state machine fed by DMA (PioStrip), MicroPython's neopixel as the fallback.
from array import array

from compat import const, ticks_diff, ticks_us

ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
GAMMA = 1.8  # below the usual 2.2 so dim tints stay apart at the default brightness
MIN_BRIGHTNESS = const(5)  # percent: the board never looks dead
MA_PER_CHANNEL = const(20)  # one colour channel at full level
IDLE_MA = const(1)  # each LED's own draw, even when dark
RESERVE_MA = const(500)  # the supply's share kept for the Pico, buzzer, shifter and USB

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


def cap_for_supply(supply_ma, leds=144):
    """The LEDs' current cap (mA) on a 5 V supply rated `supply_ma`: three quarters
    of the rating (an adapter held at its limit sags and heats, and the estimate
    errs), less RESERVE_MA for the rest of the board. 4000 -> 2500, 2000 -> 1000."""
    cap = supply_ma * 3 // 4 - RESERVE_MA
    if cap < IDLE_MA * leds + 100:
        raise ValueError("a %d mA supply is too small for %d LEDs: use 1000 mA or more"
                         % (supply_ma, leds))
    return cap


def wire_order(name):
    """pins.LED_ORDER ("GRB", "RGB", ...) -> Pixels' order: where R, G and B go
    within an LED's 3 bytes."""
    name = str(name).upper()
    if sorted(name) != ["B", "G", "R"]:
        raise ValueError("LED_ORDER must be R, G and B in some order, not %r" % (name,))
    return (name.index("R"), name.index("G"), name.index("B"))


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
    order: where R, G and B go within an LED's 3 bytes (WS2812B: GRB = (1, 0, 2));
    None: pins.LED_ORDER. cap_ma None: derived from pins.SUPPLY_MA (cap_for_supply).
    `levels` holds what the LEDs got, in cell order RGB; `current_ma` its estimate."""

    def __init__(self, strip, layout=None, brightness=25, cap_ma=None, order=None):
        if cap_ma is None or order is None:
            import pins

            if cap_ma is None:
                cap_ma = cap_for_supply(pins.SUPPLY_MA)
            if order is None:
                order = wire_order(pins.LED_ORDER)
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


# -- sending the frame -----------------------------------------------------------
BIT_HZ = 800000  # WS2812B: 1.25 us a bit
LATCH_US = const(300)  # the line held low this long ends a frame (>= 280 us)
_T1, _T2, _T3 = 2, 5, 3  # PIO cycles: a bit is T1 high, then T2 high (1) or low (0), T3 low
_PROGRAM = None


def ws2812_program(rp2):
    """The PIO program (assembled once): every bit is 10 cycles on the side-set pin;
    a 1 stays high 7 cycles (875 ns), a 0 only 2 (250 ns). It takes 8 bits per FIFO
    word from the top (shift left, autopull at 8); with the FIFO empty it stalls low,
    which is the latch."""
    global _PROGRAM
    if _PROGRAM is None:
        @rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
                     autopull=True, pull_thresh=8)
        def ws2812():
            # asm_pio runs this with only its assembler names as globals: the delays
            # in [] are literal _T3 - 1, _T1 - 1, _T2 - 1
            wrap_target()  # noqa: F821
            label("bit")  # noqa: F821
            out(x, 1).side(0)[2]  # noqa: F821
            jmp(not_x, "zero").side(1)[1]  # noqa: F821
            jmp("bit").side(1)[4]  # noqa: F821
            label("zero")  # noqa: F821
            nop().side(0)[4]  # noqa: F821
            wrap()  # noqa: F821

        _PROGRAM = ws2812
    return _PROGRAM


class PioStrip:
    """A NeoPixel-compatible strip (`buf`, `write()`) sent by an RP2040 PIO state
    machine. write() copies buf aside and hands it to a DMA channel that feeds the
    state machine's FIFO a byte at a time, then returns: the CPU, the key scan and
    USB go on while the frame goes out (neopixel.write() bit-bangs with interrupts
    off for the whole 4.3 ms). Without rp2.DMA the FIFO is fed by StateMachine.put,
    which waits but leaves interrupts on. A write() during the last frame, or
    within its latch, waits for them. `rp2`: the module (a fake in tests)."""

    def __init__(self, pin, n, rp2=None, sm_id=0, bpp=3):
        if rp2 is None:
            import rp2
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self._out = bytearray(n * bpp)  # what goes out: show() may refill buf meanwhile
        self._frame_us = n * bpp * 8 * 1000000 // BIT_HZ + LATCH_US
        self._sent = None  # ticks_us() of the last write
        self._sm = rp2.StateMachine(sm_id, ws2812_program(rp2), freq=BIT_HZ * (_T1 + _T2 + _T3),
                                    sideset_base=pin)
        self._sm.active(1)
        self._dma = None
        if hasattr(rp2, "DMA"):
            self._dma = rp2.DMA()
            dreq = (sm_id // 4) * 8 + sm_id % 4  # the DREQ of the state machine's TX FIFO
            # byte transfers: the bus repeats a byte over the 32-bit FIFO word, whose
            # top 8 bits the program shifts out
            self._ctrl = self._dma.pack_ctrl(size=0, inc_write=False, treq_sel=dreq)

    def __len__(self):
        return self.n

    def wait(self):
        """Until the last frame and its latch are over."""
        if self._sent is None:
            return
        while self._dma is not None and self._dma.active():
            pass
        while ticks_diff(ticks_us(), self._sent) < self._frame_us:
            pass

    def write(self):
        self.wait()
        self._out[:] = self.buf
        self._sent = ticks_us()
        if self._dma is None:
            self._sm.put(self._out, 24)  # each byte to the word's top 8 bits
        else:
            self._dma.config(read=self._out, write=self._sm, count=len(self._out),
                             ctrl=self._ctrl, trigger=True)


def make_strip(gpio, n):
    """The LED chain on GPIO `gpio`: a PioStrip on the rp2 port, else (no rp2 module,
    or no free state machine) MicroPython's neopixel driver."""
    import machine

    pin = machine.Pin(gpio, machine.Pin.OUT)
    try:
        return PioStrip(pin, n)
    except (ImportError, OSError, ValueError):
        import neopixel

        return neopixel.NeoPixel(machine.Pin(gpio), n)
