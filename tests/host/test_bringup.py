# hardware/bringup/*.py, the test scripts of BUILD.md's stages (run on the Pico with
# `mpremote run`), run here on CPython with the host stand-ins for machine and neopixel
# (host_tools/upy/stubs) and fake registers, strips and buzzers.
import os
import runpy
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRINGUP = os.path.join(ROOT, "hardware", "bringup")
STUBS = os.path.join(ROOT, "host_tools", "upy", "stubs")


@pytest.fixture
def script(monkeypatch):
    """Loads a bring-up script as `mpremote run` would, minus its last line's main()."""
    monkeypatch.syspath_prepend(STUBS)
    for name in ("machine", "neopixel"):
        sys.modules.pop(name, None)

    def load(name):
        return runpy.run_path(os.path.join(BRINGUP, name + ".py"), run_name="bringup")

    yield load
    for name in ("machine", "neopixel"):
        sys.modules.pop(name, None)


class Strip:
    def __init__(self, n=144):
        self.buf = bytearray(n * 3)
        self.frames = []

    def write(self):
        self.frames.append(bytes(self.buf))


def lit(frame):
    """{LED index: (b0, b1, b2)} of the lit LEDs of a frame, in wire order."""
    return {i // 3: tuple(frame[i:i + 3]) for i in range(0, len(frame), 3) if any(frame[i:i + 3])}


def test_every_script_runs_its_main_when_run(script):
    for name in sorted(os.listdir(BRINGUP)):
        if name.endswith(".py"):
            with open(os.path.join(BRINGUP, name)) as f:
                text = f.read()
            assert "mpremote run hardware/bringup/%s" % name in text, name
            assert text.rstrip().endswith('if __name__ == "__main__":\n    main()'), name


def test_leds_shows_each_colour_in_the_wire_order_then_walks_a_dot(script, monkeypatch):
    import pins

    monkeypatch.setattr(pins, "LED_ORDER", "GRB")
    leds = script("leds")
    strip, out = Strip(), []
    leds["main"](count=144, strip=strip, out=out.append, sleep=lambda ms: None)
    red, green, blue = strip.frames[:3]
    level = leds["LEVEL"]
    assert lit(red) == {i: (0, level, 0) for i in range(144)}  # GRB: red is the 2nd byte
    assert lit(green) == {i: (level, 0, 0) for i in range(144)}
    assert lit(blue) == {i: (0, 0, level) for i in range(144)}
    walk = strip.frames[3:-1]
    assert [list(lit(f)) for f in walk] == [[i] for i in range(144)]  # one LED at a time, in order
    assert lit(strip.frames[-1]) == {}
    assert "LED_ORDER" in out[0]


class Registers:
    """machine.mem32 over the SIO GPIO registers of a matrix whose keys in `down`
    are pressed (the rows are outputs, the columns read low through a down key)."""

    def __init__(self, rows, cols):
        self.rows, self.cols, self.down, self.out = rows, cols, set(), 0xFFFFFFFF

    def __setitem__(self, addr, value):
        if addr == 0xD0000014:
            self.out |= value
        elif addr == 0xD0000018:
            self.out &= ~value

    def __getitem__(self, addr):
        level = 0x3FFFFFFF
        for key in self.down:
            if not self.out & (1 << self.rows[key // 12]):
                level &= ~(1 << self.cols[key % 12])
        return level


def test_keys_prints_each_press_with_its_wires_and_lights_it(script):
    import pins

    keys_script = script("keys")
    import machine

    regs = Registers(pins.MATRIX_ROWS, pins.MATRIX_COLS)
    machine.mem32 = regs
    keys = keys_script["make_keys"]()
    from drivers.pixels import Pixels
    from drivers.pixels_setup import ChainLayout

    strip = Strip()
    pixels = Pixels(strip, ChainLayout(), cap_ma=2500, order=(1, 0, 2))
    out = []
    t = [0]

    def clock():
        t[0] += 1
        if t[0] == 10:
            regs.down = {3 * 12 + 4}  # e4 pressed
        if t[0] == 40:
            regs.down = set()
        return t[0]

    keys_script["main"](scans=60, keys=keys, pixels=pixels, out=out.append, clock=clock,
                        sleep=lambda ms: None)
    events = [line for line in out if line.startswith(("pressed", "released"))]
    assert len(events) == 2
    assert events[0].startswith("pressed  e4 (row 4: ROW3 on GP%d; column e: COL4 on GP%d)"
                                % (pins.MATRIX_ROWS[3], pins.MATRIX_COLS[4]))
    assert events[1].startswith("released e4")
    shown = [f for f in strip.frames if any(f)]
    led = ChainLayout().index(3 * 12 + 4)
    assert shown and set(lit(shown[0])) == {led}  # the pressed cell's LED, alone
    assert lit(strip.frames[-1]) == {}  # dark again at the end


def test_keys_notes_a_key_going_down_below_a_held_one(script):
    keys_script = script("keys")

    class Keys:
        def __init__(self):
            self.events = [(4, True, 1), (16, True, 2)]  # e1 held, then e2 (below it)

        def held_at_start(self, key):
            return False

        def scan(self, now):
            pass

        def get(self):
            return self.events.pop(0) if self.events else None

    class Quiet:
        def show(self, frame):
            pass

        def off(self):
            pass

    out = []
    down = keys_script["main"](scans=2, keys=Keys(), pixels=Quiet(), out=out.append,
                               clock=lambda: 0, sleep=lambda ms: None)
    assert down == {4, 16}
    assert any("note: e2 went down while e1, above it, was held" in line for line in out)


def test_idle_darkens_every_led_and_gives_the_expected_draw(script):
    idle = script("idle")
    strip, out = Strip(), []
    strip.buf[:] = b"\x10" * 432
    assert idle["main"](strip=strip, out=out.append) == 144 + 25
    assert strip.frames == [bytes(432)]
    assert "169 mA" in " ".join(out)
    assert idle["main"](leds=12, strip=Strip(), out=out.append) == 12 + 25


def test_load_holds_every_led_at_the_cap_then_turns_them_off(script):
    import pins
    from drivers.pixels import Pixels
    from drivers.pixels_setup import ChainLayout, cap_for_supply

    load = script("load")
    strip, out, slept = Strip(), [], []
    pixels = Pixels(strip, ChainLayout(), brightness=25)
    ma = load["main"](seconds=60, pixels=pixels, out=out.append, sleep=slept.append)
    cap = cap_for_supply(pins.SUPPLY_MA)
    assert cap - 150 <= ma <= cap  # at the cap, not over it
    assert len(set(strip.frames[0])) == 1 and strip.frames[0][0] > 0  # all white alike
    assert lit(strip.frames[-1]) == {}  # off at the end
    assert sum(slept) == 60000
    assert "f1" in " ".join(out) and "g12" in " ".join(out)


def test_load_turns_the_leds_off_when_stopped(script):
    from drivers.pixels import Pixels
    from drivers.pixels_setup import ChainLayout

    load = script("load")
    strip = Strip()

    def ctrl_c(ms):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        load["main"](pixels=Pixels(strip, ChainLayout()), out=lambda s: None, sleep=ctrl_c)
    assert lit(strip.frames[-1]) == {}


def test_buzzer_plays_every_sound_in_the_piezo_range(script):
    buzzer_script = script("buzzer")
    from drivers.sound import SOUNDS, TONE_RANGE, Buzzer

    class PWM:
        def __init__(self):
            self.freqs = []

        def freq(self, hz):
            self.freqs.append(hz)

        def duty_u16(self, duty):
            pass

    pwm = PWM()
    t = [0]

    def clock():
        t[0] += 5
        return t[0]

    out = []
    played = buzzer_script["main"](buzzer=Buzzer(pwm), out=out.append, clock=clock,
                                   sleep=lambda ms: None)
    assert played == sorted(SOUNDS)
    assert set(pwm.freqs) == {hz for notes in SOUNDS.values() for hz, _ in notes if hz}
    assert all(TONE_RANGE[0] <= hz <= TONE_RANGE[1] for hz in pwm.freqs)
    import machine  # the stand-in: make_buzzer builds a real-looking PWM

    assert isinstance(buzzer_script["make_buzzer"]()._pwm, machine.PWM)
