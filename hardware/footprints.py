# The PCB's footprints, defined in code (Debian's KiCad ships no footprint libraries,
# and CI would have to fetch 1 GB of them): each is a small table of pads, holes and
# outline, in mm, as its datasheet draws it seen from the top, with the datasheet's
# figures kept beside it so that tests/host/test_pcb.py checks one against the other.
# `place(board, name, ...)` turns a table into a KiCad footprint (pcbnew only there).
#
# Pad: (number, kind, x, y, width, height, drill, shape); kind "smd" | "pth";
# shape "rect" | "circle" | "oval" | "roundrect". Hole: (x, y, diameter), unplated.
# Silk: pin-1 and polarity marks on the part's own side ("dot" x, y, r; "line" x0, y0,
# x1, y1, width; "plus" x, y, size; "rect" x0, y0, x1, y1, width), clear of the pads.
LIBRARY = "GameBoard"


def _pads_2(pitch, w, h, names=("1", "2"), shape="roundrect"):
    """A two-pad SMD part along x: pad 1 at -pitch/2."""
    return [(names[0], "smd", -pitch / 2, 0, w, h, 0, shape),
            (names[1], "smd", pitch / 2, 0, w, h, 0, shape)]


def _pico_pads():
    """The Pico's 40 castellated edge pins, soldered flat or on headers: 1..20 down
    the left side from the USB end, 21..40 up the right side (its datasheet, fig. 1)."""
    pads = []
    for n in range(1, 21):
        pads.append((str(n), "pth", -8.89, -24.13 + (n - 1) * 2.54, 1.7, 1.7, 1.0,
                     "rect" if n == 1 else "circle"))
    for n in range(21, 41):
        pads.append((str(n), "pth", 8.89, 24.13 - (n - 21) * 2.54, 1.7, 1.7, 1.0, "circle"))
    return pads


def _soic(n, pitch=1.27, span=5.4, w=0.6, h=1.55):
    """SOIC-n, pins counted anticlockwise from pin 1 at the top left (JEDEC MS-012)."""
    half = n // 2
    pads = []
    for i in range(half):
        x = -(half - 1) * pitch / 2 + i * pitch
        pads.append((str(i + 1), "smd", x, span / 2, w, h, 0, "roundrect"))
    for i in range(half):
        x = (half - 1) * pitch / 2 - i * pitch
        pads.append((str(half + i + 1), "smd", x, -span / 2, w, h, 0, "roundrect"))
    return pads


# name -> {pads, holes, cutout (w, h) or None, body (w, h) courtyard, side, datasheet}
FOOTPRINTS = {
    # Kailh CPG151101S11 MX hot-swap socket on the back, under an MX switch on the front:
    # the switch's centre post (4.0 mm) and its two pins (3.0 mm holes for the socket's
    # sleeves) at (-3.81, -2.54) and (2.54, -5.08); the socket's two solder tabs
    # (2.55 x 2.5 mm) outside them; 1.75 mm holes for a 5-pin switch's plastic pegs.
    # The LED window of the switch is at (0, 5.08).
    "SW_MX_Hotswap_Kailh": {
        "pads": [("1", "smd", -7.085, -2.54, 2.55, 2.5, 0, "rect"),
                 ("2", "smd", 5.842, -5.08, 2.55, 2.5, 0, "rect")],
        "holes": [(0, 0, 4.0), (-3.81, -2.54, 3.0), (2.54, -5.08, 3.0),
                  (-5.08, 0, 1.75), (5.08, 0, 1.75)],
        "cutout": None,
        "body": (-8.5, -7.0, 7.3, -0.8),  # the socket's outline with its tabs
        "side": "B", "top_view": True,  # drawn as seen from the switch's side
        "datasheet": {"source": "Cherry MX datasheet (hole plan); Kailh CPG151101S11 drawing",
                      "centre_hole": 4.0, "pin_1": (-3.81, -2.54), "pin_2": (2.54, -5.08),
                      "socket_hole": 3.0, "tab": (2.55, 2.5), "tab_span_x": 12.927,
                      "led_window": (0, 5.08), "switch_body": 14.0},
    },
    # SK6812MINI-E, mounted from the back through a hole so that it shines up into the
    # switch's LED window (datasheet LCSC C5149201: body 3.2 x 2.8 mm, pads 1.35 x 0.82
    # on a 1.5 mm pitch, pad rows 5.45 mm apart). Pins as its current datasheet numbers
    # them: 1 GND, 2 DIN, 3 VDD, 4 DOUT (the older one numbered the same pads from the
    # opposite corner, 1 VDD: a preview checked by pin 1 must use this numbering).
    "LED_SK6812MINI-E_Reverse": {
        "silk": [("dot", 2.725, -1.75, 0.2)],  # pin 1 (GND)
        "pads": [("1", "smd", 2.725, -0.75, 1.35, 0.82, 0, "roundrect"),
                 ("2", "smd", 2.725, 0.75, 1.35, 0.82, 0, "roundrect"),
                 ("3", "smd", -2.725, 0.75, 1.35, 0.82, 0, "roundrect"),
                 ("4", "smd", -2.725, -0.75, 1.35, 0.82, 0, "roundrect")],
        "holes": [],
        "cutout": (3.5, 3.1),  # the body (3.2 x 2.8) passes it, corner radius 0.5 included
        "body": (-3.5, -1.7, 3.5, 1.7),
        "side": "B",
        "datasheet": {"source": "SK6812MINI-E datasheet (LCSC C5149201)", "body": (3.2, 2.8),
                      "pad": (1.35, 0.82), "pitch": 1.5, "row_span": 5.45,
                      "pins": {"1": "GND", "2": "DIN", "3": "VDD", "4": "DOUT"}},
    },
    # SOD-123 (1N4148W, B5819W): body 2.7 x 1.6 mm, leads to 3.7 mm; pad 1 the cathode.
    "D_SOD-123": {
        "silk": [("line", -2.45, -0.75, -2.45, 0.75, 0.25)],  # the cathode band, pad 1
        "pads": _pads_2(3.27, 0.91, 1.22),
        "holes": [], "cutout": None, "body": (-2.35, -1.0, 2.35, 1.0), "side": "B",
        "datasheet": {"source": "Diodes Inc. 1N4148W (SOD-123) package outline",
                      "body": (2.7, 1.6), "overall": 3.7, "pad": (0.91, 1.22), "pitch": 3.27},
    },
    # 0805 (2.0 x 1.25 mm) resistors and capacitors.
    "RC_0805": {
        "pads": _pads_2(1.825, 1.025, 1.4),
        "holes": [], "cutout": None, "body": (-1.7, -0.95, 1.7, 0.95), "side": "B",
        "datasheet": {"source": "Yageo RC0805 / IPC-7351 nominal land", "body": (2.0, 1.25),
                      "pad": (1.025, 1.4), "pitch": 1.825},
    },
    # 1206 (3.2 x 1.6 mm) ceramic capacitor: each SK6812MINI-E's 100 nF (Samsung
    # CL31B104KBCNNNC, LCSC C24497). Its pads are 1.9 mm apart: the LED's data link
    # (0.25 mm) passes under it 0.825 mm from each pad, where an 0805's 0.8 mm gap would
    # leave 0.275 mm, hardly over the 0.2 mm rule, on a track placed to 0.1 mm.
    "C_1206": {
        "pads": _pads_2(2.95, 1.05, 1.75),
        "holes": [], "cutout": None, "body": (-2.3, -1.15, 2.3, 1.15), "side": "B",
        "datasheet": {"source": "Samsung CL31B104KBCNNNC (LCSC C24497) / IPC-7351 nominal land "
                                "(KiCad C_1206_3216Metric)", "body": (3.2, 1.6),
                      "pad": (1.05, 1.75), "pitch": 2.95},
    },
    # SOT-23 (MMBT3904): 1 base, 2 emitter, 3 collector.
    "SOT-23": {
        "silk": [("dot", -0.95, 2.05, 0.2)],
        "pads": [("1", "smd", -0.95, 1.1, 0.6, 1.0, 0, "roundrect"),
                 ("2", "smd", 0.95, 1.1, 0.6, 1.0, 0, "roundrect"),
                 ("3", "smd", 0, -1.1, 0.6, 1.0, 0, "roundrect")],
        "holes": [], "cutout": None, "body": (-1.7, -1.9, 1.7, 1.9), "side": "B",
        "datasheet": {"source": "onsemi MMBT3904 (SOT-23, case 318)", "pitch": 1.9,
                      "row_span": 2.2, "body": (2.9, 1.3)},
    },
    # SOIC-14 (SN74AHCT125D): 8.65 x 3.9 mm body, 1.27 mm pitch.
    "SOIC-14": {
        "silk": [("dot", -3.81, 3.95, 0.25)],
        "pads": _soic(14),
        "holes": [], "cutout": None, "body": (-4.65, -3.7, 4.65, 3.7), "side": "B",
        "datasheet": {"source": "TI SN74AHCT125 D package (SOIC-14)", "pitch": 1.27,
                      "row_span": 5.4, "body": (8.65, 3.9), "pins": 14},
    },
    # SOIC-8 (AO4407A, Q301/Q302/Q304/Q305): 4.9 x 3.9 mm body, 1.27 mm pitch; pins 1-3 source,
    # 4 gate, 5-8 drain (parts.PINOUTS). The power copper runs over each row of pads.
    "SOIC-8": {
        "silk": [("dot", -1.905, 3.95, 0.25)],
        "pads": _soic(8),
        "holes": [], "cutout": None, "body": (-2.65, -3.7, 2.65, 3.7), "side": "B",
        "datasheet": {"source": "AOS AO4407A (SOIC-8) and AOS SO8 package outline PO-00004: "
                                "D 4.80-5.00, E 3.80-4.00, E1 5.80-6.20, e 1.27",
                      "pitch": 1.27, "row_span": 5.4, "body": (4.9, 3.9), "pins": 8},
    },
    # The Raspberry Pi Pico as a module: 21 x 51 mm, two rows of 20 pins 17.78 mm apart.
    "RaspberryPi_Pico": {
        "silk": [("rect", -10.5, -25.5, 10.5, 25.5, 0.15), ("dot", -11.3, -24.13, 0.3),
                 ("rect", -4.0, -25.5, 4.0, -21.0, 0.15)],  # its outline, pin 1, the USB socket
        "pads": _pico_pads(),
        "holes": [],
        "cutout": None, "body": (-10.5, -25.5, 10.5, 25.5), "side": "F",
        "datasheet": {"source": "Raspberry Pi Pico datasheet, mechanical drawing", "board": (21.0, 51.0),
                      "pitch": 2.54, "row_span": 17.78, "pins": 40, "drill": 1.0},
    },
    # CUI PJ-102AH barrel jack, 5.5 x 2.1 mm: centre pin 1, sleeve 2, switch 3.
    "BarrelJack_CUI_PJ-102AH": {
        "silk": [("plus", -2.4, 0, 0.8)],  # the centre pin: +
        "pads": [("1", "pth", 0, 0, 2.6, 2.6, 1.6, "rect"),
                 ("2", "pth", 0, 6.0, 2.6, 2.6, 1.6, "circle"),
                 ("3", "pth", 4.7, 3.0, 2.6, 2.6, 1.6, "circle")],
        "holes": [], "cutout": None, "body": (-4.6, -1.3, 6.0, 13.7), "side": "F",
        "datasheet": {"source": "CUI PJ-102AH datasheet", "body": (9.0, 14.5), "pin_1_to_2": 6.0,
                      "pin_3": (4.7, 3.0), "drill": 1.6},
    },
    # Bourns MF-RG400 radial polyfuse: leads 5.1 mm apart (the whole MF-RG series); the
    # body's keep-out is the MF-RG600's 10.7 x 3.0 mm (distributors' figures), which the
    # MF-RG400 fits inside. Soldered lying down (leads bent), so that the lid closes.
    "Fuse_Bourns_MF-RG400": {
        "pads": [("1", "pth", -2.55, 0, 1.8, 1.8, 1.0, "rect"), ("2", "pth", 2.55, 0, 1.8, 1.8, 1.0, "circle")],
        "holes": [], "cutout": None, "body": (-5.5, -1.9, 5.5, 1.9), "side": "F",
        "datasheet": {"source": "Bourns MF-RG datasheet (MF-RG400); MF-RG600 outline 10.7 x 3.0 mm",
                      "pitch": 5.1, "body": (10.7, 3.3)},
    },
    # 1.5KE6.8A, DO-201 axial, laid flat: leads bent to 15.24 mm.
    "D_DO-201_P15.24mm": {
        "silk": [("line", -6.0, -2.6, -6.0, 2.6, 0.4)],  # the cathode band, pad 1
        "pads": [("1", "pth", -7.62, 0, 2.4, 2.4, 1.4, "rect"), ("2", "pth", 7.62, 0, 2.4, 2.4, 1.4, "circle")],
        "holes": [], "cutout": None, "body": (-8.9, -2.9, 8.9, 2.9), "side": "F",
        "datasheet": {"source": "Littelfuse 1.5KE (DO-201) outline", "body": (9.5, 5.3), "lead": 1.0,
                      "pitch": 15.24},
    },
    # 1000 uF 10 V, radial 10 mm can, leads 5 mm apart (pin 1 the +).
    "CP_Radial_D10.0mm_P5.00mm": {
        "silk": [("plus", -2.5, -2.6, 0.8)],
        "pads": [("1", "pth", -2.5, 0, 2.0, 2.0, 1.0, "rect"), ("2", "pth", 2.5, 0, 2.0, 2.0, 1.0, "circle")],
        "holes": [], "cutout": None, "body": (-5.25, -5.25, 5.25, 5.25), "side": "F",
        "datasheet": {"source": "Panasonic EEU-FR (10 x 12.5 mm)", "diameter": 10.0, "pitch": 5.0},
    },
    # TDK PS1240P02BT piezo: 12.2 mm across, pins 5.0 mm apart.
    "Buzzer_TDK_PS1240P02BT": {
        "silk": [("plus", -2.5, -2.6, 0.8)],
        "pads": [("1", "pth", -2.5, 0, 2.0, 2.0, 1.0, "rect"), ("2", "pth", 2.5, 0, 2.0, 2.0, 1.0, "circle")],
        "holes": [], "cutout": None, "body": (-6.35, -6.35, 6.35, 6.35), "side": "F",
        "datasheet": {"source": "TDK PS1240P02BT datasheet", "diameter": 12.2, "pitch": 5.0},
    },
    # 6 x 6 mm tactile switch (Omron B3F-1000): pins 6.5 x 4.5 mm; 1-2 and 3-4 joined
    # inside, so its two pairs carry pad numbers 1 and 2.
    "SW_Push_6mm": {
        "pads": [("1", "pth", -3.25, -2.25, 1.8, 1.8, 1.0, "circle"), ("1", "pth", 3.25, -2.25, 1.8, 1.8, 1.0, "circle"),
                 ("2", "pth", -3.25, 2.25, 1.8, 1.8, 1.0, "circle"), ("2", "pth", 3.25, 2.25, 1.8, 1.8, 1.0, "circle")],
        "holes": [], "cutout": None, "body": (-4.3, -3.3, 4.3, 3.3), "side": "F",
        "datasheet": {"source": "Omron B3F datasheet", "pin_span": (6.5, 4.5), "body": (6.0, 6.0)},
    },
    # An M3 mounting hole (ISO 273 fine clearance, 3.2 mm), unplated.
    "MountingHole_M3": {
        "pads": [], "holes": [(0, 0, 3.2)], "cutout": None, "body": (-2.8, -2.8, 2.8, 2.8), "side": "F",
        "datasheet": {"source": "ISO 273 (M3 fine clearance hole)", "hole": 3.2, "head": 5.5},
    },
}


def pad_positions(name):
    """{pad number: [(x, y), ...]} of a footprint, in its own frame."""
    out = {}
    for num, _kind, x, y, *_ in FOOTPRINTS[name]["pads"]:
        out.setdefault(num, []).append((x, y))
    return out


def place(board, name, ref, value, x, y, angle=0.0, nets=None):
    """A new footprint `name` on `board` at (x, y) mm, turned `angle` degrees
    (anticlockwise, as KiCad turns), on its table's side. nets: {pad number: NETINFO_ITEM}."""
    import pcbnew

    spec = FOOTPRINTS[name]
    # A back-side part's table is its component-side view, flipped onto the back at the
    # end; one drawn as seen from the top (the socket under its switch) is mirrored first.
    my = -1 if spec.get("top_view") else 1
    fp = pcbnew.FOOTPRINT(board)
    fp.SetFPID(pcbnew.LIB_ID(LIBRARY, name))
    fp.SetReference(ref)
    fp.SetValue(value)
    fp.Reference().SetVisible(False)
    fp.Value().SetVisible(False)
    smd = spec["pads"] and all(p[1] == "smd" for p in spec["pads"])
    fp.SetAttributes(pcbnew.FP_SMD if smd else pcbnew.FP_THROUGH_HOLE if spec["pads"]
                     else pcbnew.FP_EXCLUDE_FROM_BOM | pcbnew.FP_EXCLUDE_FROM_POS_FILES)
    shapes = {"rect": pcbnew.PAD_SHAPE_RECT, "circle": pcbnew.PAD_SHAPE_CIRCLE,
              "oval": pcbnew.PAD_SHAPE_OVAL, "roundrect": pcbnew.PAD_SHAPE_ROUNDRECT}
    for num, kind, px, py, w, h, drill, shape in spec["pads"]:
        pad = pcbnew.PAD(fp)
        pad.SetNumber(num)
        pad.SetShape(shapes[shape])
        if shape == "roundrect":
            pad.SetRoundRectRadiusRatio(0.25)
        pad.SetSize(pcbnew.wxSizeMM(w, h))
        if kind == "smd":
            pad.SetAttribute(pcbnew.PAD_ATTRIB_SMD)
            pad.SetLayerSet(pad.SMDMask())
        else:
            pad.SetAttribute(pcbnew.PAD_ATTRIB_PTH)
            pad.SetLayerSet(pad.PTHMask())
            pad.SetDrillSize(pcbnew.wxSizeMM(drill, drill))
        pad.SetPos0(pcbnew.wxPointMM(px, my * py))
        pad.SetPosition(pcbnew.wxPointMM(px, my * py))
        if nets and num in nets:
            pad.SetNet(nets[num])
        fp.Add(pad)
    for hx, hy, d in spec["holes"]:
        pad = pcbnew.PAD(fp)
        pad.SetAttribute(pcbnew.PAD_ATTRIB_NPTH)
        pad.SetShape(pcbnew.PAD_SHAPE_CIRCLE)
        pad.SetSize(pcbnew.wxSizeMM(d, d))
        pad.SetDrillSize(pcbnew.wxSizeMM(d, d))
        pad.SetLayerSet(pad.UnplatedHoleMask())
        pad.SetPos0(pcbnew.wxPointMM(hx, my * hy))
        pad.SetPosition(pcbnew.wxPointMM(hx, my * hy))
        fp.Add(pad)
    for mark in spec.get("silk", ()):
        _silk(fp, mark, my)
    x0, y0, x1, y1 = spec["body"]
    y0, y1 = sorted((my * y0, my * y1))
    _rect(fp, pcbnew.F_CrtYd, x0, y0, x1, y1, 0.05)
    _rect(fp, pcbnew.F_Fab, x0, y0, x1, y1, 0.1)
    if spec["cutout"]:
        cw, ch = spec["cutout"]
        _rect(fp, pcbnew.Edge_Cuts, -cw / 2, -ch / 2, cw / 2, ch / 2, 0.1)
    if spec["side"] == "B":
        fp.Flip(pcbnew.wxPointMM(0, 0), False)
    fp.SetOrientationDegrees(angle)
    fp.SetPosition(pcbnew.wxPointMM(x, y))
    board.Add(fp)
    return fp


def _rect(fp, layer, x0, y0, x1, y1, width):
    import pcbnew

    pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        seg = pcbnew.FP_SHAPE(fp)
        seg.SetShape(pcbnew.SHAPE_T_SEGMENT)
        seg.SetLayer(layer)
        seg.SetWidth(pcbnew.FromMM(width))
        seg.SetStart0(pcbnew.wxPointMM(ax, ay))
        seg.SetEnd0(pcbnew.wxPointMM(bx, by))
        seg.SetStart(pcbnew.wxPointMM(ax, ay))
        seg.SetEnd(pcbnew.wxPointMM(bx, by))
        fp.Add(seg)


def _silk(fp, mark, my):
    """One silk mark on the front silk layer (moved to the back's with the part)."""
    import pcbnew

    kind, *v = mark
    if kind == "dot":
        x, y, r = v
        seg = pcbnew.FP_SHAPE(fp)
        seg.SetShape(pcbnew.SHAPE_T_CIRCLE)
        seg.SetFilled(True)
        seg.SetLayer(pcbnew.F_SilkS)
        seg.SetWidth(pcbnew.FromMM(0.1))
        for setter, (px, py) in ((seg.SetStart0, (x, my * y)), (seg.SetEnd0, (x + r, my * y)),
                                 (seg.SetStart, (x, my * y)), (seg.SetEnd, (x + r, my * y))):
            setter(pcbnew.wxPointMM(px, py))
        fp.Add(seg)
        return
    if kind == "plus":
        x, y, size = v
        lines = [(x - size / 2, y, x + size / 2, y, 0.15), (x, y - size / 2, x, y + size / 2, 0.15)]
    elif kind == "rect":
        x0, y0, x1, y1, w = v
        lines = [(x0, y0, x1, y0, w), (x1, y0, x1, y1, w), (x1, y1, x0, y1, w), (x0, y1, x0, y0, w)]
    else:
        lines = [v]
    for x0, y0, x1, y1, w in lines:
        seg = pcbnew.FP_SHAPE(fp)
        seg.SetShape(pcbnew.SHAPE_T_SEGMENT)
        seg.SetLayer(pcbnew.F_SilkS)
        seg.SetWidth(pcbnew.FromMM(w))
        for setter, (px, py) in ((seg.SetStart0, (x0, my * y0)), (seg.SetEnd0, (x1, my * y1)),
                                 (seg.SetStart, (x0, my * y0)), (seg.SetEnd, (x1, my * y1))):
            setter(pcbnew.wxPointMM(px, py))
        fp.Add(seg)
