# The host's tools, run as `python -m host_tools.NAME` from the repository's root. They
# import the firmware's modules as the Pico does (app.grid, games.connect4.rules), so
# the package puts firmware/ (the Pico's filesystem root) and the repository's root on
# sys.path, once, here.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
for _path in (ROOT, FIRMWARE):
    if _path not in sys.path:
        sys.path.insert(0, _path)
