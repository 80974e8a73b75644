# The simulator as a newcomer meets it: names in the game's own notation (labels and
# messages agree), status in players' terms with the winner named, the window drawn
# only when it changes with its status wrapped to fit, the terminal within 80 columns
# (gaps between cells, 256 colours, its help once), no pygame banner, and a DISPLAY
# with no server behind it falling back to the terminal.
import os
import re
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from app import grid  # noqa: E402
from sim import terminal, window  # noqa: E402
from sim.drivers import MemoryStorage, SimBoard  # noqa: E402
from sim.headless import Headless  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLAIN = re.compile(r"\x1b\[[0-9;]*m")


def label(sim, key):
    return sim.board.app.screen.label(grid.parse(key))


def test_squeeze_labels_and_messages_speak_the_games_notation():
    sim = Headless()
    sim.run("start squeeze")
    top, bottom, left, right = terminal.margin_labels(sim.board)
    assert (top[5], bottom[5], left[3], right[10]) == ("N-e", "S-e", "W-3", "E-10")
    assert top[0] == top[11] == ""  # the corners are no launch point
    assert (label(sim, "f1"), label(sim, "f2"), label(sim, "b2"), label(sim, "a1")) == ("N-e", "e1", "a1", None)
    # N-e four times, by both colours: the pawns pile up to e1 ...
    for key in ("f1", "f1", "a5", "f1", "f1", "l5"):
        sim.run("press " + key)
    assert sim.state()["error"] is None and sim.state()["moves"][-1] == "E-4"
    sim.run("press f1")  # ... then the key labelled N-e says so, naming e1 as labelled
    assert sim.state()["error"] == "N-e is impossible: its first cell e1 is taken"
    assert label(sim, "f2") == "e1"


def test_cubes_and_connect4_labels():
    sim = Headless()
    sim.run("start cubes")
    top, _, left, _ = terminal.margin_labels(sim.board)
    assert top[2:9] == list("abcdefg") and top[:2] == ["", ""] and left[2:9] == [str(i) for i in range(1, 8)]
    assert label(sim, "f5") == "d3" and label(sim, "b2") is None
    sim.run("press f5")
    sim.run("press c3")  # a1 on the labels: it does not touch d3
    assert sim.state()["error"] == "a1 must touch the last cube (d3)"
    sim = Headless()
    sim.run("start connect4")
    top, _, left, _ = terminal.margin_labels(sim.board)
    assert top[2:9] == list("1234567") and set(left) == {""}
    assert label(sim, "c1") == label(sim, "c9") == "1" and label(sim, "b5") is None


def test_status_speaks_in_colours_and_names_the_winner():
    board = SimBoard()
    board.app.start_game("connect4")
    what, error = terminal.status_text(board)
    assert what.startswith("Connect Four: yellow to move") and "docs/" not in what  # (no makers' path: screen_text's page)
    assert terminal.screen_text(board)[1] == "docs/rules/connect4.md"
    for col in "1212121":
        board.app.screen.state.play_text(col)
    assert terminal.status_text(board)[0].startswith("Connect Four: yellow wins")
    board.app.start_game("squeeze", players=4)
    board.app.screen.state.play_text("W-1")
    assert terminal.status_text(board)[0].startswith("4D Squeeze: blue (seat 2, west) to move")
    board.app.show_menu()
    assert terminal.screen_text(board)[1] == "docs/RULES.md" and "docs/" not in terminal.status_text(board)[0]


def test_the_terminal_fits_80_columns_with_its_help_once():
    board = SimBoard()
    session = terminal.Session(board)
    screens = []
    for start in (None, ("connect4", None), ("squeeze", 4), ("cubes", None)):
        if start:
            board.app.start_game(start[0], players=start[1])
            board.app.screen.refuse((grid.MENU,), 0, "a long reason " * 12)
        board.app.step()
        screens.append([PLAIN.sub("", line) for line in session.screen(80)])
    board.app.show_menu()
    board.app.screen.tap(grid.parse("c3"), 0)  # the setup screen
    screens.append([PLAIN.sub("", line) for line in session.screen(80)])
    for lines in screens:
        assert all(len(line) <= 80 for line in lines), max(lines, key=len)
        assert sum(line.count(terminal.KEY_HELP) for line in lines) == 1
    assert any("a long reason" in line for line in screens[1])


def test_terminal_cells_have_gaps_and_a_256_colour_fallback():
    board = SimBoard()
    lines = terminal.render(board, grid.NEW, full=False)
    text = "".join(lines)
    assert "38;2;" not in text
    indexes = [int(i) for i in re.findall(r"\x1b\[38;5;(\d+)m", lines[4])]  # row 4: the tiles' bottoms
    assert len(indexes) == 12
    yellow, red, dark = indexes[2], indexes[3], indexes[0]
    assert len({yellow, red, dark}) == 3  # not the same block everywhere
    assert terminal.nearest_256((255, 255, 255)) == 231 and terminal.nearest_256((0, 0, 0)) == 16
    assert terminal.nearest_256((48, 48, 48)) in range(232, 256)  # dim greys on the grey ramp
    plain = PLAIN.sub("", lines[4])
    assert "\u2580\u2580  \u2580\u2580" in plain  # half-line cells with a gap: rows and columns apart


def test_the_window_is_drawn_only_when_it_changes(monkeypatch):
    events = [[] for _ in range(60)] + [[pygame.event.Event(pygame.QUIT)]]
    waits = []

    def wait(timeout):
        waits.append(timeout)
        return pygame.event.Event(pygame.NOEVENT)

    flips = []
    monkeypatch.setattr(window, "wait_event", wait)
    monkeypatch.setattr(window.pygame.event, "get", lambda: events.pop(0))
    monkeypatch.setattr(window.pygame.display, "flip", lambda: flips.append(1))
    statuses = []
    real_status = window.status_lines
    monkeypatch.setattr(window, "status_lines", lambda *a: statuses.append(1) or real_status(*a))
    assert window.run_window(MemoryStorage()) == 0
    assert len(waits) == 61 and len(flips) <= 2  # 61 loops, at most a picture or two
    assert len(statuses) <= 3  # the words (the costly part) only when something changed


def test_the_window_sleeps_until_the_app_has_something_to_do():
    """Issue #26, item 5: the window woke 40 times a second in a still screen."""
    board = SimBoard()
    app = board.app
    app.start_game("connect4")
    now = board.clock.now
    app.step()
    assert window.wait_ms(app, now) == window.IDLE_MAX_MS  # still: only a key changes it
    app.start_game("cubes")
    app.step()
    ms = window.wait_ms(app, now + 40)
    assert 0 < ms <= 300 and (now + 40 + ms) % 300 == 0  # the glow's next breath
    app.key(grid.parse("d4"), True, now)
    assert window.wait_ms(app, now) == window.KEY_DOWN_WAIT_MS  # a hold is timed
    app.key(grid.parse("d4"), False, now)
    app.show_menu()  # its 4-player tiles turn: the next frame
    app.step()
    assert 1 <= window.wait_ms(app, board.clock.now) <= window.FRAME_MS


def test_no_sound_card_is_one_line_not_a_screenful():
    """Issue #26, item 5: ALSA wrote eight errors to stderr where there is no sound card."""
    code = "import sys; sys.path[:0] = ['.', 'firmware']\nfrom sim import window\nwindow.Beeper().play('move')"
    env = dict(os.environ, SDL_AUDIODRIVER="alsa")  # (a machine with a card: no line at all)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and "ALSA lib" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) <= 1 and all(line.startswith("no sound (") for line in lines), lines


def test_the_window_status_fits_its_width():
    pygame.display.init()
    pygame.font.init()
    board = SimBoard()
    board.app.start_game("squeeze", players=4)
    board.app.screen.refuse((grid.MENU,), 0, "why " * 30)
    lines = window.status_lines(board, "illegal")
    assert 1 < len(lines) <= window.STATUS_LINES
    assert all(window.font(20).size(line)[0] <= window.WIDTH - 2 * window.BOARD_X for line in lines)
    surface = pygame.Surface((window.WIDTH, window.HEIGHT))
    window.draw(surface, board, lines)  # draws with no error


def test_a_display_with_no_server_falls_back_to_the_terminal_without_a_banner(tmp_path):
    env = dict(os.environ, DISPLAY=":97")  # nobody serves display 97
    for name in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "sim", "--saves", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
    )
    assert "playing in the terminal" in done.stderr and "Traceback" not in done.stderr
    assert "no terminal" in done.stderr and done.returncode == 2  # stdin is no terminal here
    assert "pygame" not in done.stdout.lower()  # no banner


def plain(line):
    return re.sub("\x1b\\[[0-9;]*m", "", line)


def test_terminal_rows_stay_aligned_with_long_setup_labels():
    """The card game's setup labels its mode keys "cards" and "deal": every row keeps
    its cells in the same columns (issue #26, item 4)."""
    sim = Headless()
    sim.run("press c9")
    assert "cards" in terminal.margin_labels(sim.board)[2]
    rows = [plain(l) for l in terminal.render(sim.board, grid.parse("a1"), True)[1:13]]
    starts = set(row.index("\u2580") for row in rows[1:])  # (row 1 holds the cursor's bracket)
    assert len(starts) == 1 and "cards" in "".join(rows)
    assert max(len(plain(l)) for l in terminal.render(sim.board, 0, True)) <= terminal.WIDTH


def test_256_colours_keep_the_dim_tints_apart():
    """Without COLORTERM=truecolor: Connect Four's empty frame, the cubes' glow and 4
    pistes' idle players stay visible against the unlit cap (item 4)."""
    def index(sim, cell):
        return terminal.nearest_256(terminal.shown_rgb(sim.board, grid.parse(cell)))

    sim = Headless()
    sim.run("start connect4")
    unlit = index(sim, "a3")
    assert index(sim, "d7") != unlit  # a hole of the frame (the play area: c4..i9 area)
    sim = Headless()
    sim.run("start cubes --seed 2")
    sim.run("press f6")
    legal = sim.state()["legal"]
    glow = [sim.board.app.screen.cell_for_move(sim.board.app.screen.state.parse_move(m)) for m in legal]
    empty = [c for c in range(144) if sim.board.app.screen.move_for_cell(c) is not None
             and c not in glow and sim.board.app.frame.get(c) != 0 and sim.board.app.screen.state.board[sim.board.app.screen.move_for_cell(c)] == 0]
    assert glow and empty
    assert terminal.nearest_256(terminal.shown_rgb(sim.board, glow[0])) != terminal.nearest_256(terminal.shown_rgb(sim.board, empty[0]))
    sim = Headless()
    sim.run("start pistes --players 4")
    assert index(sim, "a3") != unlit and index(sim, "a3") != index(sim, "a2")


def test_idle_demo_says_so_and_an_arrow_key_brings_the_menu_back():
    """Issue #26, item 6: left idle, the board plays itself; the status line says so
    (not "menu: press a tile"), and any key, an arrow too, brings the menu back."""
    board = SimBoard()
    session = terminal.Session(board)
    now = board.clock.now
    for _ in range(70):
        board.clock.now += 1000
        session.step(board.clock.now)
    assert board.app.screen.describe()["screen"] == "attract"
    what, _ = terminal.status_text(board)
    assert "against itself" in what and "press a tile" not in what
    cursor = session.cursor
    session.command("up", board.clock.now)
    board.clock.now += 50
    session.step(board.clock.now)
    assert board.app.screen.describe()["screen"] == "menu" and session.cursor == cursor and now >= 0


def test_headless_hold_without_its_time_is_a_sure_hold():
    """Issue #26, item 7: `hold a1` without its milliseconds said "unknown command"."""
    from sim.headless import HOLD_DEFAULT_MS, ScriptError

    sim = Headless()
    sim.run("start connect4 --seed 1")
    sim.run("press c1")
    assert sim.state()["moves"] == ["1"]
    before = sim.board.clock.now
    sim.run("hold l12")  # the new-game key, held: a new game
    assert sim.state()["moves"] == [] and sim.board.clock.now - before == HOLD_DEFAULT_MS
    sim.run("hold a1")  # the menu key, held
    assert sim.state()["screen"] == "menu"
    for bad, says in (("hold a1 soon", "hold time"), ("hold a1 700 800", "hold CELL [MS]"), ("hold m1", "m1")):
        try:
            sim.run(bad)
        except ScriptError as e:
            assert says in str(e), (bad, str(e))
        else:
            raise AssertionError("%r was taken" % bad)
