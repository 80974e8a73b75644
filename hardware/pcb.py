# `make pcb`: the board laid out as a KiCad 6 PCB from the same SKiDL circuit as the
# netlist (hardware/circuit.py, parts.PCB_PARTS) and firmware/pins.py, routed here and
# checked by KiCad's own DRC; then its fab files (Gerbers, drill, BOM and CPL for an
# assembly service) zipped in hardware/pcb/fab/. Runs on the project's Python with
# Debian's KiCad module (hardware/kicad.py finds it).
#
# The board is one piece: the 12 x 12 cells on the mechanical pitch, margins for the
# supply buses, and a strip below the cells for the Pico, the input and the small parts.
# Each cell is drawn by a fixed pattern (switch and socket, LED under the LED window
# with its 100 nF, diode, their tracks); the rest (the Pico's pins to the rows and
# columns, the parts in the strip) by the maze router in hardware/router.py.
import math
import os

import pins
from app import grid
from hardware import fab, mechanics
from hardware.footprints import FOOTPRINTS, place
from hardware.parts import LED_PINS
from hardware.router import BLOCKED, Grid, RouteError, path_to_segments

N = grid.SIZE
P = mechanics.PITCH_MM

# Design rules: JLCPCB's standard 2-layer process (jlcpcb.com/capabilities, 1 oz outer
# copper: 0.10 mm track and space, 0.3 mm via drill in a 0.6 mm (0.5 mm minimum) pad,
# 0.15 mm annular ring, 0.3 mm copper to a routed edge), with margin on every figure.
RULES = {
    "track_mm": 0.25,  # signal tracks (the fab: 0.10)
    "clearance_mm": 0.2,  # copper to copper (the fab: 0.10)
    "via_mm": 0.6,  # via pad (the fab: 0.5 on 2 layers)
    "via_drill_mm": 0.3,  # via drill (the fab: 0.3 on 2 layers)
    "annular_mm": 0.15,  # the fab: 0.13-0.15
    "hole_clearance_mm": 0.25,  # copper to a drilled hole
    "hole_to_hole_mm": 0.45,  # the fab: 0.45 between pad holes (an MX pin's hole and its peg's: 0.46)
    "edge_clearance_mm": 0.3,  # copper to the board's edge and the LED cut-outs
}
GRID_MM = 0.5  # the maze router's grid: a 0.25 track and 0.2 clearance fit one pitch

# IPC-2221 for outer layers: I = 0.048 * dT^0.44 * A^0.725 (A in square mils).
COPPER_MIL = 1.378  # 1 oz/ft2 = 35 um
RISE_C = 10.0


def ipc_width_mm(amps, rise=RISE_C):
    """The track width (mm, 1 oz outer copper) that carries `amps` at `rise` degC rise."""
    area = (amps / (0.048 * rise ** 0.44)) ** (1 / 0.725)
    return area / COPPER_MIL * 0.0254


def ipc_amps(width_mm, rise=RISE_C):
    return 0.048 * rise ** 0.44 * (width_mm / 0.0254 * COPPER_MIL) ** 0.725


# the supply's whole current (a SUPPLY_MA that is no number: main() says so, from circuit's check)
BUS_MM = math.ceil(ipc_width_mm((pins.SUPPLY_MA if type(pins.SUPPLY_MA) is int else 4000) / 1000.0) * 10) / 10
STITCH_DX = (-6.0, 8.0)  # the GND track's vias to the pour, from the cell's centre
ROW_POWER_MM = 0.6  # +5V and GND along a row: its 12 LEDs at full white (720 mA) or less
LED_MA = 60  # one LED at full white, 20 mA a channel (drivers/pixels.py MA_PER_CHANNEL)

# Where the board's parts go, mm from its top-left corner. A MARGIN band left, top and
# right, outside the supply buses, takes the corner mounting holes (mechanics.py).
EDGE = RULES["edge_clearance_mm"]
GAP = 0.6
MARGIN = mechanics.BOARD_MARGIN_MM
X5_L = round(MARGIN + EDGE + 0.4 + BUS_MM / 2, 2)  # +5V bus, left (outer)
XG_L = round(X5_L + BUS_MM + GAP, 2)  # GND bus, left (inner)
GX = math.ceil(XG_L + BUS_MM / 2 + 8.0)  # the cells' left edge: room for the rows' way down
YG_T = round(MARGIN + EDGE + 0.4 + BUS_MM / 2, 2)  # GND across the top
GY = math.ceil(YG_T + BUS_MM / 2 + 1.0)  # the cells' top edge
TURN = 11.0  # the LED chain turns at a row's end this far out from the cell's centre
XG_R = round(GX + (N - 0.5) * P + TURN + 0.3 + GAP + BUS_MM / 2, 2)
X5_R = round(XG_R + BUS_MM + GAP, 2)
WIDTH = math.ceil(X5_R + BUS_MM / 2 + 0.4 + EDGE + MARGIN)
STRIP = 52.0  # below the cells: the Pico, the input, the buzzer
SY = GY + N * P  # the strip's top
HEIGHT = SY + STRIP
# +5V across the strip's top (back layer), joining the two side buses: the strip's left
# end is the Pico's (its USB port at the board's edge), its bottom edge the jack's.
Y5_B = round(SY + 1.0, 2)

# One cell, relative to its centre (KiCad's y grows downwards): the switch's LED window
# is 5.08 mm below its centre; the diode right of the socket.
LED_DY = 5.08
DIODE_DX, DIODE_DY = 9.6, -6.715
ROW_DY = -9.5  # the row's track (back)
COL_DX = -10.0  # the column's track (front)
UPPER_DY, LOWER_DY = 2.8, 7.6  # the LED's power tracks (back), above and below it
# Each LED's 100 nF (1206, back), turned upright just right of it: one pad on the upper
# power track, the other stubbed down to the lower one, and the chain's data track (at
# the LED's upper pad row on its right, whichever way the LED is turned) between them.
CAP_DX, CAP_DY = 5.0, LED_DY - 0.75
PULL_UP_DY = 6.5  # a column's pull-up, below the cells
KEY_NAME_DY = -9.6  # each key's name, above its switch (front)
# The board's revision, in one place: the silkscreen, the fab files' names (FAB_ZIP,
# BOM_FILE, CPL_FILE, the plate's) and the docs (tests/host/test_pcb.py holds README.md
# and BUILD.md to the names) take it. C: the cut-off's hysteresis (R306), R301 10k, C301 1u,
# the FETs two in parallel a side (Q304, Q305); not ordered yet, so still C.
BOARD_NAME, REVISION = "LED game board 12x12", "C"
MOUNT_LINES = mechanics.STANDOFF_LINES  # M3 holes at these cell corners (both ways)
PICO_X, PICO_DY = 26.5, 30.0  # the Pico's centre: its USB end on the board's left edge
JACK_X = 170.0  # J1 from the cells' left edge; its plug's end on the board's bottom edge
BUZZER_AT = (84.0, 44.0)  # BZ1 and the reset button SW201 from (GX, SY): the case's lid
PROTECTION_AT = (205.0, 33.0)  # Q301, the input protection's first FET, from (GX, SY) (back)
FET_GAP = 2.54  # Q302's pad 1 from Q301's, along their joined source rows
# The FETs in two pairs back to back, (Q301, Q302) and its copy (Q304, Q305) moved along
# the source line by PAIR_PITCH, away from Q302: Q301's gate then faces Q305's, Q304's
# drain row continues Q301's (over Q305, whose body is on the other side) and Q305's
# continues Q302's (over Q301): one bar joins each side's drains.
PAIR_PITCH = 3 * 1.27 + FET_GAP + 3 * 1.27 + FET_GAP  # a pair's gate to gate, and a gate-to-gate gap
PAIRS = (("Q301", "Q302"), ("Q304", "Q305"))  # (facing the input, facing +5V)
BAR_MM = 1.2  # the copper along a row of the FETs' pads (0.6 x 1.55 mm, 1.27 mm apart)
SOURCE_JOIN_MM = 3.0  # each pair's sources joined: half the board's current
DRAIN_JOIN_MM = 2.0  # the drain bars between the pairs: half the board's current (1.3 A)
BAR_ROWS = tuple(((ref, ref), "1", "3") for pair in PAIRS for ref in pair)  # the sources, PROT_S
# the drain bars, (first pad, last pad, net): each over both FETs of its side, end to end
DRAIN_BARS = ((("Q304", "5"), ("Q301", "8"), "VIN_F"), (("Q305", "8"), ("Q302", "5"), "+5V"))
# The comparator's small parts: (ref, dx along the source row away from Q301 from the
# FETs' middle, dy out from the row on Q302's side, angle), their nets routed.
PROTECTION_SMALL = (("C301", -9.0, 11.0, 90.0), ("R301", -5.0, 11.0, 90.0), ("Q303", 0.0, 11.0, 0.0),
                    ("R304", 4.0, 11.0, 90.0), ("R305", 8.0, 11.0, 90.0), ("U301", 12.0, 11.0, 0.0),
                    ("R303", 16.0, 11.0, 90.0), ("R302", 20.0, 11.0, 90.0), ("D301", 25.0, 11.0, 90.0),
                    ("R306", 6.0, 16.0, 90.0))  # the hysteresis, between U301's REF and the gates' row
RESET_AT = (120.0, 45.0)  # opens over them (hardware/case.py)


def mount_holes():
    """[(x, y)] mm of every M3 hole: the cell corners of mechanics.STANDOFF_LINES; the
    board's four corners; under the plate's bottom bar, the strip's top (above the Pico,
    mid-board, right); along the bottom edge either side of the jack, where a plug
    pushes. The plate (hardware/plate.py) and the case (hardware/case.py) read them
    from the board file."""
    e = mechanics.CORNER_HOLE_MM
    out = [(GX + lx * P, GY + ly * P) for lx in MOUNT_LINES for ly in MOUNT_LINES]
    out += [(e, e), (WIDTH - e, e), (e, HEIGHT - e), (WIDTH - e, HEIGHT - e)]
    out += [(e, SY + 12.0), (GX + 6 * P, SY + 12.0), (WIDTH - e, SY + 12.0)]
    out += [(GX + JACK_X - 10.0, HEIGHT - e), (GX + JACK_X + 12.0, HEIGHT - e)]
    return out


# The LED's pads by their pins' names (parts.LED_PINS: the fab part's current numbering).
_LED = {name: str(num) for num, name, _ in LED_PINS}
GND, DIN, VDD, DOUT = _LED["VSS"], _LED["DIN"], _LED["VDD"], _LED["DOUT"]


def cap_of(led):
    """The 100 nF beside an LED: LEDn's is C(100 + n) (hardware/circuit.py)."""
    return "C%d" % (100 + int(led[3:]))


def cell_centre(row, col):
    return GX + (col + 0.5) * P, GY + (row + 0.5) * P


class LayoutError(ValueError):
    """A circuit or pin map this layout cannot make into a board: says what and where."""


def chain_links(chain):
    """[(net, cell a, cell b, kind)] for LED i -> i+1: kind "row" for neighbours in a
    row, "turn" for a row's end to the next row's end. LayoutError for any other."""
    out = []
    for i in range(len(chain) - 1):
        a, b = chain[i], chain[i + 1]
        (ra, ca), (rb, cb) = grid.row_col(a), grid.row_col(b)
        net = "DIN_%d" % (i + 2)
        if ra == rb and abs(ca - cb) == 1:
            out.append((net, a, b, "row"))
        elif (ca == cb and abs(ra - rb) == 1 and ca in (0, N - 1) and out and out[-1][3] == "row"):
            out.append((net, a, b, "turn"))  # a row's end, after a run along the row
        else:
            raise LayoutError(
                "%s (LED%d DOUT at cell %s -> LED%d DIN at cell %s): the PCB routes the LED "
                "chain along its rows, serpentine (pins.py CHAIN_ROWS_FIRST = True, "
                "CHAIN_SERPENTINE = True, CHAIN_ROTATION 0 or 2)"
                % (net, i + 1, grid.name(a), i + 2, grid.name(b)))
    return out


def led_runs_right(chain):
    """{cell: True if the chain runs left to right through it}."""
    pos = {cell: i for i, cell in enumerate(chain)}
    out = {}
    for cell, i in pos.items():
        r, c = grid.row_col(cell)
        for j, sign in ((i + 1, 1), (i - 1, -1)):
            if 0 <= j < len(chain):
                rj, cj = grid.row_col(chain[j])
                if rj == r:
                    out[cell] = (cj - c) * sign > 0
                    break
        else:
            out[cell] = True
    return out


class Layout:
    """The board being made: pcbnew's BOARD, its nets and the router's grid."""

    def __init__(self, circuit, chain, pcbnew):
        self.k = pcbnew
        self.circuit = circuit
        self.chain = chain
        self.board = pcbnew.BOARD()
        self.nets = {}  # name -> NETINFO_ITEM
        self.pad_net = {}  # (ref, pad number) -> net name
        for net in circuit.nets:
            if net.name == circuit.NC.name or not net.pins:
                continue
            info = pcbnew.NETINFO_ITEM(self.board, net.name)
            self.board.Add(info)
            self.nets[net.name] = info
            for pin in net.pins:
                self.pad_net[(pin.part.ref, str(pin.num))] = net.name
        self.fps = {}  # ref -> FOOTPRINT
        self._parts = {p.ref: p for p in circuit.parts}
        self.grid = Grid(WIDTH, HEIGHT, GRID_MM, RULES["clearance_mm"])

    # ---- making things ------------------------------------------------------------------
    def mm(self, x, y):
        return self.k.wxPointMM(float(x), float(y))

    def part(self, ref, x, y, angle=0.0):
        p = self._parts[ref]
        name = p.footprint.split(":", 1)[1]
        nets = {num: self.nets[self.pad_net[(ref, num)]]
                for num in set(q[0] for q in FOOTPRINTS[name]["pads"]) if (ref, num) in self.pad_net}
        fp = place(self.board, name, ref, str(p.value), x, y, angle, nets)
        self.fps[ref] = fp
        return fp

    def pad_xy(self, ref, num):
        for pad in self.fps[ref].Pads():
            if pad.GetNumber() == num:
                pos = pad.GetPosition()
                return self.k.ToMM(pos.x), self.k.ToMM(pos.y)
        raise KeyError((ref, num))

    def track(self, net, layer, points, width=None):
        width = RULES["track_mm"] if width is None else width
        lay = self.k.F_Cu if layer == 0 else self.k.B_Cu
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            if (ax, ay) == (bx, by):
                continue
            t = self.k.PCB_TRACK(self.board)
            t.SetStart(self.mm(ax, ay))
            t.SetEnd(self.mm(bx, by))
            t.SetWidth(self.k.FromMM(width))
            t.SetLayer(lay)
            t.SetNet(self.nets[net])
            self.board.Add(t)

    def via(self, net, x, y):
        v = self.k.PCB_VIA(self.board)
        v.SetPosition(self.mm(x, y))
        v.SetWidth(self.k.FromMM(RULES["via_mm"]))
        v.SetDrill(self.k.FromMM(RULES["via_drill_mm"]))
        v.SetViaType(self.k.VIATYPE_THROUGH)
        v.SetLayerPair(self.k.F_Cu, self.k.B_Cu)
        v.SetNet(self.nets[net])
        self.board.Add(v)

    def outline(self):
        pts = [(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)]
        for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
            s = self.k.PCB_SHAPE(self.board)
            s.SetShape(self.k.SHAPE_T_SEGMENT)
            s.SetLayer(self.k.Edge_Cuts)
            s.SetWidth(self.k.FromMM(0.1))
            s.SetStart(self.mm(ax, ay))
            s.SetEnd(self.mm(bx, by))
            self.board.Add(s)

    def rules(self):
        k, ds = self.k, self.board.GetDesignSettings()
        ds.m_TrackMinWidth = k.FromMM(0.2)
        ds.m_MinClearance = k.FromMM(RULES["clearance_mm"])
        ds.m_ViasMinSize = k.FromMM(RULES["via_mm"])
        ds.m_ViasMinAnnularWidth = k.FromMM(RULES["annular_mm"])
        ds.m_MinThroughDrill = k.FromMM(RULES["via_drill_mm"])
        ds.m_CopperEdgeClearance = k.FromMM(RULES["edge_clearance_mm"])
        ds.m_HoleClearance = k.FromMM(RULES["hole_clearance_mm"])
        ds.m_HoleToHoleMin = k.FromMM(RULES["hole_to_hole_mm"])
        nc = ds.GetNetClasses().GetDefault()
        nc.SetClearance(k.FromMM(RULES["clearance_mm"]))
        nc.SetTrackWidth(k.FromMM(RULES["track_mm"]))
        nc.SetViaDiameter(k.FromMM(RULES["via_mm"]))
        nc.SetViaDrill(k.FromMM(RULES["via_drill_mm"]))

    def text(self, layer, x, y, words, size=1.5, angle=0.0):
        t = self.k.PCB_TEXT(self.board)
        t.SetText(words)
        t.SetLayer(layer)
        t.SetTextSize(self.k.wxSizeMM(size, size))
        t.SetTextThickness(self.k.FromMM(max(0.15, size * 0.15)))
        t.SetPosition(self.mm(x, y))
        t.SetTextAngle(angle * 10)  # tenths of a degree (KiCad 6)
        if layer == self.k.B_SilkS:
            t.SetMirrored(True)  # reads right from behind
        self.board.Add(t)
        return t

    def silkscreen(self):
        """The board's name and revision, each key's name as the simulator shows it
        (a1 .. l12), the references of the parts a maker solders, the supply at the jack;
        the parts' pin-1 and polarity marks come with their footprints."""
        k = self.k
        self.text(k.F_SilkS, GX + 45.0, SY + 46.5, "%s  rev %s" % (BOARD_NAME, REVISION), 2.0)
        self.text(k.B_SilkS, GX + 45.0, SY + 46.5, "%s  rev %s  (back)" % (BOARD_NAME, REVISION), 2.0)
        for key in range(N * N):
            cx, cy = cell_centre(*grid.row_col(key))
            self.text(k.F_SilkS, cx, cy + KEY_NAME_DY, grid.name(key), 1.2)
        for ref in self.HAND_SOLDERED:
            box = self.fps[ref].GetBoundingBox()
            x = k.ToMM(box.GetX() + box.GetWidth() // 2)
            self.text(k.F_SilkS, x, k.ToMM(box.GetY()) - 1.2, ref, 1.2)
        jx, jy = self.pad_xy("J1", "1")
        self.text(k.F_SilkS, jx - 14.0, jy + 3.0, "%g V, %g A max" % (5, pins.SUPPLY_MA / 1000.0), 1.8)
        self.text(k.F_SilkS, jx - 14.0, jy + 6.0, "centre +", 1.5)

    HAND_SOLDERED = ("U1", "J1", "F1", "D201", "C1", "BZ1", "SW201")

    # ---- the cells ---------------------------------------------------------------------
    def place_cells(self):
        """Switch + socket, LED and diode of every key at its cell; LEDs turned so that
        the chain enters each one from the side it comes from."""
        right = led_runs_right(self.chain)
        led_of = {cell: i + 1 for i, cell in enumerate(self.chain)}
        for key in range(N * N):
            r, c = grid.row_col(key)
            cx, cy = cell_centre(r, c)
            self.part("SW%d" % (key + 1), cx, cy)
            led = "LED%d" % led_of[key]
            self.part(led, cx, cy + LED_DY, 180.0 if right[key] else 0.0)
            cap = cap_of(led)
            self.part(cap, cx + CAP_DX, cy + CAP_DY, 90.0)
            upper = [self.pad_net[(led, n)] for n in (VDD, GND) if self.pad_xy(led, n)[1] < cy + LED_DY]
            if (self.pad_xy(cap, "1")[1] < cy + CAP_DY) != (self.pad_net[(cap, "1")] in upper):
                self.fps[cap].SetOrientationDegrees(270.0)  # its pad on the upper track's net on top
            d = self.part("D%d" % (key + 1), cx + DIODE_DX, cy + DIODE_DY, 90.0)
            if self.pad_xy("D%d" % (key + 1), "1")[1] > self.pad_xy("D%d" % (key + 1), "2")[1]:
                d.SetOrientationDegrees(270.0)  # the cathode (pad 1) on top, towards the row
        for i, (x, y) in enumerate(mount_holes()):
            fp = place(self.board, "MountingHole_M3", "H%d" % (i + 1), "M3", x, y)
            self.fps[fp.GetReference()] = fp

    def draw_cells(self):
        """Each key: column -> socket pad 1 -> switch -> pad 2 -> diode -> row; each LED's
        power to its row's tracks; the LED chain from DOUT to the next DIN."""
        for key in range(N * N):
            r, c = grid.row_col(key)
            cx, cy = cell_centre(r, c)
            sw, d = "SW%d" % (key + 1), "D%d" % (key + 1)
            col, row, k = (self.pad_net[(sw, "1")], self.pad_net[(d, "1")], self.pad_net[(sw, "2")])
            p1 = self.pad_xy(sw, "1")
            self.track(col, 1, [p1, (cx + COL_DX, p1[1])])
            self.via(col, cx + COL_DX, p1[1])
            self.track(k, 1, [self.pad_xy(sw, "2"), self.pad_xy(d, "2")])
            kx, ky = self.pad_xy(d, "1")
            self.track(row, 1, [(kx, ky), (kx, cy + ROW_DY)])
        for r in range(N):
            cx0, cy = cell_centre(r, 0)
            cx1 = cell_centre(r, N - 1)[0]
            row = self.pad_net[("D%d" % (r * N + 1), "1")]
            self.track(row, 1, [(cx0 + DIODE_DX, cy + ROW_DY), (cx1 + DIODE_DX, cy + ROW_DY)])
        for c in range(N):
            col = self.pad_net[("SW%d" % (c + 1), "1")]
            x = cell_centre(0, c)[0] + COL_DX
            self.track(col, 0, [(x, cell_centre(0, c)[1] - 2.54), (x, SY + 3.0)])
            self.via(col, x, SY + 3.0)
            self.track(col, 1, [(x, SY + 3.0), self.pad_xy("R%d" % (11 + c), "1")])
        # the LEDs' power: per row, the upper and the lower track, each fed from both sides
        for r in range(N):
            cy = cell_centre(r, 0)[1]
            nets = {}
            for c in range(N):
                led = self.led_at(r, c)
                for num in (VDD, GND):
                    x, y = self.pad_xy(led, num)
                    side = UPPER_DY if y < cy + LED_DY else LOWER_DY
                    net = self.pad_net[(led, num)]
                    if nets.setdefault(side, net) != net:
                        raise LayoutError("row %d: the LEDs' %s and %s pads share a track" % (r, net, nets[side]))
                    self.track(net, 1, [(x, y), (x, cy + side)], 0.5)
                cap = cap_of(led)
                for num in ("1", "2"):  # the LED's 100 nF across the two tracks
                    x, y = self.pad_xy(cap, num)
                    side = UPPER_DY if y < cy + CAP_DY else LOWER_DY
                    net = self.pad_net[(cap, num)]
                    if nets.setdefault(side, net) != net:
                        raise LayoutError("row %d: %s's %s pad is on the %s track" % (r, cap, net, nets[side]))
                    self.track(net, 1, [(x, y), (x, cy + side)], 0.5)
            for side, net in nets.items():
                xl, xr = (X5_L, X5_R) if net == "+5V" else (XG_L, XG_R)
                self.track(net, 1, [(xl, cy + side), (xr, cy + side)], ROW_POWER_MM)
                self.via(net, xl, cy + side)
                self.via(net, xr, cy + side)
        for net, a, b, kind in chain_links(self.chain):
            la, lb = self.led_at(*grid.row_col(a)), self.led_at(*grid.row_col(b))
            xa, ya = self.pad_xy(la, DOUT)
            xb, yb = self.pad_xy(lb, DIN)
            if kind == "row":
                s = 1 if xb > xa else -1
                xm = (xa + xb) / 2
                self.track(net, 1, [(xa, ya), (xm - s * 0.75, ya), (xm + s * 0.75, yb), (xb, yb)])
            else:
                c = grid.row_col(a)[1]
                xt = cell_centre(0, c)[0] + (TURN if c == N - 1 else -TURN)
                self.track(net, 1, [(xa, ya), (xt, ya)])
                self.via(net, xt, ya)
                self.track(net, 0, [(xt, ya), (xt, yb)])
                self.via(net, xt, yb)
                self.track(net, 1, [(xt, yb), (xb, yb)])

    def stitch(self):
        """Vias from each row's GND track (back) to the ground pour (front), two a cell
        where the front is clear (left of the switch's pegs, right of the LED's 100 nF)."""
        for r in range(N):
            cy = cell_centre(r, 0)[1]
            led = self.led_at(r, 0)
            upper = (self.pad_xy(led, GND)[1] < cy + LED_DY)
            y = cy + (UPPER_DY if upper else LOWER_DY)
            for c in range(N):
                cx = cell_centre(r, c)[0]
                for dx in STITCH_DX:
                    self.via("GND", cx + dx, y)

    def pour(self):
        """The ground pour: a GND zone over the whole front (it is nearly empty: the
        columns and the switches' holes), filled around everything else."""
        k = self.k
        zone = k.ZONE(self.board)
        zone.SetLayer(k.F_Cu)
        zone.SetNetCode(self.nets["GND"].GetNetCode())
        zone.SetLocalClearance(k.FromMM(RULES["clearance_mm"]))
        zone.SetMinThickness(k.FromMM(0.25))
        zone.SetPadConnection(k.ZONE_CONNECTION_FULL)
        zone.SetIsFilled(False)
        outline = zone.Outline()
        outline.NewOutline()
        e = RULES["edge_clearance_mm"]
        for x, y in ((e, e), (WIDTH - e, e), (WIDTH - e, HEIGHT - e), (e, HEIGHT - e)):
            outline.Append(k.FromMM(x), k.FromMM(y))
        self.board.Add(zone)  # filled by fill_zones() once the board is saved and loaded

    def led_at(self, r, c):
        return "LED%d" % (self.chain.index(r * N + c) + 1)

    def draw_buses(self):
        """+5V down both sides and across the strip's top (back), GND up both sides and
        across the top, BUS_MM wide: each carries the supply's whole current."""
        ys = {"+5V": [], "GND": []}
        for r in range(N):  # where the rows' power tracks meet the buses
            cy = cell_centre(r, 0)[1]
            for dy in (UPPER_DY, LOWER_DY):
                led = self.led_at(r, 0)
                ys[self.pad_net[(led, VDD)] if (self.pad_xy(led, VDD)[1] < cy + LED_DY) == (dy == UPPER_DY)
                   else self.pad_net[(led, GND)]].append(cy + dy)
        low = max(ys["GND"])
        self.track("GND", 0, [(XG_L, low), (XG_L, YG_T), (XG_R, YG_T), (XG_R, low)], BUS_MM)
        for x in (X5_L, X5_R):
            self.track("+5V", 0, [(x, min(ys["+5V"])), (x, Y5_B)], BUS_MM)
            self.track("+5V", 1, [(x, Y5_B), (x, Y5_B - 3.0)], BUS_MM)
            for dy in (0.0, 1.0, 2.0, 3.0):  # 4 vias: about 1 A each
                self.via("+5V", x, Y5_B - dy)
        self.track("+5V", 1, [(X5_L, Y5_B), (X5_R, Y5_B)], BUS_MM)

    # ---- the strip ---------------------------------------------------------------------
    def place_strip(self):
        """The Pico (front, its USB port on the board's left edge), the column pull-ups, U2 and its parts, the
        buzzer driver and the input, below the cells; SMD parts on the back."""
        y = SY
        for j in range(N):  # each column's pull-up where its track comes down
            x = cell_centre(0, j)[0] + COL_DX
            r = self.part("R%d" % (11 + j), x, y + PULL_UP_DY, 90.0)
            if self.pad_xy("R%d" % (11 + j), "1")[1] > self.pad_xy("R%d" % (11 + j), "2")[1]:
                r.SetOrientationDegrees(270.0)
        self.part("U1", PICO_X, y + PICO_DY, 90.0)
        self.part("U2", GX + 112.0, y + 30.0)
        self.part("C2", GX + 112.0, y + 37.0)
        self.part("R1", GX + 122.0, y + 30.0, 90.0)
        self.part("D200", GX + 130.0, y + 40.0)
        self.part("Q1", GX + 98.0, y + 40.0)
        self.part("R2", GX + 98.0, y + 34.0)
        self.part("R3", GX + 98.0, y + 46.0)
        self.part("R4", GX + 104.0, y + 46.0)
        self.part("BZ1", GX + BUZZER_AT[0], y + BUZZER_AT[1])
        self.part("SW201", GX + RESET_AT[0], y + RESET_AT[1])
        self.part("J1", GX + JACK_X, HEIGHT - 13.7)
        self.part("F1", GX + 186.0, y + 40.0)
        self.place_protection(GX + PROTECTION_AT[0], y + PROTECTION_AT[1])
        self.part("D201", GX + 228.0, y + 40.0)
        self.part("C1", GX + 252.0, y + 38.0)

    def place_protection(self, x, y):
        """Q301 at (x, y) and Q302 beside it on the back, turned round so that their
        source rows are one line with the gates at its two ends: the source copper joins
        them along that line (bars()); Q304 and Q305, their twins, the same further along
        the line on Q301's gate side (PAIR_PITCH); the comparator's parts below."""
        self.part("Q301", x, y)
        s1, g1 = self.pad_xy("Q301", "1"), self.pad_xy("Q301", "4")
        away = -1.0 if g1[0] > s1[0] else 1.0  # along the row, away from Q301's gate
        q2 = self.part("Q302", x, y, 180.0)
        p1 = self.pad_xy("Q302", "1")
        q2.Move(self.mm(s1[0] + away * FET_GAP - p1[0], s1[1] - p1[1]))
        for (ref, angle), twin in zip((("Q304", 0.0), ("Q305", 180.0)), ("Q301", "Q302")):
            fp = self.part(ref, x, y, angle)
            (tx, ty), (ox, oy) = self.pad_xy(twin, "1"), self.pad_xy(ref, "1")
            fp.Move(self.mm(tx - away * PAIR_PITCH - ox, ty - oy))
        sy = s1[1]
        out = 1.0 if self.pad_xy("Q301", "5")[1] < sy else -1.0  # from the row, away from Q301
        mid = s1[0] + away * FET_GAP / 2
        for ref, dx, dy, angle in PROTECTION_SMALL:
            self.part(ref, mid + away * dx, sy + out * dy, angle)

    def drop_overlaps(self):
        """Remove any track piece lying wholly on a wider or equal piece of its own net and
        layer (a route that ends along copper its net has there): it adds no copper, and
        KiCad reads its ends as dangling."""
        k = self.k
        pieces = [t for t in self.board.GetTracks() if t.GetClass() != "PCB_VIA"]

        def on(p, t):
            (ax, ay), (bx, by) = (k.ToMM(t.GetStart().x), k.ToMM(t.GetStart().y)), (k.ToMM(t.GetEnd().x),
                                                                                     k.ToMM(t.GetEnd().y))
            px, py = k.ToMM(p.x), k.ToMM(p.y)
            dx, dy = bx - ax, by - ay
            L2 = dx * dx + dy * dy
            u = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
            return math.hypot(ax + u * dx - px, ay + u * dy - py) < 1e-3

        groups = {}
        for t in pieces:
            groups.setdefault((t.GetNetCode(), t.GetLayer()), []).append(t)
        gone = set()
        for t in pieces:
            for o in groups[(t.GetNetCode(), t.GetLayer())]:
                if o is t or id(o) in gone:
                    continue
                if o.GetWidth() >= t.GetWidth() and on(t.GetStart(), o) and on(t.GetEnd(), o):
                    gone.add(id(t))
                    self.board.Remove(t)
                    break

    def bars(self):
        """The copper along the FETs' rows of pads, drawn once the router is done (it kept
        other nets off them): each side's drain bar over its two FETs, each FET's
        sources, and each pair's wide source join (half the board's current each)."""
        for (ref, first, last) in BAR_ROWS:
            self.track("PROT_S", 1, [self.pad_xy(ref[0], first), self.pad_xy(ref[1], last)], BAR_MM)
        for a, b in PAIRS:
            self.track("PROT_S", 1, [self.pad_xy(b, "1"), self.pad_xy(a, "1")], SOURCE_JOIN_MM)
        for first, last, net in DRAIN_BARS:
            self.track(net, 1, [self.pad_xy(*first), self.pad_xy(*last)], DRAIN_JOIN_MM)

    STRIP_REFS = ("U1", "U2", "C1", "C2", "R1", "R2", "R3", "R4", "D200", "D201", "Q1", "BZ1",
                  "SW201", "J1", "F1", "Q301", "Q302", "Q303", "Q304", "Q305", "U301", "D301", "C301") + tuple(
        "R%d" % (11 + j) for j in range(N)) + tuple("R%d" % n for n in range(301, 307))
    # The FETs' pads under a bar, but the one the router takes the side's current from
    # (Q301's and Q302's pad 5) and one source pad of each pair (PROT_S reaches Q304's
    # pair from the rest of the net by the router): obstacles to other nets while
    # routing, joined by bars() after.
    BARRED = {("Q301", n) for n in "678"} | {("Q302", n) for n in "678"} | {
        ("Q301", n) for n in "23"} | {("Q302", n) for n in "123"} | {
        ("Q304", n) for n in "235678"} | {("Q305", n) for n in "1235678"}
    PULL_UPS = tuple("R%d" % (11 + j) for j in range(N))
    WIDE = {("J1", "1"), ("J1", "2"), ("F1", "1"), ("F1", "2"), ("C1", "1"), ("C1", "2"),
            ("D201", "1"), ("D201", "2"), ("Q301", "5"), ("Q302", "5")}

    def rasterise(self):
        """Everything on the board, as the router's obstacles; the strip's pads apart."""
        k, g = self.k, self.grid
        self.terminals = {}  # net -> [(ref, num, [nodes])]
        hole_c = RULES["hole_clearance_mm"]
        for ref, fp in self.fps.items():
            for pad in fp.Pads():
                pos, size = pad.GetPosition(), pad.GetBoundingBox()
                cx, cy = k.ToMM(pos.x), k.ToMM(pos.y)
                layers = [i for i, lay in enumerate((k.F_Cu, k.B_Cu)) if pad.IsOnLayer(lay)]
                if pad.GetAttribute() == k.PAD_ATTRIB_NPTH:
                    g.add(("circle", cx, cy, k.ToMM(pad.GetDrillSize().x) / 2), (0, 1), BLOCKED, hole_c)
                    continue
                if pad.GetShape() == k.PAD_SHAPE_CIRCLE:
                    shape = ("circle", cx, cy, k.ToMM(pad.GetSize().x) / 2)
                else:
                    shape = ("rect", k.ToMM(size.GetX()), k.ToMM(size.GetY()),
                             k.ToMM(size.GetRight()), k.ToMM(size.GetBottom()))
                net = pad.GetNetCode() if pad.GetNetname() else BLOCKED
                if pad.GetAttribute() == k.PAD_ATTRIB_PTH:  # other nets keep off its hole
                    g.add(("circle", cx, cy, k.ToMM(pad.GetDrillSize().x) / 2), (0, 1), net, hole_c, copper=False)
                drawn = ref in self.PULL_UPS and pad.GetNumber() == "1"  # joined to its column already
                if (ref, pad.GetNumber()) in self.BARRED:  # its bar comes after the router
                    g.add(shape, layers, net, copper=False)
                    continue
                if ref in self.STRIP_REFS and net != BLOCKED and not drawn:
                    self._strip_pad(ref, pad.GetNumber(), shape, layers, net)
                else:
                    g.add(shape, layers, net)
        for t in self.board.GetTracks():
            net = t.GetNetCode()
            if t.GetClass() == "PCB_VIA":
                p = t.GetPosition()
                g.add(("circle", k.ToMM(p.x), k.ToMM(p.y), k.ToMM(t.GetWidth()) / 2), (0, 1), net)
            else:
                s, e = t.GetStart(), t.GetEnd()
                layer = 0 if t.GetLayer() == k.F_Cu else 1
                g.add(("seg", k.ToMM(s.x), k.ToMM(s.y), k.ToMM(e.x), k.ToMM(e.y), k.ToMM(t.GetWidth()) / 2),
                      (layer,), net)
        codes = {name: info.GetNetCode() for name, info in self.nets.items()}
        for (ref, first, last) in BAR_ROWS:
            (ax, ay), (bx, by) = self.pad_xy(ref[0], first), self.pad_xy(ref[1], last)
            g.add(("seg", ax, ay, bx, by, BAR_MM / 2), (1,), codes["PROT_S"], copper=False)
        for a, b in PAIRS:
            (ax, ay), (bx, by) = self.pad_xy(b, "1"), self.pad_xy(a, "1")
            g.add(("seg", ax, ay, bx, by, SOURCE_JOIN_MM / 2), (1,), codes["PROT_S"], copper=False)
        for first, last, net in DRAIN_BARS:
            (ax, ay), (bx, by) = self.pad_xy(*first), self.pad_xy(*last)
            g.add(("seg", ax, ay, bx, by, DRAIN_JOIN_MM / 2), (1,), codes[net], copper=False)
        edge = RULES["edge_clearance_mm"]
        for seg in ((0, 0, WIDTH, 0), (WIDTH, 0, WIDTH, HEIGHT), (WIDTH, HEIGHT, 0, HEIGHT), (0, HEIGHT, 0, 0)):
            g.add(("seg",) + seg + (0.0,), (0, 1), BLOCKED, edge)
        cw, ch = FOOTPRINTS["LED_SK6812MINI-E_Reverse"]["cutout"]
        for ref, fp in self.fps.items():
            if ref.startswith("LED"):
                p = fp.GetPosition()
                x, y = k.ToMM(p.x), k.ToMM(p.y)
                g.add(("rect", x - cw / 2, y - ch / 2, x + cw / 2, y + ch / 2), (0, 1), BLOCKED, edge)

    def _strip_pad(self, ref, num, shape, layers, net):
        """A pad the router is to reach: an obstacle to other nets now, part of its own
        net's copper once connected."""
        g = self.grid
        item = (shape, tuple(layers), net, g.clearance)
        g._shapes.append(item)
        for half, own in g.maps.items():
            g._mark(own, item, half)
        self.terminals.setdefault(net, []).append((ref, num, shape, tuple(layers)))
        if ref == "U1":  # keep a way out for each Pico pin: 3 mm straight out, both layers
            cx, cy = (shape[1], shape[2]) if shape[0] == "circle" else ((shape[1] + shape[3]) / 2,
                                                                          (shape[2] + shape[4]) / 2)
            oy = self.pad_xy("U1", "1")[1]
            sign = 1 if abs(cy - oy) < 1 else -1  # pin 1's row faces down, the other up
            g.add(("seg", cx, cy, cx, cy + sign * 3.0, RULES["track_mm"] / 2), (0, 1), net, copper=False)

    def _mark_copper(self, net, shape, layers):
        g = self.grid
        x0, y0, x1, y1 = g._bbox(shape)
        ix0, iy0, xs, ys = g._window(x0, y0, x1, y1, 0)
        inside = g._distance(shape, xs, ys) <= 1e-9
        nodes = []
        for layer in layers:
            win = g.copper[layer, iy0:iy0 + inside.shape[0], ix0:ix0 + inside.shape[1]]
            win[inside] = net
            iy, ix = inside.nonzero()
            nodes += [(layer, int(a + iy0), int(b + ix0)) for a, b in zip(iy, ix)]
        return nodes

    def route_strip(self, first=()):
        """Every strip pad joined to its net: the wide supply pads first, then `first`
        (pads an earlier try could not reach), the power pads, the rest; each to the
        nearest copper its net already has. RouteError names the net and the pad it
        could not reach (.pad: (ref, number))."""
        k, g = self.k, self.grid
        names = {info.GetNetCode(): name for name, info in self.nets.items()}
        thin = RULES["track_mm"] / 2
        wide = BUS_MM / 2
        via_half = RULES["via_mm"] / 2
        jobs = []
        for net, pads in self.terminals.items():
            for ref, num, shape, layers in pads:
                jobs.append(((ref, num) not in self.WIDE, net, ref, num, shape, layers))
        power = ("GND", "+5V", "+3V3", "VSYS")
        rank = {pad: i for i, pad in enumerate(first)}
        jobs.sort(key=lambda j: (j[0], rank.get((j[2], j[3]), len(rank)), names[j[1]] not in power,
                                 names[j[1]], j[2], j[3]))
        self.routed = []
        for thin_job, net, ref, num, shape, layers in jobs:
            name = names[net]
            has = (g.copper == net)
            if not has.any():  # the net's first pad: the others come to it
                self._mark_copper(net, shape, layers)
                continue
            src = []
            x0, y0, x1, y1 = g._bbox(shape)
            ix0, iy0, xs, ys = g._window(x0, y0, x1, y1, 0)
            inside = g._distance(shape, xs, ys) <= 1e-9
            for layer in layers:
                iy, ix = inside.nonzero()
                src += [(layer, int(a + iy0), int(b + ix0)) for a, b in zip(iy, ix)]
            half = thin if thin_job else wide
            width = RULES["track_mm"] if thin_job else BUS_MM
            path = g.route(net, src, has, half, via_half, vias=thin_job)
            if path is None:
                x, y = self.pad_xy(ref, num)
                err = RouteError("net %s: no route from %s pad %s at (%.1f, %.1f) mm to the rest of %s"
                                 % (name, ref, num, x, y, name))
                err.pad = (ref, num)
                raise err
            segs, vias = path_to_segments(path, g.pitch)
            for layer, a, b in segs:
                self.track(name, layer, [a, b], width)
                g.add(("seg", a[0], a[1], b[0], b[1], width / 2), (layer,), net)
            for x, y in vias:
                self.via(name, x, y)
                g.add(("circle", x, y, via_half), (0, 1), net)
            self._mark_copper(net, shape, layers)
            self.routed.append((name, ref, num, len(path)))


def build(chain=None, pins_module=None):
    """The routed board: a Layout whose .board is pcbnew's BOARD. LayoutError or
    RouteError (both ValueError) say what the layout cannot make, and where."""
    from hardware import circuit
    from hardware.kicad import pcbnew

    k = pcbnew()
    chain = circuit.chain_cells() if chain is None else chain
    chain_links(chain)  # a chain the cells' pattern cannot route fails before anything
    board = circuit.build(chain, pcb=True)
    first = []
    for _ in range(RETRIES):
        k.KIID.SeedGenerator(25)  # KiCad saves items in their UUIDs' order: make them the same each run
        lay = Layout(board, chain, k)
        lay.rules()
        lay.outline()
        lay.place_cells()
        lay.place_strip()
        lay.silkscreen()
        lay.draw_cells()
        lay.draw_buses()
        lay.stitch()
        lay.rasterise()
        try:
            lay.route_strip(first)
            lay.bars()
            lay.drop_overlaps()
            lay.pour()
            return lay
        except RouteError as e:  # route it earlier next time (rip up and route again)
            if e.pad in first:
                first.remove(e.pad)
            first.insert(0, e.pad)
            err = e
            if os.environ.get("PCB_DEBUG"):
                print("retry:", e)
    raise err


RETRIES = 12


def drc(path):
    """KiCad's DRC on the saved board (pcbnew.WriteDRCReport): (violations counted,
    unconnected pads, the report's text, [(kind, text, where)] of every finding)."""
    import os
    import re
    import tempfile

    from hardware.kicad import pcbnew

    k = pcbnew()
    board = k.LoadBoard(path)
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "drc.rpt")
        k.WriteDRCReport(board, report, k.EDA_UNITS_MILLIMETRES, True)
        with open(report, encoding="utf-8") as f:
            text = f.read()
    m = re.search(r"\*\* Found (\d+) DRC violations \*\*", text)
    u = re.search(r"\*\* Found (\d+) unconnected pads \*\*", text)
    violations = re.findall(r"\[(\w+)\]: ([^\n]*)\n((?:    [^\n]*\n)+)", text)
    return int(m.group(1)) if m else -1, int(u.group(1)) if u else -1, text, violations


# ---- files -------------------------------------------------------------------------------
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pcb")
BOARD_FILE = "board.kicad_pcb"
FAB_ZIP = os.path.join("fab", "board-rev%s-fab.zip" % REVISION)
BOM_FILE = os.path.join("fab", "bom-rev%s-jlcpcb.csv" % REVISION)
CPL_FILE = os.path.join("fab", "cpl-rev%s-jlcpcb.csv" % REVISION)
FRONT_PNG, BACK_PNG = "board-front.png", "board-back.png"
PREVIEW_PNG = "preview-check.png"  # cells a1 and b1 from the back, the CPL's pads over them
COST_FILE = os.path.join("fab", "cost-5-boards.csv")
FINISHED_COST_FILE = os.path.join("fab", "cost-finished-board.csv")

# The assembly service's view of the parts it places (LCSC part numbers, JLCPCB's
# catalogue; check stock before ordering): (part name, value) -> (LCSC #, description).
ASSEMBLED = {
    ("SW_MX", "MX switch"): ("C2803348", "Kailh MX hot-swap socket CPG151101S11 (the switch plugs in)"),
    ("SK6812MINI-E", "SK6812MINI-E"): ("C5149201", "SK6812MINI-E RGB LED, reverse mount"),
    ("1N4148W", "1N4148W"): ("C81598", "1N4148W signal diode"),
    ("B5819W", "B5819W"): ("C8598", "B5819W Schottky 1 A"),
    ("R", "10k"): ("C17414", "10 kOhm 0805"),
    ("R", "22k"): ("C17560", "22 kOhm 0805, UNI-ROYAL 0805W8F2202T5E"),
    ("R", "1k"): ("C17513", "1 kOhm 0805"),
    ("R", "330"): ("C17630", "330 Ohm 0805"),
    ("C", "100n"): ("C49678", "100 nF 50 V X7R 0805"),
    ("C_1206", "100n"): ("C24497", "100 nF 50 V X7R 1206, Samsung CL31B104KBCNNNC (one at each LED)"),
    ("MMBT3904", "MMBT3904"): ("C20526", "MMBT3904 NPN"),
    ("74AHCT125", "74AHCT125"): ("C155176", "TI SN74AHCT125DR (SOIC-14; AHCT only)"),
    # The input protection (Q301-Q305, U301, D301, R301-R306, C301); the numbers as
    # other JLCPCB users' BOMs give them, with the datasheets' pin tables (parts.PINOUTS):
    ("AO4407A", "AO4407A"): ("C16072", "AOS AO4407A P-MOSFET -30 V SOIC-8 (pins 1-3 S, 4 G, 5-8 D)"),
    ("TL431", "TL431BIDBZR"): ("C41283", "TI TL431BIDBZR, SOT-23 DBZ (1 K, 2 REF, 3 A): TI's only, "
                                         "other makers' SOT-23 TL431s swap K and REF"),
    ("MMBT3906", "MMBT3906"): ("C75549", "Nexperia MMBT3906,215 PNP"),
    ("R", "470k"): ("C17709", "470 kOhm 1 % 0805, UNI-ROYAL 0805W8F4703T5E"),
    ("C", "1u"): ("C28323", "1 uF 50 V X7R 0805, Samsung CL21B105KBFNNNE"),
}


# What 5 assembled boards cost, estimated. The parts are all on the bottom, which
# JLCPCB's Economic tier (the FAQ's $8 set-up and $1.50 stencil: support.jlcpcb.com
# article 83, as stored on 2026-12-01) does not assemble, and this board is over its
# size limit: it needs the Standard tier. Its fees are not on a stored public page:
# FEES_USD holds the figures makers report for it ($25 set-up a side, a steel
# stencil sized for the board, the same $0.0017 a joint and $3 an extended part's
# feeder): assumptions, to read again in the quote. Part prices: indicative LCSC unit
# prices at a few hundred pieces (check them, and stock, in the order's BOM step). The
# bare board is area-priced at this size and not on a public list: BARE_BOARDS_USD is an
# assumption; JLCPCB's calculator gives the figure for the Gerbers.
ORDER_QTY = 5
FEES_USD = {"setup": 25.00, "stencil": 30.00, "joint": 0.0017, "extended_part": 3.00}
BARE_BOARDS_USD = 60.00  # 5 boards 335 x 364 mm, 2 layers, 1.6 mm, HASL: an assumption
UNIT_USD = {  # (part name, value) -> (unit price, JLCPCB extended part?)
    ("SW_MX", "MX switch"): (0.17, True),
    ("SK6812MINI-E", "SK6812MINI-E"): (0.12, True),
    ("1N4148W", "1N4148W"): (0.006, False),
    ("B5819W", "B5819W"): (0.02, True),
    ("R", "10k"): (0.002, False),
    ("R", "22k"): (0.002, False),
    ("R", "1k"): (0.002, False),
    ("R", "330"): (0.002, False),
    ("C", "100n"): (0.003, False),
    ("C_1206", "100n"): (0.006, False),  # a JLCPCB basic part: no feeder fee
    ("MMBT3904", "MMBT3904"): (0.01, False),
    ("74AHCT125", "74AHCT125"): (0.35, True),
    ("AO4407A", "AO4407A"): (0.15, True),
    ("TL431", "TL431BIDBZR"): (0.06, True),
    ("MMBT3906", "MMBT3906"): (0.03, True),
    ("R", "470k"): (0.002, False),
    ("C", "1u"): (0.005, False),
}


# Where each price comes from, as the cost sheets say it: only JLCPCB's joint fee was
# read in a published list; every other figure is an assumption or an indicative unit
# price, to read again in the quotes.
READ = "read: JLCPCB's SMT assembly FAQ (support.jlcpcb.com/article/83-smt-assembly-faqs), 2026-12-07"
ASSUMED = "assumed: no public price list read (hardware/pcb.py)"
INDICATIVE = "assumed: an indicative LCSC unit price, not read (the order's BOM step shows it)"


def cost_rows(lay, assembled=None):
    """[(item, quantity, unit, total, where the price comes from)] for ORDER_QTY boards
    made and `assembled` of them (all: None) SMD-assembled, and the total."""
    assembled = ORDER_QTY if assembled is None else assembled
    counts, joints = {}, 0
    for p in lay.circuit.parts:
        key = (p.name, str(p.value))
        if key in UNIT_USD:
            counts[key] = counts.get(key, 0) + 1
            joints += len([q for q in lay.fps[p.ref].Pads() if q.GetNumber()])
    rows = [("bare boards (assumption: see hardware/pcb.py)", ORDER_QTY, BARE_BOARDS_USD / ORDER_QTY,
             BARE_BOARDS_USD, ASSUMED)]
    for key in sorted(counts, key=lambda k: -counts[k]):
        unit, _ = UNIT_USD[key]
        rows.append(("%s (LCSC %s)" % (ASSEMBLED[key][1], ASSEMBLED[key][0] or "to pick"),
                     counts[key] * assembled, unit, counts[key] * assembled * unit, INDICATIVE))
    extended = sum(1 for key in counts if UNIT_USD[key][1])
    rows += [("assembly setup (Standard tier: bottom side)", 1, FEES_USD["setup"], FEES_USD["setup"], ASSUMED),
             ("steel stencil, bottom (assumption)", 1, FEES_USD["stencil"], FEES_USD["stencil"], ASSUMED),
             ("SMT joints (%d a board)" % joints, joints * assembled, FEES_USD["joint"],
              joints * assembled * FEES_USD["joint"], READ),
             ("extended parts' feeders", extended, FEES_USD["extended_part"], extended * FEES_USD["extended_part"],
              ASSUMED)]
    return rows, round(sum(r[3] for r in rows), 2)


# A finished board (issue #50, 6): the assembled PCB of cost_rows, the parts BOM.csv
# prices (parts.CATALOGUE and parts.OFF_BOARD: indicative hobby prices, not quotes),
# and what neither lists: ASSUMED_USD, to read again in the quotes. A lot of ORDER_QTY
# shares the fab's fixed costs; one maker alone still buys ORDER_QTY bare boards and
# plates (the fab's smallest order) and has ALONE_ASSEMBLED of them assembled, its
# smallest assembly quantity: the cheaper first build.
ALONE_ASSEMBLED = 2
HAND_SOLDERED = ("U1", "J1", "F1", "D201", "C1", "BZ1", "SW201")
ASSUMED_USD = {  # item -> (USD, for what): assumptions
    "plate": (BARE_BOARDS_USD * 329.0 / 364.0, "5 switch plates in 1.5 mm FR4, no copper, from the PCB fab "
              "(area-priced like the bare boards: 335 x 329 mm)"),
    "case sheet": (6.00, "one 3 mm acrylic sheet laser-cut, about 356 x 385 mm (plywood: less)"),
    "stack hardware": (5.50, "18 M3 x 6 standoffs, 14 spacers 3.5 mm, 36 M3 screws, 8 M3 x 30 bolts and nuts"),
    "fab shipping": (35.00, "the PCB fab's parcel: 5 boards and 5 plates, standard courier"),
    "parts shipping": (10.00, "switches, keycaps, Pico, supply and hand-soldered parts, a board"),
}


def finished_cost_rows(lay):
    """[(item, lot: USD a board, alone: USD a board)] of a finished board, and the two
    totals: a lot of ORDER_QTY boards sharing the orders, one maker building one."""
    from hardware import case
    from hardware.parts import CATALOGUE, OFF_BOARD

    def off_board(start):
        [row] = [r for r in OFF_BOARD if r[0].startswith(start)]
        return row

    _, lot_pcb = cost_rows(lay)
    _, alone_pcb = cost_rows(lay, ALONE_ASSEMBLED)
    parts = {p.ref: p for p in lay.circuit.parts}
    switch = CATALOGUE[(parts["SW1"].name, str(parts["SW1"].value))]
    keycap, supply = off_board("keycap"), off_board("power supply")
    hand = sum(CATALOGUE[(parts[r].name, str(parts[r].value))][3] for r in HAND_SOLDERED)
    sheets = len(case.layers())
    plate = ASSUMED_USD["plate"][0]
    ship, ship_parts = ASSUMED_USD["fab shipping"][0], ASSUMED_USD["parts shipping"][0]
    n = N * N
    bom = "assumed: BOM.csv's indicative hobby price, not read"
    rows = [
        ("PCB with its SMD parts assembled, Standard tier (cost-5-boards.csv; alone: 5 made, %d assembled)"
         % ALONE_ASSEMBLED, lot_pcb / ORDER_QTY, alone_pcb, "cost-5-boards.csv: only the joints' fee read"),
        ("%d MX switches, %s (BOM.csv)" % (n, switch[2]), n * switch[3], n * switch[3], bom),
        ("%d keycaps: %s, translucent frosted: the diffuser (BOM.csv)" % (n, keycap[4]), n * keycap[5],
         n * keycap[5], bom),
        ("switch plate, 1.5 mm FR4 (assumption: %s)" % ASSUMED_USD["plate"][1], plate / ORDER_QTY, plate, ASSUMED),
        ("case: %d laser-cut sheets (assumption: %s)" % (sheets, ASSUMED_USD["case sheet"][1]),
         sheets * ASSUMED_USD["case sheet"][0], sheets * ASSUMED_USD["case sheet"][0], ASSUMED),
        ("standoffs, spacers, screws (assumption: %s)" % ASSUMED_USD["stack hardware"][1],
         ASSUMED_USD["stack hardware"][0], ASSUMED_USD["stack hardware"][0], ASSUMED),
        ("the Pico and the hand-soldered parts %s (BOM.csv)" % ", ".join(HAND_SOLDERED[1:]), hand, hand, bom),
        ("supply: %s (BOM.csv)" % supply[4], supply[5], supply[5], bom),
        ("shipping (assumption: %s; %s)" % (ASSUMED_USD["fab shipping"][1], ASSUMED_USD["parts shipping"][1]),
         ship / ORDER_QTY + ship_parts, ship + ship_parts, ASSUMED),
    ]
    return rows, round(sum(r[1] for r in rows), 2), round(sum(r[2] for r in rows), 2)


def finished_cost_csv(lay):
    rows, lot, alone = finished_cost_rows(lay)
    out = [(item, "%.2f" % a, "%.2f" % b, where) for item, a, b, where in rows]
    out.append(("a finished board (duty and tools not included)",
                "%.2f" % sum(round(a, 2) for _, a, _, _ in rows), "%.2f" % sum(round(b, 2) for _, _, b, _ in rows),
                "assumed but for JLCPCB's joint fee: no dated public price list read"))
    return _csv(("item", "usd_a_board_in_a_lot_of_%d" % ORDER_QTY, "usd_one_maker_alone", "price"), out)


def cost_csv(lay):
    rows, total = cost_rows(lay)
    out = [(item, qty, "%.4f" % unit, "%.2f" % line, where) for item, qty, unit, line, where in rows]
    shown = sum(round(line, 2) for _, _, _, line, _ in rows)  # the sum of the lines as printed
    out.append(("total for %d boards, SMD assembled (shipping, duty and the parts a maker solders "
                "not included)" % ORDER_QTY, "", "", "%.2f" % shown, "only the joints' fee read: the rest assumed"))
    return _csv(("item", "quantity", "unit_usd", "total_usd", "price"), out)


def _stable_uuids(text):
    """KiCad gives every item a random UUID: number them in order instead, so the file
    only changes when the board does."""
    import re
    import uuid

    seen = {}

    def repl(m):
        key = m.group(0)
        if key not in seen:
            seen[key] = str(uuid.uuid5(uuid.NAMESPACE_URL, "gameboard-pcb/%d" % len(seen)))
        return seen[key]

    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", repl, text)


def _undated(text):
    """Fab files without the run's date and time."""
    import re

    text = re.sub(r"(?m)^(G04 Created by KiCad.*?) date [^*\n]*", r"\1", text)
    text = re.sub(r"(?m)^%TF\.CreationDate,[^%]*%\n", "", text)
    text = re.sub(r"(?m)^(; DRILL file .*?) date .*$", r"\1", text)
    text = re.sub(r"(?m)^.*TF\.CreationDate.*\n", "", text)
    return text


def assembly_rows(lay):
    """(BOM rows, CPL rows) for an assembly service: the back's SMD parts, placed by
    the fab's conventions (hardware/fab.py: each part's origin as its library has it,
    bottom-side rotations as it reads them)."""
    k = lay.k
    groups = {}
    cpl = []
    for p in sorted(lay.circuit.parts, key=lambda p: _ref_key(p.ref)):
        key = (p.name, str(p.value))
        if key not in ASSEMBLED:
            continue
        fp = lay.fps[p.ref]
        groups.setdefault(key, []).append(p.ref)
        pos = fp.GetPosition()
        x, y, layer, rot = fab.cpl_line(str(fp.GetFPID().GetLibItemName()), k.ToMM(pos.x), k.ToMM(pos.y),
                                        fp.IsFlipped(), fp.GetOrientationDegrees())
        cpl.append((p.ref, "%.3fmm" % x, "%.3fmm" % y, layer, "%g" % rot))
    bom = []
    for key, refs in sorted(groups.items(), key=lambda kv: _ref_key(kv[1][0])):
        lcsc, what = ASSEMBLED[key]
        fp_name = {p.ref: p for p in lay.circuit.parts}[refs[0]].footprint.split(":", 1)[1]
        bom.append(("%s (%s)" % (key[1], what), ",".join(refs), fp_name, lcsc))
    return bom, cpl


def preview_png(lay, board, cpl):
    """A close-up of cells a1 and b1 from the back, as the fab's preview shows them,
    with every pad where the CPL places it (fab.fab_pads: the fab's conventions)."""
    from hardware import pcbrender

    (ax, ay), (bx, _) = cell_centre(0, 0), cell_centre(0, 1)
    window = (ax - 13.0, ay - 12.0, bx + 13.0, ay + 12.0)
    placed = {}
    for ref, x, y, layer, rot in cpl:
        name = str(lay.fps[ref].GetFPID().GetLibItemName())
        pads = fab.fab_pads(name, float(x[:-2]), float(y[:-2]), layer, float(rot))
        placed[ref] = {n: [(px, -py) for px, py in pts] for n, pts in pads.items()}
    return pcbrender.preview_png(board, lay.k, window, placed,
                                 "cells a1 (right) and b1 (left) seen from the bottom, as the fab's assembly preview "
                                 "shows them")


def _ref_key(ref):
    import re

    m = re.match(r"([A-Z]+)(\d+)$", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def _csv(header, rows):
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return out.getvalue()


MIN_LED_V = 4.6  # the worst LED's supply with every LED lit to the cap
JACK_V = 5.0  # the adapter's output at the jack (its cable not counted)


def supply_figures(k, path):
    """The supply's copper solved (hardware/copper.py) on the saved, filled board:
    {worst_led_volts, worst_led, max_track_amps, max_rise_c, hottest (track), fuse_v}.
    Volts with the LEDs at the firmware's cap for pins.SUPPLY_MA (every LED alike: a
    full-white frame) and the Pico's share; heat at the whole SUPPLY_MA."""
    from drivers.pixels_setup import cap_for_supply
    from hardware import copper
    from hardware.parts import BOARD_MA, FET_OHM, FET_OHM_MAX, FET_STAGE_OHM, FUSE_OHM

    board = k.LoadBoard(path)
    leds = sorted(fp.GetReference() for fp in board.GetFootprints() if fp.GetReference().startswith("LED"))
    per = {}
    for net, entry, pad, sign in (("+5V", ("Q302", "5"), VDD, 1.0), ("GND", ("J1", "2"), GND, -1.0)):
        nw, ground, at = copper.net_network(board, k, net, entry, [(led, pad) for led in leds])
        nw.solve(ground, {node: sign / len(leds) for node in at.values()})  # 1 A in all
        per[net] = (nw, at)
    cap_a = cap_for_supply(pins.SUPPLY_MA) / 1000.0
    worst = None
    for led in leds:
        drop = -per["+5V"][0].v[per["+5V"][1][(led, VDD)]] + per["GND"][0].v[per["GND"][1][(led, GND)]]
        if worst is None or drop > worst[0]:
            worst = (drop, led)
    draw_a = cap_a + BOARD_MA / 1000.0
    fuse_v = draw_a * FUSE_OHM
    fets_v = draw_a * FET_STAGE_OHM

    def ohms(net, entry, out):
        """The copper of one net between two pads: 1 A in at one, out at the other."""
        nw, ground, at = copper.net_network(board, k, net, entry, [out])
        nw.solve(ground, {at[out]: 1.0})
        return nw, -nw.v[at[out]]

    # The input's copper before the FETs: J1 to F1 (VIN), F1 to Q301's drains (VIN_F,
    # where its trunk ends), all the board's current. Then two ways through the FETs,
    # each two FETs in series with its own copper (the packages' own leads not counted):
    # Q301, the sources' join (PROT_S, pad 1 to pad 1), Q302; or along the VIN_F bar to
    # Q304's nearest drain, its pair's join, Q305 and from its nearest drain along the
    # +5V bar back to Q302's pad 5, where the +5V copper solved above starts. The two in
    # parallel.
    inlet = {name: ohms(*spec) for name, spec in (
        ("VIN", ("VIN", ("J1", "1"), ("F1", "1"))), ("VIN_F", ("VIN_F", ("F1", "2"), ("Q301", "5"))))}
    branch = {name: ohms(*spec) for name, spec in (
        ("PROT_S Q301-Q302", ("PROT_S", ("Q302", "1"), ("Q301", "1"))),
        ("VIN_F bar", ("VIN_F", ("Q301", "5"), ("Q304", "8"))),
        ("PROT_S Q304-Q305", ("PROT_S", ("Q305", "1"), ("Q304", "1"))),
        ("+5V bar", ("+5V", ("Q302", "5"), ("Q305", "5"))))}
    a_cu = branch["PROT_S Q301-Q302"][1]
    b_cu = sum(ohm for name, (_, ohm) in branch.items() if name != "PROT_S Q301-Q302")

    def stage(fet_ohm):
        ra, rb = 2 * fet_ohm + a_cu, 2 * fet_ohm + b_cu
        return ra * rb / (ra + rb), rb / (ra + rb)  # the stage's ohms; the share through Q301

    stage_ohm, share_a = stage(FET_OHM)
    front_ohm = sum(ohm for _, ohm in inlet.values())
    # "input copper": J1 to Q301 and the FETs' own copper (the stage less the FETs alone)
    inlet_v = (front_ohm + stage_ohm - FET_STAGE_OHM) * draw_a
    heat_a = (pins.SUPPLY_MA - BOARD_MA) / 1000.0
    tracks = [(name, w, abs(i) * heat_a) for nw, _ in per.values() for name, w, i in nw.currents() if w]
    tracks += [(name, w, abs(i) * pins.SUPPLY_MA / 1000.0) for nw, _ in inlet.values()
               for name, w, i in nw.currents() if w]
    # each way through the FETs at its share of the whole current (the VIN_F bar, Q304's
    # pair and the +5V bar carry the other's)
    tracks += [(name, w, abs(i) * pins.SUPPLY_MA / 1000.0 * (share_a if key == "PROT_S Q301-Q302" else
                                                             1.0 - share_a))
               for key, (nw, _) in branch.items() for name, w, i in nw.currents() if w]
    hottest = max(tracks, key=lambda t: copper.ipc_rise(t[2], t[1]))
    return {"worst_led_volts": JACK_V - fuse_v - fets_v - inlet_v - worst[0] * cap_a, "worst_led": worst[1],
            "copper_drop_v": worst[0] * cap_a, "fuse_v": fuse_v, "fets_v": fets_v, "inlet_v": inlet_v,
            # what the stage's FETs at their datasheet maximum add to the typical figures
            "fets_max_v": fets_v + (stage(FET_OHM_MAX)[0] - stage_ohm) * draw_a,
            "share_a": share_a,
            "max_track_amps": max(t[2] for t in tracks), "max_rise_c": copper.ipc_rise(hottest[2], hottest[1]),
            "hottest": hottest}


def fill_zones(k, path):
    """Fill the saved board's zones (KiCad 6's filler crashes on a board built in
    memory: it wants one loaded from a file) and save it again."""
    board = k.LoadBoard(path)
    k.ZONE_FILLER(board).Fill(board.Zones())
    k.SaveBoard(path, board)


def outputs(lay, tmp):
    """{relative path: bytes} of everything `make pcb` writes, made in `tmp`: the board,
    its fab files and pictures, the switch plate's and the case's files."""
    k = lay.k
    path = os.path.join(tmp, BOARD_FILE)
    k.SaveBoard(path, lay.board)
    fill_zones(k, path)
    with open(path, encoding="utf-8") as f:
        text = _stable_uuids(f.read())
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    files = {BOARD_FILE: text.encode()}
    board = k.LoadBoard(path)
    plot_dir = os.path.join(tmp, "gerbers")
    plot_fab(k, board, plot_dir)
    from hardware import pcbrender

    for side, rel in (("F", FRONT_PNG), ("B", BACK_PNG)):
        files[rel] = pcbrender.png(board, k, side, WIDTH, HEIGHT)
    bom, cpl = assembly_rows(lay)
    files[PREVIEW_PNG] = preview_png(lay, board, cpl)
    files[BOM_FILE] = _csv(("Comment", "Designator", "Footprint", "LCSC Part #"), bom).encode()
    files[CPL_FILE] = _csv(("Designator", "Mid X", "Mid Y", "Layer", "Rotation"), cpl).encode()
    files[COST_FILE] = cost_csv(lay).encode()
    files[FINISHED_COST_FILE] = finished_cost_csv(lay).encode()
    members = {name: data for name, data in gerbers(plot_dir).items()}
    members[os.path.basename(BOM_FILE)] = files[BOM_FILE]
    members[os.path.basename(CPL_FILE)] = files[CPL_FILE]
    files[FAB_ZIP] = zip_bytes(members)
    from hardware import case, plate

    files.update(plate.outputs(k, tmp))
    files.update(case.outputs())
    return files, sorted(members)


def plot_fab(k, board, plot_dir, paste=True):
    """Gerbers of the (saved) board's layers and its Excellon drill files into
    `plot_dir`, named after its file: what a board house takes."""
    os.makedirs(plot_dir)
    pc = k.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(plot_dir)
    po.SetPlotFrameRef(False)
    po.SetUseGerberProtelExtensions(True)
    po.SetUseGerberX2format(False)
    po.SetIncludeGerberNetlistInfo(False)
    po.SetCreateGerberJobFile(False)
    po.SetSubtractMaskFromSilk(True)
    po.SetUseAuxOrigin(False)
    layers = [("F_Cu", k.F_Cu), ("B_Cu", k.B_Cu), ("F_Mask", k.F_Mask), ("B_Mask", k.B_Mask),
              ("F_Paste", k.F_Paste), ("B_Paste", k.B_Paste), ("F_Silkscreen", k.F_SilkS),
              ("B_Silkscreen", k.B_SilkS), ("Edge_Cuts", k.Edge_Cuts)]
    for layer_name, layer in layers:
        if paste or "Paste" not in layer_name:
            pc.SetLayer(layer)
            pc.OpenPlotfile(layer_name, k.PLOT_FORMAT_GERBER, layer_name)
            pc.PlotLayer()
    pc.ClosePlot()
    drill = k.EXCELLON_WRITER(board)
    drill.SetMapFileFormat(k.PLOT_FORMAT_GERBER)
    drill.SetOptions(False, True, k.wxPoint(0, 0), False)  # mirror, minimal header, origin, merge
    drill.SetFormat(True)  # metric
    drill.CreateDrillandMapFilesSet(plot_dir, True, False)


def gerbers(plot_dir):
    """{file name: bytes} of a plot_fab() directory, without the run's date."""
    out = {}
    for name in sorted(os.listdir(plot_dir)):
        with open(os.path.join(plot_dir, name), encoding="utf-8") as f:
            out[name] = _undated(f.read()).encode()
    return out


def zip_bytes(members):
    """A zip of {name: bytes} that is the same bytes each run (fixed dates and modes)."""
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, members[name])
    return buf.getvalue()


def main(argv=None):
    import argparse
    import sys
    import tempfile
    import time

    from drivers.pixels_setup import cap_for_supply

    ap = argparse.ArgumentParser(prog="python -m hardware.pcb", description=__doc__)
    ap.add_argument("--out", default=HERE, help="where to write (default: hardware/pcb/)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; fail if a file in --out is not what this makes now")
    args = ap.parse_args(argv)
    start = time.time()
    try:
        lay = build()
    except ValueError as e:  # LayoutError, RouteError, a pin map the circuit refuses
        print("pcb: %s" % e, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        files, members = outputs(lay, tmp)
        errors, unconnected, report, violations = drc(os.path.join(tmp, BOARD_FILE))
        power = supply_figures(lay.k, os.path.join(tmp, BOARD_FILE))
    print("BENCH pcb_worst_led_volts %.3f" % power["worst_led_volts"])
    print("BENCH pcb_max_track_amps %.3f" % power["max_track_amps"])
    print("BENCH pcb_max_rise_c %.2f" % power["max_rise_c"])
    # the FETs at the AO4407A's datasheet maximum at VGS -5 V instead (parts.FET_OHM_MAX):
    # held to MIN_LED_V too (the FETs are bought, not picked)
    fets_max_volts = power["worst_led_volts"] - power["fets_max_v"] + power["fets_v"]
    print("BENCH pcb_worst_led_volts_fets_max %.3f" % fets_max_volts)
    print("pcb: worst LED %s: %.3f V (copper %.3f V both ways, F1 %.3f V, the FETs %.3f V, input copper "
          "%.3f V) at the %d mA cap; hottest: %s, "
          "%.2f A at %d mA" % (power["worst_led"], power["worst_led_volts"], power["copper_drop_v"],
                               power["fuse_v"], power["fets_v"], power["inlet_v"],
                               cap_for_supply(pins.SUPPLY_MA), power["hottest"][0],
                               power["hottest"][2], pins.SUPPLY_MA))
    broken = []
    if power["worst_led_volts"] < MIN_LED_V:
        broken.append("the worst LED, %s, sees %.3f V, under %g V" % (
            power["worst_led"], power["worst_led_volts"], MIN_LED_V))
    if fets_max_volts < MIN_LED_V:
        broken.append("with the FETs at their datasheet maximum the worst LED, %s, sees %.3f V, under %g V" % (
            power["worst_led"], fets_max_volts, MIN_LED_V))
    if power["max_rise_c"] > RISE_C:
        broken.append("%s carries %.2f A: %.1f degC over %g (IPC-2221)" % (
            power["hottest"][0], power["hottest"][2], power["max_rise_c"], RISE_C))
    for text in broken:
        print("pcb: %s" % text, file=sys.stderr)
    for kind, text, where in violations:
        print("DRC %s: %s\n%s" % (kind, text, where.rstrip()), file=sys.stderr)
    print("pcb: %d x %d mm, %d footprints, %d tracks and vias; %d strip routes; supply buses %.1f mm "
          "(IPC-2221, %g degC rise at %d mA), row power %.1f mm (%.2f A)"
          % (WIDTH, HEIGHT, len(lay.fps), len(lay.board.GetTracks()), len(lay.routed), BUS_MM, RISE_C,
             pins.SUPPLY_MA, ROW_POWER_MM, ipc_amps(ROW_POWER_MM)))
    print("DRC: %d violations, %d unconnected" % (errors, unconnected))
    if errors or unconnected or broken:
        print("pcb: the board breaks KiCad's design rules or the supply's limits (above): nothing written",
              file=sys.stderr)
        return 1
    from hardware.generate import write_files

    stale = write_files(files, args.out, args.check)
    print("pcb: done in %.0f s" % (time.time() - start))
    if stale:
        print("out of date (run make pcb): %s" % ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    import sys

    import hardware  # noqa: F401  (firmware/ on the path)
    sys.exit(main())
