# CircuitPython on a Pico: keys through the built-in keypad.KeyMatrix, the LEDs through
# Adafruit's neopixel library, the buzzer on pwmio. The app, the rules and Pixels'
# levels are the very same as on MicroPython.
import board
import keypad
import microcontroller
import neopixel
import pwmio
from traceback import print_exception  # noqa: F401 (main.py's, on this interpreter)

import pins
from app import grid
from drivers.keypad_keys import KeypadKeys
from drivers.pixelbuf_strip import RGB_ORDER, PixelBufStrip
from drivers.pixels import Pixels
from drivers.pixels_setup import from_pins
from drivers.pwm_out import PwmOutPin
from drivers.sound import Buzzer
from drivers.storage import FileStorage

NAME = "CircuitPython"
SCAN_S = 0.002  # the matrix scanned every 2 ms (the reference board: at least 500 Hz) ...
DEBOUNCE_SCANS = 3  # ... and a change seen on 3 scans in a row counts (6 ms)
_PADS_BANK0 = 0x4001C004  # RP2040 PADS_BANK0 GPIO0; GPIOn at + 4 n
ROW_DRIVE = 3  # the rows' pads at 12 mA, as drivers/keys_setup.py ROW_DRIVE (not imported here: MicroPython's driver)
WATCHDOG_S = 8  # a loop that stops feeding the watchdog this long resets the board


def set_clock():
    """CircuitPython keeps its own clock (CLOCK_HZ is the rp2 port's: ports/rp2.py)."""


def gp(number):
    """The CircuitPython pin object of GPIO `number` (board.GP0 ..)."""
    return getattr(board, "GP%d" % number)


def make_keys():
    # columns_to_anodes: the columns are pulled up and each row driven low in turn,
    # the diodes' anodes on the columns: the board's matrix (hardware/PINS.md).
    matrix = keypad.KeyMatrix(
        row_pins=[gp(n) for n in pins.MATRIX_ROWS],
        column_pins=[gp(n) for n in pins.MATRIX_COLS],
        columns_to_anodes=True,
        interval=SCAN_S,
        max_events=64,
        debounce_threshold=DEBOUNCE_SCANS,
    )
    drive_rows(pins.MATRIX_ROWS)
    return KeypadKeys(matrix, keypad.Event())


def drive_rows(gpios):
    """The rows' pads at the scan's drive (drivers/keys_setup.py ROW_DRIVE, 12 mA: a whole held
    row stays under the input-low limit), through memorymap: KeyMatrix leaves them at the
    default 4 mA, and a pad keeps its drive as KeyMatrix turns its row to an output and
    back. KeyMatrix has no settle setting: its C code reads a row's first column after
    the calls that drive the row (estimated, not measured: no CircuitPython runs on the
    virtual Pico). False where the build has no memorymap (the rows stay at 4 mA)."""
    try:
        import memorymap
    except ImportError:
        return False
    pads = memorymap.AddressRange(start=_PADS_BANK0, length=4 * 30)
    for g in gpios:
        word = int.from_bytes(pads[4 * g:4 * g + 4], "little")
        pads[4 * g:4 * g + 4] = ((word & ~0x30) | (ROW_DRIVE << 4)).to_bytes(4, "little")
    return True


def make_pixels():
    np = neopixel.NeoPixel(gp(pins.NEOPIXEL), grid.CELLS, brightness=1.0, auto_write=False,
                           pixel_order=pins.LED_ORDER)
    # the library puts the wire order (pins.LED_ORDER); the cap comes from pins.SUPPLY_MA
    return Pixels(PixelBufStrip(np), from_pins(), order=RGB_ORDER)


def make_sound():
    pwm = pwmio.PWMOut(gp(pins.BUZZER), duty_cycle=0, frequency=440, variable_frequency=True)
    return Buzzer(PwmOutPin(pwm))


def make_storage():
    # Writable only when boot.py remounted the flash for the board (MENU not held at
    # power-up); otherwise every save fails and the board says so, losing no game.
    return FileStorage("/data")


def menu_held(keys, clock, check_ms):
    """MENU down at power-up: KeyMatrix reports a key already down as a press once
    it has been seen on enough scans."""
    clock.sleep_ms(check_ms)
    down = False
    event = keys.get()
    while event is not None:
        if event[0] == grid.MENU:
            down = event[1]
        event = keys.get()
    return down


def make_watchdog():
    """CircuitPython's watchdog, started in reset mode; the game loop feeds it."""
    from watchdog import WatchDogMode

    watchdog = microcontroller.watchdog
    watchdog.timeout = WATCHDOG_S
    watchdog.mode = WatchDogMode.RESET
    return watchdog


def restart_notice():
    """What the board says at boot when its watchdog reset it, else None."""
    if microcontroller.cpu.reset_reason == microcontroller.ResetReason.WATCHDOG:
        return "the board hung and its watchdog restarted it"
    return None
