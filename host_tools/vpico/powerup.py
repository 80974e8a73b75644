"""A power-up of the real main.py on a power cut's flash image (host_tools.vpico.powercut).

The virtual Pico starts from reset on the image, as a board does when the power comes
back: rp2's _boot.py mounts littlefs, main.py makes the drivers and runs the App's loop.
Its LEDs (the frames decoded from the LED pin) are watched: the menu's first frames,
then, where the tile of the file being saved has a game to offer back, two presses of
the tile on the key matrix (its setup screen, then its game resumed). Every frame is
compared with what CPython's App draws at the same moment with the files of the save
before the cut, or of the save after it (the Pico's ticks_ms is its emulated time since
reset, and CPython's App gets the same key events at the same times): the board must
show one of the two, all along, and never a traceback, a reset or another tile's game.
Where neither of the two readings has a game of the tile, only the menu is watched.
"""
import os
import tempfile
import time

from host_tools import powercut
from host_tools.vpico import board
from host_tools.vpico.bench import PRESS_MS, SETTLE_MS
from host_tools.vpico.tests import chain_to_levels
from app.grid import MENU  # noqa: E402 (host_tools/__init__.py put firmware/ on sys.path)
from app.tiles import TILE_CELLS  # noqa: E402
from host_tools.vpico.answers import AppModel  # noqa: E402

MENU_WATCH_MS = 1200  # the menu watched this long: a tile with a game blinks every second
GAME_WATCH_MS = 1000  # the game watched this long from its first frame
BOOT_MS = 20000  # main.py must draw its menu this soon after the power-up (emulated time)
RESUME_MS = 60000  # the game must show this soon after the second press (a resume replays it)
# The Pico's App gets a key change this long after the matrix: a press from the first
# scan that reads it (eager debounce, a scan a ms), a release after 5 ms open in a row.
KEY_LAG_MS = {True: 1, False: 6}
CHANGE_MS = 40  # frames begun this soon after a key change are not compared (before or after it)
DRAW_MS = 60  # a frame's first bit leaves at most this long after the time it was drawn for
EARLY_MS = 10  # ... and CPython may take a key this much later than the Pico did
SAME_STEP_MS = 20  # a step's second frame begins this soon after its first (a frame is 4.3 ms)
TIMEOUT_S = 1800  # host time for one power-up (a loaded host runs the emulator slowly)
# A press the Pico took late (Model's busy spans) was taken by a step that began before
# its frame left, by the time it took to draw it: this much before, tried in turn
STEP_LEADS = (10, 20, 30, 40, 50, 60)


class Model:
    """CPython's App on the simulator's drivers with `files` ({name: text or None}),
    given the key events `events` [(ms, key, down)] at their times. `busy`: the spans
    [(from ms, until ms)] from a key event to the Pico's first frame after it: a press
    whose step ran long (a tile's second press that loads and replays a long game the
    setup screen had not finished replaying ahead) is taken at the span's end, and the
    App is not stepped within it. CPython's App replays ahead at once, so its press would
    find the game ready and start a card game's open window counting down at the press,
    where the Pico starts it when its replay is over, as the game shows."""

    def __init__(self, files, events, start, busy=()):
        self.model = AppModel(files, start)
        self.busy = list(busy)
        # a press in a busy span is taken at its end; a release no sooner than its press
        moved, pressed_at = [], {}
        for at, key, down in sorted(events):
            at = self.after_busy(at) if down else max(at, pressed_at.get(key, at))
            if down:
                pressed_at[key] = at
            moved.append((at, key, down))
        self.events = sorted(moved)

    def after_busy(self, at):
        """`at`, or the end of the busy span it falls in."""
        for begin, end in self.busy:
            if begin <= at < end:
                return end
        return at

    def frames(self, nows):
        """{now: the LED levels the App draws at now} for the ascending `nows`."""
        out = {}
        pending = list(self.events)
        last = None

        def taken(at):  # the events at `at`, taken off `pending`
            events = []
            while pending and pending[0][0] == at:
                events.append(pending.pop(0)[1:])
            return events

        for now in nows:
            if last is not None and self.after_busy(now) != now:
                out[now] = last  # the Pico's App is still in its long step: no step here
                continue
            # an event before `now` is taken at its own time, in a step of its own: a
            # frame equal to the last is not sent, so frames' times may be far apart, and
            # one step would take a press and its release at once
            while pending and pending[0][0] < now:
                at = pending[0][0]
                self.model.at(at, taken(at))
            out[now] = last = self.model.at(now, taken(now))
        return out


def first_mismatch(model, frames, late=None):
    """The start (ms) of the first of `frames` [(start ms, levels, earliest ms it may have
    been drawn for)] that the model draws at none of the times it may have been drawn
    for, or None. A late frame (drawn after a long step: windows()) followed by frames
    that match is let through and counted in `late` (a list): it was drawn for a time
    before the screen the step made began (a card game's countdown starts when its resume
    ends, and its first frame shows the ring as before the countdown), which CPython's
    App, whose resume takes no time, never draws."""
    nows = sorted(set(n for s, _, lo in frames for n in range(lo, s + EARLY_MS + 1)))
    drawn = model.frames(nows)
    for i, (s, levels, lo) in enumerate(frames):
        if not any(drawn[n] == levels for n in range(lo, s + EARLY_MS + 1)) and not cellwise(
                levels, [drawn[n] for n in range(lo, s + EARLY_MS + 1)]):
            if late is None or lo >= s - DRAW_MS or not any(f[2] >= f[0] - DRAW_MS for f in frames[i + 1:]):
                return s
            late.append(s)
    return None


def busy_spans(frames, events):
    """[(a press, the start of the Pico's first frame after it)] for each press in
    `events` [(ms, key, down)]: the Pico answered it no sooner (Model; the step that
    took it began up to DRAW_MS before that frame: STEP_LEADS)."""
    spans = []
    for at, _, down in events:
        after = [s for s, _ in frames if s > at]
        if down and after:
            spans.append((at, after[0]))
    return spans


def cellwise(levels, candidates):
    """Every LED of the frame `levels` shows what it shows in one of the `candidates`
    (frames CPython drew at the times this one may have been drawn for). Two pictures
    timed apart (a card's blink on the clock, a window's countdown from the moment the
    Pico's App took the key, which the matrix's time gives to a few ms) may change a few
    ms apart on the Pico and in CPython: no one moment of CPython's shows both as the
    Pico's frame does, yet each LED is right."""
    for i in range(0, len(levels), 3):
        led = levels[i:i + 3]
        if not any(c[i:i + 3] == led for c in candidates):
            return False
    return True


def windows(frames, changes):
    """[(start ms, levels, earliest ms it may have been drawn for)]: a frame leaves within
    DRAW_MS of the time the App drew it for, but the frames of the step that took a key
    may leave much later: the step reads the time, takes the key (a resume replays the
    whole game), then draws, once or twice back to back, for the time it read. Frames
    begun within CHANGE_MS of a key change are left out (drawn before the App took it,
    or after)."""
    out = []
    late = None  # the key change whose step's frames these are
    previous = None
    for s, levels in frames:
        before = [at for at in changes if at + CHANGE_MS < s]
        if before and not any(max(before) + CHANGE_MS < s2 < s for s2, _ in frames):
            late = max(before)  # the first frame compared after the last change
        elif late is not None and s - previous > SAME_STEP_MS:
            late = None  # not back to back: a step of its own
        previous = s
        if any(0 <= s - at <= CHANGE_MS for at in changes):
            continue
        out.append((s, levels, s - DRAW_MS if late is None else min(s - DRAW_MS, late)))
    return out


def describe(levels, want):
    """Which cells differ between two frames of levels, in words (the first few)."""
    from app import grid

    cells = [grid.name(c) for c in range(len(levels) // 3) if levels[c * 3:c * 3 + 3] != want[c * 3:c * 3 + 3]]
    return "%d cells differ (%s)" % (len(cells), " ".join(cells[:8]))


def reached(pico, ms):
    """The Pico's emulated time has reached `ms` (a key change or time mark said so)."""
    return bool(pico.key_times) and pico.key_times[-1][2] // 1000 >= ms


class PowerUp:
    """One power-up: `files_old` and `files_new` are the files before and after the save
    `name` was cut; `image` the filesystem's part of the flash the cut left."""

    def __init__(self, image, files_old, files_new, name):
        self.image = image
        self.readings = (("old", files_old), ("new", files_new))
        self.name = name
        index = powercut.tile_of(name)
        has_game = [index is not None and powercut.saved(name, f.get(name)) is not None for _, f in self.readings]
        self.index = index if any(has_game) else None  # the tile pressed, if either reading offers its game
        self.has_game = has_game
        self.boot_ms = None
        self.host_s = 0.0
        self.reading = None  # "old", "new" or "either": what the board showed
        self.checked = 0  # frames compared
        self.late = 0  # late frames let through (first_mismatch)

    def run(self):
        """Powers up and judges; returns None, or what went wrong."""
        start = time.time()
        with tempfile.TemporaryDirectory(prefix="vpico-powerup-") as workdir:
            path = os.path.join(workdir, "flash.bin")
            with open(path, "wb") as f:
                f.write(b"\xff" * board.FS_OFFSET + bytes(self.image))
            try:
                with board.Pico(flash=path) as pico:
                    problem = self.watch(pico)
            except board.VpicoError as e:
                problem = str(e)
        self.host_s = time.time() - start
        return problem

    def watch(self, pico):
        pico.key(MENU, False, BOOT_MS * 1000)  # a time mark (a1 is up: no change)
        pico.wait_for(lambda: pico.frames or reached(pico, BOOT_MS), TIMEOUT_S, "main.py's first LED frame")
        if not pico.frames:
            return "main.py drew no LED frame within %d s of the power-up (%s)" % (
                BOOT_MS // 1000, bytes(pico.serial).decode("utf-8", "replace").strip()[-300:] or "nothing on USB")
        first = pico.frames[0][2] // 1000
        self.boot_ms = first
        end = first + MENU_WATCH_MS
        if self.index is not None:
            cell = TILE_CELLS[self.index][0]
            for at in (end, end + PRESS_MS + SETTLE_MS):  # the tile: its setup screen, then its game
                pico.key(cell, True, at * 1000)
                pico.key(cell, False, (at + PRESS_MS) * 1000)
            # the game shows after the second press, maybe before its release: a game
            # replayed ahead on the setup screen answers that press in a few ms, then
            # stands still
            second = end + PRESS_MS + SETTLE_MS
            pico.key(MENU, False, (second + RESUME_MS) * 1000)  # a time mark
            pico.wait_for(lambda: reached(pico, second + RESUME_MS) or any(s // 1000 > second
                                                                          for _, _, s in pico.frames),
                          TIMEOUT_S, "the game after two presses of its tile")
            shown = [s // 1000 for _, _, s in pico.frames if s // 1000 > second]
            if not shown:
                return "the game did not show within %d s of the tile's second press" % (RESUME_MS // 1000)
            end = shown[0] + GAME_WATCH_MS
        pico.key(MENU, False, end * 1000)  # a time mark
        pico.wait_for(lambda: reached(pico, end), TIMEOUT_S, "the end of the watch")
        serial = bytes(pico.serial).decode("utf-8", "replace")
        if pico.resets:
            return "the board reset itself (watchdog) %d time(s): %s" % (pico.resets, serial.strip()[-300:])
        if "Traceback" in serial or "Error" in serial:
            return "main.py printed: %s" % serial.strip()[-300:]
        # the presses as the matrix changed (the time marks are a1's, which stays up)
        presses = [(us // 1000, key, down) for key, down, us in pico.key_times if key != MENU]
        frames = [(s // 1000, bytes(chain_to_levels(data))) for e, data, s in pico.frames if e // 1000 <= end]
        return self.judge(frames, presses, first)

    def judge(self, frames, presses, first):
        """The frames [(start ms, levels)] against CPython's App with either reading."""
        events = [(at + KEY_LAG_MS[down], key, down) for at, key, down in presses]
        busy = busy_spans(frames, events)
        frames = windows(frames, [at for at, _, _ in presses])
        # a key acts on its press: the last press (not its release) starts or resumes the game
        started = max([at for at, _, down in presses if down] or [0])
        wrong = []
        for (label, files), has_game in zip(self.readings, self.has_game):
            shown = frames
            if presses and not has_game:  # a new game starts: the board had none to offer
                shown = [f for f in frames if f[0] < started]
            late = []
            bad = first_mismatch(Model(files, events, first - DRAW_MS - 1, busy), shown, late)
            for lead in STEP_LEADS if bad is not None and busy else ():
                late = []
                earlier = [(begin, max(begin, end - lead)) for begin, end in busy]
                if first_mismatch(Model(files, events, first - DRAW_MS - 1, earlier), shown, late) is None:
                    bad = None
                    break
            if bad is None:
                self.late = len(late)
                self.checked = max(self.checked, len(shown))
                self.reading = "either" if self.reading else label
                continue
            levels = dict((s, f) for s, f, _ in frames)[bad]
            screen = "the menu" if not presses or bad < presses[0][0] else (
                "the setup screen" if bad < started else "the game")
            # (stepped all along, as the App is: one step at `bad` alone would take every key at once)
            want = Model(files, events, first - DRAW_MS - 1, busy).frames(list(range(first - DRAW_MS, bad + 1)))[bad]
            wrong.append("%s at %d ms is not CPython's with the %s save (%s)" % (screen, bad, label,
                                                                                 describe(levels, want)))
        if self.reading is None:
            return "; ".join(wrong)
        return None
