# The switch plate (made by `make pcb`, into hardware/pcb/plate/): 1.5 mm, a 14.0 mm
# square cut-out at every switch (mechanics.CUTOUT_MM), the PCB's M3 holes where it
# covers them, over the cells and the strip's top bar; the strip's parts below it (the
# Pico, the jack, C1, the buzzer) stand taller than the 3.5 mm under the plate, so the
# case's lid covers them instead. One outline, two files: plate.dxf for a laser
# cutter (acrylic or aluminium) and plate.kicad_pcb with its Gerbers for a PCB fab,
# which makes it in FR4 (insulating: the plate floats 3.5 mm above the column tracks).
import os

from hardware import dxf, mechanics, pcb

BOTTOM = pcb.SY + 17.0  # the plate's lower edge: 5 mm below the strip's top holes
DIR = "plate"
DXF_FILE = os.path.join(DIR, "plate.dxf")
BOARD_FILE = os.path.join(DIR, "plate.kicad_pcb")
FAB_ZIP = os.path.join(DIR, "plate-rev%s-fab.zip" % pcb.REVISION)
PNG = os.path.join(DIR, "plate.png")


def geometry():
    """(loops, holes): the outline and the cut-outs [(x, y), ...], the M3 holes
    [(x, y, diameter)], in the PCB's coordinates (mm, y down)."""
    loops = [[(0.0, 0.0), (pcb.WIDTH, 0.0), (pcb.WIDTH, BOTTOM), (0.0, BOTTOM)]]
    h = mechanics.CUTOUT_MM / 2
    for r in range(pcb.N):
        for c in range(pcb.N):
            x, y = pcb.cell_centre(r, c)
            loops.append([(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)])
    holes = [(x, y, mechanics.M3_HOLE_MM) for x, y in pcb.mount_holes() if y < BOTTOM]
    return loops, holes


def kicad_board(k):
    """The plate as a KiCad board: its outline and cut-outs on Edge.Cuts, its holes
    unplated, no copper; its name on the silkscreen."""
    from hardware.footprints import place

    board = k.BOARD()
    loops, holes = geometry()
    for loop in loops:
        for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1]):
            s = k.PCB_SHAPE(board)
            s.SetShape(k.SHAPE_T_SEGMENT)
            s.SetLayer(k.Edge_Cuts)
            s.SetWidth(k.FromMM(0.1))
            s.SetStart(k.wxPointMM(ax, ay))
            s.SetEnd(k.wxPointMM(bx, by))
            board.Add(s)
    for i, (x, y, _d) in enumerate(holes):
        place(board, "MountingHole_M3", "H%d" % (i + 1), "M3", x, y)
    t = k.PCB_TEXT(board)
    t.SetText("%s switch plate rev %s: %g mm FR4, no copper" % (pcb.BOARD_NAME, pcb.REVISION, mechanics.PLATE[1]))
    t.SetLayer(k.F_SilkS)
    t.SetTextSize(k.wxSizeMM(2.0, 2.0))
    t.SetTextThickness(k.FromMM(0.3))
    t.SetPosition(k.wxPointMM(pcb.WIDTH / 2, BOTTOM - 3.0))
    board.Add(t)
    return board


def outputs(k, tmp):
    """{relative path: bytes}: the DXF, the KiCad board, its fab zip, a picture."""
    from hardware import mechrender

    loops, holes = geometry()
    files = {DXF_FILE: dxf.write(loops, holes).encode()}
    path = os.path.join(tmp, "plate.kicad_pcb")
    k.SaveBoard(path, kicad_board(k))
    with open(path, encoding="utf-8") as f:
        text = pcb._stable_uuids(f.read())
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    files[BOARD_FILE] = text.encode()
    plot_dir = os.path.join(tmp, "plate-gerbers")
    pcb.plot_fab(k, k.LoadBoard(path), plot_dir, paste=False)
    files[FAB_ZIP] = pcb.zip_bytes(pcb.gerbers(plot_dir))
    title = "switch plate, %g mm: %d MX cut-outs of %g mm, %d M3 holes" % (
        mechanics.PLATE[1], len(loops) - 1, mechanics.CUTOUT_MM, len(holes))
    files[PNG] = mechrender.flat_png(loops[:1], loops[1:], holes, title)
    return files
