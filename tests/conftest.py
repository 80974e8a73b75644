# Puts firmware/ (the Pico's filesystem root) and the repo root on sys.path, so tests
# import firmware modules exactly as the Pico does (games.connect4.rules, app.grid, ...);
# and tests/firmware, whose helpers (example_file) the firmware tests import as
# MicroPython's runner lets them.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tests", "firmware")):
    if path not in sys.path:
        sys.path.insert(0, path)
