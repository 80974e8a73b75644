# The key matrix's wires as a circuit: how long a column takes to follow its row down
# once the scan drives the row low (the settle time the scan must wait before it reads),
# how long it takes to climb back once the row is released, and how low a column of a
# pressed key sits when a whole row is held. For both builds: the PCB (its copper read
# from hardware/pcb/board.kicad_pcb) and the hand-wired one (its longer wires).
#
# The figures are worst cases from the parts' datasheets (named by each constant); where
# a datasheet gives no figure the constant says what was assumed. The firmware's scan
# waits drivers/keys_setup.py SETTLE_NS; tests/host/test_matrix_wires.py holds that to
# SETTLE_MARGIN times the worst build's need, and the virtual Pico models the same
# wires (host_tools/vpico/vpico.mjs), so a scan that reads too early misses presses there.
#   python -m hardware.matrix_wires     prints the figures
import math
import os
import re

from hardware.mechanics import PITCH_MM

PCB_FILE = os.path.join(os.path.dirname(__file__), "pcb", "board.kicad_pcb")
N = 12  # rows, columns

# RP2040 datasheet, 5.5.3 "IO Electrical Characteristics" (IOVDD = 3.3 V)
IOVDD = 3.3
VIL_MAX = 0.8  # the highest level guaranteed to read 0
VIH_MIN = 2.0  # the lowest level guaranteed to read 1
VOL_MAX = 0.5  # output low at IOL = the pad's drive strength
DRIVE_MA = (2, 4, 8, 12)  # PADS_BANK0 DRIVE 0..3; the reset value is 1 (4 mA)
ROW_DRIVE = 3  # the scan drives its rows at 12 mA (firmware/drivers/keys_setup.py ROW_DRIVE)
PULL_UP_INTERNAL_MIN = 50e3  # the pad's own pull-up, 50-80 kOhm: the lowest draws most
PULL_UP_INTERNAL_MAX = 80e3  # ... and the highest recovers slowest
SYNC_CYCLES = 2  # GPIO_IN passes a 2-flop synchroniser in clk_sys: it shows the pin this late
CLOCK_HZ = 125e6  # the slowest clk_sys the board runs at, its power-up clock: the need is worked at the
# synchroniser's slowest (at the board's own 200 MHz, ports/rp2.py CLOCK_HZ, the pin shows 6 ns sooner)
PIN_PF = 10.0  # a GPIO's pad, package and the Pico's own track: assumed (no datasheet figure)

# The matrix's parts
PULL_UP_OHMS = 22e3  # R11..R22, a column each (hardware/circuit.py PULL_UP)
# 1N4148W / 1N4148 datasheets (onsemi, Diodes Inc.): VF max 0.715 V at 1 mA, 0.855 V at
# 10 mA: 0.14 V a decade; the junction 4 pF max at 0 V (reverse biased: less).
VF_1MA = 0.715
VF_DECADE = 0.14
DIODE_PF = 4.0
KEY_PF = 1.0  # a switch's contacts and its socket's pads: assumed
# Copper: the PCB's outer layers over 1.6 mm FR4 (JLCPCB's standard stack-up, 1 oz).
FR4_ER = 4.5
FR4_MM = 1.51  # copper to copper across the core
COPPER_MM = 0.035
NEIGHBOURS = 2.0  # a track's capacitance doubled for its neighbours and a ground pour under it
VIA_PF = 0.6  # a 0.6 mm via in 1.6 mm FR4 (the usual 1.41 er T D1 / (D2 - D1) estimate)
# The hand-wired build: 24 AWG hook-up wire laid beside the other rows, columns and the
# LEDs' supply pairs, about 100 pF a metre (ribbon cable: 50-60), along its 12 cells and
# back to the Pico, 0.45 m at the most (hardware/BUILD.md).
WIRE_PF_PER_M = 100.0
WIRE_TO_PICO_M = 0.45

# The firmware waits at least this many times the worst build's need: that need stacks
# every datasheet limit at once with a whole row held (its columns 8 mV under VIL_MAX).
SETTLE_MARGIN = 2


def vf(amps):
    """A 1N4148's forward drop at `amps`, at most (its datasheet's curve, 25 degC)."""
    return VF_1MA + VF_DECADE * math.log10(amps / 1e-3)


def microstrip_pf_per_mm(width_mm):
    """A track's capacitance over a plane on the other side of the board (IPC-2141)."""
    z0 = 87.0 / math.sqrt(FR4_ER + 1.41) * math.log(5.98 * FR4_MM / (0.8 * width_mm + COPPER_MM))
    delay_ps_per_mm = 85.0 * math.sqrt(0.475 * FR4_ER + 0.67) / 25.4
    return delay_ps_per_mm / z0


def pcb_copper(path=PCB_FILE):
    """{net name: (track pF, vias)} of every ROWn and COLn net on the PCB."""
    with open(path) as f:
        text = f.read()
    names = dict((int(n), name) for n, name in re.findall(r'^\s*\(net (\d+) "([^"]*)"\)', text, re.M))
    out = {}
    seg = re.compile(r'\(segment \(start ([-\d.]+) ([-\d.]+)\) \(end ([-\d.]+) ([-\d.]+)\) '
                     r'\(width ([\d.]+)\) \(layer "[^"]+"\) \(net (\d+)\)')
    for x1, y1, x2, y2, width, net in seg.findall(text):
        name = names.get(int(net), "")
        if name.startswith(("ROW", "COL")):
            pf, vias = out.get(name, (0.0, 0))
            length = math.hypot(float(x2) - float(x1), float(y2) - float(y1))
            out[name] = (pf + length * microstrip_pf_per_mm(float(width)) * NEIGHBOURS, vias)
    for net in re.findall(r'\(via \(at [^)]*\) \(size [^)]*\) \(drill [^)]*\) \(layers [^)]*\) \(net (\d+)\)', text):
        name = names.get(int(net), "")
        if name.startswith(("ROW", "COL")):
            pf, vias = out.get(name, (0.0, 0))
            out[name] = (pf, vias + 1)
    return out


def wire_pf():
    """A hand-wired row or column: its wire along the 12 cells and to the Pico."""
    return (N * PITCH_MM / 1000.0 + WIRE_TO_PICO_M) * WIRE_PF_PER_M


class Build:
    """One build's worst row and column. col_pf: a column with every key of it held
    (each held key adds its diode and the node between switch and diode); row_pf: a row
    with its 12 diodes' cathodes."""

    def __init__(self, name, col_copper_pf, row_copper_pf):
        self.name = name
        self.col_pf = col_copper_pf + PIN_PF + N * KEY_PF + N * (DIODE_PF + KEY_PF)
        self.row_pf = row_copper_pf + PIN_PF + N * DIODE_PF
        self.pull_up = pull_up_ohms(PULL_UP_INTERNAL_MIN)

    def column_low(self, held=N, drive=ROW_DRIVE):
        """The level (V) of a held key's column while its row is driven, with `held`
        keys of that row down: each column's pull-up current flows through its diode
        and all of them through the row's pad (VOL_MAX at the drive's current, pro rata)."""
        v = vf(0.3e-3)
        for _ in range(20):  # the pull-up's current depends on the level it sets
            amps = (IOVDD - v) / self.pull_up
            v = vf(amps) + VOL_MAX * held * amps / (DRIVE_MA[drive] * 1e-3)
        return v

    def fall_tau_ns(self, drive=ROW_DRIVE, held=N):
        """The row's pad (VOL_MAX at its drive current: its on resistance) discharges the
        row and every held key's column; each column also through its diode, whose slope
        resistance is highest at the end of the fall, at the pull-up's current."""
        pad = VOL_MAX / (DRIVE_MA[drive] * 1e-3)
        low = self.column_low(held, drive)
        amps = (IOVDD - low) / self.pull_up
        diode = VF_DECADE / math.log(10) / amps
        return (pad * (self.row_pf + max(1, held) * self.col_pf) + diode * self.col_pf) * 1e-3

    def settle_ns(self, drive=ROW_DRIVE, held=N):
        """From the row's drive to a read that is sure to see the column low: the
        column below VIL_MAX, then the synchroniser's cycles."""
        low = self.column_low(held, drive)
        if low >= VIL_MAX:
            return math.inf
        fall = self.fall_tau_ns(drive, held) * math.log((IOVDD - low) / (VIL_MAX - low))
        return fall + SYNC_CYCLES * 1e9 / CLOCK_HZ

    def recover_ns(self):
        """From the row's release to its columns read high: the slowest pull-up (the
        pad's own at its highest) charges the column from its low level to VIH_MIN."""
        low = self.column_low()
        tau = pull_up_ohms(PULL_UP_INTERNAL_MAX) * self.col_pf * 1e-3
        return tau * math.log((IOVDD - low) / (IOVDD - VIH_MIN)) + SYNC_CYCLES * 1e9 / CLOCK_HZ


def pull_up_ohms(internal):
    return 1.0 / (1.0 / PULL_UP_OHMS + 1.0 / internal)


def builds(path=PCB_FILE):
    """The PCB (its worst row and worst column) and the hand-wired build."""
    copper = pcb_copper(path)
    col = max(pf + vias * VIA_PF for name, (pf, vias) in copper.items() if name.startswith("COL"))
    row = max(pf + vias * VIA_PF for name, (pf, vias) in copper.items() if name.startswith("ROW"))
    return [Build("pcb", col, row), Build("hand-wired", wire_pf(), wire_pf())]


def needed_settle_ns(path=PCB_FILE):
    """The worst build's settle time (ns): what the scan must wait, before its margin."""
    return max(b.settle_ns() for b in builds(path))


def vpico_model(build=None):
    """The wire model the virtual Pico runs (host_tools/vpico/vpico.mjs): its column's
    time constants and, for each drive strength and number of keys held in the driven
    row, the level a held key's column falls to and how fast; and the wait a whole row
    held needs at each drive."""
    build = build or builds()[0]
    return {
        "iovdd": IOVDD, "vil": VIL_MAX, "vih": VIH_MIN, "syncNanos": SYNC_CYCLES * 1e9 / CLOCK_HZ,
        "fallTauNanos": [[build.fall_tau_ns(d, held) for held in range(N + 1)] for d in range(len(DRIVE_MA))],
        "riseTauNanos": pull_up_ohms(PULL_UP_INTERNAL_MAX) * build.col_pf * 1e-3,
        "low": [[build.column_low(held, d) for held in range(N + 1)] for d in range(len(DRIVE_MA))],
        # a whole row held at each drive (settle_ns); None: never below VIL, no wait is enough
        "needNanos": [None if math.isinf(build.settle_ns(d)) else build.settle_ns(d) for d in range(len(DRIVE_MA))],
        "build": build.name,
    }


def main():
    for b in builds():
        print("%s: worst column %.0f pF, row %.0f pF" % (b.name, b.col_pf, b.row_pf))
        for d in range(len(DRIVE_MA)):
            print("  rows at %2d mA: a whole row held leaves its columns at %.3f V (VIL %.1f V),"
                  " settle %.0f ns" % (DRIVE_MA[d], b.column_low(N, d), VIL_MAX, b.settle_ns(d)))
        print("  one key held: %.3f V; columns recover in %.0f ns" % (b.column_low(1), b.recover_ns()))
    print("needed settle (worst build, rows at %d mA): %.0f ns; the firmware waits >= %d x that"
          % (DRIVE_MA[ROW_DRIVE], needed_settle_ns(), SETTLE_MARGIN))


if __name__ == "__main__":
    main()
