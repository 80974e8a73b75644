# Flat parts as DXF for a laser cutter (the switch plate, the case's layers): closed
# outlines as LINE entities, holes as CIRCLEs, in mm (AutoCAD R12, the DXF every laser
# cutter's software opens). DXF's y axis points up: a drawing's (x, y), in mm from the
# board's top-left corner with y down as KiCad has it, is written as (x, -y).
# read() gives the entities back, for the tests.


def write(loops, circles):
    """DXF text: each loop [(x, y), ...] closed by LINEs; circles [(x, y, diameter)]."""
    out = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS", "70", "4",
           "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    for loop in loops:
        for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1]):
            out += ["0", "LINE", "8", "CUT", "10", "%.4f" % ax, "20", "%.4f" % -ay, "30", "0.0",
                    "11", "%.4f" % bx, "21", "%.4f" % -by, "31", "0.0"]
    for x, y, d in circles:
        out += ["0", "CIRCLE", "8", "CUT", "10", "%.4f" % x, "20", "%.4f" % -y, "30", "0.0", "40", "%.4f" % (d / 2)]
    out += ["0", "ENDSEC", "0", "EOF"]
    return "\n".join(out) + "\n"


def read(text):
    """(lines [(x0, y0, x1, y1)], circles [(x, y, diameter)]) of a DXF's LINE and CIRCLE
    entities, y turned back to point down."""
    items = text.split("\n")
    pairs = list(zip(items[0::2], items[1::2]))
    lines, circles, i = [], [], 0
    while i < len(pairs):
        code, value = pairs[i][0].strip(), pairs[i][1].strip()
        if code == "0" and value in ("LINE", "CIRCLE"):
            group = {}
            i += 1
            while i < len(pairs) and pairs[i][0].strip() != "0":
                group[pairs[i][0].strip()] = float(pairs[i][1]) if pairs[i][0].strip() != "8" else 0
                i += 1
            if value == "LINE":
                lines.append((group["10"], -group["20"], group["11"], -group["21"]))
            else:
                circles.append((group["10"], -group["20"], 2 * group["40"]))
            continue
        i += 1
    return lines, circles
