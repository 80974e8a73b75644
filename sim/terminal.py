"""The board in a terminal: coloured cells (24-bit where the terminal says it has it,
else the 256-colour palette), a cursor moved with the arrow keys,
Enter = tap, h = hold (~1 s), q or Ctrl-C = quit. Also the pieces both interactive
front-ends share (how a lit LED looks on a screen, the sounds played), which need no pygame."""
import os
import re
import select
import shutil
import sys

from app import grid
from app.app import HOLD_MS
from compat import ticks_diff, ticks_ms
from drivers.clock import Clock
from sim.drivers import SimBoard
from sim.words import corner_labels, game_words_module, key_label, margin_labels, say, screen_text, sound_words, status_text, wrap  # noqa: F401

FPS = 60
HOLD_PRESS_MS = HOLD_MS + 300  # `h` keeps the key down this long: a sure hold (~1 s)

# How a diffused LED looks on screen. The eye's sense of lightness goes roughly as the
# cube root of the light (CIE L*), so a board at 25 % looks about 60 % as bright as at
# full, not a quarter (showing the LEDs' raw gamma-corrected levels looks near black).
LIGHTNESS_EXPONENT = 1 / 3
CAP_RGB = (38, 38, 42)  # an unlit button cap under room light; the LED's light adds to it

KEY_HELP = "arrows move  Enter tap  h hold  q quit"
WIDTH = 80  # the terminal's columns when it does not say


def brightness_factor(percent):
    """How bright a cell at `percent` brightness looks, relative to 100 %."""
    return (max(0, min(100, percent)) / 100) ** LIGHTNESS_EXPONENT


def shown_rgb(board, cell):
    """The on-screen colour of `cell`: its logical frame colour at the brightness
    setting as the eye sees it, lighting up the unlit cap (full white stays 255)."""
    f = brightness_factor(board.app.settings["brightness"])
    buf = board.app.frame.buf
    i = cell * 3
    return tuple(CAP_RGB[k] + round(buf[i + k] * f * (255 - CAP_RGB[k]) / 255) for k in range(3))


def take_sounds(board):
    """The sounds played since the last call, oldest first."""
    played = board.sound.played
    new = played[:]
    del played[:]
    return new


# -- the terminal picture -----------------------------------------------------------------
XTERM_LEVELS = (0, 95, 135, 175, 215, 255)  # the 256-colour palette's 6x6x6 cube


def nearest_256(rgb):
    """The xterm 256-colour palette index closest to `rgb` (the cube or the grey ramp).
    A tinted colour keeps a tint: the grey ramp is taken only for a grey, or the faint
    tints on the unlit cap (a dim blue frame, a breathing glow) would all turn grey 236."""
    idx = [min(range(6), key=lambda i: abs(XTERM_LEVELS[i] - v)) for v in rgb]
    tinted = max(rgb) - min(rgb) >= TINT_MIN
    if tinted and len(set(idx)) == 1:  # the cube's nearest is grey too: lift the strongest channels
        top = max(rgb)
        idx = [i + 1 if v == top and i < 5 else i for i, v in zip(idx, rgb)]
    cube = tuple(XTERM_LEVELS[i] for i in idx)
    grey_i = max(0, min(23, round((sum(rgb) / 3 - 8) / 10)))
    grey = (8 + 10 * grey_i,) * 3

    def dist(c):
        return sum((a - b) ** 2 for a, b in zip(c, rgb))

    if not tinted and dist(grey) < dist(cube):
        return 232 + grey_i
    return 16 + 36 * idx[0] + 6 * idx[1] + idx[2]


TINT_MIN = 6  # a colour whose channels differ this much is a tint, not a grey (the cap is 38, 38, 42)


def truecolor():
    return os.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")


def fg(rgb, full=True):
    if full:
        return "\x1b[38;2;%d;%d;%dm" % rgb
    return "\x1b[38;5;%dm" % nearest_256(rgb)


RESET = "\x1b[0m"
CURSOR_MARK = "\x1b[1;97m"  # the brackets around the cursor cell: bold bright white
CELL = "\u2580\u2580"  # "▀▀": the top half of the line, so rows do not touch
PITCH = 4  # characters per cell: a gap (or the cursor's bracket), the cell, a gap
LABEL_W = 7  # the row labels' column: a label of 6 characters (a setup's "cards") and a space


DIGIT = "\x1b[1m"  # a die's number: bold, in its pips' colour


def key_numbers(board):
    """{cell: (number, its colour)} of the numbers a game's keys draw as pictures (4 pistes'
    dice: 3 x 3 cells of half-blocks are no pips a terminal shows), each on its picture's
    middle key: the game's words.py's numbers(ctrl, d, its screen module), [(number, its
    keys)]; {} if none."""
    d = board.app.describe()
    own = getattr(game_words_module(d["game"]), "numbers", None) if d["screen"] == "game" else None
    out = {}
    screen = own and __import__("games.%s.screen" % d["game"], None, None, ("Controller",))
    for number, cells in own(board.app.screen, d, screen) if own else ():
        out[cells[len(cells) // 2]] = (str(number), max((shown_rgb(board, c) for c in cells), key=sum))
    return out


def render(board, cursor, full=True):
    """The board as text lines: the top labels, 12 rows of cells (two characters wide,
    half a line high, a gap around each; a die of 4 pistes as its number), the cursor
    cell between brackets, the bottom labels. `full`: 24-bit colour, else the 256-colour palette."""
    top, bottom, left, right = margin_labels(board)
    numbers = key_numbers(board)
    lines = [" " * LABEL_W + "".join(t[:PITCH].center(PITCH) for t in top)]
    for row in range(grid.SIZE):
        parts = ["%*s " % (LABEL_W - 1, left[row][:LABEL_W - 1])]
        for col in range(grid.SIZE):
            c = grid.cell(row, col)
            mark = c == cursor
            parts.append((CURSOR_MARK + "[" + RESET) if mark else " ")
            if c in numbers:
                parts.append(DIGIT + fg(numbers[c][1], full) + numbers[c][0].center(len(CELL)) + RESET)
            else:
                parts.append(fg(shown_rgb(board, c), full) + CELL + RESET)
            parts.append((CURSOR_MARK + "]" + RESET) if mark else " ")
        parts.append(" " + right[row])
        lines.append("".join(parts))
    lines.append(" " * LABEL_W + "".join(t[:PITCH].center(PITCH) for t in bottom))
    return lines


def status_lines(board, cursor, last_sound, width=WIDTH):
    """The lines under the board, each at most `width` characters."""
    what, error = status_text(board)
    lines = wrap(what, width)
    d = board.app.screen.describe()
    if d["screen"] == "menu":
        lines += wrap(say(board, "tiles: " + ", ".join("%s %s" % (t["cell"], t["name"]) for t in d["tiles"])), width)
    words = [say(board, "cursor %s" % key_label(board, cursor))]
    if last_sound:
        words.append(sound_words(board, last_sound))
    if d["screen"] == "game":
        words.append("  ".join("%s %s" % (grid.name(cell), label) for cell, label in corner_labels(board, d)))
    lines += wrap("   ".join(words), width)
    if error:
        lines += wrap("(%s)" % error, width)
    lines += wrap(say(board, KEY_HELP), width)
    return lines


# -- input ----------------------------------------------------------------------------------
ARROWS = {b"A": "up", b"B": "down", b"C": "right", b"D": "left"}
KEYS = {b"\r": "tap", b"\n": "tap", b" ": "tap", b"h": "hold", b"H": "hold", b"q": "quit", b"Q": "quit", b"\x03": "quit"}
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class KeyDecoder:
    """Bytes typed -> commands ("up", "down", "left", "right", "tap", "hold", "quit").
    An arrow's escape sequence may arrive split across reads: the rest is kept."""

    def __init__(self):
        self.pending = b""

    def feed(self, data):
        buf = self.pending + data
        self.pending = b""
        out = []
        i = 0
        while i < len(buf):
            b = buf[i:i + 1]
            if b == b"\x1b":
                seq = buf[i + 1:i + 3]
                if len(seq) < 2 and seq in (b"", b"[", b"O"):
                    self.pending = buf[i:]  # wait for the rest of the sequence
                    break
                if seq[:1] in (b"[", b"O") and seq[1:2] in ARROWS:
                    out.append(ARROWS[seq[1:2]])
                    i += 3
                    continue
                i += 1  # a lone Esc or a sequence we do not use
                continue
            if b in KEYS:
                out.append(KEYS[b])
            i += 1
        return out

    def flush(self):
        """A lone Esc left pending is just Esc: drop it."""
        self.pending = b""


def move_cursor(cursor, command):
    """The cursor after an arrow command, kept on the board."""
    dr, dc = MOVES[command]
    row, col = grid.row_col(cursor)
    row = max(0, min(grid.SIZE - 1, row + dr))
    col = max(0, min(grid.SIZE - 1, col + dc))
    return grid.cell(row, col)


PLAIN = re.compile("\x1b\\[[0-9;?]*[a-zA-Z]")  # an escape sequence: no column on the screen


def columns(line):
    """The terminal columns `line` takes."""
    return len(PLAIN.sub("", line))


class Session:
    """The board, the cursor and a hold in progress: what the loop drives. `note`: a line
    said on the screen until the first key (why the terminal and not a window)."""

    def __init__(self, board, note=None):
        self.board = board
        self.cursor = grid.cell(2, 2)  # c3: the first menu tile
        self.holding = None  # (cell, ticks when to release) while `h` holds a key
        self.last_sound = None
        self.note = note
        self.in_game = False

    def command(self, cmd, now):
        """Apply one command; False when it is time to quit."""
        self.note = None
        if cmd == "quit":
            return False
        if cmd in MOVES and self.board.app.screen.describe()["screen"] == "attract":
            keys = self.board.keys  # the demo: any key brings the menu back, as on the board
            keys.push(self.cursor, True, now)
            keys.push(self.cursor, False, now)
        elif cmd in MOVES:
            self.cursor = move_cursor(self.cursor, cmd)
        elif self.holding is None:  # a tap or hold waits for the hold in progress
            keys = self.board.keys
            keys.push(self.cursor, True, now)
            if cmd == "tap":
                keys.push(self.cursor, False, now)
            else:
                self.holding = (self.cursor, now + HOLD_PRESS_MS)
        return True

    def step(self, now):
        if self.holding is not None and ticks_diff(now, self.holding[1]) >= 0:
            self.board.keys.push(self.holding[0], False, now)
            self.holding = None
        self.board.app.step()
        sounds = take_sounds(self.board)
        if sounds:
            self.last_sound = sounds[-1]
        d = self.board.app.describe()
        if d["screen"] == "game" and not self.in_game and d["keys"] and self.board.app.screen.label(self.cursor) is None:
            row, col = grid.row_col(self.cursor)  # a game begins with the cursor on no key of it: the nearest that plays
            self.cursor = min((grid.parse(k) for k in d["keys"].values()),
                              key=lambda k: abs(grid.row_col(k)[0] - row) + abs(grid.row_col(k)[1] - col))
        self.in_game = d["screen"] == "game"

    def screen(self, width=WIDTH, full=True):
        board = render(self.board, self.cursor, full)
        need = max(columns(line) for line in board)
        if width < need:  # its rows would wrap into a garbled grid
            return wrap(say(self.board, "the terminal is %d columns wide: the board needs %d, widen it (q quits)"
                            % (width, need)), width)
        lines = board + [""] + (wrap(self.note, width) if self.note else []) + status_lines(self.board, self.cursor, self.last_sound, width)
        if self.holding is not None:
            lines[-1] = say(self.board, "holding %s ..." % key_label(self.board, self.holding[0]))
        return lines


def run_terminal(storage, stdin=None, stdout=None, lang=None, note=None):
    """Play in this terminal; `note`: said on its screen until the first key."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if not stdin.isatty():
        sys.stderr.write(("%s\n" % note if note else "") + "no terminal: use --headless for scripts (python -m sim --headless < script)\n")
        return 2
    import termios
    import tty

    fd = stdin.fileno()
    saved = termios.tcgetattr(fd)
    session = Session(SimBoard(clock=Clock(), storage=storage, lang=lang), note)
    decoder = KeyDecoder()
    full = truecolor()
    out = stdout.write
    try:
        tty.setraw(fd)
        out("\x1b[?1049h\x1b[?25l\x1b[2J")  # alternate screen, hide the cursor
        shown = None
        running = True
        while running:
            ready, _, _ = select.select([fd], [], [], 1 / FPS)
            if ready:
                data = os.read(fd, 64)
                if not data:
                    break  # the terminal went away
                for cmd in decoder.feed(data):
                    running = running and session.command(cmd, ticks_ms())
            elif decoder.pending:
                decoder.flush()
            session.step(ticks_ms())
            width = min(shutil.get_terminal_size((WIDTH, 24)).columns, 200)
            # every line cleared to its end, then the rest of the screen: a shorter
            # picture leaves nothing of the last one behind
            text = "\x1b[H" + "".join(line + "\x1b[K\r\n" for line in session.screen(width, full)) + "\x1b[J"
            if text != shown:
                out(text)
                stdout.flush()
                shown = text
    except KeyboardInterrupt:
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out(RESET + "\x1b[?25h\x1b[?1049l")
        stdout.flush()
    return 0
