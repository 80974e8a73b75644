# MicroPython on a Pico (the rp2 port): the matrix scanned through the SIO registers,
# the LEDs from a PIO state machine (MicroPython's neopixel module if it can't), the buzzer on machine.PWM.
from sys import print_exception  # noqa: F401 (main.py's, on this interpreter)

import machine

import pins
from compat import const, sleep_ms
from app import grid
from drivers.keys import Rp2MatrixKeys
from drivers.pixels import Pixels, make_strip
from drivers.pixels_setup import from_pins
from drivers.sound import Buzzer
from drivers.storage import FileStorage

NAME = "MicroPython"
# The RP2040's clock. 200 MHz is what Raspberry Pi certifies RP2040 for at a 1.15 V core
# (set_clock raises it); 125 MHz is the Pico's power-up clock, at its power-up 1.10 V.
# (Here, not in pins.py: every module that imports pins would intern its name.)
CLOCK_HZ = const(200_000_000)
_WATCHDOG_MS = const(8000)  # a loop that stops feeding the watchdog this long resets the board (8.3 s at most)
_VREG = const(0x40064000)  # RP2040 datasheet: VREG's VSEL (bits 7:4) sets the core's voltage
_VSEL_1V15 = const(0xC)  # 1.15 V (power-up: 0xB, 1.10 V)
_FASTEST_AT_1V10 = const(133_000_000)  # RP2040's specified clock at its power-up voltage


def set_clock(hz=CLOCK_HZ):
    """Runs the core at `hz`, before any driver takes its timing from the clock (the
    LEDs' PIO, the keys' settle loop). Past 133 MHz the core's voltage is raised to
    1.15 V first and given 1 ms to settle, as pico-sdk does for 200 MHz."""
    if hz > _FASTEST_AT_1V10:
        machine.mem32[_VREG] = machine.mem32[_VREG] & ~0xF0 | _VSEL_1V15 << 4
        sleep_ms(1)
    machine.freq(hz)


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


def make_storage():
    return FileStorage("/data")


def menu_held(keys, clock, check_ms):
    """MENU down at power-up and still down `check_ms` later (not a glitch)."""
    if not keys.held_at_start(grid.MENU):
        return False
    for _ in range(check_ms):
        keys.scan(clock.ticks_ms())
        clock.sleep_ms(1)
    return keys.is_down(grid.MENU)


def make_watchdog():
    """A started watchdog that the game loop feeds (None where there is none)."""
    return machine.WDT(timeout=_WATCHDOG_MS)


def restart_notice():
    """What the board says at boot when its watchdog reset it, else None."""
    if machine.reset_cause() == getattr(machine, "WDT_RESET", None):
        return "the board hung and its watchdog restarted it"
    return None
