# The pixel driver: chain layouts (every option, always a bijection), the gamma and
# brightness table, the current cap, and what reaches the strip.
import sys

from drivers.pixels import MIN_BRIGHTNESS, Pixels, estimate_ma, gamma_table

from drivers.pixels_setup import ChainLayout, from_pins

N = 12


def where(layout, led):
    """(row, col) of the cell on chain position `led`."""
    for cell in range(layout.cells):
        if layout.index(cell) == led:
            return cell // N, cell % N
    return None


def is_bijection(layout):
    return sorted(layout.index(c) for c in range(layout.cells)) == list(range(layout.cells))


def test_default_is_serpentine_rows_from_top_left():
    lay = ChainLayout()
    assert is_bijection(lay)
    assert [where(lay, i) for i in (0, 1, 11, 12, 13, 23, 24, 143)] == [
        (0, 0), (0, 1), (0, 11), (1, 11), (1, 10), (1, 0), (2, 0), (11, 0)]


def test_origins_and_directions():
    # (origin, rows_first, serpentine) -> cells of LEDs 0, 1, 12 (start of line 2)
    cases = [
        ("top-left", True, False, [(0, 0), (0, 1), (1, 0)]),
        ("top-right", True, True, [(0, 11), (0, 10), (1, 0)]),
        ("top-right", True, False, [(0, 11), (0, 10), (1, 11)]),
        ("bottom-left", True, True, [(11, 0), (11, 1), (10, 11)]),
        ("bottom-right", True, True, [(11, 11), (11, 10), (10, 0)]),
        ("top-left", False, True, [(0, 0), (1, 0), (11, 1)]),
        ("top-left", False, False, [(0, 0), (1, 0), (0, 1)]),
        ("bottom-right", False, True, [(11, 11), (10, 11), (0, 10)]),
        ("bottom-right", False, False, [(11, 11), (10, 11), (11, 10)]),
        ("top-right", False, True, [(0, 11), (1, 11), (11, 10)]),
    ]
    for origin, rows_first, serp, expected in cases:
        lay = ChainLayout(origin, rows_first, serp)
        assert is_bijection(lay), (origin, rows_first, serp)
        assert [where(lay, i) for i in (0, 1, 12)] == expected, (origin, rows_first, serp)


def test_rotations_turn_the_panel_clockwise():
    expected = {  # the default chain on a panel mounted turned k quarter turns
        0: [(0, 0), (0, 1), (1, 11)],
        1: [(0, 11), (1, 11), (11, 10)],
        2: [(11, 11), (11, 10), (10, 0)],
        3: [(11, 0), (10, 0), (0, 1)],
    }
    for k in expected:
        lay = ChainLayout(rotation=k)
        assert is_bijection(lay), k
        assert [where(lay, i) for i in (0, 1, 12)] == expected[k], k
    assert ChainLayout(rotation=4).table == ChainLayout().table
    assert ChainLayout(rotation=-1).table == ChainLayout(rotation=3).table


def test_every_combination_is_a_bijection_and_chains_are_continuous():
    for origin in ("top-left", "top-right", "bottom-left", "bottom-right"):
        for rows_first in (True, False):
            for serp in (True, False):
                for rot in range(4):
                    lay = ChainLayout(origin, rows_first, serp, rot)
                    assert is_bijection(lay), (origin, rows_first, serp, rot)
                    pos = {}
                    for cell in range(lay.cells):
                        pos[lay.index(cell)] = (cell // N, cell % N)
                    for i in range(lay.cells - 1):
                        (r0, c0), (r1, c1) = pos[i], pos[i + 1]
                        if serp or i % N != N - 1:  # a wire joins neighbours
                            assert abs(r0 - r1) + abs(c0 - c1) == 1, (origin, rows_first, serp, rot, i)


def test_layout_rejects_bad_options():
    for kwargs in ({"origin": "middle"}, {"rotation": 1.5}, {"size": 0}, {"size": 17}):
        try:
            ChainLayout(**kwargs)
        except ValueError:
            continue
        assert False, kwargs


def test_from_pins_reads_the_pin_map():
    class P:
        CHAIN_ORIGIN = "bottom-right"
        CHAIN_ROWS_FIRST = False
        CHAIN_SERPENTINE = False
        CHAIN_ROTATION = 1

    assert from_pins(P).table == ChainLayout("bottom-right", False, False, 1).table
    import pins

    assert from_pins().table == ChainLayout(pins.CHAIN_ORIGIN, pins.CHAIN_ROWS_FIRST, pins.CHAIN_SERPENTINE,
                                            pins.CHAIN_ROTATION).table


# -- gamma and brightness ------------------------------------------------------------
def test_gamma_is_monotonic_and_keeps_dim_levels():
    for b in (MIN_BRIGHTNESS, 10, 25, 50, 100):
        lut = gamma_table(b)
        assert lut[0] == 0
        for v in range(1, 256):
            assert lut[v] >= lut[v - 1], (b, v)
            assert lut[v] >= 1, (b, v)  # a lit cell never goes dark
    lut = gamma_table(25)  # the default: the app's dim tints stay apart
    dims = [lut[v] for v in (16, 32, 64, 128, 255)]
    assert dims == sorted(set(dims)), dims
    assert gamma_table(100)[255] == 255
    assert lut[128] < 128 * 25 // 100  # it is a curve, not a straight scale


def test_brightness_clamps():
    px = Pixels(FakeStrip())
    assert px.brightness == 25
    assert px.set_brightness(0) == MIN_BRIGHTNESS and px.brightness == MIN_BRIGHTNESS
    assert px.set_brightness(-20) == MIN_BRIGHTNESS
    assert px.set_brightness(250) == 100
    assert px.set_brightness(60.9) == 60
    for bad in ("bright", None, [3]):
        try:
            px.set_brightness(bad)
        except ValueError:
            continue
        assert False, bad
    assert px.brightness == 60  # a refused value changes nothing


def test_brightness_changes_levels():
    strip = FakeStrip()
    px = Pixels(strip)
    frame = bytearray(432)
    frame[0:3] = b"\xc8\x64\x40"
    px.set_brightness(20)
    px.show(frame)
    low = bytes(px.levels[0:3])
    px.set_brightness(80)
    px.show(frame)
    high = bytes(px.levels[0:3])
    assert all(h > l for h, l in zip(high, low)), (low, high)


# -- show ----------------------------------------------------------------------------
class FakeStrip:
    def __init__(self, n=144):
        self.buf = bytearray(n * 3)
        self.writes = 0

    def write(self):
        self.writes += 1


def test_show_writes_grb_through_the_layout():
    strip = FakeStrip()
    px = Pixels(strip, ChainLayout(), brightness=100)
    frame = bytearray(432)
    frame[12 * 3:12 * 3 + 3] = b"\xff\x80\x10"  # cell a2 (row 1, col 0): LED 23
    px.show(frame)
    lut = gamma_table(100)
    assert strip.writes == 1
    assert strip.buf[23 * 3:23 * 3 + 3] == bytes((lut[0x80], lut[0xFF], lut[0x10]))  # G R B
    assert px.levels[12 * 3:12 * 3 + 3] == bytes((lut[0xFF], lut[0x80], lut[0x10]))  # cell order RGB
    assert sum(strip.buf) == sum(px.levels)  # nothing else lit


def test_show_other_layout_and_rgb_order():
    strip = FakeStrip()
    px = Pixels(strip, ChainLayout("bottom-right", False, False), brightness=100, order=(0, 1, 2))
    frame = bytearray(432)
    frame[0:3] = b"\x10\x20\x30"  # a1, the far corner: last LED of a columns-first chain
    px.show(frame)
    lut = gamma_table(100)
    assert strip.buf[143 * 3:144 * 3] == bytes((lut[0x10], lut[0x20], lut[0x30]))


def test_dim_frame_is_untouched_by_the_cap():
    px = Pixels(FakeStrip(), brightness=100)
    frame = bytearray(432)
    for i in range(0, 432, 7):
        frame[i] = (i * 37) % 256
    px.show(frame)
    lut = gamma_table(100)
    assert px.levels == bytearray(lut[v] for v in frame)
    assert px.current_ma == estimate_ma(px.levels) < 2500


def test_full_white_is_capped_under_budget():
    strip = FakeStrip()
    px = Pixels(strip, brightness=100, cap_ma=2500)
    white = b"\xff" * 432
    assert estimate_ma(white) == 144 + 432 * 20  # 8784 mA uncapped
    px.show(white)
    assert px.current_ma <= 2500
    assert px.current_ma >= 2400  # scaled down, not blacked out
    assert px.current_ma == px.estimate_ma(px.levels)
    assert len(set(px.levels)) == 1  # every channel scaled alike
    assert sorted(strip.buf) == sorted(px.levels)  # the strip got the capped levels


def test_cap_keeps_colour_proportions():
    px = Pixels(FakeStrip(), brightness=100, cap_ma=1000)
    frame = bytearray(b"\xff\x80\x00" * 144)
    px.show(frame)
    assert px.current_ma <= 1000
    r, g, b = px.levels[0], px.levels[1], px.levels[2]
    lut = gamma_table(100)
    assert b == 0 and r > g > 0
    assert abs(g * lut[0xFF] - r * lut[0x80]) <= lut[0xFF]  # the same ratio, to a level


def test_default_brightness_white_is_within_budget():
    px = Pixels(FakeStrip())  # 25 %: the whole board white must not need the cap
    px.show(b"\xff" * 432)
    assert set(px.levels) == {gamma_table(25)[255]}
    assert px.current_ma <= 2500


def test_cap_below_idle_draw_goes_dark():
    px = Pixels(FakeStrip(), brightness=100, cap_ma=100)
    px.show(b"\xff" * 432)
    assert sum(px.levels) == 0


def test_bad_frames_and_strips_are_refused():
    px = Pixels(FakeStrip())
    try:
        px.show(bytearray(100))
    except ValueError:
        pass
    else:
        assert False, "a short frame must raise ValueError"
    long = bytearray(500)  # longer than a frame: the first 432 bytes count
    long[0] = 255
    long[450] = 255
    px.show(long)
    assert px.levels[0] > 0 and sum(px.levels) == px.levels[0]
    try:
        px.show([0] * 432)  # (the Pico's pass reads bytes: a list's items would light garbage)
    except TypeError:
        pass
    else:
        assert False, "a frame that is not bytes-like must raise TypeError"
    try:
        Pixels(FakeStrip(100))
    except ValueError:
        pass
    else:
        assert False, "a strip shorter than the layout must raise ValueError"


def test_off_darkens_everything():
    strip = FakeStrip()
    px = Pixels(strip, brightness=100)
    px.show(b"\x40" * 432)
    px.off()
    assert sum(strip.buf) == 0 and sum(px.levels) == 0 and px.current_ma == 144


def reference_show(frame, brightness, layout, cap_ma, order=(1, 0, 2)):
    """What show() must send, computed the plain way: (levels, strip bytes)."""
    lut = gamma_table(brightness)
    levels = bytearray(lut[v] for v in frame)
    budget = max(0, cap_ma - 144) * 255 // 20
    total = sum(levels)
    if total > budget:
        k = budget * 256 // total
        levels = bytearray((v * k) >> 8 for v in levels)
    buf = bytearray(432)
    for cell in range(144):
        for ch in range(3):
            buf[layout.index(cell) * 3 + order[ch]] = levels[cell * 3 + ch]
    return levels, buf


def test_show_matches_the_plain_computation_on_any_frame():
    # the Pico runs show()'s loops as viper (drivers/pixels_viper.py), the hosts as
    # bytecode: both must send exactly these bytes, capped or not, from a longer buffer too
    layout = ChainLayout("bottom-right", False, True, 1)
    for brightness, cap_ma in ((25, 2500), (100, 2500), (60, 400)):
        frame = bytearray((i * 37 + brightness) & 0xFF for i in range(432))
        strip = FakeStrip()
        px = Pixels(strip, layout, brightness=brightness, cap_ma=cap_ma)
        px.show(frame + b"\x01\x02\x03")
        levels, buf = reference_show(frame, brightness, layout, cap_ma)
        assert px.levels == levels, (brightness, cap_ma)
        assert strip.buf == buf, (brightness, cap_ma)
        assert px.current_ma == estimate_ma(levels)


def test_the_pico_runs_show_as_native_code():
    # viper on the rp2 port (the real Pico, the virtual one); bytecode on every host
    import sys

    from drivers import pixels as leds  # (the running driver: drivers.pixels_setup is its set-up)

    assert (leds.levels_into is not None) == (sys.platform == "rp2"), sys.platform
    assert (leds.scale_into is not None) == (sys.platform == "rp2")


def test_gamma_is_the_curve_scaled_in_integers_the_same_on_every_port():
    # the levels are the written-out curve (its steps summed: the level at full
    # brightness, in 128ths) scaled in integers (on the Pico by Thumb assembly, elsewhere
    # by bytecode): the very bytes this sum gives, for every percent, and within a level
    # of the float formula they stand for
    from drivers.gamma_data import CURVE, GAMMA

    assert len(CURVE) == 256 and sum(CURVE) == 255 * 128
    far = 0
    for b in range(101):
        k = ((b << 22) + 6400) // 12800  # (b / 100 / 128, in 22 bits)
        want = bytearray(256)
        c = 0
        for v in range(1, 256):
            c += CURVE[v]  # (the curve's value at v: its steps summed)
            want[v] = max(1, (c * k + (1 << 21)) >> 22)
        lut = gamma_table(b, CURVE)
        assert lut == want, b
        assert gamma_table(b) == lut  # (the curve loaded for the call: the same)
        for v in range(1, 256):
            exact = max(1, int(255 * b / 100 * (v / 255) ** GAMMA + 0.5))
            assert abs(lut[v] - exact) <= 1, (b, v)
            far += lut[v] != exact
    assert far < 50, far  # (31 of the 25,755 on CPython: values at, or within 0.005 of, a half level)


def test_a_brightness_given_the_curve_is_made_from_it():
    # the menu keeps the curve and hands it to each press of its brightness row
    from drivers.gamma_data import CURVE

    px = Pixels(FakeStrip())
    assert px.set_brightness(100, CURVE) == 100 and px._lut == gamma_table(100)
    curve = bytes(256)  # (another curve: taken, not the module's)
    px.set_brightness(55, curve)
    assert px._lut == bytes(1) + bytes([1] * 255)


def test_the_last_changed_led_is_found_as_the_plain_loop_finds_it():
    # PioStrip.write sends a frame up to its last LED that changed: on the Pico that
    # search compares a word at a time (drivers/pixels_viper.py), elsewhere a byte
    from drivers import pixels as leds

    def plain(a, b, n, bpp):
        while n and a[n - 1] == b[n - 1]:
            n -= 1
        return (n + bpp - 1) // bpp * bpp

    for n, bpp in ((432, 3), (576, 4), (433, 3), (30, 3), (7, 1)):
        a = bytearray((i * 7 + 1) & 0xFF for i in range(n + 5))
        for at in (-1, 0, 1, 2, 3, 4, n // 2, n - 5, n - 4, n - 3, n - 2, n - 1, n):
            b = bytearray(a)
            if 0 <= at < n + 5:
                b[at] ^= 0x40
            assert leds.changed_end(a, b, n, bpp) == plain(a, b, n, bpp), (n, bpp, at)
