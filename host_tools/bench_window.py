"""The simulator's window left alone, measured: the share of one core its process uses
while nobody touches it. Part of `make bench`.

For each screen (the menu, whose 4-player tiles keep turning; Connect Four and 4 pistes,
which stand still at a person's turn; the cubes, whose glow breathes), the real window
loop (sim/window.py run_window) runs for --seconds; the process's CPU time is counted
after the first WARMUP_S (pygame's set-up and the first picture left out). Prints

    BENCH window_idle_cpu_<screen> <percent> %

then a TARGET line per screen (OK, or MISSED over TARGET_PCT) and a summary; it exits 1
on a miss only with --strict. SDL's video driver is "dummy" unless
--display is given (then the machine's own display: the X server's work for the window
is not counted either way, only this process's).

    python -m host_tools.bench_window [--seconds S] [--display] [--strict]
"""
import argparse
import os
import subprocess
import sys

from host_tools import targets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ("menu", "connect4", "pistes", "cubes")
WARMUP_S = 2
TARGET_PCT = 3  # of one core, left alone (issue #26: it was 10-12 % in the menu and 4 pistes)

# One screen's run, in a process of its own (its CPU time is the figure).
CHILD = r"""
import os, sys, threading, time
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware")]
import pygame
from sim import window
from sim.drivers import MemoryStorage

Board = window.SimBoard

def board(*args, **kwargs):
    b = Board(*args, **kwargs)
    if SCREEN != "menu":
        b.app.start_game(SCREEN)
    return b

window.SimBoard = board
marks = []

def mark():
    marks.append((time.process_time(), time.monotonic()))
    if len(marks) == 2:
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # closes the window

threading.Timer(WARMUP_S, mark).start()
threading.Timer(WARMUP_S + SECONDS, mark).start()
window.run_window(MemoryStorage())
(c0, w0), (c1, w1) = marks
print("%.2f" % (100 * (c1 - c0) / (w1 - w0)))
"""


def measure(screen, seconds, display=False):
    """The percent of one core the window's process used, left alone on `screen`."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    if not display:
        env["SDL_VIDEODRIVER"] = "dummy"
    code = "ROOT, SCREEN, SECONDS, WARMUP_S = %r, %r, %r, %r\n" % (ROOT, screen, seconds, WARMUP_S) + CHILD
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=seconds + WARMUP_S + 60)
    if done.returncode != 0:
        raise RuntimeError("the window's run on %s failed: %s" % (screen, done.stderr.strip()[-500:]))
    return float(done.stdout.split()[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=8, help="measured per screen (default 8)")
    ap.add_argument("--display", action="store_true", help="the machine's display, not SDL's dummy driver")
    targets.add_strict(ap)
    args = ap.parse_args(argv)
    figures = []
    for screen in SCREENS:
        pct = measure(screen, args.seconds, args.display)
        print("BENCH window_idle_cpu_%s %.2f %%" % (screen, pct), flush=True)
        figures.append(("window_idle_cpu_%s" % screen, pct))
    missed = [name for name, pct in figures if pct > TARGET_PCT]
    for name, pct in figures:
        print(targets.verdict(name, pct <= TARGET_PCT, "<= %d %%: %.2f %%" % (TARGET_PCT, pct)))
    print(targets.summary("window", missed))
    return targets.exit_code(missed, args.strict)


if __name__ == "__main__":
    sys.exit(main())
