# The bytecode twin of games/pistes/screen_viper.py, which CPython and wasm run (the
# Pico loads it only for its tests): 4 pistes' dice's table of looks, with the same
# arguments and the same result (tests/firmware/test_pistes_looks.py).
from games.pistes.moves import DICE


def dice_looks(looks, faces, aside, locked, table):
    """The dice's table of looks (screen.py draw_dice): die d's 9 cells at looks[d * 9:],
    from `table`'s looks of its face on its background (a free die by its parity, set
    aside, set aside for good)."""
    for die in range(DICE):
        bit = 1 << die
        back = (3 if locked & bit else 2) if aside & bit else die % 2
        first = (faces[die] * 4 + back) * 9
        looks[die * 9:die * 9 + 9] = table[first:first + 9]
