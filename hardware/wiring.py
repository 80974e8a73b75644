# wiring.svg: what a maker wires, drawn from the SKiDL circuit: the Pico's header with
# the net on every pin, the key matrix (switch and diode per cell, row and column
# wires), the LED chain's path over the cells, and a pin-by-pin box for each small part.
from xml.sax.saxutils import escape

from app import grid

from hardware.circuit import PULL_UP, col_net, row_net, signal_gpios
from hardware.parts import PICO_PINS
from hardware.pinsdoc import pico_nets

CELL = 84  # px per matrix cell
MX, MY = 480, 110  # the matrix's top-left corner
PX, PY = 130, 110  # the Pico's top-left corner
PIN_H = 22
SMALL_PARTS = ("J1", "F1", "Q301", "Q304", "Q302", "Q305", "C301", "R301", "Q303", "R304", "R305", "U301", "D301",
               "R302", "R303", "R306", "D201", "C1", "D200", "U2", "C2", "R1", "Q1", "R2", "R3", "R4", "BZ1",
               "SW201", "R11")
BAND = 240  # the part boxes' band height; a second band below when a row is full
BANDS = 2
COLOURS = {"ROW": "#c0392b", "COL": "#2471a3", "NEOPIXEL": "#1e8449", "BUZZER": "#7d3c98",
           "+5V": "#d35400", "VSYS": "#d35400", "VIN": "#d35400", "+3V3": "#b9770e",
           "GND": "#222222"}


def colour(net):
    for key, c in COLOURS.items():
        if net and net.startswith(key):
            return c
    return "#777777"


def _text(x, y, s, size=11, anchor="start", fill="#000", extra=""):
    return '<text x="%d" y="%d" font-size="%d" text-anchor="%s" fill="%s"%s>%s</text>' % (
        x, y, size, anchor, fill, extra, escape(str(s)))


def _pico(circuit):
    nets = pico_nets(circuit)
    out = ['<rect x="%d" y="%d" width="160" height="%d" rx="6" fill="#2e7d32" stroke="#000"/>'
           % (PX, PY, 20 * PIN_H + 20)]
    out.append(_text(PX + 80, PY - 8, "U1 Raspberry Pi Pico (top view, USB up)", 12, "middle"))
    out.append('<rect x="%d" y="%d" width="40" height="16" fill="#bbb" stroke="#000"/>'
               % (PX + 60, PY - 4))
    for num, name in sorted(PICO_PINS.items()):
        left = num <= 20
        y = PY + 20 + ((num - 1) if left else (40 - num)) * PIN_H
        x = PX if left else PX + 160
        net = nets.get(num, "")
        out.append('<g class="pico-pin" data-pin="%d" data-name="%s" data-net="%s">'
                   % (num, name, net))
        out.append('<circle cx="%d" cy="%d" r="4" fill="#ddd" stroke="#000"/>' % (x, y - 4))
        inner = x + 8 if left else x - 8
        out.append(_text(inner, y, "%d %s" % (num, name), 10, "start" if left else "end", "#fff"))
        label = net or "n/c"
        outer = x - 10 if left else x + 10
        out.append(_text(outer, y, label, 11, "end" if left else "start", colour(net)))
        out.append("</g>")
    return out


def _matrix():
    out = []
    gpios = signal_gpios()
    size = grid.SIZE
    bottom = MY + size * CELL
    for c in range(size):  # column wires and labels
        x = MX + c * CELL + 10
        net = col_net(c)
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                   % (x, MY - 20, x, bottom, colour(net)))
        out.append('<g class="col-label" data-net="%s" data-gpio="%d">' % (net, gpios[net]))
        out.append(_text(x, MY - 38, "%s" % net, 11, "middle", colour(net)))
        out.append(_text(x, MY - 25, "GP%d  %s" % (gpios[net], chr(ord("a") + c)), 10, "middle"))
        out.append("</g>")
    for r in range(size):  # row wires and labels
        y = MY + r * CELL + 62
        net = row_net(r)
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                   % (MX - 10, y, MX + size * CELL, y, colour(net)))
        out.append('<g class="row-label" data-net="%s" data-gpio="%d">' % (net, gpios[net]))
        out.append(_text(MX - 14, y - 2, "%s GP%d" % (net, gpios[net]), 11, "end", colour(net)))
        out.append(_text(MX - 14, y + 11, "row %d" % (r + 1), 10, "end"))
        out.append("</g>")
    for key in range(size * size):  # one switch and diode per cell
        r, c = grid.row_col(key)
        x0, y0 = MX + c * CELL, MY + r * CELL
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#ccc"/>'
                   % (x0, y0, CELL, CELL))
        out.append('<g class="key" data-cell="%s" data-sw="SW%d" data-diode="D%d" '
                   'stroke="#000" fill="none">' % (grid.name(key), key + 1, key + 1))
        out.append('<polyline points="%d,%d %d,%d"/>' % (x0 + 10, y0 + 18, x0 + 26, y0 + 18))
        out.append('<circle cx="%d" cy="%d" r="2"/><circle cx="%d" cy="%d" r="2"/>'
                   % (x0 + 26, y0 + 18, x0 + 42, y0 + 18))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % (x0 + 27, y0 + 16, x0 + 41, y0 + 9))
        out.append('<polyline points="%d,%d %d,%d %d,%d"/>'
                   % (x0 + 42, y0 + 18, x0 + 54, y0 + 18, x0 + 54, y0 + 30))
        out.append('<polygon points="%d,%d %d,%d %d,%d" fill="#000"/>'
                   % (x0 + 48, y0 + 30, x0 + 60, y0 + 30, x0 + 54, y0 + 42))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % (x0 + 48, y0 + 42, x0 + 60, y0 + 42))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % (x0 + 54, y0 + 42, x0 + 54, y0 + 62))
        out.append('<circle cx="%d" cy="%d" r="2" fill="#000"/>' % (x0 + 10, y0 + 18))
        out.append('<circle cx="%d" cy="%d" r="2" fill="#000"/>' % (x0 + 54, y0 + 62))
        out.append("</g>")
        out.append(_text(x0 + CELL - 4, y0 + CELL - 6, grid.name(key), 10, "end", "#555"))
        out.append(_text(x0 + 30, y0 + 12, "SW%d" % (key + 1), 8, "middle", "#555"))
        out.append(_text(x0 + 66, y0 + 40, "D%d" % (key + 1), 8, "start", "#555"))
    return out


def _led_xy(cell):
    r, c = grid.row_col(cell)
    return MX + c * CELL + 30, MY + r * CELL + 44


def _chain(chain):
    out = ['<polyline class="chain" fill="none" stroke="#1e8449" stroke-width="2" '
           'stroke-dasharray="5,3" marker-mid="url(#arrow)" points="%s"/>'
           % " ".join("%d,%d" % _led_xy(cell) for cell in chain)]
    for i, cell in enumerate(chain):
        x, y = _led_xy(cell)
        out.append('<g class="led" data-led="%d" data-cell="%s">' % (i + 1, grid.name(cell)))
        out.append('<circle cx="%d" cy="%d" r="10" fill="#e9f7ef" stroke="#1e8449"/>' % (x, y))
        out.append(_text(x, y + 4, i + 1, 9, "middle", "#1e8449"))
        out.append("</g>")
    x, y = _led_xy(chain[0])
    out.append(_text(x - 12, y + 20, "DIN from R1", 9, "start", "#1e8449"))
    return out


def _part_boxes(circuit):
    parts = {p.ref: p for p in circuit.parts}
    top = MY + grid.SIZE * CELL + 40
    out = [_text(20, top, "Every pin of the other parts (from the netlist):", 13)]
    x, y = 20, top + 14
    band_top = top + 14
    right = MX + grid.SIZE * CELL + 30
    for ref in SMALL_PARTS:
        p = parts[ref]
        pins = sorted(p.pins, key=lambda pin: int(pin.num))
        h = 18 + 14 * len(pins)
        if y + h > band_top + BAND:
            x, y = x + 225, band_top
            if x + 215 > right:
                band_top += BAND + 20
                x, y = 20, band_top
        out.append('<g class="part" data-ref="%s">' % ref)
        out.append('<rect x="%d" y="%d" width="215" height="%d" fill="#fafafa" stroke="#555"/>'
                   % (x, y, h))
        out.append(_text(x + 6, y + 13, "%s  %s" % (ref, p.value), 11, "start", "#000",
                         ' font-weight="bold"'))
        for i, pin in enumerate(pins):
            net = pin.net.name if pin.net is not None else ""
            net = "n/c" if net in ("", "__NOCONNECT") else net
            out.append(_text(x + 10, y + 28 + 14 * i, "%s %s" % (pin.num, pin.name), 10))
            out.append(_text(x + 205, y + 28 + 14 * i, net, 10, "end", colour(net)))
        out.append("</g>")
        y += h + 8
    return out


def svg(circuit, chain):
    """chain: the cell under each LED, LED1 first."""
    width, height = MX + grid.SIZE * CELL + 30, MY + grid.SIZE * CELL + 80 + BANDS * (BAND + 20)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
        'font-family="sans-serif">' % (width, height, width, height),
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#1e8449"/></marker></defs>',
        '<rect width="100%" height="100%" fill="#fff"/>',
        _text(20, 26, "LED game board: wiring (generated by make hardware from firmware/pins.py "
              "and hardware/circuit.py)", 16),
        _text(20, 46, "Key matrix, front view: each cell is column wire -> switch SWn -> diode Dn "
              "(bar towards the row) -> row wire. Green circles: the LED chain, LEDn in order.", 12),
    ]
    out += _pico(circuit)
    from hardware.power import ovp_thresholds  # here: power.py needs a valid SUPPLY_MA to load

    notes = (
        "Power in: J1 (5 V ONLY, centre +) -> F1 polyfuse -> Q301 || Q304,",
        "Q302 || Q305 (P-MOSFETs back to back, each pair in parallel)",
        "-> +5V; U301 (TL431) and Q303 turn",
        "them off above about %.2f V, on again under %.2f V (R306);" % (
            ovp_thresholds()["off"][1], ovp_thresholds()["on"][1]),
        "a reversed plug finds them off.",
        "D201 (TVS, band to +5V) across +5V/GND; C1 there too.",
        "+5V/GND reach the LEDs by the ladder (POWER.md): two",
        "busbars, every row fed at both ends. The Pico runs from",
        "+5V through D200 into VSYS, so USB may stay plugged in.",
        "Data: GP%d -> U2 pin 2 -> pin 3 -> R1 (330 ohm) -> LED1 DIN." % signal_gpios()["NEOPIXEL"],
        "LED modules carry their own 100 nF: none to add.",
        "Columns: R11-R22 (%s) from COL0-COL11 to +3V3 (pin 36)." % PULL_UP,
        "SW201 (reset) from RUN (pin 30) to GND.",
    )
    for i, line in enumerate(notes):
        out.append(_text(20, PY + 20 * PIN_H + 60 + 16 * i, line, 11))
    out += _matrix()
    out += _chain(chain)
    out += _part_boxes(circuit)
    out.append("</svg>")
    return "\n".join(out) + "\n"
