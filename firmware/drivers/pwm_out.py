# The buzzer on CircuitPython: pwmio.PWMOut takes its frequency and 16-bit duty as
# attributes, where drivers/sound.py's Buzzer calls freq() and duty_u16() as on
# MicroPython's machine.PWM. This adapter is the whole difference.


class PwmOutPin:
    """pwm: a pwmio.PWMOut made with variable_frequency=True."""

    def __init__(self, pwm):
        self._pwm = pwm

    def freq(self, hz):
        self._pwm.frequency = hz

    def duty_u16(self, duty):
        self._pwm.duty_cycle = duty

    def deinit(self):
        self._pwm.deinit()
