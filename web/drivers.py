# The browser's drivers, behind the firmware's own interfaces (ARCHITECTURE.md
# "Drivers"): what the page's JavaScript (web/board.mjs) hands the board as the host
# module `host` (localStorage, WebAudio). The other drivers need nothing of the browser:
# the keys are the simulator's SimKeys (the page pushes each pointer and keyboard event
# with the clock's ticks), the LEDs the firmware's Pixels on a SimStrip (the page draws
# its `levels`), the clock the firmware's Clock (the wasm port's ticks_ms is the
# browser's clock) or, for tests, the simulator's VirtualClock.
# Written in the MicroPython subset: it runs on MicroPython in the page.
import json

from drivers.sound import SOUNDS


def _notes(notes):
    """((hz, ms), ...) -> 'hz:ms,hz:ms': a plain string crosses into JavaScript whole."""
    return ",".join("%d:%d" % note for note in notes)


class BrowserSound:
    """The buzzer's tones (drivers/sound.py's SOUNDS, as the Pico's piezo plays them)
    through WebAudio: host.tone(notes) starts a sound, replacing any playing, as the
    Buzzer does; the page keeps it silent until the first press (browsers allow sound
    only after one). WebAudio times the notes itself: tick() has nothing to do."""

    def __init__(self, host, sounds=SOUNDS):
        self.host = host
        self.tones = dict((name, _notes(notes)) for name, notes in sounds.items())
        self.played = []  # the names played, newest last (the page's status line)

    def play(self, name):
        tones = self.tones.get(name) if isinstance(name, str) else None
        if tones is None:
            return  # an unknown sound is ignored, as on the board
        self.played.append(name)
        del self.played[:-20]
        self.host.tone(tones)

    def tick(self, now):
        pass


class BrowserStorage:
    """The board's files in the browser's localStorage, one entry a file (the page
    names it "ledboard/" + name): a write is one setItem, so it lands whole or not at
    all; one the browser refuses (its quota) is an OSError, as a full flash, and costs
    the app that save only."""

    def __init__(self, host):
        self.host = host

    def _check(self, name):
        if not isinstance(name, str) or not name or "/" in name or "\\" in name or name in (".", ".."):
            raise ValueError("storage names are plain file names, not %r" % (name,))
        return name

    def read(self, name):
        """The file's text, or None if there is none."""
        return self.host.storage_read(self._check(name))

    def write(self, name, text):
        if not isinstance(text, str):
            raise TypeError("storage writes text (str), not %s" % type(text).__name__)
        if not self.host.storage_write(self._check(name), text):
            raise OSError(28, "the browser's storage refused %s (full?)" % name)

    def append(self, name, text):
        """The file with `text` added, written whole again (one setItem: all or nothing);
        OSError if there is no such file, as FileStorage."""
        old = self.read(name)
        if old is None:
            raise OSError(2, "no file %s" % name)
        self.write(name, old + text)

    def remove(self, name):
        self.host.storage_remove(self._check(name))

    def names(self):
        """Every file the page keeps, sorted."""
        return sorted(json.loads(self.host.storage_names()))

    def set_aside(self, name):
        """Moves the file out of the board's way (kept in the browser under another
        name, which it returns): the board then has no such file."""
        return self.host.storage_set_aside(json.dumps(name))  # (as JSON: a NUL in a name crosses whole)
