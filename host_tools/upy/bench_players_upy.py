# The MicroPython side of host_tools.bench_players: the board's players under the real
# interpreter (wasm), build/ as the filesystem. Prints "@@M\tname\tvalue\tunit" records
# like bench_upy.py: unit "ms" (time under this interpreter) or "bytes" (live heap).
#   - the strongest level's time per move against the baseline (each move the least
#     of PASSES runs: the host is shared and noisy), per game;
#   - Connect Four: from how many empty cells level 5 solves exactly within its budget;
#   - first, the live heap while the board thinks, in a game played through the app
#     (the board plays seat 2), and with people only: node steps the plan one
#     top-level call at a time (the wasm GC collects only there), each call measuring
#     the heap the last one left, less what this script held before the firmware.
import gc
import json
import sys

import js

with open("/upy_args.json") as _f:
    JOB = json.load(_f)
for _path in reversed(JOB["sys_path"]):
    sys.path.insert(0, _path)

GAMES_EACH = JOB.get("games", 2)
PASSES = JOB.get("passes", 3)


def clock_ms():
    return js.performance.now()


def record(name, value, unit):
    print("@@M\t%s\t%s\t%s" % (name, value, unit))


def timed_think(player, state, level, seed):
    """(move, the least time of PASSES runs of a whole think())."""
    from games.player import finish
    from games.rng import Rng

    best = None
    for _ in range(PASSES):
        start = clock_ms()
        move = finish(player.think(state, level, Rng(seed)))
        took = clock_ms() - start
        if best is None or took < best:
            best = took
    return move, best


def plan():
    from games import load
    from games.player import load_player
    from games.rng import Rng

    # -- the live heap while the board thinks, through the app ------------------------------
    from sim.drivers import SimBoard

    board = SimBoard()
    app = board.app
    clock = board.clock
    for game, seats in (("connect4", []), ("connect4", [2]), ("cubes", []), ("cubes", [2]),
                        ("squeeze", []), ("squeeze", [2])):
        app.start_game(game, None, None, 1, {"board": seats, "level": 5})
        label = "heap_%s_board_thinking" % game if seats else "heap_%s_people_only" % game
        player = None
        rng = Rng(5)
        while app.screen.state.status == "playing" and len(app.screen.state.history) < 60:
            st = app.screen.state
            if st.to_move == 1 or not seats:
                if not seats:  # people only: no player module loaded
                    legal = st.legal_moves()
                    move = legal[rng.below(len(legal))]
                    legal = None
                else:  # you, against the board: the baseline (the board loaded the module)
                    if player is None:
                        player = load_player(game)
                    move = player.baseline(st, rng)
                cell = app.screen.cell_for_move(move)
                board.keys.push(cell, True, clock.now)
                app.step()
                board.keys.push(cell, False, clock.now)
            clock.now += 10
            app.step()
            yield label
        player = None
        app.show_menu()
        for _ in range(5):
            clock.now += 10
            app.step()
        yield None
    board = app = clock = None
    yield None

    # -- time per move of the strongest level, against the baseline ----------------------
    for game in ("connect4", "cubes", "squeeze"):
        rules, player = load(game), load_player(game)
        total = worst = 0.0
        moves = 0
        for g in range(GAMES_EACH):
            state = rules.new_state()
            rng = Rng(g + 1)
            while state.status == "playing":
                if len(state.history) % 2 == g % 2:
                    move, took = timed_think(player, state, 5, g * 1000 + len(state.history))
                    total += took
                    worst = max(worst, took)
                    moves += 1
                else:
                    move = player.baseline(state, rng)
                state.play(move)
                yield None
        record("%s_player5_move_mean" % game, total / moves, "ms")
        record("%s_player5_move_max" % game, worst, "ms")
        record("%s_player5_moves" % game, moves, "moves")
        player = rules = None
        yield None

    # -- Connect Four: empty cells from which level 5 solves exactly within its budget ----
    from games import connect4_player as c4

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
            if c4.solve_position(c4.Search(state), c4.BUDGET[4] * 2 // 3) is not None:
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
