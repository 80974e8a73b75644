# The two pictures of a setup screen (app/setup.py) where the board may take a seat, the
# same in every such game, along the bottom: two people (yellow, red; a head over a
# body) for "with friends", and a person beside the board's ring, its light running
# round as the board's does while it thinks, for "against the board". Loaded only for
# such a tile's screen (a menu module, freed with the menu: app.shared._MENU_MODULES).
from app import colors, grid
from compat import const

# each picture is a key area (rows 10..12, where a third option's keys would go: a tile
# with the board asks two at most); any of its keys plays that way
FRIENDS_KEYS = bytes(grid.cell(r, c) for r in range(9, 12) for c in range(1, 5))  # b10..e12
BOARD_KEYS = bytes(grid.cell(r, c) for r in range(9, 12) for c in range(6, 11))  # g10..k12
PEOPLE = bytes((grid.cell(9, 2), grid.cell(9, 4), grid.cell(9, 6)))  # the heads: friends', then yours
PEOPLE_COLORS = (colors.YELLOW, colors.RED, colors.YELLOW)
RING = bytes(grid.cell(9 + r, 8 + c) for r, c in ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)))
RING_MS = 120  # its light moves one cell this often (the picture's phase: app/setup.py draw)


def press(setup, cell):
    """A press on a picture: the board takes a seat (the seats chosen stay, else the
    second: you start; a solo becomes a game of two), or none (with friends). False for
    a key of neither."""
    board = cell in BOARD_KEYS
    if not board and cell not in FRIENDS_KEYS:
        return False
    for option in setup.options:
        if option[1] == "seats" and bool(option[2]) != board:  # (app.setup.SEATS)
            if board and setup.value("players", 2) < 2:  # (4 pistes' solo)
                for players in setup.options:
                    if players[0] == "players":
                        setup.choose(players, 2)
            option[2] = [2] if board else []
    return True


def draw(frame, now, against):
    """The chosen picture at full level, the other at 1/4; the board's light runs round
    its ring, at full level either way (it draws the eye)."""
    for i in range(3):
        color = PEOPLE_COLORS[i]
        if against != (i == 2):  # (the picture not chosen)
            color = colors.scale(color, 1, 4)
        head = PEOPLE[i]
        frame.set(head, color)
        body = colors.scale(color, 1, 2)
        frame.set(head + grid.SIZE, body)
        frame.set(head + 2 * grid.SIZE, body)
    frame.fill(RING, colors.scale(colors.RED, 1, 8 if against else 32))
    head = now // RING_MS
    for i in range(3):  # the light and its tail
        frame.set(RING[(head - i) % len(RING)], colors.scale(colors.RED, 3 - i, 3))


def keys():
    """The pictures' keys by name, for the simulator's state."""
    return {"friends": [grid.name(c) for c in FRIENDS_KEYS], "board": [grid.name(c) for c in BOARD_KEYS]}
