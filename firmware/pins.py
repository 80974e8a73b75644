# THE pin map of the reference board (hardware/README.md, hardware/PINS.md). The firmware imports it, and
# hardware/ generates the netlist, BOM notes, wiring diagram and build guide from it:
# change a pin here and nowhere else.

# Key matrix: rows are outputs driven low one at a time, columns inputs with pull-ups.
MATRIX_ROWS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
MATRIX_COLS = (12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 26)
NEOPIXEL = 27  # WS2812B chain data (through the 74AHCT125 level shifter, then PIO)
BUZZER = 28  # PWM to the piezo's NPN driver

# The LED chain's layout (see drivers/pixels_setup.py): where LED 0 sits, whether the chain
# runs along rows or columns, serpentine or not, and a rotation in quarter turns.
CHAIN_ORIGIN = "top-left"  # top-left, top-right, bottom-left, bottom-right
CHAIN_ROWS_FIRST = True
CHAIN_SERPENTINE = True
CHAIN_ROTATION = 0

# The 5 V adapter's rating in mA: set yours (2000 for a 2 A adapter). The LEDs' current
# cap is derived from it (drivers/pixels_setup.py cap_for_supply: 4000 -> 2500 mA).
SUPPLY_MA = 4000

# The order an LED takes its colour bytes in: WS2812B modules (5050) take "GRB";
# 5 mm / 8 mm through-hole addressable LEDs (PL9823, WS2812D-F5/F8) mostly take "RGB".
LED_ORDER = "GRB"
