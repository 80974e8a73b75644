# The app: turns key events into taps and holds for the current screen (the menu or a
# game's controller), renders the screen into a frame and shows it. The drivers are
# passed in, so the Pico and the simulator run the very same App.
from app import colors, grid, saves
from app.frame import Frame
from app.grid import CELLS
from app.shared import FRAME_MS, call_part, free_game
from compat import const, ticks_add, ticks_diff

HOLD_MS = 700  # a key that has a hold (the screen's `holds`), held this long, is a hold
LOOP_MS = 10  # the main loop's pace on the Pico
STUCK_MS = 30000  # a key down this long is stuck: it blinks orange and is ignored until released
NOTICE_MS = 8000  # a notice (the board restarted) blinks its key this long
# A write the flash refused (full): the MENU corner blinks red twice every _UNSAVED_MS
# (lit _UNSAVED_ON_MS, dark as long, lit again, then dark) until a write succeeds: a
# sign no other light of the board makes (docs/RULES.md "When the board cannot save")
_UNSAVED_MS = const(1000)
_UNSAVED_ON_MS = const(150)
WARN_BLINK_MS = 250
_HOLD_AHEAD_STOP_MS = const(100)  # a hold's work ahead (hold_ahead) stops this long before it fires


def menu_screen(app, files=None):
    from app.menu import Menu

    return Menu(app, True, files)


class App:
    def __init__(self, keys, pixels, sound, clock, storage):
        self.keys = keys
        self.pixels = pixels
        self.sound = sound
        self.clock = clock
        self.storage = storage
        self.frame = Frame()
        self.down = {}  # key -> ticks when it went down, while it is down
        # keys down whose action is done: acted on their press, their hold has fired, or
        # the screen they waited on for a hold is gone (their release is no tap, they
        # have no hold)
        self.held = set()
        self.no_tap = set()  # keys that were down when the screen or game changed
        self.stuck = set()  # keys down for STUCK_MS or more
        self.notice = None  # (text, cell, until): a message over any screen, for a while
        self.notice_keys = ()  # ... and the keys of the notices added to it (show_notice), blinking with it
        # what the board could not read and set aside: [(what, where it is kept now, or
        # "" when it could not be moved, the key its notice blinks)] (app/aside.py)
        self.aside = []
        self.unsaved = None  # the words of a write the flash refused, until one succeeds (saved())
        from app.aside import check  # (power-up's check of the stored files: it frees itself)

        files = check(self)  # (the stored files' names: the menu's first reading opens only those)
        from app.saves_read import load_settings  # (the menu's: freed while a game is played)

        self.settings = load_settings(storage)
        pixels.set_brightness(self.settings["brightness"])
        self.dirty = True
        self.rendered_at = 0
        self.was_busy = False
        self.after_render = None  # work that waits for the LEDs (a save: flash is slow)
        # the Pico's gc.collect (main.py sets it): run after that work, while no key is
        # down, so that a collection (~16 ms on a Pico) does not fall in a press's light
        self.collect = None
        self.working = False  # the screen has more work ahead: the loop does not sleep
        # the rest of a press's work, a function of `now`: run once its answer is on its
        # way to the LEDs (answer first, load behind: step(); a hold's, at the next step)
        self.then = None
        self.hold_in = LOOP_MS  # ms to the next hold, at most LOOP_MS: the loop's sleep (check_holds)
        self.screen = menu_screen(self, files)

    # -- screens ---------------------------------------------------------------------------
    def show_menu(self, menu=None):
        """`menu`: made ahead (menu_ahead), else made now."""
        self.screen = menu or menu_screen(self)
        # the game's modules are loaded again when it is played (RAM on a Pico): freed
        # once the menu is on the LEDs
        self.then = free_game
        self.dirty = True
        self.sound.play("menu")

    def start_game(self, game, players=None, variant=None, seed=None, options=None):
        """Start a new game; ValueError (nothing changes) for an unknown game or setup.
        `options` adds a game's own choices to its setup (SETUP_OPTIONS: the seats the
        board plays, its level, a mode), kept in the save like the rest."""
        from app.menu import start_game  # (only the menu starts a game: its code goes with it)

        start_game(self, game, players, variant, seed, options)

    def menu_ahead(self, at):
        """The menu made ahead while MENU is held in a game (app/menu_ahead.py): the app's
        to load, as the menu is (a game's code never imports the menu back)."""
        return call_part("app.menu_ahead", "menu_ahead", self, at)

    def resume_game(self, setup, moves, ready=None):
        """Resume a saved game; one that no longer replays starts that tile's game afresh.
        `ready`: the game's controller, replayed ahead (app/setup.py)."""
        from app.menu import resume_game

        resume_game(self, setup, moves, ready)

    def set_brightness(self, percent, curve=None):
        """`curve`: the gamma curve, if the caller keeps it (the menu: drivers.pixels.gamma_table)."""
        self.pixels.set_brightness(percent, curve)
        self.set_setting("brightness", percent)

    def set_setting(self, name, value):
        """Kept in the flash once the LEDs have answered (a write takes tens of ms on a
        Pico), or at once if a save already waits for them."""
        self.settings[name] = value
        self.dirty = True
        if self.after_render is None:
            self.after_render = self.save_settings
        else:
            self.save_settings(None)

    def save_settings(self, now):
        self.saved(saves.save_settings(self.storage, self.settings), "the settings could not be saved (is the flash full?)")

    def saved(self, ok, words):
        """After a write: one the flash refused (`ok` False: full, worn out) is said (the
        notice, `unsaved` in the state: `words`) and shown on the board until a write
        succeeds (the MENU corner's double blink, render()); play goes on in memory, the
        last good save stays whole, and the next write tries again."""
        if ok:
            if self.unsaved is not None:
                self.unsaved = None
                self.dirty = True
        elif self.unsaved is None:
            self.unsaved = words
            self.show_notice(words, grid.MENU, NOTICE_MS, True)

    # -- the loop ----------------------------------------------------------------------------
    def key(self, key, pressed, now, at=None):
        """A key acts when it goes down, unless the screen gives it a hold (its
        `holds`: the corners' menu and new game, ...): such a key waits for its
        release (a tap) or HOLD_MS (a hold, check_holds), counted from `at` (the
        ticks the keys saw it change, if given: a hold fires on time) else `now`."""
        if not (isinstance(key, int) and 0 <= key < CELLS):
            return  # a key this board does not have
        down = self.down
        if pressed:
            if key in down:
                return  # down already (no release seen): one press acts once
            down[key] = at if at is not None and 0 <= ticks_diff(now, at) < HOLD_MS else now
            if key not in self.screen.holds:
                self.held.add(key)
                self.act(self.screen.tap, key, now)
        elif key in down:
            del down[key]
            if key in self.stuck:  # released at last: it counts again from its next press
                self.stuck.discard(key)
                self.dirty = True
            fired = key in self.held  # (a key of `holds` is held once its hold fired)
            if fired or key in self.no_tap:  # (no_tap: its screen is gone, its hold too)
                self.held.discard(key)
                self.no_tap.discard(key)
            else:
                self.act(self.screen.tap, key, now)
            released = None if fired else getattr(self.screen, "hold_released", None)
            if released is not None:  # before its hold: what its hold_ahead made goes
                released(key)

    def act(self, action, key, now):
        """A tap or hold; keys still down when it changed the screen or the game were
        pressed for what is gone: their release is no tap."""
        screen = self.screen
        state = getattr(screen, "state", None)
        action(key, now)
        self.dirty = True
        if self.screen is not screen or getattr(self.screen, "state", None) is not state:
            self.no_tap.update(self.down)

    def check_holds(self, now):
        """A key of `holds` down HOLD_MS fires the screen's hold; before that, while no
        press waits for its light, the screen's `hold_ahead(key, now, at)` (if it has one; `at`: the hold's ticks)
        takes a slice of the work that hold would do (slice_of), so the hold lights at
        once; released before, the screen's `hold_released(key)` frees it again (key())."""
        hold_in = LOOP_MS  # the loop sleeps no longer (run): a hold fires on time
        held, screen = self.held, self.screen  # (the screen is the same until a hold fires)
        for key, since in self.down.items():
            if key in held:
                continue
            if key not in screen.holds:
                # pressed on a screen that is gone (another key's hold left it, a1 and
                # l12 held together): no hold here, and its release is no tap
                held.add(key)
                continue
            left = HOLD_MS - ticks_diff(now, since)
            if left <= 0:
                held.add(key)
                self.act(screen.hold, key, now)
                return  # the keys may have changed: look again next step
            hold_in = min(hold_in, left)
            # (not in the hold's last moments: a slice may take an import's 10-60 ms)
            ahead = None if self.dirty or left < _HOLD_AHEAD_STOP_MS else getattr(screen, "hold_ahead", None)
            if ahead is not None:
                ahead(key, now, ticks_add(since, HOLD_MS))
        self.hold_in = hold_in

    def check_stuck(self, now):
        """A key down for STUCK_MS is stuck (a jammed cap, a short): it is shown and
        ignored, its release makes no tap, and the other keys play on."""
        for key, since in self.down.items():
            if key not in self.stuck and ticks_diff(now, since) >= STUCK_MS:
                self.stuck.add(key)
                self.no_tap.add(key)
                self.sound.play("illegal")
                self.dirty = True

    def show_notice(self, text, cell, ms=NOTICE_MS, add=False):
        """Say `text` (in the state) and blink `cell` orange over any screen for `ms`;
        `add`: after a notice still shown, in the same notice (both keys blink)."""
        if add and self.notice is not None:
            if cell != self.notice[1] and cell not in self.notice_keys:
                self.notice_keys += (cell,)
            text, cell = self.notice[0] + "; " + text, self.notice[1]
        else:
            self.notice_keys = ()
        self.notice = (text, cell, ticks_add(self.clock.ticks_ms(), ms))
        self.dirty = True

    def describe(self):
        """The screen's state, plus the stuck keys and the notice while there are any
        (app/words.py: the simulator's, loaded when asked; a board never asks)."""
        return call_part("app.words", "app_state", self)

    def step(self):
        now = self.clock.ticks_ms()
        keys = self.keys
        if keys.overflowed:
            # Events were lost: start afresh rather than guess (no phantom tap or hold).
            keys.clear()
            self.down.clear()
            self.held.clear()
            self.no_tap.clear()
            self.stuck.clear()
        while True:
            then = self.then
            if then is not None:  # a press's answer is on its way to the LEDs: the rest of its work
                self.then = None
                screen = self.screen
                then(now)
                if self.screen is not screen:  # keys still down were pressed for what is gone
                    self.no_tap.update(self.down)
                    self.dirty = True
            event = keys.get()
            pause = event is not None and getattr(keys, "pause", None)
            if pause:  # the matrix scan waits while a press is answered (drivers/keys.py)
                pause()
            try:
                while event is not None:
                    self.key(event[0], event[1], now, event[2])
                    if self.then is not None:  # (the events after it: for what its work shows)
                        break
                    event = keys.get()
                if self.dirty:  # a press lights at once: before the holds' checks, a slice of the board's search (busy())
                    self.render(now)
            finally:  # (whatever happens, the keys are scanned again)
                if pause:
                    keys.resume()
            if self.then is None:
                break
        self.check_holds(now)
        self.check_stuck(now)
        if self.notice is not None and ticks_diff(self.notice[2], now) <= 0:
            self.notice = None
            self.dirty = True
        if self.dirty:  # a hold's answer lights before its sound starts and the screen's busy work
            self.render(now)
        self.sound.tick(now)
        busy = self.screen.busy(now) or bool(self.stuck) or self.notice is not None or self.unsaved is not None
        if self.dirty or (busy and not 0 <= ticks_diff(now, self.rendered_at) < FRAME_MS) or self.was_busy and not busy:
            self.render(now)  # a change; a moving picture's next frame; its still last one
        if len(keys):
            # a key event that came meanwhile is answered before the rest of the step
            # (its work ahead): at the next step, at once (the loop does not sleep on it);
            # a moving picture's still last frame, if dropped for it, is still owed
            self.was_busy = self.was_busy or busy
            return
        self.was_busy = busy
        self.working = False
        work = self.after_render
        if work is not None and not self.pressing():
            # the LEDs answered the press first; and a flash write (a save) is not begun
            # while a key is down, so that the release it is waiting for lights at once
            self.after_render = None
            work(now)
            if self.collect is not None:
                self.collect()
        elif not self.down:  # nothing to answer: a slice of the screen's work ahead, if any
            ahead = getattr(self.screen, "ahead", None)
            self.working = ahead is not None and ahead(now)

    def pressing(self):
        """True while a key whose release may be a tap is down (one that acted on its
        press, held or stuck aside)."""
        for key in self.down:
            if key not in self.held and key not in self.stuck:
                return True
        return False

    def render(self, now):
        """Draw the screen and show it. A frame of nothing new (not `dirty`: a moving
        picture's next frame, its still last one; some 3 ms of a Pico's step) is not shown
        if a key event has come by the time it is drawn: that event's answer comes first
        (step() returns, the next step answers it)."""
        frame = self.frame
        frame.clear()
        self.screen.draw(frame, now)
        if not self.dirty and len(self.keys):
            return
        self.rendered_at = now
        if (now // WARN_BLINK_MS) % 2 == 0:  # stuck keys and the notice's key blink orange
            for key in self.stuck:
                frame.set(key, colors.ORANGE)
            notice = self.notice
            if notice is not None:
                frame.set(notice[1], colors.ORANGE)
                for key in self.notice_keys:
                    frame.set(key, colors.ORANGE)
        if self.unsaved is not None:  # over the notice: two short red blinks, then dark
            t = now % _UNSAVED_MS
            frame.set(grid.MENU, colors.RED if t < 3 * _UNSAVED_ON_MS and t // _UNSAVED_ON_MS != 1 else colors.OFF)
        self.pixels.show(frame.buf)
        self.dirty = False

    def run(self, watchdog=None):
        """The main loop; it feeds `watchdog` (machine.WDT) at every step, so a hung
        loop restarts the board."""
        clock = self.clock
        while True:
            start = clock.ticks_ms()
            self.step()
            if watchdog is not None:
                watchdog.feed()
            # (the step's own time counted: a hold fires on time)
            self.idle(0 if self.working else max(0, self.hold_in - ticks_diff(clock.ticks_ms(), start)))

    def idle(self, ms):
        """Sleep up to `ms`, waking as soon as a key event waits (len(keys)): a press is
        answered at once, not after the rest of the loop's pace. A clock that can wait
        for it does (the Pico's: drivers/clock.py), else a millisecond at a time."""
        keys = self.keys
        wait = getattr(self.clock, "wait", None)
        if wait is not None:
            wait(ms, keys)
            return
        for _ in range(ms):
            if len(keys):
                return
            self.clock.sleep_ms(1)
