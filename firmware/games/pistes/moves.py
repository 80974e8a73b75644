# 4 pistes' moves (games/pistes/rules.py): the board's sizes, the kinds of move and the
# phases of a turn, named by the rules and by the notation alike.
from compat import const

TRACKS = const(4)
DICE = const(4)
END = const(10)  # the end cell; 0 is the start cell
ROLLS = const(3)

ROLL = "roll"
STOP = "stop"
KEEP = "keep"
UNKEEP = "unkeep"
JOKER = "joker"
SIX4 = "six4"
BACK = "back"

# The moves of one die, made once: a game's history holds these, not a new tuple each
# (16 bytes of a Pico's RAM a move, some 30 keeps a game).
KEEPS = tuple((KEEP, 1 << i) for i in range(DICE))
UNKEEPS = tuple((UNKEEP, 1 << i) for i in range(DICE))

# What a turn waits for (`phase`).
TO_ROLL = "roll"  # the first roll of a turn
TO_DECIDE = "decide"  # after a roll: set dice aside, roll again or stop
TO_CHOOSE = "choose"  # a choice of the resolution: `pending` says which
