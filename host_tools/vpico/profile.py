"""Where a key press's time goes on the virtual Pico (emulated time): for each game
played from a scenario, the mean and worst of each phase of a tap (the App's dispatch
and the rules, the screen's drawing, the pixel pipeline, the strip write, the save) and
the garbage a press makes with the cost of a full collection. The matrix scan and its
debouncing are measured by the bench (scan_pass, DEBOUNCE_MS); the LED frame's time on
the wire is fixed by the WS2812 protocol (4.3 ms for 144 LEDs).

    python -m host_tools.vpico.profile [--game SCENARIO ...] [--presses N] [--each]

--each: each press's phases too, with its key (which press is the slow one).
"""
import argparse
import os
import sys
import tempfile

from host_tools import build as build_tool
from host_tools import upy_tests
from host_tools.vpico import board
from host_tools.vpico.tests import HERE, TIMEOUT_S, Session, compiled, pico_files, runner_job

PHASES = ("dispatch", "draw", "pixels", "write", "save", "garbage", "gc")
UNITS = ("us", "us", "us", "us", "us", "bytes", "us")


def games():
    """{scenario name: (its `start` words, the lines of that first game)} of every
    scenario that starts a game."""
    out = {}
    for path in upy_tests.scenario_files():
        lines = upy_tests.read_scenario(path)
        starts = [i for i, line in enumerate(lines) if line.split("#")[0].split()[:1] == ["start"]]
        if starts:
            end = starts[1] if len(starts) > 1 else len(lines)
            out[os.path.basename(path)[:-4]] = (lines[starts[0]].split("#")[0].split(), lines[starts[0] + 1:end])
    return out


def profile(names=None, presses=None, out=print, each=False):
    build_tool.build(log=lambda *_: None)
    files = pico_files(runner_job())
    files["/host/pico_profile.mpy"] = compiled(os.path.join(HERE, "pico_profile.py"), "pico_profile.py")
    workdir = tempfile.mkdtemp(prefix="vpico-profile-")
    session = Session(files, workdir)
    try:
        for name, (words, lines) in sorted(games().items()):
            if names and name not in names:
                continue
            session.soft_reset()
            session.pico.set_clock()  # (the board's, as main.py sets it)
            records = []

            def on_line(text):
                if text.startswith("@@P\t"):
                    records.append([int(x) for x in text.split("\t")[2:]])

            error = session.run("import sys\nsys.path.append('/host')\nimport pico_profile\n"
                                "pico_profile.play(%r, %r, %r)\n" % (words, lines, presses), on_line)
            if error:
                raise board.VpicoError("%s: %s" % (name, error))
            out("%s: %d presses" % (name, len(records)))
            if each:
                keys = [line.split()[1] for line in lines if line.split("#")[0].split()[:1] == ["press"]]
                for i, r in enumerate(records):
                    out("  press %-4s " % keys[i] + " ".join("%s %d" % (p, v) for p, v in zip(PHASES, r)))
            for i, phase in enumerate(PHASES):
                values = [r[i] for r in records]
                if values:
                    out("  %-9s mean %8.0f  worst %8d %s" % (phase, sum(values) / len(values), max(values), UNITS[i]))
            totals = [sum(r[:5]) for r in records]
            if totals:
                out("  %-9s mean %8.0f  worst %8d us (dispatch to save)" % ("total", sum(totals) / len(totals),
                                                                         max(totals)))
    finally:
        session.close()
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="only this scenario's game (repeatable)")
    parser.add_argument("--presses", type=int, help="time only the first N taps of each game")
    parser.add_argument("--each", action="store_true", help="each press's phases too")
    args = parser.parse_args(argv)
    lacking = board.missing()
    if lacking:
        print("# virtual Pico profile skipped: missing %s" % "; ".join(lacking))
        return 0
    try:
        profile(args.game, args.presses, each=args.each)
    except (board.VpicoError, build_tool.BuildError) as e:
        print("profile FAILED: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
