# A small two-layer maze router (Lee/A* on a 0.5 mm grid) for the nets the cell
# pattern of hardware/pcb.py does not draw: from the grid's edges to the Pico and the
# parts around it. It reads the copper already on the board as obstacles, each grown by
# the clearance and the half width of what is being routed, so a route it finds keeps
# the design rules; KiCad's DRC checks it all again afterwards.
import heapq

import numpy as np

FREE, BLOCKED = -1, -2


class RouteError(ValueError):
    """A connection the router could not make: which net, from where."""


class Grid:
    def __init__(self, width, height, pitch, clearance):
        self.pitch = pitch
        self.nx = int(width / pitch) + 1
        self.ny = int(height / pitch) + 1
        self.clearance = clearance
        self.maps = {}  # half width routed -> owner array [layer, y, x] (net code, FREE, BLOCKED)
        self.copper = np.zeros((2, self.ny, self.nx), dtype=np.int32) - 1  # net whose copper a node is in
        self._shapes = []  # every obstacle, to rasterise into a map made later

    def node_xy(self, ix, iy):
        return ix * self.pitch, iy * self.pitch

    def _window(self, x0, y0, x1, y1, grow):
        p = self.pitch
        ix0 = max(0, int((x0 - grow) / p))
        iy0 = max(0, int((y0 - grow) / p))
        ix1 = min(self.nx - 1, int((x1 + grow) / p) + 1)
        iy1 = min(self.ny - 1, int((y1 + grow) / p) + 1)
        xs = np.arange(ix0, ix1 + 1) * p
        ys = np.arange(iy0, iy1 + 1) * p
        return ix0, iy0, xs[None, :], ys[:, None]

    @staticmethod
    def _distance(shape, xs, ys):
        kind = shape[0]
        if kind == "seg":  # (seg, x1, y1, x2, y2, half width)
            _, ax, ay, bx, by, r = shape
            dx, dy = bx - ax, by - ay
            ll = dx * dx + dy * dy
            if ll == 0:
                return np.hypot(xs - ax, ys - ay) - r
            t = np.clip(((xs - ax) * dx + (ys - ay) * dy) / ll, 0, 1)
            return np.hypot(xs - (ax + t * dx), ys - (ay + t * dy)) - r
        if kind == "rect":  # (rect, x0, y0, x1, y1)
            _, x0, y0, x1, y1 = shape
            ddx = np.maximum(np.maximum(x0 - xs, xs - x1), 0)
            ddy = np.maximum(np.maximum(y0 - ys, ys - y1), 0)
            return np.hypot(ddx, ddy)
        _, cx, cy, r = shape  # circle
        return np.hypot(xs - cx, ys - cy) - r

    @staticmethod
    def _bbox(shape):
        if shape[0] == "seg":
            _, ax, ay, bx, by, r = shape
            return min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r
        if shape[0] == "rect":
            return shape[1:5]
        _, cx, cy, r = shape
        return cx - r, cy - r, cx + r, cy + r

    def add(self, shape, layers, net, clearance=None, copper=True):
        """Copper of `net` (a code; BLOCKED for holes and board edges) on `layers`;
        copper=False: only an obstacle to other nets (a plated hole's drill)."""
        item = (shape, tuple(layers), net, self.clearance if clearance is None else clearance)
        self._shapes.append(item)
        for half, own in self.maps.items():
            self._mark(own, item, half)
        if net >= 0 and copper:
            x0, y0, x1, y1 = self._bbox(shape)
            ix0, iy0, xs, ys = self._window(x0, y0, x1, y1, 0)
            inside = self._distance(shape, xs, ys) <= 1e-9
            for layer in layers:
                win = self.copper[layer, iy0:iy0 + inside.shape[0], ix0:ix0 + inside.shape[1]]
                win[inside] = net

    def _mark(self, own, item, half):
        shape, layers, net, clearance = item
        grow = clearance + half
        x0, y0, x1, y1 = self._bbox(shape)
        ix0, iy0, xs, ys = self._window(x0, y0, x1, y1, grow)
        near = self._distance(shape, xs, ys) < grow - 1e-9
        for layer in layers:
            win = own[layer, iy0:iy0 + near.shape[0], ix0:ix0 + near.shape[1]]
            if net == BLOCKED:
                win[near] = BLOCKED
            else:
                free = near & (win == FREE)
                other = near & (win != FREE) & (win != net)
                win[free] = net
                win[other] = BLOCKED

    def owners(self, half):
        if half not in self.maps:
            own = np.zeros((2, self.ny, self.nx), dtype=np.int32) - 1
            for item in self._shapes:
                self._mark(own, item, half)
            self.maps[half] = own
        return self.maps[half]

    def route(self, net, sources, targets, half, via_half, via_cost=12, layers=(0, 1), vias=True,
              name="", limit=400000):
        """A path of nodes (layer, iy, ix) from any node in `sources` to one in the
        boolean map `targets` [layer, y, x] that only crosses free nodes or the net's own,
        or None. sources: [(layer, iy, ix)]."""
        own = self.owners(half).ravel()
        ok = (FREE, net)
        vown = self.owners(via_half).ravel() if vias else None
        tgt = targets.ravel()
        nx, ny = self.nx, self.ny
        plane = nx * ny
        hmap = l1_distance(targets.any(axis=0)).ravel()
        if hmap[0] >= 1 << 29 and not targets.any():
            return None

        def h(ix, iy):
            return int(hmap[iy * nx + ix])

        start = {}
        heap = []
        for layer, iy, ix in sources:
            idx = layer * plane + iy * nx + ix
            if layer not in layers or own[idx] not in ok:
                continue
            start[idx] = None
            heapq.heappush(heap, (h(ix, iy), 0, idx))
        came = dict(start)
        cost = {i: 0 for i in start}
        seen = 0
        while heap:
            f, g, idx = heapq.heappop(heap)
            if g > cost.get(idx, 1 << 30):
                continue
            if tgt[idx] and idx not in start:
                path = []
                while idx is not None:
                    layer, rest = divmod(idx, plane)
                    iy, ix = divmod(rest, nx)
                    path.append((layer, iy, ix))
                    idx = came[idx]
                return path[::-1]
            seen += 1
            if seen > limit:
                return None
            layer, rest = divmod(idx, plane)
            iy, ix = divmod(rest, nx)
            nbrs = []
            if ix > 0:
                nbrs.append((idx - 1, 1, ix - 1, iy))
            if ix < nx - 1:
                nbrs.append((idx + 1, 1, ix + 1, iy))
            if iy > 0:
                nbrs.append((idx - nx, 1, ix, iy - 1))
            if iy < ny - 1:
                nbrs.append((idx + nx, 1, ix, iy + 1))
            if vias:
                other = 1 - layer
                if other in layers and vown[rest] in ok and vown[plane + rest] in ok:
                    nbrs.append((other * plane + rest, via_cost, ix, iy))
            for nidx, c, jx, jy in nbrs:
                if own[nidx] not in ok:
                    continue
                ng = g + c
                if ng < cost.get(nidx, 1 << 30):
                    cost[nidx] = ng
                    came[nidx] = idx
                    heapq.heappush(heap, (ng + h(jx, jy), ng, nidx))
        return None


def l1_distance(mask):
    """Each node's taxicab distance (in nodes) to the nearest True node of `mask`
    (separable: along x, then along y)."""
    big = 1 << 30
    d = np.where(mask, 0, big).astype(np.int64)
    for cols in (range(1, d.shape[1]), range(d.shape[1] - 2, -1, -1)):
        step = 1 if cols.step == 1 else -1
        for i in cols:
            np.minimum(d[:, i], d[:, i - step] + 1, out=d[:, i])
    for rows in (range(1, d.shape[0]), range(d.shape[0] - 2, -1, -1)):
        step = 1 if rows.step == 1 else -1
        for i in rows:
            np.minimum(d[i], d[i - step] + 1, out=d[i])
    return d


def path_to_segments(path, pitch):
    """[(layer, (x1, y1), (x2, y2))] straight runs, and via positions [(x, y)]."""
    segs, vias = [], []
    i = 0
    while i < len(path) - 1:
        layer, iy, ix = path[i]
        nlayer, niy, nix = path[i + 1]
        if nlayer != layer:
            vias.append((ix * pitch, iy * pitch))
            i += 1
            continue
        j = i + 1
        d = (niy - iy, nix - ix)
        while j + 1 < len(path):
            l2, y2, x2 = path[j + 1]
            if l2 != layer or (y2 - path[j][1], x2 - path[j][2]) != d:
                break
            j += 1
        segs.append((layer, (ix * pitch, iy * pitch), (path[j][2] * pitch, path[j][1] * pitch)))
        i = j
    return segs, vias
