# 4D Squeeze with cards (games/squeeze/cards.py): what a card move is (its kind, its
# target, its player, packed in one int) and the windows; named by the rules, their
# effects and their notation alike (what only the rules name stays there).
from compat import const
from games.squeeze.rules import CELLS, LAUNCHES, SIZE

# Card kinds, in deck order; PASS closes a window (or, with real cards, says "no card").
TRAHISON = const(0)
FLAMMES = const(1)
ECLAIR = const(2)
POUSSEE = const(3)
DOUBLE = const(4)
NEGATION = const(5)
ANNULATION = const(6)
PASS = const(7)
KINDS = ("trahison", "flammes", "eclair", "poussee", "double", "negation", "annulation", "pass")
INSTEAD = (TRAHISON, FLAMMES, ECLAIR, POUSSEE)  # played instead of the turn's launch

CARD_BASE = const(1000)  # above every launch move (CELL_MOVE + CELLS)


def card(kind, a=0, b=0, seat=0):
    """The move of a card (or a pass): `a`, `b` its target (a cell or a launch, the
    second launch of a double), `seat` its player (0 for a pass)."""
    return CARD_BASE + ((kind * CELLS + a) * LAUNCHES + b) * 5 + seat


def unpack(move):
    """card()'s (kind, a, b, seat) back from a move >= CARD_BASE."""
    move, seat = divmod(move - CARD_BASE, 5)
    move, b = divmod(move, LAUNCHES)
    kind, a = divmod(move, CELLS)
    return kind, a, b, seat


PASS_MOVE = card(PASS)

# Windows
NEGATION_WINDOW = "negation"
ANNULATION_WINDOW = "annulation"


def square(cell):
    """The 2x2 square whose top-left cell is `cell` (Eclair), or None off the board."""
    if cell % SIZE == SIZE - 1 or cell // SIZE == SIZE - 1:
        return None
    return (cell, cell + 1, cell + SIZE, cell + SIZE + 1)
