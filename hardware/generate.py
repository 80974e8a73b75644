# `make hardware`: build the SKiDL circuit from firmware/pins.py, run the electrical
# rules check, and write everything generated from it into hardware/ (or --out DIR).
# --check writes nothing and fails if a committed file differs from what it generates.
import argparse
import os
import sys

from hardware import HERE
from hardware import bom, circuit, mechanics, pinsdoc, wiring, wokwi


def outputs():
    """({relative path: text}, report dict). Raises nothing for a failing ERC: the
    report carries its error and warning counts."""
    files, report, _ = outputs_and_board()
    return files, report


def outputs_and_board():
    """outputs() and the skidl.Circuit they were made from."""
    chain = circuit.chain_cells()
    # The one design is the PCB's (its netlist and pin table); the hand-wired build is
    # the same circuit, references and pin numbers with its own parts (its BOM, its
    # wiring diagram).
    design = circuit.build(chain, pcb=True)  # (checks the pin map and SUPPLY_MA: ValueError)
    board = circuit.build(chain)
    from hardware import power  # (only then: it reads SUPPLY_MA as it loads)

    errors, warnings = circuit.erc(design)
    hand_errors, hand_warnings = circuit.erc(board)
    errors, warnings = errors + hand_errors, warnings + hand_warnings
    diagram, notes = wokwi.json_text()
    files = {
        "board.net": circuit.netlist(design),
        "BOM.csv": bom.csv_text(board),
        "PINS.md": pinsdoc.markdown(design),
        "wiring.svg": wiring.svg(board, chain),
        os.path.join("wokwi", "diagram.json"): diagram,
        "POWER.md": power.markdown(),
        "cell.svg": mechanics.svg(),
    }
    lines = bom.rows(board)
    report = {
        "erc_errors": errors,
        "erc_warnings": warnings,
        "parts": len(design.parts),
        "nets": len(set(n.name for n in design.nets)),
        "bom_total": bom.total(lines),
        "notes": notes,
    }
    return files, report, board


def write_files(files, out, check):
    """Write {relative path: text or bytes} under `out` (check: write nothing); return
    the paths whose file differs from what was made (check) or []."""
    stale = []
    for rel, data in sorted(files.items()):
        data = data.encode("utf-8") if isinstance(data, str) else data
        path = os.path.join(out, rel)
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            if not same:
                stale.append(rel)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        print("wrote %s" % os.path.relpath(path))
    return stale


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hardware.generate", description=__doc__)
    ap.add_argument("--out", default=HERE, help="where to write (default: hardware/)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; fail if a file in --out is not up to date")
    args = ap.parse_args(argv)
    try:
        files, report = outputs()
    except ValueError as e:  # a pin map or chain layout the board can't have
        print("hardware: %s" % e, file=sys.stderr)
        return 2
    stale = write_files(files, args.out, args.check)
    for note in report["notes"]:
        print("note: %s" % note)
    print("ERC: %d errors, %d warnings; %d parts, %d nets; BOM total $%.2f"
          % (report["erc_errors"], report["erc_warnings"], report["parts"], report["nets"],
             report["bom_total"]))
    if stale:
        print("out of date (run make hardware): %s" % ", ".join(stale), file=sys.stderr)
        return 1
    return 1 if report["erc_errors"] or report["erc_warnings"] else 0


if __name__ == "__main__":
    sys.exit(main())
