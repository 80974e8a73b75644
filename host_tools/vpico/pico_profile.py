# Runs ON the virtual Pico (MicroPython rp2): where a key press's time goes, phase by
# phase, in a game played from a scenario's presses. The App runs with the real Pixels
# and LED strip and the real FileStorage on the flash; keys are handed to the App
# directly (the matrix scan and its debouncing are timed apart, by the bench), on the
# simulator's virtual clock. For each tap it prints one record:
#   @@P <press> <dispatch> <draw> <pixels> <write> <save> <garbage> <gc>
# dispatch: the key events through App.key to the screen's tap (the rules' move);
# draw: the screen drawing its frame; pixels: Pixels.show's pipeline (gamma,
# brightness, cap, chain layout); write: handing the frame to the strip; save: the
# work after the render (the save's flash write); all in us; garbage: bytes allocated
# by the press; gc: a full collection's time after it, in us (what a GC pause costs).
import gc
import time

import machine
import pins
from app import grid
from app.app import LOOP_MS, App
from drivers.pixels import Pixels, make_strip
from drivers.pixels_setup import from_pins
from drivers.storage import FileStorage
from sim import headless
from sim.drivers import SimKeys, SimSound, VirtualClock

SETTLE_MS = 600  # after a press, the app runs this long before the next (animations end)


class Timed:
    """Wraps obj.method, adding each call's time (us) to `self.us`."""

    def __init__(self, method):
        self.method = method
        self.us = 0

    def __call__(self, *args):
        t = time.ticks_us()
        result = self.method(*args)
        self.us += time.ticks_diff(time.ticks_us(), t)
        return result


def advance(app, clock, ms):
    end = clock.now + ms
    while clock.now < end:
        clock.now += LOOP_MS
        app.step()


def play(words, lines, presses=None):
    """The game `start` words set up, its script `lines` played; at most `presses` taps
    (None: all) timed."""
    strip = make_strip(pins.NEOPIXEL, grid.CELLS)
    pixels = Pixels(strip, from_pins())
    write = strip.write = Timed(strip.write)
    show = Timed(pixels.show)
    pixels.show = show
    clock = VirtualClock()
    app = App(SimKeys(), pixels, SimSound(), clock, FileStorage("/data"))
    args = headless.parse_start_args(words[2:])
    own = dict((k, args[k]) for k in ("board", "level", "mode") if k in args)
    app.start_game(words[1], args["players"], args["variant"], args["seed"], own)
    app.step()
    n = 0
    for line in lines:
        w = line.split("#")[0].split()
        if w[:1] == ["wait"]:
            advance(app, clock, int(w[1]))
        if w[:1] != ["press"]:
            continue
        if presses is not None and n >= presses:
            break
        key = grid.parse(w[1])
        now = clock.now
        show.us = write.us = 0
        gc.collect()
        before = gc.mem_alloc()
        t0 = time.ticks_us()
        app.key(key, True, now)
        app.key(key, False, now)
        t1 = time.ticks_us()
        app.render(now)
        t2 = time.ticks_us()
        work = app.after_render
        app.after_render = None
        if work is not None:
            work(now)
        t3 = time.ticks_us()
        garbage = gc.mem_alloc() - before
        gc.collect()
        t4 = time.ticks_us()
        diff = time.ticks_diff
        print("@@P\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d" % (n, diff(t1, t0), diff(t2, t1) - show.us, show.us - write.us,
                                                      write.us, diff(t3, t2), garbage, diff(t4, t3)))
        n += 1
        advance(app, clock, SETTLE_MS)
    machine.Pin(pins.NEOPIXEL, machine.Pin.OUT).value(0)
