# BUILD.md section 6: the voltage under load. Every LED full white, held to the current
# cap the firmware derives from pins.SUPPLY_MA, for a minute (Ctrl-C ends it early);
# measure +5V to GND at the jack and at the far LEDs meanwhile (POWER.md).
#   mpremote run hardware/bringup/load.py
import pins
from app import grid
from compat import sleep_ms
from drivers.pixels import Pixels, make_strip
from drivers.pixels_setup import from_pins

FAR_CELLS = ("f1", "g12")  # the middle of the end rows: farthest from the busbars' feeds
MAX_DROP_V = 0.25


def main(seconds=60, pixels=None, out=print, sleep=sleep_ms):
    pixels = pixels or Pixels(make_strip(pins.NEOPIXEL, grid.CELLS), from_pins(), brightness=100)
    pixels.set_brightness(100)
    try:
        pixels.show(b"\xff" * (grid.CELLS * 3))
        ma = pixels.current_ma
        out("All LEDs white at the cap: about %d mA (cap %d mA for a %d mA supply)."
            % (ma, pixels.cap_ma, pins.SUPPLY_MA))
        out("Measure +5V to GND across the jack, then at the LED modules of %s." % " and ".join(FAR_CELLS))
        out("Each must be within %.2f V of the jack's. Anything hot: stop (Ctrl-C)." % MAX_DROP_V)
        for left in range(seconds, 0, -10):
            out("  %d s left" % left)
            sleep(10000 if left >= 10 else left * 1000)
    finally:
        pixels.off()
        out("LEDs off")
    return ma


if __name__ == "__main__":
    main()
