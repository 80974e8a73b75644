# Connect Four's opening book for level 5: BOOK is written by python -m
# host_tools.connect4_book (do not edit it by hand); the look-up below is not.
import sys

BOOK = (
    b"\x08\x2e\x04\x3c\x7f\x1e\x10\x3a\x28\x7f\x7f\x7f\x08\x7f\x08\x12"
    b"\x10\x7f\x0a\x08\x1a\x0a\x08\x20\x0a\x0c\x14\x3e\x2c\x7c\x22\x60"
    b"\x08\x03\x22\x1f\x1a\x3e\x14\x18\x28\x02\x08\x28\x2c\x08\x28\x7f"
    b"\x04\x24\x08\x7f\x08\x7f\x7f\x7f\x0a"
)


def mask(history):
    """The columns (bit c: column c) that keep the exact value of the position after
    `history`: its entry is the moves as a base-7 number, after the entries of all
    shorter histories. Then this module forgets itself (the player's search needs its
    heap): it goes once the caller drops it."""
    i = 0
    for c in history:
        i = i * 7 + c + 1  # (+ 1 a move: the shorter histories' entries before)
    sys.modules.pop(__name__, None)
    try:  # (not dir(): MicroPython's probes every qstr, ~25 ms on a Pico)
        delattr(sys.modules["games.connect4"], "book")
    except (AttributeError, KeyError):  # MicroPython: KeyError
        pass
    return BOOK[i]
