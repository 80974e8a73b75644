"""Writes firmware/drivers/gamma_data.py: the gamma curve, each input level v's LED level
at full brightness, 255 * (v / 255) ** GAMMA, in 128ths, which drivers.pixels scales by
the brightness in integers (gamma_into): made on a Pico, the float maths of a table took
~40 ms and their garbage brought the heap's collections (~10 ms each) into presses.
Written as each level's step from the one before, a byte each (the menu keeps it: 256
bytes). Run it again when GAMMA changes (tests/host/test_gamma_data.py says when).

    python -m host_tools.gamma_data
"""
import os

from host_tools import build as build_tool

GAMMA = 1.8  # below the usual 2.2 so dim tints stay apart at the default brightness
PATH = os.path.join(build_tool.ROOT, "firmware", "drivers", "gamma_data.py")
HEADER = """# The gamma curve, written out by host_tools/gamma_data.py (do not edit): for each input
# level v, its LED level at full brightness, 255 * (v / 255) ** GAMMA, in 128ths (0 ..
# 32640), as its step from v - 1's (a byte). drivers.pixels.gamma_into scales it by the
# brightness in integers: no float maths on the Pico, the same levels on every port.
# Loaded at boot, kept by the menu (its brightness row), freed while a game is played.
"""
STEPS = 128  # the curve's steps to a level


def curve():
    """The 256 bytes of CURVE: each level's step from the one before."""
    values = [round(255 * STEPS * (v / 255) ** GAMMA) for v in range(256)]
    return bytes([0] + [values[v] - values[v - 1] for v in range(1, 256)])


def source():
    data = curve()
    lines = [HEADER, "GAMMA = %r" % GAMMA, "CURVE = ("]
    for i in range(0, len(data), 32):
        lines.append("    %r" % data[i:i + 32])
    lines.append(")")
    return "\n".join(lines) + "\n"


def main():
    with open(PATH, "w") as f:
        f.write(source())
    print("wrote %s" % os.path.relpath(PATH, build_tool.ROOT))


if __name__ == "__main__":
    main()
