"""Drives the window simulator (`python -m sim --window`) on a virtual X server (Xvfb),
for a trial by someone who sees only its screenshots and clicks: a newcomer's first
game, played without reading. Needs Debian's `xvfb` and `xdotool` (apt-get install -y
xvfb xdotool); nothing else of the project needs them.

    python -m host_tools.window_trial start [--lang fr]   # a fresh board (new saves), its window on Xvfb
    python -m host_tools.window_trial shot OUT.png       # the window as it is now, as a PNG
    python -m host_tools.window_trial click X Y [--hold MS] [--shot OUT.png]
                                                         # a left click at the window's pixel (X, Y)
    python -m host_tools.window_trial stop                # ends the window and Xvfb, keeps the log

X and Y are pixels of the screenshots (the window's top-left is 0, 0). A click is a
real press through X, as a mouse's: the window times it, so --hold MS holds the key
(a long press). `--shot` takes a screenshot 0.4 s after the click (the board answered).
The session (the server's display, the processes, the saves) is kept in --dir
(default /tmp/window-trial): one trial at a time there; `stop` ends it. Every command
is logged, with its time, in DIR/trial.log: the trial's steps and how long they took."""
import argparse
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIR = "/tmp/window-trial"
SCREEN = "1280x1024x24"


def missing():
    """Why a trial cannot run here (a sentence), or None."""
    for tool in ("Xvfb", "xdotool", "xwd"):
        if shutil.which(tool) is None:
            return "%s is missing: apt-get install -y xvfb xdotool x11-apps" % tool
    return None


def session_file(folder):
    return os.path.join(folder, "session.json")


def load(folder):
    try:
        with open(session_file(folder)) as f:
            return json.load(f)
    except (OSError, ValueError):
        raise SystemExit("no trial running in %s: run `python -m host_tools.window_trial start`" % folder)


def log(folder, text):
    with open(os.path.join(folder, "trial.log"), "a") as f:
        f.write("%s %s\n" % (time.strftime("%H:%M:%S"), text))


def free_display():
    for n in range(77, 200):
        if not os.path.exists("/tmp/.X11-unix/X%d" % n) and not os.path.exists("/tmp/.X%d-lock" % n):
            return ":%d" % n
    raise SystemExit("no free X display number")


def xenv(display):
    env = dict(os.environ, DISPLAY=display)
    env.pop("SDL_VIDEODRIVER", None)  # a real window on the X server
    env.pop("WAYLAND_DISPLAY", None)
    return env


def window_id(session, timeout=20.0):
    """The simulator's window (found by its process: SDL names it in _NET_WM_NAME
    only, which xdotool's --name does not read), once it is open."""
    display = session["display"]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(session["sim"])], env=xenv(display),
                              capture_output=True, text=True)
        ids = done.stdout.split()
        if ids:
            return ids[-1]
        time.sleep(0.2)
    raise SystemExit("the simulator's window did not open within %d s (see its log)" % timeout)


def start(folder, lang=None):
    why = missing()
    if why:
        raise SystemExit(why)
    if os.path.exists(session_file(folder)):
        raise SystemExit("a trial is running in %s: `stop` it first" % folder)
    os.makedirs(folder, exist_ok=True)
    saves = os.path.join(folder, "saves")
    shutil.rmtree(saves, ignore_errors=True)  # a board never played: what a newcomer finds
    display = free_display()
    xlog = open(os.path.join(folder, "xvfb.log"), "w")
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", SCREEN, "-nolisten", "tcp"], stdout=xlog, stderr=xlog)
    for _ in range(50):
        if os.path.exists("/tmp/.X11-unix/X%s" % display[1:]):
            break
        time.sleep(0.1)
    simlog = open(os.path.join(folder, "sim.log"), "w")
    command = [sys.executable, "-m", "sim", "--window", "--saves", saves] + (["--lang", lang] if lang else [])
    sim = subprocess.Popen(command, cwd=ROOT, env=xenv(display), stdout=simlog, stderr=simlog)
    session = {"display": display, "xvfb": xvfb.pid, "sim": sim.pid, "started": time.time()}
    with open(session_file(folder), "w") as f:
        json.dump(session, f)
    wid = window_id(session)
    subprocess.run(["xdotool", "windowmove", wid, "0", "0"], env=xenv(display))  # (no window manager: top-left)
    log(folder, "start: the simulator's window on %s (lang %s)" % (display, lang or "the board's"))
    print("started: display %s, simulator pid %d" % (display, sim.pid))


def geometry(display, wid):
    """(x, y, width, height) of the window on the screen."""
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], env=xenv(display),
                         capture_output=True, text=True).stdout
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def read_xwd(data):
    """(width, height, BGRA bytes) of an X window dump in ZPixmap, 32 bits a pixel (a
    24-bit screen's, as Xvfb's), from `xwd`."""
    fields = struct.unpack(">25I", data[:100])
    header, fmt, width, height = fields[0], fields[2], fields[4], fields[5]
    byte_order, bits, line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if fmt != 2 or bits != 32:
        raise ValueError("an X dump of format %d, %d bits a pixel: only ZPixmap at 32 is read" % (fmt, bits))
    pixels = data[header + 12 * ncolors:]
    rows = []
    for y in range(height):
        row = pixels[y * line:y * line + 4 * width]
        if byte_order == 1:  # most significant byte first: XRGB -> BGRX
            row = bytes(b for i in range(0, len(row), 4) for b in row[i:i + 4][::-1])
        rows.append(row)
    return width, height, b"".join(rows)


def shot(folder, out):
    session = load(folder)
    display = session["display"]
    wid = window_id(session, 5)
    dump = subprocess.run(["xwd", "-silent", "-id", wid], env=xenv(display), capture_output=True, check=True).stdout
    width, height, bgra = read_xwd(dump)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.frombuffer(bgra, (width, height), "BGRA")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    pygame.image.save(image, out)
    log(folder, "shot %s (%dx%d)" % (out, width, height))
    print("%s (%dx%d)" % (out, width, height))


def click(folder, x, y, hold_ms=0):
    session = load(folder)
    display = session["display"]
    wid = window_id(session, 5)
    wx, wy, width, height = geometry(display, wid)
    if not (0 <= x < width and 0 <= y < height):
        raise SystemExit("(%d, %d) is outside the window (%d x %d)" % (x, y, width, height))
    env = xenv(display)
    subprocess.run(["xdotool", "mousemove", str(wx + x), str(wy + y)], env=env, check=True)
    time.sleep(0.05)
    subprocess.run(["xdotool", "mousedown", "1"], env=env, check=True)
    time.sleep(max(0.06, hold_ms / 1000))
    subprocess.run(["xdotool", "mouseup", "1"], env=env, check=True)
    log(folder, "click %d %d%s" % (x, y, " held %d ms" % hold_ms if hold_ms else ""))


def stop(folder):
    session = load(folder)
    for name in ("sim", "xvfb"):
        try:
            os.kill(session[name], signal.SIGTERM)
        except ProcessLookupError:
            pass
    log(folder, "stop: %.0f s after start" % (time.time() - session["started"]))
    os.remove(session_file(folder))
    print("stopped (the steps: %s)" % os.path.join(folder, "trial.log"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", default=DEFAULT_DIR, help="the trial's session, log and saves")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("start")
    p.add_argument("--lang", choices=("en", "fr"))
    p = sub.add_parser("shot")
    p.add_argument("out")
    p = sub.add_parser("click")
    p.add_argument("x", type=int)
    p.add_argument("y", type=int)
    p.add_argument("--hold", type=int, default=0, metavar="MS")
    p.add_argument("--shot", metavar="OUT.png")
    sub.add_parser("stop")
    args = parser.parse_args(argv)
    if args.command == "start":
        start(args.dir, args.lang)
    elif args.command == "shot":
        shot(args.dir, args.out)
    elif args.command == "click":
        click(args.dir, args.x, args.y, args.hold)
        if args.shot:
            time.sleep(0.4)
            shot(args.dir, args.shot)
    else:
        stop(args.dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
