# Pictures of the flat parts (hardware/pcb/plate/plate.png) and of the case put
# together, exploded (hardware/pcb/case/case.png), drawn with Pillow from the same
# outlines as their DXF files.
import io

from PIL import Image, ImageDraw

BACK = (255, 255, 255)
INK = (40, 40, 40)


def _png(img):
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()


def flat_png(outlines, cutouts, holes, title, scale=2.0, fill=(150, 160, 165)):
    """A flat part seen from above: its outlines filled, cut-outs and holes open."""
    xs = [x for loop in outlines for x, _ in loop]
    ys = [y for loop in outlines for _, y in loop]
    x0, y0 = min(xs), min(ys)
    w, h = int((max(xs) - x0) * scale) + 21, int((max(ys) - y0) * scale) + 41
    img = Image.new("RGB", (w, h), BACK)
    d = ImageDraw.Draw(img)
    d.text((10, 8), title, fill=INK)

    def pt(p):
        return 10 + (p[0] - x0) * scale, 30 + (p[1] - y0) * scale

    _draw_sheet(d, pt, scale, outlines, cutouts, holes, fill, BACK)
    return _png(img)


def _draw_sheet(d, pt, scale, outlines, cutouts, holes, fill, hole_fill, squash=1.0, hole_outline=INK):
    """One sheet through `pt` (mm -> pixels): its outlines in `fill`, its cut-outs and
    its holes (drawn `squash` times as tall: an oblique view) open."""
    for loop in outlines:
        d.polygon([pt(p) for p in loop], fill=fill, outline=INK)
    for loop in cutouts:
        d.polygon([pt(p) for p in loop], fill=BACK, outline=INK)
    for x, y, dia in holes:
        cx, cy = pt((x, y))
        r = dia / 2 * scale
        d.ellipse((cx - r, cy - r * squash, cx + r, cy + r * squash), fill=hole_fill, outline=hole_outline)


def exploded_png(layers, title, scale=1.2, spacing=70):
    """The case's layers one above the other, bottom first, in an oblique view:
    layers [(label, outlines, cutouts, holes, colour)]."""
    xs = [x for _, outs, _, _, _ in layers for loop in outs for x, _ in loop]
    ys = [y for _, outs, _, _, _ in layers for loop in outs for _, y in loop]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    shear, squash = 0.45, 0.35
    w = int(((x1 - x0) + (y1 - y0) * shear) * scale) + 260
    h = int((y1 - y0) * squash * scale + spacing * (len(layers) - 1)) + 60
    img = Image.new("RGB", (w, h), BACK)
    d = ImageDraw.Draw(img)
    d.text((10, 8), title, fill=INK)
    for i, (label, outs, cuts, holes, colour) in enumerate(layers):
        base = h - 20 - (y1 - y0) * squash * scale - i * spacing

        def pt(p):
            return (10 + ((p[0] - x0) + (y1 - p[1]) * shear) * scale, base + (p[1] - y0) * squash * scale)

        _draw_sheet(d, pt, scale, outs, cuts, holes, colour, INK, squash, None)
        right = max(pt(p)[0] for loop in outs for p in loop)
        d.text((right + 12, pt((x1, y1))[1] - 10), label, fill=INK)
    return _png(img)
