"""Writes firmware/drivers/gamma_data.py: the gamma tables of the brightness row's
percents (drivers.pixels.gamma_table), written out for the menu. Made on a Pico they
took ~0.5 s of float maths in the menu, whose garbage brought the heap's collections
(~10 ms each) into the presses of that time. Run it again when the gamma curve or the
row's percents change (tests/host/test_gamma_data.py says when).

    python -m host_tools.gamma_data
"""
import os

from host_tools import build as build_tool
from app.menu import BRIGHTNESS_PERCENTS  # (firmware/ is on the path: host_tools/__init__.py)
from drivers.pixels import gamma_table

PATH = os.path.join(build_tool.ROOT, "firmware", "drivers", "gamma_data.py")
HEADER = """# The gamma tables of the menu's brightness row, written out by host_tools/gamma_data.py
# (do not edit): {percent: drivers.pixels.gamma_table of it}, 256 levels each. Made on a
# Pico they took ~0.5 s of float maths whose garbage brought the heap's collections
# (~10 ms each) into presses; loaded, they cost an import.
"""


def source():
    lines = [HEADER, "tables = {"]
    for percent in BRIGHTNESS_PERCENTS:
        data = bytes(gamma_table(percent))
        lines.append("    %d: (" % percent)
        for i in range(0, 256, 32):
            lines.append("        %r" % data[i:i + 32])
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    with open(PATH, "w") as f:
        f.write(source())
    print("wrote %s" % os.path.relpath(PATH, build_tool.ROOT))


if __name__ == "__main__":
    main()
