"""Writes firmware/drivers/gamma_data.py: the gamma tables of the brightness row's
percents and of the default brightness (drivers.pixels.gamma_table), written out for the
menu and the boot. Made on a Pico they took ~0.5 s of float maths in the menu, whose
garbage brought the heap's collections (~10 ms each) into the presses of that time, and
~44 ms of the boot. Run it again when the gamma curve or the
row's percents change (tests/host/test_gamma_data.py says when).

    python -m host_tools.gamma_data
"""
import os

from host_tools import build as build_tool
from app.menu import BRIGHTNESS_PERCENTS  # (firmware/ is on the path: host_tools/__init__.py)
from app.saves import DEFAULT_SETTINGS
from drivers.pixels import gamma_table

PATH = os.path.join(build_tool.ROOT, "firmware", "drivers", "gamma_data.py")
HEADER = """# The gamma tables of the menu's brightness row and of the default brightness, written
# out by host_tools/gamma_data.py (do not edit): drivers.pixels.gamma_table of each of
# PERCENTS, 256 levels each. Made on a Pico they took ~0.5 s of float maths whose garbage
# brought the heap's collections (~10 ms each) into presses, and ~44 ms of the boot;
# loaded, they cost an import.
"""


def source():
    percents = tuple(sorted(set(BRIGHTNESS_PERCENTS) | {DEFAULT_SETTINGS["brightness"]}))
    lines = [HEADER, "PERCENTS = %r" % (percents,), "TABLES = ("]
    for percent in percents:
        data = bytes(gamma_table(percent))
        for i in range(0, 256, 32):
            lines.append("    %r%s" % (data[i:i + 32], "," if i == 224 else ""))
    lines.append(")")
    return "\n".join(lines) + "\n"


def main():
    with open(PATH, "w") as f:
        f.write(source())
    print("wrote %s" % os.path.relpath(PATH, build_tool.ROOT))


if __name__ == "__main__":
    main()
