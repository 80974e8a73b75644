# Press to answer (host_tools.vpico.answers), without the virtual Pico: the Pico's frames
# are made here by a stand-in board (the firmware's App on CPython that takes each key a
# few ms late and puts each frame on a 4.3 ms wire), so the timing, the matching and its
# refusals are checked exactly, whether the firmware acts on a key's press or release.
import pytest

from host_tools.vpico import answers
from host_tools.vpico.answers import Press
from app import grid  # (host_tools.vpico.answers put firmware/ on sys.path)
from app.app import HOLD_MS, LOOP_MS

LAG_MS = 5  # the stand-in takes a key this long after the matrix (a debounce)
DRAW_US = 1000  # its frame's first bit leaves this long after its step
WIRE_US = 4320  # 144 LEDs on the WS2812 wire
START = 500


class StandIn:
    """A board: the App stepped at its loop's pace and at each key it takes, LAG_MS after
    the matrix; `drop`: presses (indexes) it never takes; `late`: (a press's index, ms)
    it takes that much later still. Its frames as the bench has
    the Pico's: [(begin us, end us, levels)]."""

    def __init__(self, presses, files=None, drop=(), late=None):
        model = answers.AppModel(files or {}, START)
        events = []
        for i, p in enumerate(presses):
            lag = LAG_MS + (late[1] if late and late[0] == i else 0)  # (press index, ms more)
            if i not in drop:
                events += [(p.down + lag, p.key, True), (p.up + lag, p.key, False)]
        end = presses[-1].up + 1000
        times = sorted(set(range(START, end, LOOP_MS)) | set(at for at, _, _ in events))
        sent = model.board.strip.write.frames
        self.frames = []
        for now in times:
            for at, key, down in events:
                if at == now:
                    model.board.keys.push(key, down, now)
            del sent[:]
            model.board.clock.now = now
            model.app.step()
            for k, raw in enumerate(sent):  # (a press's answer, then what the work behind it shows)
                begin = now * 1000 + (k + 1) * DRAW_US
                self.frames.append((begin, begin + WIRE_US, model.levels(raw)))


def timeline(*moves, at=1000):
    """Presses spaced as the bench spaces them: ("press", cell) or ("hold", cell, ms)."""
    out = []
    for move in moves:
        length = move[2] if move[0] == "hold" else 80
        out.append(Press(grid.parse(move[1]), at, at + length, move[0] == "hold"))
        at += length + 600
    return out


CONNECT4 = (("press", "c3"), ("press", "c3"), ("press", "d5"), ("press", "e5"), ("press", "l1"),
            ("press", "a12"), ("hold", "a1", 1000))


def test_each_press_is_timed_from_its_contact_to_its_first_answer_frame():
    presses = timeline(*CONNECT4)
    expected = answers.expected_answers({}, presses, START)
    assert [e.kind for e in expected] == ["menu", "start", "press", "press", "undo", "hint", "menu_hold"]
    assert [e.figure for e in expected] == [None, "connect4", "connect4", "connect4", "connect4", "connect4", "connect4"]
    found = answers.match(expected, StandIn(presses).frames)
    for a in found[:-1]:
        exp = a.expected
        # a tap acts on its release or on its press (the App decides): from the contact
        assert exp.acted in (exp.press.down, exp.press.up) and exp.stamp == exp.press.down
        step = (exp.acted + LAG_MS) * 1000
        assert a.latency == pytest.approx((step + DRAW_US + WIRE_US - exp.stamp * 1000) / 1000)
        assert a.offset == 0 and a.problem is None
    hold = found[-1]
    assert hold.expected.acted == hold.expected.press.down + HOLD_MS == hold.expected.stamp  # from the hold time
    assert LAG_MS <= hold.latency <= LAG_MS + LOOP_MS + (DRAW_US + WIRE_US) / 1000


def test_a_press_the_board_never_answers_is_reported_not_timed():
    presses = timeline(*CONNECT4)
    expected = answers.expected_answers({}, presses, START)
    found = answers.match(expected, StandIn(presses, drop=(3,)).frames)
    assert found[3].latency is None and found[3].problem == "no LED frame showed its answer"
    values, notes = {}, []
    answers.figures(found, values, notes)
    assert values["press_answers_missed"][0] >= 1  # (the presses after it, on a board a move behind, too)
    assert "press e5" in notes[0] and "no LED frame showed its answer" in notes[0]


def test_an_animation_frame_is_never_the_answer():
    # the setup screen scrolls its title all along: a board that ignores a press (here
    # one between its two pictures, refused) keeps drawing new frames, none of them its answer
    presses = timeline(("press", "c3"), ("press", "f10"), ("press", "f11"))
    expected = answers.expected_answers({}, presses, START)
    assert [e.kind for e in expected] == ["menu", "setup", "setup"]
    assert expected[1].acted is not None
    frames = StandIn(presses, drop=(1,)).frames
    after = [f for f in frames if presses[1].down * 1000 <= f[0] < presses[2].down * 1000]
    assert len(set(f[2] for f in after)) >= 3  # the scroll went on
    found = answers.match(expected, frames)
    assert found[1].latency is None and found[1].problem == "no LED frame showed its answer"


def test_a_wrong_expected_answer_is_never_matched():
    presses = timeline(*CONNECT4)
    expected = answers.expected_answers({}, presses, START)
    frames = StandIn(presses).frames
    assert answers.self_check(expected, frames) == []
    # and the self-check does catch a matching that looks at less than the whole frame
    real = answers.match

    def sloppy(expected, frames, contacts=None):
        for e in expected:
            e.pictures = dict((p[1:], t) for p, t in e.pictures.items())
        return real(expected, [(b, e, levels[1:]) for b, e, levels in frames], contacts)

    answers.match = sloppy
    try:
        assert answers.self_check(expected, frames) != []
    finally:
        answers.match = real


def test_a_press_that_looks_like_the_last_one_is_timed_and_its_delay_shows():
    # two refusals in a row (a full column): the second one's flash is the very picture
    # the first one drew 680 ms before; what the LEDs show at its contact (the first
    # flash is over) and what the board draws without it are not its answer, that is
    presses = timeline(("press", "c3"), ("press", "c3"), *((("press", "d1"),) * 6), ("press", "d6"), ("press", "d6"))
    expected = answers.expected_answers({}, presses, START)
    assert set(expected[-1].pictures) & set(expected[-2].pictures)  # the same flash
    plain = answers.match(expected, StandIn(presses).frames)[-1]
    assert plain.problem is None and plain.offset == 0
    assert plain.latency <= LAG_MS + LOOP_MS + (DRAW_US + WIRE_US) / 1000
    late = answers.match(expected, StandIn(presses, late=(len(presses) - 1, 15)).frames)[-1]
    assert late.latency == pytest.approx(plain.latency + 15, abs=LOOP_MS)
    dropped = answers.match(expected, StandIn(presses, drop=(len(presses) - 1,)).frames)[-1]
    assert dropped.latency is None


def test_a_picture_already_on_the_leds_before_the_press_is_not_its_answer():
    presses = timeline(*CONNECT4)
    expected = answers.expected_answers({}, presses, START)
    frames = StandIn(presses).frames
    answer = [f for f in frames if f[0] >= presses[2].down * 1000][0]
    early = [(presses[2].down * 1000 - 300000, presses[2].down * 1000 - 295000, answer[2])]
    found = answers.match(expected, sorted(frames + early))
    assert found[2].latency is None and "before the press" in found[2].problem


def test_the_figures_are_named_by_kind_and_game():
    presses = timeline(*CONNECT4)
    expected = answers.expected_answers({}, presses, START)
    values, notes = {}, []
    answers.figures(answers.match(expected, StandIn(presses).frames), values, notes)
    answers.figures(answers.match(expected, StandIn(presses).frames), values, notes)  # a second run adds to them
    answers.finish(values)
    assert notes == []
    assert sorted(values) == ["connect4_hint_to_answer_max", "connect4_press_to_answer_max",
                              "connect4_press_to_answer_mean", "connect4_presses_answered",
                              "connect4_start_to_answer", "connect4_start_to_answer_max",
                              "connect4_undo_to_answer_max", "menu_hold_to_answer_max",
                              "menu_press_to_answer_max", "press_answers_missed", "press_to_answer_worst"]
    assert values["connect4_presses_answered"] == (4, "presses")
    assert values["press_answers_missed"] == (0, "presses")
    assert values["connect4_press_to_answer_max"][0] >= values["connect4_press_to_answer_mean"][0]
    assert values["connect4_start_to_answer_max"] == values["connect4_start_to_answer"]
    assert values["press_to_answer_worst"][0] == max(v for name, (v, unit) in values.items()
                                                     if name.endswith("_to_answer_max"))


def test_each_kinds_figure_and_the_worst_rise_with_a_delay_planted_in_its_press():
    # the stand-in board takes one press 15 ms later than the others: that press's
    # kind's figure, and the worst over all kinds, rise by those 15 ms
    presses = timeline(*CONNECT4)
    expected = answers.expected_answers({}, presses, START)

    def figures(late=None):
        values = {}
        answers.figures(answers.match(expected, StandIn(presses, late=late).frames), values, [])
        return values

    plain = figures()
    for i, name in enumerate(["menu_press_to_answer_max", "connect4_start_to_answer_max",
                              "connect4_press_to_answer_max", "connect4_press_to_answer_max",
                              "connect4_undo_to_answer_max", "connect4_hint_to_answer_max",
                              "menu_hold_to_answer_max"]):
        planted = figures(late=(i, 15))
        if name != "connect4_press_to_answer_max":  # (two presses share it)
            assert planted[name][0] == pytest.approx(plain[name][0] + 15, abs=LOOP_MS), name
        assert planted[name][0] >= plain[name][0] + 15 - LOOP_MS, name
        assert planted["press_to_answer_worst"][0] >= planted[name][0] > plain["press_to_answer_worst"][0], name
        assert planted["press_answers_missed"] == (0, "presses")
    # and a press never answered is counted
    values = {}
    answers.figures(answers.match(expected, StandIn(presses, drop=(3,)).frames), values, [])
    assert values["press_answers_missed"][0] >= 1


def test_a_copy_taken_while_the_board_looks_for_a_hint_shows_the_same_hint():
    # a search is a generator (it cannot be copied): the copy is taken once it has ended
    # (after the centre, f5: every answer loses, so level 5's opening book leaves it
    # every move to search)
    model = answers.AppModel({}, START)
    now = START
    for press in timeline(("press", "c3"), ("press", "c3"), ("press", "f5"), ("press", "a12")):
        while now < press.up + 1:
            now += 1
            model.at(now, [(press.key, True)] if now == press.down else [(press.key, False)] if now == press.up else [])
    assert model.app.screen.thinking is not None and model.app.screen.think_for_hint
    twin = model.fork()
    assert model.app.screen.thinking is None and twin.app.screen.thinking is None
    assert model.app.screen.hint_move is not None and twin.app.screen.hint_move == model.app.screen.hint_move
    for _ in range(100):
        now += LOOP_MS
        assert model.at(now) == twin.at(now)


def test_a_start_the_board_takes_a_few_ms_late_is_followed_to_its_millisecond():
    # a game's first player comes from the millisecond of the press that started it: the
    # stand-in, LAG_MS late, may start with the other player than the model taking the
    # press at its contact. Told what the board showed, the model takes the press again
    # a millisecond later until it draws that, and goes on from there.
    # The start's own answer (its tile lit) hangs on no millisecond: what the game's start
    # behind it shows does.
    for at in range(1000, 1100, 3):
        presses = timeline(("press", "c6"), ("press", "c6"), ("press", "d5"), ("press", "e5"), at=at)
        frames = StandIn(presses).frames
        plain = answers.match(answers.expected_answers({}, presses, START), frames)
        if plain[2].latency is None:  # (the game after it: its discs are the other player's)
            break
    else:
        pytest.fail("no start whose millisecond changes what it shows")
    assert plain[1].latency is not None
    contacts = [p.down * 1000 for p in presses]
    expected = answers.expected_answers({}, presses, START, shown=answers.shown_in(frames, contacts))
    assert presses[1].down < expected[1].acted <= presses[1].down + LAG_MS
    assert expected[1].stamp == presses[1].down  # (still timed from the contact)
    found = answers.match(expected, frames, contacts)
    assert [a.problem for a in found] == [None] * len(presses)
    assert answers.self_check(expected, frames, contacts) == []
