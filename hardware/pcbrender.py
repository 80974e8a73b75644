# Pictures of the PCB's two sides (hardware/pcb/board-front.png, board-back.png) for the
# README, drawn with Pillow from the board's own geometry: tracks, pads, holes, the
# LED cut-outs, the parts' outlines and the silkscreen (marks and texts). The back is
# seen from behind (mirrored).
import io

from PIL import Image, ImageDraw, ImageFont

SCALE = 3  # px per mm
BOARD = (16, 84, 52)
COPPER = {"F": (196, 160, 62), "B": (184, 115, 51)}
PAD = (222, 206, 140)
HOLE = (10, 10, 10)
OUTLINE = (235, 235, 235)
SILK = (255, 255, 255)
POUR = {"F": (70, 110, 60), "B": (90, 100, 55)}


def png(board, k, side, width_mm, height_mm):
    """The board seen from its front (side "F") or its back ("B"), as PNG bytes."""
    out = io.BytesIO()
    draw(board, k, side, (0.0, 0.0, width_mm, height_mm)).save(out, format="PNG", optimize=True)
    return out.getvalue()


def draw(board, k, side, window, scale=SCALE):
    """A PIL image of the board's part in window (x0, y0, x1, y1) mm, seen from its
    front (side "F") or its back ("B", mirrored), at `scale` px per mm."""
    SCALE = scale
    wx0, wy0, wx1, wy1 = window
    w, h = int((wx1 - wx0) * SCALE) + 1, int((wy1 - wy0) * SCALE) + 1
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    mirror = side == "B"

    def pt(p):
        x, y = k.ToMM(p.x), k.ToMM(p.y)
        return ((wx1 - x) if mirror else (x - wx0)) * SCALE, (y - wy0) * SCALE

    d.rectangle((0, 0, w - 1, h - 1), fill=BOARD)
    layer = k.F_Cu if side == "F" else k.B_Cu
    for zone in board.Zones():  # the ground pour, filled
        if zone.IsOnLayer(layer):
            poly = zone.GetFilledPolysList(layer)
            for i in range(poly.OutlineCount()):
                o = poly.Outline(i)
                d.polygon([pt(o.CPoint(j)) for j in range(o.PointCount())], fill=POUR[side])
                for h in range(poly.HoleCount(i)):
                    hole = poly.Hole(i, h)
                    d.polygon([pt(hole.CPoint(j)) for j in range(hole.PointCount())], fill=BOARD)
    for t in board.GetTracks():
        if t.GetClass() == "PCB_VIA":
            x, y = pt(t.GetPosition())
            r = k.ToMM(t.GetWidth()) / 2 * SCALE
            d.ellipse((x - r, y - r, x + r, y + r), fill=COPPER[side])
        elif t.GetLayer() == layer:
            d.line((pt(t.GetStart()), pt(t.GetEnd())), fill=COPPER[side],
                   width=max(1, int(round(k.ToMM(t.GetWidth()) * SCALE))))
    fab = k.F_Fab if side == "F" else k.B_Fab
    for fp in board.GetFootprints():
        for item in fp.GraphicalItems():
            if item.GetLayer() == fab:
                d.line((pt(item.GetStart()), pt(item.GetEnd())), fill=OUTLINE, width=1)
        for pad in fp.Pads():
            box = pad.GetBoundingBox()
            x0, y0 = pt(k.wxPoint(box.GetX(), box.GetY()))
            x1, y1 = pt(k.wxPoint(box.GetRight(), box.GetBottom()))
            x0, x1 = sorted((x0, x1))
            if pad.GetAttribute() == k.PAD_ATTRIB_NPTH:
                d.ellipse((x0, y0, x1, y1), fill=HOLE)
            elif pad.IsOnLayer(layer):
                if pad.GetShape() == k.PAD_SHAPE_CIRCLE:
                    d.ellipse((x0, y0, x1, y1), fill=PAD)
                else:
                    d.rectangle((x0, y0, x1, y1), fill=PAD)
                if pad.GetAttribute() == k.PAD_ATTRIB_PTH:
                    x, y = pt(pad.GetPosition())
                    r = k.ToMM(pad.GetDrillSize().x) / 2 * SCALE
                    d.ellipse((x - r, y - r, x + r, y + r), fill=HOLE)
        for item in fp.GraphicalItems():  # the LEDs' cut-outs
            if item.GetLayer() == k.Edge_Cuts:
                d.line((pt(item.GetStart()), pt(item.GetEnd())), fill=HOLE, width=2)
        if side == "F" and fp.GetFPID().GetLibItemName() == "SW_MX_Hotswap_Kailh":
            x, y = pt(fp.GetPosition())
            r = 7.0 * SCALE  # the switch's 14 mm body
            d.rectangle((x - r, y - r, x + r, y + r), outline=OUTLINE, width=1)
    silk = k.F_SilkS if side == "F" else k.B_SilkS
    shapes = list(board.GetDrawings()) + [i for fp in board.GetFootprints() for i in fp.GraphicalItems()]
    for item in shapes:
        if item.GetLayer() != silk:
            continue
        if item.GetClass() in ("PTEXT", "PCB_TEXT", "MTEXT", "FP_TEXT"):
            size = k.ToMM(item.GetTextSize().y) * SCALE * 1.3
            font = ImageFont.load_default(size=max(6, int(size)))
            d.text(pt(item.GetPosition()), item.GetText(), fill=SILK, font=font, anchor="mm")
        elif item.GetShape() == k.SHAPE_T_CIRCLE:
            x, y = pt(item.GetStart())
            r = k.ToMM(item.GetRadius()) * SCALE + 1
            d.ellipse((x - r, y - r, x + r, y + r), fill=SILK)
        else:
            d.line((pt(item.GetStart()), pt(item.GetEnd())), fill=SILK,
                   width=max(1, int(round(k.ToMM(item.GetWidth()) * SCALE))))
    return img


MARK = (230, 30, 30)


def preview_png(board, k, window, placed, title, scale=14):
    """The back in `window`, seen from behind as the fab's preview shows it, with the
    pads where the fab's CPL puts them drawn over it: placed {ref: {pad: [(x, y)]}}
    (mm, y down). A red cross on each placed pad, a red ring on each part's pin 1."""
    img = draw(board, k, "B", window, scale)
    wx0, wy0, wx1, wy1 = window
    top = 40
    out_img = Image.new("RGB", (img.width, img.height + top), (255, 255, 255))
    out_img.paste(img, (0, top))
    d = ImageDraw.Draw(out_img)
    font = ImageFont.load_default(size=13)
    d.text((6, 4), title, fill=(0, 0, 0), font=font)
    d.text((6, 21), "red: each pad where the CPL places it (ring: pin 1); white dot: the silkscreen's pin-1 mark",
           fill=MARK, font=font)
    for ref, pads in placed.items():
        for num, pts in pads.items():
            for x, y in pts:
                if not (wx0 <= x <= wx1 and wy0 <= y <= wy1):
                    continue
                px, py = (wx1 - x) * scale, (y - wy0) * scale + top
                r = 0.35 * scale
                d.line((px - r, py, px + r, py), fill=MARK, width=2)
                d.line((px, py - r, px, py + r), fill=MARK, width=2)
                if num == "1":
                    R = 0.8 * scale
                    d.ellipse((px - R, py - R, px + R, py + R), outline=MARK, width=2)
    out = io.BytesIO()
    out_img.save(out, format="PNG", optimize=True)
    return out.getvalue()
