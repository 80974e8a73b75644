# firmware/main.py, the Pico's entry point (start.py's main()), run on CPython with stand-ins for the
# Pico's machine and neopixel modules: safe mode, the crash restarts, Ctrl-C, the
# watchdog.
import os
import runpy
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAIN = os.path.join(ROOT, "firmware", "main.py")
MENU_COLUMN_LOW = ~(1 << 12) & 0xFFFFFFFF  # GP12, column 0: MENU (a1) down in every row


class Registers:
    """The RP2040's SIO block as the key reader sees it: inputs read `level`."""

    def __init__(self, level):
        self.level = level
        self.written = {}

    def __getitem__(self, addr):
        return self.written.get(addr, self.level)

    def __setitem__(self, addr, value):
        self.written[addr] = value


@pytest.fixture
def pico(monkeypatch):
    """Runs main.py with App.run doing what the test says; returns what happened."""
    monkeypatch.syspath_prepend(os.path.join(ROOT, "host_tools", "upy", "stubs"))
    for name in ("machine", "neopixel", "main", "ports", "ports.rp2"):
        sys.modules.pop(name, None)
    import machine
    import neopixel

    from app.app import App
    from drivers.clock import Clock

    shown = []
    monkeypatch.setattr(neopixel.NeoPixel, "write", lambda self: shown.append(bytes(self.buf)))
    monkeypatch.setattr(Clock, "sleep_ms", lambda self, ms: None)
    monkeypatch.setattr(sys, "print_exception", lambda e: shown.append(repr(e)), raising=False)
    runs = []
    machine.WDT.started = []

    def boot(level, outcomes, cause=machine.PWRON_RESET):
        machine.mem32 = Registers(level)
        machine.RESET_CAUSE[0] = cause

        def run(app, watchdog=None):
            runs.append(app)
            app.watchdog = watchdog
            app.notice_at_start = app.notice
            app.boot_modules_left = [m for m in BOOT_ONLY if m in sys.modules]
            outcome = outcomes[len(runs) - 1]
            if outcome:
                raise outcome

        monkeypatch.setattr(App, "run", run)
        runpy.run_path(MAIN, run_name="main")
        return runs, shown

    yield boot
    sys.modules.pop("machine", None)
    sys.modules.pop("neopixel", None)
    sys.modules.pop("ports.rp2", None)


BOOT_ONLY = ("ports", "ports.rp2", "drivers.pixels_setup", "drivers.keys_setup", "pins")  # start.BOOT_MODULES on rp2


def test_what_only_runs_at_boot_is_freed_before_the_loop_and_it_still_runs(pico):
    runs, shown = pico(0xFFFFFFFF, [KeyboardInterrupt()])
    assert runs[0].boot_modules_left == []  # the port, the drivers' set-up, the pin map
    assert shown[-1] == bytes(len(shown[-1]))  # Ctrl-C darkens the LEDs
    runs[0].step()  # the running drivers light the menu without their set-up
    assert any(shown[-1]) and "drivers.pixels_setup" not in sys.modules


def corner(buf):
    """The MENU corner's LED (chain index 0 with the default layout), as RGB."""
    return buf[1], buf[0], buf[2]  # the strip holds GRB


def test_safe_mode_when_menu_is_held_at_power_up(pico):
    runs, shown = pico(MENU_COLUMN_LOW, [])
    assert runs == []  # no game loop
    r, g, b = corner(shown[-1])
    assert r > g > 0 and b == 0  # orange


def test_a_crash_restarts_the_app_then_gives_up_with_a_red_corner(pico):
    runs, shown = pico(0xFFFFFFFF, [RuntimeError("boom")] * 4)
    assert len(runs) == 4  # the first run and three restarts
    assert sum("boom" in str(s) for s in shown) == 4
    r, g, b = corner(shown[-1])
    assert r > 0 and g == 0 and b == 0


def test_the_app_comes_back_after_one_crash(pico):
    runs, shown = pico(0xFFFFFFFF, [RuntimeError("boom"), KeyboardInterrupt()])
    assert len(runs) == 2 and runs[0] is not runs[1]
    assert shown[-1] == bytes(len(shown[-1]))  # Ctrl-C: the LEDs go dark


WATCHDOG_CTRL = 0x40058000


def test_the_loop_feeds_a_watchdog_and_ctrl_c_stops_it(pico):
    import machine

    runs, _ = pico(0xFFFFFFFF, [KeyboardInterrupt()])
    dog = runs[0].watchdog
    assert machine.WDT.started == [dog] and dog.timeout <= 8300  # the RP2040's longest
    assert runs[0].notice_at_start is None  # a power-up: nothing to say
    # the REPL after Ctrl-C is not reset: the watchdog's ENABLE bit (30) is cleared
    assert machine.mem32.written[WATCHDOG_CTRL] == 0xFFFFFFFF & ~(1 << 30)


def test_after_a_watchdog_reset_the_board_says_so(pico):
    import machine

    runs, _ = pico(0xFFFFFFFF, [KeyboardInterrupt()], cause=machine.WDT_RESET)
    text, cell, _ = runs[0].notice_at_start
    assert "watchdog" in text and cell == 0  # the MENU corner blinks


def test_after_a_crash_the_next_app_says_so(pico):
    runs, _ = pico(0xFFFFFFFF, [RuntimeError("boom"), KeyboardInterrupt()])
    assert runs[0].notice_at_start is None
    assert "restarted after an error (RuntimeError)" in runs[1].notice_at_start[0]


def test_app_run_feeds_the_watchdog_every_step():
    from sim.drivers import SimBoard

    board = SimBoard()
    steps = []

    class Dog:
        def feed(self):
            steps.append(board.clock.now)
            if len(steps) == 5:
                raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        board.app.run(Dog())
    assert steps == [0, 10, 20, 30, 40]  # one feed a loop (LOOP_MS apart)
