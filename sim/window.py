"""The board in a pygame-ce window: 12 x 12 lit round buttons on a dark panel. Mouse
button down on a cell presses that key, button up releases it (hold the mouse for a
long press); Esc or closing the window quits."""
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner over the terminal
import pygame  # noqa: E402

from app import grid  # noqa: E402
from app.app import FRAME_MS  # noqa: E402
from compat import ticks_diff  # noqa: E402
from drivers.clock import Clock  # noqa: E402
from sim.drivers import SimBoard  # noqa: E402
from sim.terminal import shown_rgb, take_sounds  # noqa: E402
from sim.words import captions, docs, margin_labels, say, sound_words, status_text, wrap  # noqa: E402

# How long the window sleeps waiting for an event (wait_ms()): a key down is timed (its
# hold) at the app's pace; a moving picture until its next frame; a still one until the
# time its screen says it changes by itself (next_change(now), the cubes' breathing glow),
# else at most IDLE_MAX_MS (the menu's idle demo may start that much late).
KEY_DOWN_WAIT_MS = 10
POLL_MS = 10  # how often a wait looks for an event: the board's own loop pace (LOOP_MS)
IDLE_MAX_MS = 1000
STATUS_MS = 1000  # the status line is worked out again on an event, a new picture, or this often
PITCH = 48  # one cell, centre to centre
RADIUS = 19  # a button's lit cap
MARGIN = 34  # the column labels above and below the board
SIDE = 84  # the row labels left and right: room for a setup's choice in words ("strongest", "board 1st")
CAPTION_H = 20  # the corner keys' functions above and below the labels
STATUS_LINE_H = 20
STATUS_LINES = 4  # the screen (a setup says its choices), a refusal and the last sound, wrapped to the width
STATUS_H = STATUS_LINE_H * STATUS_LINES + 8

BOARD_X = SIDE
BOARD_Y = CAPTION_H + MARGIN
WIDTH = BOARD_X + grid.SIZE * PITCH + SIDE
HEIGHT = BOARD_Y + grid.SIZE * PITCH + MARGIN + CAPTION_H + STATUS_H

BACKGROUND = (14, 14, 17)
PANEL = (28, 28, 33)
GRID_LINE = (44, 44, 52)
BEZEL = (70, 70, 80)
LABEL = (150, 150, 160)
CAPTION = (120, 120, 132)

REDRAW_EVENTS = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED)  # the window must be drawn again
HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL video drivers that show nothing
BEEP_HZ = {"move": 660, "illegal": 180, "win": 990, "draw": 440, "squeeze": 520, "menu": 770, "hint": 880}
BEEP_MS = 60


def cell_centre(cell):
    row, col = grid.row_col(cell)
    return BOARD_X + col * PITCH + PITCH // 2, BOARD_Y + row * PITCH + PITCH // 2


def cell_at(pos):
    """The cell under window position `pos`, or None off the board's buttons."""
    x, y = pos[0] - BOARD_X, pos[1] - BOARD_Y
    if not (0 <= x < grid.SIZE * PITCH and 0 <= y < grid.SIZE * PITCH):
        return None
    return grid.cell(y // PITCH, x // PITCH)


class Mouse:
    """Mouse buttons -> key events: the key that went down is the one released, even
    if the pointer moved off it meanwhile."""

    def __init__(self, board):
        self.board = board
        self.down_cell = None

    def handle(self, event, now):
        """One pygame event; False when the window should close."""
        if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.down_cell is None:
            cell = cell_at(event.pos)
            if cell is not None:
                self.down_cell = cell
                self.board.keys.push(cell, True, now)
        elif self.down_cell is not None and (
            (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or event.type == pygame.WINDOWFOCUSLOST
        ):  # released, or the window lost the mouse: no key stays stuck down
            self.board.keys.push(self.down_cell, False, now)
            self.down_cell = None
        return True


_fonts = {}


def font(size):
    made = _fonts.get(size)
    if made is not None:
        try:
            made.size("")
            return made
        except pygame.error:  # pygame's font module quit since it was made (a window closed)
            pass
    if not pygame.font.get_init():
        pygame.font.init()
    _fonts[size] = pygame.font.Font(None, size)  # pygame's bundled font: no system fonts needed
    return _fonts[size]


def text(surface, words, size, color, pos, anchor="center"):
    img = font(size).render(words, True, color)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)


def draw(surface, board, status=""):
    """The whole window: panel, buttons, labels (the game's own notation in a game),
    captions (the corner keys in a game; the tiles' names, the match keys and the
    brightness row in the menu), the status lines."""
    surface.fill(BACKGROUND)
    side = grid.SIZE * PITCH
    panel = pygame.Rect(BOARD_X - 8, BOARD_Y - 8, side + 16, side + 16)
    pygame.draw.rect(surface, PANEL, panel, border_radius=14)
    pygame.draw.rect(surface, BEZEL, panel, width=2, border_radius=14)
    for i in range(1, grid.SIZE):  # the thin grid between the buttons
        p = i * PITCH
        pygame.draw.line(surface, GRID_LINE, (BOARD_X + p, BOARD_Y + 2), (BOARD_X + p, BOARD_Y + side - 3))
        pygame.draw.line(surface, GRID_LINE, (BOARD_X + 2, BOARD_Y + p), (BOARD_X + side - 3, BOARD_Y + p))
    for cell in range(grid.CELLS):
        draw_button(surface, cell_centre(cell), shown_rgb(board, cell))
    top, bottom, left, right = margin_labels(board)
    for i in range(grid.SIZE):
        x = BOARD_X + i * PITCH + PITCH // 2
        y = BOARD_Y + i * PITCH + PITCH // 2
        size = 20 if max(len(top[i]), len(bottom[i])) <= 2 else 16
        text(surface, top[i], size, LABEL, (x, BOARD_Y - MARGIN // 2 - 2))
        text(surface, bottom[i], size, LABEL, (x, BOARD_Y + side + MARGIN // 2 + 2))
        side_label(surface, left[i], (BOARD_X - SIDE // 2 - 2, y))
        side_label(surface, right[i], (BOARD_X + side + SIDE // 2 + 2, y))
    top_y = CAPTION_H // 2 + 2
    bottom_y = BOARD_Y + side + MARGIN + CAPTION_H // 2 - 2
    for place, cell, words in captions(board):
        x, y = cell_centre(cell)
        if place == "under":  # a tile's name, under its 2x2 cells
            draw_name(surface, words, (x + PITCH // 2, y + PITCH + PITCH // 2 + 2))
        elif place.endswith("-left"):
            text(surface, words, 18, CAPTION, (x - PITCH // 2, top_y if place == "top-left" else bottom_y), "midleft")
        else:
            text(surface, words, 18, CAPTION, (x, top_y if place == "top" else bottom_y))
    y = HEIGHT - STATUS_H + 4
    for line in status[:STATUS_LINES]:
        text(surface, line, 20, LABEL, (BOARD_X, y + STATUS_LINE_H // 2), "midleft")
        y += STATUS_LINE_H


def side_label(surface, words, centre):
    """A row's label: a key's name (a..l, 1..12, in the game's notation) or a choice
    in words, on two lines when one is too wide for the margin."""
    size = 20 if len(words) <= 2 else 16
    lines = name_lines(words, SIDE - 8, size)
    h = font(size).get_linesize() - 2
    for i, line in enumerate(lines):
        text(surface, line, size, LABEL, (centre[0], centre[1] + (i - (len(lines) - 1) / 2) * h))


NAME_MAX_W = 3 * PITCH - 12  # a caption wider than this goes on two lines (tiles sit 3 cells apart)


def name_lines(words, width=NAME_MAX_W, size=17):
    """A caption's lines: one, or two cut at the space nearest the middle when too wide."""
    if font(size).size(words)[0] <= width or " " not in words:
        return [words]
    spaces = [i for i, ch in enumerate(words) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(words) // 2))
    return [words[:cut], words[cut + 1:]]


def draw_name(surface, words, centre):
    """A caption on the board (a tile's name), on a dark backing so it reads over the
    unlit buttons; returns the backing's rectangles."""
    lines = name_lines(words)
    rects = []
    h = font(17).get_linesize()
    for i, line in enumerate(lines):
        img = font(17).render(line, True, LABEL)
        rect = img.get_rect(center=(centre[0], centre[1] + (i - (len(lines) - 1) / 2) * h))
        pygame.draw.rect(surface, BACKGROUND, rect.inflate(8, 4), border_radius=4)
        surface.blit(img, rect)
        rects.append(rect.inflate(8, 4))
    return rects


def draw_button(surface, centre, rgb):
    """A round diffused cap: a faint glow of its own light around it when lit."""
    glow = tuple(min(255, c // 2 + p // 2) for c, p in zip(rgb, PANEL))
    pygame.draw.circle(surface, glow, centre, RADIUS + 3)
    pygame.draw.circle(surface, rgb, centre, RADIUS)


def status_lines(board, last_sound, width=WIDTH - 2 * BOARD_X):
    """The status under the board as lines that fit the window: what the screen is,
    the last refusal, the last sound."""
    what, error = status_text(board)
    words = what + ("   (%s)" % error if error else "")  # the last sound last: cut first
    if last_sound:
        words += "   " + sound_words(board, last_sound)
    chars = max(20, width // font(20).size("m")[0] * 2 - 4)  # a safe guess, then checked
    lines = wrap(words, chars)
    while chars > 20 and any(font(20).size(line)[0] > width for line in lines):
        chars -= 4
        lines = wrap(words, chars)
    return lines[:STATUS_LINES]


class quiet_stderr:
    """Silences what C libraries write to the process's stderr (file descriptor 2) for a
    `with` block; Python's own sys.stderr is untouched."""

    def __enter__(self):
        sys.stderr.flush()
        try:
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except OSError:  # no such descriptor (an embedded interpreter): leave it be
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)
        return False


class Beeper:
    """A short tone per sound name, if the machine has audio; silent otherwise."""

    def __init__(self):
        self.tones = {}
        self.rate = None
        try:
            with quiet_stderr():  # ALSA writes a screenful to stderr where there is no sound card
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.rate = pygame.mixer.get_init()[0]
        except Exception as e:  # no audio device (CI, ssh): play nothing, and say so once
            sys.stderr.write("no sound (%s): the window plays silently\n" % (str(e).splitlines() or ["no device"])[0])

    def play(self, name):
        if self.rate is None:
            return
        try:
            if name not in self.tones:
                self.tones[name] = self.tone(BEEP_HZ.get(name, 600))
            self.tones[name].play()
        except Exception:
            self.rate = None  # audio went away: stay silent

    def tone(self, hz):
        import array
        import math

        n = self.rate * BEEP_MS // 1000
        channels = pygame.mixer.get_init()[2]
        samples = array.array("h")
        for i in range(n):
            v = int(6000 * math.sin(2 * math.pi * hz * i / self.rate) * (1 - i / n))
            samples.extend([v] * channels)
        return pygame.mixer.Sound(buffer=samples.tobytes())


NO_WINDOW = 2  # run_window's exit code when no window can be opened


def wait_event(ms):
    """The first event within `ms`, or a NOEVENT one. (pygame-ce's event.wait(timeout)
    looks every millisecond: 1-2 % of a core asleep; this looks every POLL_MS.)"""
    end = time.monotonic() + ms / 1000
    while True:
        event = pygame.event.poll()
        left = end - time.monotonic()
        if event.type != pygame.NOEVENT or left <= 0:
            return event
        time.sleep(min(POLL_MS / 1000, left))


def wait_ms(app, now):
    """How long the window may sleep before the app has something to do (at least 1: 0
    would be pygame's "for ever")."""
    if app.down or app.dirty:
        return KEY_DOWN_WAIT_MS
    if app.screen.busy(now) or app.notice is not None:  # its next frame, FRAME_MS after the last
        return max(1, min(FRAME_MS, FRAME_MS - ticks_diff(now, app.rendered_at)))
    change = getattr(app.screen, "next_change", None)
    ms = change(now) if change is not None else None
    return max(1, min(IDLE_MAX_MS, IDLE_MAX_MS if ms is None else ms))


def open_window():
    """The window's surface; a pygame.error says why none can be opened."""
    try:
        pygame.display.init()
        if pygame.display.get_driver() in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
            raise pygame.error("no display to open a window on")  # SDL fell back to an invisible one
        pygame.font.init()
        return pygame.display.set_mode((WIDTH, HEIGHT))
    except pygame.error:
        pygame.quit()
        raise


def run_window(storage, lang=None, surface=None):
    """Play in a window (`surface`: one open_window() opened); NO_WINDOW when none can be
    opened. (`python -m sim` with a DISPLAY but no server behind it opens one itself
    and plays in the terminal instead, saying so there.)"""
    if surface is None:
        try:
            surface = open_window()
        except pygame.error as e:
            sys.stderr.write("no window (%s): try --terminal, or --headless for scripts\n" % e)
            return NO_WINDOW
    clock = Clock()
    board = SimBoard(clock=clock, storage=storage, lang=lang)
    pygame.display.set_caption(say(board, "LED game board: rules in %s" % docs(board)[1]))
    mouse = Mouse(board)
    beeper = Beeper()
    last_sound = None
    shown = None  # what the window shows: drawn again only when it changes
    status, status_at = None, 0
    try:
        while True:
            app = board.app
            first = wait_event(wait_ms(app, clock.ticks_ms()))
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            for event in events:
                if not mouse.handle(event, clock.ticks_ms()):
                    return 0
            app.step()
            sounds = take_sounds(board)
            for name in sounds:
                beeper.play(name)
                last_sound = name
            leds, now = bytes(app.frame.buf), clock.ticks_ms()
            if (status is None or events or sounds or shown is None or leds != shown[0]
                    or ticks_diff(now, status_at) >= STATUS_MS):  # (the words: the costly part)
                status, status_at = status_lines(board, last_sound), now
            picture = (leds, app.settings["brightness"], tuple(status))
            if picture != shown or any(e.type in REDRAW_EVENTS for e in events):
                draw(surface, board, status)
                pygame.display.flip()
                shown = picture
    finally:
        _fonts.clear()  # they die with pygame
        pygame.quit()
