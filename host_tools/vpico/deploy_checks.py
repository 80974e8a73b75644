"""`make deploy` (host_tools.deploy, unmodified mpremote) against the virtual Pico's
serial port: what a maker does with a new board, then with an updated build.

Each check records PASS/FAIL in the Results it is given (see host_tools.vpico.tests).
What is on the board is read back from its flash with littlefs, not through mpremote.
"""
import contextlib
import os
import shutil
import signal
import subprocess
import time

from littlefs import LittleFSError

from host_tools import build as build_tool
from host_tools import deploy
from host_tools.vpico import board, serve
from host_tools.vpico.tests import chain_to_levels

MENU_TIMEOUT_S = 120
# mpremote's time for one command (host_tools.deploy gives a real Pico 120 s): the
# virtual Pico's emulated time runs slower than the wall clock on a loaded host, and a
# deploy of the whole build is ~70 files through its emulated USB serial
MPREMOTE_TIMEOUT_S = 900


def build_files(build_dir):
    return board.build_files(build_dir, prefix="")


def board_files(flash_path):
    """{path: bytes} of the files in a flash file's littlefs filesystem."""
    with open(flash_path, "rb") as f:
        flash = f.read()
    if len(flash) != board.FLASH_SIZE:
        raise LittleFSError(LittleFSError.Error.LFS_ERR_CORRUPT)  # a flash file cut short
    fs = board.littlefs(mount=False)
    fs.context.buffer[:] = flash[board.FS_OFFSET:]
    fs.mount()
    files = {}
    for root, _, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                files[path] = f.read()
    return files


def differences(want, have):
    missing = sorted(p for p in want if p not in have)
    wrong = sorted(p for p in want if p in have and have[p] != want[p])
    return missing + ["%s (differs)" % p for p in wrong]


class Board:
    """The virtual Pico on a pty, its flash kept in `flash` across power cycles."""

    def __init__(self, flash, link):
        self.flash = flash
        self.link = link
        self.server = None

    def plug(self):
        self.server = serve.PtyServer(self.link, self.flash, save=True)
        return self.server

    def unplug(self):
        if self.server:
            self.server.stop()
            self.server = None

    def files(self):
        """What the board holds (read while unplugged, so its flash is saved)."""
        return board_files(self.flash)


def run_deploy(build_dir, link, out, version=build_tool.MPY_VERSION):
    """Runs the deploy; returns (ok, text printed, error)."""
    lines = []
    try:
        with longer_mpremote():
            deploy.deploy(link, False, build_dir, out=lines.append, version=version)
    except deploy.DeployError as e:
        return False, "\n".join(lines), str(e)
    return True, "\n".join(lines), ""


@contextlib.contextmanager
def longer_mpremote():
    """host_tools.deploy's mpremote commands given MPREMOTE_TIMEOUT_S, meanwhile."""
    timeout = deploy.TIMEOUT_S
    deploy.TIMEOUT_S = max(timeout, MPREMOTE_TIMEOUT_S)
    try:
        yield
    finally:
        deploy.TIMEOUT_S = timeout


def skipped_files(text):
    """mpremote's cp prints `Up to date: ./PATH` for each file it skipped."""
    skipped = [line.split(":", 1)[1].strip().lstrip("./") for line in text.splitlines() if line.startswith("Up to date:")]
    return skipped


CUT_FILE = 20  # the interrupted deploy: mpremote is killed while it writes this file (of ~70)


class Cut:
    """Watches what mpremote sends the board (the pty's host side) and kills mpremote's
    whole process group once it has opened its CUT_FILE-th file on the board and sent
    the first chunk of it: the cable pulled mid-file."""

    def __init__(self, nth=CUT_FILE):
        self.nth = nth
        self.sent = b""  # what mpremote sent, so far
        self.proc = None  # the deploy (its process group)
        self.done = False
        self.opened = 0

    def __call__(self, data):
        if self.done or self.proc is None:
            return
        self.sent += data
        self.opened = self.sent.count(b"f=open(")
        if self.opened >= self.nth and b"w(b" in self.sent[self.sent.rfind(b"f=open("):]:
            self.done = True
            os.killpg(self.proc.pid, signal.SIGKILL)


def run(results, workdir, build_dir=build_tool.BUILD):
    """The deploy checks, one after another on the same board (each one's flash is the
    next one's start); a check that fails, or raises, is recorded and the next runs."""
    link = os.path.join(workdir, "tty")
    flash = os.path.join(workdir, "deploy-flash.bin")
    mine = os.path.join(workdir, "build")
    shutil.copytree(build_dir, mine)
    pico = Board(flash, link)
    checks = (("deploy: the first deploy puts the whole build on a new board", first_deploy),
              ("deploy: a second deploy copies nothing", second_deploy),
              ("deploy: a changed file is copied alone", changed_file),
              ("deploy: an interrupted deploy is repaired by the next", interrupted_deploy),
              ("deploy: a board of another MicroPython or .mpy version is refused, clearly, nothing copied",
               other_version),
              ("deploy: an older layout's modules are removed from the board, its saves kept", older_layout),
              ("deploy: the deployed board boots to the menu and a key press starts a game", boots_and_plays))
    for name, check in checks:
        try:
            ok, detail = check(pico, mine, link, workdir, results.out)
        except Exception as e:  # a check that fails, not a run that stops
            ok, detail = False, "(%s: %s)" % (type(e).__name__, e)
        finally:
            pico.unplug()
        results.record(ok, name, "" if ok else detail)


def deployed(pico, mine, link, out, version=build_tool.MPY_VERSION):
    """One deploy with the board plugged in: (ok, text printed, error)."""
    pico.plug()
    try:
        return run_deploy(mine, link, out, version)
    finally:
        pico.unplug()


def first_deploy(pico, mine, link, workdir, out):
    # a new board (empty flash: MicroPython makes its filesystem at first boot)
    ok, text, err = deployed(pico, mine, link, out)
    diff = differences(build_files(mine), pico.files())
    return ok and not diff, "(%s)" % (err or "missing: " + ", ".join(diff))


def second_deploy(pico, mine, link, workdir, out):
    # deployed again, unchanged: nothing is copied
    want = build_files(mine)
    ok, text, err = deployed(pico, mine, link, out)
    skipped = skipped_files(text)
    good = ok and sorted(skipped) == sorted(want)
    return good, "(%s; up to date: %d of %d files)" % (err or "copied some", len(skipped), len(want))


def changed_file(pico, mine, link, workdir, out):
    # one file changed: it alone is copied
    with open(os.path.join(mine, "main.py"), "a") as f:
        f.write("# changed\n")
    want = build_files(mine)
    ok, text, err = deployed(pico, mine, link, out)
    copied = sorted(set(want) - set(skipped_files(text)))
    same = not differences(want, pico.files())
    return ok and copied == ["main.py"] and same, "(%s; copied %s)" % (err or "", copied)


def interrupted_deploy(pico, mine, link, workdir, out):
    # a deploy cut short (the cable pulled mid-file: mpremote killed), then repaired by the next
    for rel in build_files(mine):
        if rel.endswith(".mpy"):
            with open(os.path.join(mine, rel), "ab") as f:
                f.write(b"\0")  # every module changes: the deploy copies all of them
    want = build_files(mine)
    cut = Cut()
    pico.server = serve.PtyServer(pico.link, pico.flash, save=True, on_host=cut)
    try:
        # the deploy's own commands (host_tools.deploy.commands): its clean-up, then its
        # copy, mpremote in a process group of its own, killed mid-file by the cut
        clean, copy = deploy.commands(link, mine)[:2]
        with longer_mpremote():
            deploy.run(clean, mine)
        proc = subprocess.Popen(copy, cwd=mine, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=True)
        cut.proc = proc
        try:
            proc.communicate(timeout=MPREMOTE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return False, "(the deploy to be cut did not reach its cut in %d s)" % MPREMOTE_TIMEOUT_S
    finally:
        pico.unplug()
    if not cut.done:
        return False, "(the deploy ended before mpremote wrote its %dth file: no cut)" % cut.nth
    out("    cut: mpremote killed while writing the %dth file" % cut.opened)
    try:
        broken = bool(differences(want, pico.files()))
    except LittleFSError:  # a file cut mid-write, as the host's littlefs reads it
        broken = True
    ok, text, err = deployed(pico, mine, link, out)
    diff = differences(want, pico.files())
    return broken and ok and not diff, "(cut short: %s; after: %s %s)" % (broken, err, diff)


def older_layout(pico, mine, link, workdir, out):
    # a board of an older layout (modules the build has not, a folder of them, a save):
    # deployed over, it holds the build's modules and its save, nothing else of the old
    old = os.path.join(workdir, "old-build")
    shutil.rmtree(old, ignore_errors=True)
    shutil.copytree(mine, old)
    some = next(rel for rel in sorted(build_files(mine)) if rel.startswith("app/") and rel.endswith(".mpy"))
    extra = ("app/c_connect4.mpy", "games/connect4_old/rules.mpy")
    for rel in extra:
        os.makedirs(os.path.dirname(os.path.join(old, rel)), exist_ok=True)
        shutil.copyfile(os.path.join(mine, some), os.path.join(old, rel))
    os.makedirs(os.path.join(old, "data"), exist_ok=True)  # a save (as if the board had written it)
    with open(os.path.join(old, "data", "game_connect4.json"), "w") as f:
        f.write('{"game": "connect4", "moves": []}\n')
    ok, text, err = deployed(pico, old, link, out)
    held = pico.files()
    if not ok or not all(rel in held for rel in extra):
        return False, "(the older layout was not deployed: %s)" % (err or "")
    saves = sorted(p for p in held if p.startswith("data/"))
    if "data/game_connect4.json" not in saves:
        return False, "(the planted save did not reach the board)"
    ok, text, err = deployed(pico, mine, link, out)
    held = pico.files()
    modules = sorted(p for p in held if p.endswith((".py", ".mpy")))
    want = sorted(p for p in build_files(mine) if p.endswith((".py", ".mpy")))
    left = [p for p in extra if p in held] + [p for p in saves if p not in held]
    return ok and modules == want and not left, "(%s; left or lost: %s)" % (err or "", left)


def other_version(pico, mine, link, workdir, out):
    # a board of another MicroPython, or another .mpy version, is refused
    want = build_files(mine)
    odd = os.path.join(workdir, "odd-build")
    shutil.rmtree(odd, ignore_errors=True)
    shutil.copytree(mine, odd)
    for rel in want:
        if rel.endswith(".mpy"):
            path = os.path.join(odd, rel)
            with open(path, "rb") as f:
                data = bytearray(f.read())
            data[1] = 5  # the .mpy format of MicroPython 1.19 .. 1.22
            with open(path, "wb") as f:
                f.write(data)
    pico.plug()
    try:
        ok, text, err = run_deploy(mine, link, out, version="v1.26.")
        ok2, text2, err2 = run_deploy(odd, link, out)
    finally:
        pico.unplug()
    untouched = not differences(want, pico.files())
    good = (not ok and "runs MicroPython v1.27.0" in err and "v1.26." in err and not ok2
            and "version 5" in err2 and untouched)
    if good:
        out("    refused: " + err)
        out("    refused: " + err2)
    return good, "(v1.26 build: %r; .mpy 5 build: %r; board untouched: %s)" % (err, err2, untouched)


def boots_and_plays(pico, mine, link, workdir, out):
    # the deployed board boots to the menu and plays: power up, press Connect Four's tile
    pico.plug()
    ok = menu_then_move(pico.server.pico)
    return ok is True, "(%s)" % ok


def menu_then_move(pico):
    """The board's own main.py: frames come out of the LED pin; pressing a key changes them."""
    from app import grid

    def frame_count():
        return len(pico.frames)

    try:
        pico.wait_for(lambda: frame_count() >= 1, MENU_TIMEOUT_S, "the first frame after boot")
        boot_us = pico.frames[0][0]
        time.sleep(1)
        menu = chain_to_levels(pico.frames[-1][1])
        before = frame_count()
        tile = grid.parse("c3")  # the menu's first tile: Connect Four
        pico.key(tile, True)
        time.sleep(0.5)
        pico.key(tile, False)
        pico.wait_for(lambda: frame_count() > before and chain_to_levels(pico.frames[-1][1]) != menu,
                      MENU_TIMEOUT_S, "a new frame after the key press")
    except board.VpicoError as e:
        return str(e)
    if not any(menu):
        return "the menu frame is dark"
    return True if boot_us > 0 else "no boot time"
