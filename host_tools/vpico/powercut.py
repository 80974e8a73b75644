"""Power cuts on the rp2 port's own filesystem: MicroPython's littlefs on the virtual
Pico's flash, cut before and halfway through every flash erase and program of full games of
every menu tile; each cut's flash booted and read, the App resumed on it, and main.py
powered up from reset on a sample (docs/RELIABILITY.md, "On the rp2 port's own littlefs").

    python -m host_tools.vpico.powercut [--moves N] [--seed N] [--app-every] [--progress N]
                                        [--main-every N] [--sample-only]

Prints `BENCH power_cuts_tried_vpico`, `power_cut_games_lost_vpico` (target 0),
`power_cut_boots_tried_vpico` and `power_cut_boots_failed_vpico` (target 0); exit 1 if a
game was lost or a power-up failed; SKIPPED (exit 0) without the virtual Pico's image.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import zlib

from host_tools import build as build_tool
from host_tools import powercut
from host_tools import upy_tests
from host_tools.vpico import board
from host_tools.vpico.powercut_pico import app_boot, digest
from host_tools.vpico.powerup import PowerUp
from host_tools.vpico.tests import BOOT_TIMEOUT_S, Session, compiled, one_cpython_app
from app.grid import MENU  # noqa: E402 (host_tools/__init__.py put firmware/ on sys.path)

HERE = os.path.dirname(os.path.abspath(__file__))
SECTOR = board.FS_BLOCK
MAX_REPORTS = 5
MAIN_EVERY = 500  # main.py powers up on every this many cuts of each file, the last cut of their saves, every torn case
RUN_TIMEOUT_S = 12 * 3600  # the full games' cuts take hours on a busy machine
PICO_CODE = "import sys\nsys.path.append('/host')\nimport powercut_pico\npowercut_pico.%s\n"


class Appended(str):
    """A file's whole text after a move's line was appended to it (app/saves.py): the
    Pico appends the new part, as the board does, instead of writing the file anew."""


class Recorder(powercut.MemoryStorage):
    """The app's storage, keeping every write, append and remove in order."""

    def __init__(self):
        powercut.MemoryStorage.__init__(self)
        self.log = []

    def write(self, name, text):
        self.log.append((name, text))
        powercut.MemoryStorage.write(self, name, text)

    def append(self, name, text):
        powercut.MemoryStorage.append(self, name, text)
        self.log.append((name, Appended(self.read(name))))

    def remove(self, name):
        self.log.append((name, None))
        powercut.MemoryStorage.remove(self, name)


@one_cpython_app
def session_saves(seed=1, max_moves=None):
    """[(file name, text or None for a remove)] of a player's session, in order."""
    recorder = Recorder()
    powercut.session(recorder, seed, max_moves)
    return recorder.log


class SafeModeSession(Session):
    """A Session whose flash holds the real main.py, as a deployed board's does: a1 is
    held at power-up, so main.py starts in safe mode (no game loop, no watchdog) and
    leaves the REPL free."""

    def __init__(self, files, workdir):
        self.flash = os.path.join(workdir, "flash.bin")
        board.make_flash(self.flash, files)
        self.pico = board.Pico(flash=self.flash, log_flash=True)
        self.pico.key(MENU, True)
        self.pico.enter_raw(BOOT_TIMEOUT_S)
        self.pico.key(MENU, False)


def pico_files(build_dir=upy_tests.BUILD):
    """The build (main.py too, as deployed), the simulator's drivers (the App's boot on
    the port's storage) and powercut_pico."""
    files = board.build_files(build_dir)
    for name in upy_tests.SIM_FILES:
        files["/host/sim/%s.mpy" % name[:-3]] = compiled(os.path.join(build_tool.ROOT, "sim", name), "sim/" + name)
    files["/host/sim/__init__.py"] = b""
    files["/host/powercut_pico.mpy"] = compiled(os.path.join(HERE, "powercut_pico.py"), "powercut_pico.py")
    return files


def apply(image, op, torn=False):
    """Apply a flash operation to `image` (the filesystem's part of the flash); torn:
    only its first half (a program of pages: half of them and half the next page)."""
    kind, offset, arg = op
    start = offset - board.FS_OFFSET
    count = arg if kind == "e" else len(arg)
    if torn:
        count = count // 2 + (board.FS_PROG // 2 if count > board.FS_PROG else 0)
    if kind == "e":
        image[start:start + count] = b"\xff" * count
    else:  # NOR flash: programming only clears bits
        old = int.from_bytes(image[start:start + count], "big")
        image[start:start + count] = (old & int.from_bytes(arg[:count], "big")).to_bytes(count, "big")


def save_kind(text):
    return "remove" if text is None else "append" if isinstance(text, Appended) else "write"


def op_kind(op):
    kind, _, arg = op
    return "erase" if kind == "e" else "page" if len(arg) <= board.FS_PROG else "pages"


def sectors(op):
    kind, offset, arg = op
    count = arg if kind == "e" else len(arg)
    start = offset - board.FS_OFFSET
    return range(start // SECTOR, (start + max(count, 1) - 1) // SECTOR + 1)


class Flash:
    """What the virtual Pico's flash holds (`mirror`, from every operation it reported)
    and loading an image into it, sector by sector where they differ."""

    def __init__(self, pico, image):
        self.pico = pico
        self.mirror = bytearray(image)
        self.seen = 0  # operations of pico.flash_ops applied to mirror
        self.dirty = set()  # sectors where mirror and the next image may differ

    def catch_up(self):
        ops = self.pico.flash_ops
        while self.seen < len(ops):
            apply(self.mirror, ops[self.seen])
            self.dirty.update(sectors(ops[self.seen]))
            self.seen += 1

    def load(self, image, changed):
        """Make the flash hold `image`; `changed`: sectors where it may differ from the
        image loaded last."""
        self.catch_up()
        for s in self.dirty | set(changed):
            part = slice(s * SECTOR, (s + 1) * SECTOR)
            if self.mirror[part] != image[part]:
                self.pico.load_flash(board.FS_OFFSET + s * SECTOR, image[part])
                self.mirror[part] = image[part]
        self.dirty = set(changed)


def record(session, saves):
    """Write the saves on the Pico; returns the index in pico.flash_ops where each save's
    operations begin, and one past the last."""
    pico = session.pico
    marks = []
    last = {}
    pending = list(reversed(saves))

    def on_line(text):
        if text != "@@?":
            if text.strip():
                raise board.VpicoError("the Pico said %r while recording" % text)
            return
        marks.append(len(pico.flash_ops))
        if not pending:
            pico.write(b"end\n")
            return
        name, text = pending.pop()
        if text is None:
            last.pop(name, None)
            pico.write(("r %s\n" % name).encode())
            return
        old = last.get(name, "")
        if isinstance(text, Appended):  # the new line alone, appended on the Pico
            last[name] = text
            tail = text[len(old):].encode("ascii")
            pico.write(("p %s %d\n" % (name, len(tail))).encode() + tail)
            return
        keep = 0
        while keep < min(len(old), len(text)) and old[keep] == text[keep]:
            keep += 1
        last[name] = text
        tail = text[keep:].encode("ascii")  # the saves are JSON: ASCII
        pico.write(("w %s %d %d\n" % (name, keep, len(tail))).encode() + tail)

    error = session.run(PICO_CODE % "record()", on_line, RUN_TIMEOUT_S)
    if error:
        raise board.VpicoError("recording the saves failed on the virtual Pico:\n" + error)
    return marks


@one_cpython_app
def expected_boot(files, name):
    """What CPython's App does with these files, pressing the tile of `name` (or the
    first tile): the Pico's App must do the same. Also checked against the save."""
    store = powercut.MemoryStorage()
    store.files = dict((n, t) for n, t in files.items() if t is not None)
    index = powercut.tile_of(name)
    want = app_boot(store, 0 if index is None else index)
    want = json.loads(json.dumps(want))  # as the Pico's JSON reads back
    now = powercut.saved(name, files.get(name))
    problem = None
    if index is not None:
        game = powercut.catalog.TILES[index][0]
        moves = now[1] if now is not None else []
        if want["resume"] != (now is not None) or want["game"] != game or want["moves"] != moves:
            problem = "CPython's App itself does not resume the save: %r" % (want,)
    elif name == powercut.saves.SETTINGS_FILE and want["settings"] != now:
        problem = "CPython's App itself does not read the settings"
    return index, want, problem


class Checker:
    """Loads each cut's image into the Pico's flash, has it boot on it, and judges what
    it reads (on_line: the Pico's lines while powercut_pico.check() runs)."""

    def __init__(self, pico, image, saves, marks, names, app_every=False, out=print, progress=0, main_every=0,
                 main_torn=False, sample_only=False):
        self.progress = progress  # say how far it got every this many cuts
        self.pico = pico
        self.ops = list(pico.flash_ops[:marks[-1]])
        self.flash = Flash(pico, image)  # the Pico's flash: this image and every operation since
        self.ref = bytearray(image)  # the flash after the operations before self.done
        self.done = 0
        self.advance(marks[0])  # anything the Pico wrote before the first save
        self.saves, self.marks, self.names = saves, marks, names
        self.app_every = app_every
        self.out = out
        self.before = []  # the files before each save
        files = {}
        first, last = {}, {}
        for j, (name, text) in enumerate(saves):
            self.before.append(dict(files))
            files[name] = text
            first.setdefault(name, j)
            last[name] = j
        # the saves whose cuts the App boots on (each costs seconds of the host's time)
        self.app_saves = set(first.values()) | set(last.values())
        self.cuts = [(j, k, torn) for j in range(len(saves)) for k in range(marks[j], marks[j + 1])
                     for torn in (False, True)]
        self.main_sample = self.sample(main_every, main_torn)
        if sample_only:  # only the cuts main.py powers up on are booted
            self.cuts = [self.cuts[i] for i in sorted(self.main_sample)]
            self.main_sample = set(range(len(self.cuts)))
        self.main_images = []  # (cut, its flash image compressed) of the cuts main.py powers up on
        self.next = 0
        self.cut = None
        self.app_asked = None  # the reading (0 old, 1 new) the App's boot is asked on
        self.app_done = set()  # (save, reading) booted by the App already
        self.tried = self.lost = self.app_boots = 0
        self.app_s = 0.0  # host seconds spent in the App's boots

    def sample(self, every, torn_cases):
        """The cuts (indexes of self.cuts) main.py powers up on: every `every`th cut of each
        file's saves (its first included) and the last cut of its save (torn in its last
        operation: mostly the new save, where a cut before an operation is mostly the old);
        with `torn_cases` the first torn cut of each kind (a whole file written, a line
        appended, a file removed; cut in the middle of an erase, of a one-page program, of
        a program of several pages)."""
        chosen = set()
        if every:
            for name in self.names:
                of_file = [i for i, (j, _, _) in enumerate(self.cuts) if self.saves[j][0] == name]
                for i in of_file[::every]:
                    chosen.add(i)
                    chosen.add(max(x for x in of_file if self.cuts[x][0] == self.cuts[i][0]))
        if torn_cases:
            kinds = set()
            for i, (j, k, torn) in enumerate(self.cuts):
                kind = (save_kind(self.saves[j][1]), op_kind(self.ops[k]))
                if torn and kind not in kinds:
                    kinds.add(kind)
                    chosen.add(i)
        return chosen

    def advance(self, k):
        """self.ref after the operations up to k (not k); the sectors they changed."""
        changed = set()
        while self.done < k:
            apply(self.ref, self.ops[self.done])
            changed.update(sectors(self.ops[self.done]))
            self.done += 1
        return changed

    def lose(self, what):
        self.lost += 1
        if self.lost <= MAX_REPORTS:
            self.out("# " + what)

    def where(self, cut=None):
        j, k, torn = cut or self.cut
        return "save %d (%s), power cut %s flash operation %d of %d" % (
            j + 1, self.saves[j][0], "in the middle of" if torn else "before", k - self.marks[j] + 1,
            self.marks[j + 1] - self.marks[j])

    def on_line(self, text):
        if text.startswith("@@C "):
            self.app_asked = self.judge_files(text[4:].split(" "))
        elif text.startswith("@@A "):
            self.judge_app(json.loads(text[4:]))
        elif text == "@@?":
            self.ask()
        elif text.strip():
            self.out("# vpico: " + text)

    def ask(self):
        if self.app_asked is not None:  # the App's boot on the image just read
            index = powercut.tile_of(self.saves[self.cut[0]][0])
            self.app_started = time.time()
            self.pico.write(("a %d\n" % (index or 0)).encode())
            return
        if self.next >= len(self.cuts):
            self.pico.write(b"end\n")
            return
        self.cut = j, k, torn = self.cuts[self.next]
        self.next += 1
        if self.progress and self.next % self.progress == 0:
            self.out("# %d of %d cuts booted, %d games lost, %d App boots" % (self.next, len(self.cuts), self.lost,
                                                                          self.app_boots))
        changed = self.advance(k)
        target = self.ref
        if torn:
            target = bytearray(self.ref)
            apply(target, self.ops[k], torn=True)
            changed.update(sectors(self.ops[k]))
        self.flash.load(target, changed)
        if self.next - 1 in self.main_sample:
            self.main_images.append((self.cut, zlib.compress(bytes(target))))
        self.pico.write(b"c\n")

    def judge_files(self, got):
        """The files as the Pico read them; returns the reading of the file being saved
        (0 old, 1 new) if the App's boot should be checked on it, else None."""
        self.tried += 1
        j = self.cut[0]
        name, text = self.saves[j]
        files = self.before[j]
        if len(got) != len(self.names):
            self.lose("%s: %s" % (self.where(), " ".join(got)))
            return None
        for n, d in zip(self.names, got):
            if n != name and d != digest(files.get(n)):
                self.lose("%s: %s changed" % (self.where(), n))
                return None
        readings = (digest(files.get(name)), digest(text))
        d = got[self.names.index(name)]
        if d not in readings:
            self.lose("%s: %s reads as neither the old save nor the new" % (self.where(), name))
            return None
        reading = readings.index(d)
        if self.app_every or j in self.app_saves and (j, reading) not in self.app_done:
            return reading
        return None

    def judge_app(self, got):
        j = self.cut[0]
        reading, self.app_asked = self.app_asked, None
        self.app_done.add((j, reading))
        self.app_boots += 1
        self.app_s += time.time() - self.app_started
        name, text = self.saves[j]
        files = dict(self.before[j])
        if reading:
            files[name] = text
        _, want, problem = expected_boot(files, name)
        if "error" in got:
            problem = "raised %s on the Pico (CPython's resumes %d moves)" % (got["error"], len(want["moves"] or ()))
        if problem or got != want:
            self.lose("%s: the App's boot %s" % (self.where(), problem or "differs from CPython's: %r, not %r"
                                                  % (got, want)))


def check(session, image, saves, marks, names, app_every=False, out=print, progress=0, main_every=0, main_torn=False,
          sample_only=False):
    checker = Checker(session.pico, image, saves, marks, names, app_every, out, progress, main_every, main_torn,
                      sample_only)
    error = session.run(PICO_CODE % ("check(%r)" % (names,)), checker.on_line, RUN_TIMEOUT_S)
    if error:
        raise board.VpicoError("booting on the cuts failed on the virtual Pico:\n" + error)
    return checker


@one_cpython_app
def power_ups(checker, out, progress):
    """main.py powered up from reset on each image of checker.main_images
    (host_tools.vpico.powerup); returns (power-ups, failed, host seconds)."""
    failed = 0
    start = time.time()
    for n, (cut, image) in enumerate(checker.main_images):
        j = cut[0]
        name, text = checker.saves[j]
        after = dict(checker.before[j])
        after[name] = text
        power = PowerUp(zlib.decompress(image), checker.before[j], after, name)
        problem = power.run()
        if problem:
            failed += 1
            if failed <= MAX_REPORTS:
                out("# %s, main.py's power-up: %s" % (checker.where(cut), problem))
        elif progress:
            out("# power-up %d of %d, %s: the %s save shown (%d frames, first at %d ms%s, %.0f s)" % (
                n + 1, len(checker.main_images), checker.where(cut), power.reading, power.checked, power.boot_ms,
                ", %d late frame(s) let through" % power.late if power.late else "", power.host_s))
    return len(checker.main_images), failed, time.time() - start


def run(seed=1, max_moves=None, app_every=False, out=print, build_dir=upy_tests.BUILD, progress=0, main_every=0,
        main_torn=False, sample_only=False):
    """Returns (cuts tried, games lost, figures {name: value}). main_every, main_torn: the
    cuts main.py powers up on (Checker.sample); sample_only: only those cuts are tried."""
    start = time.time()
    saves = session_saves(seed, max_moves)
    names = sorted(set(name for name, _ in saves))
    workdir = tempfile.mkdtemp(prefix="vpico-powercut-")
    try:
        session = SafeModeSession(pico_files(build_dir), workdir)
        try:
            with open(session.flash, "rb") as f:
                image = bytearray(f.read()[board.FS_OFFSET:])
            marks = record(session, saves)
            recorded = time.time()
            checker = check(session, image, saves, marks, names, app_every, out, progress, main_every, main_torn,
                            sample_only)
        finally:
            session.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    checked = time.time()
    main_boots, main_failed, main_s = power_ups(checker, out, progress)
    figures = dict(saves=len(saves), flash_ops=marks[-1] - marks[0], app_boots=checker.app_boots, app_s=checker.app_s,
                   record_s=recorded - start, check_s=checked - recorded, main_boots=main_boots,
                   main_failed=main_failed, main_s=main_s)
    return checker.tried, checker.lost, figures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, help="at most this many moves a game (default: full games)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves played")
    parser.add_argument("--app-every", action="store_true", help="the App's boot on every cut (slow)")
    parser.add_argument("--no-build", action="store_true", help="use build/ as it is")
    parser.add_argument("--progress", type=int, default=0, metavar="N", help="say how far it got every N cuts")
    parser.add_argument("--main-every", type=int, default=MAIN_EVERY, metavar="N",
                        help="power up main.py on every Nth cut of each file and every kind of torn cut "
                             "(default %(default)s; 0: none)")
    parser.add_argument("--sample-only", action="store_true",
                        help="try only the cuts main.py powers up on (quick; the figures then say how many)")
    args = parser.parse_args(argv)
    lacking = board.missing()
    if lacking:
        print("BENCH power_cuts_tried_vpico SKIPPED (missing %s)" % "; ".join(lacking))
        print("BENCH power_cut_games_lost_vpico SKIPPED")
        print("BENCH power_cut_boots_tried_vpico SKIPPED")
        print("BENCH power_cut_boots_failed_vpico SKIPPED")
        return 0
    try:
        if not args.no_build:
            build_tool.build(log=lambda *_: None)
        tried, lost, figures = run(args.seed, args.moves, args.app_every, progress=args.progress,
                                   out=lambda text: print(text, flush=True), main_every=args.main_every,
                                   main_torn=args.main_every > 0, sample_only=args.sample_only)
    except (board.VpicoError, build_tool.BuildError) as e:
        print("power cuts on the virtual Pico FAILED: %s" % e, file=sys.stderr)
        return 1
    for line in bench_lines(tried, lost, figures):
        print(line)
    return 1 if lost or figures["main_failed"] else 0


def bench_lines(tried, lost, figures):
    return ["BENCH power_cuts_tried_vpico %d cuts" % tried,
            "BENCH power_cut_games_lost_vpico %d games" % lost,
            "BENCH power_cut_boots_tried_vpico %d boots" % figures["main_boots"],
            "BENCH power_cut_boots_failed_vpico %d boots" % figures["main_failed"],
            "# power cuts on the virtual Pico: %(saves)d saves, %(flash_ops)d flash operations, %(app_boots)d App "
            "boots checked (%(app_s).0f s); recorded in %(record_s).0f s, cuts booted in %(check_s).0f s; "
            "%(main_boots)d power-ups of main.py from reset (%(main_s).0f s)" % figures]


if __name__ == "__main__":
    sys.exit(main())
