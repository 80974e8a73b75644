# firmware/main.py, the Pico's entry point, run on CPython with stand-ins for the
# Pico's machine and neopixel modules: safe mode, the crash restarts, Ctrl-C.
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

    def __getitem__(self, addr):
        return self.level

    def __setitem__(self, addr, value):
        pass


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

    def boot(level, outcomes):
        machine.mem32 = Registers(level)

        def run(app):
            runs.append(app)
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
