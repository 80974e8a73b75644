# Named sounds on a passive piezo: each is a short sequence of (freq_hz, ms) notes
# played by changing a PWM's frequency and duty; tick() moves on without blocking.
from compat import ticks_add, ticks_diff

# freq 0 is a rest. The simulator reuses this table, so keep it plain data. Every
# note lies in TONE_RANGE, where a passive piezo is loud (the TDK PS1240 peaks near
# 4 kHz and is faint below 1 kHz); each sound opens on its own note.
TONE_RANGE = (1000, 4000)
SOUNDS = {
    "move": ((2349, 25),),
    "illegal": ((1047, 70), (0, 30), (1047, 90)),  # the lowest: a blunt double buzz
    "win": ((1568, 90), (2093, 90), (2637, 90), (3136, 220)),
    "draw": ((2093, 110), (1760, 110), (2093, 160)),
    "squeeze": ((2637, 35), (3520, 55)),
    "menu": ((3951, 20),),  # a tick at the piezo's loudest
    "hint": ((1760, 35), (2794, 50)),
}
DUTY_ON = 32768  # duty_u16 of a sounding note: a square wave, the loudest a piezo gets


class Buzzer:
    """pwm_pin: a machine.PWM-like object (freq(hz), duty_u16(duty)), or None for a
    silent buzzer that still keeps time (tests, boards without a buzzer)."""

    def __init__(self, pwm_pin=None, sounds=SOUNDS):
        self._pwm = pwm_pin
        self._sounds = sounds
        self._notes = None  # the sequence being played
        self._index = 0
        self._start = None  # ticks of the current note's start (None: at next tick)
        self.freq = 0  # what is sounding now (0: silence)
        self.enabled = True
        self._output(0)

    def play(self, name):
        """Start sound `name` at the next tick() (replacing any playing: the App's loop
        ticks right after a press's light, so that the PWM's set-up is not in the
        light); unknown names are ignored."""
        notes = self._sounds.get(name) if isinstance(name, str) else None
        if not notes or not self.enabled:
            return
        self._notes = notes
        self._index = 0
        self._start = None

    def tick(self, now):
        """Advance the playing sequence to `now` (ticks_ms)."""
        if self._notes is None:
            return
        if self._start is None:
            self._start = now
            self._output(self._notes[0][0])
        while ticks_diff(now, self._start) >= self._notes[self._index][1]:
            self._start = ticks_add(self._start, self._notes[self._index][1])
            self._index += 1
            if self._index >= len(self._notes):
                self.stop()
                return
            self._output(self._notes[self._index][0])

    @property
    def playing(self):
        return self._notes is not None

    def stop(self):
        self._notes = None
        self._output(0)

    def _output(self, freq):
        self.freq = freq
        if self._pwm is None:
            return
        if freq:
            self._pwm.freq(freq)
            self._pwm.duty_u16(DUTY_ON)
        else:
            self._pwm.duty_u16(0)
