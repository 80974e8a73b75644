# The menu: one 2x2 tile per game of app/catalog.py, the brightness, the match's and
# the language's settings (Menu says which key does what); left idle, the board plays
# itself (app/attract.py).
from app import catalog, colors, grid, saves
from app.shared import FLASH_MS, call_part, flashing, free_menu, imports, pending, slice_of, unload
from app.saves_read import load_game
from app.tiles import TILE_CELLS, draw_tile, phase, turns
from compat import ticks_add, ticks_diff

BRIGHTNESS_ROW = grid.SIZE - 1
BRIGHTNESS_STEPS = 10  # b12..k12 -> 10 %, 20 % .. 100 %
BRIGHTNESS_PERCENTS = tuple(col * 100 // BRIGHTNESS_STEPS for col in range(1, BRIGHTNESS_STEPS + 1))  # b12's first
MATCH_KEYS = dict(zip((grid.cell(0, 1), grid.cell(0, 2)), saves.MATCH_CHOICES))  # b1, c1
LANG_KEYS = dict(zip((grid.cell(0, 9), grid.cell(0, 10)), catalog.LANGS))  # j1 English, k1 French
# A game's own choices beyond players and variant, kept in its setup: "board" (the
# seats the board plays, a list), "level" (1..5, how well it plays), "mode" (a name).
SETUP_OPTIONS = ("board", "level", "mode")
MATCH_COLORS = (colors.YELLOW, colors.RED)  # b1, c1: Connect Four's colours
IDLE_MS = 60000  # the menu idle this long starts the demo


def idle_demo(menu, now):
    """Called by Menu.busy(): starts the demo once the menu has been idle IDLE_MS (a key
    down makes it busy again). True when the demo took over the screen."""
    since = getattr(menu, "idle_since", None)
    if since is None or menu.app.down:
        menu.idle_since = now
    elif ticks_diff(now, since) >= IDLE_MS:
        from app.attract import Attract

        menu.app.screen = Attract(menu.app, now)
        menu.app.dirty = True
        free_menu()  # the menu's modules: loaded again when it shows
        return True
    return False


class Menu:
    """The menu: one 2x2 tile per game (see app/catalog.py), three tiles a row, each lit
    with its game's pictogram (on a tile for more than 2 players the turn goes round).
    A first press on a tile shows its setup screen (app/setup.py: the game's name, its
    choices), a second press there starts the game, or resumes it when a game of it was
    in progress (its tile blinks). The bottom ring row sets the brightness: b12 dimmest
    .. k12 full. Two keys of the top ring choose who starts the next game of a Connect
    Four match: b1 the loser, c1 the other player (alternate); they are lit in Connect
    Four's colours, the chosen one at full level. Two more choose the language of the
    games' names the setup screen scrolls (and of the simulator's words): j1 English,
    k1 French, the chosen one white. Left idle IDLE_MS, the board plays
    itself (app/attract.py). The setup screen and the demo are loaded only when shown.
    Against the board (it plays a seat), a tile breathes instead of blinking: in the
    menu for its game in progress, on its setup screen once a seat is the board's.
    """
    holds = ()  # no key has a hold here: every key acts on its press (app.App.key)

    def __init__(self, app, read=True, files=None):
        """`read` False: the tiles' saves are read by read_saves() (app.app.menu_ahead).
        `files`: the storage's names() listed at power-up (app/aside.py check), if known."""
        self.app = app
        self.flash_cell = None
        self.flash_until = None
        self.error = None
        # which tiles have a game to resume, and its setup (what its setup screen shows
        # first); its moves are read only when it is chosen, by the setup screen while
        # it waits (a long game's moves kept for every tile would hold kilobytes of RAM)
        self.saved = []
        self.setups = []
        self.against = []  # ... and which of those games the board plays in (a seat)
        self.moving = False
        self.chosen = None  # a tile pressed: lit white until its setup screen shows (setup)
        # the picture kept (draw): [its key, its LEDs, the saves read, the LEDs of the
        # tiles that do not move then]
        self.drawn = [None, None, None, None]
        if read:
            for _ in self.read_saves(files):
                pass
        self.curve = None  # the gamma curve (drivers/gamma_data.py): the brightness row's tables made from it, loaded ahead
        self.loading = self.load_ahead()

    def load_ahead(self):
        """What a tile's press shows (its setup screen, its game's name) and the gamma
        curve the brightness row's presses scale loaded while the menu waits."""
        yield from imports(("app.font", "app.setup", "app.names_" + self.app.settings["lang"], "drivers.gamma_data"))
        from drivers.gamma_data import CURVE

        self.curve = CURVE
        unload("drivers.gamma_data")  # (the menu holds its curve: freed with it)

    def read_saves(self, files=None):
        """Which tiles have a game to resume (and against the board), a tile a step.
        `files`: the storage's names(), if listed just before: a tile whose file is not
        among them has no save, and is not opened (a Pico's flash takes some 5 ms to
        find no file, for the file and its .bak: drivers/storage.py)."""
        for t in catalog.TILES:
            game = None
            if files is None or saves.game_file(t[0], t[1], t[2]) in files:
                game = load_game(self.app.storage, t[0], t[1], t[2])
            if game is False:  # a file the board cannot read back: set aside, said on its tile
                from app.aside import set_aside_save

                game = set_aside_save(self.app, len(self.saved))
            self.saved.append(game is not None)
            self.setups.append(game and game[0])
            self.against.append(game is not None and bool(game[0].get("board")))
            game = None
            yield
        # a tile blinks or turns: the picture moves
        self.moving = any(self.saved) or any(turns(i) for i in range(len(catalog.TILES)))

    def ahead(self, now):
        """Work ahead (app.App.step): True while there is more."""
        if self.loading is not None and slice_of(self.app, self.loading) is not None:
            self.loading = None
        return self.loading is not None

    def tile_at(self, cell):
        for i in range(len(catalog.TILES)):
            if cell in TILE_CELLS[i]:
                return i
        return None

    def resumable(self, index):
        """True when this tile has a game in progress (or just finished)."""
        return self.saved[index]

    def tap(self, cell, now):
        self.error = None
        index = self.tile_at(cell)
        row, col = grid.row_col(cell)
        if index is not None:  # answer first (the tile lit), its setup screen made behind it
            self.chosen = index
            self.app.then = self.setup
            self.app.sound.play("menu")
        elif row == BRIGHTNESS_ROW and 1 <= col <= BRIGHTNESS_STEPS:
            self.app.set_brightness(BRIGHTNESS_PERCENTS[col - 1], self.curve)
            self.app.sound.play("menu")
        elif cell in MATCH_KEYS:
            self.app.set_setting("match", MATCH_KEYS[cell])
            self.app.sound.play("menu")
        elif cell in LANG_KEYS:
            old = self.app.settings["lang"]
            self.app.set_setting("lang", LANG_KEYS[cell])
            unload("app.names_" + old)  # the other language's words are not kept
            unload("app.words_" + old)
            self.app.sound.play("menu")
        else:
            self.error = "%s is not a game tile"  # (the cell named in describe(): grid.name loads games.base)
            self.flash_cell = cell
            self.flash_until = ticks_add(now, FLASH_MS)
            self.app.sound.play("illegal")

    def setup(self, now):
        """The chosen tile's setup screen (App.then: its press's answer is on the LEDs)."""
        from app.setup import Setup

        index = self.chosen
        self.chosen = None
        # (no file read here: the moves are read by the setup screen, ahead)
        self.app.screen = Setup(self.app, index, (self.setups[index], None) if self.saved[index] else None, now)

    def busy(self, now):
        if idle_demo(self, now):  # left idle, the board plays against itself
            return True
        self.flash_until = pending(self.flash_until, now)
        return self.moving or self.flash_until is not None

    def moves(self, index):
        """True for a tile whose picture changes with time (draw_tile: it blinks, breathes or turns)."""
        return self.saved[index] or turns(index)

    def draw(self, frame, now):
        """The menu's picture, from the one kept while nothing it shows has changed (a copy,
        where drawing it takes ~3 ms of a Pico: a press waits for a frame being drawn)."""
        settings = self.app.settings
        key = (settings["brightness"], settings["match"], settings["lang"], len(self.saved),
               phase(now, any(self.against)))
        drawn = self.drawn
        if drawn[0] == key:
            frame.buf[:] = drawn[1]
        else:
            if drawn[2] != len(self.saved):  # the tiles that do not move, kept while the saves read stay
                for i in range(len(catalog.TILES)):
                    if i >= len(self.saved) or not self.moves(i):
                        draw_tile(frame, i, 0, False, False)
                drawn[2], drawn[3] = len(self.saved), bytes(frame.buf)
            frame.buf[:] = drawn[3]
            for i in range(len(catalog.TILES)):
                if self.moves(i):
                    draw_tile(frame, i, now, self.resumable(i), self.against[i])
            # the settings' keys: the brightness row, the match's and the language's
            level = settings["brightness"] * BRIGHTNESS_STEPS // 100
            for col in range(1, BRIGHTNESS_STEPS + 1):
                frame.set(grid.cell(BRIGHTNESS_ROW, col), colors.WHITE if col <= level else colors.SYSTEM)
            for c, choice in MATCH_KEYS.items():
                color = MATCH_COLORS[saves.MATCH_CHOICES.index(choice)]
                frame.set(c, color if settings["match"] == choice else colors.scale(color, 1, 6))
            for c, lang in LANG_KEYS.items():
                frame.set(c, colors.WHITE if settings["lang"] == lang else colors.SYSTEM)
            drawn[0], drawn[1] = key, bytes(frame.buf)
        if flashing(self.flash_until, now):
            frame.set(self.flash_cell, colors.ILLEGAL)
        if self.chosen is not None:
            for c in TILE_CELLS[self.chosen]:
                frame.set(c, colors.WHITE)

    def describe(self):
        """The simulator's state (app/menu_text.py: a board never asks)."""
        return call_part("app.menu_text", "menu_state", self)


# -- starting a tile's game: App.start_game and App.resume_game. Only the menu's setup
# screen (and the simulator's `start`) starts one, so this code is freed with the menu.
def start_game(app, game, players, variant, seed, options):
    from app.setup import controller_class
    from games.rng import Rng

    if variant == "classic":  # the referee's name for a game without its variant
        variant = None
    cls = controller_class(game, variant)
    index = catalog.tile_of(game, players, variant)
    asked = [option[0] for option in catalog.tile_options(index)]
    if seed is None:  # a game with chance replays its save from this seed
        seed = app.clock.ticks_ms() & 0x3FFFFFFF
    rng = Rng(seed)
    # who starts a game's first (app/controller.py: "random" is its RANDOM; here, not
    # there, as only a start needs it: a game's RAM)
    swap = cls.first_starter == "random" and rng.below(2) == 1
    setup = {"game": game, "players": players, "variant": variant, "seed": seed, "swap": swap}
    for name in options or ():
        if name not in SETUP_OPTIONS:
            raise ValueError("unknown option '%s' (options: %s)" % (name, ", ".join(SETUP_OPTIONS)))
        if name not in asked:  # taken and ignored would mislead: say so
            raise ValueError("this game asks no %s (it asks: %s)" % (name, ", ".join(asked) or "nothing"))
        setup[name] = options[name]
    controller = cls(app, setup)
    if catalog.TILES[index][1] is None and players not in catalog.player_choices(game, variant):
        controller.setup["players"] = None  # the usual count: kept as its tile keeps it, so the tile resumes it
    app.screen = controller
    free_menu()
    app.after_render = controller.save_or_refuse  # the new game lights up first
    app.dirty = True


def resume_game(app, setup, moves, ready=None):
    """`ready`: the game's controller, already made from this save (the setup screen makes
    it while it waits: app/setup.py), else it is made here. A save that no longer replays
    whole (damaged, or written by a board whose rules differed) resumes as far as it
    does, a damaged option at its default, and the board says so (its notice): only what
    cannot be played is dropped, and only once the next move is saved."""
    if ready is None:
        ready = replay_what_can_be(app, setup, moves)
    if ready is None:  # not even its setup: that tile's game afresh
        options = dict((k, setup[k]) for k in SETUP_OPTIONS if k in setup)  # e.g. its mode
        try:
            start_game(app, setup["game"], setup.get("players"), setup.get("variant"), None, options)
        except ValueError:  # a damaged option: the defaults
            start_game(app, setup["game"], setup.get("players"), setup.get("variant"), None, None)
    else:
        app.screen = ready
        free_menu()
    app.dirty = True


class _Counted:
    """The moves of a replay, counting those played: when the replay stops on a move,
    `played` is the number of moves before it (`started`: the replay began)."""

    def __init__(self, moves):
        self.moves = moves
        self.played = 0
        self.started = False

    def __len__(self):
        return len(self.moves)

    def __iter__(self):
        self.started = True
        for move in self.moves:
            yield move
            self.played += 1  # (the next one asked for: this one played)


def replay_what_can_be(app, setup, moves):
    """The controller of the save, or of as much of it as replays, an option it refuses
    at its default (the board's notice says what was dropped); None when not even that
    starts a game."""
    from app.setup import controller_class
    from games.base import IllegalMove

    cls = controller_class(setup["game"], setup.get("variant"))
    what = catalog.tile_name(catalog.tile_of(setup["game"], setup.get("players"), setup.get("variant")))
    options = [k for k in SETUP_OPTIONS if k in setup]
    # as saved; then without one of its options; then without any
    for dropped in [()] + [(k,) for k in options] + ([options] if len(options) > 1 else []):
        tried = dict((k, v) for k, v in setup.items() if k not in dropped)
        counted = _Counted(moves)
        try:
            controller = cls(app, tried, counted)
        except (ValueError, TypeError, IllegalMove):
            if not counted.started or counted.played == len(moves):
                continue  # its setup was refused, not a move
            try:  # the moves before the one refused
                controller = cls(app, tried, moves[:counted.played])
            except (ValueError, TypeError, IllegalMove):
                continue
        short = counted.played < len(moves)
        if (short or dropped) and hasattr(controller, "unload_helpers"):
            controller.unload_helpers()  # what a failed replay loaded to read its moves (RAM)
        choices = " and ".join(dropped)
        if short and dropped:
            app.show_notice("the saved game of %s had a damaged choice (%s), now at its default, and replays only to "
                            "move %d of %d" % (what, choices, counted.played, len(moves)), grid.MENU)
        elif short:
            app.show_notice("the saved game of %s replays only to move %d of %d: play goes on from there"
                            % (what, counted.played, len(moves)), grid.MENU)
        elif dropped:
            app.show_notice("the saved game of %s had a damaged choice (%s): its default is used" % (what, choices),
                            grid.MENU)
        return controller
    return None
