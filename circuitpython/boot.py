# CircuitPython runs this once at power-up, before main.py. The flash can be written
# by the board or by the computer over USB, never both: by default the board gets it,
# so saves work. Hold the MENU corner (a1) while plugging in to leave it to USB
# instead (to copy new files); the board then plays but cannot save.
import time

import board
import digitalio
import storage

import pins

MENU_ROW, MENU_COLUMN = 0, 0  # a1: the first row and the first column of the matrix


def menu_held():
    """Read the one key directly: drive its row low, see whether its column follows."""
    row = digitalio.DigitalInOut(getattr(board, "GP%d" % pins.MATRIX_ROWS[MENU_ROW]))
    column = digitalio.DigitalInOut(getattr(board, "GP%d" % pins.MATRIX_COLS[MENU_COLUMN]))
    row.switch_to_output(value=False)
    column.switch_to_input(pull=digitalio.Pull.UP)
    time.sleep(0.001)  # the column settles through its pull-up
    held = not column.value
    row.deinit()
    column.deinit()
    return held


if not menu_held():
    storage.remount("/", readonly=False)
