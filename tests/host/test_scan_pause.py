# While the App answers a press, the matrix scan's timer stops (MatrixKeys.pause,
# resume): its light is not shared with the scan's work, nor with the timer's calls.
# Nothing is lost: a key that moves meanwhile is seen by the first scan after it, and
# the App resumes the scan whatever its answer does. Between a press's event and the
# App's read of it, the timer's calls do not scan either.
import sys
import types

from drivers.keys import MatrixKeys
from sim.drivers import SimBoard, SimKeys
from sim.headless import Headless
from test_keys import FakeMatrix, drain


class FakeTimer:
    PERIODIC = 1
    made = []

    def __init__(self, _id, mode=None, freq=None, callback=None):
        self.init(mode, freq, callback)
        FakeTimer.made.append(self)

    def init(self, mode=None, freq=None, callback=None):
        self.callback = callback

    def deinit(self):
        self.callback = None


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now


def started_keys(monkeypatch):
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(Timer=FakeTimer))
    m = FakeMatrix()
    clock = Clock()
    keys = MatrixKeys(m.rows, m.cols, clock=clock)
    keys.start()
    return m, clock, keys, FakeTimer.made[-1]


def tick(clock, timer, ms):
    for _ in range(ms):
        clock.now += 1
        if timer.callback is not None:  # (a stopped timer calls nothing)
            timer.callback(timer)


def test_a_press_during_a_pause_is_seen_by_the_first_scan_after_it(monkeypatch):
    m, clock, keys, timer = started_keys(monkeypatch)
    tick(clock, timer, 5)
    keys.pause()
    assert timer.callback is None  # stopped: not even a call that does not scan
    m.down.add(40)
    tick(clock, timer, 3)
    assert drain(keys) == []  # no scan while paused
    keys.resume()
    tick(clock, timer, 1)
    assert drain(keys) == [(40, True, 9)]
    keys.resume()  # (a resume with no pause changes nothing)
    tick(clock, timer, 1)


def test_the_timer_does_not_scan_while_an_event_waits_unread(monkeypatch):
    m, clock, keys, timer = started_keys(monkeypatch)
    m.down.add(40)
    tick(clock, timer, 1)  # the press: queued at once
    m.down.add(41)
    m.down.discard(40)
    tick(clock, timer, 8)  # 40's event unread: no scan (41 unseen, 40's release unseen)
    assert drain(keys) == [(40, True, 1)]
    tick(clock, timer, 1)  # read: the next call scans again, and sees what moved meanwhile
    assert drain(keys) == [(41, True, 10)]
    tick(clock, timer, 10)  # (40's release: its debounce's count of open readings first)
    assert (40, False) in [e[:2] for e in drain(keys)]


def test_a_matrix_not_started_has_no_pause_to_end():
    m = FakeMatrix()
    keys = MatrixKeys(m.rows, m.cols)
    keys.pause()  # (no timer: the app's own scan() calls are never held back)
    m.down.add(3)
    keys.scan(0)
    assert drain(keys) == [(3, True, 0)]


class PausingKeys(SimKeys):
    """SimKeys that record the App's pause and resume around the frames it shows."""

    def __init__(self, log):
        SimKeys.__init__(self)
        self.log = log

    def pause(self):
        self.log.append("pause")

    def resume(self):
        self.log.append("resume")


def test_the_app_pauses_the_scan_from_a_press_to_its_light():
    board = SimBoard()
    log = []
    board.app.keys = board.keys = PausingKeys(log)
    show = board.pixels.show
    board.pixels.show = lambda frame: (log.append("show"), show(frame))
    board.app.step()
    assert log == []  # no key event: no pause
    board.press(13)  # any key: a press redraws
    assert log[:3] == ["pause", "show", "resume"]


def test_the_app_resumes_the_scan_when_its_answer_fails():
    board = SimBoard()
    log = []
    board.app.keys = board.keys = PausingKeys(log)

    def broken(frame):
        raise RuntimeError("a driver's fault")

    board.pixels.show = broken
    try:
        board.press(13)
    except RuntimeError:
        pass
    assert log == ["pause", "resume"]  # the keys are scanned again (main.py reports the fault)


def test_a_scan_stopped_while_paused_stays_stopped(monkeypatch):
    m, clock, keys, timer = started_keys(monkeypatch)
    keys.pause()
    keys.stop()
    keys.resume()  # (nothing to resume: no timer comes back by itself)
    assert keys._timer is None
    keys.start()
    m.down.add(12)
    tick(clock, FakeTimer.made[-1], 1)
    assert drain(keys) == [(12, True, 1)]


class RecordingPWM:
    def __init__(self, log):
        self.log = log

    def freq(self, hz):
        self.log.append(("tone", hz))

    def duty_u16(self, duty):
        pass


def test_a_press_lights_before_its_sound_and_the_holds_checks():
    # the PWM's set-up (a note) and the checks of the keys held are not in the light
    from drivers.sound import Buzzer

    log = []
    board = SimBoard(sound=Buzzer(RecordingPWM(log)))
    Headless(board=board).run("start connect4")
    app = board.app
    show, check_holds = board.pixels.show, app.check_holds
    board.pixels.show = lambda frame: (log.append("show"), show(frame))
    app.check_holds = lambda now: (log.append("holds"), check_holds(now))
    del log[:]
    board.keys.push(grid_cell("d6"), True, board.clock.now)  # a disc in column d
    app.step()
    assert len(app.screen.state.history) == 1  # played on the press
    assert log[0] == "show" and log.index("holds") > 0 and ("tone", log[-1][1]) in log[1:], log


def grid_cell(name):
    from app import grid

    return grid.parse(name)


def test_a_hold_lights_before_its_sound():
    # MENU held in a game: the menu is on the LEDs before its sound's PWM set-up
    from app import grid
    from app.app import HOLD_MS
    from drivers.sound import Buzzer

    log = []
    board = SimBoard(sound=Buzzer(RecordingPWM(log)))
    Headless(board=board).run("start connect4")
    app = board.app
    show = board.pixels.show
    board.pixels.show = lambda frame: (log.append("show"), show(frame))
    board.keys.push(grid.MENU, True, board.clock.now)
    app.step()
    board.clock.now += HOLD_MS
    del log[:]
    app.step()  # the hold fires
    assert type(app.screen).__name__ == "Menu"
    assert log[0] == "show" and any(e[0] == "tone" for e in log[1:] if isinstance(e, tuple)), log
