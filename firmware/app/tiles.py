# The menu's tiles (app/catalog.py's TILES, three a row): where each one is and how
# its pictogram is drawn, on the menu and on its setup screen.
from app import catalog, colors, grid
from app.shared import blink_on


def tile_cells(index):
    row, col = 2 + 3 * (index // 3), 2 + 3 * (index % 3)
    return (grid.cell(row, col), grid.cell(row, col + 1), grid.cell(row + 1, col), grid.cell(row + 1, col + 1))


TILE_CELLS = tuple(tile_cells(i) for i in range(len(catalog.TILES)))
TURN_MS = 500  # on a tile for more than 2 players the turn moves on this often
CLOCKWISE = (0, 1, 3, 2)  # the tile's cells (top-left, top-right, bottom-left, bottom-right) clockwise
BREATH_MS = 2000  # a tile against the board breathes this slowly


def turns(index):
    players = catalog.TILES[index][1]
    return players is not None and players > 2


def breath(now):
    """The level, in 16ths, of a breathing tile: down to 1/4 and back, every BREATH_MS."""
    half = BREATH_MS // 2
    return 4 + 12 * abs(now % BREATH_MS - half) // half


def phase(now, against=False):
    """What of `now` a tile's picture hangs on (draw_tile): its turn, its blink and its
    breath; the same phase, the same picture (the screens keep a picture drawn: a redraw
    is a copy, not milliseconds of a Pico's bytecode in a press's way)."""
    return (now // TURN_MS, now // 500, breath(now) if against else 0)


def draw_tile(frame, index, now, blinking=False, against=False):
    """The tile's pictogram. For more than 2 players, the turn goes round it: one cell
    at full level, clockwise, the others dimmer. Blinking (dim every other half
    second) when it has a game in progress; breathing instead (slowly dimmer and
    back) when that game, or the setup shown, is against the board (it plays a seat)."""
    tile_colors = catalog.TILES[index][3]
    turn = CLOCKWISE[(now // TURN_MS) % 4] if turns(index) else None
    dim = blinking and not against and not blink_on(now, 500)
    level = breath(now) if against else 16
    for k in range(4):
        color = tile_colors[k]
        if level < 16:
            color = colors.scale(color, level, 16)
        if dim:
            color = colors.scale(color, 1, 4)
        elif turn is not None and k != turn:
            color = colors.scale(color, 1, 3)
        frame.set(TILE_CELLS[index][k], color)
