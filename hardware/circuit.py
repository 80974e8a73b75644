# The reference board as a SKiDL circuit, wired from firmware/pins.py: the Pico, the
# 12 x 12 key matrix with one diode per key and a pull-up per column, the 144-LED
# chain behind a level shifter, the buzzer driver, the reset button and the protected
# 5 V input. Net names are what the netlist and docs show.
import logging
import re

import pins
from app import grid
from drivers.pixels_setup import cap_for_supply, from_pins
from hardware.parts import BOARD_MA, FUSE_HOLD_MA, JACK_RATED_MA, OVP_FEEDBACK, PICO_GPIOS, make_templates, skidl

SIZE = grid.SIZE
PULL_UP = "22k"  # each column's pull-up, R11..R22 (hardware/matrix_wires.py PULL_UP_OHMS)


def row_net(i):
    return "ROW%d" % i


def col_net(j):
    return "COL%d" % j


# The signal nets the firmware drives or reads, with the GPIO that pins.py gives each.
def signal_gpios():
    """{net name: GPIO number}, straight from pins.py."""
    nets = {}
    for i, gpio in enumerate(pins.MATRIX_ROWS):
        nets[row_net(i)] = gpio
    for j, gpio in enumerate(pins.MATRIX_COLS):
        nets[col_net(j)] = gpio
    nets["NEOPIXEL"] = pins.NEOPIXEL
    nets["BUZZER"] = pins.BUZZER
    return nets


def check_pin_map():
    """ValueError unless pins.py fits the board: 12 rows, 12 columns, each a GPIO on
    the Pico's header, none used twice."""
    if len(pins.MATRIX_ROWS) != SIZE or len(pins.MATRIX_COLS) != SIZE:
        raise ValueError("pins.py: the matrix needs %d rows and %d columns" % (SIZE, SIZE))
    used = list(signal_gpios().values())
    off = sorted(set(g for g in used if g not in PICO_GPIOS), key=str)
    if off:
        raise ValueError("pins.py: %s not on the Pico's header (GP0-GP22, GP26-GP28)"
                         % ", ".join("GP%s" % g for g in off))
    twice = sorted(set(g for g in used if used.count(g) > 1))
    if twice:
        raise ValueError("pins.py: GPIO used twice: %s" % ", ".join("GP%d" % g for g in twice))


def check_supply():
    """ValueError unless the input's parts carry what pins.SUPPLY_MA lets the board
    draw: the jack is rated for the supply, F1 holds the LEDs' cap and the rest."""
    if type(pins.SUPPLY_MA) is not int:
        raise ValueError("pins.py: SUPPLY_MA is the adapter's rating in whole mA (e.g. 4000), not %r"
                         % (pins.SUPPLY_MA,))
    try:
        cap = cap_for_supply(pins.SUPPLY_MA)
    except ValueError as e:
        raise ValueError("pins.py: SUPPLY_MA: %s" % e)
    if pins.SUPPLY_MA > JACK_RATED_MA:
        raise ValueError("pins.py: SUPPLY_MA %d is over the jack J1's %d mA rating"
                         % (pins.SUPPLY_MA, JACK_RATED_MA))
    if cap + BOARD_MA > FUSE_HOLD_MA:
        raise ValueError("pins.py: with SUPPLY_MA %d the board may draw %d mA, over the %d mA "
                         "that F1 holds at 40 degC: choose a bigger polyfuse in hardware/parts.py"
                         % (pins.SUPPLY_MA, cap + BOARD_MA, FUSE_HOLD_MA))


def build(chain_cells, pcb=False):
    """The board as a new skidl.Circuit. chain_cells[i] is the cell (row * 12 + col)
    under LED i of the chain, as the firmware's chain layout maps it. pcb=True: the
    printed circuit board's parts (parts.PCB_PARTS), same nets and pin names."""
    check_pin_map()
    check_supply()
    if sorted(chain_cells) != list(range(SIZE * SIZE)):
        raise ValueError("the LED chain must visit each of the %d cells once" % (SIZE * SIZE))
    circuit = skidl.Circuit()
    circuit.no_files = True
    t = make_templates(pcb)

    def part(kind, value=None, ref=None, **fields):
        p = t[kind](circuit=circuit)
        for key, text in fields.items():
            p.fields[key] = text
        if value is not None:
            p.value = value
        if ref is not None:
            p.ref = ref
        p.tag = p.ref  # a stable tag: the netlist is the same on every run
        return p

    def net(name):
        return skidl.Net(name, circuit=circuit)

    # Power in: the jack (5 V ONLY, centre positive) -> F1, a polyfuse sized for the
    # supply -> VIN_F -> the protection -> +5V. The protection: Q301 and Q302, two
    # P-MOSFETs back to back (sources joined on PROT_S, gates on PROT_G, pulled to GND
    # through R301 10k, C301 1u gate to source: they turn on over about 10 ms), each
    # with a twin in parallel (Q304 beside Q301, Q305 beside Q302): two in parallel
    # halve the drop, which at the AO4407A's datasheet maximum would otherwise leave the
    # farthest LED under its 4.6 V (parts.FET_OHM_MAX). A
    # reversed plug: Q301's and Q304's body diodes block and their gates see no drive, so nothing
    # downstream sees the reversed voltage. Over-voltage: D301 and R302/R303 put half of
    # (VIN_F - 0.55 V) on U301's REF; above 2.495 V U301 sinks, Q303 turns on and holds
    # the gates at the sources: Q302 and Q305 off, their body diodes blocking, +5V left at 0 V. R306
    # (470k) feeds the gates back to REF: at 0 V (on) it pulls REF down, at the input
    # (off) it lifts it, so the cut-off has two thresholds about 0.1 V apart
    # (power.ovp_thresholds) and the stage snaps from one state to the other instead of
    # holding the FETs half on. R301 is 10k, not more, so that R306's few microamps
    # leave the gates within 0.05 V of GND while on. D301 keeps a reversed input off
    # U301's REF. D201, the TVS, stays across +5V for fast transients the FETs let through.
    vin, v5, gnd, vsys = net("VIN"), net("+5V"), net("GND"), net("VSYS")
    v3 = net("+3V3")
    nc = circuit.NC  # pins left open on purpose (ERC checks that nothing else is)
    jack = part("jack", ref="J1")
    vin += jack["+5V"]
    gnd += jack["GND"]
    fuse = part("polyfuse", ref="F1")
    fused = net("VIN_F")
    vin += fuse["1"]
    fused += fuse["2"]
    prot_s, prot_g = net("PROT_S"), net("PROT_G")
    for ref, drain in (("Q301", fused), ("Q304", fused), ("Q302", v5), ("Q305", v5)):
        fet = part("pfet", ref=ref)
        for pin in fet.pins:
            {"S": prot_s, "G": prot_g, "D": drain}[pin.name] += pin
    v5.drive = skidl.Pin.drives.POWER  # +5V is the jack's supply through F1 and Q301-Q305
    gate_r = part("r", "10k", ref="R301")
    prot_g += gate_r["1"]
    gnd += gate_r["2"]
    gate_c = part("c", "1u", ref="C301")
    prot_g += gate_c["1"]
    prot_s += gate_c["2"]
    sense_d = part("diode", ref="D301")
    fused += sense_d["A"]
    div, sense = net("OV_DIV"), net("OV_SENSE")
    div += sense_d["K"]
    top, bottom = part("r", "10k", ref="R302"), part("r", "10k", ref="R303")
    in_series(div, top, sense, bottom, gnd)
    feedback = part("r", "%dk" % (OVP_FEEDBACK // 1000), ref="R306")
    prot_g += feedback["1"]
    sense += feedback["2"]
    ref431 = part("tl431", ref="U301")
    sense += ref431["REF"]
    gnd += ref431["A"]
    ov_k, ov_b = net("OV_K"), net("OV_B")
    ov_k += ref431["K"]
    pnp = part("pnp", ref="Q303")
    prot_s += pnp["E"]
    prot_g += pnp["C"]
    ov_b += pnp["B"]
    base_r, be_r = part("r", "10k", ref="R305"), part("r", "10k", ref="R304")
    in_series(ov_k, base_r, ov_b, be_r, prot_s)
    tvs = part("tvs", ref="D201")
    v5 += tvs["K"]
    gnd += tvs["A"]
    bulk = part("cp", "1000u 10V", ref="C1")  # at the chain's power input
    v5 += bulk["+"]
    gnd += bulk["-"]
    # The Pico runs from the same 5 V through a Schottky, so USB and the jack can both
    # be plugged in (its datasheet's recommended external-supply circuit).
    feed = part("schottky", ref="D200")
    v5 += feed["A"]
    vsys += feed["K"]
    vsys.drive = skidl.Pin.drives.POWER  # VSYS is fed through D200 from the jack

    pico = part("pico", ref="U1")
    vsys += pico["VSYS"]
    v3 += pico["3V3_OUT"]
    for pin in pico.pins:
        if pin.name in ("GND", "AGND"):
            gnd += pin
        elif pin.name in ("3V3_EN", "ADC_VREF", "VBUS"):
            nc += pin
    # RUN to GND resets the Pico: the board buries it, so the button is on the panel.
    reset = part("reset", ref="SW201")
    run = net("RUN")
    run += pico["RUN"], reset["1"]
    gnd += reset["2"]

    signals = {name: net(name) for name in signal_gpios()}
    for name, gpio in signal_gpios().items():
        signals[name] += pico["GP%d" % gpio]
    for gpio in _unused_gpios():
        nc += pico["GP%d" % gpio]

    # Key matrix: column (pull-up) -> switch -> diode anode, cathode -> row (driven
    # low while scanned). SWn and Dn sit on key n - 1 = row * 12 + column. Each column
    # has a 22 kOhm pull-up to 3.3 V (R11..R22; the firmware keeps the pad's own 50-80
    # kOhm on too): with a whole row held the row's pad sinks twelve columns' pull-up
    # current, and at 22 kOhm a held key's column sits at 0.69 V at worst, 0.11 V under
    # the RP2040's 0.8 V input-low limit (10 kOhm: 0.79 V, 8 mV under); a released
    # column climbs back in under 2 us (hardware/matrix_wires.py works both out).
    for j in range(SIZE):
        pull_up = part("r", PULL_UP, ref="R%d" % (11 + j))
        signals[col_net(j)] += pull_up["1"]
        v3 += pull_up["2"]
    for key in range(SIZE * SIZE):
        r, c = grid.row_col(key)
        cell = grid.name(key)
        sw = part("switch", ref="SW%d" % (key + 1), Cell=cell)
        d = part("diode", ref="D%d" % (key + 1), Cell=cell)
        mid = net("K_%s" % cell)
        signals[col_net(c)] += sw["1"]
        mid += sw["2"], d["A"]
        signals[row_net(r)] += d["K"]

    # LED data: GP -> 74AHCT125 (5 V supply, TTL inputs) -> 330 ohm -> LED1 DIN.
    shifter = part("ahct125", ref="U2")
    v5 += shifter["VCC"]
    gnd += shifter["GND"]
    decouple = part("c", "100n", ref="C2")
    v5 += decouple["1"]
    gnd += decouple["2"]
    gnd += shifter["1OE"]  # gate 1 always enabled
    signals["NEOPIXEL"] += shifter["1A"]
    for gate in "234":  # spare gates: disabled, inputs tied low
        v5 += shifter[gate + "OE"]
        gnd += shifter[gate + "A"]
        nc += shifter[gate + "Y"]
    shifted = net("DATA_5V")
    shifted += shifter["1Y"]
    series = part("r", "330", ref="R1")
    shifted += series["1"]
    data = net("DIN_1")
    data += series["2"]

    # The chain: LEDn's DOUT feeds LEDn+1's DIN; each module has its 100 nF on board.
    # The PCB's bare SK6812MINI-E has none: C(100 + n) beside LEDn, across its supply.
    for i, cell in enumerate(chain_cells):
        led = part("ws2812b", ref="LED%d" % (i + 1), Cell=grid.name(cell))
        v5 += led["VDD"]
        gnd += led["VSS"]
        if pcb:
            cap = part("c_led", ref="C%d" % (101 + i), Cell=grid.name(cell))
            v5 += cap["1"]
            gnd += cap["2"]
        data += led["DIN"]
        if i + 1 < len(chain_cells):
            data = net("DIN_%d" % (i + 2))
            data += led["DOUT"]
        else:
            nc += led["DOUT"]  # end of the chain

    # Buzzer: GP -> 1k -> NPN base (10k pull-down keeps it off while the Pico boots);
    # the piezo sits between +5V and the collector, 1k across it to discharge it.
    q = part("npn", ref="Q1")
    base_r = part("r", "1k", ref="R2")
    pull_down = part("r", "10k", ref="R3")
    bleed = part("r", "1k", ref="R4")
    buzzer = part("buzzer", ref="BZ1")
    signals["BUZZER"] += base_r["1"]
    base = net("BUZZER_BASE")
    base += base_r["2"], q["B"], pull_down["1"]
    gnd += pull_down["2"], q["E"]
    v5 += buzzer["+"], bleed["1"]
    collector = net("BUZZER_DRIVE")
    collector += buzzer["-"], bleed["2"], q["C"]
    return circuit


def in_series(a, first, mid, second, b):
    """Two two-pin parts in series: net a, `first`, net mid, `second`, net b (a divider,
    a transistor's base resistors)."""
    a += first["1"]
    mid += first["2"], second["1"]
    b += second["2"]


def chain_cells():
    """The cell under each LED of the chain (LED 0 first), from the firmware's own
    chain layout (pins.CHAIN_* through drivers.pixels_setup)."""
    table = from_pins(pins).table  # cell -> chain index
    cells = [0] * len(table)
    for cell, index in enumerate(table):
        cells[index] = cell
    return cells


def erc(circuit):
    """Run SKiDL's electrical rules check (it prints its own report); return
    (errors, warnings)."""
    from skidl.logger import erc_logger

    circuit.ERC()
    return (
        erc_logger.error.count + erc_logger.bare_error.count,
        erc_logger.warning.count + erc_logger.bare_warning.count,
    )


def netlist(circuit):
    """The KiCad netlist (import it in Pcbnew or Eeschema), without the run's date
    or script name so that it only changes when the circuit does."""
    # Its only warning is for the top sheet's missing tag, which a flat board can't set.
    logging.disable(logging.WARNING)
    try:
        text = str(circuit.generate_netlist(tool=skidl.KICAD8, track_src=False))
    finally:
        logging.disable(logging.NOTSET)
    text = re.sub(r'\(source "[^"]*"\)', '(source "hardware/circuit.py")', text)
    text = re.sub(r'\(date "[^"]*"\)', '(date "")', text)
    return text.rstrip() + "\n"


def _unused_gpios():
    used = set(signal_gpios().values())
    return [g for g in PICO_GPIOS if g not in used]
