# The board's parts, defined in SKiDL itself (no KiCad symbol libraries needed), and
# what the bill of materials says about each: package, an example part number (the
# manufacturer's, which every large distributor lists) and an indicative unit cost.
import logging

# SKiDL warns on import that no KiCad libraries are installed: none are needed here.
logging.disable(logging.WARNING)
import skidl  # noqa: E402,F401  (others take skidl from here, once its warnings are off)
from skidl import SKIDL, TEMPLATE, Part, Pin  # noqa: E402
from skidl.logger import stop_log_file_output  # noqa: E402

logging.disable(logging.NOTSET)
stop_log_file_output()  # SKiDL opens NAME.log/.erc files in the cwd on import: no files

PASSIVE = Pin.types.PASSIVE
INPUT = Pin.types.INPUT
OUTPUT = Pin.types.OUTPUT
BIDIR = Pin.types.BIDIR
TRISTATE = Pin.types.TRISTATE
PWRIN = Pin.types.PWRIN
PWROUT = Pin.types.PWROUT

# The Raspberry Pi Pico's 40 castellated pins, by physical number (its datasheet's
# pinout). GPn pins are bidirectional; unused ones are tied to NC by the circuit.
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17",
    23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND", 29: "GP22",
    30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF",
    36: "3V3_OUT", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
PICO_GPIOS = tuple(range(0, 23)) + (26, 27, 28)  # the 26 GPIOs on the header


def pico_pin_number(gpio):
    """Physical pin number (1..40) of GPIO `gpio` on the Pico's header."""
    for num, name in PICO_PINS.items():
        if name == "GP%d" % gpio:
            return num
    raise ValueError("GP%d is not on the Pico's header (usable: GP0-GP22, GP26-GP28)" % gpio)


def _pico_func(name):
    if name.startswith("GP"):
        return BIDIR
    if name in ("GND", "AGND", "VSYS"):
        return PWRIN
    if name == "3V3_OUT":
        return PWROUT
    return PASSIVE  # RUN, 3V3_EN, ADC_VREF, VBUS


def _pins(*spec):
    return [Pin(num=num, name=name, func=func) for num, name, func in spec]


def _template(name, prefix, value, footprint, pins, **fields):
    return Part(
        tool=SKIDL, name=name, ref_prefix=prefix, dest=TEMPLATE, value=value,
        footprint=footprint, pins=pins, **fields
    )


def make_templates():
    """Every part type on the board, as SKiDL templates (call one to place a part)."""
    t = {}
    t["pico"] = _template(
        "RaspberryPi_Pico", "U", "Raspberry Pi Pico", "Module:RaspberryPi_Pico_Common_THT",
        _pins(*[(n, name, _pico_func(name)) for n, name in sorted(PICO_PINS.items())]),
    )
    t["ws2812b"] = _template(
        "WS2812B", "LED", "WS2812B", "LED_SMD:LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm",
        _pins((1, "VDD", PWRIN), (2, "DOUT", OUTPUT), (3, "VSS", PWRIN), (4, "DIN", INPUT)),
    )
    t["ahct125"] = _template(
        "74AHCT125", "U", "74AHCT125", "Package_DIP:DIP-14_W7.62mm",
        _pins(
            (1, "1OE", INPUT), (2, "1A", INPUT), (3, "1Y", TRISTATE),
            (4, "2OE", INPUT), (5, "2A", INPUT), (6, "2Y", TRISTATE), (7, "GND", PWRIN),
            (8, "3Y", TRISTATE), (9, "3A", INPUT), (10, "3OE", INPUT),
            (11, "4Y", TRISTATE), (12, "4A", INPUT), (13, "4OE", INPUT), (14, "VCC", PWRIN),
        ),
    )
    t["diode"] = _template(
        "1N4148", "D", "1N4148", "Diode_THT:D_DO-35_SOD27_P7.62mm_Horizontal",
        _pins((1, "K", PASSIVE), (2, "A", PASSIVE)),
    )
    t["schottky"] = _template(
        "1N5819", "D", "1N5819", "Diode_THT:D_DO-41_SOD81_P10.16mm_Horizontal",
        _pins((1, "K", PASSIVE), (2, "A", PASSIVE)),
    )
    t["switch"] = _template(
        "SW_Push", "SW", "tactile 12 mm", "Button_Switch_THT:SW_PUSH_12mm",
        _pins((1, "1", PASSIVE), (2, "2", PASSIVE)),
    )
    t["npn"] = _template(
        "2N3904", "Q", "2N3904", "Package_TO_SOT_THT:TO-92_Inline",
        _pins((1, "E", PASSIVE), (2, "B", PASSIVE), (3, "C", PASSIVE)),
    )
    t["buzzer"] = _template(
        "Buzzer", "BZ", "passive piezo", "Buzzer_Beeper:Buzzer_12x9.5RM7.6",
        _pins((1, "+", PASSIVE), (2, "-", PASSIVE)),
    )
    # The supply drives the 5 V rail: its pins are the board's power sources.
    t["jack"] = _template(
        "Barrel_Jack", "J", "5 V 4 A in", "Connector_BarrelJack:BarrelJack_CUI_PJ-102AH_Horizontal",
        _pins((1, "+5V", PWROUT), (2, "GND", PWROUT)),
    )
    for key, footprint in (
        ("r", "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal"),
        ("c", "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm"),
        ("cp", "Capacitor_THT:CP_Radial_D10.0mm_P5.00mm"),
    ):
        name, prefix = {"r": ("R", "R"), "c": ("C", "C"), "cp": ("CP", "C")}[key]
        pin_names = ("+", "-") if key == "cp" else ("1", "2")
        t[key] = _template(
            name, prefix, "", footprint,
            _pins((1, pin_names[0], PASSIVE), (2, pin_names[1], PASSIVE)),
        )
    return t


# The bill of materials' view of each (part name, value): what it is, its package, an
# example part number and an indicative unit cost in US dollars (hobby quantities).
CATALOGUE = {
    ("RaspberryPi_Pico", "Raspberry Pi Pico"): (
        "microcontroller board (RP2040)", "Pico module, 2x20 castellated", "Raspberry Pi SC0915", 4.00),
    ("WS2812B", "WS2812B"): (
        "RGB LED with driver (NeoPixel)", "5050 PLCC4", "Worldsemi WS2812B", 0.09),
    ("74AHCT125", "74AHCT125"): (
        "level shifter 3.3 V -> 5 V (quad buffer)", "DIP-14", "TI SN74AHCT125N", 0.60),
    ("1N4148", "1N4148"): (
        "signal diode (key matrix)", "DO-35", "onsemi 1N4148", 0.03),
    ("1N5819", "1N5819"): (
        "Schottky diode (5 V -> VSYS)", "DO-41", "onsemi 1N5819", 0.10),
    ("SW_Push", "tactile 12 mm"): (
        "tactile switch", "12 x 12 mm THT", "Omron B3F-4055", 0.35),
    ("2N3904", "2N3904"): (
        "NPN transistor (buzzer driver)", "TO-92", "onsemi 2N3904BU", 0.10),
    ("Buzzer", "passive piezo"): (
        "passive piezo buzzer", "12 mm round, THT", "TDK PS1240P02BT", 0.50),
    ("Barrel_Jack", "5 V 4 A in"): (
        "DC jack 5.5 x 2.1 mm", "THT", "CUI PJ-102AH", 0.60),
    ("R", "330"): ("resistor 1/4 W 5 %", "axial", "Yageo CFR-25JB-52-330R", 0.02),
    ("R", "1k"): ("resistor 1/4 W 5 %", "axial", "Yageo CFR-25JB-52-1K", 0.02),
    ("R", "10k"): ("resistor 1/4 W 5 %", "axial", "Yageo CFR-25JB-52-10K", 0.02),
    ("C", "100n"): ("ceramic capacitor 50 V", "disc, 5 mm pitch", "KEMET C320C104K5R5TA", 0.10),
    ("CP", "1000u 10V"): ("electrolytic capacitor", "radial 10 mm", "Panasonic EEU-FR1A102", 0.60),
}

# Off the board but on the bill: the supply.
OFF_BOARD = (
    ("power supply 5 V 4 A", "5 V 4 A, 5.5 x 2.1 mm plug", "desktop adapter", 1,
     "Mean Well GST25A05-P1J", 12.00),
)
