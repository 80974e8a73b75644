# The assembly house's conventions for the placement (CPL) file, in one place: where
# its part library puts each part's origin and pin 1, and how it reads a position and a
# rotation, bottom side included. pcb.py writes the CPL with `cpl_line`; the test reads
# the CPL back and places each part's pads with `fab_pads`, independently of KiCad.
#
# JLCPCB (and the kicad-jlcpcb-tools plugin its users share): positions in mm from the
# board's origin, y up; a top part turned anticlockwise by its rotation, seen from the
# top; a bottom part turned anticlockwise by its rotation seen from the bottom, i.e.
# as seen from the top its pads are mirrored left-right (KiCad's raw bottom rotations
# read 180 degrees off for 0/180 degree parts: the CPL's is 180 - KiCad's).
import math

from hardware.footprints import FOOTPRINTS

# The fab's library part of each footprint: its origin in our footprint's frame (as
# seen from the part's own side, mm, y down) and its zero orientation against ours.
# The Kailh socket's part (LCSC C2803348) is centred on its body: midway between its
# two solder tabs, (-0.62, -3.81) mm from the switch's centre seen from the switch's
# side. The others are centred on their pads, pin 1 as our tables draw it (two-pad
# parts pin 1 left, SOT-23 pin 3 up, SOIC pin 1 bottom left, the SK6812MINI-E pin 1
# (GND) as its current datasheet draws it): an assumption to check in the fab's preview.
ORIGIN = {"SW_MX_Hotswap_Kailh": (-0.6215, -3.81)}
ZERO_DEG = {}


def component_side(name):
    """{pad number: (x, y)} of a footprint seen from its part's own side, y up."""
    spec = FOOTPRINTS[name]
    sx = -1 if spec.get("top_view") else 1  # a table drawn from the switch's side
    out = {}
    for num, _kind, x, y, *_ in spec["pads"]:
        out.setdefault(num, []).append((sx * x, -y))
    return out


def library_pads(name):
    """{pad number: [(x, y)]} of the fab's part at rotation 0, about its origin, y up."""
    spec = FOOTPRINTS[name]
    ox, oy = ORIGIN.get(name, (0.0, 0.0))
    ox, oy = (-ox if spec.get("top_view") else ox), -oy
    a = math.radians(-ZERO_DEG.get(name, 0.0))
    c, s = math.cos(a), math.sin(a)
    return {n: [(c * (x - ox) - s * (y - oy), s * (x - ox) + c * (y - oy)) for x, y in pts]
            for n, pts in component_side(name).items()}


def fab_pads(name, x, y, layer, rotation):
    """Where the fab puts each pad of part `name` for a CPL line (x, y mm, y up; layer
    "Top" or "Bottom"; rotation in degrees): {pad number: [(x, y)]}, y up."""
    a = math.radians(rotation)
    c, s = math.cos(a), math.sin(a)
    mirror = -1 if layer == "Bottom" else 1
    return {n: [(x + mirror * (c * px - s * py), y + s * px + c * py) for px, py in pts]
            for n, pts in library_pads(name).items()}


def cpl_line(name, x, y, bottom, kicad_deg):
    """(Mid X, Mid Y, Layer, Rotation) for a part placed by hardware/footprints.place at
    (x, y) mm (KiCad's y down), turned kicad_deg, on the bottom or not."""
    spec = FOOTPRINTS[name]
    # place() draws a table on the bottom as KiCad flips it (mirrored top to bottom), a
    # table drawn from the top (the socket) mirrored first: seen from the top, the part
    # is its component-side view mirrored left-right and turned kicad_deg + phi.
    phi = 0.0 if spec.get("top_view") or not bottom else 180.0
    ox, oy = ORIGIN.get(name, (0.0, 0.0))
    ox, oy = (-ox if spec.get("top_view") else ox), -oy  # component side, y up
    if bottom:
        ox = -ox
    a = math.radians(kicad_deg + phi)
    mx, my = x + math.cos(a) * ox - math.sin(a) * oy, -y + math.sin(a) * ox + math.cos(a) * oy
    zero = ZERO_DEG.get(name, 0.0)
    rot = (zero - kicad_deg - phi) if bottom else (kicad_deg + zero)
    return round(mx, 3), round(my, 3), "Bottom" if bottom else "Top", round(rot % 360, 3) % 360
