# The bill of materials, counted from the SKiDL circuit itself (so it can't miss a
# part) and priced from parts.CATALOGUE; the supply is the one line off the board.
import csv
import io
import re

from hardware.parts import CATALOGUE, OFF_BOARD

HEADER = ("part", "value", "package", "quantity", "example_part_number", "unit_cost_usd",
          "line_cost_usd", "refs")


def _ref_key(ref):
    m = re.match(r"([A-Z]+)(\d+)$", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def ref_ranges(refs):
    """['D1', 'D2', 'D3', 'D200'] -> 'D1-D3 D200'."""
    refs = sorted(refs, key=_ref_key)
    out = []
    start = prev = refs[0]
    for ref in refs[1:] + [None]:
        if ref is not None and _ref_key(ref)[0] == _ref_key(prev)[0] and _ref_key(ref)[1] == _ref_key(prev)[1] + 1:
            prev = ref
            continue
        out.append(start if start == prev else "%s-%s" % (start, prev))
        start = prev = ref
    return " ".join(out)


def rows(circuit):
    """BOM lines (tuples in HEADER order), on-board parts first, by reference."""
    groups = {}
    for part in circuit.parts:
        key = (part.name, str(part.value))
        if key not in CATALOGUE:
            raise ValueError("no catalogue entry for %s %s (%s): add it to hardware/parts.py"
                             % (key[0], key[1], part.ref))
        groups.setdefault(key, []).append(part.ref)
    lines = []
    for key, refs in sorted(groups.items(), key=lambda kv: _ref_key(min(kv[1], key=_ref_key))):
        what, package, number, cost = CATALOGUE[key]
        qty = len(refs)
        lines.append((what, key[1], package, qty, number, "%.2f" % cost, "%.2f" % (qty * cost),
                      ref_ranges(refs)))
    for what, value, package, qty, number, cost in OFF_BOARD:
        lines.append((what, value, package, qty, number, "%.2f" % cost, "%.2f" % (qty * cost),
                      "off board"))
    return lines


def total(lines):
    return round(sum(float(line[6]) for line in lines), 2)


def csv_text(circuit):
    lines = rows(circuit)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(HEADER)
    w.writerows(lines)
    w.writerow(("total", "", "", sum(line[3] for line in lines), "", "", "%.2f" % total(lines), ""))
    return out.getvalue()
