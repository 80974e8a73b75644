# The Pico's entry point: the board's start (start.py, compiled: MicroPython compiles
# this file's source at every power-up, so it stays this short).
from start import main

main()
