# When a screen's lights change: the pace of blinks and moving pictures, a refused
# press's flash, and deadlines that stay right when the Pico's ticks wrap.
from compat import const, ticks_diff

FRAME_MS = 30  # a moving picture is redrawn this often (a press redraws at once)
FLASH_MS = 400  # a refused press: its flash this long (see flashing())
BLINK_MS = 300  # winning cells blink on/off at this pace
_FLICKER_MS = const(100)


def blink_on(now, period=BLINK_MS):
    return (now // period) % 2 == 0


def flashing(until, now):
    """Whether a refusal's flash (ending at `until`) is lit now: it flickers, on and off
    _FLICKER_MS each, lit first: a cue that needs no colour (no piece flickers), for an eye
    that takes its magenta for a player's blue (host_tools/colour_check.py)."""
    return pending(until, now) is not None and (FLASH_MS - ticks_diff(until, now)) // _FLICKER_MS % 2 == 0


def pending(deadline, now):
    """`deadline` (ticks) while it is still ahead of `now`, else None. Screens keep
    only pending deadlines, so an old one cannot seem ahead again when ticks wrap."""
    if deadline is not None and ticks_diff(deadline, now) > 0:
        return deadline
    return None
