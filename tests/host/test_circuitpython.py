# The CircuitPython back end, run on the host: the real Adafruit neopixel library
# (from .venv/circuitpython, installed by `make test`) over small fakes of CircuitPython's
# board, digitalio, neopixel_write, keypad, pwmio and supervisor modules. The bytes on
# the LED wire must be exactly what the MicroPython back end sends for the same frame.
import importlib.util
import os
import random
import runpy
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CP_LIBS = os.path.join(ROOT, ".venv", "circuitpython")
FIRMWARE = os.path.join(ROOT, "firmware")

from app import grid  # noqa: E402
from drivers.pixels import Pixels  # noqa: E402
from drivers.pixels_setup import ChainLayout, from_pins
from drivers.sound import SOUNDS, Buzzer  # noqa: E402


# -- fakes of CircuitPython's hardware modules ---------------------------------------------
class Pin:
    def __init__(self, number):
        self.number = number

    def __repr__(self):
        return "board.GP%d" % self.number


class Wire:
    """What the fake hardware saw: bytes sent per pin, driven levels, pressed keys."""

    def __init__(self):
        self.sent = []  # (pin, bytes) per neopixel_write
        self.low_rows = set()  # GPIO numbers driven low
        self.pressed = set()  # (row gpio, column gpio) of keys held down
        self.remounted = []


def fake_modules(wire):
    board = types.ModuleType("board")
    for n in range(29):
        setattr(board, "GP%d" % n, Pin(n))

    digitalio = types.ModuleType("digitalio")

    class Direction:
        INPUT, OUTPUT = "input", "output"

    class Pull:
        UP, DOWN = "up", "down"

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.direction = Direction.INPUT
            self.pull = None
            self._value = True

        def switch_to_output(self, value=False):
            self.direction = Direction.OUTPUT
            self.value = value

        def switch_to_input(self, pull=None):
            self.direction = Direction.INPUT
            self.pull = pull

        @property
        def value(self):
            if self.direction == Direction.OUTPUT:
                return self._value
            # a pulled-up column reads low when a held key joins it to a low row
            return not any((row, self.pin.number) in wire.pressed for row in wire.low_rows)

        @value.setter
        def value(self, level):
            self._value = level
            if self.direction == Direction.OUTPUT:
                (wire.low_rows.discard if level else wire.low_rows.add)(self.pin.number)

        def deinit(self):
            wire.low_rows.discard(self.pin.number)

    digitalio.DigitalInOut, digitalio.Direction, digitalio.Pull = DigitalInOut, Direction, Pull

    neopixel_write = types.ModuleType("neopixel_write")
    neopixel_write.neopixel_write = lambda pin, buf: wire.sent.append((pin.pin.number, bytes(buf)))

    keypad = types.ModuleType("keypad")

    class Event:
        """keypad.Event(key_number=0, pressed=True, timestamp=None)."""

        def __init__(self, key_number=0, pressed=True, timestamp=None):
            self.key_number, self.pressed, self.timestamp = key_number, pressed, timestamp

        @property
        def released(self):
            return not self.pressed

    class EventQueue:
        """As documented: a full queue drops the new event and sets `overflowed`,
        which clear() resets; get_into() fills an Event and says whether it did."""

        def __init__(self, max_events):
            self.max_events = max_events
            self.queue = []
            self.overflowed = False

        def put(self, key, pressed, timestamp):  # the scanner's side (not public)
            if len(self.queue) >= self.max_events:
                self.overflowed = True
            else:
                self.queue.append((key, pressed, timestamp))

        def get(self):
            return Event(*self.queue.pop(0)) if self.queue else None

        def get_into(self, event):
            if not self.queue:
                return False
            event.key_number, event.pressed, event.timestamp = self.queue.pop(0)
            return True

        def clear(self):
            self.queue.clear()
            self.overflowed = False

        def __len__(self):
            return len(self.queue)

        def __bool__(self):
            return bool(self.queue)

    class KeyMatrix:
        made = []

        def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02,
                     max_events=64, debounce_threshold=1):
            self.row_pins, self.column_pins = row_pins, column_pins
            self.columns_to_anodes = columns_to_anodes
            self.interval, self.debounce_threshold = interval, debounce_threshold
            self.events = EventQueue(max_events)
            self.key_count = len(row_pins) * len(column_pins)
            self.resets = 0
            self.deinited = False
            KeyMatrix.made.append(self)

        def key_number_to_row_column(self, key_number):
            return divmod(key_number, len(self.column_pins))

        def reset(self):
            self.resets += 1

        def deinit(self):
            self.deinited = True

    keypad.Event, keypad.EventQueue, keypad.KeyMatrix = Event, EventQueue, KeyMatrix

    pwmio = types.ModuleType("pwmio")

    class PWMOut:
        def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):
            self.pin, self.duty_cycle, self.frequency = pin, duty_cycle, frequency
            self.variable_frequency = variable_frequency
            self.log = []

        def __setattr__(self, name, value):
            if name in ("duty_cycle", "frequency") and "log" in self.__dict__:
                self.log.append((name, value))
            object.__setattr__(self, name, value)

        def deinit(self):
            pass

    pwmio.PWMOut = PWMOut

    storage = types.ModuleType("storage")
    storage.remount = lambda path, readonly=False: wire.remounted.append((path, readonly))

    supervisor = types.ModuleType("supervisor")
    supervisor.ticks_ms = lambda: 123
    microcontroller = types.ModuleType("microcontroller")
    microcontroller.Pin = Pin  # the library's annotations

    class WatchDogTimer:
        timeout, mode, feeds, deinited = None, None, 0, False

        def feed(self):
            self.feeds += 1

        def deinit(self):
            self.deinited = True

    class ResetReason:
        POWER_ON, WATCHDOG = "power on", "watchdog"

    microcontroller.watchdog = WatchDogTimer()
    microcontroller.ResetReason = ResetReason
    microcontroller.cpu = types.SimpleNamespace(reset_reason=ResetReason.POWER_ON)
    watchdog = types.ModuleType("watchdog")
    watchdog.WatchDogMode = types.SimpleNamespace(RAISE="raise", RESET="reset")
    return {"microcontroller": microcontroller, "watchdog": watchdog, "board": board, "digitalio": digitalio, "neopixel_write": neopixel_write,
            "keypad": keypad, "pwmio": pwmio, "storage": storage, "supervisor": supervisor}


@pytest.fixture
def cp(monkeypatch):
    """CircuitPython's modules as fakes, Adafruit's real neopixel library on the path."""
    assert os.path.exists(os.path.join(CP_LIBS, "neopixel.py")), "run `make test` (it installs the library)"
    wire = Wire()
    for name, module in fake_modules(wire).items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.syspath_prepend(CP_LIBS)
    for name in ("neopixel", "adafruit_pixelbuf", "ports", "ports.circuitpython"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield wire
    for name in ("neopixel", "adafruit_pixelbuf", "ports", "ports.circuitpython"):
        sys.modules.pop(name, None)


def port():
    import ports.circuitpython as module

    return module


class MicroPythonStrip:
    """MicroPython's neopixel.NeoPixel as Pixels uses it: buf in wire order, write()."""

    def __init__(self, n):
        self.buf = bytearray(n * 3)
        self.sent = []

    def write(self):
        self.sent.append(bytes(self.buf))


def frames():
    rng = random.Random(7)
    yield bytes(grid.CELLS * 3)
    one = bytearray(grid.CELLS * 3)
    one[0] = 255  # a1 full red
    one[12 * 3 + 2] = 255  # a2 full blue
    yield bytes(one)
    yield bytes([255] * (grid.CELLS * 3))  # full white: far over the current cap
    for _ in range(5):
        yield bytes(rng.randrange(256) for _ in range(grid.CELLS * 3))


# -- pixels ------------------------------------------------------------------------------
@pytest.mark.parametrize("brightness", [5, 25, 60, 100])
def test_the_wire_bytes_equal_the_micropython_back_end_for_every_frame(cp, brightness):
    pixels = port().make_pixels()
    pixels.set_brightness(brightness)
    reference = MicroPythonStrip(grid.CELLS)
    mp_pixels = Pixels(reference, from_pins(), brightness=brightness)
    for frame in frames():
        pixels.show(frame)
        mp_pixels.show(frame)
        pin, sent = cp.sent[-1]
        assert pin == 27 and sent == reference.sent[-1]
        assert pixels.levels == mp_pixels.levels and pixels.current_ma == mp_pixels.current_ma


def test_grb_order_chain_layout_and_the_cap_on_the_wire(cp):
    pixels = port().make_pixels()
    pixels.set_brightness(100)
    frame = bytearray(grid.CELLS * 3)
    frame[0] = 255  # a1 red: LED 0
    frame[12 * 3 + 2] = 255  # a2 blue: the serpentine's second row runs back, LED 23
    pixels.show(frame)
    sent = cp.sent[-1][1]
    assert len(sent) == grid.CELLS * 3
    assert sent[0:3] == bytes((0, 255, 0))  # green, red, blue on the wire
    assert sent[23 * 3:23 * 3 + 3] == bytes((0, 0, 255))
    assert sum(sent) == 510
    pixels.show(bytes([255] * (grid.CELLS * 3)))  # full white: capped
    assert pixels.current_ma <= pixels.cap_ma and sum(cp.sent[-1][1]) == sum(pixels.levels)


def test_the_library_brightness_stays_at_one(cp):
    import neopixel

    from drivers.pixelbuf_strip import PixelBufStrip

    dimmed = neopixel.NeoPixel(sys.modules["board"].GP27, 4, brightness=0.5, auto_write=False)
    with pytest.raises(ValueError):
        PixelBufStrip(dimmed)


def test_a_rotated_layout_is_applied_once(cp):
    from drivers.pixelbuf_strip import RGB_ORDER, PixelBufStrip

    import neopixel

    layout = ChainLayout("bottom-right", rows_first=False, serpentine=False, rotation=1)
    np = neopixel.NeoPixel(sys.modules["board"].GP27, grid.CELLS, brightness=1.0, auto_write=False)
    pixels = Pixels(PixelBufStrip(np), layout, brightness=100, order=RGB_ORDER)
    reference = MicroPythonStrip(grid.CELLS)
    mp_pixels = Pixels(reference, layout, brightness=100)
    for frame in frames():
        pixels.show(frame)
        mp_pixels.show(frame)
        assert cp.sent[-1][1] == reference.sent[-1]


# -- keys --------------------------------------------------------------------------------
def test_keys_come_from_keymatrix_events_with_the_boards_numbering(cp):
    keys = port().make_keys()
    matrix = sys.modules["keypad"].KeyMatrix.made[-1]
    assert [p.number for p in matrix.row_pins] == list(range(12))
    assert [p.number for p in matrix.column_pins] == [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 26]
    assert matrix.columns_to_anodes and matrix.interval <= 0.002  # >= 500 Hz
    assert matrix.interval * matrix.debounce_threshold <= 0.01
    assert keys.get() is None
    matrix.events.put(grid.parse("c3"), True, 1000)
    matrix.events.put(grid.parse("c3"), False, 1080)
    assert keys.get() == (grid.parse("c3"), True, 1000)
    assert keys.get() == (grid.parse("c3"), False, 1080)
    assert keys.get() is None and len(keys) == 0


def test_the_rows_are_driven_at_the_scans_12_ma(cp, monkeypatch):
    from drivers.keys_setup import ROW_DRIVE

    pads = bytearray(b"\x56\x00\x00\x00" * 30)  # every pad at reset: DRIVE 1 (4 mA)

    class AddressRange:
        def __init__(self, start, length):
            assert start == 0x4001C004 and length == 4 * 30

        def __getitem__(self, index):
            return bytes(pads[index])

        def __setitem__(self, index, value):
            assert len(value) == 4 and index.start % 4 == 0  # whole registers only
            pads[index] = value

    monkeypatch.setitem(sys.modules, "memorymap", types.SimpleNamespace(AddressRange=AddressRange))
    port().make_keys()
    assert port().ROW_DRIVE == ROW_DRIVE
    for g in range(30):
        assert pads[4 * g] == (0x76 if g < 12 else 0x56), g  # the rows 12 mA, nothing else touched


def test_without_memorymap_the_rows_stay_as_they_are(cp, monkeypatch):
    monkeypatch.setitem(sys.modules, "memorymap", None)  # (import fails)
    port().make_keys()
    assert port().drive_rows(range(12)) is False


def test_an_overflow_is_reported_until_cleared(cp):
    keys = port().make_keys()
    matrix = sys.modules["keypad"].KeyMatrix.made[-1]
    for i in range(70):
        matrix.events.put(i % 144, i % 2 == 0, i)
    assert keys.overflowed and len(keys) == 64
    keys.clear()
    assert not keys.overflowed and keys.get() is None
    keys.start()
    keys.stop()
    assert matrix.resets == 1 and matrix.deinited


def test_safe_mode_sees_menu_held_at_power_up(cp):
    from drivers.clock import Clock

    class NoSleep(Clock):
        def sleep_ms(self, ms):
            pass

    keys = port().make_keys()
    matrix = sys.modules["keypad"].KeyMatrix.made[-1]
    matrix.events.put(grid.MENU, True, 5)
    assert port().menu_held(keys, NoSleep(), 30)
    matrix.events.put(grid.MENU, True, 5)
    matrix.events.put(grid.MENU, False, 9)  # a glitch, gone again
    assert not port().menu_held(keys, NoSleep(), 30)


# -- sound, clock, boot ----------------------------------------------------------------------
def test_the_buzzer_plays_through_pwmout(cp):
    sound = port().make_sound()
    pwm = sound._pwm._pwm
    assert pwm.variable_frequency and pwm.duty_cycle == 0 and pwm.pin.number == 28
    sound.play("illegal")
    sound.tick(0)  # (a sound starts at the App's next tick)
    first = SOUNDS["illegal"][0][0]
    assert ("frequency", first) in pwm.log and pwm.duty_cycle > 0
    sound.tick(10000)
    assert pwm.duty_cycle == 0 and not sound.playing
    assert isinstance(sound, Buzzer)


def test_compat_wraps_ticks_at_2_to_the_29_under_circuitpython(cp):
    spec = importlib.util.spec_from_file_location("compat_cp", os.path.join(FIRMWARE, "compat.py"))
    compat = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compat)
    period = 1 << 29
    assert compat.ticks_ms() == 123  # supervisor.ticks_ms
    assert compat.ticks_add(period - 10, 30) == 20
    assert compat.ticks_diff(20, period - 10) == 30
    assert compat.ticks_diff(period - 10, 20) == -30


@pytest.mark.parametrize("held", [False, True])
def test_boot_makes_the_flash_the_boards_unless_menu_is_held(cp, held):
    if held:
        cp.pressed.add((0, 12))  # a1: row GP0, column GP12
    runpy.run_path(os.path.join(ROOT, "circuitpython", "boot.py"), run_name="boot")
    assert cp.remounted == ([] if held else [("/", False)])
    assert not cp.low_rows  # the pins are released for keypad


def test_main_runs_the_app_on_circuitpython_drivers(cp, monkeypatch):
    from app.app import App
    from drivers.clock import Clock

    implementation = dict(vars(sys.implementation), name="circuitpython")
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(**implementation))
    monkeypatch.setattr(Clock, "sleep_ms", lambda self, ms: None)
    monkeypatch.delitem(sys.modules, "main", raising=False)
    apps = []

    def run(app, watchdog=None):
        apps.append((app, watchdog))
        app.step()
        raise KeyboardInterrupt  # Ctrl-C: main stops cleanly

    monkeypatch.setattr(App, "run", run)
    runpy.run_path(os.path.join(FIRMWARE, "main.py"), run_name="main")
    from drivers.keypad_keys import KeypadKeys

    app, watchdog = apps[0]
    assert isinstance(app.keys, KeypadKeys) and app.storage.root == "/data"
    assert watchdog is sys.modules["microcontroller"].watchdog
    assert (watchdog.timeout, watchdog.mode, watchdog.deinited) == (8, "reset", True)  # Ctrl-C stops it
    assert cp.sent and cp.sent[-1][1] == bytes(grid.CELLS * 3)  # the menu, then dark
    assert any(sum(sent) for _, sent in cp.sent)  # the menu was lit


@pytest.mark.parametrize("led_order", ["GRB", "RGB", "BRG"])
def test_the_pin_maps_colour_order_and_supply_rule_both_back_ends(cp, monkeypatch, led_order):
    import pins

    monkeypatch.setattr(pins, "LED_ORDER", led_order)
    monkeypatch.setattr(pins, "SUPPLY_MA", 2000)  # a 2 A adapter: a lower cap
    pixels = port().make_pixels()
    reference = MicroPythonStrip(grid.CELLS)
    mp_pixels = Pixels(reference, from_pins(), brightness=25)
    assert pixels.cap_ma == mp_pixels.cap_ma < 2000
    for frame in frames():
        pixels.show(frame)
        mp_pixels.show(frame)
        assert cp.sent[-1][1] == reference.sent[-1]
    one = bytearray(grid.CELLS * 3)
    one[0] = 255  # a1 pure red: the red byte sits where the order says
    pixels.show(one)
    assert cp.sent[-1][1][led_order.index("R")] > 0 and sum(cp.sent[-1][1][:3]) == cp.sent[-1][1][led_order.index("R")]


def test_a_watchdog_reset_is_told_at_boot(cp):
    assert port().restart_notice() is None
    mc = sys.modules["microcontroller"]
    mc.cpu.reset_reason = mc.ResetReason.WATCHDOG
    assert "watchdog" in port().restart_notice()
