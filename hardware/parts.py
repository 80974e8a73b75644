# The board's parts, defined in SKiDL itself (no KiCad symbol libraries needed), and
# what the bill of materials says about each: package, an example part number (the
# manufacturer's, which every large distributor lists) and an indicative unit cost.
import logging
import os
import tempfile

# SKiDL opens NAME.log/.erc files in the cwd on import, and removes them when told to
# stop: imported in a folder of its own, two processes started in one folder (tests side
# by side) do not remove each other's files. It also warns on import that no KiCad
# libraries are installed: none are needed here.
_cwd = os.getcwd()
with tempfile.TemporaryDirectory() as _scratch:
    os.chdir(_scratch)
    try:
        logging.disable(logging.WARNING)
        import skidl  # noqa: E402,F401  (others take skidl from here, once its warnings are off)
        from skidl import SKIDL, TEMPLATE, Part, Pin  # noqa: E402
        from skidl.logger import stop_log_file_output  # noqa: E402

        logging.disable(logging.NOTSET)
        stop_log_file_output()  # no files
    finally:
        os.chdir(_cwd)

from hardware.mechanics import CARRIER, CUTOUT_MM, HOLE_MM, PANEL_MM, PITCH_MM, PLATE, STANDOFF_MM  # noqa: E402

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


# The input's ratings (J1 and F1), checked against pins.SUPPLY_MA by circuit.py.
JACK_RATED_MA = 5000  # CUI PJ-102AH (the PJ-102A is only 2.5 A)
# F1, a Bourns MF-RG400 (its datasheet, Electrical Characteristics and the Thermal
# Derating Chart): holds 4.0 A at 23 degC, but 3.5 A at 40 degC (3.2 A at 50): inside the
# closed case at full white 40 degC is the design's worst case, so the board's draw is
# held to the 40 degC figure (the MF-RG300 of before held 2.6 A there, under the 2.6 A
# the board may draw). Trips at 6.8 A (23 degC). Initial resistance 0.021-0.0385 ohm,
# 0.060 at most an hour after a trip.
FUSE_PART = "MF-RG400"
FUSE_HOLD_23C_MA = 4000
FUSE_HOLD_MA = 3500  # at 40 degC: what circuit.check_supply holds the board's draw to
FUSE_TRIP_MA = 6800
FUSE_OHM = 0.04  # F1 carrying its current: the initial maximum (POWER.md's ladder, the PCB's copper solve)
BOARD_MA = 100  # the Pico, the buzzer and the shifter, on top of the LEDs' cap

# The input protection behind F1 (circuit.py): AO4407A P-MOSFETs back to back, sources
# joined, two in parallel on each side (Q301 || Q304 facing the input, Q302 || Q305
# facing +5V), and a TL431 comparator that turns them all off through a PNP.
# AO4407A RDS(on), AOS's datasheets (25 degC): Rev 11.0 (June 2013, as copied at
# xonelec.com/mpn/alpha-omega/ao4407a): at most 13 mOhm at VGS -10 V (10 typical), 17 at
# -6 V (12.7); it gives nothing under -6 V. Its earlier edition (the same part, copied at
# tr.scribd.com/document/240239134 and hkdtupc.cn/ao4407a_datasheet_16308145_2.html):
# at VGS -5 V, ID -10 A, 27 typical, 38 at most. Neither gives a -4.5 V figure. The gate
# here is pulled to GND, so VGS is the input, about -4.9 V: the -5 V row is the one that
# applies. FET_OHM is its typical 27 mOhm raised a tenth for a junction near 55 degC
# (40 degC in the case plus 0.2 W at 75 degC/W, what one FET carrying the whole 2.6 A
# would dissipate; two in parallel each carry half, a quarter of the heat, so this is
# on the safe side; the datasheet's RDS(on) grows 35 % from 25 to 125 degC);
# FET_OHM_MAX the same with the 38 mOhm maximum. With one FET a side, the maximum left
# the farthest LED at 4.543 V, under its 4.6 V (rev C before the twins): so two a side.
# Each FET's maximum bounds it whatever the current's share between the twins, so a
# pair is at most FET_OHM_MAX / 2. The copper solve and its limit use FET_OHM; `make
# pcb` prints what FET_OHM_MAX would leave, and holds that too.
FET_OHM = 0.030  # each of Q301, Q302, Q304, Q305 (typical, warm)
FET_OHM_MAX = 0.042  # the datasheet's maximum at VGS -5 V, warm
FETS_IN_SERIES = 2  # a side facing the input, a side facing +5V
FETS_IN_PARALLEL = 2  # on each side
FET_STAGE_OHM = FET_OHM * FETS_IN_SERIES / FETS_IN_PARALLEL  # the stage, the copper between apart
FET_STAGE_OHM_MAX = FET_OHM_MAX * FETS_IN_SERIES / FETS_IN_PARALLEL
# The cut-off: D301 (1N4148W) and R302/R303 (10 k / 10 k) from the fused input to the
# TL431's REF (2.495 V); R306 (470 k) from the FETs' gates to REF gives it hysteresis
# (power.ovp_thresholds works out both thresholds).
OVP_VREF = 2.495  # TL431B (TI): 2.483-2.507 V at 25 degC
OVP_DIVIDER = (10000, 10000)  # R302 (top), R303 (bottom), 1 %
OVP_FEEDBACK = 470000  # R306, 1 %: the gates' swing (0 V on, the input off) fed back to REF
OVP_DIODE_V = (0.45, 0.55, 0.65)  # 1N4148W at about 0.25 mA: lowest, typical, highest over 0-50 degC (estimate)
# Q301's and Q304's body diodes, carrying the stage's 1-2 mA while the FETs are off (the
# gates then sit at the sources): the AO4407A's VSD is 0.7 V typical, 1 V at most at
# 1 A; at a milliamp less, shared by two (an estimate).
OVP_BODY_DIODE_V = (0.45, 0.6, 0.75)

# The pin tables of the protection's parts, from their makers' datasheets: pin number
# -> name. tests/host/test_hardware.py holds the circuit's templates and the PCB's pads
# to them, and tests/host/test_pcb.py this table to what was read (README.md, "Honest
# limits", says where).
PINOUTS = {
    # AOS AO4407A datasheet, page 1 "SOIC-8 Top View": 1-3 source, 4 gate, 5-8 drain.
    "AO4407A": {1: "S", 2: "S", 3: "S", 4: "G", 5: "D", 6: "D", 7: "D", 8: "D"},
    # TI TL431/TL432 datasheet (SLVS543), "TL431, TL431A, TL431B ... DBZ (SOT-23-3)
    # PACKAGE (TOP VIEW)": 1 cathode, 2 REF, 3 anode; the TL432's DBZ swaps 1 and 2 (REF
    # 1, cathode 2), as many other makers' SOT-23 "TL431"s do: the fab part must be TI's
    # TL431xIDBZR. KiCad's Reference_Voltage library agrees (TL431DBZ: K 1, REF 2, A 3).
    "TL431": {1: "K", 2: "REF", 3: "A"},
    # NXP (now Nexperia) MMBT3906 data sheet, "PINNING" (SOT23): 1 base, 2 emitter, 3
    # collector; onsemi's MMBT3906L (SOT-23, case 318) the same. Not every maker's
    # (Unisonic's MMBT3906 is E, B, C): the fab part is Nexperia's.
    "MMBT3906": {1: "B", 2: "E", 3: "C"},
}

# Two-pin passive parts: (key, part name, ref prefix, value, footprint, pin names).
TWO_PIN_PARTS = (
    ("diode", "1N4148", "D", "1N4148", "Diode_THT:D_DO-35_SOD27_P7.62mm_Horizontal", ("K", "A")),
    ("schottky", "1N5819", "D", "1N5819", "Diode_THT:D_DO-41_SOD81_P10.16mm_Horizontal", ("K", "A")),
    ("tvs", "TVS", "D", "1.5KE6.8A", "Diode_THT:D_DO-201AE_P15.24mm_Horizontal", ("K", "A")),
    ("polyfuse", "Polyfuse", "F", "%g A hold" % (FUSE_HOLD_23C_MA / 1000.0), "Fuse:Fuse_Bourns_" + FUSE_PART,
     ("1", "2")),
    ("switch", "SW_MX", "SW", "MX switch", "Button_Switch_Keyboard:SW_Cherry_MX_1.00u_Plate", ("1", "2")),
    ("reset", "SW_Push", "SW", "reset 6 mm", "Button_Switch_THT:SW_PUSH_6mm", ("1", "2")),
    ("buzzer", "Buzzer", "BZ", "passive piezo", "Buzzer_Beeper:Buzzer_TDK_PS1240P02BT_D12.2mm_H6.5mm",
     ("+", "-")),
)


# The printed circuit board's version of each part (make pcb): the same circuit, its
# nets and pin names unchanged, with parts an assembly service places (SMD on the back:
# sockets, LEDs, diodes, passives, U2, Q1) and the few a maker solders (the Pico, the
# jack, F1, D201, C1, the buzzer and the reset button, through-hole on the front).
# key -> (part name, value or None to keep the circuit's, footprint in hardware/footprints.py)
PCB_PARTS = {
    "diode": ("1N4148W", "1N4148W", "D_SOD-123"),
    "schottky": ("B5819W", "B5819W", "D_SOD-123"),
    "ws2812b": ("SK6812MINI-E", "SK6812MINI-E", "LED_SK6812MINI-E_Reverse"),
    "switch": ("SW_MX", None, "SW_MX_Hotswap_Kailh"),
    "r": ("R", None, "RC_0805"),
    "c": ("C", None, "RC_0805"),
    "c_led": ("C_1206", "100n", "C_1206"),  # the PCB's own: each bare LED's decoupling
    "npn": ("MMBT3904", "MMBT3904", "SOT-23"),
    "pnp": ("MMBT3906", "MMBT3906", "SOT-23"),
    "tl431": ("TL431", "TL431BIDBZR", "SOT-23"),
    "pfet": ("AO4407A", "AO4407A", "SOIC-8"),
    "ahct125": ("74AHCT125", None, "SOIC-14"),
    "pico": ("RaspberryPi_Pico", None, "RaspberryPi_Pico"),
    "jack": ("Barrel_Jack", None, "BarrelJack_CUI_PJ-102AH"),
    "polyfuse": ("Polyfuse", None, "Fuse_Bourns_" + FUSE_PART),
    "tvs": ("TVS", None, "D_DO-201_P15.24mm"),
    "cp": ("CP", None, "CP_Radial_D10.0mm_P5.00mm"),
    "buzzer": ("Buzzer", None, "Buzzer_TDK_PS1240P02BT"),
    "reset": ("SW_Push", None, "SW_Push_6mm"),
}


# The PCB's bare SK6812MINI-E needs the 100 nF its datasheet's application circuit
# puts across VDD and GND (the hand-wired build's WS2812B modules carry theirs): a part
# the hand-wired circuit does not have, its pins taken from this hand-wired part's.
PCB_ONLY = {"c_led": "c"}


def make_templates(pcb=False):
    """Every part type on the board, as SKiDL templates (call one to place a part);
    pcb=True: the printed circuit board's parts (PCB_PARTS), same pins and nets."""
    t = _hand_wired_templates()
    if not pcb:
        return t
    from hardware.footprints import LIBRARY

    for key, (name, value, footprint) in PCB_PARTS.items():
        old = t[PCB_ONLY.get(key, key)]
        pins = [(p.num, p.name, p.func) for p in old.pins]
        t[key] = _template(name, old.ref_prefix, old.value if value is None else value,
                           "%s:%s" % (LIBRARY, footprint), _pins(*pins))
    return t


LED_PINS = ((1, "VSS", PWRIN), (2, "DIN", INPUT), (3, "VDD", PWRIN), (4, "DOUT", OUTPUT))
NPN_PINS = ((1, "B", PASSIVE), (2, "E", PASSIVE), (3, "C", PASSIVE))


def _hand_wired_templates():
    t = {}
    t["pico"] = _template(
        "RaspberryPi_Pico", "U", "Raspberry Pi Pico", "Module:RaspberryPi_Pico_Common_THT",
        _pins(*[(n, name, _pico_func(name)) for n, name in sorted(PICO_PINS.items())]),
    )
    # A WS2812B on a small round board with its 100 nF on board: four wire pads, named
    # on the module. One numbering per reference across the project: the PCB's
    # SK6812MINI-E's, as its fab part's current datasheet (LCSC C5149201) numbers it,
    # 1 GND, 2 DIN, 3 VDD, 4 DOUT (its older datasheet: 1 VDD, 2 DOUT, 3 GND, 4 DIN, the
    # same pads turned 180 degrees).
    t["ws2812b"] = _template(
        "WS2812B_Module", "LED", "WS2812B module",
        "Connector_Wire:SolderWire-0.15sqmm_1x04_P4mm_D0.5mm_OD1.5mm",
        _pins(*LED_PINS),
    )
    t["ahct125"] = _template(
        "74AHCT125", "U", "74AHCT125", "Package_DIP:DIP-14_W7.62mm_Socket",
        _pins(
            (1, "1OE", INPUT), (2, "1A", INPUT), (3, "1Y", TRISTATE),
            (4, "2OE", INPUT), (5, "2A", INPUT), (6, "2Y", TRISTATE), (7, "GND", PWRIN),
            (8, "3Y", TRISTATE), (9, "3A", INPUT), (10, "3OE", INPUT),
            (11, "4Y", TRISTATE), (12, "4A", INPUT), (13, "4OE", INPUT), (14, "VCC", PWRIN),
        ),
    )
    for key, name, prefix, value, footprint, pin_names in TWO_PIN_PARTS:
        t[key] = _template(name, prefix, value, footprint,
                           _pins((1, pin_names[0], PASSIVE), (2, pin_names[1], PASSIVE)))
    # One numbering for Q1: the PCB's SOT-23 (1 B, 2 E, 3 C). The hand-wired build's
    # TO-92 2N3904 has its legs E, B, C (flat face towards you, left to right): it is
    # wired by the pins' names (wiring.svg), never by a second numbering.
    t["npn"] = _template(
        "2N3904", "Q", "2N3904", "Package_TO_SOT_THT:TO-92_Inline",
        _pins(*NPN_PINS),
    )
    # The input protection (circuit.py), one numbering per reference: the PCB's
    # packages' (PINOUTS). The hand-wired build's TO-92 2N3906 and TL431 are wired by
    # the pins' names, the AO4407A soldered on an SO-8 to DIP adapter.
    t["pnp"] = _template("2N3906", "Q", "2N3906", "Package_TO_SOT_THT:TO-92_Inline",
                         _pins(*[(n, name, PASSIVE) for n, name in PINOUTS["MMBT3906"].items()]))
    t["tl431"] = _template("TL431", "U", "TL431", "Package_TO_SOT_THT:TO-92_Inline",
                           _pins(*[(n, name, PASSIVE) for n, name in PINOUTS["TL431"].items()]))
    t["pfet"] = _template("AO4407A", "Q", "AO4407A", "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm",
                          _pins(*[(n, name, PASSIVE) for n, name in PINOUTS["AO4407A"].items()]))
    # The supply drives the board: the jack's pins are its power sources.
    t["jack"] = _template(
        "Barrel_Jack", "J", "5 V only in", "Connector_BarrelJack:BarrelJack_CUI_PJ-102AH_Horizontal",
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
# example part number and an indicative unit cost in US dollars (hobby quantities:
# packs of 100 from the big marketplaces, single parts from a distributor).
CATALOGUE = {
    ("RaspberryPi_Pico", "Raspberry Pi Pico"): (
        "microcontroller board (RP2040)", "Pico module, 2x20 pins", "Raspberry Pi SC0915", 4.00),
    ("WS2812B_Module", "WS2812B module"): (
        "RGB LED module: WS2812B 5050 with its 100 nF on a 10 mm round board, pads 5V/GND/DIN/DOUT",
        "10 mm round PCB", "BTF-Lighting WS2812B heatsink module (pack of 100)", 0.12),
    ("74AHCT125", "74AHCT125"): (
        "level shifter 3.3 V -> 5 V (quad buffer; AHCT: its inputs don't back-feed a dead rail)",
        "DIP-14", "TI SN74AHCT125N", 0.60),
    ("1N4148", "1N4148"): (
        "signal diode (key matrix)", "DO-35", "onsemi 1N4148", 0.03),
    ("1N5819", "1N5819"): (
        "Schottky diode (5 V -> VSYS)", "DO-41", "onsemi 1N5819", 0.10),
    ("TVS", "1.5KE6.8A"): (
        "TVS diode 5.8 V standoff across +5V, behind the protection: clamps fast transients",
        "DO-201", "Littelfuse 1.5KE6.8A", 0.40),
    ("Polyfuse", "%g A hold" % (FUSE_HOLD_23C_MA / 1000.0)): (
        "resettable fuse (PTC) %g A hold (%g A at 40 degC), %g A trip, 16 V" % (
            FUSE_HOLD_23C_MA / 1000.0, FUSE_HOLD_MA / 1000.0, FUSE_TRIP_MA / 1000.0),
        "radial (mounted lying down, leads bent)", "Bourns " + FUSE_PART, 0.50),
    ("SW_MX", "MX switch"): (
        "MX-style key switch, clear housing with LED window (the LED shines through)",
        "MX plate mount, 2 pins", "Gateron G Pro 3.0 White (pack of 110)", 0.28),
    ("SW_Push", "reset 6 mm"): (
        "tactile switch (reset: RUN to GND)", "6 x 6 mm THT", "Omron B3F-1000", 0.15),
    ("2N3904", "2N3904"): (
        "NPN transistor (buzzer driver): legs E, B, C, wired by name", "TO-92", "onsemi 2N3904BU", 0.10),
    ("Buzzer", "passive piezo"): (
        "passive piezo buzzer, 4 kHz", "12 mm round, THT", "TDK PS1240P02BT", 0.50),
    ("Barrel_Jack", "5 V only in"): (
        "DC jack 5.5 x 2.1 mm, rated %g A (label it 5 V ONLY, centre +)" % (JACK_RATED_MA / 1000.0), "THT",
        "CUI PJ-102AH", 0.60),
    ("AO4407A", "AO4407A"): (
        "P-MOSFET -30 V, 17 mOhm (input protection, two pairs back to back: each on an SO-8 to DIP adapter)",
        "SO-8", "AOS AO4407A", 0.40),
    ("TL431", "TL431"): (
        "shunt reference 2.495 V (over-voltage comparator): legs REF, A, K, wired by name", "TO-92",
        "TI TL431BILP", 0.30),
    ("2N3906", "2N3906"): (
        "PNP transistor (turns the protection's FETs off): legs E, B, C, wired by name", "TO-92",
        "onsemi 2N3906BU", 0.10),
    ("R", "330"): ("resistor 1/4 W 5 %", "axial", "Yageo CFR-25JB-52-330R", 0.02),
    ("R", "1k"): ("resistor 1/4 W 5 %", "axial", "Yageo CFR-25JB-52-1K", 0.02),
    ("R", "10k"): ("resistor 1/4 W 1 % metal film (R302/R303 set the protection's cut-off)", "axial",
                   "Yageo MFR-25FBF52-10K", 0.03),
    ("R", "470k"): ("resistor 1/4 W 1 % metal film (R306: the cut-off's hysteresis)", "axial",
                    "Yageo MFR-25FBF52-470K", 0.03),
    ("R", "22k"): ("resistor 1/4 W 5 %", "axial", "Yageo CFR-25JB-52-22K", 0.02),
    ("C", "100n"): ("ceramic capacitor 50 V", "disc, 5 mm pitch", "KEMET C320C104K5R5TA", 0.10),
    ("C", "1u"): ("ceramic capacitor 50 V (C301: the protection's soft start)", "radial",
                  "KEMET C320C105K5R5TA", 0.25),
    ("CP", "1000u 10V"): ("electrolytic capacitor", "radial 10 mm", "Panasonic EEU-FR1A102", 0.60),
}

# The wires, one table for the BOM, POWER.md's voltage drops and BUILD.md:
# role -> (AWG, cross-section in mm2 (the AWG's own: 16 AWG is 1.31 mm2, not 1.5),
# what it carries, colours and length bought, unit cost of that lot).
WIRES = {
    "feeder": (16, 1.31, "+5V and GND from the jack board to each busbar's middle, and the busbars",
               "stranded silicone, red and black, 2 x 2 m", 5.00),
    "row": (20, 0.52, "+5V and GND along each row, joined to both busbars",
            "stranded, red and black, 2 x 10 m", 8.00),
    "signal": (24, 0.205, "matrix rows and columns, LED data, LED taps",
               "solid, 3 colours, 3 x 10 m", 12.00),
}


def wire_name(role):
    awg, mm2 = WIRES[role][:2]
    return "%d AWG (%g mm2)" % (awg, mm2)


# Off the netlist but on the bill: the supply, the mechanics and what a build uses up.
# (part, value, package, quantity, example part number, unit cost)
OFF_BOARD = (
    ("power supply 5 V 4 A (never a 9 or 12 V one)", "5 V 4 A, 5.5 x 2.1 mm plug, centre +",
     "desktop adapter", 1, "Mean Well GST25A05-P1J", 12.00),
    ("keycap, translucent frosted (the cell's diffuser)", "1u MX, blank", "MX stem", 144,
     "blank frosted DSA keycaps (pack of 150)", 0.15),
    ("switch plate (the panel)", "%g x %g x %g mm, 144 cut-outs %g x %g mm at %g mm" % (
        PANEL_MM, PANEL_MM, PLATE[1], CUTOUT_MM, CUTOUT_MM, PITCH_MM),
     "laser-cut aluminium or FR4", 1, "any laser-cutting service", 45.00),
    ("LED carrier board", "%g x %g x %g mm, a %g mm hole under each cell" % (
        PANEL_MM, PANEL_MM, CARRIER[1], HOLE_MM), "laser-cut plywood",
     1, "any laser-cutting service", 12.00),
    ("back and sides", "3 mm plywood box, %g x %g x 40 mm" % (PANEL_MM + 10, PANEL_MM + 10),
     "laser-cut plywood", 1, "any laser-cutting service", 15.00),
    ("standoff with screws (plate to carrier, at cell corners)", "M3 x %g" % STANDOFF_MM,
     "brass hex", 9, "Wurth 9701%02d321" % STANDOFF_MM, 0.35),
    ("female header 1 x 20, 2.54 mm (the Pico's socket)", "1 x 20", "THT", 2,
     "Samtec SSW-120-01-T-S", 1.20),
    ("male header 1 x 20, 2.54 mm (soldered to the Pico)", "1 x 20", "THT", 2,
     "Amphenol 10129378-920001BLF", 0.40),
    ("IC socket 14 pins (for U2)", "DIP-14", "THT", 1, "TE 1-2199298-3", 0.25),
    ("stripboard for the Pico, U2, protection and buzzer", "100 x 80 mm", "2.54 mm", 1,
     "Vero 01-0021", 4.00),
) + tuple(
    ("wire %s: %s" % (wire_name(role), WIRES[role][2]), WIRES[role][3], "hook-up wire", 1, "any",
     WIRES[role][4]) for role in ("feeder", "row", "signal")
) + (
    ("heat-shrink tubing assortment", "1.5-6 mm", "2:1", 1, "any", 5.00),
    ("solder 0.8 mm with flux core", "100 g", "Sn60Pb40 or lead-free", 1, "any", 6.00),
    ("USB cable (micro-B for the Pico)", "1 m", "USB 2.0", 1, "any", 3.00),
)
