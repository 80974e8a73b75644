# The MicroPython side of host_tools.bench_players: the board's players under the real
# interpreter (wasm), build/ as the filesystem. Prints "@@M\tname\tvalue\tunit" records
# like bench_upy.py: unit "ms" (time under this interpreter) or "bytes" (live heap).
#   - the strongest level's time per move against the baseline (each move the least
#     of PASSES runs: the host is shared and noisy), and its longest slice (one next():
#     the app's loop waits that long), per game;
#   - Connect Four: from how many empty cells level 5 solves exactly within its budget;
#   - first, the live heap while the board thinks, in a game played through the app
#     (the board plays seat 2), and with people only: node steps the plan one
#     top-level call at a time (the wasm GC collects only there), each call measuring
#     the heap the last one left, less what this script held before the firmware.
# On the virtual Pico (host_tools.bench_players, JOB "parts": ["times"]) the times are
# the rp2 port's, in emulated time.
import gc
import json
import sys
import time

try:
    import js  # the wasm port: performance.now() has sub-millisecond resolution

    def clock_ms():
        return js.performance.now()
except ImportError:  # the rp2 port
    def clock_ms():
        return time.ticks_us() / 1000

with open("/upy_args.json") as _f:
    JOB = json.load(_f)
for _path in reversed(JOB["sys_path"]):
    sys.path.insert(0, _path)

GAMES_EACH = JOB.get("games", 2)
PASSES = JOB.get("passes", 3)
PARTS = JOB.get("parts", ("heap", "times", "solve"))
TIMED_GAMES = JOB.get("timed", ("connect4", "cubes", "squeeze"))


def record(name, value, unit):
    print("@@M\t%s\t%s\t%s" % (name, value, unit))


def timed_think(player, state, level, seed):
    """(move, the least time of PASSES runs of a whole think(), the least of their
    longest slice: one next(), the time the app's loop and the keys wait)."""
    from games.rng import Rng

    best = longest = None
    for _ in range(PASSES):
        search = player.think(state, level, Rng(seed))
        slice_max = 0.0
        start = clock_ms()
        while True:
            t = clock_ms()
            try:
                next(search)
            except StopIteration as stop:
                move = stop.value
                slice_max = max(slice_max, clock_ms() - t)
                break
            slice_max = max(slice_max, clock_ms() - t)
        took = clock_ms() - start
        if best is None or took < best:
            best = took
        if longest is None or slice_max < longest:
            longest = slice_max
    return move, best, longest


def plan():
    if "heap" in PARTS:  # first: nothing of the bench's own loaded yet
        yield from heap_part()
    if "times" in PARTS:
        yield from times_part()
    if "solve" in PARTS:
        yield from solve_part()


# Each game played through the app, people only, then with the board in seats (4
# pistes: 4 players, the board three of them).
HEAP_GAMES = (("connect4", None, [2]), ("cubes", None, [2]), ("squeeze", None, [2]), ("pistes", 4, [2, 3, 4]))


def heap_part():
    """The live heap while the board thinks, in games played through the app (the
    Pico's storage driver: the saves go to files, not into the heap)."""
    from drivers.storage import FileStorage
    from games.rng import Rng
    from sim.drivers import SimBoard

    board = SimBoard(storage=FileStorage("/bench_players_data"))
    app = board.app
    clock = board.clock
    for _ in range(50):
        clock.now += 10
        app.step()
    yield "heap_menu"
    for game, players, board_seats in HEAP_GAMES:
        if game not in JOB.get("heap_games", (game,)):
            continue
        for seats in ([], board_seats):
            app.start_game(game, players, None, 1, {"board": seats, "level": 5} if players is None else {"board": seats})
            label = "heap_%s_board_thinking" % game if seats else "heap_%s_people_only" % game
            player = None
            rng = Rng(5)
            while app.screen.state.status == "playing" and len(app.screen.state.history) < 200:
                st = app.screen.state
                if st.to_move not in seats:
                    if not seats or players is not None:  # people only, or 4 pistes: a random move
                        legal = st.legal_moves()
                        move = legal[rng.below(len(legal))]
                        legal = None
                    else:  # you, against the board: the baseline (the board loaded the module)
                        if player is None:  # (the app has loaded it: no more heap)
                            player = app.screen.player or __import__("games.%s.player" % game, None, None, ("x",))
                        move = player.baseline(st, rng)
                    if players is not None:
                        app.screen.play_move(move, None, clock.now)
                    else:
                        cell = app.screen.cell_for_move(move)
                        board.keys.push(cell, True, clock.now)
                        app.step()
                        board.keys.push(cell, False, clock.now)
                st = None
                clock.now += 10
                app.step()
                yield label
            player = None
            app.show_menu()
            for _ in range(5):
                clock.now += 10
                app.step()
            yield "heap_menu_after_%s" % game  # (with the names its modules interned)
    board = app = clock = None
    yield None


def times_part():
    """The time per move of the strongest level, against the baseline."""
    from games import load
    from games.players import load_player
    from games.rng import Rng

    for game in TIMED_GAMES:
        rules, player = load(game), load_player(game)
        total = worst = slice_worst = 0.0
        moves = 0
        for g in range(GAMES_EACH):
            state = rules.new_state()
            rng = Rng(g + 1)
            while state.status == "playing":
                if len(state.history) % 2 == g % 2:
                    move, took, longest = timed_think(player, state, 5, g * 1000 + len(state.history))
                    total += took
                    worst = max(worst, took)
                    slice_worst = max(slice_worst, longest)
                    moves += 1
                else:
                    move = player.baseline(state, rng)
                state.play(move)
                yield None
        record("%s_player5_move_mean" % game, total / moves, "ms")
        record("%s_player5_move_max" % game, worst, "ms")
        record("%s_player5_slice_max" % game, slice_worst, "ms")
        record("%s_player5_moves" % game, moves, "moves")
        player = rules = None
        yield None


def solve_part():
    """Connect Four: from how many empty cells level 5 solves exactly within its budget."""
    from games import load
    from games.rng import Rng
    from games.connect4 import player as c4

    rules = load("connect4")
    rng = Rng(9)
    for empty in range(10, 31, 2):  # positions reached by random play
        solved = tried = 0
        for k in range(16):
            state = rules.new_state()
            while state.status == "playing" and 42 - len(state.history) > empty:
                legal = state.legal_moves()
                state.play(legal[rng.below(len(legal))])
            if state.status != "playing":
                continue
            tried += 1
            if c4.solve_position(c4.Search(state), c4.exact_budget(5, empty)) is not None:
                solved += 1
            yield None
        record("connect4_solved_within_budget_%d_empty" % empty, "%d/%d" % (solved, tried), "positions")
        if tried and solved * 2 < tried:
            break


_plan = plan()
_pending = ["baseline"]
_peaks = {}
BASELINE = 0


def NEXT():
    """One step of the plan (this call began with a collection); False when done."""
    global BASELINE
    label = _pending[0]
    if label == "baseline":  # what this script holds before the firmware loads
        BASELINE = gc.mem_alloc()
    elif label is not None:
        value = gc.mem_alloc() - BASELINE
        if value > _peaks.get(label, 0):
            _peaks[label] = value
    try:
        _pending[0] = next(_plan)
    except StopIteration:
        for name in sorted(_peaks):
            record(name + "_max", _peaks[name], "bytes")
        return False
    gc.collect()
    return True
