"""The board in a pygame-ce window: 12 x 12 lit round buttons on a dark panel. Mouse
button down on a cell presses that key, button up releases it (hold the mouse for a
long press); Esc or closing the window quits."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner over the terminal
import pygame  # noqa: E402

from app import grid  # noqa: E402
from drivers.clock import Clock  # noqa: E402
from sim.drivers import SimBoard  # noqa: E402
from sim.terminal import shown_rgb, take_sounds  # noqa: E402

FPS = 60
PITCH = 48  # one cell, centre to centre
RADIUS = 19  # a button's lit cap
MARGIN = 34  # the row/column labels around the board
CAPTION_H = 20  # the corner keys' functions above and below the labels
STATUS_H = 26  # the last sound and the screen, at the bottom

BOARD_X = MARGIN
BOARD_Y = CAPTION_H + MARGIN
WIDTH = BOARD_X + grid.SIZE * PITCH + MARGIN
HEIGHT = BOARD_Y + grid.SIZE * PITCH + MARGIN + CAPTION_H + STATUS_H

BACKGROUND = (14, 14, 17)
PANEL = (28, 28, 33)
GRID_LINE = (44, 44, 52)
BEZEL = (70, 70, 80)
LABEL = (150, 150, 160)
CAPTION = (120, 120, 132)

# What the corner keys do, and where their caption goes (above or below the board).
CORNER_LABELS = (
    (grid.MENU, "menu (hold)"),
    (grid.UNDO, "undo"),
    (grid.HINT, "hint"),
    (grid.NEW, "new (hold)"),
)

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
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(None, size)  # pygame's bundled font: no system fonts needed
    return _fonts[size]


def text(surface, words, size, color, pos, anchor="center"):
    img = font(size).render(words, True, color)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)


def draw(surface, board, status=""):
    """The whole window: panel, buttons, labels, corner captions, status line."""
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
    for i in range(grid.SIZE):
        x = BOARD_X + i * PITCH + PITCH // 2
        y = BOARD_Y + i * PITCH + PITCH // 2
        letter, number = chr(ord("a") + i), str(i + 1)
        text(surface, letter, 20, LABEL, (x, BOARD_Y - MARGIN // 2 - 2))
        text(surface, letter, 20, LABEL, (x, BOARD_Y + side + MARGIN // 2 + 2))
        text(surface, number, 20, LABEL, (BOARD_X - MARGIN // 2 - 2, y))
        text(surface, number, 20, LABEL, (BOARD_X + side + MARGIN // 2 + 2, y))
    for cell, label in CORNER_LABELS:
        x, _ = cell_centre(cell)
        top = grid.row_col(cell)[0] == 0
        y = CAPTION_H // 2 + 2 if top else BOARD_Y + side + MARGIN + CAPTION_H // 2 - 2
        text(surface, label, 18, CAPTION, (x, y))
    text(surface, status, 20, LABEL, (BOARD_X, HEIGHT - STATUS_H // 2 - 2), "midleft")


def draw_button(surface, centre, rgb):
    """A round diffused cap: a faint glow of its own light around it when lit."""
    glow = tuple(min(255, c // 2 + p // 2) for c, p in zip(rgb, PANEL))
    pygame.draw.circle(surface, glow, centre, RADIUS + 3)
    pygame.draw.circle(surface, rgb, centre, RADIUS)


def status_text(board, last_sound):
    d = board.app.screen.describe()
    if d["screen"] == "game":
        what = d["game"] + (": player %s to move" % d["to_move"] if d["status"] == "playing" else ": " + d["status"])
    else:
        what = "menu: click a tile; b12..k12 brightness; b1/c1 who starts the next Connect Four game"
    sound = "   sound: %s" % last_sound if last_sound else ""
    error = "   (%s)" % d["error"] if d.get("error") else ""
    return what + sound + error


class Beeper:
    """A short tone per sound name, if the machine has audio; silent otherwise."""

    def __init__(self):
        self.tones = {}
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.rate = pygame.mixer.get_init()[0]
        except Exception:  # no audio device (CI, ssh): play nothing
            self.rate = None

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


def run_window(storage):
    try:
        pygame.display.init()
        if pygame.display.get_driver() in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
            raise pygame.error("no display to open a window on")  # SDL fell back to an invisible one
        pygame.font.init()
        surface = pygame.display.set_mode((WIDTH, HEIGHT))
    except pygame.error as e:
        pygame.quit()
        sys.stderr.write("no window (%s): try --terminal, or --headless for scripts\n" % e)
        return 2
    pygame.display.set_caption("LED game board")
    clock = Clock()
    board = SimBoard(clock=clock, storage=storage)
    mouse = Mouse(board)
    beeper = Beeper()
    last_sound = None
    frames = pygame.time.Clock()
    try:
        while True:
            for event in pygame.event.get():
                if not mouse.handle(event, clock.ticks_ms()):
                    return 0
            board.app.step()
            for name in take_sounds(board):
                beeper.play(name)
                last_sound = name
            draw(surface, board, status_text(board, last_sound))
            pygame.display.flip()
            frames.tick(FPS)
    finally:
        pygame.quit()
