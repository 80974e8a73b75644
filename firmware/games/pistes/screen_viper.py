# The Pico's fast path for 4 pistes' dice (games/pistes/screen.py, draw_dice): the dice's
# table of looks made as viper (native Thumb code): its bytecode loop took some 0.4 ms
# of a press's light on the virtual Pico. Only MicroPython with a native emitter loads
# this module; elsewhere games/pistes/screen.py loads its bytecode twin
# (games/pistes/screen_bytecode.py), which makes the very same table
# (tests/firmware/test_pistes_looks.py; the bench compares the Pico's frames with CPython's).
import micropython


@micropython.viper
def dice_looks(looks: ptr8, faces: ptr8, aside: int, locked: int, table: ptr8):
    """looks[die * 9:][:9] = table's 9 looks of die's face (0..6) on its background: a
    free die (by its parity), set aside (2), set aside for good (3)."""
    for die in range(4):
        bit = 1 << die
        back = die & 1
        if aside & bit:
            back = 2
            if locked & bit:
                back = 3
        first = (faces[die] * 4 + back) * 9
        at = die * 9
        for k in range(9):
            looks[at + k] = table[first + k]
