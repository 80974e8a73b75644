# Host stand-in for the Pico's `machine` module, so the firmware files that import it
# load under the wasm MicroPython (which has no machine). Imports only: nothing here
# drives hardware, and the tests never run the Pico's real drivers' hardware paths.


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._value = value or 0

    def value(self, v=None):
        if v is None:
            return self._value
        self._value = v

    def on(self):
        self._value = 1

    def off(self):
        self._value = 0


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self._freq = freq
        self._duty = duty_u16

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d

    def deinit(self):
        pass


class Timer:
    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id=-1, mode=1, freq=-1, period=-1, callback=None):
        pass

    def deinit(self):
        pass


class _Mem:
    def __getitem__(self, addr):
        return 0

    def __setitem__(self, addr, value):
        pass


mem32 = _Mem()


def freq(hz=None):
    return 125000000


PWRON_RESET = 1
WDT_RESET = 3
RESET_CAUSE = [PWRON_RESET]  # what reset_cause() says (tests set it)


def reset_cause():
    return RESET_CAUSE[0]


class WDT:
    """The watchdog: tests count its feeds."""

    started = []

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        WDT.started.append(self)

    def feed(self):
        self.feeds += 1
