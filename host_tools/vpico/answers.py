"""Press to answer: when the LEDs first show what a press does (host_tools.vpico.bench;
README, "The virtual Pico"): from the emulated moment a key's contact closes to the end of
the first WS2812 frame equal, LED by LED, to a picture of the press's answer, as the
firmware's own App draws it on CPython fed the same key events at the same emulated times.
Pure Python (no image needed): the bench feeds it the Pico's frames and key times.
"""
import copy
import gc
import types

from app import grid
from app.app import HOLD_MS, LOOP_MS
from sim.drivers import MemoryStorage, SimBoard, VirtualClock

ANSWER_SPAN_MS = 600  # the answer's pictures: what the App draws this long after it acts
BEFORE_MS = 1000  # the model's last picture, drawn at most this long before a press, is the LEDs at its contact
LAST_SETTLE_MS = 600  # after the last press, the model runs this long


class Press:
    """A key pressed at `down` and released at `up` (ms, emulated, as on the matrix);
    `hold`: the script held it (the `hold` line), to give the screen's hold time."""

    def __init__(self, key, down, up, hold=False):
        self.key, self.down, self.up, self.hold = key, down, up, hold

    def __repr__(self):
        return "Press(%s, %d, %d%s)" % (grid.name(self.key), self.down, self.up, ", hold" if self.hold else "")


class Sent:
    """The strip's write(), keeping each frame's bytes as sent (`frames`)."""

    def __init__(self, strip):
        self.strip = strip
        self.frames = []

    def __call__(self):
        self.strip.writes += 1
        self.frames.append(bytes(self.strip.buf))


class AppModel:
    """The firmware's App on the simulator's drivers with `files` ({name: text}) in its
    storage, its clock at `start` (ms)."""

    def __init__(self, files, start):
        store = MemoryStorage()
        store.files = dict((n, t) for n, t in files.items() if t is not None)
        self.board = SimBoard(clock=VirtualClock(start), storage=store)
        self.app = self.board.app
        self.board.strip.write = Sent(self.board.strip)

    def at(self, now, events=()):
        """The key events [(key, down)] taken at `now`, a step, and the LED levels the
        App draws at `now` (bytes)."""
        return self.shown_at(now, events)[-1]

    def shown_at(self, now, events=()):
        """As at(): the LED levels of every frame the step sent, in order, the App's
        picture at `now` last."""
        board = self.board
        for key, down in events:
            board.keys.push(key, down, now)
        board.clock.now = now
        sent = board.strip.write.frames
        del sent[:]
        self.app.step()
        self.app.render(now)
        out = [self.levels(raw) for raw in sent]
        del sent[:]
        return out

    def levels(self, raw):
        """The LED levels (cell order) of a frame's bytes as sent (Pixels.levels)."""
        strip = self.board.strip
        last = bytes(strip.buf)
        strip.buf[:] = raw
        out = bytes(self.board.pixels.levels)
        strip.buf[:] = last
        return out

    def fork(self):
        """An independent copy, from here on (the loaded modules are shared, not copied).
        A search the board is running is run to its end first (a generator cannot be
        copied): the move is the same, found at once, as on a board that thinks fast."""
        screen = self.app.screen
        while getattr(screen, "thinking", None) is not None:
            screen.think(self.board.clock.now)
        # every module (the garbage collector tracks them all), those a screen still holds
        # once freed from sys.modules included (the setup's pictures): shared, never
        # copied (a module cannot be)
        memo = dict((id(m), m) for m in gc.get_objects() if isinstance(m, types.ModuleType))
        twin = copy.copy(self)
        twin.board = copy.deepcopy(self.board, memo)
        twin.app = twin.board.app
        return twin


# -- what a press is, on the screen it is pressed on ------------------------------------------
GAME_KINDS = ("press", "undo", "hint", "card_pick", "new_game")  # a game screen's


def tile_figure(index):
    """A menu tile's name in the figures: its game, variant and player count
    (connect4, squeeze_4p, squeeze_cards, ...)."""
    from app import catalog

    game, players, variant = catalog.TILES[index][:3]
    return game + ("_" + variant if variant else "") + ("_%dp" % players if players else "")


def kind_of(app, key):
    """(kind, the setup screen's tile figure or None) of a press of `key` on the App's
    screen now: "menu" (the menu, its idle demo), "setup" (a tile's setup screen: a
    start or a resume, once it has acted, if it led to the game), "menu_hold" (a1 in a
    game), "new_game" (l12), "undo", "hint", "card_pick" (a card key, or any key while
    a card is being picked), or "press" (a game's own press)."""
    screen = app.screen
    module = type(screen).__module__
    if module in ("app.menu", "app.attract"):
        return "menu", None
    if module == "app.setup":
        return "setup", tile_figure(screen.index)
    if key == grid.MENU:
        return "menu_hold", None
    if key == grid.NEW:
        return "new_game", None
    picking = getattr(screen, "pick", None) is not None
    if key == grid.UNDO and not picking:
        return "undo", None
    if key == grid.HINT:
        return "hint", None
    if picking or key in getattr(screen, "card_keys", ()):
        return "card_pick", None
    return "press", None


class Expected:
    """What the model says of one press: its kind and figure (the game's tile name),
    when it acted (ms; None: nothing it drew differed), the time it is timed from
    (`stamp`, ms: the contact, or the hold time), and the answer's `pictures`
    {LED levels: ms after it acted, first drawn}."""

    def __init__(self, press, kind, figure):
        self.press, self.kind, self.figure = press, kind, figure
        self.acted = None
        self.stamp = press.down
        self.pictures = {}
        self.first = None  # the picture drawn when it acted

    def __repr__(self):
        return "Expected(%r, %s, %s, acted %s, %d pictures)" % (self.press, self.kind, self.figure, self.acted,
                                                               len(self.pictures))


def expected_answers(files, presses, start, kinds=kind_of, shown=None):
    """[Expected] for each of `presses` (ascending, one at a time), by the App on the
    simulator's drivers started at `start` ms with `files`. The model takes a press at
    its contact's millisecond; the Pico's loop takes it up to LAGS later, and what the
    press does may hang on that millisecond (a game's seed, its first player, is the
    time of the press that started it). So where `shown(i, pictures)` (did the Pico
    show one of these pictures after press i?) says the Pico did not show the model's
    answer, the press is taken again a millisecond later, and later, until it did: the
    model goes on from the Pico's millisecond (none: from the contact's, and the press
    is reported)."""
    model = AppModel(files, start)
    figure = None  # the game on screen, as its tile names it
    out = []
    now = start
    last = None  # (ms, levels): the last picture the model drew
    for i, press in enumerate(presses):
        until = presses[i + 1].down if i + 1 < len(presses) else press.up + LAST_SETTLE_MS
        while now + LOOP_MS < press.down:  # the loop's pace until the press
            now += LOOP_MS
            drawn = model.shown_at(now)
            if drawn:
                last = (now, drawn[-1])
        kind, tile = kinds(model.app, press.key)
        if tile is not None:
            figure = tile
        before = model.fork() if shown is not None else None
        taken = _take(model, press, until, last, kind, figure, 0)
        if before is not None and taken[0].acted is not None and not shown(i, telling(taken[0].pictures)):
            for lag in LAGS[1:]:
                later = _take(before.fork(), press, until, last, kind, figure, lag)
                if shown(i, telling(later[0].pictures)):
                    taken = later
                    break
        exp, model, now, last = taken
        out.append(exp)
    return out


def telling(pictures):
    """Of a press's answer `pictures`, those that tell its millisecond: what the work
    behind its answer showed in the same step (App.then: a game started, its first
    player from the press's time), else all of them."""
    first = [p for p, ms in pictures.items() if ms == 0]
    return first[1:] if len(first) > 1 else pictures


LAGS = tuple(range(LOOP_MS + 2))  # the Pico's key scan (1 ms), then its loop's turn (LOOP_MS at most)


# How the model decides a press's answer: it is stepped a millisecond at a time through
# the press, side by side with a copy of itself taken just before the press that never gets
# it; the press acts at the first millisecond the two draw differently (its release, today;
# its press, on a firmware that acts on press; the hold time, for a hold). The answer's
# pictures are what the model draws from then on, for ANSWER_SPAN_MS (a press that leaves
# work for after its answer, App.then, sends its answer, then what that work shows, in one
# step), less every picture the copy draws over that span and the picture on the LEDs at
# the contact: a frame of an animation that was running anyway, or the screen as it was, is
# never an answer. A picture drawn before that is no longer on the LEDs may be (an undo's:
# the picture before the press it takes back; a refusal's flash, a card window opening
# again: the same picture as the last press's answer). match() then looks for the first of
# the Pico's frames equal to one of them; none: the answer was never shown, which is
# reported (and counted), not timed.
def _take(model, press, until, last, kind, figure, lag):
    """One press taken by `model` `lag` ms after its contact (`last`: the model's last
    picture before it, (ms, levels)): (its Expected, the model, the ms it stopped at,
    its last picture then, None if drawn over BEFORE_MS before)."""
    resuming = kind == "setup" and model.app.screen.resuming()
    exp = Expected(press, kind, figure)
    twin = model.fork()
    down, up = press.down + lag, press.up + lag
    now = press.down
    screen = set() if last is None else {last[1]}  # the LEDs at the contact
    twins = set()  # every picture the App draws over the span without this press
    drawn_after = {}
    while now < until:
        events = [(press.key, True)] if now == down else [(press.key, False)] if now == up else []
        shown = model.shown_at(now, events)
        drawn = shown[-1]
        drawn_without = twin.shown_at(now)
        other = drawn_without[-1]
        twins.update(drawn_without)
        if exp.acted is None and drawn != other:
            exp.acted = now
            if press.hold and now >= down + HOLD_MS:
                exp.stamp = press.down + HOLD_MS
            exp.first = drawn
        if exp.acted is not None:
            for picture in shown:  # (a press's answer, then what its work behind it shows)
                if picture != other and picture not in drawn_after:
                    drawn_after[picture] = now - exp.acted
            if now >= max(exp.acted, up) + ANSWER_SPAN_MS:
                break
        last = (now, drawn)
        now += 1
    exp.pictures = dict((p, ms) for p, ms in drawn_after.items() if p not in twins and p not in screen)
    if last is not None and last[0] < now - BEFORE_MS:
        last = None
    if exp.kind == "setup" and hasattr(model.app.screen, "state"):  # it led to the game
        exp.kind = "resume" if resuming else "start"
    return exp, model, now, last


# -- the Pico's frames against the answers ----------------------------------------------------
class Answer:
    """One press on the Pico: `latency` (ms from the stamp to the end of its first answer
    frame, or None), `offset` (which of the answer's pictures it was: ms after the
    model acted), `problem` (why it is not timed, in words, or None)."""

    def __init__(self, expected, latency=None, offset=None, problem=None):
        self.expected, self.latency, self.offset, self.problem = expected, latency, offset, problem


def match(expected, frames, contacts=None):
    """[Answer] for each Expected, from the Pico's `frames` [(begin us, end us, levels)]
    in order. `contacts`: the emulated us each press's contact closed (default: its
    `down` ms): a frame begun before it is no answer, nor one begun at or after the next
    press's contact; nor the picture on the LEDs at the contact (the last frame begun
    before it: the screen as it was)."""
    if contacts is None:
        contacts = [e.press.down * 1000 for e in expected]
    out = []
    for i, exp in enumerate(expected):
        contact = contacts[i]
        limit = contacts[i + 1] if i + 1 < len(expected) else None
        if exp.acted is None or not exp.pictures:
            out.append(Answer(exp, problem="the App draws no answer to it"))
            continue
        stamp = contact + (exp.stamp - exp.press.down) * 1000
        # (a picture shown earlier and gone since may be its answer: an undo's, or the
        # same picture as the last press's answer, the model's pictures say which)
        before = [levels for begin, _, levels in frames if begin < contact]
        shown_before = set(before[-1:])  # the LEDs at the contact
        found = None
        for begin, end, levels in frames:
            if begin < contact:
                continue
            if limit is not None and begin >= limit:
                break
            if levels in exp.pictures:
                found = (begin, end, levels)
                break
        if found is None:
            out.append(Answer(exp, problem="no LED frame showed its answer"))
        elif found[2] in shown_before:
            out.append(Answer(exp, problem="its answer's picture was on the LEDs before the press"))
        else:
            out.append(Answer(exp, (found[1] - stamp) / 1000, exp.pictures[found[2]]))
    return out


def shown_in(frames, contacts):
    """shown(i, pictures) for expected_answers: did one of `frames` begun after press
    i's contact (us), before the next press's, show one of `pictures`?"""
    def shown(i, pictures):
        limit = contacts[i + 1] if i + 1 < len(contacts) else None
        return any(levels in pictures for begin, _, levels in frames
                   if begin >= contacts[i] and (limit is None or begin < limit))
    return shown


def decoy(levels):
    """A picture one LED off `levels`: never drawn (the self-check's wrong answer)."""
    wrong = bytearray(levels)
    wrong[0] ^= 0x01
    return bytes(wrong)


def self_check(expected, frames, contacts=None):
    """The matching, given a wrong answer for every press (its first picture, one LED
    off): the presses it wrongly times (none, unless the matching is broken)."""
    wrong = []
    for exp in expected:
        fake = Expected(exp.press, exp.kind, exp.figure)
        fake.acted, fake.stamp = exp.acted, exp.stamp
        if exp.first is not None:
            fake.pictures = {decoy(exp.first): 0}
        wrong.append(fake)
    return [a.expected.press for a in match(wrong, frames, contacts) if a.latency is not None]


# -- the figures ------------------------------------------------------------------------------
def figure_name(answer):
    """The BENCH name (less `_vpico`) an answer is counted in, or None (a game's press with
    no game figure)."""
    exp = answer.expected
    if exp.kind == "menu":
        return "menu_press_to_answer_max"
    if exp.kind == "setup":
        return "setup_press_to_answer_max"
    if exp.kind == "menu_hold":
        return "menu_hold_to_answer_max"
    if exp.figure is None:
        return None
    if exp.kind in ("resume", "start"):
        return "%s_%s_to_answer" % (exp.figure, exp.kind)
    if exp.kind == "press":
        return "%s_press_to_answer_max" % exp.figure
    return "%s_%s_to_answer_max" % (exp.figure, exp.kind)


def figures(answers, values, notes):
    """Adds the figures of `answers` to `values` {name: (value, unit)} (a max is the max
    over every run given; a game's presses also get a mean and a count; a game's start
    and resume a `_max` line too, as every other kind has; `press_to_answer_worst` is
    the slowest timed press of any kind) and a line for each press not timed to `notes`."""
    means = values.setdefault("_press_sums", {})  # name -> [total, count] (taken out by finish())
    values["press_answers_missed"] = (values.get("press_answers_missed", (0,))[0], "presses")
    for a in answers:
        exp = a.expected
        if a.latency is None:
            if exp.acted is not None:
                values["press_answers_missed"] = (values["press_answers_missed"][0] + 1, "presses")
            notes.append("%s %s at %d ms (%s%s): %s" % (exp.kind.replace("_", " "), grid.name(exp.press.key),
                                                       exp.press.down, exp.figure or "menu",
                                                       "" if exp.acted is None else ", acted at +%d ms"
                                                       % (exp.acted - exp.press.down), a.problem))
            continue
        worst = max(a.latency, values.get("press_to_answer_worst", (a.latency,))[0])
        values["press_to_answer_worst"] = (worst, "ms")
        name = figure_name(a)
        if name is None:
            continue
        names = [name] + ([name + "_max"] if exp.kind in ("resume", "start") else [])
        for name in names:
            values[name] = (max(a.latency, values.get(name, (a.latency,))[0]), "ms")
        if exp.kind == "press":
            total = means.setdefault(exp.figure, [0.0, 0])
            total[0] += a.latency
            total[1] += 1


def slowest(answers):
    """A line for each figure of `answers`: its slowest press (which key, when), so that
    a figure over its target says which press to look at."""
    worst = {}
    for a in answers:
        name = figure_name(a) if a.latency is not None else None
        if name is not None and (name not in worst or a.latency > worst[name].latency):
            worst[name] = a
    return ["slowest of %s: %s at %d ms, %.2f ms" % (name, grid.name(a.expected.press.key), a.expected.press.down,
                                                    a.latency) for name, a in sorted(worst.items())]


def finish(values):
    """The means and counts of the game presses, once every run is in."""
    for figure, (total, count) in values.pop("_press_sums", {}).items():
        values["%s_press_to_answer_mean" % figure] = (total / count, "ms")
        values["%s_presses_answered" % figure] = (count, "presses")
