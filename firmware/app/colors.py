# The palette, as packed 0xRRGGBB ints at full level (the pixel driver applies
# brightness, gamma and the current cap). Player colours are indexed by player/team.
from compat import const

OFF = const(0x000000)
WHITE = const(0xFFFFFF)
YELLOW = const(0xFFB000)
RED = const(0xFF0000)
BLUE = const(0x0040FF)
GREEN = const(0x00D040)
ORANGE = const(0xFF5000)
PURPLE = const(0xA000FF)
CYAN = const(0x00FFFF)
PINK = const(0xFF409F)
SKY = const(0x409FFF)
MAGENTA = const(0xFF00FF)
# The flash of a refused press: no game's player colour for normal vision (not red: Connect
# Four); for a protanope it comes close to blue (host_tools/colour_check.py), so it also
# flickers (app.app.flashing)
ILLEGAL = MAGENTA
SYSTEM = const(0x303030)  # the corner keys at rest
FRAME_BLUE = const(0x001440)  # Connect Four's empty frame, as in its menu pictogram


# What people call the colours a game gives its players (messages, the simulator).
NAMES = {YELLOW: "yellow", RED: "red", BLUE: "blue", GREEN: "green", ORANGE: "orange",
         PURPLE: "purple", CYAN: "cyan", WHITE: "white", MAGENTA: "magenta", PINK: "pink", SKY: "sky blue"}


def scale(color, num, den):
    """`color` at num/den of its level (dim tints, pulses)."""
    return (((color >> 16) * num // den) << 16) | ((((color >> 8) & 255) * num // den) << 8) | ((color & 255) * num // den)
