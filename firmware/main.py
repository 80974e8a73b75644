# The Pico's entry point: make the real drivers from the pin map and run the app.
# Hold the MENU corner (a1) while powering up for safe mode: no game loop, the REPL
# stays free for recovery over USB (mpremote).
import machine

import pins
from app import grid
from drivers.clock import Clock
from drivers.keys import Rp2MatrixKeys
from drivers.pixels import Pixels, from_pins, make_strip
from drivers.sound import Buzzer
from drivers.storage import FileStorage

SAFE_MODE_COLOR = (255, 120, 0)  # the MENU corner lights up orange in safe mode
ERROR_COLOR = (255, 0, 0)  # the MENU corner lights up red if the app crashed
SAFE_CHECK_MS = 30  # MENU must stay down this long after power-up for safe mode
RESTARTS = 3  # after a crash the app starts again (its saves resume), this many times


def make_keys():
    rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in pins.MATRIX_ROWS]
    cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins.MATRIX_COLS]
    return Rp2MatrixKeys(rows, cols, pins.MATRIX_ROWS, pins.MATRIX_COLS)


def make_pixels():
    # a PIO state machine sends the frames (neopixel if it can't); the current cap
    # and colour order come from pins.SUPPLY_MA and pins.LED_ORDER
    return Pixels(make_strip(pins.NEOPIXEL, grid.CELLS), from_pins())


def make_sound():
    pwm = machine.PWM(machine.Pin(pins.BUZZER))
    pwm.duty_u16(0)
    return Buzzer(pwm)


def light_corner(pixels, color):
    frame = bytearray(grid.CELLS * 3)
    frame[grid.MENU * 3:grid.MENU * 3 + 3] = bytes(color)
    pixels.show(frame)


def menu_held(keys, clock):
    """MENU down at power-up and still down SAFE_CHECK_MS later (not a glitch)."""
    if not keys.held_at_start(grid.MENU):
        return False
    for _ in range(SAFE_CHECK_MS):
        keys.scan(clock.ticks_ms())
        clock.sleep_ms(1)
    return keys.is_down(grid.MENU)


def main():
    clock = Clock()
    keys = make_keys()
    pixels = make_pixels()
    if menu_held(keys, clock):
        light_corner(pixels, SAFE_MODE_COLOR)
        print("safe mode: MENU held at power-up; the game loop is not started.")
        print("The REPL is free (mpremote); reset the board to play.")
        return
    sound = make_sound()
    keys.start()
    from app.app import App

    crashed = False
    for _ in range(1 + RESTARTS):
        crashed = False
        try:
            App(keys, pixels, sound, clock, FileStorage("/data")).run()
        except KeyboardInterrupt:  # Ctrl-C over USB: stop cleanly, leave the REPL
            break
        except Exception as e:  # keep the trace for USB, show it broke, start afresh
            import sys

            crashed = True
            sys.print_exception(e)
            light_corner(pixels, ERROR_COLOR)
            clock.sleep_ms(1000)
            keys.clear()
    keys.stop()
    sound.stop()
    if not crashed:  # after the last crash, the red corner stays lit
        pixels.off()

main()
