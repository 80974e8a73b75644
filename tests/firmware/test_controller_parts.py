# The parts of a game's controller that only some moments need (app/controller.py
# call_part): the simulator's words and the refusals' texts (app/controller_text.py, a
# game's own), a game's setup check (app/controller_start.py), Foursquare's scores file
# read (games/foursquare/scores.py). Each works through the app as before, and where RAM
# is short (MicroPython, FREE_PARTS) none stays loaded after its moment; a key press's
# own work (an undo, a new game) loads none. Plain asserts: runs under MicroPython too.
import sys

from app import controller, grid, shared
from sim.drivers import SimBoard

PARTS = ("app.controller_text", "app.controller_start", "games.foursquare.words", "games.foursquare.scores")


def parts_left():
    return [name for name in PARTS if name in sys.modules]


def tap(board, cell):
    board.keys.push(cell, True, board.clock.now)
    board.app.step()
    board.clock.now += 10
    board.keys.push(cell, False, board.clock.now)
    board.app.step()
    board.clock.now += 500  # past the refusal's flash and the disc's fall
    board.app.step()


def hold(board, cell):
    board.keys.push(cell, True, board.clock.now)
    board.app.step()
    board.clock.now += 800
    board.app.step()
    board.keys.push(cell, False, board.clock.now)
    board.app.step()


def connect4():
    board = SimBoard()
    board.app.start_game("connect4", seed=1)
    board.app.step()
    if shared.FREE_PARTS:
        assert parts_left() == []  # the setup's check: gone once the game started
    return board


def test_the_state_and_the_refusals_words_come_from_a_part_loaded_when_asked():
    board = connect4()
    state = board.app.describe()
    assert state["screen"] == "game" and state["game"] == "connect4" and state["title"] == "Connect Four"
    assert state["turn"] == "yellow to move" and state["legal"] == ["1", "2", "3", "4", "5", "6", "7"]
    assert state["keys"]["1"] == grid.name(board.app.screen.cell_for_move(0)) and state["error"] is None
    tap(board, grid.MENU)
    assert board.app.describe()["error"] == "hold this key to use it"
    tap(board, grid.cell(11, 1))  # the bottom ring: no column
    assert board.app.describe()["error"] == (
        "a key off the board plays no move: press a column, or the ring key above it")
    tap(board, board.app.screen.cell_for_move(3))
    state = board.app.describe()
    assert state["moves"] == ["4"] and state["error"] is None and state["turn"] == "red to move"
    assert board.app.screen.axis_labels()[0][board.app.screen.cell_for_move(3) % grid.SIZE] == "4"
    if shared.FREE_PARTS:
        assert parts_left() == []


def test_an_undo_and_a_new_game_leave_no_part_loaded():
    board = connect4()
    tap(board, grid.UNDO)
    assert board.app.describe()["error"] == "nothing to undo"
    for col in (3, 3, 4):
        tap(board, board.app.screen.cell_for_move(col))
    tap(board, grid.UNDO)
    assert board.app.describe()["moves"] == ["4", "4"]
    if shared.FREE_PARTS:
        assert parts_left() == []
    hold(board, grid.NEW)
    state = board.app.describe()
    assert state["moves"] == [] and state["status"] == "playing" and state["error"] is None
    if shared.FREE_PARTS:
        assert parts_left() == []


def test_a_games_own_words_and_its_stats_file_are_parts_too():
    board = SimBoard()
    board.app.start_game("foursquare", seed=3)
    board.app.step()
    state = board.app.describe()
    assert state["game"] == "foursquare" and state["turn"] == "lay the %d (39 cards left in the stock)" % state["card"]
    assert state["stats"] == {"played": 0, "won": 0, "best": None} and state["hint"] is None
    assert state["legal"] == ["d4"] and board.app.screen.label(board.app.screen.cell_for_move(24)) == "d4"
    tap(board, board.app.screen.cell_for_move(24))
    hold(board, grid.NEW)  # a game given up: played, in the stats file
    assert board.app.describe()["stats"] == {"played": 1, "won": 0, "best": None}
    assert '"played": 1' in board.storage.read("stats_foursquare.json")
    if shared.FREE_PARTS:
        assert parts_left() == []


def test_foursquare_holds_its_hint_module_only_while_a_search_runs():
    # games.foursquare.hint (~4 KB) is loaded when a card's search begins, after the
    # move's light, and freed once the hint is found (MicroPython: FREE_PARTS); HINT
    # then shows that key without loading it again
    board = SimBoard()
    board.app.start_game("foursquare", seed=3)
    board.app.step()
    screen = board.app.screen
    tap(board, screen.cell_for_move(24))  # the first card, on the centre
    for _ in range(50):  # the board waits: the next card's search, in slices
        if screen.hint_found() is not None:
            break
        board.clock.now += 10
        board.app.step()
    found = screen.hint_found()
    assert found is not None
    if shared.FREE_PARTS:
        assert "games.foursquare.hint" not in sys.modules
    board.keys.push(grid.HINT, True, board.clock.now)
    board.app.step()
    assert board.app.describe()["hint"] == grid.name(found)
    if shared.FREE_PARTS:
        assert "games.foursquare.hint" not in sys.modules
