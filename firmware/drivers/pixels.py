# What a running board keeps of the LED driver: Pixels turns a frame of logical colours
# into LED levels (brightness and gamma through one lookup table, then a current cap)
# and sends them to a NeoPixel-compatible strip: on the Pico a PIO state machine fed by
# DMA (PioStrip), MicroPython's neopixel as the fallback. Making them (the chain layout,
# the colour order, the cap from the supply, the PIO program) runs only at boot: that is
# drivers/pixels_setup.py, which main.py frees once the board is made (RAM on a Pico).
from array import array

from compat import const, ticks_add, ticks_diff, ticks_us

# The WS2812B, as its datasheet gives it: the rate of a frame's bits, and the current an
# LED draws (what the supply's cap is reckoned in).
BIT_HZ = 800000  # 1.25 us a bit
MA_PER_CHANNEL = const(20)  # one colour channel at full level
IDLE_MA = const(1)  # each LED's own draw, even when dark

MIN_BRIGHTNESS = const(5)  # percent: the board never looks dead
LATCH_US = const(300)  # the line held low this long ends a frame (>= 280 us)
_TRANS_COUNT = const(2)  # RP2040 DMA: a channel's register (by word): the bytes of its next transfer
_AL3_READ_ADDR_TRIG = const(15)  # RP2040 DMA: a channel's register (by word) whose write starts it
_DMA_CHAN_ABORT = const(0x50000444)  # RP2040 DMA: a 1 bit aborts that channel's transfer
_CUT_US = const(400)  # a frame cut short: its bytes left in the PIO's FIFO (4, 40 us), then the latch

try:  # the Pico: show()'s, write()'s and the gamma's loops as native code (drivers/pixels_viper.py)
    from drivers.pixels_viper import changed_end, gamma_into, levels_into, scale_into
except (ImportError, SyntaxError, ValueError):  # CPython, wasm: the loops below
    levels_into = scale_into = None

    def changed_end(a, b, n, bpp):
        """How many of the n bytes of a and b, from the start, hold every difference,
        in whole LEDs of bpp bytes."""
        while n and a[n - 1] == b[n - 1]:
            n -= 1
        return (n + bpp - 1) // bpp * bpp

    def gamma_into(lut, curve, k):
        """lut[1:256]: each input's gamma curve value (the sum of `curve`'s steps up to
        it, drivers/gamma_data.py) times k / 2**22, rounded, and at least 1."""
        c = 0
        for v in range(1, 256):
            c += curve[v]
            lut[v] = max(1, (c * k + 0x200000) >> 22)


def gamma_table(brightness, curve=None):
    """256 levels: full-level input v -> LED level at `brightness` percent (0..100): its
    level at full brightness on the gamma curve (drivers/gamma_data.py, in 128ths) times
    brightness / 100, rounded; any lit input stays lit (at least 1), so a dim tint never
    vanishes. In integers (< 2**30): no float maths, the same levels on every port.
    `curve`: the curve, if the caller keeps it (the menu); else its module is loaded
    (at boot: the menu's work ahead, which takes the curve, then frees it)."""
    if curve is None:
        from drivers.gamma_data import CURVE as curve
    lut = bytearray(256)
    gamma_into(lut, curve, ((brightness << 22) + 6400) // 12800)  # / 100 / 128, in 22 bits
    return lut


def estimate_ma(levels):
    """Estimated supply current (mA) of LEDs showing `levels` (3 bytes an LED)."""
    return IDLE_MA * (len(levels) // 3) + sum(levels) * MA_PER_CHANNEL // 255


class Pixels:
    """strip: NeoPixel-compatible (`buf` of 3 bytes an LED in wire order, `write()`);
    Pixels writes its bytes (no copy of its own: the levels are read back from it).
    layout: a drivers.pixels_setup.ChainLayout (None: the default one). order: where R, G
    and B go within an LED's 3 bytes (WS2812B: GRB = (1, 0, 2)); None: pins.LED_ORDER.
    cap_ma None: derived from pins.SUPPLY_MA (cap_for_supply). `levels` holds what the
    LEDs got, in cell order RGB; `current_ma` its estimate."""

    def __init__(self, strip, layout=None, brightness=25, cap_ma=None, order=None):
        from drivers.pixels_setup import pixels_parts  # (boot only: the chain's tables)

        self._strip = strip
        self._n, self.cap_ma, self._dest = pixels_parts(strip, layout, cap_ma, order)
        # the most channel level the cap allows once the LEDs' idle draw is paid
        self._max_sum = max(0, self.cap_ma - IDLE_MA * self._n) * 255 // MA_PER_CHANNEL
        self._bytes_like = None  # the last frame show() found bytes-like
        self.current_ma = IDLE_MA * self._n  # all dark
        self.brightness = 0
        self._lut = None
        self.set_brightness(brightness)

    def set_brightness(self, percent, curve=None):
        """Clamp to MIN_BRIGHTNESS..100 percent; takes effect at the next show().
        `curve`: the gamma curve, if the caller keeps it (gamma_table)."""
        try:
            percent = int(percent)
        except (TypeError, ValueError):
            raise ValueError("brightness is a number of percent, not %r" % (percent,))
        percent = max(MIN_BRIGHTNESS, min(100, percent))
        if percent != self.brightness:
            self.brightness = percent
            self._lut = gamma_table(percent, curve)
        return percent

    def estimate_ma(self, levels):
        return estimate_ma(levels)

    def show(self, frame):
        """frame: 3 bytes a cell (RGB at full level, cell order)."""
        n = self._n
        if len(frame) != n * 3:
            if len(frame) < n * 3:
                raise ValueError("a frame is %d bytes, got %d" % (n * 3, len(frame)))
            frame = memoryview(frame)[:n * 3]
        lut = self._lut
        buf = self._strip.buf
        dest = self._dest
        if frame is not self._bytes_like:  # (the app's frame: always the same buffer, checked once)
            if not isinstance(frame, (bytearray, bytes, memoryview)):  # (the Pico's assembly reads bytes)
                raise TypeError("a frame is bytes-like, not %s" % type(frame).__name__)
            self._bytes_like = frame
        if levels_into is not None:
            total = levels_into(frame, lut, buf, dest)
        else:
            for i in range(dest[0]):  # one pass, no allocation (the per-frame cost on the Pico)
                buf[dest[i + 1]] = lut[frame[i]]
            total = sum(buf)
        if total > self._max_sum:  # over budget: scale every level down alike
            k = self._max_sum * 256 // total
            if scale_into is not None:
                total = scale_into(buf, len(buf), k)
            else:
                for i in range(len(buf)):
                    buf[i] = (buf[i] * k) >> 8
                total = sum(buf)
        self.current_ma = IDLE_MA * n + total * MA_PER_CHANNEL // 255
        self._strip.write()

    @property
    def levels(self):
        """What the LEDs got (gamma, brightness and cap applied), in cell order RGB: read
        back from the strip's bytes (a new bytearray: the simulator's and tests' view)."""
        buf = self._strip.buf
        dest = self._dest
        levels = bytearray(dest[0])
        for i in range(dest[0]):
            levels[i] = buf[dest[i + 1]]
        return levels

    def off(self):
        self.show(bytes(self._n * 3))


class PioStrip:
    """A NeoPixel-compatible strip (`buf`, `write()`) sent by an RP2040 PIO state
    machine. write() copies buf aside and hands it to a DMA channel that feeds the
    state machine's FIFO a byte at a time, then returns: the CPU, the key scan and
    USB go on while the frame goes out (neopixel.write() bit-bangs with interrupts
    off for the whole 4.3 ms). Without rp2.DMA the FIFO is fed by StateMachine.put,
    which waits but leaves interrupts on. A write() during the last frame, or
    within its latch, waits for them. `rp2`: the module (a fake in tests).

    A frame goes out only up to the last LED that changed: a WS2812 takes the first
    bytes that reach it and passes the rest on, so the LEDs past a short frame's end
    keep what they show. A press that lights a cell near the chain's start is on the
    LEDs in a fraction of the 4.3 ms a whole frame takes. The first frame after boot
    goes out whole (a soft reset leaves the LEDs lit), as does the one after a frame
    cut short (its LEDs may show either frame)."""

    def __init__(self, pin, n, rp2=None, sm_id=0, bpp=3):
        from drivers.pixels_setup import pio_parts  # (boot only: the PIO program, the DMA)

        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self._out = bytearray(n * bpp)  # what goes out: show() may refill buf meanwhile
        self._frame_us = 0  # the last frame's time out, latch included (write() sets it)
        self._count = 0  # the bytes of the last frame (write(): only up to the last LED that changed)
        self._whole = n * bpp  # the next frame's bytes at least: the first goes out whole
        self._sent = None  # ticks_us() of the last write
        (self._sm, self._dma, self._ctrl, self._regs, self._addr, self._mem,
         self._channel) = pio_parts(pin, self._out, rp2, sm_id, BIT_HZ)

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
        out = self._out
        count = changed_end(self.buf, out, len(out), self.bpp)
        if not count and not self._whole:
            # the LEDs show this frame, or it is going out: not cut short and sent again
            # (a screen's still last frame drawn just after a press's answer would
            # otherwise delay that answer by a whole frame)
            return
        if self._regs is not None and self._dma.active():
            # a frame still going out is cut short: this one supersedes it, and shows a
            # latch later instead of after the rest of the old one (up to 4.3 ms: a press
            # during an animation). The LEDs past the cut keep the frame before a moment.
            self._mem[_DMA_CHAN_ABORT] = self._channel  # (wait() sees it end: the channel idle)
            self._sent = ticks_add(ticks_us(), _CUT_US - self._frame_us)  # wait(): the FIFO's bytes, the latch
            self._whole = self._count  # the LEDs it reached show it, the others the frame before
        self.wait()
        if count < self._whole:
            count = self._whole
        out[:] = self.buf
        self._whole = 0
        self._count = count
        self._frame_us = count * (8000000 // BIT_HZ) + LATCH_US
        self._sent = ticks_us()
        if self._regs is not None:  # (as configured at boot: the same buffer and state machine)
            self._regs[_TRANS_COUNT] = count  # (the count of the transfer the trigger starts)
            self._regs[_AL3_READ_ADDR_TRIG] = self._addr  # the read address: it starts the channel
        elif self._dma is None:
            self._sm.put(memoryview(out)[:count], 24)  # each byte to the word's top 8 bits
        else:
            self._dma.config(read=out, write=self._sm, count=count, ctrl=self._ctrl, trigger=True)


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
