# The app's flows through the headless simulator, as a player would press the board.
import json
import os
import subprocess
import sys

from app import grid
from sim.drivers import MemoryStorage
from sim.headless import Headless, ScriptError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TILE = "c3"  # the Connect Four tile (first tile of the menu)
# The 7x6 board sits at columns c..i, rows 4..9; the ring cell above column 1 is c1.
COLUMN_KEYS = dict((str(i + 1), "%s1" % "cdefghi"[i]) for i in range(7))





def is_refusal(rgb):
    """The refusal flash: magenta (no player's colour)."""
    return rgb[0] == rgb[2] > 0 and rgb[1] == 0


def new_game():
    sim = Headless()
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    return sim


def drop(sim, column):
    sim.run("press " + COLUMN_KEYS[column])


def test_boots_to_the_menu_and_a_tile_starts_connect4():
    sim = Headless()
    s = sim.state()
    assert s["screen"] == "menu" and s["game"] is None
    assert {"game": "connect4", "players": None, "variant": None, "cell": TILE, "resume": False,
            "name": "Connect Four"} in s["tiles"]
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["game"], s["status"], s["to_move"]) == ("game", "connect4", "playing", 1)
    assert s["legal"] == list("1234567")
    assert s["keys"] == COLUMN_KEYS


def test_any_cell_of_a_column_or_the_ring_above_drops_a_disc():
    sim = new_game()
    sim.run("press e9")  # bottom cell of column 3
    sim.run("press e4")  # top cell of column 3
    sim.run("press c1")  # ring cell above column 1
    assert sim.state()["moves"] == ["3", "3", "1"]


def test_falling_animation_then_the_disc_rests_at_the_bottom():
    sim = new_game()
    drop(sim, "4")
    yellow_top = sim.leds()["f4"]
    assert yellow_top[0] > 0 and yellow_top[1] > 0 and yellow_top[2] == 0  # falling, at the top
    sim.run("wait 400")
    assert sim.leds()["f4"][0] < yellow_top[0]  # the top is empty again
    assert sim.leds()["f9"] == yellow_top  # landed on the bottom row


def test_turn_shows_on_the_ring():
    sim = new_game()
    sim.run("wait 400")
    ring_yellow = sim.leds()["a5"]
    drop(sim, "4")
    sim.run("wait 400")
    ring_red = sim.leds()["a5"]
    assert ring_yellow[1] > 0 and ring_red[1] == 0 and ring_red[0] > 0


def test_win_blinks_the_four_then_hold_menu_goes_back():
    sim = new_game()
    for col in "1122334":
        drop(sim, col)
    s = sim.state()
    assert (s["status"], s["winner"], s["to_move"], s["legal"]) == ("won", 1, None, [])
    seen = set()
    for _ in range(8):  # the winning cells go on and off
        sim.run("wait 150")
        seen.add(sim.leds()["c9"])
    assert len(seen) == 2 and (0, 0, 0) in seen
    sim.run("hold a1 1000")
    assert sim.state()["screen"] == "menu"


def test_draw_is_shown():
    sim = new_game()
    for col in "121212343434565656212121434343656565777777":
        drop(sim, col)
    s = sim.state()
    assert (s["status"], s["winner"]) == ("draw", None)
    sim.run("wait 100")
    ring = set(sim.leds()[c] for c in ("b1", "c1", "d1", "e1"))
    assert len(ring) == 2  # the two player colours alternate around the ring


def test_illegal_press_flashes_beeps_and_changes_nothing():
    sim = new_game()
    for _ in range(6):
        drop(sim, "2")
    before = sim.state()
    sounds = len(sim.board.sound.played)
    sim.run("press d6")  # a cell of the full column 2
    after = sim.state()
    assert after["moves"] == before["moves"] and after["to_move"] == before["to_move"]
    assert "full" in after["error"]
    assert sim.board.sound.played[sounds:] == ["illegal"]
    assert is_refusal(sim.leds()["d6"]) and is_refusal(sim.leds()["d9"])  # the whole column
    sim.run("press b6")  # outside the board: refused, saying what to press instead
    assert sim.state()["error"] == "a key off the board plays no move: press a column, or the ring key above it"
    assert is_refusal(sim.leds()["b6"])
    sim.run("wait 500")
    assert not is_refusal(sim.leds()["b6"])
    assert sim.state()["moves"] == before["moves"]


def test_press_vs_hold_on_the_corners():
    sim = new_game()
    drop(sim, "4")
    drop(sim, "5")
    sim.run("press a1")  # a short press on MENU does not leave the game
    s = sim.state()
    assert s["screen"] == "game" and "hold" in s["error"]
    sim.run("press l12")  # nor does a short press on NEW restart it
    assert sim.state()["moves"] == ["4", "5"]
    sim.run("press l1")  # UNDO
    assert sim.state()["moves"] == ["4"] and sim.state()["to_move"] == 2
    sim.run("hold l12 800")  # NEW
    assert sim.state()["moves"] == [] and sim.state()["screen"] == "game"
    sim.run("press l1")
    assert sim.state()["error"] == "nothing to undo"


def test_undo_after_a_win_reopens_the_game():
    sim = new_game()
    for col in "1122334":
        drop(sim, col)
    sim.run("press l1")
    s = sim.state()
    assert s["status"] == "playing" and s["moves"] == list("112233")


def test_after_the_end_a_press_points_to_the_new_game_key():
    sim = new_game()
    for col in "1122334":
        drop(sim, col)
    sim.run("press f5")
    s = sim.state()
    assert s["status"] == "won" and "new-game" in s["error"]


def test_power_loss_loses_no_game():
    storage = MemoryStorage()
    sim = Headless(storage)
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    for col in "4455":
        drop(sim, col)
    rebooted = Headless(storage)  # the same flash, a new boot
    s = rebooted.state()
    assert s["screen"] == "menu" and s["tiles"][0]["resume"] is True
    rebooted.run("press " + TILE)  # the tile's setup screen
    rebooted.run("press " + TILE)
    s = rebooted.state()
    assert s["moves"] == list("4455") and s["to_move"] == 1


CORRUPT_SAVES = (
    "{not json",
    "[]",
    '{"game": "connect4", "players": null}',  # no moves
    '{"game": "connect4", "players": 3, "moves": []}',
    '{"game": "connect4", "players": null, "variant": ["a"], "moves": []}',
    '{"game": "connect4", "players": null, "seed": "x", "moves": []}',
    '{"game": "connect4", "players": null, "moves": [4, 4]}',
    '{"game": "cubes", "players": null, "moves": []}',  # another game's save
)


def test_corrupt_saves_and_settings_are_ignored():
    for text in CORRUPT_SAVES:
        storage = MemoryStorage()
        storage.write("game_connect4.json", text)
        storage.write("settings.json", '{"brightness": "very"}')
        sim = Headless(storage)
        s = sim.state()
        assert s["screen"] == "menu" and s["tiles"][0]["resume"] is False and s["brightness"] == 25, text
        sim.run("press " + TILE)  # the tile's setup screen
        sim.run("press " + TILE)
        assert sim.state()["moves"] == [], text


def test_a_save_that_no_longer_replays_resumes_as_far_as_it_does_and_says_so():
    storage = MemoryStorage()
    text = '{"game": "connect4", "players": null, "moves": []}\n4\n3\n9\n4\n'
    storage.write("game_connect4.json", text)
    sim = Headless(storage)
    assert sim.state()["tiles"][0]["resume"] is True
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["moves"]) == ("game", ["4", "3"])
    assert s["notice"] == "the saved game of Connect Four replays only to move 2 of 4: play goes on from there"
    assert storage.read("game_connect4.json") == text  # nothing dropped until a move is saved
    sim.run("wait 100")
    assert sim.leds()["a1"][2] == 0 and sim.leds()["a1"][1] > 0  # the menu corner blinks orange
    drop(sim, "5")
    assert storage.read("game_connect4.json").split("\n")[1:] == ["4", "3", "5", ""]


def test_a_save_with_a_damaged_choice_resumes_its_moves_with_that_choice_at_its_default():
    storage = MemoryStorage()
    storage.write("game_connect4.json",
                  '{"game": "connect4", "players": null, "board": [2], "level": 99, "moves": []}\n4\n3\n')
    sim = Headless(storage)
    sim.run("press " + TILE)
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["moves"]) == ("game", ["4", "3"])
    assert s["notice"] == "the saved game of Connect Four had a damaged choice (level): its default is used"
    assert sim.board.app.screen.board_seats == [2]  # the good choice kept: the board still plays red


def test_an_older_boards_save_its_moves_in_the_setup_resumes_as_far_as_it_replays_too():
    storage = MemoryStorage()
    storage.write("game_connect4.json", '{"game": "connect4", "players": null, "swap": true, "moves": ["4", "9"]}')
    sim = Headless(storage)
    sim.run("press " + TILE)
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["moves"]) == ("game", ["4"])


class FullFlash(MemoryStorage):
    def write(self, name, text):
        raise OSError(28, "no space left on device")


def test_a_full_flash_loses_the_save_but_not_the_game():
    sim = Headless(FullFlash())
    sim.run("press k12")  # the brightness setting cannot be kept either: no crash
    assert sim.state()["brightness"] == 100
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    drop(sim, "4")
    s = sim.state()
    assert s["moves"] == ["4"] and "could not be saved" in s["error"] and "could not be saved" in s["unsaved"]
    assert unsaved_sign(sim) == [True, False, True, False]  # the menu corner: two red blinks a second
    drop(sim, "4")
    assert sim.state()["moves"] == ["4", "4"]


def unsaved_sign(sim):
    """The menu corner over one second, a frame every 10 ms, from the first blink: its runs
    of red (True) and dark (False); an AssertionError for any other light there."""
    lit = []
    for _ in range(100):
        sim.run("wait 10")
        r, g, b = sim.leds()["a1"]
        assert g == b == 0, (r, g, b)
        lit.append(r > 0)
    start = next(i for i in range(100) if lit[i] and not lit[i - 1])
    lit = lit[start:] + lit[:start]
    return [lit[0]] + [lit[i] for i in range(1, 100) if lit[i] != lit[i - 1]]


def test_each_game_keeps_its_own_save():
    storage = MemoryStorage()
    sim = Headless(storage)
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    drop(sim, "4")
    sim.run("hold a1 800")
    cubes = [t["cell"] for t in sim.state()["tiles"] if t["game"] == "cubes"][0]
    sim.run("press " + cubes)  # the tile's setup screen
    sim.run("press " + cubes)
    sim.run("press f6")  # a cube on d4
    rebooted = Headless(storage)
    tiles = rebooted.state()["tiles"]
    assert [t["resume"] for t in tiles] == [t["game"] in ("connect4", "cubes") for t in tiles]
    rebooted.run("press " + TILE)  # the tile's setup screen
    rebooted.run("press " + TILE)
    assert rebooted.state()["moves"] == ["4"]


def test_brightness_row_in_the_menu():
    storage = MemoryStorage()
    sim = Headless(storage)
    dim = sim.leds()[TILE]
    sim.run("press k12")  # full brightness
    assert sim.state()["brightness"] == 100
    assert sum(sim.leds()[TILE]) > sum(dim)
    assert Headless(storage).state()["brightness"] == 100  # kept in the settings


def test_menu_refuses_a_press_off_the_tiles():
    sim = Headless()
    sim.run("press b6")
    s = sim.state()
    assert s["screen"] == "menu" and "not a game tile" in s["error"]
    assert is_refusal(sim.leds()["b6"])


def test_start_command_and_bad_script_lines():
    sim = Headless()
    sim.run("start connect4")
    assert sim.state()["game"] == "connect4"
    for bad in ("press z9", "press m1", "wait soon", "wait -5", "jump", "start chess",
                "start connect4 --players 3", "start connect4 --seed", "frame 2", "start --seed 1",
                "wait 99999999999", "hold a1 -1"):
        try:
            sim.run(bad)
            assert False, bad
        except ScriptError as e:
            assert str(e)


def run_cli(script):
    return subprocess.run([sys.executable, "-m", "sim", "--headless"], input=script, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_headless_cli_prints_frames_and_states():
    out = run_cli("start connect4\npress f1\nwait 300\nframe\nstate\n")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 13
    rows = [line.split() for line in lines[:12]]
    assert all(len(r) == 12 and all(len(v) == 6 for v in r) for r in rows)
    assert json.loads(lines[12])["moves"] == ["4"]


def test_headless_cli_bad_line_exits_1_with_the_line_number():
    out = run_cli("state\nfly away\nstate\n")
    assert out.returncode == 1
    assert "line 2" in out.stderr and "fly" in out.stderr
    assert len(out.stdout.splitlines()) == 1


def test_headless_cli_into_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "sim", "--headless"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # like `| head -0`
    _, err = proc.communicate(b"frame\n" * 2000, timeout=60)
    assert b"Traceback" not in err


def test_same_script_same_output():
    script = "press c3\npress c3\npress f1\npress g1\nwait 120\nframe\npress b2\nframe\nstate\n"
    assert run_cli(script).stdout == run_cli(script).stdout


def test_lost_key_events_make_no_phantom_press():
    sim = Headless()
    keys = sim.board.keys
    keys.push(2 * 12 + 2, True, 0)  # c3 goes down: its tile's setup screen at once ...
    sim.board.app.step()
    assert sim.state()["screen"] == "setup"
    keys.overflowed = True  # ... then the queue overflows and its release is lost
    sim.board.app.step()
    assert not keys.overflowed and sim.board.app.down == {}
    sim.run("wait 1000")
    keys.push(2 * 12 + 2, False, 1000)  # a late release is nothing (a tap would start the game)
    sim.board.app.step()
    assert sim.state()["screen"] == "setup"
    sim.run("press c3")  # the game
    assert sim.state()["screen"] == "game"
    # a corner waits for its release (a tap) or its hold: a lost release is neither
    keys.push(grid.NEW, True, sim.board.clock.now)
    sim.board.app.step()
    keys.overflowed = True
    sim.board.app.step()
    sim.run("wait 1000")  # no hold: the key's press was forgotten
    keys.push(grid.NEW, False, sim.board.clock.now)
    sim.board.app.step()
    assert sim.state()["error"] is None and sim.board.sound.played[-1] != "illegal"


YELLOW, RED = "ffb000", "ff0000"


def test_match_the_loser_starts_the_next_game():
    sim = new_game()
    assert sim.state()["colors"] == [YELLOW, RED]  # player 1 (yellow) starts the first game
    for col in "1122334":  # yellow wins
        drop(sim, col)
    sim.run("hold l12 800")
    s = sim.state()
    assert (s["moves"], s["to_move"], s["colors"]) == ([], 1, [RED, YELLOW])  # red starts
    sim.run("wait 500")
    assert sim.leds()["a5"][1] == 0  # the ring shows red's turn
    for col in "1122334":  # red (player 1 now) wins again: yellow starts next
        drop(sim, col)
    sim.run("hold l12 800")
    assert sim.state()["colors"] == [YELLOW, RED]


def test_match_alternate_starter_from_the_menu_setting():
    storage = MemoryStorage()
    sim = Headless(storage)
    assert sim.state()["match"] == "loser"
    sim.run("press c1")  # "alternate starter"
    assert sim.state()["match"] == "alternate"
    assert Headless(storage).state()["match"] == "alternate"  # a setting: kept
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    for col in "1122334":  # yellow wins, yet alternating means red starts ...
        drop(sim, col)
    sim.run("hold l12 800")
    assert sim.state()["colors"] == [RED, YELLOW]
    for col in "1122334":  # ... and after red's win, yellow
        drop(sim, col)
    sim.run("hold l12 800")
    assert sim.state()["colors"] == [YELLOW, RED]


def test_abandoning_a_game_keeps_the_starter_and_a_save_keeps_the_colours():
    storage = MemoryStorage()
    sim = Headless(storage)
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    for col in "1122334":
        drop(sim, col)
    sim.run("hold l12 800")  # red starts the next game
    drop(sim, "4")
    sim.run("hold l12 800")  # abandoned mid-game: red still starts
    assert sim.state()["colors"] == [RED, YELLOW]
    drop(sim, "4")
    rebooted = Headless(storage)
    rebooted.run("press " + TILE)  # the tile's setup screen
    rebooted.run("press " + TILE)
    s = rebooted.state()
    assert s["moves"] == ["4"] and s["colors"] == [RED, YELLOW]


def test_back_in_the_menu_the_game_modules_are_unloaded_and_load_again():
    import sys

    sim = new_game()
    assert "games.connect4.screen" in sys.modules and "games.connect4.rules" in sys.modules
    sim.run("hold a1 800")
    assert "games.connect4.screen" not in sys.modules and "games.connect4.rules" not in sys.modules
    assert "games" not in sys.modules  # the rules' package goes with the game (app.shared._GAME_MODULES)
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    drop(sim, "4")
    assert sim.state()["moves"] == ["4"]


def test_a_slow_press_still_plays():
    sim = Headless()
    sim.run("hold %s 900" % TILE)  # the tile's setup screen
    sim.run("hold %s 900" % TILE)  # a slow press on the tile starts the game
    assert sim.state()["screen"] == "game"
    sim.run("hold e5 900")  # and a slow press on a column drops a disc
    assert sim.state()["moves"] == ["3"]


def test_keys_pressed_before_a_screen_change_make_no_tap_after_it():
    sim = new_game()
    keys, app = sim.board.keys, sim.board.app
    f3 = 2 * 12 + 5  # a cell of column 4 in the game, the Squeeze tile in the menu
    keys.push(0, True, sim.board.clock.now)  # a1 down: the menu in 700 ms
    sim.run("wait 600")
    keys.push(f3, True, sim.board.clock.now)
    sim.run("wait 200")
    assert sim.state()["screen"] == "menu"
    keys.push(f3, False, sim.board.clock.now)  # released on the menu: not a tile press
    keys.push(0, False, sim.board.clock.now)
    app.step()
    assert sim.state()["screen"] == "menu" and sim.state()["error"] is None
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    keys.push(143, True, sim.board.clock.now)  # NEW down ...
    keys.push(f3, True, sim.board.clock.now)  # ... and a column key with it
    sim.run("wait 800")
    keys.push(f3, False, sim.board.clock.now)  # released in the new game: no move
    keys.push(143, False, sim.board.clock.now)
    app.step()
    assert sim.state()["moves"] == []


def test_a_huge_or_deeply_nested_file_is_no_save():
    for text in ("[" * 200000, "[" * 8000, '{"game": "connect4", "players": null, "moves": [%s]}' % ", ".join(['"4"'] * 5000)):
        storage = MemoryStorage()
        storage.write("game_connect4.json", text)
        storage.write("settings.json", text)
        sim = Headless(storage)
        assert sim.state()["tiles"][0]["resume"] is False
        sim.run("press " + TILE)  # the tile's setup screen
        sim.run("press " + TILE)
        assert sim.state()["moves"] == []


def test_a_moving_picture_is_redrawn_at_a_steady_pace_not_every_loop():
    sim = new_game()
    for col in "1122334":  # the end: the winning four blink for ever
        drop(sim, col)
    writes = sim.board.strip.writes
    sim.run("wait 3000")
    assert 3000 // 30 - 5 <= sim.board.strip.writes - writes <= 3000 // 30 + 1


def test_a_key_resting_down_does_not_block_another_keys_hold_or_tap():
    sim = new_game()
    keys, clock = sim.board.keys, sim.board.clock
    keys.push(4 * 12 + 4, True, clock.now)  # e5 down (a slow press: it plays at 700 ms)
    sim.run("wait 100")
    sim.run("hold a1 900")  # the menu key is held meanwhile: it still works
    assert sim.state()["screen"] == "menu"
    keys.push(4 * 12 + 4, False, clock.now)
    sim.run("press " + TILE)  # the tile's setup screen
    sim.run("press " + TILE)
    keys.push(132, True, clock.now)  # HINT held (its hold changes nothing) ...
    sim.run("wait 650")
    sim.run("press e5")  # ... while a column key is tapped: the tap plays
    keys.push(132, False, clock.now)
    sim.board.app.step()
    assert sim.state()["moves"][-1:] == ["3"]


def test_the_leds_go_back_to_the_board_when_a_flash_or_hint_ends():
    sim = new_game()
    pixels = sim.board.pixels  # what the LEDs hold: read without forcing a frame
    sim.run("press a6")  # refused: a6 flashes red
    assert is_refusal(tuple(pixels.levels[5 * 12 * 3:5 * 12 * 3 + 3]))
    sim.run("wait 1000")
    assert not is_refusal(tuple(pixels.levels[5 * 12 * 3:5 * 12 * 3 + 3]))
    sim.run("press a12")  # HINT: the drop keys blink white ...
    sim.run("wait 3000")  # ... for a moment
    c1 = 2 * 3
    assert tuple(pixels.levels[c1:c1 + 3]) == sim.leds()["c1"] != (255, 255, 255)


def test_the_board_keeps_working_when_its_clock_wraps():
    from sim.drivers import TICKS_PERIOD, VirtualClock, SimBoard

    for start in (TICKS_PERIOD // 2 + 5000, TICKS_PERIOD - 300):  # 6.2 days up; the wrap
        sim = Headless()
        sim.board = SimBoard(clock=VirtualClock(start), storage=MemoryStorage())
        sim.run("press b7")  # refused in the menu: a red flash, then gone
        sim.run("wait 600")
        assert not is_refusal(sim.leds()["b7"]) and sim.state()["screen"] == "menu"
        sim.run("press " + TILE)  # the tile's setup screen
        sim.run("press " + TILE)
        for col in "1122334":
            drop(sim, col)
            sim.run("wait 100")
        assert sim.state()["status"] == "won"
        sim.run("hold l12 800")
        drop(sim, "4")
        sim.run("wait 1000")
        assert not sim.board.app.screen.busy(sim.board.clock.ticks_ms())  # nothing left running
    sim.run("press a6")
    sim.run("press a12")
    sim.run("wait 1000")
    sim.advance(TICKS_PERIOD // 2 + 1000)  # idle for over 6 days: old deadlines stay gone
    assert not sim.board.app.screen.busy(sim.board.clock.ticks_ms())
    assert sim.leds()["c1"] != (255, 255, 255) and not is_refusal(sim.leds()["a6"])
    drop(sim, "5")
    assert sim.state()["moves"] == ["4", "5"]
