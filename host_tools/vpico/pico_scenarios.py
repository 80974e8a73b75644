# Runs ON the virtual Pico (MicroPython rp2): the simulator's headless scripts played
# through the board's real drivers. Keys go in through the emulated key matrix (the real
# Rp2MatrixKeys scanning the pins of pins.py: the host presses a key when asked), frames
# go out through the real Pixels and neopixel on the LED pin, where the harness decodes
# them; the buzzer is the real PWM driver. Time is the simulator's virtual clock, so a
# run is the same move by move as CPython's.
#
# Prints the records host_tools.upy_tests reads (@@BEGIN, @@OUT, @@END), with
# "@@FRAME <n>" standing for the LED frame of the n-th write to the chain, and
# "@@K <key> <0|1>" asking the host to press or release a key (it answers one byte).
import gc
import sys
import time

import machine
import neopixel
import pins
from app import grid
from app.app import App
from drivers.keys import Rp2MatrixKeys
from drivers.pixels import Pixels
from drivers.pixels_setup import from_pins
from drivers.sound import Buzzer
from sim import headless
from sim.drivers import MemoryStorage, VirtualClock


class MatrixKeys(Rp2MatrixKeys):
    """The real matrix driver, scanned by hand at the virtual clock's time."""

    @property
    def events(self):
        return len(self)

    def set(self, key, down, now):
        print("@@K\t%d\t%d" % (key, 1 if down else 0))
        sys.stdin.read(1)  # the host has set the matrix
        # as many scans as debouncing takes, and the chatter lockout after a change (a
        # real press lasts far longer than these few milliseconds)
        for _ in range(self._debouncer.threshold + self._debouncer.lockout):
            self.scan(now)


class CountingStrip:
    """The real NeoPixel strip, counting its writes (frame n is the n-th write)."""

    def __init__(self, strip):
        self.strip = strip
        self.buf = strip.buf
        self.writes = 0

    def write(self):
        self.strip.write()
        self.writes += 1


class PicoBoard:
    def __init__(self):
        rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in pins.MATRIX_ROWS]
        cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins.MATRIX_COLS]
        self.clock = VirtualClock()
        self.keys = MatrixKeys(rows, cols, pins.MATRIX_ROWS, pins.MATRIX_COLS, clock=self.clock)
        self.strip = CountingStrip(neopixel.NeoPixel(machine.Pin(pins.NEOPIXEL), grid.CELLS))
        self.pixels = Pixels(self.strip, from_pins())
        pwm = machine.PWM(machine.Pin(pins.BUZZER))
        pwm.duty_u16(0)
        self.sound = Buzzer(pwm)
        self.storage = MemoryStorage()
        self.app = App(self.keys, self.pixels, self.sound, self.clock, self.storage)
        self.app.collect = gc.collect  # as main.py sets it (firmware/start.py)
        self.app.step()


class PicoHeadless(headless.Headless):
    def __init__(self):
        self.board = PicoBoard()

    def hold(self, key, ms):
        board = self.board
        board.keys.set(key, True, board.clock.ticks_ms())
        board.app.step()
        self.advance(ms)
        board.keys.set(key, False, board.clock.ticks_ms())
        board.app.step()

    def run(self, line):
        words = line.split("#")[0].split()
        if words == ["frame"]:
            self.board.app.render(self.board.clock.now)
            time.sleep_us(100)  # the chain latches (>= 50 us low) before we say so
            return ["@@FRAME %d" % self.board.strip.writes]
        return headless.Headless.run(self, line)


def play(name, lines):
    print("@@BEGIN\t%s" % name)
    sim = PicoHeadless()
    i = 0
    try:
        for i in range(len(lines)):
            for text in sim.run(lines[i]):
                print("@@OUT\t%d\t%s" % (i, text))
    except headless.ScriptError as e:
        print("@@OUT\t%d\terror: line %d: %s" % (i, i + 1, e))
    sim.board.sound.stop()
    print("@@END\t%s" % name)
