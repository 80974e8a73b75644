"""The board in a terminal: truecolor cells, a cursor moved with the arrow keys,
Enter = tap, h = hold (~1 s), q or Ctrl-C = quit. Also the pieces both interactive
front-ends share (how a lit LED looks on a screen, the sounds played), which need no pygame."""
import os
import select
import sys

from app import grid
from app.app import HOLD_MS
from compat import ticks_diff, ticks_ms
from drivers.clock import Clock
from sim.drivers import SimBoard

FPS = 60
HOLD_PRESS_MS = HOLD_MS + 300  # `h` keeps the key down this long: a sure hold (~1 s)

# How a diffused LED looks on screen. The eye's sense of lightness goes roughly as the
# cube root of the light (CIE L*), so a board at 25 % looks about 60 % as bright as at
# full, not a quarter (showing the LEDs' raw gamma-corrected levels looks near black).
LIGHTNESS_EXPONENT = 1 / 3
CAP_RGB = (38, 38, 42)  # an unlit button cap under room light; the LED's light adds to it

CORNER_HELP = "a1 menu (hold)  l1 undo  a12 hint  l12 new (hold)"
KEY_HELP = "arrows move  Enter tap  h hold  q quit"


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
def fg(rgb):
    return "\x1b[38;2;%d;%d;%dm" % rgb


RESET = "\x1b[0m"
CURSOR_MARK = "\x1b[1;97m"  # the brackets around the cursor cell: bold bright white


def render(board, cursor):
    """The board as text lines: a column header, then 12 rows of truecolor cells
    ("██", two characters wide), the cursor cell between brackets."""
    lines = ["    " + "".join(" %s " % chr(ord("a") + c) for c in range(grid.SIZE))]
    for row in range(grid.SIZE):
        parts = ["%3d " % (row + 1)]
        for col in range(grid.SIZE):
            c = grid.cell(row, col)
            if c == cursor:
                left = CURSOR_MARK + "["
            elif col > 0 and c - 1 == cursor:
                left = CURSOR_MARK + "]"
            else:
                left = " "
            parts.append(left + fg(shown_rgb(board, c)) + "██" + RESET)
        parts.append(CURSOR_MARK + "]" + RESET if cursor == grid.cell(row, grid.SIZE - 1) else " ")
        lines.append("".join(parts))
    return lines


def status_lines(board, cursor, last_sound):
    d = board.app.screen.describe()
    if d["screen"] == "game":
        if d["status"] == "playing":
            where = "%s: player %s to move" % (d["game"], d["to_move"])
        else:
            where = "%s: %s%s" % (d["game"], d["status"], " (player %s)" % d["winner"] if d["winner"] else "")
    else:
        where = "menu: tap a tile; b12..k12 brightness; b1/c1 who starts the next Connect Four game"
    return [
        "cursor %-4s %s   sound: %s" % (grid.name(cursor), where, last_sound or "-"),
        "corners: " + CORNER_HELP,
        KEY_HELP + ("   (%s)" % d["error"] if d.get("error") else ""),
    ]


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


class Session:
    """The board, the cursor and a hold in progress: what the loop drives."""

    def __init__(self, board):
        self.board = board
        self.cursor = grid.cell(2, 2)  # c3: the first menu tile
        self.holding = None  # (cell, ticks when to release) while `h` holds a key
        self.last_sound = None

    def command(self, cmd, now):
        """Apply one command; False when it is time to quit."""
        if cmd == "quit":
            return False
        if cmd in MOVES:
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

    def screen(self):
        lines = render(self.board, self.cursor) + [""] + status_lines(self.board, self.cursor, self.last_sound)
        if self.holding is not None:
            lines[-1] = "holding %s ..." % grid.name(self.holding[0])
        return lines


def run_terminal(storage, stdin=None, stdout=None):
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if not stdin.isatty():
        sys.stderr.write("no terminal: use --headless for scripts (python -m sim --headless < script)\n")
        return 2
    import termios
    import tty

    fd = stdin.fileno()
    saved = termios.tcgetattr(fd)
    session = Session(SimBoard(clock=Clock(), storage=storage))
    decoder = KeyDecoder()
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
            text = "\x1b[H" + "".join(line + "\x1b[K\r\n" for line in session.screen())
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
