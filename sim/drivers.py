# Simulator drivers: the same small interfaces as firmware/drivers, with no hardware.
# Written in the MicroPython subset, so the host's MicroPython runs them too.
from app import saves
from app.app import HOLD_MS, LOOP_MS, App
from app.shared import unload
from app.grid import CELLS
from drivers.pixels import Pixels

WAIT_MS = 100  # a player who lets a countdown run out: the time passes by this
WAIT_STEPS = 100  # ... this many times at most (the longest countdown is 4 s)


class SimKeys:
    """Key events pushed by the simulator (mouse, terminal, script)."""

    def __init__(self):
        self.events = []
        self.overflowed = False  # never, unless a test says so

    def push(self, key, pressed, ticks):
        self.events.append((key, pressed, ticks))

    def get(self):
        return self.events.pop(0) if self.events else None

    def clear(self):
        self.events = []
        self.overflowed = False

    def __len__(self):
        return len(self.events)


class SimStrip:
    """A NeoPixel-like strip that keeps what it was sent."""

    def __init__(self, n=CELLS):
        self.buf = bytearray(n * 3)
        self.writes = 0

    def write(self):
        self.writes += 1


class SimSound:
    """Records the sounds played, newest last."""

    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)
        del self.played[:-20]

    def tick(self, now):
        pass


TICKS_PERIOD = 1 << 30  # MicroPython's ticks_ms() wraps here (about 12.4 days)


class VirtualClock:
    """Simulated time: it moves only when told, so runs are deterministic. `now` counts
    on; ticks_ms() wraps like the Pico's."""

    def __init__(self, now=0):
        self.now = now

    def ticks_ms(self):
        return self.now % TICKS_PERIOD

    def sleep_ms(self, ms):
        self.now += ms


class MemoryStorage:
    def __init__(self):
        self.files = {}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, text):
        self.files[name] = text

    def append(self, name, text):
        if name not in self.files:
            raise OSError(2, "no file %s" % name)  # as FileStorage: only to a file written
        self.files[name] += text

    def remove(self, name):
        self.files.pop(name, None)

    def names(self):
        """The board's files, sorted (not what was set aside: ASIDE/...)."""
        return sorted(n for n in self.files if "/" not in n)

    def set_aside(self, name):
        """Keeps the file as ASIDE/WHEN-N-NAME (as FileStorage) and returns that name;
        "" if there is none."""
        from drivers.storage_aside import aside_name

        if name not in self.files:
            return ""
        kept = aside_name(name, lambda k: k in self.files)
        self.files[kept] = self.files.pop(name)
        return kept


class RunLanguageApp(App):
    """The App with a language for this run only (`--lang`): its words in it, the saved
    setting kept as it was, until the menu's j1/k1 choose a language (that is saved)."""

    saved_lang = None

    def run_language(self, lang):
        self.saved_lang = self.settings["lang"]
        self.settings["lang"] = lang

    def set_setting(self, name, value):
        if name == "lang":
            self.saved_lang = None  # chosen on the board: kept
        App.set_setting(self, name, value)

    def save_settings(self, now):
        if self.saved_lang is None:
            return App.save_settings(self, now)
        saves.save_settings(self.storage, dict(self.settings, lang=self.saved_lang))


class SimBoard:
    """A whole simulated board: the App and its drivers (a front-end may bring its own
    clock, storage and sound: the browser page's)."""

    def __init__(self, clock=None, storage=None, sound=None, lang=None):
        """`lang`: the language for this run ("en", "fr"), over the saved setting (not saved)."""
        self.keys = SimKeys()
        self.strip = SimStrip()
        self.pixels = Pixels(self.strip)  # the default chain layout
        for name in ("drivers.pixels_setup", "pins"):  # the LEDs' set-up: freed after boot, as on the board (start.py)
            unload(name)
        self.sound = sound or SimSound()
        self.clock = clock or VirtualClock()
        self.storage = storage or MemoryStorage()
        self.app = (App if lang is None else RunLanguageApp)(self.keys, self.pixels, self.sound, self.clock,
                                                             self.storage)
        if lang is not None:
            self.app.run_language(lang)
        self.app.step()  # boot: the menu's first frame

    def press(self, cell, hold=False):
        """A player's press of `cell` (a tap, or held long enough for a hold), a loop
        step at each change."""
        clock = self.clock
        self.keys.push(cell, True, clock.now)
        clock.now += LOOP_MS
        self.app.step()
        if hold:
            clock.now += HOLD_MS
            self.app.step()
        self.keys.push(cell, False, clock.now)
        clock.now += LOOP_MS
        self.app.step()

    def play(self, move):
        """A player plays `move` (a legal move of the game on screen) with the keys, as
        at the board; a move no key plays (a window's pass) by letting its countdown
        run out."""
        screen = self.app.screen
        keys = screen.keys_for_move(move)
        for cell in keys:
            self.press(cell)
        if not keys:
            history = screen.state.history
            played = len(history)
            for _ in range(WAIT_STEPS):
                if len(history) != played:
                    break
                self.clock.now += WAIT_MS
                self.app.step()

    def levels_rgb(self, cell):
        """What the LED of `cell` gets, as (r, g, b)."""
        i = cell * 3
        lv = self.pixels.levels
        return lv[i], lv[i + 1], lv[i + 2]
