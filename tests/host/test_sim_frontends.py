# The simulator's interactive front-ends: the pygame window (offscreen, SDL's dummy
# video driver) and the truecolor terminal (pure functions, then a real pty session).
import os
import pty
import re
import select
import subprocess
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from app import colors, grid  # noqa: E402
from app.app import HOLD_MS, LOOP_MS  # noqa: E402
from app import words_fr  # noqa: E402
from sim import terminal, window, words  # noqa: E402
from sim.headless import Headless  # noqa: E402
from sim.drivers import MemoryStorage, SimBoard  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
C3 = grid.parse("c3")  # the menu's first tile: Connect Four (its blue frame on top)
D3 = grid.parse("d3")
C4 = grid.parse("c4")  # ... its yellow disc bottom-left
D4 = grid.parse("d4")  # ... and its red one bottom-right


def run(board, ms):
    for _ in range(ms // LOOP_MS):
        board.clock.sleep_ms(LOOP_MS)
        board.app.step()


def screen(board):
    return board.app.screen.describe()["screen"]


@pytest.fixture(scope="module")
def surface():
    pygame.display.init()
    pygame.font.init()
    yield pygame.Surface((window.WIDTH, window.HEIGHT))
    pygame.quit()


# -- how a cell looks ------------------------------------------------------------------------
def test_shown_colour_follows_the_frame_and_brightness():
    board = SimBoard()
    board.app.set_brightness(100)
    board.app.frame.set(C3, colors.WHITE)
    assert terminal.shown_rgb(board, C3) == (255, 255, 255)
    board.app.frame.set(C3, colors.OFF)
    assert terminal.shown_rgb(board, C3) == terminal.CAP_RGB
    board.app.frame.set(C3, colors.RED)
    full = terminal.shown_rgb(board, C3)
    assert full[0] == 255 and full[1:] == terminal.CAP_RGB[1:]
    board.app.set_brightness(25)
    quarter = terminal.shown_rgb(board, C3)
    # dimmer, but clearly lit: not the near-black of the raw gamma-corrected levels
    assert 140 < quarter[0] < 255 and quarter[1:] == terminal.CAP_RGB[1:]
    assert board.levels_rgb(C3)[0] < 100 < quarter[0]


# -- the window ------------------------------------------------------------------------------
def test_cell_at_maps_window_positions_to_cells():
    for cell in (0, grid.UNDO, C3, grid.HINT, grid.NEW):
        assert window.cell_at(window.cell_centre(cell)) == cell
    x, y = window.cell_centre(C3)
    assert window.cell_at((x + window.PITCH, y)) == C3 + 1
    assert window.cell_at((x, y + window.PITCH)) == C3 + grid.SIZE
    assert window.cell_at((window.BOARD_X - 1, y)) is None
    assert window.cell_at((x, window.BOARD_Y + grid.SIZE * window.PITCH)) is None
    assert window.cell_at((0, 0)) is None


def test_draw_shows_each_cell_in_its_frame_colour(surface):
    board = SimBoard()
    window.draw(surface, board, "status")
    frame = board.app.frame
    assert frame.get(C4) == colors.YELLOW and frame.get(D4) == colors.RED
    for cell in (C4, D4, grid.cell(5, 5)):  # lit, lit, dark
        centre = window.cell_centre(cell)
        assert tuple(surface.get_at(centre))[:3] == terminal.shown_rgb(board, cell)
    r, g, b = surface.get_at(window.cell_centre(D4))[:3]
    assert r > 2 * g and r > 2 * b  # red shows red
    # between two buttons: the panel, not a cell colour
    x, y = window.cell_centre(C4)
    assert tuple(surface.get_at((x + window.PITCH // 2, y - window.PITCH // 2)))[:3] != terminal.shown_rgb(board, C4)


def mouse(kind, pos):
    return pygame.event.Event(kind, button=1, pos=pos)


def test_mouse_click_on_a_tile_starts_the_game():
    board = SimBoard()
    m = window.Mouse(board)
    assert m.handle(mouse(pygame.MOUSEBUTTONDOWN, window.cell_centre(C3)), board.clock.now)
    board.app.step()
    assert screen(board) == "setup"  # on the press: its name and choices; a second click plays
    assert m.handle(mouse(pygame.MOUSEBUTTONUP, window.cell_centre(C3)), board.clock.now)
    board.app.step()
    assert screen(board) == "setup"  # the release does nothing more
    m.handle(mouse(pygame.MOUSEBUTTONDOWN, window.cell_centre(C3)), board.clock.now)
    m.handle(mouse(pygame.MOUSEBUTTONUP, window.cell_centre(C3)), board.clock.now)
    board.app.step()
    d = board.app.screen.describe()
    assert d["screen"] == "game" and d["game"] == "connect4"


def test_mouse_held_down_is_a_hold_and_releases_the_cell_it_pressed():
    board = SimBoard()
    board.app.start_game("connect4")
    m = window.Mouse(board)
    m.handle(mouse(pygame.MOUSEBUTTONDOWN, window.cell_centre(grid.MENU)), board.clock.now)
    run(board, HOLD_MS - 100)
    assert screen(board) == "game"
    run(board, 200)
    assert screen(board) == "menu"
    # released far off the board: the key that went down comes up
    m.handle(mouse(pygame.MOUSEBUTTONUP, (1, 1)), board.clock.now)
    run(board, 50)
    assert board.app.down == {} and screen(board) == "menu"


def test_losing_focus_releases_the_key():
    board = SimBoard()
    m = window.Mouse(board)
    m.handle(mouse(pygame.MOUSEBUTTONDOWN, window.cell_centre(C3)), 0)
    m.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST), 0)
    assert board.keys.events == [(C3, True, 0), (C3, False, 0)] and m.down_cell is None


def test_clicks_off_the_board_and_other_buttons_do_nothing():
    board = SimBoard()
    m = window.Mouse(board)
    m.handle(mouse(pygame.MOUSEBUTTONDOWN, (2, 2)), 0)
    m.handle(mouse(pygame.MOUSEBUTTONUP, (2, 2)), 0)
    m.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=window.cell_centre(C3)), 0)
    assert board.keys.events == []


def test_escape_and_close_quit():
    board = SimBoard()
    m = window.Mouse(board)
    assert m.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE), 0) is False
    assert m.handle(pygame.event.Event(pygame.QUIT), 0) is False
    assert m.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a), 0) is True


def test_beeper_never_raises():
    beeper = window.Beeper()
    for name in ("move", "illegal", "no-such-sound"):
        beeper.play(name)


def test_run_window_plays_and_quits(monkeypatch):
    """The real loop: a click on the Connect Four tile, then the window is closed."""
    centre = window.cell_centre(C3)
    script = [
        [mouse(pygame.MOUSEBUTTONDOWN, centre)],
        [mouse(pygame.MOUSEBUTTONUP, centre)],
        [mouse(pygame.MOUSEBUTTONDOWN, centre)],
        [mouse(pygame.MOUSEBUTTONUP, centre)],
        [],
        [],
        [pygame.event.Event(pygame.QUIT)],
    ]
    monkeypatch.setattr(window, "wait_event", lambda timeout: pygame.event.Event(pygame.NOEVENT))
    monkeypatch.setattr(window.pygame.event, "get", lambda: script.pop(0))
    storage = MemoryStorage()
    assert window.run_window(storage) == 0
    assert script == []
    assert "connect4" in (storage.read("game.json") or "".join(storage.files.values()))


# -- the terminal ----------------------------------------------------------------------------
PLAIN = re.compile(r"\x1b\[[0-9;]*m")
CELL_RE = re.compile(r"\x1b\[38;2;(\d+);(\d+);(\d+)m▀▀")


def test_render_draws_12_rows_of_truecolor_cells():
    board = SimBoard()
    lines = terminal.render(board, C3)
    assert len(lines) == 14  # the column letters, the rows, the letters again
    assert lines[0].split() == list("abcdefghijkl") == lines[-1].split()
    for row in range(grid.SIZE):
        line = lines[1 + row]
        assert line.split()[0] == str(row + 1)
        found = [tuple(int(v) for v in m) for m in CELL_RE.findall(line)]
        assert found == [terminal.shown_rgb(board, grid.cell(row, col)) for col in range(grid.SIZE)]
    yellow = terminal.shown_rgb(board, C4)
    assert yellow[0] > yellow[1] > yellow[2]  # yellow tile, not grey


def test_render_marks_the_cursor_with_brackets():
    board = SimBoard()
    plain = re.compile(r"\x1b\[[0-9;]*m")
    for cursor in (C3, grid.MENU, grid.NEW):
        text = [plain.sub("", line) for line in terminal.render(board, cursor)]
        row, col = grid.row_col(cursor)
        line = text[1 + row]
        assert line.count("[") == 1 and line.count("]") == 1
        at = terminal.LABEL_W + terminal.PITCH * col  # the row label, then a cell every PITCH characters
        assert line.index("[") == at and line.index("]") == at + 3
        assert sum(t.count("[") for t in text) == 1


def test_status_line_names_cursor_corners_and_sound():
    board = SimBoard()
    text = " ".join(terminal.status_lines(board, C3, "menu"))
    assert "cursor c3 (Connect Four)" in text and "docs/" not in text
    assert "last sound: a key of the menu or setup answered" in text  # (issue #51: was "sound: menu")
    assert "sound" not in " ".join(terminal.status_lines(board, C3, None))  # none yet: nothing said
    board.app.start_game("connect4")
    text = " ".join(terminal.status_lines(board, C3, "illegal"))
    assert "a1 menu (hold)  l1 undo  a12 hint  l12 new (hold)" in text and "last sound: a press refused" in text
    for name in window.BEEP_HZ:  # every sound the board plays says what it means, in both languages
        meaning = words.SOUND_MEANINGS[name]
        assert meaning != name and words_fr.lookup(meaning) or words_fr.WORDS.get(meaning), name
    board.app.settings["lang"] = "fr"
    assert "dernier son : un coup joué" in " ".join(terminal.status_lines(board, C3, "move"))


def test_foursquares_help_offers_no_undo():
    """Issue #51: Foursquare has no undo, and its help offered "l1 undo"."""
    board = SimBoard()
    board.app.start_game("foursquare", seed=1)
    text = " ".join(terminal.status_lines(board, C3, None))
    assert "a1 menu (hold)  a12 hint  l12 new (hold)" in text and "undo" not in text
    assert [c for c in words.captions(board) if c[1] == grid.UNDO] == []  # the window's captions too
    board.app.start_game("connect4")
    assert [c[2] for c in words.captions(board) if c[1] == grid.UNDO] == ["undo"]


def test_pistes_dice_are_numbers_in_the_terminal():
    """Issue #51: a die's 3 x 3 pips, as half-blocks, read as no number."""
    sim = Headless()
    sim.run("start pistes --seed 3")
    assert terminal.key_numbers(sim.board) == {}  # nothing rolled yet
    sim.run("press a8")  # roll
    dice = sim.state()["dice"]
    lines = [PLAIN.sub("", line) for line in terminal.render(sim.board, grid.parse("a8"))]
    for i, face in enumerate(dice):  # each die's number at its face's middle (c2, c5, c8, c11)
        row, col = grid.row_col(grid.parse("c%d" % (2 + 3 * i)))
        at = terminal.LABEL_W + terminal.PITCH * col + 1
        assert lines[1 + row][at:at + 2] == str(face).center(2), (i, lines[1 + row])
        assert lines[1 + row].count("\u2580\u2580") == grid.SIZE - 1  # the other cells in their columns
    sim.run("press c2")  # a die set aside: still its number, in its pips' colour
    assert terminal.key_numbers(sim.board)[grid.parse("c2")][0] == str(dice[0])
    sim.board.app.start_game("connect4")
    assert terminal.key_numbers(sim.board) == {}


def test_connect_fours_cursor_starts_on_a_key_that_plays():
    """Issue #51: the cursor stayed on the tile's c3, a key off Connect Four's board."""
    board = SimBoard()
    s = terminal.Session(board)
    now = board.clock.ticks_ms
    for cmd in ("tap", "tap"):  # c3 twice: Connect Four
        s.command(cmd, now())
        s.step(now())
    assert screen(board) == "game" and board.app.screen.label(s.cursor) is not None
    assert grid.name(s.cursor) == "c1"  # the nearest key that plays: column 1's
    s.command("tap", now())
    s.step(now())
    assert board.app.describe()["moves"] == ["1"]
    s.cursor = C3  # off the board again: it stays where the player put it
    s.step(now())
    assert s.cursor == C3


def test_a_terminal_narrower_than_the_board_says_so():
    """Issue #51: a narrow terminal wrapped the rows into a garbled grid."""
    board = SimBoard()
    s = terminal.Session(board)
    need = max(terminal.columns(line) for line in terminal.render(board, C3))
    assert need <= terminal.WIDTH and len(s.screen(need)) > 14  # the board fits: drawn
    for width in (need - 1, 40, 20):
        lines = s.screen(width)
        assert "\u2580" not in "".join(lines) and all(len(line) <= width for line in lines)
        assert "the terminal is %d columns wide: the board needs %d" % (width, need) in " ".join(lines)


def test_a_narrow_terminal_in_a_pty_says_so(tmp_path):
    """The same with a real terminal made 40 columns wide (as a window made narrow)."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 40, 0, 0))  # 30 rows, 40 columns
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    proc = subprocess.Popen([sys.executable, "-m", "sim", "--terminal", "--saves", str(tmp_path)],
                            cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        out = read_until(master, b"widen it")
        assert b"the terminal is 40 columns wide" in out.replace(b"\x1b[K\r\n", b" ") and "\u2580".encode() not in out
        os.write(master, b"q")
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def test_key_decoder():
    d = terminal.KeyDecoder()
    assert d.feed(b"\x1b[A\x1b[B\x1b[C\x1b[D") == ["up", "down", "right", "left"]
    assert d.feed(b"\x1bOA") == ["up"]  # application cursor mode
    assert d.feed(b"\r\nh q\x03") == ["tap", "tap", "hold", "tap", "quit", "quit"]
    assert d.feed(b"x7\x1b[5~") == []  # keys we do not use, Page Up
    assert d.feed(b"\x1b") == [] and d.feed(b"[") == [] and d.feed(b"Ch") == ["right", "hold"]
    d.feed(b"\x1b")
    d.flush()  # a lone Esc
    assert d.feed(b"\r") == ["tap"]


def test_move_cursor_stays_on_the_board():
    assert terminal.move_cursor(C3, "right") == D3
    assert terminal.move_cursor(C3, "down") == grid.parse("c4")
    assert terminal.move_cursor(grid.MENU, "up") == grid.MENU
    assert terminal.move_cursor(grid.MENU, "left") == grid.MENU
    assert terminal.move_cursor(grid.NEW, "down") == grid.NEW
    assert terminal.move_cursor(grid.NEW, "right") == grid.NEW


def test_session_keys_start_a_game_drop_a_disc_and_hold_for_the_menu():
    board = SimBoard()
    s = terminal.Session(board)
    now = board.clock.ticks_ms
    for cmd in terminal.KeyDecoder().feed(b"\x1b[D\x1b[C\r\r"):  # left, right, Enter twice on c3
        assert s.command(cmd, now())
    s.step(now())
    assert board.app.screen.describe()["game"] == "connect4"
    # up to the ring row above the board, then drop a disc
    for cmd in ("up", "up", "tap"):
        s.command(cmd, now())
    s.step(now())
    assert board.app.screen.describe()["moves"] == ["1"] and s.last_sound == "move"  # column c is the first
    # `h` on a1 holds it: the menu comes back while it is still down, then it is let go
    for cmd in ("left", "left", "hold"):
        s.command(cmd, now())
    assert s.cursor == grid.MENU
    for _ in range(terminal.HOLD_PRESS_MS // LOOP_MS + 2):
        board.clock.sleep_ms(LOOP_MS)
        s.step(now())
    assert screen(board) == "menu" and s.holding is None and board.app.down == {}
    assert s.command("quit", now()) is False


def test_not_a_terminal_exits_2(capsys):
    class NoTTY:
        def isatty(self):
            return False

    assert terminal.run_terminal(MemoryStorage(), stdin=NoTTY()) == 2
    assert "--headless" in capsys.readouterr().err


def read_until(fd, needle, timeout=10.0):
    """Read the pty until `needle` shows up (the child blocks if nobody reads)."""
    out = b""
    end = time.monotonic() + timeout
    while needle not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def test_terminal_session_in_a_pty(tmp_path):
    """python -m sim --terminal as a user runs it: start Connect Four, drop a disc, q."""
    master, slave = pty.openpty()
    env = dict(os.environ, TERM="xterm-256color")
    proc = subprocess.Popen(
        [sys.executable, "-m", "sim", "--terminal", "--saves", str(tmp_path)],
        cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )
    os.close(slave)
    try:
        assert b"Menu: press a game's tile" in read_until(master, b"Menu: press a game's tile")
        os.write(master, b"\r\r")
        assert b"yellow to move" in read_until(master, b"yellow to move")
        os.write(master, b"\x1b[A\x1b[A\r")  # up to the drop row, drop a disc
        assert b"red to move" in read_until(master, b"red to move")
        os.write(master, b"q")
        tail = read_until(master, b"\x1b[?1049l")
        assert proc.wait(timeout=10) == 0
        assert b"\x1b[?25h" in tail  # the terminal's cursor is back
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert "connect4" in "".join(p.read_text() for p in tmp_path.iterdir())


def test_a_display_with_no_server_is_said_on_the_terminal_at_start(tmp_path):
    """Issue #51: the fallback was written before the terminal's own screen, so it showed
    only after quitting. It is said on the board's screen, until the first key."""
    env = dict(os.environ, DISPLAY=":97", TERM="xterm-256color")  # nobody serves display 97
    for name in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "COLUMNS"):
        env.pop(name, None)
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "sim", "--saves", str(tmp_path)],
                            cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        out = read_until(master, b"Menu: press a game's tile")
        out += read_until(master, b"playing in the terminal", timeout=3)
        screen = out.split(b"\x1b[?1049h", 1)  # before it, and on the terminal's own screen
        assert len(screen) == 2 and b"playing in the terminal" not in screen[0], out
        assert b"no window (" in screen[1] and b"playing in the terminal" in screen[1]
        os.write(master, b"q")
        tail = read_until(master, b"\x1b[?1049l")
        assert proc.wait(timeout=10) == 0 and b"playing in the terminal" not in tail.split(b"\x1b[?1049l")[-1]
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def test_window_without_a_display_says_so(tmp_path):
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "sim", "--window", "--saves", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=20,
    )
    assert done.returncode == 2 and "--terminal" in done.stderr


def test_menu_tile_names_are_shown_whole_and_apart(surface):
    """Issue #26, item 5: "4D Squeeze with cards" was cut by its neighbour's caption."""
    board = SimBoard()
    d = board.app.screen.describe()
    rects = []
    for tile in d["tiles"]:
        x, y = window.cell_centre(grid.parse(tile["cell"]))
        lines = window.name_lines(tile["name"])
        assert " ".join(lines) == tile["name"]
        got = window.draw_name(surface, tile["name"], (x + window.PITCH // 2, y + window.PITCH + window.PITCH // 2 + 2))
        rects.append((tile["name"], got))
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            for a in rects[i][1]:
                for b in rects[j][1]:
                    assert not a.colliderect(b), (rects[i][0], rects[j][0])
    assert all(r.left >= 0 and r.right <= window.WIDTH for _, got in rects for r in got)


def test_every_screen_has_its_words_and_picture_the_idle_demo_too(surface):
    """The window, the terminal and the web page say something for every screen (the
    menu, a setup screen, a game, the board playing itself when left idle), in both
    languages, and the window draws each without an error."""
    from sim import words

    for lang in ("en", "fr"):
        board = SimBoard(lang=lang)
        seen = []
        for step in ("menu", "setup", "game", "menu", "attract"):
            if step == "setup":
                board.press(grid.parse("c3"))
            elif step == "game":
                board.press(grid.parse("c3"))
            elif step == "menu" and seen:
                board.press(grid.MENU, hold=True)
            elif step == "attract":
                for _ in range(70):  # a minute idle: the board plays itself
                    board.clock.now += 1000
                    board.app.step()
            d = board.app.describe()
            seen.append(d["screen"])
            what, page, _ = words.screen_text(board)
            assert what and page.endswith(".md")
            assert words.status_text(board)[0].startswith(what)
            words.captions(board)
            assert len(words.margin_labels(board)[0]) == grid.SIZE
            assert all(words.key_label(board, c) for c in range(grid.CELLS))
            window.draw(surface, board)
            terminal.Session(board).screen(width=80, full=False)
        assert seen == ["menu", "setup", "game", "menu", "attract"], seen
