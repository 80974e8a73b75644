# The PCB, the switch plate and the case fit together, read back from the files a fab
# and a laser cutter take (hardware/pcb/, made by `make pcb`; test_pcb.py holds them to
# what it makes now): every M3 hole of the PCB's drill file has its hole in the case's
# bottom sheet and, where the plate covers it, in the plate (its DXF and its own drill
# file) within 0.2 mm; the plate has a 14.0 mm cut-out over every switch; the case's
# wall opens where the Pico's USB port and the jack meet it.
import csv
import os
import re
import zipfile

import hardware  # noqa: F401  (firmware/ on the path)
from hardware import dxf, mechanics, pcb, plate

HERE = os.path.join(os.path.dirname(hardware.__file__), "pcb")
M3 = 3.2
TOL = 0.2


def drill_holes(zip_name, member, diameter=M3):
    """[(x, y)] of an Excellon file's holes of one diameter, y down as on the board."""
    with zipfile.ZipFile(os.path.join(HERE, zip_name)) as z:
        text = z.read(member).decode()
    tools = {t: float(d) for t, d in re.findall(r"^(T\d+)C([\d.]+)$", text, re.M)}
    out, tool = [], None
    for line in text.splitlines()[text.splitlines().index("%"):]:
        if re.match(r"^T\d+$", line):
            tool = line
        m = re.match(r"^X([-\d.]+)Y([-\d.]+)$", line)
        if m and abs(tools[tool] - diameter) < 1e-6:
            out.append((float(m.group(1)), -float(m.group(2))))
    return out


def dxf_file(rel):
    with open(os.path.join(HERE, rel), encoding="utf-8") as f:
        return dxf.read(f.read())


def footprint_at(ref):
    """(x, y) of a footprint in the PCB's file, by its reference."""
    with open(os.path.join(HERE, "board.kicad_pcb"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r'\(at ([-\d.]+) ([-\d.]+)(?: [-\d.]+)?\)\n(?:.*\n){0,3}?\s*\(fp_text reference "%s"' % ref, text)
    return float(m.group(1)), float(m.group(2))


def near(p, holes):
    return min(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 for q in holes)


def outline_box(lines):
    xs = [v for x0, _, x1, _ in lines for v in (x0, x1)]
    ys = [v for _, y0, _, y1 in lines for v in (y0, y1)]
    return min(xs), min(ys), max(xs), max(ys)


def test_every_pcb_hole_has_its_plate_and_case_hole():
    pcb_holes = drill_holes(pcb.FAB_ZIP, "board-NPTH.drl")
    assert len(pcb_holes) >= 9 + 4  # the cell corners and the board's corners at least
    plate_lines, plate_circles = dxf_file("plate/plate.dxf")
    plate_dxf = [(x, y) for x, y, d in plate_circles if abs(d - M3) < 1e-6]
    plate_fab = drill_holes(plate.FAB_ZIP, "plate-NPTH.drl")
    _, bottom_circles = dxf_file("case/bottom.dxf")
    case = [(x, y) for x, y, d in bottom_circles]
    x0, y0, x1, y1 = outline_box(plate_lines)
    covered = [p for p in pcb_holes if x0 < p[0] < x1 and y0 < p[1] < y1]
    for p in pcb_holes:
        assert near(p, case) <= TOL, "PCB hole at %s: no case hole" % (p,)
    for p in covered:
        assert near(p, plate_dxf) <= TOL and near(p, plate_fab) <= TOL, "PCB hole at %s: no plate hole" % (p,)
    for p in plate_dxf + plate_fab:
        assert near(p, pcb_holes) <= TOL, "plate hole at %s: no PCB hole under it" % (p,)
    # the corners, and along the strip where the plugs push, on both sides of the jack
    w, h = max(x for x, _ in pcb_holes) + 4, max(y for _, y in pcb_holes) + 4
    for corner in ((4, 4), (w - 4, 4), (4, h - 4), (w - 4, h - 4)):
        assert near(corner, pcb_holes) <= TOL
    jx = footprint_at("J1")[0]
    assert any(x < jx and y > h - 10 for x, y in pcb_holes) and any(x > jx and y > h - 10 for x, y in pcb_holes)


def test_the_plate_has_a_14mm_cutout_over_every_switch():
    lines, _ = dxf_file("plate/plate.dxf")
    sides = [(x0, y0, x1, y1) for x0, y0, x1, y1 in lines
             if abs(abs(x1 - x0) + abs(y1 - y0) - 14.0) < 1e-3]
    centres = set()
    for x0, y0, x1, y1 in sides:
        if y0 == y1 and x1 > x0:  # a square's top side, drawn left to right
            centres.add((round((x0 + x1) / 2, 2), round(y0 + 7.0, 2)))
    for n in range(1, 145):
        assert near(footprint_at("SW%d" % n), centres) <= TOL, "SW%d: no cut-out" % n
    assert len(centres) == 144


def test_the_case_wall_opens_at_the_usb_port_and_the_jack():
    pico_x, pico_y = footprint_at("U1")
    jack_x, _ = footprint_at("J1")
    lines, _ = dxf_file("case/ring-openings.dxf")
    inner_left = min(x for x0, _, x1, _ in lines for x in (x0, x1) if x > -5)  # the ring's inside
    # no wall line crosses the USB port's axis left of the board, nor the jack's below it
    left = [(x0, y0, x1, y1) for x0, y0, x1, y1 in lines if x0 == x1 and x0 < 0
            and min(y0, y1) < pico_y < max(y0, y1)]
    bottom_y = max(y for _, y0, _, y1 in lines for y in (y0, y1))
    below = [(x0, y0, x1, y1) for x0, y0, x1, y1 in lines if y0 == y1 and y0 > bottom_y - 12
             and min(x0, x1) < jack_x < max(x0, x1)]
    assert inner_left < 0 and left == [] and below == []
    assert pico_x - 25.5 < 2.0  # the Pico's USB end within 2 mm of the board's left edge


def board_outline():
    """(x0, y0, x1, y1) of the PCB's Edge.Cuts lines in its file (not a footprint's)."""
    with open(os.path.join(HERE, "board.kicad_pcb"), encoding="utf-8") as f:
        text = f.read()
    pts = [(float(a), float(b)) for a, b in re.findall(
        r'^  \(gr_line \(start ([-\d.]+) ([-\d.]+)\) \(end [-\d.]+ [-\d.]+\) \(layer "Edge.Cuts"\)', text, re.M)]
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))


def rectangles(lines):
    """The axis-aligned rectangles that a DXF's LINEs close, as (x0, y0, x1, y1)."""
    out = []
    horiz = [(min(x0, x1), y0, max(x0, x1)) for x0, y0, x1, y1 in lines if y0 == y1]
    vert = {(x0, min(y0, y1), max(y0, y1)) for x0, y0, x1, y1 in lines if x0 == x1}
    for xa, ya, xb in horiz:
        for xc, yc, xd in horiz:
            if (xc, xd) == (xa, xb) and yc > ya and (xa, ya, yc) in vert and (xb, ya, yc) in vert:
                out.append((xa, ya, xb, yc))
    return out


def test_the_case_closes_over_the_board_the_plate_and_the_parts():
    with open(os.path.join(HERE, "case", "layers.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    # the sheets stack without a gap, from the bottom sheet to the lid
    zs = [(float(r["z_bottom_mm"]), float(r["z_top_mm"])) for r in rows]
    assert all(a[1] == b[0] for a, b in zip(zs, zs[1:])) and rows[-1]["file"] == "lid.dxf"
    lid_z = zs[-1][0]
    pcb_top = zs[0][1] + mechanics.STANDOFF_BELOW_MM + 1.6  # on its standoffs, 1.6 mm thick
    plate_top = pcb_top + mechanics.PLATE_GAP_MM + mechanics.PLATE[1]
    assert plate_top - pcb_top == 5.0  # an MX switch's plate top over the PCB
    # under the lid: the strip's tallest part standing (C1, a 10 x 12.5 mm can), the
    # plate and the switches' housings over it; the keycaps come up through its opening
    assert lid_z - pcb_top >= mechanics.STRIP_PART_MM >= 12.5
    # a keycap's top stands over the lid's top: pressed from above, not from inside a well
    assert plate_top + mechanics.HOUSING[1] + mechanics.KEYCAP[1] > zs[-1][1]
    lid_lines, lid_circles = dxf_file("case/lid.dxf")
    box = outline_box(lid_lines)
    opening = [r for r in rectangles(lid_lines) if r != box]
    assert len(opening) == 1
    ox0, oy0, ox1, oy1 = opening[0]
    half = mechanics.KEYCAP[2] / 2 + 1.0  # an 18 mm keycap and 1 mm of play
    for n in range(1, 145):
        x, y = footprint_at("SW%d" % n)
        assert ox0 <= x - half and x + half <= ox1 and oy0 <= y - half and y + half <= oy1, "SW%d" % n
    # the ring holds the PCB and the plate with at most 1 mm of play each way, and its
    # bolts stand clear of the board
    ring_lines, ring_circles = dxf_file("case/ring.dxf")
    inner = [r for r in rectangles(ring_lines) if r != outline_box(ring_lines)]
    assert len(inner) == 1
    ix0, iy0, ix1, iy1 = inner[0]
    bx0, by0, bx1, by1 = board_outline()
    px0, py0, px1, py1 = outline_box(dxf_file("plate/plate.dxf")[0])
    for x0, y0, x1, y1 in ((bx0, by0, bx1, by1), (px0, py0, px1, py1)):
        assert 0 < x0 - ix0 <= 1 and 0 < y0 - iy0 <= 1 and 0 < ix1 - x1 <= 1
    assert 0 < iy1 - by1 <= 1
    for x, y, d in ring_circles:
        assert not (bx0 - d < x < bx1 + d and by0 - d < y < by1 + d), (x, y)
    # the notched sheets span the plugs: the Pico's USB socket (its 1 mm board and the
    # 3.2 mm socket on it) and the jack's 11 mm body, standing on the PCB
    notched = [z for r, z in zip(rows, zs) if r["file"] == "ring-openings.dxf"]
    assert min(a for a, _ in notched) <= pcb_top and max(b for _, b in notched) >= pcb_top + 11.0
    # the lid opens over the buzzer's sound port and the reset button
    for ref in ("BZ1", "SW201"):
        assert near(footprint_at(ref), [(x, y) for x, y, _ in lid_circles]) <= TOL, ref
