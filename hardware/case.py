# The case (made by `make pcb`, into hardware/pcb/case/): a stack of laser-cut 3 mm
# sheets (acrylic or plywood), bolted through its wall with M3 bolts. Laser-cut layers,
# not a 3D print: the case is about 356 x 385 mm, over the 256 mm bed of common
# printers, and every part is flat. From the bottom: the bottom sheet with the PCB's
# M3 holes (the PCB stands on standoffs there); rings around the PCB and the plate, with
# notches where the Pico's USB port and the jack meet the wall; a lid over the rim and
# the strip's parts, open over the keys. Heights from mechanics.py; holes from the PCB.
import math
import os

from hardware import dxf, mechanics, pcb

SHEET_MM = 3.0
WALL_MM = 10.0  # the ring's width around the PCB
CLEAR_MM = 0.5  # the PCB and the plate to the ring's inside
BOLT_MM = mechanics.M3_HOLE_MM
DIR = "case"
PNG = os.path.join(DIR, "case.png")
USB_DY = pcb.PICO_DY  # the Pico's centre below the strip's top: its USB port's axis
JACK_DX = 0.7  # the jack's body centre right of its pin 1 (footprints.py: -4.6 .. 6.0)
OPENING_MM = 14.0  # a notch's width: a plug's grip, 11-12 mm, and room
SOUND_MM = 8.0  # the lid's hole over the buzzer (its 12 mm body's sound port, centred)
RESET_MM = 4.0  # ... and over the reset button: a pen's tip reaches it through the lid
PCB_TOP = mechanics.STANDOFF_BELOW_MM + 1.6  # above the bottom sheet's top


def rings():
    """Sheets between the bottom and the lid: enough to stand above the strip's tallest
    part (mechanics.STRIP_PART_MM)."""
    return math.ceil((PCB_TOP + mechanics.STRIP_PART_MM) / SHEET_MM)


def openings():
    """[(side, from, to)] of the wall's notches, in mm along that side: the USB port on
    the left side (y), the jack on the bottom (x)."""
    usb = pcb.SY + USB_DY
    jack = pcb.GX + pcb.JACK_X + JACK_DX
    h = OPENING_MM / 2
    return [("left", usb - h, usb + h), ("bottom", jack - h, jack + h)]


def _rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


INNER = (-CLEAR_MM, -CLEAR_MM, pcb.WIDTH + CLEAR_MM, pcb.HEIGHT + CLEAR_MM)
OUTER = (INNER[0] - WALL_MM, INNER[1] - WALL_MM, INNER[2] + WALL_MM, INNER[3] + WALL_MM)


def bolts():
    """The wall's M3 bolts: the corners and each side's middle, on the wall's centre line."""
    m = WALL_MM / 2
    x0, y0, x1, y1 = OUTER[0] + m, OUTER[1] + m, OUTER[2] - m, OUTER[3] - m
    pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1),
           (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)]
    return [(x, y, BOLT_MM) for x, y in pts]


def _along(rect, s):
    """The point `s` mm along a rectangle's edge, clockwise from its top-left corner."""
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    s %= 2 * (w + h)
    if s <= w:
        return (x0 + s, y0)
    if s <= w + h:
        return (x1, y0 + s - w)
    if s <= 2 * w + h:
        return (x1 - (s - w - h), y1)
    return (x0, y1 - (s - 2 * w - h))


def _param(rect, side, v):
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    return {"top": v - x0, "right": w + v - y0, "bottom": w + h + x1 - v, "left": 2 * w + h + y1 - v}[side]


def ring_pieces(gaps):
    """The ring as closed outlines: one piece between each notch and the next (no
    notch: the outer and the inner outline)."""
    if not gaps:
        return [_rect(*OUTER), _rect(*INNER)]
    cuts = sorted((_param(OUTER, side, lo), _param(OUTER, side, hi), side, lo, hi) for side, lo, hi in gaps)
    # along a side the clockwise order runs against the coordinate on bottom and left
    cuts = [(min(a, b), max(a, b), side, lo, hi) for a, b, side, lo, hi in cuts]
    pieces = []
    for i, (_a, b, side, lo, hi) in enumerate(cuts):
        na, _nb, nside, nlo, nhi = cuts[(i + 1) % len(cuts)]
        start_v = hi if side in ("top", "right") else lo
        end_v = nlo if nside in ("top", "right") else nhi
        outs, ins = [], []
        for rect, out in ((OUTER, outs), (INNER, ins)):
            s0, s1 = _param(rect, side, start_v), _param(rect, nside, end_v)
            per = 2 * (rect[2] - rect[0] + rect[3] - rect[1])
            if s1 <= s0:
                s1 += per
            corners = [c for c in (rect[2] - rect[0], rect[2] - rect[0] + rect[3] - rect[1],
                                   2 * (rect[2] - rect[0]) + rect[3] - rect[1], per)
                       for c in (c, c + per) if s0 < c < s1]
            out += [_along(rect, s) for s in [s0] + sorted(corners) + [s1]]
        pieces.append(outs + ins[::-1])
    return pieces


def lid_holes():
    """The lid's holes over the strip: the buzzer's sound and the reset button."""
    return [(pcb.GX + pcb.BUZZER_AT[0], pcb.SY + pcb.BUZZER_AT[1], SOUND_MM),
            (pcb.GX + pcb.RESET_AT[0], pcb.SY + pcb.RESET_AT[1], RESET_MM)]


def layers():
    """[(name, z of its underside, outlines, cut-outs, holes)] from the bottom up."""
    holes = [(x, y, BOLT_MM) for x, y in pcb.mount_holes()]
    out = [("bottom", -SHEET_MM, [_rect(*OUTER)], [], holes + bolts())]
    top = PCB_TOP + mechanics.STRIP_PART_MM
    for i in range(rings()):
        z = i * SHEET_MM
        notched = z + SHEET_MM > PCB_TOP and z < top  # the sheets beside the plugs
        pieces = ring_pieces(openings() if notched else [])
        outlines, cuts = (pieces, []) if notched else (pieces[:1], pieces[1:])
        out.append(("ring-openings" if notched else "ring", z, outlines, cuts, bolts()))
    keys = (pcb.GX, pcb.GY, pcb.GX + pcb.N * pcb.P, pcb.GY + pcb.N * pcb.P)  # open over the keys
    out.append(("lid", rings() * SHEET_MM, [_rect(*OUTER)], [_rect(*keys)], bolts() + lid_holes()))
    return out


def outputs():
    """{relative path: bytes}: one DXF per kind of sheet, how many of each and where
    they go (layers.csv), and the exploded picture."""
    from hardware import mechrender

    files, rows, seen = {}, [], {}
    for name, z, outs, cuts, holes in layers():
        rel = os.path.join(DIR, "%s.dxf" % name)
        files[rel] = dxf.write(outs + cuts, holes).encode()
        seen[name] = seen.get(name, 0) + 1
        rows.append("%s,%.1f,%.1f,%d" % (os.path.basename(rel), z, z + SHEET_MM, len(outs)))
    files[os.path.join(DIR, "layers.csv")] = (
        "file,z_bottom_mm,z_top_mm,pieces\n" + "\n".join(rows) + "\n").encode()
    colours = {"bottom": (120, 120, 130), "ring": (200, 170, 120), "ring-openings": (215, 140, 90),
               "lid": (120, 120, 130)}
    pictured = []
    for name, z, outs, cuts, holes in layers():
        pictured.append(("%s, z %.0f mm" % (name, z), outs, cuts, holes, colours[name]))
    plate_loops, plate_holes = _plate()
    at = len([lay for lay in layers() if lay[1] < PCB_TOP])
    pictured.insert(at, ("PCB on %g mm standoffs" % mechanics.STANDOFF_BELOW_MM,
                         [_rect(0, 0, pcb.WIDTH, pcb.HEIGHT)], [], [(x, y, BOLT_MM) for x, y in pcb.mount_holes()],
                         (30, 110, 60)))
    pictured.insert(at + 1, ("switch plate, %g mm above the PCB" % (mechanics.PLATE_GAP_MM),
                             plate_loops[:1], plate_loops[1:], plate_holes, (170, 180, 185)))
    files[PNG] = mechrender.exploded_png(
        pictured, "the case, exploded: %d sheets of %g mm, %g mm wall, openings for USB (left) and the jack "
        "(front)" % (len(layers()), SHEET_MM, WALL_MM))
    return files


def _plate():
    from hardware import plate

    loops, holes = plate.geometry()
    return loops, holes
