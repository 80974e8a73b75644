# The headless simulator: runs a script, one command a line, on a virtual clock.
#   press CELL | down CELL | up CELL | hold CELL [MS] | wait MS | frame | state | start GAME [--seed N]
#   [--players K] [--variant NAME] [--board SEATS] [--level N] [--mode NAME]
#   (cells a1..l12, a1 top-left; '#' comments). A line over MAX_LINE characters or
#   a word over ECHO is an error; an error repeats at most ECHO characters of a line.
# Written in the MicroPython subset: the host's MicroPython runs the same scenarios.
import json

from app import grid
from app.app import HOLD_MS, LOOP_MS
from app.words import translate
from games.rng import check_seed
from sim.drivers import SimBoard

HOLD_DEFAULT_MS = HOLD_MS + 300  # `hold CELL` without its time: a sure hold (the terminal's `h`)
MAX_WAIT_MS = 3600000  # one `wait` or `hold` of virtual time: an hour at most
MAX_LINE = 1000  # characters of a script line
ECHO = 40  # characters of a line an error repeats


class ScriptError(Exception):
    pass


def shown(text):
    """`text` as an error repeats it: cut short."""
    return text if len(text) <= ECHO else text[:ECHO] + "..."


START_USAGE = "start takes GAME [--seed N] [--players K] [--variant NAME] [--board SEATS] [--level N] [--mode NAME]"


def seat_list(text):
    """'2,3' -> [2, 3]: the seats the board plays."""
    try:
        return [int(s) for s in text.split(",")]
    except ValueError:
        raise ScriptError("--board needs seat numbers separated by commas, not '%s'" % shown(text))


def parse_start_args(words):
    """['--seed', '3', ...] -> {"seed": 3, ...} (the referee's arguments, and the
    game's own options: "board", "level", "mode" when given)."""
    args = {"seed": None, "players": None, "variant": None}
    i = 0
    while i < len(words):
        flag = words[i]
        if flag not in ("--seed", "--players", "--variant", "--board", "--level", "--mode") or i + 1 >= len(words):
            raise ScriptError("%s, not '%s'" % (START_USAGE, shown(" ".join(words))))
        value = words[i + 1]
        if flag in ("--variant", "--mode"):
            args[flag[2:]] = value
        elif flag == "--board":
            args["board"] = seat_list(value)
        else:
            try:
                args[flag[2:]] = int(value)
            except ValueError:
                raise ScriptError("%s needs a number, not '%s'" % (flag, shown(value)))
        i += 2
    if args["seed"] is not None:
        try:
            check_seed(args["seed"])
        except ValueError as e:
            raise ScriptError(str(e))
    return args


def number(text, what):
    try:
        n = int(text)
    except ValueError:
        raise ScriptError("%s must be a number of milliseconds, not '%s'" % (what, shown(text)))
    if not 0 <= n <= MAX_WAIT_MS:
        raise ScriptError("%s must be 0..%d ms" % (what, MAX_WAIT_MS))
    return n


class Headless:
    def __init__(self, storage=None, lang=None, board=None):
        # (a board on a VirtualClock; lang: the words' language, over the setting)
        self.board = board or SimBoard(storage=storage, lang=lang)

    def advance(self, ms):
        """Let `ms` of virtual time pass, the app stepping as on the Pico."""
        clock = self.board.clock
        app = self.board.app
        end = clock.now + ms
        while clock.now < end:
            if app.down or self.board.keys.events or app.screen.busy(clock.now):
                clock.now = min(end, clock.now + LOOP_MS)
            else:
                clock.now = end  # nothing changes until a key does: skip ahead
            app.step()

    def key(self, text, down=None):
        """The key named `text`, which must be up (`press`, `hold`, `down`) or down
        (`up`); with `down` True or False it goes down (and stays) or comes up, a loop
        step."""
        key = self.cell(text)
        name = grid.name(key)
        if key in self.board.app.down:
            if down is not False:
                raise ScriptError("%s is down already (up %s releases it)" % (name, name))
        elif down is False:
            raise ScriptError("%s is not down (down %s presses it)" % (name, name))
        if down is not None:
            self.board.keys.push(key, down, self.board.clock.now)
            self.board.app.step()
        return key

    def hold(self, key, ms):
        board = self.board
        board.keys.push(key, True, board.clock.now)
        board.app.step()
        self.advance(ms)
        board.keys.push(key, False, board.clock.now)
        board.app.step()

    def state(self):
        """The app state, as the `state` command prints it, read back (a dict)."""
        return json.loads(json.dumps(self.board.app.describe()))

    def leds(self):
        """{cell name: (r, g, b)} of what every LED gets now, as `frame` prints it."""
        self.board.app.render(self.board.clock.now)
        return dict((grid.name(c), self.board.levels_rgb(c)) for c in range(grid.CELLS))

    def cell(self, text):
        try:
            return grid.parse(text)
        except ValueError as e:
            raise ScriptError(str(e))

    def run(self, line):
        """Run one script line; returns the lines it prints."""
        if len(line) > MAX_LINE:
            raise ScriptError("a line of %d characters is too long (at most %d)" % (len(line), MAX_LINE))
        words = line.split("#")[0].split()
        if not words:
            return []
        for word in words:
            if len(word) > ECHO:  # no cell, number or name is this long
                raise ScriptError("'%s' is too long for any command's word" % shown(word))
        cmd, args = words[0], words[1:]
        board = self.board
        if cmd in ("press", "hold", "down", "up") and not args:
            raise ScriptError("%s needs a cell (a1..l12)" % cmd)
        if cmd == "press" and len(args) == 1:  # a down and an up at the same instant
            self.hold(self.key(args[0]), 0)
        elif cmd == "hold" and len(args) in (1, 2):
            self.hold(self.key(args[0]), number(args[1], "hold time") if len(args) == 2 else HOLD_DEFAULT_MS)
        elif cmd in ("down", "up") and len(args) == 1:  # a press in two parts: see the light before the release
            self.key(args[0], cmd == "down")
        elif cmd == "wait" and len(args) == 1:
            self.advance(number(args[0], "wait time"))
        elif cmd == "frame" and not args:
            board.app.render(board.clock.now)
            return frame_lines(board.pixels.levels)
        elif cmd == "state" and not args:
            return [json.dumps(board.app.describe())]
        elif cmd == "start" and args and not args[0].startswith("-"):
            options = parse_start_args(args[1:])
            extra = dict((k, options[k]) for k in ("board", "level", "mode") if k in options)
            try:
                board.app.start_game(args[0], options["players"], options["variant"], options["seed"], extra)
            except ValueError as e:
                raise ScriptError(str(e))
            board.app.step()
        else:
            raise ScriptError(
                "unknown command '%s' (press CELL, down CELL, up CELL, hold CELL [MS], wait MS, frame, state, start GAME [ARGS])" % shown(line.strip())
            )
        return []


def frame_lines(levels):
    """The 12 LED rows, 12 'rrggbb' values each."""
    out = []
    for row in range(grid.SIZE):
        i = row * grid.SIZE * 3
        out.append(" ".join("%02x%02x%02x" % (levels[j], levels[j + 1], levels[j + 2]) for j in range(i, i + grid.SIZE * 3, 3)))
    return out


def run_script(lines, write, storage=None, lang=None):
    """Run every line, calling write(text) for each printed line. Returns the line
    number of the first bad line and its error (in the board's language), or None if
    all ran. A line may come as (text, error) from a reader that checks its input
    (host_tools.inputs): an error stops the script there. `lang`: "en" or "fr", over
    the saved setting (the state's words, the errors)."""
    sim = Headless(storage, lang)
    number_ = 0
    for line in lines:
        number_ += 1
        try:
            if isinstance(line, tuple):
                if line[1]:
                    raise ScriptError(line[1])
                line = line[0]
            for out in sim.run(line):
                write(out)
        except ScriptError as e:
            return number_, translate(sim.board.app.settings["lang"], str(e))
    return None
