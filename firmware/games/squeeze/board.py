# 4D Squeeze's board (games/squeeze/rules.py): its size and its four sides, named by
# the rules and by the notation alike.
from compat import const

SIZE = const(10)
HALF = const(5)  # the medians lie between index 4 and 5, in both directions
SIDES = "NESW"
N, E, S, W = 0, 1, 2, 3
