# 4D Squeeze on the board (rules: games/squeeze/rules.py, docs/rules/squeeze.md), 2
# players or 4: the 10x10 board in the play area, each ring cell a launch point
# (Controller says what each key shows).
from array import array

from app import colors, grid
from app.controller import GameController
from app.shared import blink_on
from compat import const, ticks_diff
from games.base import DRAW, PLAYING
from games.squeeze import rules

SLIDE_MS = 40  # the launched pawn's step time, from the ring cell to its arrival
_SQUEEZE_MS = const(900)  # then the new pentacles flash this long
_SQUEEZE_BLINK_MS = const(100)
# Levels chosen for what the LEDs get after gamma at the default 25 % brightness (about
# 4, 15 and 64 of 255): a quarter tint, a pentacle, a pawn stay clearly apart.
QUARTER_TINTS = (colors.scale(colors.WHITE, 2, 9), colors.OFF)  # a checkerboard
NEUTRAL = colors.scale(colors.WHITE, 1, 2)  # the four start pentacles
PENTACLE_LEVEL = 2, 5  # a coloured pentacle: its colour at 2/5 (a pawn is at full level)
SEAT_SIDE = (None, rules.S, rules.W, rules.N, rules.E)  # 4 players: seat -> side
SEAT_NAMES = (None, "south", "west", "north", "east")
NORTH_SOUTH = (rules.N, rules.S)  # the sides whose launches run down a column


def board_cell(c):
    """Squeeze cell (row * 10 + column) -> grid cell."""
    return grid.cell(c // 10 + 1, c % 10 + 1)


def ring_cell(launch):
    """The launch point: the ring cell facing the first cell of the launch's path."""
    row, col = grid.row_col(board_cell(rules.PATHS[launch * rules.HALF]))
    side = launch // 10
    if side in (rules.N, rules.S):
        row = 0 if side == rules.N else grid.SIZE - 1
    else:
        col = 0 if side == rules.W else grid.SIZE - 1
    return grid.cell(row, col)


# Tables, so that drawing a frame does little work: the grid cell of each board cell
# and of each launch point, the launch at each launch point, each cell's quarter tint.
BOARD_CELLS = bytes(board_cell(c) for c in range(rules.CELLS))
RING_CELLS = bytes(ring_cell(l) for l in range(rules.LAUNCHES))
LAUNCH_AT = dict((RING_CELLS[l], l) for l in range(rules.LAUNCHES))
RING_ORDER = bytes(c for c in grid.ring_cells() if c in LAUNCH_AT)  # clockwise from b1
SIDE_RING_CELLS = tuple(RING_CELLS[side * 10:side * 10 + 10] for side in range(4))  # each side's launch points
TINT = array("I", (QUARTER_TINTS[(c // 10 < 5) != (c % 10 < 5)] for c in range(rules.CELLS)))
# the pentacle counts' tallies on the ring (draw_counts), by colour: (its cells in the
# tally's order, every fifth of them), so that a tally is two native fills
TALLIES = (None,) + tuple((bytes(RING_ORDER[first + step * k] for k in range(len(RING_ORDER))),
                            bytes(RING_ORDER[first + step * k] for k in range(4, len(RING_ORDER), 5)))
                           for first, step in ((0, 1), (len(RING_ORDER) - 1, -1)))


class Controller(GameController):
    """4D Squeeze on the board: the 10x10 board fills the play area (b2..k11) and each ring
    cell is the launch point of the row or column it faces (the west ring cell of row 3
    launches W-3). Two of the four quarters are tinted faintly, a checkerboard, so the
    medians show as tint edges. On a turn, the launch points with a possible launch glow in the mover's
    colour; pressing one (or a cell a launch reaches now) slides the pawn in. A squeeze
    flashes the new pentacles and sounds "squeeze". The end: a winning line blinks; on a
    full board the ring shows the pentacle counts and the winner's pentacles blink
    (every pentacle made, for a draw). The counts also show on the ring while a squeeze
    flashes and when HINT is pressed (with the cells a launch can reach, blinking): see
    draw_counts().
    4 players: seat 1 plays from the south, 2 west, 3 north, 4 east; the launch points
    on the seat's own side are brighter.
    """
    player_colors = (colors.OFF, colors.YELLOW, colors.BLUE)  # by colour (player or team)
    level_player = True
    # by cell value (see games.squeeze.rules): empty (its tint instead), pawns, pentacles
    # (an array: the pieces are drawn in one call, Frame.paint)
    palette = array("I", (0, colors.YELLOW, colors.BLUE, NEUTRAL,
                          colors.scale(colors.YELLOW, *PENTACLE_LEVEL), colors.scale(colors.BLUE, *PENTACLE_LEVEL)))

    # modules loaded when asked (the notation's: games/squeeze/notation.py), unloaded after a
    # save's replay and with the game's modules (RAM on a Pico)
    helpers = (rules.NOTATION_MODULE,)

    def __init__(self, app, setup, moves=()):
        self.dims_made = {}  # dims(): {colour: its dim levels}
        GameController.__init__(self, app, setup, moves)
        from app.shared import unload

        unload("games.squeeze.board")  # (the rules hold its names; a save's lines load it again)
        if moves:  # a save's lines were read: no more
            self.unload_helpers()

    def hold(self, cell, now):
        GameController.hold(self, cell, now)
        if cell == grid.MENU:  # back in the menu
            self.unload_helpers()

    def unload_helpers(self):
        from app.shared import unload

        for name in self.helpers:
            unload(name)

    def move_for_cell(self, cell):
        if cell in LAUNCH_AT:
            return LAUNCH_AT[cell]
        row, col = grid.row_col(cell)
        if 1 <= row <= 10 and 1 <= col <= 10:
            # the arrival cell: its launch now, or a move that play() refuses with a reason
            return self.state.move_to((row - 1) * 10 + col - 1)
        return None

    def cell_for_move(self, move):
        return RING_CELLS[move]

    def label(self, cell):
        """A board cell as in the notation (e5), a ring cell as its launch (W-3)."""
        if cell in LAUNCH_AT:
            return rules.launch_name(LAUNCH_AT[cell])
        row, col = grid.row_col(cell)
        if 1 <= row <= 10 and 1 <= col <= 10:
            return rules.cell_text((row - 1) * 10 + col - 1)
        return None

    def axis_labels(self):
        """The launch points: N-a .. N-j above, S-a .. S-j below, W-1 .. W-10 on the
        left, E-1 .. E-10 on the right; the board's letters and numbers are in them."""
        top, bottom, left, right = [""] * 12, [""] * 12, [""] * 12, [""] * 12
        for i in range(10):
            letter, number = chr(ord("a") + i), str(i + 1)
            top[i + 1], bottom[i + 1] = "N-" + letter, "S-" + letter
            left[i + 1], right[i + 1] = "W-" + number, "E-" + number
        return top, bottom, left, right

    def mover_colour(self):
        return self.state.colour()

    def turn_text(self):
        text = GameController.turn_text(self)
        st = self.state
        if st.players == 4 and st.status == PLAYING:  # which of the team's two seats
            text = text.replace(" to move", " (seat %d, %s) to move" % (st.to_move, SEAT_NAMES[st.to_move]))
        elif st.players == 4 and st.winner:  # the team: seats 1 and 3, or 2 and 4
            a, b = st.winner, st.winner + 2
            text += " (seats %d %s and %d %s)" % (a, SEAT_NAMES[a], b, SEAT_NAMES[b])
        return text

    def refused_cells(self, cell, move):
        # an impossible launch: flash its launch point and what blocks it
        if move < rules.LAUNCHES:
            for i in range(rules.HALF):
                c = rules.PATHS[move * rules.HALF + i]
                if self.state.board[c] != rules.EMPTY:
                    return (cell, RING_CELLS[move], BOARD_CELLS[c])
        return (cell,)

    def press(self, cell, now):
        played = len(self.state.history)
        GameController.press(self, cell, now)
        st = self.state
        if len(st.history) > played and st.last_squeeze and st.status == PLAYING:
            self.app.sound.play("squeeze")

    def on_played(self, move, now):
        self.start_slide(move, self.state.last_cell, now)

    def start_slide(self, launch, cell, now):
        """The pawn of `launch` slides in from its launch point to `cell` (draw_move)."""
        self.anim_start = now
        self.anim_launch = launch
        self.anim_steps = 1 + rules.POS_OF[cell * 2 + (1 if launch // 10 in NORTH_SOUTH else 0)]

    def elapsed(self, now):
        return ticks_diff(now, self.anim_start) if self.anim_start is not None else None

    def animating(self, now):
        t = self.elapsed(now)
        return t is not None and t < SLIDE_MS * self.anim_steps + (_SQUEEZE_MS if self.state.last_squeeze else 0)

    def end_cells(self):
        st = self.state
        if st.line:
            return [BOARD_CELLS[c] for c in st.line]
        if st.status == DRAW:
            made = (rules.PENTACLE + 1, rules.PENTACLE + 2)
        else:
            made = (rules.PENTACLE + st.winner,)
        return [BOARD_CELLS[c] for c in range(rules.CELLS) if st.board[c] in made]

    # -- drawing --------------------------------------------------------------------------
    def draw_pieces(self, frame):
        """The pieces, and the quarters' tints on the empty cells."""
        frame.paint(BOARD_CELLS, self.state.board, self.palette, TINT)

    def draw_board(self, frame, now):
        st = self.state
        self.draw_pieces(frame)
        if st.status == PLAYING:
            self.draw_launches(frame)
        else:
            self.draw_end(frame)
        if self.animating(now):
            self.draw_move(frame, self.elapsed(now))

    def draw_move(self, frame, t):
        """The last pawn slides in from its launch point, then the squeeze flashes."""
        st = self.state
        step = t // SLIDE_MS
        if step < self.anim_steps:  # (a press's light: no slice, no list made)
            frame.set(BOARD_CELLS[st.last_cell], TINT[st.last_cell])
            for c in st.last_squeeze:
                frame.set(BOARD_CELLS[c], TINT[c])
            launch = self.anim_launch
            where = RING_CELLS[launch] if step == 0 else BOARD_CELLS[rules.PATHS[launch * rules.HALF + step - 1]]
            frame.set(where, self.player_colors[st.board[st.last_cell]])
        else:
            self.draw_counts(frame)
            if not blink_on(t, _SQUEEZE_BLINK_MS):
                for c in st.last_squeeze:
                    frame.set(BOARD_CELLS[c], colors.WHITE)

    def draw_launches(self, frame):
        """The launch points with a possible launch (an arrival cell) lit in the mover's
        colour; 4 players: the seat's own side brighter, dim where it has none. One
        native call a side (Frame.mark): this is drawn in every press's light."""
        st = self.state
        color = self.player_colors[st.colour()]
        if st.players != 4:
            frame.mark(RING_CELLS, st.arrive, rules.NONE, color, colors.OFF)
            return
        _, other, dim = self.dims(color)
        frame.mark(RING_CELLS, st.arrive, rules.NONE, other, colors.OFF)  # other sides
        side = SEAT_SIDE[st.to_move]
        frame.mark(SIDE_RING_CELLS[side], memoryview(st.arrive)[side * 10:side * 10 + 10], rules.NONE, color,
                   dim)  # the seat's own side, dim where it has no launch

    def dims(self, color):
        """`color` at 1/2, 1/3 and 1/10 of its level: the launch points' dim looks, made
        once for each colour (they are drawn in every press's light)."""
        dims = self.dims_made.get(color)
        if dims is None:
            dims = self.dims_made[color] = (colors.scale(color, 1, 2), colors.scale(color, 1, 3), colors.scale(color, 1, 10))
        return dims

    def draw_end(self, frame):
        """The ring: the winner's colour after an alignment, else the pentacle counts."""
        st = self.state
        if st.line:
            self.draw_ring(frame)
        else:
            self.draw_counts(frame)

    def draw_hint(self, frame, now):
        """HINT: for a moment the ring shows the counts instead of the launch points,
        and the cells a launch can reach now show (pressing one plays that launch):
        steady while the strongest launch's arrival blinks over them, else blinking."""
        self.draw_counts(frame)
        color = self.legal_look(now)
        if color is not None:
            marks = self.state.reachable()
            for c in range(rules.CELLS):
                if marks[c]:
                    frame.set(BOARD_CELLS[c], color)

    def draw_counts(self, frame):
        """The pentacle counts as tallies on the 40 launch points: yellow's from b1
        clockwise, blue's from a2 counter-clockwise, one cell per pentacle (two, or
        more, when a count passes 20), every fifth cell of a tally at full level."""
        yellow, blue = self.state.pentacles
        half = len(RING_ORDER) // 2  # each tally has half the ring, so they never meet
        unit = max(1, (max(yellow, blue) + half - 1) // half)
        frame.fill(RING_ORDER, colors.OFF)
        for count, colour in ((yellow, 1), (blue, 2)):
            color = self.player_colors[colour]
            cells, fifths = TALLIES[colour]
            n = (count + unit - 1) // unit
            frame.fill(cells[:n], colors.scale(color, 1, 4))
            frame.fill(fifths[:n // 5], color)

    def describe(self):
        info = GameController.describe(self)
        st = self.state
        info["squeezed"] = [rules.cell_text(c) for c in st.last_squeeze]
        info["line"] = [rules.cell_text(c) for c in st.line] if st.line else None
        return info

    def hint_cells(self, move):
        # the strongest launch's arrival cell (the ring may show the counts)
        return (BOARD_CELLS[self.state.arrival_cell(move)],)
