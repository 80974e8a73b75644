# The board behind the browser page: the App on the browser's drivers (web/drivers.py),
# stepped when the page's JavaScript (web/board.mjs) wakes it: at each pointer or
# keyboard event, and at the time step() asks for. Everything crosses into JavaScript
# as plain numbers and strings. Written in the MicroPython subset: it runs on MicroPython.
import binascii
import gc
import json
import sys

from app import shared
from app.app import HOLD_MS, LOOP_MS
from app.grid import CELLS, MENU
from drivers.clock import Clock
from sim import words
from sim.drivers import SimBoard, VirtualClock
from sim.headless import Headless, frame_lines
from web.drivers import BrowserSound, BrowserStorage
from web.keys import key_names, page_say

MAX_LINK_MOVES = 2000  # a link's moves: more is no game of this board (its longest is a few hundred)
MAX_MOVE_TEXT = 40  # characters of one move in a link's notation
LINK_OPTIONS = ("board", "level", "mode")  # a game's own choices a link carries (app/menu.py's SETUP_OPTIONS)

# Nothing moves and no key is down: the screen is not busy, so nothing changes but by
# the clock alone, and the page sleeps until the next of the clock's IDLE_WAKE_MS marks
# (or an event). What changes by the clock alone is caught there: the menu's demo after
# a minute idle, and the cubes' glow, which steps on the clock's 300 ms marks and asks
# to be drawn for one FRAME_MS from each (games/cubes/screen.py busy). About 3 steps a second.
IDLE_WAKE_MS = 300


class Page:
    """host: the page's JavaScript functions (web/board.mjs `host`). virtual: the board
    runs on the simulator's VirtualClock, which moves only by advance(ms), so that a
    test's presses give the very frames of the headless simulator (sim/headless.py)."""

    def __init__(self, host, virtual=False, notice=None):
        # (at power-up the board sets aside what it cannot read back, with its notice:
        # app/aside.py, through BrowserStorage.set_aside; the page lists them, set_aside)
        self.board = SimBoard(clock=VirtualClock() if virtual else Clock(), storage=BrowserStorage(host),
                              sound=BrowserSound(host))
        self.virtual = virtual
        self.headless = Headless(board=self.board)
        app = self.board.app
        self.set_aside = app.aside
        if notice:  # the page restarted the board after an error, as main.py does
            app.show_notice(notice, MENU, add=True)
            app.step()
        self.shown = -1  # the strip's write count the page last drew
        self.kept_seats = None  # seats(): the replay that says who played each move
        self.last_signature = None
        self.named = None  # the state the keys' names were last made for: names()

    # -- what the page calls ----------------------------------------------------------
    def key(self, cell, pressed):
        """A key goes down or up now (a pointer, a finger, the keyboard); a step
        answers it. Returns step()'s wait."""
        if isinstance(cell, int) and 0 <= cell < CELLS:
            self.board.keys.push(cell, bool(pressed), self.board.clock.ticks_ms())
        return self.step()

    def step(self):
        """One loop step of the App. Returns the milliseconds until the next one is
        due: the loop's pace while a key is down (a hold is timed) or the screen is
        busy, else the next idle mark; -1 on the virtual clock (it moves by advance)."""
        app = self.board.app
        app.step()
        if self.virtual:
            return -1
        if app.down or app.was_busy or app.after_render is not None:
            return LOOP_MS
        return IDLE_WAKE_MS - self.board.clock.ticks_ms() % IDLE_WAKE_MS

    def levels(self):
        """The LEDs' levels as 864 hex digits (cell order, RGB) when the strip was written
        since the last call, else "": the page redraws only a changed frame."""
        strip = self.board.strip
        if strip.writes == self.shown:
            return ""
        self.shown = strip.writes
        return binascii.hexlify(self.board.pixels.levels).decode()

    def view(self, whole=True):
        """What the page writes around the board (view_words()), with the controller's
        parts that the words need kept loaded for the whole of it: one import of each,
        not one per key's name (an import costs about as much as a key's name in the
        wasm port), forgotten after as every call of theirs would (app/shared.py)."""
        if not shared.FREE_PARTS:
            return self.view_words(whole)
        before = set(sys.modules)
        shared.FREE_PARTS = False
        try:
            return self.view_words(whole)
        finally:
            shared.FREE_PARTS = True
            unload_new(before)

    def view_words(self, whole=True):
        """What the page writes around the board, as JSON: the margin labels in the
        game's notation, the captions, the status line, the refusal, the rules page,
        the last sound (sim/words.py: the window's and the terminal's words), the keys'
        names, the game's record. Not `whole`: the status line and the refusal only (the
        page writes them with the frame, the rest after it)."""
        board = self.board
        d = board.app.describe()  # (its words in the board's language)
        over = self.outcome(d)
        if over:  # the end from the player's side: where the board played, "you win" or "the board wins"
            d["turn"] = over
        what, page, error = words.screen_text(board, d)
        if not whole:
            return json.dumps({"status": what, "error": error})
        played = board.sound.played
        return json.dumps({
            "lang": board.app.settings["lang"],
            "over": over,
            "labels": words.margin_labels(board),
            "captions": [[place, cell, text] for place, cell, text in words.captions(board, d)],
            "status": what,
            "error": error,
            "rules": page,
            "sound": words.say(board, words.SOUND_MEANINGS.get(played[-1], played[-1])) if played else None,  # (what it means)
            "notice": board.app.notice[0] if board.app.notice else None,
        })

    def names(self):
        """The keys' names and marks (web/keys.py) and the game's record (record()), as
        JSON, when the state changed since the last call; else "" (the page keeps what
        it has: they are made only when a move, a screen or a choice changes them)."""
        app = self.board.app
        screen = app.screen
        st = getattr(screen, "state", None)
        mark = (id(screen), len(st.history) if st is not None and hasattr(st, "history") else -1,
                getattr(st, "status", None), getattr(screen, "hint_move", None),
                repr(getattr(screen, "options", None)), repr(app.settings), getattr(screen, "thinking", None))
        if mark == self.named:
            return ""
        self.named = mark
        free = shared.FREE_PARTS
        before = set(sys.modules)
        shared.FREE_PARTS = False  # (see view())
        try:
            d = app.describe()
            return json.dumps({"keys": key_names(self.board, d), "game": self.record(d)})
        finally:
            shared.FREE_PARTS = free
            if free:
                unload_new(before)
            # what the names made is garbage now: collected here, after the frame is
            # painted, not by the next press's step (its light would wait for it)
            gc.collect()

    # -- the page as a game site: the move list, the game as a link ----------------------
    def outcome(self, d):
        """The end said from the player's side where the board played a seat: "you win"
        (one person played), "the board wins"; else None (the game's own words stand)."""
        seats = d.get("board")
        if d["screen"] != "game" or not seats or d["status"] != "won":
            return None
        winners = d.get("winners") or ([d["winner"]] if d.get("winner") else [])
        if winners and all(w in seats for w in winners):
            return page_say(self.board, "the board wins")
        if winners and len(seats) == d["players"] - 1:
            return page_say(self.board, "you win")
        return None

    def seats(self, ctrl):
        """The seat that played each move of the game: one replay, carried on while the
        game only grows by moves."""
        st = ctrl.state
        history = st.history
        kept = self.kept_seats  # (state, the moves replayed, the replay, their seats)
        if kept is None or kept[0] is not st or history[:len(kept[1])] != kept[1]:
            kept = self.kept_seats = (st, [], ctrl.fresh_state(), [])
        moves, replay, seats = kept[1], kept[2], kept[3]
        for move in history[len(moves):]:
            seats.append(replay.to_move)
            replay.play(move)
            moves.append(move)
        return seats

    def record(self, d=None):
        """The game on the board, as a link carries it: {"setup": its setup (the save's),
        "moves": [[seat's colour, move], ...] in the notation}; None off a game."""
        app = self.board.app
        ctrl = app.screen
        d = d or app.describe()
        if d["screen"] != "game":
            return None
        seats = self.seats(ctrl)
        moves = d["moves"]
        return {
            "setup": dict(ctrl.setup),
            "moves": [[seat_words(self.board, ctrl, seats[i]) if d["players"] > 1 else "", m] for i, m in enumerate(moves)],
        }

    def moves(self):
        """The game's moves in its notation, as JSON; [] off a game."""
        d = self.board.app.describe()
        return json.dumps(d["moves"] if d["screen"] == "game" else [])

    def open_game(self, text):
        """Opens a link's game ({"setup": {...}, "moves": [...]} as JSON, from the page's
        address) at its last move. Returns JSON: {"error": why} when the link is no game
        of this board (nothing changes), else {"played": moves replayed, "of": moves
        given, "kept": where the tile's other game in progress was set aside, or null}."""
        from app import catalog, saves, saves_read

        try:
            setup, moves = link_game(json.loads(text))
            game = setup["game"]
            if game not in catalog.game_ids():
                raise ValueError("this board has no game '%s' (its games: %s)" % (game[:20], ", ".join(catalog.game_ids())))
            catalog.tile_of(game, setup.get("players"), setup.get("variant"))
        except (ValueError, TypeError, KeyError) as e:
            return json.dumps({"error": str(e)})
        app = self.board.app
        storage = self.board.storage
        from app.menu import replay_what_can_be

        ready = replay_what_can_be(app, setup, moves)
        if ready is None:
            return json.dumps({"error": "the board cannot set up this game (%s)" % game})
        played = len(ready.state.history)
        # the tile's game in progress, unless this link goes on from it, is kept aside whole
        name = saves.game_file(game, setup.get("players"), setup.get("variant"))
        saved = saves_read.load_game(storage, game, setup.get("players"), setup.get("variant"))
        kept = None
        if saved is not None and not (saved and same_setup(saved[0], setup) and moves[:len(saved[1])] == saved[1]):
            kept = storage.set_aside(name)
            if not kept:
                return json.dumps({"error": "the game in progress on its tile could not be kept aside (is the "
                                            "browser's storage full?): it was left as it is"})
        app.resume_game(setup, moves, ready)
        app.after_render = ready.save_or_refuse  # the link's game is its tile's game now
        app.step()
        return json.dumps({"played": played, "of": len(moves), "kept": kept})

    def changed(self):
        """What may have changed in the words since the last call: 0 nothing said, 1 a
        move, a refusal, the notice on the same screen (the page writes the status line
        with the frame: its words are at hand), 2 another screen (its words' modules
        may still have to load: the page writes them just after the frame, so that the
        press that changed it lights at once)."""
        app = self.board.app
        screen = app.screen
        st = getattr(screen, "state", None)
        signature = (id(screen), len(st.history) if st is not None and hasattr(st, "history") else -1,
                     getattr(screen, "error", None), app.notice, app.settings["lang"],
                     getattr(screen, "hint_move", None))
        last = self.last_signature
        self.last_signature = signature
        if signature == last:
            return 0
        return 1 if last is not None and last[0] == signature[0] else 2

    def state(self):
        """The headless `state` command's JSON."""
        return json.dumps(self.board.app.describe())

    def frame(self):
        """The headless `frame` command's 12 lines: the frame rendered now, as the
        LEDs get it."""
        app = self.board.app
        app.render(self.board.clock.ticks_ms())
        return "\n".join(frame_lines(self.board.pixels.levels))

    def advance(self, ms):
        """Virtual clock only: lets `ms` pass as the headless `wait` does."""
        if not self.virtual:
            raise ValueError("advance() needs the page's virtual clock (?clock=virtual)")
        self.headless.advance(int(ms))
        return -1

    def set_aside_json(self):
        """[[what, where it is kept now], ...] of what power-up set aside."""
        return json.dumps([[entry[0], entry[1]] for entry in self.set_aside])

    def hold_ms(self):
        return HOLD_MS


def unload_new(before):
    """Forgets the modules loaded since `before` (a set of names), as the calls that
    loaded them would have (app/shared.py); a language's table stays, as translate() keeps it."""
    for name in list(sys.modules):
        if name not in before and not name.startswith("app.words_"):
            shared.unload(name)


def seat_words(board, ctrl, seat):
    """The seat as its pieces' colour ("yellow"), or "player 3" where seats share a
    colour (4D Squeeze's teams)."""
    if not seat:
        return ""
    from app.controller_text import colour_name

    said = words.say(board, colour_name(ctrl, seat) if seat < len(ctrl.player_colors) else "player %d" % seat)
    if seat in (ctrl.board_seats or ()):  # the board's own moves, apart from the people's
        said += " (%s)" % page_say(board, "the board")
    return said


def link_game(data):
    """(setup, moves) of a link's game as the page read it from its address; ValueError
    saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("the link holds no game")
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise ValueError("the link names no game (game=...)")
    setup = {"game": game, "players": None, "variant": None, "seed": 0, "swap": False}
    for name in ("players", "seed"):
        value = data.get(name)
        if value is not None:
            setup[name] = whole_number(value, name)
    if data.get("variant") is not None:
        setup["variant"] = str(data["variant"])
    if data.get("swap") is not None:
        if data["swap"] not in ("0", "1"):
            raise ValueError("swap is 0 or 1, not '%s'" % data["swap"])
        setup["swap"] = data["swap"] == "1"
    if data.get("board") is not None:
        setup["board"] = [whole_number(s, "board") for s in str(data["board"]).split("-")] if data["board"] else []
    if data.get("level") is not None:
        setup["level"] = whole_number(data["level"], "level")
    if data.get("mode") is not None:
        setup["mode"] = str(data["mode"])
    moves = data.get("moves") or []
    if not isinstance(moves, list) or not all(isinstance(m, str) and 0 < len(m) <= MAX_MOVE_TEXT for m in moves):
        raise ValueError("the link's moves are not moves of the notation")
    if len(moves) > MAX_LINK_MOVES:
        raise ValueError("the link holds %d moves: more than any game of the board" % len(moves))
    return setup, moves


def whole_number(text, name):
    text = str(text)
    if not text.isdigit() or len(text) > 10:
        raise ValueError("%s is a whole number, not '%s'" % (name, text[:20]))
    return int(text)


def same_setup(saved, setup):
    """True when a save's setup is the link's (the same game, its choices and its deal)."""
    for name in ("game", "players", "variant", "seed", "swap") + LINK_OPTIONS:
        if saved.get(name) != setup.get(name) and (name in setup or saved.get(name) is not None):
            if name in ("players", "variant") and not saved.get(name) and not setup.get(name):
                continue
            return False
    return True
