# A stuck key (held more than 30 s: a jammed cap, a short) is shown on the board and
# ignored, so play goes on; a notice (the board restarted) blinks its key a while.
from app import colors, grid
from app.app import NOTICE_MS, STUCK_MS, WARN_BLINK_MS
from sim.drivers import SimBoard
from sim.headless import Headless

D5 = grid.parse("d5")
E5 = grid.parse("e5")


def step(board, ms):
    end = board.clock.now + ms
    while board.clock.now < end:
        board.clock.now += 10
        board.app.step()


def shows_orange(board, cell):
    """The cell is lit orange in some frame of a blink cycle."""
    for _ in range(2 * WARN_BLINK_MS // 10):
        step(board, 10)
        if board.app.frame.get(cell) == colors.ORANGE:
            return True
    return False


def test_a_stuck_key_is_reported_and_ignored_and_play_goes_on():
    board = SimBoard()
    app = board.app
    app.start_game("connect4", seed=1)
    board.keys.push(D5, True, board.clock.now)  # down, and it stays down
    step(board, 1000)
    moves = app.describe()["moves"]
    assert len(moves) == 1  # a slow press is a press (the hold)
    assert "stuck" not in app.describe()
    step(board, STUCK_MS)
    state = app.describe()
    assert state["stuck"] == ["d5"] and board.sound.played[-1] == "illegal"
    assert shows_orange(board, D5)
    # the other keys play on
    board.keys.push(E5, True, board.clock.now)
    board.keys.push(E5, False, board.clock.now)
    step(board, 20)
    moves = app.describe()["moves"]
    assert len(moves) == 2
    # the release of the stuck key plays nothing, and the board stops reporting it
    board.keys.push(D5, False, board.clock.now)
    step(board, 20)
    state = app.describe()
    assert state["moves"] == moves and "stuck" not in state
    assert not shows_orange(board, D5)
    # once released, the key works again
    board.keys.push(D5, True, board.clock.now)
    board.keys.push(D5, False, board.clock.now)
    step(board, 20)
    assert app.describe()["moves"] == moves + moves[:1]


def test_a_stuck_key_in_the_menu_and_the_headless_state():
    sim = Headless()
    board = sim.board
    board.keys.push(grid.parse("b6"), True, board.clock.now)  # between the tiles
    sim.advance(STUCK_MS + 100)
    assert sim.state()["stuck"] == ["b6"] and sim.state()["screen"] == "menu"
    sim.run("press c3")  # a tile still opens its setup screen ...
    sim.run("press c3")  # ... and starts its game
    assert sim.state()["screen"] == "game" and sim.state()["stuck"] == ["b6"]


def test_a_notice_blinks_its_key_then_goes():
    board = SimBoard()
    board.app.show_notice("the board hung and its watchdog restarted it", grid.MENU)
    assert board.app.describe()["notice"].startswith("the board hung")
    assert shows_orange(board, grid.MENU)
    step(board, NOTICE_MS)
    assert "notice" not in board.app.describe()
    assert not shows_orange(board, grid.MENU)
