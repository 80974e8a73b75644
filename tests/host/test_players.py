# The board as a player, on CPython: more positions than tests/firmware/test_players.py,
# the exact solver against an independent one, the referee's --level, hint and solve,
# and the app: the board plays its seat without blocking the keys, undo, validation.
import json
import os
import subprocess
import sys

import pytest

from games import load
from games.players import load_player
from games.levels import LEVELS
from games.search import finish
from games.rng import Rng
from sim.headless import Headless, ScriptError
from tests.firmware.test_players import find_position, four_through, replay, threatened, winning_moves

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = ("connect4", "cubes", "squeeze")


@pytest.mark.parametrize("game", GAMES)
def test_every_level_takes_a_win_in_one_and_blocks(game):
    player = load_player(game)
    for seed in (100, 300, 500):
        state = find_position(game, seed, lambda s: len(s.history) > 3 and winning_moves(game, s))
        wins = winning_moves(game, state)
        for level in LEVELS:
            assert finish(player.think(state, level, Rng(seed + level))) in wins
    for seed in (200, 400):
        state = find_position(game, seed, threatened(game))
        for level in LEVELS[1:]:
            move = finish(player.think(state, level, Rng(seed + level)))
            assert not winning_moves(game, replay(game, state.history + [move])), (level, state.history)


@pytest.mark.parametrize("game", GAMES)
def test_no_level_plays_an_illegal_move(game):
    player = load_player(game)
    for level in LEVELS:
        state = load(game).new_state()
        rng = Rng(level)
        while state.status == "playing":
            if state.to_move == 1:
                move = finish(player.think(state, level, rng))
            else:
                move = player.baseline(state, rng)
            assert move in state.legal_moves()
            state.play(move)


# -- Connect Four solved exactly, checked by an independent search -------------------------
def reference_value(board, who, memo):
    """Win 1 / draw 0 / loss -1 for `who` to move: plain negamax with a memo."""
    key = bytes(board) + bytes([who])
    if key in memo:
        return memo[key]
    best = None
    for col in (3, 2, 4, 1, 5, 0, 6):
        row = max((r for r in range(6) if not board[r * 7 + col]), default=-1)
        if row < 0:
            continue
        board[row * 7 + col] = who
        if four_through(board, col, row, who):
            value = 1
        else:
            value = -reference_value(board, 3 - who, memo)
        board[row * 7 + col] = 0
        best = value if best is None else max(best, value)
        if best == 1:
            break
    memo[key] = 0 if best is None else best
    return memo[key]


def reference_solve(state):
    board = bytearray(state.board)
    who = state.to_move
    memo = {}
    values = {}
    for col in state.legal_moves():
        after = replay("connect4", state.history + [col])
        if after.status == "won":
            values[col] = 1
        elif after.status == "draw":
            values[col] = 0
        else:
            values[col] = -reference_value(bytearray(after.board), 3 - who, memo)
    top = max(values.values())
    return top, sorted(c for c in values if values[c] == top)


def random_position(empty, seed):
    rng = Rng(seed)
    while True:
        state = load("connect4").new_state()
        while state.status == "playing" and 42 - len(state.history) > empty:
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        if state.status == "playing":
            return state


@pytest.mark.parametrize("empty", (8, 12, 16))
def test_solve_is_exact_with_16_empty_cells_or_fewer(empty):
    player = load_player("connect4")
    for seed in range(3 if empty == 16 else 6):
        state = random_position(empty, seed * 31 + empty)
        assert player.solve(state) == reference_solve(state), state.history


# -- the referee ------------------------------------------------------------------------
def answers(args, lines):
    out = subprocess.run([sys.executable, "-m", "host_tools.referee"] + args, cwd=ROOT, timeout=120,
                         input="".join(line + "\n" for line in lines), capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_referee_hint_and_solve_never_change_the_game():
    moves = "4 4 3 3 5".split()
    res = answers(["connect4"], moves + ["solve", "hint", "6"])
    solve, hint, after = res[5], res[6], res[7]
    # yellow has 3, 4, 5 on the bottom row, open at both ends: red cannot stop it
    assert solve == {"move": "solve", "ok": True, "value": "loss", "best": ["1", "2", "3", "4", "5", "6", "7"],
                     "empty": 37, "to_move": 2}
    assert hint["ok"] and hint["hint"] in ("2", "6") and hint["level"] == 5
    assert after["ok"] and after["to_move"] == 1 and after["board"][-1] == "..XXXO."
    state = random_position(14, 77)
    res = answers(["connect4"], [str(m + 1) for m in state.history] + ["solve"])
    value, best = reference_solve(state)
    assert res[-1]["value"] == ("loss", "draw", "win")[value + 1]
    assert res[-1]["best"] == [str(m + 1) for m in best] and res[-1]["empty"] == 14


def test_referee_level_and_what_is_not_available():
    res = answers(["cubes", "--level", "1", "--seed", "4"], ["d4", "hint", "solve"])
    assert res[1]["ok"] and res[1]["level"] == 1 and res[1]["hint"] in res[0]["legal"]
    assert not res[2]["ok"] and "not available" in res[2]["error"]
    res = answers(["squeeze", "--players", "4"], ["hint"])
    assert not res[0]["ok"] and "not available" in res[0]["error"]
    res = answers(["connect4"], list("1122334") + ["hint"])
    assert not res[-1]["ok"] and "over" in res[-1]["error"]
    bad = subprocess.run([sys.executable, "-m", "host_tools.referee", "connect4", "--level", "6"], cwd=ROOT,
                         input="", capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--level" in bad.stderr and "Traceback" not in bad.stderr


# -- the app ------------------------------------------------------------------------------
def started(script):
    sim = Headless()
    for line in script.strip().splitlines():
        sim.run(line)
    return sim


def test_setup_is_validated():
    for bad in ("--board 3", "--board 1,1", "--level 0", "--level 6"):
        with pytest.raises(ScriptError):
            started("start connect4 " + bad)
    with pytest.raises(ScriptError):
        started("start squeeze --players 4 --board 2")
    s = started("start cubes --board 1,2 --level 2").state()
    assert (s["board"], s["level"]) == ([1, 2], 2)
    assert started("start connect4").state()["level"] == 3  # the default


def test_the_board_thinks_a_slice_a_step_and_the_keys_answer():
    sim = started("start connect4 --board 1 --level 5 --seed 2")
    app = sim.board.app
    app.step()
    assert sim.state()["thinking"] and sim.state()["moves"] == []
    steps = 0
    while sim.state()["thinking"] and not sim.state()["moves"]:
        sim.board.clock.now += 10
        app.step()
        steps += 1
        if steps == 3:  # mid-think, a press is answered at once: refused, says why
            sim.run("press e6")
            assert "thinking" in sim.state()["error"]
    assert steps > 3 and sim.state()["moves"]
    sim.run("wait 500")
    sim.run("hold a1 800")  # the menu answers as ever
    assert sim.state()["screen"] == "menu"
    assert "games.connect4.player" not in sys.modules  # unloaded with its game


def test_undo_takes_back_the_boards_move_and_yours():
    sim = started("start connect4 --board 2 --level 2 --seed 5")
    sim.run("press f1")
    sim.run("wait 2000")
    s = sim.state()
    assert len(s["moves"]) == 2 and s["to_move"] == 1
    sim.run("press l1")
    assert sim.state()["moves"] == []
    sim.run("press f1")
    sim.run("wait 2000")
    sim.run("press e1")
    sim.run("wait 2000")
    assert len(sim.state()["moves"]) == 4
    sim.run("press l1")
    assert len(sim.state()["moves"]) == 2 and sim.state()["to_move"] == 1


def test_hint_shows_the_strongest_move():
    # red to move must stop yellow's open three on the bottom row: 2 or 6
    sim = started("start connect4 --seed 1")
    for key in ("f1", "f1", "e1", "e1", "g1"):
        sim.run("press " + key)
    sim.run("press a12")
    sim.run("wait 600")
    s = sim.state()
    assert s["hint"] in ("2", "6") and s["moves"] == ["4", "4", "3", "3", "5"]
    assert sim.leds()[s["keys"][s["hint"]]] != (0, 0, 0)


def test_attract_demo_when_the_menu_is_idle_and_any_key_stops_it():
    sim = Headless()
    sim.run("wait 59000")
    assert sim.state()["screen"] == "menu"
    sim.run("wait 2000")
    s = sim.state()
    assert s["screen"] == "attract" and s["board"] == [1, 2]
    sim.run("wait 8000")  # (not so long that its first game is over and the next one begun)
    assert len(sim.state()["moves"]) >= 3  # it plays on by itself
    sim.run("press f6")
    s = sim.state()
    assert s["screen"] == "menu" and not any(t["resume"] for t in s["tiles"])  # nothing saved
    assert "games.connect4.player" not in sys.modules
    sim.run("wait 30000")
    sim.run("press c3")  # a key in the menu restarts the idle time
    sim.run("hold a1 800")
    sim.run("wait 40000")
    assert sim.state()["screen"] == "menu"


# -- the menu: the level remembered, the tile against the board ----------------------------
def tile_key(game, players=None):
    from app import catalog, grid, menu

    index = [i for i, t in enumerate(catalog.TILES) if t[:3] == (game, players, None)][0]
    return index, grid.name(menu.TILE_CELLS[index][0])


def test_the_level_chosen_on_the_board_is_remembered_per_game_across_power_cycles():
    from sim.drivers import MemoryStorage

    storage = MemoryStorage()
    sim = Headless(storage)
    _, c4 = tile_key("connect4")
    _, cubes = tile_key("cubes")
    sim.run("press " + c4)
    s = sim.state()
    assert s["options"]["level"] == 3  # never chosen: the default
    sim.run("press " + s["keys"]["level"][4])  # level 5
    sim.run("press a1")
    sim = Headless(storage)  # a power cycle: the same flash, a new App
    sim.run("press " + c4)
    s = sim.state()
    assert s["options"]["level"] == 5 and not s["resume"]
    sim.run("press " + s["keys"]["board"][1])  # the board plays seat 2 ...
    sim.run("press " + c4)  # ... at the remembered level
    assert (sim.state()["board"], sim.state()["level"]) == ([2], 5)
    sim.run("hold a1 800")
    sim.run("press " + cubes)  # per game: the cubes were never set
    assert sim.state()["options"]["level"] == 3
    sim.run("press " + sim.state()["keys"]["level"][0])
    sim.run("press a1")
    sim = Headless(storage)
    sim.run("press " + cubes)
    assert sim.state()["options"]["level"] == 1
    sim.run("press a1")
    sim.run("press " + c4)  # Connect Four's game in progress keeps its own level
    sim.run("press " + sim.state()["keys"]["level"][1])
    s = sim.state()
    assert s["options"]["level"] == 2 and not s["resume"]  # a change: a new game


def test_a_damaged_level_setting_falls_back_to_the_default():
    from app import saves
    from sim.drivers import MemoryStorage

    storage = MemoryStorage()
    storage.write(saves.SETTINGS_FILE, json.dumps({"brightness": 40, "levels": {"connect4": 9, "cubes": "x",
                                                                                  "squeeze": 4}}))
    sim = Headless(storage)
    assert sim.board.app.settings["brightness"] == 40
    for game, level in (("connect4", 3), ("cubes", 3), ("squeeze", 4)):
        sim.run("press " + tile_key(game)[1])
        assert sim.state()["options"]["level"] == level, game
        sim.run("press a1")
    storage.write(saves.SETTINGS_FILE, json.dumps({"levels": [5]}))
    sim = Headless(storage)
    sim.run("press " + tile_key("connect4")[1])
    assert sim.state()["options"]["level"] == 3


def tile_levels(sim, index, times):
    """The summed LED levels of tile `index` at each of `times` (ms from now)."""
    from app import grid, menu

    out = []
    start = sim.board.clock.now
    for t in times:
        sim.run("wait %d" % (start + t - sim.board.clock.now))
        leds = sim.leds()
        out.append(sum(sum(leds[grid.name(c)]) for c in menu.TILE_CELLS[index]))
    return out


def test_the_tile_breathes_while_the_board_plays_a_seat():
    from app.tiles import BREATH_MS
    from sim.drivers import MemoryStorage

    index, c4 = tile_key("connect4")
    times = [k * BREATH_MS // 8 for k in range(17)]  # two breaths
    sim = Headless(MemoryStorage())
    sim.run("press " + c4)
    steady = tile_levels(sim, index, times)
    assert len(set(steady)) == 1 and not sim.state()["against"]  # people only: steady
    sim.run("press " + sim.state()["keys"]["board"][0])  # the board plays seat 1
    assert sim.state()["against"]
    breathing = tile_levels(sim, index, times)
    assert max(breathing) == steady[0] and min(breathing) < steady[0] // 2  # slowly dimmer and back
    assert len(set(breathing)) > 4  # smoothly, not a blink
    sim.run("press " + c4)  # the game starts, the board plays yellow
    sim.run("wait 5000")
    sim.run("hold a1 800")  # back in the menu: the game in progress, against the board
    s = sim.state()
    assert s["screen"] == "menu" and s["tiles"][index]["resume"]
    assert len(set(tile_levels(sim, index, times))) > 4  # it breathes
    # a game in progress of people only blinks (two levels), as before
    sim.run("press " + c4)
    sim.run("press " + sim.state()["keys"]["board"][0])  # no seat for the board: a new game
    sim.run("press " + c4)
    sim.run("wait 100")
    sim.run("hold a1 800")
    s = sim.state()
    assert s["tiles"][index]["resume"]
    assert len(set(tile_levels(sim, index, times))) == 2  # it blinks


def test_a_player_is_loaded_only_when_chosen_and_unloaded_after(monkeypatch):
    # a Pico's RAM: a game of people only never loads the players (games/levels.py
    # checks its setup); the board's seat (or a hint) loads them; the menu unloads them
    player_modules = ("games.search", "games.fours", "games.connect4.player")
    for name in player_modules:
        if name in sys.modules:
            monkeypatch.delitem(sys.modules, name)
    sim = started("start connect4")
    sim.run("press d8")
    sim.run("wait 1000")
    assert [m for m in player_modules if m in sys.modules] == []
    sim.run("press a12")  # a hint: the strongest move needs the player
    sim.run("wait 3000")
    assert all(m in sys.modules for m in player_modules)
    sim.run("hold a1 800")
    assert [m for m in player_modules + ("games.levels",) if m in sys.modules] == []
    sim.run("start connect4 --board 2")
    sim.run("press d8")
    sim.run("wait 3000")
    assert len(sim.state()["moves"]) == 2 and all(m in sys.modules for m in player_modules)
    sim.run("hold a1 800")
    assert [m for m in player_modules if m in sys.modules] == []


def test_referee_solve_shares_its_budget_and_says_not_solved_for_a_big_position():
    # 29 empty cells: far beyond the budget (it took 2 min of CPU when each move had 2 M nodes)
    res = answers(["connect4"], "4 5 5 5 4 4 4 5 2 1 4 5 5".split() + ["solve"])
    assert not res[-1]["ok"] and "not solved: 29 empty cells" in res[-1]["error"]
    for seed in (3, 5):  # the budget still solves what the docs promise: 16 empty cells
        state = random_position(16, seed)
        res = answers(["connect4"], [str(m + 1) for m in state.history] + ["solve"])
        value, best = reference_solve(state)
        assert res[-1]["value"] == ("loss", "draw", "win")[value + 1], state.history


def test_referee_hint_is_not_available_in_the_card_game_whose_board_has_no_player():
    res = answers(["squeeze", "--variant", "cards", "--seed", "0"], ["N-e", "hint"])
    assert res[0]["ok"] and not res[1]["ok"] and "not available" in res[1]["error"]
    res = answers(["squeeze", "--variant", "classic"], ["hint"])
    assert res[0]["ok"]
