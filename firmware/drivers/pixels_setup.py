# The LEDs' set-up: a chain layout maps board cells to chain positions; from it, the
# colour order and the supply's current cap, Pixels' tables are made, and on the Pico
# the PIO program that sends the frames. All of it runs only at boot: the running
# driver (Pixels.show, PioStrip.write) is drivers/pixels.py, and main.py frees this module
# once the board is made (RAM on a Pico).
from array import array

from compat import const
from drivers.ws2812 import BIT_HZ, IDLE_MA, MA_PER_CHANNEL

ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
RESERVE_MA = const(500)  # the supply's share kept for the Pico, buzzer, shifter and USB


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


def setup_pixels(px, strip, layout, cap_ma, order):
    """Pixels.__init__'s work, which runs once at boot: the strip checked, the cap, the
    chain's table and the colour order."""
    if cap_ma is None or order is None:
        import pins

        if cap_ma is None:
            cap_ma = cap_for_supply(pins.SUPPLY_MA)
        if order is None:
            order = wire_order(pins.LED_ORDER)
    layout = layout or ChainLayout()
    n = px._n = layout.cells
    if len(strip.buf) < n * 3:
        raise ValueError("the strip has %d LEDs, the layout needs %d" % (len(strip.buf) // 3, n))
    if cap_ma <= 0:
        raise ValueError("cap_ma must be positive")
    px._strip = strip
    px.cap_ma = cap_ma
    # the most channel level the budget allows once the LEDs' idle draw is paid
    px._max_sum = max(0, cap_ma - IDLE_MA * n) * 255 // MA_PER_CHANNEL
    # where each byte of a frame goes in the strip's buffer: its cell's LED on the chain
    # (3 bytes each) and its colour's place in those; first, how many bytes (show()'s
    # native loop takes four arguments: drivers/pixels_viper.py)
    dest = px._dest = array("H", bytes(2 * (3 * n + 1)))
    dest[0] = 3 * n
    for cell in range(n):
        for k in range(3):
            dest[1 + 3 * cell + k] = 3 * layout.table[cell] + order[k]
    px._bytes_like = None  # the last frame show() found bytes-like
    px.current_ma = IDLE_MA * n  # all dark


# -- sending the frame -----------------------------------------------------------
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


def setup_pio(strip, pin, n, rp2, sm_id, bpp):
    """PioStrip.__init__'s work, which runs once at boot: the buffers, the state machine
    running the program on `pin`, and a DMA channel to feed it where there is one."""
    if rp2 is None:
        import rp2
    strip.n = n
    strip.bpp = bpp
    strip.buf = bytearray(n * bpp)
    strip._out = bytearray(n * bpp)  # what goes out: show() may refill buf meanwhile
    strip._frame_us = 0  # the last frame's time out, latch included (write() sets it)
    strip._count = 0  # the bytes of the last frame (write(): only up to the last LED that changed)
    strip._whole = n * bpp  # the next frame's bytes at least: the first goes out whole
    strip._sent = None  # ticks_us() of the last write
    strip._sm = rp2.StateMachine(sm_id, ws2812_program(rp2), freq=BIT_HZ * (_T1 + _T2 + _T3),
                                 sideset_base=pin)
    strip._sm.active(1)
    strip._dma = strip._regs = None
    if hasattr(rp2, "DMA"):
        strip._dma = rp2.DMA()
        dreq = (sm_id // 4) * 8 + sm_id % 4  # the DREQ of the state machine's TX FIFO
        # byte transfers: the bus repeats a byte over the 32-bit FIFO word, whose
        # top 8 bits the program shifts out
        strip._ctrl = strip._dma.pack_ctrl(size=0, inc_write=False, treq_sel=dreq)
        regs = getattr(strip._dma, "registers", None)
        if regs is not None:  # MicroPython's rp2.DMA: configured once here, then write()
            import machine  # only starts it (its register that triggers it), or cuts short
            # the frame still going out (the DMA's abort register)
            strip._dma.config(read=strip._out, write=strip._sm, count=len(strip._out), ctrl=strip._ctrl)
            strip._regs = regs
            strip._addr = regs[0]  # READ_ADDR: the copy's address, as config() wrote it
            strip._mem = machine.mem32
            strip._channel = 1 << strip._dma.channel
