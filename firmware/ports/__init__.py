# The drivers of each runtime the board runs on, made from the pin map: rp2
# (MicroPython on a Pico) and circuitpython. main.py picks one at boot.
