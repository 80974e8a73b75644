# 4D Squeeze's lines of four, for its player (games/squeeze/player.py) and the
# player's bytecode twins (player_bytecode.py), worked out rather than listed (their
# cells and the lines through each cell would hold 2 KB of a Pico's RAM): a line is
# start * 4 + direction, its cells start + i * STEP[direction], i = 0..3 (cell = row *
# 10 + column); STARTS[cell] has bit `direction` set where a line starts there.
from games.squeeze.rules import CELLS, SIZE

STEP = (1, SIZE, SIZE + 1, 1 - SIZE)  # right, down, down-right, up-right
STARTS = bytearray(CELLS)
for _x in range(CELLS):
    _c, _r = _x % SIZE, _x // SIZE
    STARTS[_x] = (_c <= SIZE - 4) | (_r <= SIZE - 4) << 1 | (_c <= SIZE - 4 and _r <= SIZE - 4) << 2 | (
        _c <= SIZE - 4 and _r >= 3) << 3
del _x, _c, _r
