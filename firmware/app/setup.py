# The setup screen of a menu tile (its first press): the game's name scrolls, its tile
# stays lit, and the choices its game asks (catalog.tile_options) sit on the ring, one
# side each; a second press on the tile starts the game with them, or resumes the tile's
# game; a tile the board plays shows two pictures along the bottom (app/setup_pictures.py:
# "with friends", "against the board"). It finds a game's modules by name and loads them
# ahead (screen_module, start_modules): the menu's, freed while a game is played.
from app import catalog, colors, font, grid
from app.shared import FLASH_MS, call_part, imports, pending, slice_of
from app.saves_read import load_game
from app.tiles import draw_tile, phase, tile_cells
from compat import ticks_add, ticks_diff

SCROLL_MS = 150  # the name moves one pixel column this often
TEXT_COLOR = colors.scale(colors.WHITE, 1, 2)
# The keys of each option, in the order asked: up to 10 choices on each ring side.
OPTION_KEYS = (
    tuple(grid.cell(r, 0) for r in range(1, 11)),  # left column, a2 .. a11
    tuple(grid.cell(r, grid.SIZE - 1) for r in range(1, 11)),  # right column, l2 .. l11
    tuple(grid.cell(grid.SIZE - 1, c) for c in range(1, 11)),  # bottom row, b12 .. k12
    tuple(grid.cell(0, c) for c in range(1, 11)),  # top row, b1 .. k1
)
# An option's keys: the chosen one white, the others in the option's colour, dim.
OPTION_COLORS = {"players": colors.YELLOW, "board": colors.CYAN, "level": colors.GREEN, "mode": colors.ORANGE}
SEATS = "seats"  # the choices of "board": which of the seats 1..players the board plays


def remembered_level(settings, game, default):
    """The level last chosen on the board for `game` (against the board), else default.
    Here, not in app/saves.py: only the menu's setup needs it (a game's RAM)."""
    return settings.get("levels", {}).get(game, default)


def remember_level(app, game, level):
    """Keeps the level chosen for `game` in the settings (kept through a power cut)."""
    levels = dict(app.settings.get("levels", {}))
    levels[game] = level
    app.set_setting("levels", levels)


# What a game's start (or resume) loads beyond its screen's own imports: the common
# parts first, then the game's rules and screen, then what its screen names in `ahead_parts`
# (a part its start needs): loaded ahead while the setup screen waits.
START_PARTS = ("games.rng", "games.base", "app.controller", "games.levels", "app.controller_start")


def start_ahead(game):
    """Work ahead: what the game's first state makes once, its rules' `ahead()` if they
    have one (Squeeze's start position, ~12 ms on a Pico)."""
    ahead = getattr(__import__("games.%s.rules" % game, None, None, ("rules",)), "ahead", None)
    if ahead is not None:
        ahead()


def start_modules(game, variant=None):
    """The modules a game of this tile loads as it starts, in an order where each one's
    own imports are loaded before it (the rules, then the screen)."""
    return START_PARTS + ("games.%s.rules" % game, screen_module(game, variant))


def screen_module(game, variant=None):
    """games/GAME/screen.py, or a variant's own games/GAME/VARIANT_screen.py (one whose
    tile the catalog has; other variants are the rules' to refuse)."""
    if game not in catalog.game_ids():
        raise ValueError("no game '%s' on this board (games: %s)" % (game, ", ".join(catalog.game_ids())))
    for tile in catalog.TILES:
        if tile[0] == game and variant and tile[2] == variant:
            return "games.%s.%s_screen" % (game, variant)
    return "games.%s.screen" % game


def controller_class(game, variant=None):
    return __import__(screen_module(game, variant), None, None, ("Controller",)).Controller


class Setup:
    holds = ()  # every key acts on its press (a1 too: back to the menu)

    def __init__(self, app, index, saved, now):
        self.app = app
        self.index = index
        self.game, self.players, self.variant = catalog.TILES[index][:3]
        # (setup, moves) of the tile's game in progress, or None; moves None: not read yet
        # (read_moves(), ahead)
        self.saved = saved
        self.tile = tile_cells(index)
        self.title = catalog.tile_name(index, app.settings["lang"])  # in the menu's language
        self.text = None  # the name's rows of pixels (scrolling_text): not made in this press's light
        self.shown_at = now
        self.error = None
        self.flash_until = None
        self.options = []  # [name, choices, value], in the order asked
        asked = catalog.tile_options(index)[:len(OPTION_KEYS)]
        for name, choices, default in asked:
            if name == "level":  # the level last chosen for this game, kept in the settings
                default = remembered_level(app.settings, self.game, default)
            value = default if saved is None else saved[0].get(name, default)  # the game in progress's
            if (choices == SEATS) != isinstance(value, list) or choices != SEATS and value not in choices:
                value = default  # (a damaged save)
            self.options.append([name, choices, list(value) if choices == SEATS else value])
        # the two pictures: on a tile where the board may take a seat (two options at most);
        # their module, loaded ahead (load_ahead)
        self.pictures = len(asked) <= 2 and any(option[1] == SEATS for option in asked)
        self.drawing = None
        # the choices of the game in progress: the tile resumes it while they stay, and
        # starts a new game once one is changed (how a new player count gets chosen)
        self.kept = self.start_args() if saved is not None else None
        # the row band the tile sits in decides where the name goes: away from it
        # (above the pictures, if any)
        self.text_top = (4 if self.pictures else 6) if grid.row_col(self.tile[0])[0] < 5 else 1
        self.ready = None  # the game in progress, resumed ahead from its save (loading())
        self.pressed = None  # the tile's second press: its ticks, while its game is started behind its answer (play)
        self.drawn = None  # (key, LEDs) of the picture kept (draw): its choices and its phase, unchanged
        self.loading = self.load_ahead()

    # -- work ahead, while the screen waits (app.App.step): the second press answers at once --
    def load_ahead(self):
        """The game's modules, one a step (an import from a Pico's flash takes 10-45 ms),
        then the game in progress replayed from its save (kept in self.ready), or what a
        new game's rules make once (start_ahead)."""
        self.scrolling_text()
        yield
        self.pictures_module()
        yield
        yield from imports(start_modules(self.game, self.variant))
        controller = controller_class(self.game, self.variant)
        yield from imports(getattr(controller, "ahead_parts", ()))
        if self.saved is None:
            start_ahead(self.game)
        elif self.read_moves():
            yield
            try:
                self.ready = controller(self.app, self.saved[0], self.saved[1])
            except Exception:  # a save that does not replay: its press finds out again (menu.resume_game)
                pass

    def pictures_module(self):
        """app/setup_pictures.py, if this tile shows the pictures (else None)."""
        if self.pictures and self.drawing is None:
            from app import setup_pictures

            self.drawing = setup_pictures
        return self.drawing

    def scrolling_text(self):
        """The name entering from the right, as font.HEIGHT rows of pixels (1 lit, 0 not),
        each followed by its first 10 again (any 10 in a row are a slice), and the cells
        of the rows it scrolls in: made once, after the press that showed this screen has
        lit (a long name's columns take milliseconds on a Pico)."""
        if self.text is None:
            columns = bytes(10) + font.columns(self.title) + bytes(2)
            columns += columns[:10]
            self.text = (tuple(bytes(c >> y & 1 for c in columns) for y in range(font.HEIGHT)),
                         tuple(bytes(grid.cell(self.text_top + y, 1 + x) for x in range(10))
                               for y in range(font.HEIGHT)))
        return self.text

    def read_moves(self):
        """The game in progress read from its save, if not yet (False: its save is gone:
        the tile then starts a new game)."""
        if self.saved is not None and self.saved[1] is None:
            self.saved = load_game(self.app.storage, self.game, self.players, self.variant)
            if self.saved is False:  # damaged since the menu read it: set aside, said on its tile
                from app.aside import set_aside_save

                self.saved = set_aside_save(self.app, self.index)
        return self.saved is not None

    def ahead(self, now):
        """Work ahead (app.App.step): True while there is more."""
        if self.loading is not None and slice_of(self.app, self.loading) is not None:
            self.loading = None
        return self.loading is not None

    # -- the choices ----------------------------------------------------------------------
    def value(self, name, default=None):
        for option in self.options:
            if option[0] == name:
                return option[2]
        return default

    def choices(self, option):
        """The values an option's keys stand for, in key order."""
        name, choices, _ = option
        if choices == SEATS:
            return tuple(range(1, (self.value("players", self.players) or 2) + 1))
        return tuple(choices)[:len(OPTION_KEYS[0])]

    def chosen(self, option, choice):
        return choice in option[2] if option[1] == SEATS else choice == option[2]

    def choose(self, option, choice):
        if option[1] == SEATS:
            seats = option[2]
            if choice in seats:
                seats.remove(choice)
            else:
                seats.append(choice)
                seats.sort()
        else:
            option[2] = choice
            if option[0] == "level":
                remember_level(self.app, self.game, choice)
            if option[0] == "players":  # seats beyond the new count go
                for other in self.options:
                    if other[1] == SEATS:
                        other[2] = [s for s in other[2] if s <= choice]

    def resuming(self):
        """True while the tile's second press resumes its game in progress."""
        return self.saved is not None and self.start_args() == self.kept

    def against(self):
        """True while the choices give the board a seat: the tile breathes."""
        return bool(self.value("board"))

    def start_args(self):
        """(players, options) for App.start_game, from the choices made."""
        options = {}
        for name, _, value in self.options:
            if name != "players":
                options[name] = list(value) if isinstance(value, list) else value
        return self.value("players", self.players), options

    # -- the screen interface -------------------------------------------------------------
    def tap(self, cell, now):
        self.error = None
        pictures = self.pictures_module()  # (loaded ahead: no import in a press's light)
        if pictures and pictures.press(self, cell):
            self.drawn = None  # (its choices changed: the picture is drawn afresh)
            cell = self.tile[0]  # a picture: its choice made, then as the tile's second press (play that way)
        if cell in self.tile:  # answer first (the tile lit), the game started behind it
            self.pressed = now
            self.app.then = self.play
            return
        if cell == grid.MENU:
            self.app.show_menu()
            return
        for i in range(len(self.options)):
            keys = OPTION_KEYS[i]
            if cell in keys:
                choices = self.choices(self.options[i])
                k = keys.index(cell)
                if k < len(choices):
                    self.drawn = None  # (its choices changed: the picture is drawn afresh)
                    self.choose(self.options[i], choices[k])
                    self.app.sound.play("menu")
                    return
        self.refuse(now, "press the lit tile again to play %s (a1: back to the menu)" % self.title)

    def play(self, now):
        """The tile's second press, once its answer (the tile lit) is on the LEDs
        (App.then): its game resumed, or started with the choices made."""
        pressed, self.pressed = self.pressed, None
        self.app.dirty = True
        if self.resuming() and self.read_moves():
            self.app.resume_game(self.saved[0], self.saved[1], self.ready)
            return
        players, options = self.start_args()
        try:  # (a game with chance seeded from the press's time, not from after the imports the start may do)
            self.app.start_game(self.game, players=players, variant=self.variant, seed=pressed & 0x3FFFFFFF,
                                options=options)
        except ValueError as e:  # a choice the game refuses: stay here and say why
            self.refuse(now, str(e))

    def refuse(self, now, reason):
        self.error = reason
        self.flash_until = ticks_add(now, FLASH_MS)
        self.app.sound.play("illegal")

    def busy(self, now):
        self.flash_until = pending(self.flash_until, now)
        return True  # the name scrolls

    def draw(self, frame, now):
        """The screen's picture, from the one kept while nothing it shows has changed (a
        copy, where drawing it takes ~3 ms of a Pico: a press waits for a frame being drawn)."""
        step = ticks_diff(now, self.shown_at) // SCROLL_MS
        against = self.against()
        key = (step, phase(now, against), self.resuming(), against, self.drawing is not None,
               self.drawing is not None and now // self.drawing.RING_MS)
        if self.drawn is not None and self.drawn[0] == key:
            frame.buf[:] = self.drawn[1]
        else:
            if step:  # (at step 0 only the name's leading blank columns show)
                rows, cells = self.scrolling_text()
                at = step % (len(rows[0]) - 10)
                for y in range(font.HEIGHT):  # (what is not lit: dark, as nothing else is drawn there)
                    frame.mark(cells[y], rows[y][at:at + 10], 0, TEXT_COLOR, colors.OFF)
            draw_tile(frame, self.index, now, self.resuming(), against)
            for i in range(len(self.options)):
                option = self.options[i]
                color = colors.scale(OPTION_COLORS.get(option[0], colors.WHITE), 1, 4)
                choices = self.choices(option)
                for k in range(len(choices)):
                    frame.set(OPTION_KEYS[i][k], colors.WHITE if self.chosen(option, choices[k]) else color)
            if self.drawing is not None:  # (its module loaded: a moment after the screen shows)
                self.drawing.draw(frame, now, against)
            frame.set(grid.MENU, colors.SYSTEM)
            self.drawn = (key, bytes(frame.buf))
        if pending(self.flash_until, now) or self.pressed is not None:  # a press that does nothing: the
            # tile says where to press; the tile's second press: lit until its game shows
            for c in self.tile:
                frame.set(c, colors.WHITE)

    # -- the simulator's words (app/menu_text.py: a board never asks) -------------------
    def axis_labels(self, name=None):
        return call_part("app.menu_text", "axis_labels", self, name)

    def describe(self):
        return call_part("app.menu_text", "describe", self, OPTION_KEYS)  # (passed: the words import nothing back)
