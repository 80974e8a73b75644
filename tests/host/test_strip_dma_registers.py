# PioStrip with MicroPython's rp2.DMA (its `registers`): the channel is configured once
# at boot and write() only writes its trigger register; a write() while the last frame
# still goes out aborts that transfer first (the new frame supersedes it). The fakes
# stand for the rp2 port's modules (CPython has none).
import sys
import types

from drivers.pixels import PioStrip
from test_pixels_pio import FakeDMA, FakeRp2

CHAN_ABORT = 0x50000444
TRANS_COUNT = 2
AL3_READ_ADDR_TRIG = 15


class RegistersDMA(FakeDMA):
    """rp2.DMA as on the rp2 port: a channel number and its registers; busy on demand."""

    channel = 3

    def __init__(self):
        FakeDMA.__init__(self)
        self.registers = [0] * 16
        self.busy = False

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        assert not trigger  # configured at boot only, not started
        self.configs.append((read, count))
        self.registers[0] = 0x20001000  # READ_ADDR: where `read` is

    def active(self):
        return self.busy


def make(monkeypatch):
    mem = {}
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(mem32=mem))
    rp2 = FakeRp2()
    rp2.DMA = RegistersDMA
    strip = PioStrip(0, 4, rp2=rp2)
    return strip, strip._dma, mem


def test_the_channel_is_configured_once_and_write_only_starts_it(monkeypatch):
    strip, dma, mem = make(monkeypatch)
    assert dma.configs == [(strip._out, 12)]
    strip.buf[:] = b"\x05" * 12
    strip.write()
    strip.write()
    assert dma.configs == [(strip._out, 12)]  # no config per frame
    assert dma.registers[AL3_READ_ADDR_TRIG] == 0x20001000  # the copy's address: it starts the channel
    assert bytes(strip._out) == b"\x05" * 12
    assert CHAN_ABORT not in mem  # nothing was going out: nothing aborted


def test_a_write_during_a_frame_aborts_it(monkeypatch):
    strip, dma, mem = make(monkeypatch)
    strip.write()
    dma.busy = True  # the frame still going out
    strip.buf[:] = b"\x07" * 12

    def abort(address, value):  # the channel stops at once, as the abort register does
        dma.busy = False
        dict.__setitem__(mem, address, value)

    strip._mem = _Mem(abort)  # (the machine.mem32 it took at boot)
    strip.write()
    assert mem[CHAN_ABORT] == 1 << RegistersDMA.channel
    assert bytes(strip._out) == b"\x07" * 12


class _Mem:
    def __init__(self, on_write):
        self.on_write = on_write

    def __setitem__(self, address, value):
        self.on_write(address, value)


def test_a_frame_counts_only_up_to_the_last_led_that_changed(monkeypatch):
    strip, dma, mem = make(monkeypatch)
    strip.write()
    assert dma.registers[TRANS_COUNT] == 12  # the first frame after boot: whole
    strip.buf[3] = 1  # the second LED
    strip.write()
    assert dma.registers[TRANS_COUNT] == 6


def test_the_frame_after_a_cut_covers_the_cut_frame(monkeypatch):
    strip, dma, mem = make(monkeypatch)
    strip.write()
    strip.buf[9] = 5  # the last LED
    strip.write()
    assert dma.registers[TRANS_COUNT] == 12
    dma.busy = True  # that frame still going out ...

    def abort(address, value):
        dma.busy = False
        dict.__setitem__(mem, address, value)

    strip._mem = _Mem(abort)
    strip.buf[0] = 7  # ... and a frame that changes only the first LED cuts it short
    strip.write()
    assert mem[CHAN_ABORT] == 1 << RegistersDMA.channel
    assert dma.registers[TRANS_COUNT] == 12  # the LEDs the cut frame missed get it now
    strip.buf[0] = 8
    strip.write()
    assert dma.registers[TRANS_COUNT] == 3  # none cut: up to the last LED that changed


def test_the_same_frame_again_leaves_the_one_going_out_alone(monkeypatch):
    # a screen's still last frame, drawn just after a press's answer and equal to it:
    # the answer goes on out, not cut and sent again (a whole frame later on the LEDs)
    strip, dma, mem = make(monkeypatch)
    strip.write()
    strip.buf[:] = b"\x09" * 12
    strip.write()
    started = dma.registers[AL3_READ_ADDR_TRIG]
    dma.registers[AL3_READ_ADDR_TRIG] = 0
    dma.busy = True  # the answer still going out
    def abort(address, value):
        dma.busy = False
        dict.__setitem__(mem, address, value)

    strip._mem = _Mem(abort)
    strip.write()
    assert CHAN_ABORT not in mem  # not cut
    assert dma.registers[AL3_READ_ADDR_TRIG] == 0  # not started again
    assert started == 0x20001000
    strip.buf[0] = 1  # a frame that differs does cut it
    dma.busy = False
    strip.write()
    assert dma.registers[AL3_READ_ADDR_TRIG] == 0x20001000
