# 4D Squeeze with cards on the board (games/squeeze/cards_screen.py): where each seat's
# card keys are on the ring, and each kind's colour; shared by the screen, its card
# pick and its words.
from app import colors
from games.squeeze.board import E, N, S, W
from games.squeeze.screen import RING_CELLS

PINK = 0xFF3090
# Each kind's colour (none is a player's): trahison, flammes, eclair, poussee, double,
# negation, annulation (its symbol: cards_screen.py's SYMBOLS).
KIND_COLORS = (colors.PURPLE, colors.ORANGE, colors.CYAN, colors.GREEN, PINK, colors.RED, colors.WHITE)

SEAT_SIDES = {2: (None, S, N), 4: (None, S, W, N, E)}
PEEK = (1, 2)  # places along the side: the hand, the kinds, "no card"
KIND_PLACES = (3, 4, 5, 6, 7)
NO_CARD_PLACE = 8


def side_cell(side, place):
    """The launch point `place` steps along `side` from its card key (the seat's right
    hand: the south and west lines count down to it, the north and east ones up)."""
    line = 9 - place if side in (S, W) else place
    return RING_CELLS[side * 10 + line]
