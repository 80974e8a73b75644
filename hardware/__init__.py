# The reference board, described in code: the SKiDL circuit (circuit.py) and what is
# generated from it and from firmware/pins.py (generate.py). The firmware's modules
# import each other from firmware/ (the Pico's filesystem root), so put it on the path.
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
HERE = os.path.join(ROOT, "hardware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def firmware_clock_hz():
    """The board's clock, CLOCK_HZ of firmware/ports/rp2.py (read from its source: that
    module imports MicroPython's machine)."""
    with open(os.path.join(FIRMWARE, "ports", "rp2.py")) as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["CLOCK_HZ"]:
                value = node.value.args[0] if isinstance(node.value, ast.Call) else node.value  # (const(...))
                return ast.literal_eval(value)
    raise ValueError("firmware/ports/rp2.py sets no CLOCK_HZ")


CLOCK_HZ = firmware_clock_hz()
