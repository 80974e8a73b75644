"""How a bench says whether a figure meets its target: a `TARGET ... OK|MISSED` line per
target the project holds today, a `WATCH ... within|over` line per goal it only watches
(the 64 KB heap: over it today, not a promise), and a closing `<bench> targets: all met |
MISSED: ...` line. Within one bench a missed target is a finding: the bench exits 0 unless
asked `--strict`, so `make bench` goes on to the figures after it; `make bench` then ends
with one line naming every target missed in all its benches and exits 1 if there is one
(`python -m host_tools.targets LOG`, the run's output)."""
import sys


def verdict(what, ok, detail):
    """`TARGET <what> <detail> OK` or `... MISSED`."""
    return "TARGET %-44s %s %s" % (what, detail, "OK" if ok else "MISSED")


def watch(what, within, detail):
    """`WATCH <what> <detail> within` or `... over`: a goal followed, not a target held."""
    return "WATCH  %-44s %s %s" % (what, detail, "within" if within else "over")


def missed_targets(lines):
    """The TARGET lines of a run that say MISSED, each as its what and detail."""
    return [" ".join(line[len("TARGET"):-len("MISSED")].split()) for line in lines
            if line.startswith("TARGET ") and line.rstrip().endswith(" MISSED")]


def main(argv=None):
    """`make bench`'s last line, from its output (LOG files): every target missed, exit 1."""
    argv = sys.argv[1:] if argv is None else argv
    lines = []
    for path in argv:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines += [line.rstrip("\n") for line in f]
    missed = missed_targets(lines)
    held = sum(1 for line in lines if line.startswith("TARGET "))
    if missed:
        print("make bench: %d of %d targets MISSED: %s" % (len(missed), held, "; ".join(missed)))
        return 1
    print("make bench: all %d targets met" % held)
    return 0


def summary(bench, missed):
    return "%s targets: %s" % (bench, "all met" if not missed else "MISSED: " + ", ".join(missed))


def exit_code(missed, strict):
    return 1 if missed and strict else 0


def add_strict(parser):
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")


if __name__ == "__main__":
    sys.exit(main())
