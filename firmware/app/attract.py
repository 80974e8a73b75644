# The attract demo: when the menu is left idle (app/menu.py IDLE_MS), the board plays
# against itself (each game in turn, both seats played by its players, quietly, saving
# nothing), and any key brings the menu back. The menu's hook: menu.idle_demo().
from app import catalog
from app.setup import controller_class, screen_module
from compat import ticks_diff
from games.base import PLAYING

NEXT_GAME_MS = 4000  # a finished demo game stays this long, then the next one starts


def demo_games():
    """(game, level of both seats) of each game the board plays by levels (its usual
    tile asks a level: catalog.AGAINST_THE_BOARD), in the menu's order, at the tile's
    default level: a new game's tile makes it a demo game."""
    return [(t[0], option[2]) for t in catalog.TILES if t[1] is None and t[2] is None
            for option in t[4] if option[0] == "level"]


class Silent:
    """The demo's sound: none (an idle board should not beep on its own)."""

    def play(self, name):
        pass


class DemoApp:
    """What a demo game's controller sees of the app: no sound, no saves of its own."""

    def __init__(self, app):
        self.sound = Silent()
        self.settings = app.settings
        self.storage = app.storage
        self.clock = app.clock
        self.show_menu = app.show_menu


class Attract:
    holds = ()  # any key brings the menu back, on its press

    def __init__(self, app, now):
        self.app = app
        self.index = 0
        self.game = None
        self.setup = None
        self.start(now)

    def start(self, now):
        from app.shared import unload

        if self.setup is not None:  # the last demo game's modules go: RAM on a Pico
            game = self.setup["game"]
            self.game = None
            unload("games.%s.rules" % game)
            unload(screen_module(game))
            unload("games.%s.player" % game)
        demos = demo_games()
        game, level = demos[self.index % len(demos)]
        self.index += 1
        self.setup = {"game": game, "players": None, "variant": None, "seed": now & 0x3FFFFFFF,
                      "swap": False, "board": [1, 2], "level": level}
        self.game = controller_class(game)(DemoApp(self.app), self.setup)
        self.game.save = lambda: True  # the tiles keep their own games
        self.over_since = None

    # -- the screen interface (see app/app.py): any key goes back to the menu ------------
    def tap(self, cell, now):
        self.app.show_menu()

    def busy(self, now):
        self.game.busy(now)
        if self.game.state.status != PLAYING:
            if self.over_since is None:
                self.over_since = now
            elif ticks_diff(now, self.over_since) >= NEXT_GAME_MS:
                self.start(now)
        return True

    def draw(self, frame, now):
        self.game.draw(frame, now)

    def describe(self):
        info = self.game.describe()
        info["screen"] = "attract"
        return info
