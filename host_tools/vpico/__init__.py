"""The virtual Pico: MicroPython's rp2 firmware on an emulated RP2040 (see board.py)."""
