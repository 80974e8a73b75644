# What keeps a key press's light fast on the Pico (issue #12's 20 ms): the main loop
# wakes at a key event instead of sleeping out its pace, a key acts on its press, a
# save's flash write waits while a key whose release is a tap (a corner) is down (that
# release lights first), and the vPico bench plays every menu
# tile's game, resumed from the menu by real presses.
from app import grid
from sim.drivers import SimBoard


def test_the_loop_wakes_at_a_key_event_not_after_its_pace():
    board = SimBoard()
    slept = []

    def sleep_ms(ms):
        slept.append(ms)
        board.clock.now += ms
        if len(slept) == 3:  # a key goes down during the third millisecond
            board.keys.push(grid.cell(5, 5), True, board.clock.now)

    board.clock.sleep_ms = sleep_ms
    board.app.idle(10)
    assert slept == [1, 1, 1]  # woken at once, not 7 ms later
    board.app.idle(10)
    assert slept == [1, 1, 1]  # the event still waits: no sleep at all


def test_the_loop_sleeps_its_pace_when_no_key_moves():
    board = SimBoard()
    board.app.idle(10)
    assert board.clock.now == 10


class CountingStorage:
    def __init__(self, storage):
        self.storage = storage
        self.writes = []

    def read(self, name):
        return self.storage.read(name)

    def write(self, name, text):
        self.writes.append(name)
        self.storage.write(name, text)

    def remove(self, name):
        self.storage.remove(name)


def test_a_save_waits_while_a_key_whose_release_is_a_tap_is_down():
    board = SimBoard()
    storage = CountingStorage(board.storage)
    board.app.storage = storage
    board.app.start_game("connect4")
    board.app.step()
    assert storage.writes == ["game_connect4.json"]  # the new game: lit, then saved
    app, keys, now = board.app, board.keys, board.clock.now
    keys.push(grid.cell(0, 2), True, now)  # a tap on c1: a disc, played as it goes down
    app.step()
    assert len(app.screen.state.history) == 1
    assert storage.writes == ["game_connect4.json"] * 2  # lit, then saved: its finger is still down
    keys.push(grid.NEW, True, now)  # a finger on l12, whose release is a tap (it has a hold)
    keys.push(grid.cell(0, 3), True, now)  # another's press on d1: a disc
    app.step()
    assert len(app.screen.state.history) == 2  # played and lit ...
    assert storage.writes == ["game_connect4.json"] * 2  # ... not yet saved
    board.clock.now += 10
    keys.push(grid.NEW, False, board.clock.now)  # l12's release is a tap: lit first, too
    app.step()
    assert app.screen.flash_cells == (grid.NEW,)  # (a short press of l12: "hold for a new game")
    assert storage.writes == ["game_connect4.json"] * 3  # then the move saved
    keys.push(grid.cell(0, 2), False, board.clock.now)
    keys.push(grid.cell(0, 3), False, board.clock.now)
    app.step()
    assert len(app.screen.state.history) == 2 and storage.writes == ["game_connect4.json"] * 3  # no tap


def test_a_stuck_key_does_not_hold_back_the_saves():
    board = SimBoard()
    app = board.app
    app.start_game("connect4")
    app.step()
    app.stuck.add(grid.cell(3, 3))
    app.down[grid.cell(3, 3)] = 0
    assert not app.pressing()
    app.down[grid.cell(4, 4)] = 0
    assert app.pressing()


def test_the_bench_resumes_each_tiles_game_from_the_menu():
    import os

    from app import catalog
    from app.tiles import TILE_CELLS
    from host_tools import upy_tests
    from host_tools.vpico import bench

    scripts = dict((os.path.basename(p)[:-4], upy_tests.read_scenario(p)) for p in upy_tests.scenario_files())
    tiles = set()
    for name, script, extra in bench.PRESS_SCENARIOS:
        files, cell, lines = bench.game_in_flash(scripts[script], extra)
        if cell is None:  # the script goes through the menu itself
            assert files == {} and lines == scripts[script]
            cell = TILE_CELLS[0][0]  # connect4_win: Connect Four's tile, pressed twice
            assert [line.split()[:2] for line in lines if line.startswith("press")][:2] == [["press", "c3"]] * 2
        else:
            assert [n for n in files if n.startswith("/data/game_")], name  # its save
            assert all(not line.split("#")[0].startswith("start") for line in lines)
        tiles.add([i for i in range(len(catalog.TILES)) if cell in TILE_CELLS[i]][0])
    assert tiles == set(range(len(catalog.TILES)))  # every menu tile's game is timed


def test_a_move_lights_before_the_board_starts_thinking():
    board = SimBoard()
    app = board.app
    app.start_game("connect4", options={"board": [2], "level": 1})
    app.step()
    order = []
    show, think = board.pixels.show, app.screen.think
    board.pixels.show = lambda buf: (order.append("lit"), show(buf))
    app.screen.think = lambda now: (order.append("slice" if app.screen.thinking else "think"), think(now))
    board.keys.push(grid.cell(0, 2), True, board.clock.now)
    board.keys.push(grid.cell(0, 2), False, board.clock.now)
    app.step()
    assert app.screen.state.history  # the player's disc ...
    assert order[0] == "lit"  # ... lit before the board's search took its first slice
    assert "think" in order


def test_the_heap_is_collected_after_a_save_not_during_a_press():
    board = SimBoard()
    app = board.app
    collected = []
    app.collect = lambda: collected.append(board.strip.writes)
    app.start_game("connect4")
    app.step()
    assert collected == [board.strip.writes]  # lit, saved, then collected
    board.keys.push(grid.MENU, True, board.clock.now)  # a1 waits: its release may be a tap
    board.keys.push(grid.cell(0, 2), True, board.clock.now)
    app.step()
    assert len(app.screen.state.history) == 1
    assert len(collected) == 1  # a1 is down: no save, no collection yet
    board.keys.push(grid.MENU, False, board.clock.now)
    app.step()
    assert collected == [collected[0], board.strip.writes]  # after the light of a1's tap


def test_the_cube_games_allowed_cells_follow_the_moves():
    from games.cubes.screen import Controller

    board = SimBoard()
    app = board.app
    app.start_game("cubes", seed=1)
    app.step()
    ctrl = app.screen
    assert isinstance(ctrl, Controller)
    first = list(ctrl.allowed())
    assert first == ctrl.state.legal_moves()
    move = ctrl.state.legal_moves()[0]
    ctrl.play_move(move, ctrl.cell_for_move(move), board.clock.now)
    after = list(ctrl.allowed())
    assert after == ctrl.state.legal_moves()
    assert after != first


def test_the_loop_waits_on_a_clock_that_can_wait_for_a_key():
    board = SimBoard()
    waited = []
    board.clock.wait = lambda ms, events: waited.append((ms, events))
    board.app.idle(10)
    assert waited == [(10, board.keys)]  # the clock's own wait (the Pico's: until an interrupt)


def test_the_real_clock_returns_as_soon_as_an_event_waits():
    import time

    from drivers.clock import Clock

    clock = Clock()
    start = time.monotonic()
    clock.wait(5000, [(5, True, 0)])
    assert time.monotonic() - start < 1  # an event waits: at once, not after 5 s
    clock.wait(2, [])  # none: the time passes
    assert time.monotonic() - start >= 0.002


def test_a_frame_no_key_asked_for_is_dropped_for_a_key_event_that_comes_while_it_is_drawn():
    # a moving picture's frame takes ~3 ms of a Pico's step: a press that comes while
    # it is drawn is answered at once, at the next step, and that frame is not shown
    board = SimBoard()
    app = board.app
    app.start_game("squeeze")
    app.step()
    busy, draw = app.screen.busy, app.screen.draw
    app.screen.busy = lambda now: (busy(now), True)[1]  # a moving picture: a frame every FRAME_MS
    press = app.screen.cell_for_move(app.screen.state.legal_moves()[0])  # a launch

    def draw_while_pressed(frame, now):
        draw(frame, now)
        if not app.dirty and not board.keys.events:
            board.keys.push(press, True, now)  # the press comes while this frame is drawn

    app.screen.draw = draw_while_pressed
    writes = board.strip.writes
    board.clock.now += 100
    app.step()
    assert board.strip.writes == writes  # drawn, not shown
    assert len(board.keys) == 1 and not app.screen.state.history  # the press waits for the next step
    app.screen.draw = draw
    app.step()
    assert len(app.screen.state.history) == 1  # answered ...
    assert board.strip.writes == writes + 1  # ... its frame the first shown

def test_a_key_event_that_comes_during_the_busy_work_leaves_the_work_ahead_to_the_next_step():
    board = SimBoard()
    app = board.app
    app.start_game("squeeze")
    app.step()
    busy = app.screen.busy
    ahead = []
    app.screen.ahead = lambda now: (ahead.append(now), False)[1]  # a screen's work ahead
    press = app.screen.cell_for_move(app.screen.state.legal_moves()[0])  # a launch

    def busy_then_press(now):
        if not board.keys.events and not app.screen.state.history:
            board.keys.push(press, True, now)  # the press comes during the busy work
        return busy(now)

    app.screen.busy = busy_then_press
    board.clock.now += 10
    app.step()
    assert ahead == [] and len(board.keys) == 1  # no work ahead: the press is answered first
    app.step()
    assert len(app.screen.state.history) == 1
