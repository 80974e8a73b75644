# The WS2812B LEDs, as their datasheet gives them: the rate of a frame's bits, and the
# current an LED draws (what the supply's cap is reckoned in).
from compat import const

BIT_HZ = 800000  # 1.25 us a bit
MA_PER_CHANNEL = const(20)  # one colour channel at full level
IDLE_MA = const(1)  # each LED's own draw, even when dark
