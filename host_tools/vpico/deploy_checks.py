"""`make deploy` (host_tools.deploy, unmodified mpremote) against the virtual Pico's
serial port: what a maker does with a new board, then with an updated build.

Each check records PASS/FAIL in the Results it is given (see host_tools.vpico.tests).
What is on the board is read back from its flash with littlefs, not through mpremote.
"""
import hashlib
import os
import shutil
import subprocess
import sys
import time

from littlefs import LittleFSError

from host_tools import build as build_tool
from host_tools import deploy
from host_tools.vpico import board, serve
from host_tools.vpico.tests import chain_to_levels

MENU_TIMEOUT_S = 120


def build_files(build_dir):
    return board.tree_files(build_dir, prefix="")


def board_files(flash_path):
    """{path: bytes} of the files in a flash file's littlefs filesystem."""
    from littlefs import LittleFS

    with open(flash_path, "rb") as f:
        flash = f.read()
    if len(flash) != board.FLASH_SIZE:
        raise LittleFSError(LittleFSError.Error.LFS_ERR_CORRUPT)  # a flash file cut short
    fs = LittleFS(block_size=board.FS_BLOCK, block_count=(board.FLASH_SIZE - board.FS_OFFSET) // board.FS_BLOCK,
                  prog_size=board.FS_PROG, read_size=board.FS_PROG, lookahead_size=32, mount=False)
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
        deploy.deploy(link, False, build_dir, out=lines.append, version=version)
    except deploy.DeployError as e:
        return False, "\n".join(lines), str(e)
    return True, "\n".join(lines), ""


def skipped_files(text):
    """mpremote's cp prints `Up to date: ./PATH` for each file it skipped."""
    skipped = [line.split(":", 1)[1].strip().lstrip("./") for line in text.splitlines() if line.startswith("Up to date:")]
    return skipped


def run(results, workdir, build_dir=build_tool.BUILD):
    record = results.record
    link = os.path.join(workdir, "tty")
    flash = os.path.join(workdir, "deploy-flash.bin")
    mine = os.path.join(workdir, "build")
    shutil.copytree(build_dir, mine)
    want = build_files(mine)
    pico = Board(flash, link)

    # 1. a new board (empty flash: MicroPython makes its filesystem at first boot)
    pico.plug()
    ok, text, err = run_deploy(mine, link, results.out)
    pico.unplug()
    have = pico.files()
    diff = differences(want, have)
    record(ok and not diff, "deploy: the first deploy puts the whole build on a new board",
           "" if ok and not diff else "(%s)" % (err or "missing: " + ", ".join(diff)))

    # 2. deployed again, unchanged: nothing is copied
    pico.plug()
    ok, text, err = run_deploy(mine, link, results.out)
    pico.unplug()
    skipped = skipped_files(text)
    record(ok and sorted(skipped) == sorted(want), "deploy: a second deploy copies nothing",
           "" if ok and sorted(skipped) == sorted(want) else "(%s; up to date: %d of %d files)"
           % (err or "copied some", len(skipped), len(want)))

    # 3. one file changed: it alone is copied
    with open(os.path.join(mine, "main.py"), "a") as f:
        f.write("# changed\n")
    want = build_files(mine)
    pico.plug()
    ok, text, err = run_deploy(mine, link, results.out)
    pico.unplug()
    copied = sorted(set(want) - set(skipped_files(text)))
    same = not differences(want, pico.files())
    record(ok and copied == ["main.py"] and same, "deploy: a changed file is copied alone",
           "" if ok and copied == ["main.py"] and same else "(%s; copied %s)" % (err or "", copied))

    # 4. a deploy cut short (the cable pulled mid-copy), then repaired by the next
    for rel in want:
        if rel.endswith(".mpy"):
            with open(os.path.join(mine, rel), "ab") as f:
                f.write(b"\0")  # every module changes: the deploy copies all of them
    want = build_files(mine)
    pico.plug()
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.deploy", "--port", link, "--build", mine],
                            cwd=build_tool.ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    time.sleep(8)
    cut = proc.poll() is None  # still copying: the cable is pulled now
    proc.kill()
    proc.wait()
    pico.unplug()
    try:
        broken = differences(want, pico.files()) or cut
    except LittleFSError:  # a file cut mid-write, as the host's littlefs reads it
        broken = True
    pico.plug()
    ok, text, err = run_deploy(mine, link, results.out)
    pico.unplug()
    try:
        diff = differences(want, pico.files())
    except LittleFSError as e:  # a check that fails, not a harness that crashes
        diff = ["the board's filesystem, unreadable: %s" % e]
    record(bool(broken) and ok and not diff, "deploy: an interrupted deploy is repaired by the next",
           "" if broken and ok and not diff else "(cut short: %s; after: %s %s)" % (broken, err, diff))

    # 5. a board of another MicroPython, or another .mpy version, is refused
    pico.plug()
    ok, text, err = run_deploy(mine, link, results.out, version="v1.26.")
    odd = os.path.join(workdir, "odd-build")
    shutil.copytree(mine, odd)
    for rel in want:
        if rel.endswith(".mpy"):
            path = os.path.join(odd, rel)
            with open(path, "rb") as f:
                data = bytearray(f.read())
            data[1] = 5  # the .mpy format of MicroPython 1.19 .. 1.22
            with open(path, "wb") as f:
                f.write(data)
    ok2, text2, err2 = run_deploy(odd, link, results.out)
    pico.unplug()
    after = pico.files()
    untouched = not differences(want, after)
    good = (not ok and "runs MicroPython v1.27.0" in err and "v1.26." in err and not ok2
            and "version 5" in err2 and untouched)
    record(good, "deploy: a board of another MicroPython or .mpy version is refused, clearly, nothing copied",
           "" if good else "(v1.26 build: %r; .mpy 5 build: %r; board untouched: %s)" % (err, err2, untouched))
    if good:
        results.out("    refused: " + err)
        results.out("    refused: " + err2)

    # 6. the deployed board boots to the menu and plays: power up, press Connect Four's tile
    pico.plug()
    pico_ = pico.server.pico
    try:
        ok = menu_then_move(pico_)
        record(ok is True, "deploy: the deployed board boots to the menu and a key press starts a game",
               "" if ok is True else "(%s)" % ok)
    finally:
        pico.unplug()


def menu_then_move(pico):
    """The board's own main.py: frames come out of the LED pin; pressing a key changes them."""
    firmware = os.path.join(build_tool.ROOT, "firmware")
    if firmware not in sys.path:
        sys.path.insert(0, firmware)
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
