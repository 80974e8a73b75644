# BUILD.md sections 3, 5 and 6: the idle current. Every LED dark: what the board draws now
# is the LEDs' own idle draw and the Pico's. Much more means a short or a reversed LED.
#   mpremote run hardware/bringup/idle.py
import pins
from app import grid
from drivers.pixels import IDLE_MA, make_strip

PICO_MA = 25  # the Pico running MicroPython, its LED off
LIMIT_FACTOR = 2  # more than twice the expected draw: stop and look


def expected_ma(leds=grid.CELLS):
    return IDLE_MA * leds + PICO_MA


def main(leds=grid.CELLS, strip=None, out=print):
    strip = strip or make_strip(pins.NEOPIXEL, grid.CELLS)
    strip.buf[:] = bytes(len(strip.buf))
    strip.write()
    ma = expected_ma(leds)
    out("All LEDs dark. Read the supply current (bench supply's meter, or a meter in series")
    out("with +5V): about %d mA with %d LEDs wired (%d mA each dark, %d mA the Pico)."
        % (ma, leds, IDLE_MA, PICO_MA))
    out("Over %d mA, or anything warm: unplug now. Look for a solder bridge, a module"
        % (LIMIT_FACTOR * ma))
    out("wired 5V/GND the wrong way round, or a crushed wire where +5V and GND cross.")
    return ma


if __name__ == "__main__":
    main()
