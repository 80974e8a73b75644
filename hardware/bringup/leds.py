# BUILD.md section 3: the Pico, the level shifter and the first LEDs. Every LED of the
# chain shows red, then green, then blue (all together, dim), then a white dot walks
# the chain from LED1. Needs `make deploy` first (it uses pins.py and the drivers).
#   mpremote run hardware/bringup/leds.py
import pins
from compat import sleep_ms
from drivers.pixels import make_strip
from drivers.pixels_setup import wire_order

LEVEL = 8  # of 255: dim: 144 LEDs lit draw about 260 mA with their idle draw, under a 0.3 A limit
COLOURS = (("red", (LEVEL, 0, 0)), ("green", (0, LEVEL, 0)), ("blue", (0, 0, LEVEL)))


def put(strip, order, led, rgb):
    """LED `led` (0 = LED1) shows `rgb`, in the wire order of pins.LED_ORDER."""
    for ch in range(3):
        strip.buf[led * 3 + order[ch]] = rgb[ch]


def main(count=144, hold_ms=2000, step_ms=80, strip=None, out=print, sleep=sleep_ms):
    strip = strip or make_strip(pins.NEOPIXEL, count)
    order = wire_order(pins.LED_ORDER)
    out("LED_ORDER = %r. Every wired LED lights red, then green, then blue." % pins.LED_ORDER)
    out("A wrong colour on every LED: change LED_ORDER in pins.py (modules: GRB, 5/8 mm: RGB).")
    for name, rgb in COLOURS:
        out("  all %s" % name)
        for led in range(count):
            put(strip, order, led, rgb)
        strip.write()
        sleep(hold_ms)
    out("A white dot walks the chain from LED1 (wiring.svg numbers the cells).")
    out("Where it stops, check the DOUT -> DIN wire into the next LED.")
    for led in range(count):
        strip.buf[:] = bytes(len(strip.buf))
        put(strip, order, led, (LEVEL, LEVEL, LEVEL))
        strip.write()
        sleep(step_ms)
    strip.buf[:] = bytes(len(strip.buf))
    strip.write()
    out("done: all dark")


if __name__ == "__main__":
    main()
