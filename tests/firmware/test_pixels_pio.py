# The PIO LED driver (drivers.pixels.PioStrip) against a fake rp2 module that runs the
# real PIO program, cycle by cycle, on what the DMA (or StateMachine.put) feeds it: the
# pulses on the data pin decode to exactly the bytes MicroPython's neopixel driver
# would send for the same frame, at WS2812B timings.
from drivers import pixels
from drivers.pixels import Pixels, PioStrip
from drivers.pixels_setup import ChainLayout, cap_for_supply, wire_order

WORD = 0xFFFFFFFF


class Instr:
    def __init__(self, program, op, args):
        self.op, self.args, self.sideset, self.delay = op, args, None, 0
        program.append(self)

    def side(self, value):
        self.sideset = value
        return self

    def __getitem__(self, delay):
        self.delay = delay
        return self


class Program:
    """What the fake asm_pio assembles: the instructions, labels and settings."""

    def __init__(self, fn, settings):
        self.code, self.labels, self.settings = [], {}, settings
        code, labels = self.code, self.labels
        names = {
            "wrap_target": lambda: labels.__setitem__("wrap_target", len(code)),
            "wrap": lambda: labels.__setitem__("wrap", len(code) - 1),
            "label": lambda name: labels.__setitem__(name, len(code)),
            "out": lambda dest, bits: Instr(code, "out", (dest, bits)),
            "jmp": lambda *args: Instr(code, "jmp", args),
            "nop": lambda: Instr(code, "nop", ()),
            "x": "x", "not_x": "not_x",
        }
        g = fn.__globals__  # as rp2.asm_pio does: the assembler names are the globals
        saved = dict(g)
        g.clear()
        g.update(names)
        try:
            fn()
        finally:
            g.clear()
            g.update(saved)


class FakePIO:
    OUT_LOW = 0
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1


class FakeSM:
    def __init__(self, sm_id, program, freq=-1, sideset_base=None):
        self.id, self.program, self.freq, self.pin = sm_id, program, freq, sideset_base
        self.fifo = []  # 32-bit words, in the order they were fed
        self.running = False

    def active(self, on=None):
        if on is not None:
            self.running = bool(on)
        return self.running

    def put(self, buf, shift=0):
        for v in buf:
            self.fifo.append((v << shift) & WORD)

    def run(self):
        """Runs the program until it stalls on an empty FIFO, yielding the pin's level
        over time as (level, cycles), and empties the FIFO. (A generator: a frame is
        some 10,000 steps, which as a list would not fit a Pico's heap.)"""
        p = self.program
        assert p.settings["out_shiftdir"] == FakePIO.SHIFT_LEFT and p.settings["autopull"]
        thresh = p.settings["pull_thresh"]
        pc, osr, shifted, x, pin = p.labels.get("wrap_target", 0), 0, 32, 0, 0
        while True:
            ins = p.code[pc]
            if ins.sideset is not None:
                pin = ins.sideset  # side-set happens even on a stalled instruction
            nxt = pc + 1
            if ins.op == "out":
                if shifted >= thresh:  # autopull
                    if not self.fifo:
                        yield pin, 0
                        return  # stalled: the line stays at its level (the latch)
                    osr, shifted = self.fifo.pop(0), 0
                dest, bits = ins.args
                assert dest == "x" and bits == 1
                x = osr >> 31
                osr = (osr << 1) & WORD
                shifted += 1
            elif ins.op == "jmp":
                if len(ins.args) == 1 or (ins.args[0] == "not_x" and not x):
                    nxt = p.labels[ins.args[-1]]
            if pc == p.labels.get("wrap", len(p.code) - 1) and nxt == pc + 1:
                nxt = p.labels.get("wrap_target", 0)
            yield pin, 1 + ins.delay
            pc = nxt


class FakeDMA:
    def __init__(self):
        self.configs = []

    def pack_ctrl(self, **kwargs):
        return kwargs

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        assert trigger and ctrl["size"] == 0 and not ctrl["inc_write"]  # bytes into one FIFO
        assert ctrl["treq_sel"] == write.id  # paced by the state machine's TX DREQ (PIO0)
        self.configs.append(count)
        for v in bytes(read[:count]):
            write.fifo.append(v * 0x01010101)  # the bus repeats a byte over the word

    def active(self):
        return False


class FakeRp2:
    PIO = FakePIO

    def __init__(self, dma=True):
        self.machines = []
        if dma:
            self.DMA = FakeDMA

    def asm_pio(self, **settings):
        return lambda fn: Program(fn, settings)

    def StateMachine(self, sm_id, program, **kwargs):
        sm = FakeSM(sm_id, program, **kwargs)
        self.machines.append(sm)
        return sm


class NeoPixelLike:
    """MicroPython's neopixel.NeoPixel as the chain sees it: write() sends buf."""

    def __init__(self, n):
        self.buf = bytearray(n * 3)
        self.sent = []

    def write(self):
        self.sent.append(bytes(self.buf))


def pulses(trace):
    """The (level, cycles) steps of a trace merged into whole pulses, one at a time."""
    level, cycles = None, 0
    for lv, n in trace:
        if lv == level:
            cycles += n
        else:
            if level is not None:
                yield level, cycles
            level, cycles = lv, n
    if level is not None:
        yield level, cycles


def decode(trace, freq):
    """The bytes in a WS2812B pulse train; checks every bit's timing. The trace is
    read as it comes (a generator) and each bit is put straight into its byte."""
    ns = 1000000000 // freq  # ns per cycle
    out = bytearray()
    nbits = 0
    bit = None  # (high, low) of the bit read last: its low may still be the latch
    first = True
    for level, cycles in pulses(trace):
        if first:
            assert level == 0
            first = False
        elif level == 0:
            bit = (bit[0], cycles)
        else:
            if bit is not None:  # not the last bit: a whole 800 kHz period
                assert (bit[0] + bit[1]) * ns == 1250, bit
            bit = (cycles, 0)
            high = cycles * ns
            if 220 <= high <= 380:
                value = 0
            elif 580 <= high <= 1000:
                value = 1
            else:
                assert False, "a %d ns pulse is neither a 0 nor a 1" % high
            if nbits % 8 == 0:
                out.append(0)
            out[-1] |= value << (7 - nbits % 8)
            nbits += 1
    assert nbits % 8 == 0
    return bytes(out)


def a_frame():
    frame = bytearray(432)
    for i in range(432):
        frame[i] = (i * 89 + 7) % 256
    frame[0:3] = b"\xff\x00\x00"
    return frame


def shown_both_ways(rp2):
    layout = ChainLayout()
    reference = NeoPixelLike(144)
    Pixels(reference, layout, brightness=60, cap_ma=2500, order=(1, 0, 2)).show(a_frame())
    strip = PioStrip("GP27", 144, rp2=rp2)
    px = Pixels(strip, layout, brightness=60, cap_ma=2500, order=(1, 0, 2))
    px.show(a_frame())
    [sm] = rp2.machines
    return reference.sent[0], sm, strip, px


def test_pio_dma_bytes_equal_the_neopixel_bytes():
    rp2 = FakeRp2()
    sent, sm, strip, px = shown_both_ways(rp2)
    assert sm.running and sm.pin == "GP27" and sm.freq == 8000000
    assert decode(sm.run(), sm.freq) == sent
    assert sum(sent) > 0
    # the next frame goes out up to its last LED that changed (here the last LED), and
    # show() may refill buf meanwhile
    px.show(bytes(432))
    assert decode(sm.run(), sm.freq) == bytes(432)


def test_pio_fifo_fallback_bytes_equal_the_neopixel_bytes():
    rp2 = FakeRp2(dma=False)  # a MicroPython without rp2.DMA: StateMachine.put
    sent, sm, strip, px = shown_both_ways(rp2)
    assert decode(sm.run(), sm.freq) == sent


def test_write_sends_a_copy_of_the_buffer():
    rp2 = FakeRp2()
    strip = PioStrip(0, 4, rp2=rp2)
    strip.buf[:] = b"\x01\x02\x03" * 4
    strip.write()
    strip.buf[0] = 99  # after write(): does not reach the frame already sent
    assert decode(rp2.machines[0].run(), 8000000) == b"\x01\x02\x03" * 4
    assert len(strip) == 4


def test_a_frame_goes_out_up_to_the_last_led_that_changed():
    for rp2 in (FakeRp2(), FakeRp2(dma=False)):
        strip = PioStrip(0, 4, rp2=rp2)
        [sm] = rp2.machines
        strip.write()  # the first frame after boot goes out whole: it darkens LEDs a soft reset left lit
        assert decode(sm.run(), sm.freq) == bytes(12)
        strip.buf[:] = b"\x01\x02\x03" * 4
        strip.write()
        assert decode(sm.run(), sm.freq) == b"\x01\x02\x03" * 4
        strip.buf[4] = 9  # the second LED's green: the first two LEDs go out, the others keep theirs
        strip.write()
        assert decode(sm.run(), sm.freq) == b"\x01\x02\x03\x01\x09\x03"
        strip.buf[0] = 5  # the first LED: only it
        strip.write()
        assert decode(sm.run(), sm.freq) == b"\x05\x02\x03"
        strip.write()  # nothing changed: nothing goes out
        assert decode(sm.run(), sm.freq) == b""


def test_the_cap_comes_from_the_supply_rating():
    assert cap_for_supply(4000) == 2500
    assert cap_for_supply(2000) == 1000
    assert cap_for_supply(3000) < cap_for_supply(4000) < 4000
    for small in (0, 500, 800):
        try:
            cap_for_supply(small)
        except ValueError:
            continue
        assert False, "a %d mA supply must be refused" % small
    import pins

    px = Pixels(NeoPixelLike(144))
    assert px.cap_ma == cap_for_supply(pins.SUPPLY_MA)
    old = pins.SUPPLY_MA
    try:
        pins.SUPPLY_MA = 2000  # a maker with a 2 A adapter sets one number
        px = Pixels(NeoPixelLike(144), brightness=100)
        px.show(b"\xff" * 432)
        assert px.cap_ma == 1000 and px.current_ma <= 1000
    finally:
        pins.SUPPLY_MA = old


def test_the_colour_order_is_one_constant():
    import pins

    assert wire_order("GRB") == (1, 0, 2) and wire_order("rgb") == (0, 1, 2)
    for bad in ("GRR", "RGBW", ""):
        try:
            wire_order(bad)
        except ValueError:
            continue
        assert False, bad
    old = pins.LED_ORDER
    try:
        for name in ("GRB", "RGB", "BRG"):
            pins.LED_ORDER = name
            strip = NeoPixelLike(144)
            Pixels(strip, brightness=100).show(b"\xff\x00\x00" + bytes(429))  # a1 red
            assert strip.buf[name.index("R")] > 0 and sum(strip.buf) == strip.buf[name.index("R")]
    finally:
        pins.LED_ORDER = old


def test_no_rp2_falls_back_to_neopixel():
    # make_strip on a port without rp2 (CPython here) gives neopixel's driver
    try:
        import rp2  # noqa: F401
        return  # a real rp2 port: nothing to fall back from
    except ImportError:
        pass
    try:
        import machine  # noqa: F401
        import neopixel  # noqa: F401
    except ImportError:
        return  # no stand-ins on this interpreter's path
    strip = pixels.make_strip(27, 144)
    assert not isinstance(strip, PioStrip) and len(strip.buf) == 432
