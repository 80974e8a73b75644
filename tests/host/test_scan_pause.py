# While the App answers a press, the matrix scan waits (MatrixKeys.pause, resume): its
# light is not shared with the scan's work. Nothing is lost: a key that moves meanwhile
# is seen by the first scan after it, and a pause that nobody ends runs out by itself.
import sys
import types

from drivers.keys import MatrixKeys
from sim.drivers import SimBoard, SimKeys
from test_keys import FakeMatrix, drain


class FakeTimer:
    PERIODIC = 1
    made = []

    def __init__(self, _id, mode=None, freq=None, callback=None):
        self.callback = callback
        FakeTimer.made.append(self)

    def deinit(self):
        pass


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
        timer.callback(timer)


def test_a_press_during_a_pause_is_seen_by_the_first_scan_after_it(monkeypatch):
    m, clock, keys, timer = started_keys(monkeypatch)
    tick(clock, timer, 5)
    keys.pause(10)
    m.down.add(40)
    tick(clock, timer, 3)
    assert drain(keys) == []  # no scan while paused
    keys.resume()
    tick(clock, timer, 1)
    assert drain(keys) == [(40, True, 9)]


def test_a_pause_nobody_ends_runs_out(monkeypatch):
    m, clock, keys, timer = started_keys(monkeypatch)
    keys.pause(4)
    m.down.add(7)
    tick(clock, timer, 3)
    assert drain(keys) == []
    tick(clock, timer, 1)  # 4 ms on: the scans go on by themselves
    assert drain(keys) == [(7, True, 4)]


def test_a_matrix_not_started_has_no_pause_to_end():
    m = FakeMatrix()
    keys = MatrixKeys(m.rows, m.cols)
    keys.pause(10)  # (no timer: the app's own scan() calls are never held back)
    m.down.add(3)
    keys.scan(0)
    assert drain(keys) == [(3, True, 0)]


class PausingKeys(SimKeys):
    """SimKeys that record the App's pause and resume around the frames it shows."""

    def __init__(self, log):
        SimKeys.__init__(self)
        self.log = log

    def pause(self, ms):
        self.log.append(("pause", ms))

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
    assert log[:3] == [("pause", 10), "show", "resume"]
