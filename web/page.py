# The board behind the browser page: the App on the browser's drivers (web/drivers.py),
# stepped when the page's JavaScript (web/board.mjs) wakes it: at each pointer or
# keyboard event, and at the time step() asks for. Everything crosses into JavaScript
# as plain numbers and strings. Written in the MicroPython subset: it runs on MicroPython.
import binascii
import json

from app.app import HOLD_MS, LOOP_MS
from app.grid import CELLS, MENU
from drivers.clock import Clock
from sim import words
from sim.drivers import SimBoard, VirtualClock
from sim.headless import Headless, frame_lines
from web.drivers import BrowserSound, BrowserStorage

# Nothing moves and no key is down: the screen is not busy, so nothing changes but by
# the clock alone, and the page sleeps until the next of the clock's IDLE_WAKE_MS marks
# (or an event). What changes by the clock alone is caught there: the menu's demo after
# a minute idle, and the cubes' glow, which steps on the clock's 300 ms marks and asks
# to be drawn for one FRAME_MS from each (c_cubes.busy). About 3 steps a second.
IDLE_WAKE_MS = 300


class Page:
    """host: the page's JavaScript functions (web/board.mjs `host`). virtual: the board
    runs on the simulator's VirtualClock, which moves only by advance(ms), so that a
    test's presses give the very frames of the headless simulator (sim/headless.py)."""

    def __init__(self, host, virtual=False, notice=None):
        # (at power-up the board sets aside what it cannot read back, with its notice:
        # app/aside.py, through BrowserStorage.set_aside; the page lists them, set_aside)
        self.board = SimBoard(clock=VirtualClock() if virtual else Clock(), storage=BrowserStorage(host),
                              sound=BrowserSound(host))
        self.virtual = virtual
        self.headless = Headless(board=self.board)
        app = self.board.app
        self.set_aside = app.aside
        if notice:  # the page restarted the board after an error, as main.py does
            app.show_notice(notice, MENU, add=True)
            app.step()
        self.shown = -1  # the strip's write count the page last drew

    # -- what the page calls ----------------------------------------------------------
    def key(self, cell, pressed):
        """A key goes down or up now (a pointer, a finger, the keyboard); a step
        answers it. Returns step()'s wait."""
        if isinstance(cell, int) and 0 <= cell < CELLS:
            self.board.keys.push(cell, bool(pressed), self.board.clock.ticks_ms())
        return self.step()

    def step(self):
        """One loop step of the App. Returns the milliseconds until the next one is
        due: the loop's pace while a key is down (a hold is timed) or the screen is
        busy, else the next idle mark; -1 on the virtual clock (it moves by advance)."""
        app = self.board.app
        app.step()
        if self.virtual:
            return -1
        if app.down or app.was_busy or app.after_render is not None:
            return LOOP_MS
        return IDLE_WAKE_MS - self.board.clock.ticks_ms() % IDLE_WAKE_MS

    def levels(self):
        """The LEDs' levels as 864 hex digits (cell order, RGB) when the strip was written
        since the last call, else "": the page redraws only a changed frame."""
        strip = self.board.strip
        if strip.writes == self.shown:
            return ""
        self.shown = strip.writes
        return binascii.hexlify(self.board.pixels.levels).decode()

    def view(self):
        """What the page writes around the board, as JSON: the margin labels in the
        game's notation, the captions, the status line, the refusal, the rules page,
        the last sound (sim/words.py: the window's and the terminal's words)."""
        board = self.board
        d = board.app.describe()  # (its words in the board's language)
        what, page, error = words.screen_text(board, d)
        played = board.sound.played
        return json.dumps({
            "labels": words.margin_labels(board),
            "captions": [[place, cell, text] for place, cell, text in words.captions(board, d)],
            "status": what,
            "error": error,
            "rules": page,
            "sound": played[-1] if played else None,
            "notice": board.app.notice[0] if board.app.notice else None,
        })

    def state(self):
        """The headless `state` command's JSON."""
        return json.dumps(self.board.app.describe())

    def frame(self):
        """The headless `frame` command's 12 lines: the frame rendered now, as the
        LEDs get it."""
        app = self.board.app
        app.render(self.board.clock.ticks_ms())
        return "\n".join(frame_lines(self.board.pixels.levels))

    def advance(self, ms):
        """Virtual clock only: lets `ms` pass as the headless `wait` does."""
        if not self.virtual:
            raise ValueError("advance() needs the page's virtual clock (?clock=virtual)")
        self.headless.advance(int(ms))
        return -1

    def set_aside_json(self):
        """[[what, where it is kept now], ...] of what power-up set aside."""
        return json.dumps([[entry[0], entry[1]] for entry in self.set_aside])

    def hold_ms(self):
        return HOLD_MS
