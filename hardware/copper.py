# The supply's copper as a DC resistance network, solved: each track a resistor
# (IPC-2221's 1 oz outer copper, 35 um), each via's barrel one, each filled zone a grid
# of square cells (its sheet resistance between neighbours), each pad one node. The
# supply enters at one pad of the net, every LED draws its share at its pad; conjugate
# gradients give every node's voltage, hence the worst LED's drop and every track's
# current, whose IPC-2221 rise `make pcb` holds under 10 degC.
import math

import numpy as np

RHO = 1.72e-8  # copper, ohm m
COPPER_M = 35e-6  # 1 oz outer layer
PLATING_M = 20e-6  # a via barrel's plating (JLCPCB: 18-25 um)
BOARD_M = 1.6e-3
CELL_MM = 2.0  # a zone's grid (1 mm: the same figures within 1 mV, 4 times slower)
JOIN_OHM = 1e-4  # a track's end in a pad or on another track: joined (0.2 squares of copper)


def ipc_rise(amps, width_mm):
    """IPC-2221 outer layer, 1 oz: the rise (degC) of a track `width_mm` carrying `amps`."""
    area = width_mm / 0.0254 * (COPPER_M / 25.4e-6)  # square mils
    return (abs(amps) / (0.048 * area ** 0.725)) ** (1 / 0.44)


class Network:
    def __init__(self):
        self.a, self.b, self.g = [], [], []
        self.n = 0
        self.edges = []  # (name, width mm, node a, node b, conductance) of each track piece

    def node(self):
        self.n += 1
        return self.n - 1

    def join(self, a, b, ohm, name=None, width=None):
        self.a.append(a)
        self.b.append(b)
        self.g.append(1.0 / max(ohm, 1e-9))
        if name is not None:
            self.edges.append((name, width, a, b, len(self.g) - 1))

    def solve(self, ground, loads, tol=1e-6, limit=20000):
        """Node voltages with `ground` held at 0 V and loads {node: amps drawn}
        (a negative voltage is a drop below the entry)."""
        a, b, g = np.array(self.a), np.array(self.b), np.array(self.g)
        n = self.n
        diag = np.bincount(a, g, n) + np.bincount(b, g, n)
        diag[ground] = 1.0
        diag[diag == 0] = 1.0  # a node joined to nothing (a pad the net reaches otherwise)
        rhs = np.zeros(n)
        for node, amps in loads.items():
            rhs[node] -= amps
        rhs[ground] = 0.0
        keep = (a != ground) & (b != ground)
        a2, b2, g2 = a[keep], b[keep], g[keep]

        def mul(x):
            y = diag * x
            y -= np.bincount(a2, g2 * x[b2], n) + np.bincount(b2, g2 * x[a2], n)
            return y

        x = np.zeros(n)
        r = rhs - mul(x)
        z = r / diag
        p = z.copy()
        rz = r @ z
        norm = np.abs(rhs).sum()
        for self.iterations in range(limit):
            q = mul(p)
            alpha = rz / (p @ q)
            x += alpha * p
            r -= alpha * q
            if np.abs(r).sum() < tol * norm:
                break
            z = r / diag
            rz, old = r @ z, rz
            p = z + (rz / old) * p
        self.v = x
        self.gs = g
        return x

    def currents(self):
        """[(track name, width mm, amps)] of every track piece."""
        return [(name, w, (self.v[a] - self.v[b]) * self.gs[i]) for name, w, a, b, i in self.edges]


def net_network(board, k, net, entry, loads_at):
    """The copper of `net` as a Network: (network, entry node, {(ref, pad): node}).
    entry: (ref, pad) where the supply comes in; loads_at: [(ref, pad)] whose nodes are
    wanted. Tracks join at their ends, at pads and vias they end in, and part way along
    another track they end on; zone cells join the items inside them."""
    net_code = board.FindNet(net).GetNetCode()
    nw = Network()
    layers = {k.F_Cu: 0, k.B_Cu: 1}
    anchors = []  # (layer or None for both, x, y, radius, node): pads and vias

    pads = {}
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if pad.GetNetCode() != net_code:
                continue
            node = nw.node()
            p = pad.GetPosition()
            size = pad.GetBoundingBox()
            half = (k.ToMM(size.GetWidth()) / 2, k.ToMM(size.GetHeight()) / 2)  # a pad: its box
            on = [layers[lay] for lay in (k.F_Cu, k.B_Cu) if pad.IsOnLayer(lay)]
            for lay in on:
                anchors.append((lay, k.ToMM(p.x), k.ToMM(p.y), half, node))
            pads[(fp.GetReference(), pad.GetNumber())] = node
    segs = []
    for t in board.GetTracks():
        if t.GetNetCode() != net_code:
            continue
        if t.GetClass() == "PCB_VIA":
            p = t.GetPosition()
            top, bottom = nw.node(), nw.node()
            d = k.ToMM(t.GetDrillValue()) * 1e-3
            nw.join(top, bottom, RHO * BOARD_M / (math.pi * d * PLATING_M), "via at (%.1f, %.1f) mm"
                    % (k.ToMM(p.x), k.ToMM(p.y)))
            r = k.ToMM(t.GetWidth()) / 2
            anchors.append((0, k.ToMM(p.x), k.ToMM(p.y), r, top))
            anchors.append((1, k.ToMM(p.x), k.ToMM(p.y), r, bottom))
        else:
            s, e = t.GetStart(), t.GetEnd()
            segs.append((layers[t.GetLayer()], k.ToMM(s.x), k.ToMM(s.y), k.ToMM(e.x), k.ToMM(e.y),
                         k.ToMM(t.GetWidth())))

    # every point where something meets a track: its own ends, and others' ends on it
    ends = [(lay, x0, y0) for lay, x0, y0, *_ in segs] + [(lay, x1, y1) for lay, _, _, x1, y1, _ in segs]
    ends += [(lay, x, y) for lay, x, y, _r, _n in anchors]
    by_layer = {0: np.array([(x, y) for lay, x, y in ends if lay == 0] or [(1e9, 1e9)]),
                1: np.array([(x, y) for lay, x, y in ends if lay == 1] or [(1e9, 1e9)])}
    points = {}  # (layer, x, y) rounded -> node

    reach = {}  # a track end's half width: its copper reaches a pad that far past its axis

    def point(lay, x, y, half=0.0):
        key = (lay, round(x, 3), round(y, 3))
        if key not in points:
            points[key] = nw.node()
        reach[key] = max(reach.get(key, 0.0), half)
        return points[key]

    bridges = []
    for lay, x0, y0, x1, y1, w in segs:
        pts = by_layer[lay]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length < 1e-9:
            continue
        t = ((pts[:, 0] - x0) * dx + (pts[:, 1] - y0) * dy) / length ** 2
        off = np.abs((pts[:, 0] - x0) * dy - (pts[:, 1] - y0) * dx) / length
        on = (t > 1e-6) & (t < 1 - 1e-6) & (off <= w / 2 + 1e-6)
        cuts = sorted(set([0.0, 1.0] + [round(v, 6) for v in t[on]]))
        for i in on.nonzero()[0]:  # an end on this track's width joins it where it meets its axis
            tv = round(t[i], 6)
            bridges.append(((lay, pts[i, 0], pts[i, 1]), (lay, x0 + tv * dx, y0 + tv * dy)))
        name = "%s track %.2f mm on %s from (%.1f, %.1f) to (%.1f, %.1f) mm" % (
            net, w, "F.Cu" if lay == 0 else "B.Cu", x0, y0, x1, y1)
        for ta, tb in zip(cuts, cuts[1:]):
            if tb - ta < 1e-9:
                continue
            na = point(lay, x0 + ta * dx, y0 + ta * dy, w / 2 if ta == 0.0 else 0.0)
            nb = point(lay, x0 + tb * dx, y0 + tb * dy, w / 2 if tb == 1.0 else 0.0)
            ohm = RHO * (tb - ta) * length * 1e-3 / (w * 1e-3 * COPPER_M)
            nw.join(na, nb, ohm, name, w)
    for a, b in bridges:
        nw.join(point(*a), point(*b), JOIN_OHM)
    # pads and vias hold the track points inside them
    if anchors and points:
        keys = list(points.items())
        pl = np.array([key[0] for key, _ in keys])
        pxy = np.array([(key[1], key[2]) for key, _ in keys])
        ph = np.array([reach[key] for key, _ in keys])
        for alay, ax, ay, r, anode in anchors:
            if isinstance(r, tuple):  # a pad: a track whose end's copper overlaps its box
                inside = ((pl == alay) & (np.abs(pxy[:, 0] - ax) < r[0] + ph - 1e-3)
                          & (np.abs(pxy[:, 1] - ay) < r[1] + ph - 1e-3))
            else:
                inside = (pl == alay) & (((pxy[:, 0] - ax) ** 2 + (pxy[:, 1] - ay) ** 2) <= r * r + 1e-6)
            for i in inside.nonzero()[0]:
                nw.join(keys[i][1], anode, JOIN_OHM)
    _zones(board, k, net_code, nw, anchors, points)
    return nw, pads[entry], {key: pads[key] for key in loads_at}


def _zones(board, k, net_code, nw, anchors, points):
    """Each filled zone of the net as a grid of CELL_MM cells joined to its neighbours
    by the sheet's resistance, and to each pad, via or track point inside a cell."""
    from PIL import Image, ImageDraw

    sheet = RHO / COPPER_M  # ohm per square
    for zone in board.Zones():
        if zone.GetNetCode() != net_code:
            continue
        for layer, lay in ((k.F_Cu, 0), (k.B_Cu, 1)):
            if not zone.IsOnLayer(layer):
                continue
            poly = zone.GetFilledPolysList(layer)
            box = board.GetBoardEdgesBoundingBox()
            w, h = int(k.ToMM(box.GetRight()) / CELL_MM) + 2, int(k.ToMM(box.GetBottom()) / CELL_MM) + 2
            img = Image.new("L", (w * 4, h * 4), 0)  # 4 x 4 samples a cell: a cell is copper if most are
            d = ImageDraw.Draw(img)
            for i in range(poly.OutlineCount()):
                outline = poly.Outline(i)
                pts = [(k.ToMM(outline.CPoint(j).x) / CELL_MM * 4, k.ToMM(outline.CPoint(j).y) / CELL_MM * 4)
                       for j in range(outline.PointCount())]
                d.polygon(pts, fill=255)
                for hole in range(poly.HoleCount(i)):
                    ho = poly.Hole(i, hole)
                    d.polygon([(k.ToMM(ho.CPoint(j).x) / CELL_MM * 4, k.ToMM(ho.CPoint(j).y) / CELL_MM * 4)
                               for j in range(ho.PointCount())], fill=0)
            fill = np.asarray(img, dtype=np.float32).reshape(h, 4, w, 4).mean(axis=(1, 3)) > 127
            ids = -np.ones((h, w), dtype=np.int64)
            iy, ix = fill.nonzero()
            start = nw.n
            nw.n += len(iy)
            ids[iy, ix] = np.arange(start, nw.n)
            for dy, dx in ((0, 1), (1, 0)):
                a = ids[:h - dy, :w - dx]
                b = ids[dy:, dx:]
                both = (a >= 0) & (b >= 0)
                nw.a.extend(a[both].tolist())
                nw.b.extend(b[both].tolist())
                nw.g.extend([1.0 / sheet] * int(both.sum()))
            for alay, x, y, _r, node in anchors:
                cell = ids[int(y / CELL_MM), int(x / CELL_MM)] if alay == lay else -1
                if cell >= 0:
                    nw.join(node, int(cell), sheet)  # a cell's worth of sheet to its centre
            for (play, x, y), node in points.items():
                cell = ids[int(y / CELL_MM), int(x / CELL_MM)] if play == lay else -1
                if cell >= 0:
                    nw.join(node, int(cell), sheet)
