# The MicroPython side of host_tools.bench: runs under the real interpreter (wasm) with
# build/ as the filesystem and the simulator's drivers (the real Pixels driver, a
# virtual clock). Prints one record a measurement: "@@M\tname\tvalue\tunit" where unit
# is "ms" (time under this interpreter) or "bytes" (live heap).
#
# The live heap is gc.mem_alloc() after a collection, less what this script holds
# before the firmware loads. The wasm port's GC collects only at the top level (it
# cannot scan the wasm stack): so the bench is a generator, plan(), that node steps
# with one top-level call each (MORE = NEXT()); each step yields the name to measure
# the heap under, and the next call, which starts with a collection, measures it.
# Games are played deterministically: a seeded Rng picks among the legal moves.
import gc
import json
import sys
import time

try:
    import js  # the wasm port: performance.now() has sub-millisecond resolution

    def clock_ms():
        return js.performance.now()
except ImportError:
    def clock_ms():
        return time.ticks_us() / 1000

with open("/upy_args.json") as _f:
    JOB = json.load(_f)
for _path in reversed(JOB["sys_path"]):
    sys.path.insert(0, _path)

SEED = JOB.get("seed", 1)
PER_MOVE = JOB.get("per_move", False)  # print the heap after every move, not just mean/max
MAX_MOVES = JOB.get("max_moves", 400)  # a game longer than this is cut (no game here is that long)
TIMED_PASSES = JOB.get("passes", 5)  # each time is the least of this many runs: the host is shared and noisy
# per move, the least time over the passes (allocated before the baseline: not counted)
from array import array  # noqa: E402

LATENCY = array("d", [0.0] * MAX_MOVES)  # (a bytearray here is a raw buffer: 8x fewer doubles)
TICK = array("d", [0.0] * MAX_MOVES)
SETTLE_MS = 5000  # virtual time allowed for a move's animations to finish
ONLY_SAVE = JOB.get("only_save", False)  # boot, the menu and the card game's saves only
SAVE_LINES = 300  # the card game whose late save is timed: this many lines (or its end)
SAVE_REPS = 10  # saves timed together at each point (their mean counts)
RULES_COPIES = JOB.get("rules_copies", 20)  # games side by side timing the rules (rules_game)
# The card game's modes played on the board (cards_board_game) in this run. host_tools.bench
# plays each in a run of its own (CARDS_ONLY: boot, the menu, that game, nothing else):
# see cards_board_game for why.
CARD_MODES = JOB.get("card_modes", ("cards", "deal"))
CARDS_ONLY = JOB.get("cards_only", False)


def record(name, value, unit):
    print("@@M\t%s\t%s\t%s" % (name, value, unit))


def note(text):
    print("# " + text)


def qstrs(label):
    """The names interned so far (MicroPython never frees one): micropython.qstr_info()
    prints them after an "@@Q" line of `label`, for the host to read (upy_tests.qstr_records)."""
    try:
        from micropython import qstr_info
    except ImportError:  # a port without it: no qstr figures
        return
    print("@@Q\t" + label)
    qstr_info()


def overhead_ms():
    """What one clock_ms() pair costs, to take off single timings."""
    n = 200
    start = clock_ms()
    for _ in range(n):
        clock_ms()
    return (clock_ms() - start) / (n + 1)


def keep_least(times, i, value, first):
    if first or value < times[i]:
        times[i] = value


def emit_per_move(name, times, n):
    """Mean and worst over the moves of each move's least time (the timer's overhead,
    taken off, can leave a tiny negative: it counts as 0)."""
    for i in range(n):
        times[i] = max(0.0, times[i])
    if n:
        record(name + "_mean", sum(times[i] for i in range(n)) / n, "ms")
        record(name + "_max", max(times[i] for i in range(n)), "ms")


def least_mean(func, reps, batches=10):
    """The least, over batches, of the mean time of func() over reps calls."""
    best = None
    for _ in range(batches):
        start = clock_ms()
        for _ in range(reps):
            func()
        mean = (clock_ms() - start) / reps
        if best is None or mean < best:
            best = mean
    return best


class Stat:
    """Running count, total and maximum (no list: the bench's own heap stays flat)."""

    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.max = 0.0

    def add(self, value):
        self.n += 1
        self.total += value
        if value > self.max:
            self.max = value

    def emit(self, name, unit):
        if self.n:
            record(name + "_mean", self.total / self.n, unit)
            record(name + "_max", self.max, unit)


TIMER = overhead_ms()
G = {}  # what the plan keeps between steps (live, so it counts: the board)


def plan():
    """The whole bench. Yields (label, Stat or None): measure the live heap now."""
    # -- boot to the menu: load the firmware, make the drivers and the App, first frame
    start = clock_ms()
    from drivers.storage import FileStorage
    from sim.drivers import SimBoard  # imports app.app, drivers.pixels_setup, ...

    # the Pico's own storage driver: the saves go to files (the Pico's flash, this
    # interpreter's filesystem), not into the heap as the simulator's MemoryStorage
    # keeps them (a long game's save text is kilobytes)
    board = SimBoard(storage=FileStorage("/bench_data"))
    record("boot_to_menu", clock_ms() - start, "ms")
    yield "heap_boot", None

    from app import grid
    from app.app import LOOP_MS
    from app.shared import unload
    from app.frame import Frame
    from app.catalog import game_ids

    GAMES = game_ids()  # (the menu's catalog: freed below, as in a game)
    game_ids = None
    unload("app.catalog")

    # The board frees the catalog in a game and the rules package back in the menu:
    # the bench holds none of their modules (a reference kept here would count them)
    def Rng(seed):
        from games.rng import Rng

        return Rng(seed)

    def load(game, variant=None):
        from games import load

        return load(game, variant)

    clock = board.clock
    app = board.app

    def step():
        clock.now += LOOP_MS
        app.step()

    def settle():
        """Step until the screen stops animating (as the main loop would)."""
        end = clock.now + SETTLE_MS
        while app.screen.busy(clock.now) and clock.now < end:
            step()

    # -- the menu ---------------------------------------------------------------------
    for _ in range(100):
        step()
    yield "heap_menu", None

    # one app tick with nothing to do, and one rendering the menu's frame
    record("app_tick_idle", least_mean(step, 100), "ms")

    def render_step():
        app.dirty = True
        step()

    record("app_tick_render", least_mean(render_step, 50), "ms")
    yield None, None

    # rendering one frame: Pixels.show of a full frame (every cell lit, varied colours)
    frame = Frame()
    for cell in range(grid.CELLS):
        frame.set(cell, (cell * 0x10305) & 0xFFFFFF | 0x010101)
    record("frame_show", least_mean(lambda: board.pixels.show(frame.buf), 50), "ms")
    frame = None
    yield None, None

    # -- a full game of each menu tile through the app: heap after every move, press -> frame
    def press_to_frame(cell):
        """A tap (down, then up): the time of the step that takes the press and renders
        its answer (a game key acts on its press, issue #23; the release's step after it
        is not timed)."""
        board.keys.push(cell, True, clock.now)
        start = clock_ms()
        app.step()
        took = clock_ms() - start - TIMER
        board.keys.push(cell, False, clock.now)
        clock.now += LOOP_MS
        step()
        return took

    def play_game(game, players, measure_heap, first=False, last=False):
        """A full game through the app. The warm-up pass (measure_heap) yields for the
        heap after every move; the timed passes then run the same moves again, so the
        host's one-off costs (JIT tiers, wasm memory growth) stay out of the times."""
        rng = Rng(SEED)
        app.start_game(game, players, None, SEED)
        label = game if players is None else "%s_%dp" % (game, players)
        settle()
        if measure_heap:
            yield "heap_%s_start" % label, None
        heap = Stat()
        moves = 0
        while moves < MAX_MOVES:
            st = app.screen.describe()
            if st["status"] != "playing":
                break
            legal = st["legal"]
            cell = grid.parse(st["keys"][legal[rng.below(len(legal))]])
            before = len(st["moves"])
            st = legal = None
            if not measure_heap:
                keep_least(LATENCY, moves, press_to_frame(cell), first)
            else:
                press_to_frame(cell)
            ticks = 0
            end = clock.now + SETTLE_MS
            start = clock_ms()
            while app.screen.busy(clock.now) and clock.now < end:  # animation frames
                clock.now += LOOP_MS
                app.step()
                ticks += 1
            if not measure_heap and ticks:  # the mean tick of this move's animation
                keep_least(TICK, moves, (clock_ms() - start) / ticks, first)
            moves += 1
            if len(app.screen.describe()["moves"]) != before + 1:
                note("%s: a press on %s played no move; game cut after %d moves"
                     % (label, grid.name(cell), moves))
                break
            # a new top-level call a move: the GC runs (as it would on the Pico, where a
            # collection is short on a small heap) instead of the wasm heap growing
            yield ("%s move %d" % (label, moves), heap) if measure_heap else (None, None)
        if measure_heap:
            heap.emit("heap_%s_move" % label, "bytes")
        if last:
            record("%s_app_moves" % label, moves, "moves")
            note("%s: the game ended %s" % (label, app.screen.describe()["status"]))  # not a figure
            emit_per_move("%s_press_to_frame" % label, LATENCY, moves)
            emit_per_move("%s_app_tick_animating" % label, TICK, moves)  # per move: its mean tick
        app.show_menu()
        settle()

    def cards_board_game(mode):
        """4D Squeeze with cards on the board (4 players, `mode`): each line picked among
        the legal ones and played by its keys (a card is several presses: its card key,
        its kind, its target), the screen animated and drawn; the heap after every press.

        Each mode is measured in an interpreter of its own, from boot (host_tools.bench
        runs one job per mode). Played after 'cards' in the same run, 'deal' counted
        113 KB a line where it needs 80 KB: the 33 KB more are the first game's game
        modules (games.squeeze.rules, games.squeeze.cards, games.squeeze.screen, games.squeeze.cards_screen),
        unloaded at its end and loaded afresh for 'deal'. No live object refers to the old
        copies (a reference would not come and go with the layout, below): MicroPython's
        collector is conservative (it scans every word of every live
        block, bytecode and byte buffers included), so one word that happens to hold the
        address of an old module's object keeps the whole old module alive. It is chance,
        set by where things lie in the heap: the same two games gave 'deal' 95 KB with
        this script cut down to them, 80 KB with a 256 KB heap, 80 KB played first, 80 KB
        with the modules kept loaded between the games; on the virtual Pico's rp2 heap
        (its first 30 lines) 'deal' after 'cards' held what 'cards' did. A chance hold on
        the previous game is not what a game needs; from boot, every byte the game itself
        holds is still counted."""
        rng = Rng(SEED)
        app.start_game("squeeze", 4, "cards", SEED, {"mode": mode})
        settle()
        heap = Stat()
        lines = 0
        while app.screen.state.status == "playing" and lines < MAX_MOVES:
            legal = app.screen.state.legal_moves()
            move = legal[rng.below(len(legal))]
            legal = None
            keys = app.screen.keys_for_move(move)
            if not keys:  # a window's pass: its countdown runs out
                board.play(move)
            # the referee's full list (games/squeeze/cards_notation.py) picks the line and the
            # simulator's words (games/squeeze/cards_words.py) its keys: the board's own
            # play never loads them, so they are not counted in the board's heap
            for name in ("games.squeeze.cards_notation", "games.squeeze.cards_words"):
                unload(name)
            lines += 1
            for cell in keys:  # a card's pick: the heap after each of its presses
                board.press(cell)
                settle()
                yield "squeeze_cards_%s line %d" % (mode, lines), heap
            if not keys:
                settle()
                yield "squeeze_cards_%s line %d" % (mode, lines), heap
        heap.emit("heap_squeeze_cards_%s_line" % mode, "bytes")
        record("squeeze_cards_%s_app_lines" % mode, lines, "lines")
        app.show_menu()
        settle()

    if not ONLY_SAVE:
        for mode in CARD_MODES:
            yield from cards_board_game(mode)
        if CARDS_ONLY:
            G["board"] = board
            return

    def cards_save():
        """The save of a press in a long card game (4 players, real cards): its line
        appended to the game's file (app/saves.py), early (the first line) and late (the
        last line: after SAVE_LINES lines, or at the game's end); and the whole file of that long game written (what every press
        cost before, and still the first save of a game resumed, an undo). Each is the
        mean of SAVE_REPS saves timed together (one save is near the timer's resolution)."""
        from app import saves

        rng = Rng(SEED)
        app.start_game("squeeze", 4, "cards", SEED, {"mode": "cards"})
        screen = app.screen
        st = screen.state
        lines = [0]

        def play_line():
            if st.window or st.relaunch or lines[0] % 7:
                legal = st.legal_moves() if st.window else st.legal_launches()
            else:  # now and then a card, when one is playable (its first target)
                legal = st.playable_cards(kinds=(rng.below(4),), first=True) or st.legal_launches()
            st.play(legal[rng.below(len(legal))] if legal else st.legal_moves()[0])
            lines[0] += 1

        def save_ms(append):
            """The mean time of a save: the last line appended (the file holds every
            line but it), or the whole file written."""
            mark = getattr(st, saves.SAVED) if append else None
            start = clock_ms()
            for _ in range(SAVE_REPS):
                setattr(st, saves.SAVED, mark)
                screen.save()
            took = (clock_ms() - start) / SAVE_REPS
            setattr(st, saves.SAVED, None)
            screen.save()  # the whole file again (the line appended once)
            return took

        screen.save()
        mark = getattr(st, saves.SAVED)
        play_line()
        setattr(st, saves.SAVED, mark)  # the file holds every line but the last
        early = save_ms(True)
        while st.status == "playing" and lines[0] < SAVE_LINES:
            screen.save()  # the file holds every line so far
            play_line()
            if lines[0] % 25 == 0:
                yield None, None  # the garbage goes (the wasm port collects only between calls)
        late = save_ms(True)  # the last line (the file holds every line but it)
        whole = save_ms(False)
        unload("games.squeeze.cards_notation")
        unload("games.squeeze.cards_effects")  # (the state played its cards itself: no board dropped it)
        record("squeeze_cards_save_early_ms", early, "ms")
        record("squeeze_cards_save_late_ms", late, "ms")
        record("squeeze_cards_save_whole_ms", whole, "ms")
        record("squeeze_cards_save_lines", lines[0], "lines")
        record("squeeze_cards_save_file", len(app.storage.read(saves.game_file("squeeze", 4, "cards"))), "bytes")
        app.show_menu()
        settle()
        yield None, None

    yield from cards_save()
    if ONLY_SAVE:
        G["board"] = board
        return

    from app.catalog import TILES

    tiles = []  # every menu tile: each game, and each player count it offers
    for game, players, _, _, _ in TILES:
        if (game, players) not in tiles:
            tiles.append((game, players))
    TILES = None
    for game, players in tiles:
        yield from play_game(game, players, True)
        yield "heap_menu_after_%s%s" % (game, "" if players is None else "_%dp" % players), None
        for n in range(TIMED_PASSES):
            yield from play_game(game, players, False, n == 0, n == TIMED_PASSES - 1)
            yield None, None

    # -- the rules alone: legal moves + play, per move, for every game ------------------
    def rules_game(game, measure_heap, first=False, last=False, variant=None):
        module = load(game, variant)
        name = game if variant is None else "%s_%s" % (game, variant)
        rng = Rng(SEED)
        # Timing: RULES_COPIES identical games play each move in turn, so that a move
        # far shorter than the timer's resolution still measures (time / copies).
        states = [module.new_state(variant=variant, rng=Rng(SEED)) for _ in range(1 if measure_heap else RULES_COPIES)]
        state = states[0]
        heap = Stat()
        moves = 0
        while state.status == "playing" and moves < MAX_MOVES:
            legal = state.legal_moves()
            move = legal[rng.below(len(legal))]
            legal = None
            if variant is not None:
                gc.collect()  # the card variant's legal list is long: not collected in the timer
            start = clock_ms()
            for copy in states:
                if variant is None:
                    copy.legal_moves()
                copy.play(move)
                if variant is not None:  # the card variant: the launch points the board lights
                    copy.legal_launches()
            took = (clock_ms() - start - TIMER) / len(states)
            if not measure_heap:
                keep_least(LATENCY, moves, took, first)
            moves += 1
            yield ("%s rules move %d (with the menu)" % (name, moves), heap) if measure_heap else (None, None)
        if measure_heap:
            heap.emit("heap_%s_rules_move" % name, "bytes")
        if last:
            record("%s_rules_moves" % name, moves, "moves")
            emit_per_move("%s_move" % name, LATENCY, moves)
        states = state = module = None
        unload_game(game)  # a game plays alone on the Pico: the next one's heap without it

    def unload_game(game):
        """Every module of the game's folder (games.GAME and games.GAME.*)."""
        for loaded in list(sys.modules):
            if loaded == "games." + game or loaded.startswith("games.%s." % game):
                unload(loaded)

    for name in GAMES:
        yield from rules_game(name, True)
        for n in range(TIMED_PASSES):
            yield from rules_game(name, False, n == 0, n == TIMED_PASSES - 1)
    # 4D Squeeze with cards, dealt: per line, what the board computes (the line, then
    # the launch points it may light); the lines are picked from the whole legal list
    # outside the timer (the board never lists every card play)
    from app.shared import unload

    for name in GAMES:  # the board holds one game's modules at a time
        if name != "squeeze":
            unload_game(name)
    yield from rules_game("squeeze", True, variant="cards")
    for n in range(TIMED_PASSES):
        yield from rules_game("squeeze", False, n == 0, n == TIMED_PASSES - 1, variant="cards")
    if "foursquare" in GAMES:
        yield from foursquare_hint()

    # -- 4 pistes: the board's player, the time of one decision (it blocks the loop) ----
    if "pistes" in GAMES:
        for name in list(sys.modules):  # what the parts above left loaded (the card
            if name.startswith("games.") and name != "games.base":  # rules' parts too):
                unload(name)  # not part of 4 pistes' heap
        from games.pistes import rules as pistes

        # As on the board: the work is done in slices (warm_up) while the board waits
        from games.pistes import player as pistes_player
        # to show its step, then the decision; each blocks the app's loop that long.
        state = pistes.new_state(players=2, rng=Rng(SEED))
        took = Stat()
        sliced = Stat()
        heap = Stat()
        while state.status == "playing" and len(state.history) < MAX_MOVES:
            start = clock_ms()
            for _ in pistes_player.warm_up(state):
                sliced.add(clock_ms() - start - TIMER)
                start = clock_ms()
            start = clock_ms()
            move = pistes_player.board_move(state)
            took.add(clock_ms() - start - TIMER)
            state.play(move)
            yield "pistes board move %d" % len(state.history), heap
        heap.emit("heap_pistes_board_move", "bytes")
        took.emit("pistes_board_decision", "ms")
        sliced.emit("pistes_board_warm_slice", "ms")
        record("pistes_board_decisions", took.n, "moves")
        state = None
    G["board"] = board


def foursquare_hint():
    """The Foursquare hint on a deal it plays itself (seed SEED): its time per move
    (the least over the passes) and the bytes one hint call allocates (an upper bound
    of the heap it needs: the wasm port collects only between top-level calls)."""
    from games.foursquare import rules as foursquare
    from games.foursquare.hint import best_move
    from games.rng import Rng

    alloc = Stat()
    moves = 0
    for n in range(TIMED_PASSES):
        state = foursquare.new_state(rng=Rng(SEED))
        moves = 0
        while state.status == "playing" and moves < MAX_MOVES:
            before = gc.mem_alloc()
            start = clock_ms()
            move = best_move(state)
            took = clock_ms() - start - TIMER
            if n == 0:
                alloc.add(gc.mem_alloc() - before)
            keep_least(LATENCY, moves, took, n == 0)
            state.play(move)
            moves += 1
            yield None, None  # a top-level call a move: the garbage goes
        if n == 0:
            note("foursquare hint: seed %d ended %s after %d cards" % (SEED, state.status, moves))
    record("foursquare_hint_moves", moves, "moves")
    emit_per_move("foursquare_hint_time", LATENCY, moves)
    alloc.emit("foursquare_hint_alloc", "bytes")


_plan = plan()
_pending = ["heap_baseline_excluded", None]
_peak = [0, ""]
BASELINE = 0


def NEXT():
    """One step of the plan (this call began with a collection); False when done."""
    global BASELINE
    label, stat = _pending
    if label == "heap_baseline_excluded":
        BASELINE = gc.mem_alloc()
        record(label, BASELINE, "bytes")
        qstrs("baseline")
    elif label is not None:
        value = gc.mem_alloc() - BASELINE
        if value > _peak[0]:
            _peak[0], _peak[1] = value, label
        if stat is None:
            record(label, value, "bytes")
            if label in ("heap_boot", "heap_menu"):
                qstrs(label[5:])
        else:
            stat.add(value)
            if PER_MOVE:  # e.g. "connect4 move 3" -> BENCH heap_connect4_move_3
                record("heap_" + "_".join(label.split("(")[0].split()), value, "bytes")
    try:
        _pending[0], _pending[1] = next(_plan)
    except StopIteration:
        record("heap_peak", _peak[0], "bytes")
        qstrs("end")
        note("heap peak at: " + _peak[1])
        record("timer_overhead", TIMER, "ms")
        return False
    gc.collect()  # asks for a collection: it runs at the start of the next call
    return True


gc.collect()
