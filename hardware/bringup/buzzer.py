# BUILD.md section 5: the buzzer. Plays every sound of the firmware once, naming it; each
# must be clearly heard and sound different (the illegal-move buzz is the lowest).
#   mpremote run hardware/bringup/buzzer.py
import pins
from compat import sleep_ms, ticks_ms
from drivers.sound import SOUNDS, Buzzer


def make_buzzer():
    import machine

    pwm = machine.PWM(machine.Pin(pins.BUZZER))
    pwm.duty_u16(0)
    return Buzzer(pwm)


def main(buzzer=None, out=print, clock=ticks_ms, sleep=sleep_ms, gap_ms=600):
    buzzer = buzzer or make_buzzer()
    played = []
    for name in sorted(SOUNDS):
        out("%-8s %s Hz" % (name, " ".join(str(hz) for hz, _ in SOUNDS[name] if hz)))
        buzzer.play(name)
        while buzzer.playing:
            buzzer.tick(clock())
            sleep(1)
        played.append(name)
        sleep(gap_ms)
    buzzer.stop()
    return played


if __name__ == "__main__":
    main()
