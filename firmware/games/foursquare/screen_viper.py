# The Pico's fast path for Foursquare's glow (games/foursquare/screen.py, draw_piles): the empty
# cells where the drawn card may go, marked as native Thumb code. Its bytecode twin
# (games.foursquare.rules.placements and a loop) took some 0.9 ms of a move's light on the
# virtual Pico. Only MicroPython with a native emitter loads this module: games/foursquare/screen.py
# then keeps its twin, which marks the very same cells (the bench compares the Pico's
# frames with CPython's).
import micropython


@micropython.viper
def glow_empty(glow: ptr8, height: ptr8, lo_r: int, hi_r: int, lo_c: int, hi_c: int, look: int):
    """glow[c] = look for each empty cell of the 7 x 7 window next to a pile (height,
    orthogonally) that keeps the piles' box (lo_r..hi_r, lo_c..hi_c) within 4 x 4
    (games.foursquare.rules.placements' empty cells)."""
    r0 = hi_r - 3
    if lo_r - 1 > r0:
        r0 = lo_r - 1
    if r0 < 0:
        r0 = 0
    r1 = lo_r + 4
    if hi_r + 2 < r1:
        r1 = hi_r + 2
    if r1 > 7:
        r1 = 7
    c0 = hi_c - 3
    if lo_c - 1 > c0:
        c0 = lo_c - 1
    if c0 < 0:
        c0 = 0
    c1 = lo_c + 4
    if hi_c + 2 < c1:
        c1 = hi_c + 2
    if c1 > 7:
        c1 = 7
    for row in range(r0, r1):
        start = row * 7
        for col in range(c0, c1):
            c = start + col
            if height[c] == 0:
                near = 0
                if row > 0 and height[c - 7] != 0:
                    near = 1
                elif row < 6 and height[c + 7] != 0:
                    near = 1
                elif col > 0 and height[c - 1] != 0:
                    near = 1
                elif col < 6 and height[c + 1] != 0:
                    near = 1
                if near:
                    glow[c] = look
