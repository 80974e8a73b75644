# The reference board, described in code: the SKiDL circuit (circuit.py) and what is
# generated from it and from firmware/pins.py (generate.py). The firmware's modules
# import each other from firmware/ (the Pico's filesystem root), so put it on the path.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
HERE = os.path.join(ROOT, "hardware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
