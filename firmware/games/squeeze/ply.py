# A ply of the 4D Squeeze player's search (games/squeeze/player.py), as its native code
# (player_viper.py) and their bytecode twins (player_bytecode.py) read it: a buffer's
# layout, and where the lines of four lie.
from compat import const
from games.squeeze.rules import CELLS, SIZE

# A ply's buffer: the board, then these bytes, the launches' arrival cells (as the
# rules' state.arrive), then the win cells kept (each cell | (colour - 1) << 7: a pawn
# there makes four; reachable now or not), at most MAX_THREATS of them (random games
# keep 14 at most)
MOVER = const(100)  # the colour to move
WON = const(101)  # 1 if the move into this ply made four
EMPTY_CELLS = const(102)
LEAD = const(103)  # yellow's pentacle lead + 128
ARRIVE = const(104)  # 40 bytes
COUNT = const(144)  # the win cells kept
THREATS = const(145)
MAX_THREATS = const(47)
PLY = const(192)  # THREATS + MAX_THREATS


# The 238 lines of four, worked out rather than listed (their cells and the lines
# through each cell would hold 2 KB of a Pico's RAM): a line is start * 4 + direction,
# its cells start + i * STEP[direction], i = 0..3 (cell = row * 10 + column);
# STARTS[cell] has bit `direction` set where a line starts there.
STEP = (1, SIZE, SIZE + 1, 1 - SIZE)  # right, down, down-right, up-right
STARTS = bytearray(CELLS)
for _x in range(CELLS):
    _c, _r = _x % SIZE, _x // SIZE
    STARTS[_x] = (_c <= SIZE - 4) | (_r <= SIZE - 4) << 1 | (_c <= SIZE - 4 and _r <= SIZE - 4) << 2 | (
        _c <= SIZE - 4 and _r >= 3) << 3
del _x, _c, _r
