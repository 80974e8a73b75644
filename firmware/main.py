# The Pico's entry point: make the real drivers from the pin map and run the app.
# Hold the MENU corner (a1) while powering up for safe mode: no game loop, the REPL
# stays free for recovery over USB (mpremote). A watchdog restarts a board whose loop
# hangs; after such a restart (or a crash) the MENU corner blinks orange a while.
import machine
import neopixel

import pins
from app import grid
from drivers.clock import Clock
from drivers.keys import Rp2MatrixKeys
from drivers.pixels import Pixels, from_pins
from drivers.sound import Buzzer
from drivers.storage import FileStorage

SAFE_MODE_COLOR = (255, 120, 0)  # the MENU corner lights up orange in safe mode
ERROR_COLOR = (255, 0, 0)  # the MENU corner lights up red if the app crashed
SAFE_CHECK_MS = 30  # MENU must stay down this long after power-up for safe mode
RESTARTS = 3  # after a crash the app starts again (its saves resume), this many times
WATCHDOG_MS = 8000  # a loop that stops feeding the watchdog this long resets the board (8.3 s at most)
_WATCHDOG_CTRL = 0x40058000  # RP2040 datasheet: WATCHDOG_CTRL, bit 30 ENABLE


def make_keys():
    rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in pins.MATRIX_ROWS]
    cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins.MATRIX_COLS]
    return Rp2MatrixKeys(rows, cols, pins.MATRIX_ROWS, pins.MATRIX_COLS)


def make_pixels():
    strip = neopixel.NeoPixel(machine.Pin(pins.NEOPIXEL), grid.CELLS)
    return Pixels(strip, from_pins())


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


# The watchdog, in the form of the ports' interface (make_*: one per runtime).
def make_watchdog():
    """A started watchdog that the game loop feeds (None where there is none)."""
    return machine.WDT(timeout=WATCHDOG_MS)


def stop_watchdog(watchdog):
    """MicroPython cannot stop the rp2 watchdog; its register can. Without this, the
    REPL left after Ctrl-C (mpremote, a deploy) would be reset within WATCHDOG_MS."""
    if watchdog is not None:
        machine.mem32[_WATCHDOG_CTRL] = machine.mem32[_WATCHDOG_CTRL] & ~(1 << 30)


def restart_notice():
    """What the board says at boot when its watchdog reset it, else None."""
    if machine.reset_cause() == getattr(machine, "WDT_RESET", None):
        return "the board hung and its watchdog restarted it"
    return None


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
    notice = restart_notice()
    watchdog = make_watchdog()
    for _ in range(1 + RESTARTS):
        crashed = False
        try:
            app = App(keys, pixels, sound, clock, FileStorage("/data"))
            if notice:
                app.show_notice(notice, grid.MENU)
            app.run(watchdog)
        except KeyboardInterrupt:  # Ctrl-C over USB: stop cleanly, leave the REPL
            break
        except Exception as e:  # keep the trace for USB, show it broke, start afresh
            import sys

            crashed = True
            sys.print_exception(e)
            light_corner(pixels, ERROR_COLOR)
            if watchdog is not None:
                watchdog.feed()
            clock.sleep_ms(1000)
            keys.clear()
            notice = "the board restarted after an error (%s)" % type(e).__name__
    stop_watchdog(watchdog)  # the REPL is free: nothing feeds the watchdog any more
    keys.stop()
    sound.stop()
    if not crashed:  # after the last crash, the red corner stays lit
        pixels.off()

main()
