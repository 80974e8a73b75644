"""How a bench says whether a figure meets its target: a `TARGET ... OK|MISSED` line per
target and a closing `<bench> targets: all met | MISSED: ...` line. A missed target is a
finding, not a failure: the bench exits 0 unless asked `--strict`, so `make bench` goes on
to the figures after it."""


def verdict(what, ok, detail):
    """`TARGET <what> <detail> OK` or `... MISSED`."""
    return "TARGET %-44s %s %s" % (what, detail, "OK" if ok else "MISSED")


def summary(bench, missed):
    return "%s targets: %s" % (bench, "all met" if not missed else "MISSED: " + ", ".join(missed))


def exit_code(missed, strict):
    return 1 if missed and strict else 0


def add_strict(parser):
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
