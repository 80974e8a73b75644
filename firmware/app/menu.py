# The menu: one 2x2 tile per game (see app/catalog.py), three tiles a row. A tap on a
# tile starts that game, or resumes it when a game of it was in progress (its tile
# blinks). The bottom ring row sets the brightness: b12 dimmest .. k12 full. Two keys
# of the top ring choose who starts the next game of a Connect Four match: b1 the
# loser, c1 the other player (alternate); the chosen one is lit.
from app import catalog, colors, grid, saves
from app.attract import idle_demo
from app.controller import FLASH_MS, blink_on, pending
from compat import ticks_add

BRIGHTNESS_ROW = grid.SIZE - 1
BRIGHTNESS_STEPS = 10  # b12..k12 -> 10 %, 20 % .. 100 %
MATCH_KEYS = dict(zip((grid.cell(0, 1), grid.cell(0, 2)), saves.MATCH_CHOICES))  # b1, c1


def tile_cells(index):
    row, col = 2 + 3 * (index // 3), 2 + 3 * (index % 3)
    return (grid.cell(row, col), grid.cell(row, col + 1), grid.cell(row + 1, col), grid.cell(row + 1, col + 1))


TILE_CELLS = tuple(tile_cells(i) for i in range(len(catalog.TILES)))


class Menu:
    def __init__(self, app):
        self.app = app
        self.flash_cell = None
        self.flash_until = None
        self.error = None
        self.saved = [saves.load_game(app.storage, t[0], t[1], t[2]) for t in catalog.TILES]
        self.any_saved = any(self.saved)  # a tile blinks: the picture moves

    def tile_at(self, cell):
        for i in range(len(catalog.TILES)):
            if cell in TILE_CELLS[i]:
                return i
        return None

    def resumable(self, index):
        """True when this tile has a game in progress (or just finished)."""
        return self.saved[index] is not None

    def tap(self, cell, now):
        self.error = None
        index = self.tile_at(cell)
        row, col = grid.row_col(cell)
        if index is not None:
            game, players, variant, _ = catalog.TILES[index]
            if self.resumable(index):
                self.app.resume_game(*self.saved[index])
            else:
                self.app.start_game(game, players=players, variant=variant)
        elif row == BRIGHTNESS_ROW and 1 <= col <= BRIGHTNESS_STEPS:
            self.app.set_brightness(col * 100 // BRIGHTNESS_STEPS)
            self.app.sound.play("menu")
        elif cell in MATCH_KEYS:
            self.app.set_setting("match", MATCH_KEYS[cell])
            self.app.sound.play("menu")
        else:
            self.error = "%s is not a game tile" % grid.name(cell)
            self.flash_cell = cell
            self.flash_until = ticks_add(now, FLASH_MS)
            self.app.sound.play("illegal")

    def hold(self, cell, now):
        self.tap(cell, now)  # a slow press is still a press

    def busy(self, now):
        if idle_demo(self, now):  # left idle, the board plays against itself
            return True
        self.flash_until = pending(self.flash_until, now)
        return self.any_saved or self.flash_until is not None

    def draw(self, frame, now):
        for i in range(len(catalog.TILES)):
            tile_colors = catalog.TILES[i][3]
            dim = self.resumable(i) and not blink_on(now, 500)
            for c, color in zip(TILE_CELLS[i], tile_colors):
                frame.set(c, colors.scale(color, 1, 4) if dim else color)
        level = self.app.settings["brightness"] * BRIGHTNESS_STEPS // 100
        for col in range(1, BRIGHTNESS_STEPS + 1):
            frame.set(grid.cell(BRIGHTNESS_ROW, col), colors.WHITE if col <= level else colors.SYSTEM)
        for c, choice in MATCH_KEYS.items():
            frame.set(c, colors.WHITE if self.app.settings["match"] == choice else colors.SYSTEM)
        if pending(self.flash_until, now):
            frame.set(self.flash_cell, colors.ILLEGAL)

    def describe(self):
        return {
            "screen": "menu",
            "game": None,
            "status": None,
            "winner": None,
            "to_move": None,
            "tiles": [
                {"game": t[0], "players": t[1], "variant": t[2], "cell": grid.name(TILE_CELLS[i][0]), "resume": self.resumable(i)}
                for i, t in enumerate(catalog.TILES)
            ],
            "brightness": self.app.settings["brightness"],
            "match": self.app.settings["match"],
            "error": self.error,
        }
