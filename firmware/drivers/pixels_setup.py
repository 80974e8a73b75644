# The LEDs' set-up: a chain layout maps board cells to chain positions; from it, the
# colour order and the supply's current cap, Pixels' tables are made, and on the Pico
# the PIO program that sends the frames. All of it runs only at boot: the running
# driver (Pixels.show, PioStrip.write) is drivers/pixels.py, and main.py frees this module
# once the board is made (RAM on a Pico).
from array import array

from compat import const

ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
RESERVE_MA = const(500)  # the supply's share kept for the Pico, buzzer, shifter and USB
MIN_SUPPLY_MA = const(1000)  # less leaves the LEDs 250 mA, little more than their idle draw


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


def cap_for_supply(supply_ma):
    """The LEDs' current cap (mA) on a 5 V supply rated `supply_ma`: three quarters
    of the rating (an adapter held at its limit sags and heats, and the estimate
    errs), less RESERVE_MA for the rest of the board. 4000 -> 2500, 2000 -> 1000."""
    if supply_ma < MIN_SUPPLY_MA:
        raise ValueError("a %d mA supply is too small for the LEDs: use %d mA or more"
                         % (supply_ma, MIN_SUPPLY_MA))
    return supply_ma * 3 // 4 - RESERVE_MA


def wire_order(name):
    """pins.LED_ORDER ("GRB", "RGB", ...) -> Pixels' order: where R, G and B go
    within an LED's 3 bytes."""
    name = str(name).upper()
    if sorted(name) != ["B", "G", "R"]:
        raise ValueError("LED_ORDER must be R, G and B in some order, not %r" % (name,))
    return (name.index("R"), name.index("G"), name.index("B"))


def pixels_parts(strip, layout, cap_ma, order):
    """What a Pixels is made of, built once at boot: (its LEDs, the cap in mA, where
    each byte of a frame goes in the strip). The strip is checked against the layout."""
    if cap_ma is None or order is None:
        import pins

        if cap_ma is None:
            cap_ma = cap_for_supply(pins.SUPPLY_MA)
        if order is None:
            order = wire_order(pins.LED_ORDER)
    layout = layout or ChainLayout()
    n = layout.cells
    if len(strip.buf) < n * 3:
        raise ValueError("the strip has %d LEDs, the layout needs %d" % (len(strip.buf) // 3, n))
    if cap_ma <= 0:
        raise ValueError("cap_ma must be positive")
    # where each byte of a frame goes in the strip's buffer: its cell's LED on the chain
    # (3 bytes each) and its colour's place in those; first, how many bytes (show()'s
    # native loop takes four arguments: drivers/pixels_viper.py)
    dest = array("H", bytes(2 * (3 * n + 1)))
    dest[0] = 3 * n
    for cell in range(n):
        for k in range(3):
            dest[1 + 3 * cell + k] = 3 * layout.table[cell] + order[k]
    return n, cap_ma, dest


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


def pio_parts(pin, out, rp2, sm_id, bit_hz):
    """What a PioStrip sends with, built once at boot: (the state machine running the
    program on `pin`, and where there is one a DMA channel to feed it from `out`: the
    channel, its control word, its registers, its read address, machine.mem32 and its
    bit; None for those it does not have)."""
    if rp2 is None:
        import rp2
    sm = rp2.StateMachine(sm_id, ws2812_program(rp2), freq=bit_hz * (_T1 + _T2 + _T3), sideset_base=pin)
    sm.active(1)
    if not hasattr(rp2, "DMA"):
        return sm, None, None, None, None, None, None
    dma = rp2.DMA()
    dreq = (sm_id // 4) * 8 + sm_id % 4  # the DREQ of the state machine's TX FIFO
    # byte transfers: the bus repeats a byte over the 32-bit FIFO word, whose top 8 bits
    # the program shifts out
    ctrl = dma.pack_ctrl(size=0, inc_write=False, treq_sel=dreq)
    regs = getattr(dma, "registers", None)
    if regs is None:
        return sm, dma, ctrl, None, None, None, None
    # MicroPython's rp2.DMA: configured once here, then write() only starts it (its
    # register that triggers it), or cuts short the frame still going out (its abort)
    import machine

    dma.config(read=out, write=sm, count=len(out), ctrl=ctrl)
    return sm, dma, ctrl, regs, regs[0], machine.mem32, 1 << dma.channel  # (regs[0]: READ_ADDR, as config() wrote it)
