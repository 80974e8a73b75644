# The buzzer: named sequences played by tick() without blocking, through a fake PWM.
from drivers.clock import Clock
from drivers.sound import SOUNDS, TONE_RANGE, Buzzer

NAMES = ("move", "illegal", "win", "draw", "squeeze", "menu", "hint")


class FakePWM:
    def __init__(self):
        self.log = []  # what the buzzer heard: ("f", hz) and ("d", duty)

    def freq(self, hz):
        self.log.append(("f", hz))

    def duty_u16(self, duty):
        self.log.append(("d", duty))

    def tone(self):
        """The sounding frequency now (0: silent)."""
        hz = 0
        for kind, v in self.log:
            if kind == "f":
                hz = v
            elif v == 0:
                hz = 0
            elif kind == "d" and hz == 0:
                hz = -1  # duty on without a frequency: a bug
        return hz


def test_sound_table_is_plain_and_short():
    for name in NAMES:
        notes = SOUNDS[name]
        assert len(notes) >= 1
        total = 0
        for hz, ms in notes:
            assert isinstance(hz, int) and (hz == 0 or 100 <= hz <= 5000), (name, hz)
            assert isinstance(ms, int) and ms > 0
            total += ms
        assert total <= 600, name  # feedback, not a tune that holds up the game


def test_tones_are_in_the_piezos_loud_range_and_distinct():
    low, high = TONE_RANGE
    assert 1000 <= low < high <= 4000  # a PS1240-type piezo: loud near 4 kHz, faint under 1
    for name in NAMES:
        for hz, _ in SOUNDS[name]:
            assert hz == 0 or low <= hz <= high, (name, hz)
    firsts = [SOUNDS[name][0][0] for name in NAMES]
    assert len(set(firsts)) == len(NAMES)  # each sound opens on its own note
    for a in NAMES:  # and no two sounds are the same tune
        for b in NAMES:
            assert a == b or SOUNDS[a] != SOUNDS[b], (a, b)
    for other in NAMES:  # the illegal-move buzz is the lowest sound of all
        assert min(hz for hz, _ in SOUNDS["illegal"] if hz) <= min(hz for hz, _ in SOUNDS[other] if hz)


def test_sequence_plays_note_by_note():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    assert pwm.tone() == 0
    bz.play("win")
    notes = SOUNDS["win"]
    assert pwm.tone() == 0 and bz.playing  # from the next tick: the App's, after a press's light
    t = 1000
    bz.tick(t)  # the first tick sounds the first note and starts its clock
    for hz, ms in notes:
        assert pwm.tone() == hz
        bz.tick(t + ms - 1)
        assert pwm.tone() == hz  # not yet over
        t += ms
        bz.tick(t)
    assert pwm.tone() == 0 and not bz.playing


def test_rests_are_silent():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.play("illegal")
    bz.tick(0)
    first = SOUNDS["illegal"][0][1]
    bz.tick(first)
    assert SOUNDS["illegal"][1][0] == 0 and pwm.tone() == 0 and bz.playing


def test_late_tick_catches_up_without_blocking():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.play("win")
    bz.tick(0)
    bz.tick(10000)  # the app was busy: the whole sequence is over
    assert not bz.playing and pwm.tone() == 0


def test_ticks_wrap_around():
    bz = Buzzer()
    bz.play("move")
    start = (1 << 30) - 5  # just before MicroPython's ticks wrap
    bz.tick(start)
    bz.tick((start + SOUNDS["move"][0][1]) % (1 << 30))
    assert not bz.playing


def test_new_sound_replaces_the_playing_one():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.play("win")
    bz.tick(0)
    bz.play("move")
    bz.tick(5)
    assert pwm.tone() == SOUNDS["move"][0][0]
    bz.tick(5 + SOUNDS["move"][0][1])
    assert not bz.playing


def test_unknown_names_and_silent_buzzer_do_not_crash():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    for bad in ("nope", "", None, 3):
        bz.play(bad)
    assert not bz.playing and pwm.tone() == 0
    silent = Buzzer()
    for name in NAMES:
        silent.play(name)
        silent.tick(0)
        assert silent.freq == SOUNDS[name][0][0]
        silent.tick(5000)
        assert silent.freq == 0
    silent.tick(10)  # nothing playing: fine


def test_disabled_buzzer_stays_quiet():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.enabled = False
    bz.play("win")
    assert not bz.playing and pwm.tone() == 0


def test_clock_ticks_and_sleeps():
    clock = Clock()
    t0 = clock.ticks_ms()
    clock.sleep_ms(20)
    clock.sleep_ms(0)
    clock.sleep_ms(-5)  # a negative wait is no wait
    from compat import ticks_diff

    assert 15 <= ticks_diff(clock.ticks_ms(), t0) < 1000
