# For the players of games of fours (Connect Four, the cubes; see games/search.py): the
# lines of four kept as bytes, a win in one as a byte read, the score kept as pieces
# come and go. Apart from games.search so that a player without it (4D Squeeze's)
# does not load it: a Pico's RAM.


class LineCounts:
    """For games of fours (Connect Four, the cubes): every line keeps one byte, player
    1's pieces + 8 x player 2's, in self.lv; t1[cell] (t2) counts the lines a piece of
    player 1 (2) on that empty cell would complete, so a win in one is a byte read;
    self.score is player 1's view of the lines. A subclass sets line_cells, through,
    through_at, gains (games/fours_tables.py makes them) and makes cells, lv, t1, t2
    (bytearrays)."""

    score = 0

    def put(self, x, first):
        """A piece of player 1 (first) or 2 on empty cell x."""
        cells, lv, t1, t2, line_cells = self.cells, self.lv, self.t1, self.t2, self.line_cells
        add = 1 if first else 8
        gain = self.gains[0 if first else 1]
        cells[x] = 1 if first else 2
        score = self.score
        through = self.through
        at = self.through_at
        for j in range(at[x], at[x + 1]):
            line = through[j]
            v = lv[line]
            if v == 3:
                t1[x] -= 1
            elif v == 24:
                t2[x] -= 1
            score += gain[v]
            v += add
            lv[line] = v
            if v == 3 or v == 24:  # a new threat on the line's empty cell
                for k in range(line * 4, line * 4 + 4):
                    e = line_cells[k]
                    if not cells[e]:
                        if v == 3:
                            t1[e] += 1
                        else:
                            t2[e] += 1
        self.score = score

    def take(self, x):
        """Takes back put(x, ...); the search restores the score it saved before."""
        cells, lv, t1, t2, line_cells = self.cells, self.lv, self.t1, self.t2, self.line_cells
        add = 1 if cells[x] == 1 else 8
        through = self.through
        at = self.through_at
        for j in range(at[x], at[x + 1]):
            line = through[j]
            v = lv[line]
            if v == 3 or v == 24:  # the threat it made goes
                for k in range(line * 4, line * 4 + 4):
                    e = line_cells[k]
                    if not cells[e]:
                        if v == 3:
                            t1[e] -= 1
                        else:
                            t2[e] -= 1
            v -= add
            lv[line] = v
            if v == 3:
                t1[x] += 1
            elif v == 24:
                t2[x] += 1
        cells[x] = 0


    def order_threats(self, base, k, two):
        """Sorts the k moves at self.moves[base:] by the threats each would make (lines
        through its cell, self.target(move), holding `two`: two pieces of the mover's
        and none of the other's), most first, the order so far among equals: forcing
        moves first, so that a cut comes sooner."""
        moves, lv, through, at = self.moves, self.lv, self.through, self.through_at
        keys = bytearray(k)
        for i in range(k):
            x = self.target(moves[base + i])
            t = 0
            for j in range(at[x], at[x + 1]):
                if lv[through[j]] == two:
                    t += 1
            keys[i] = t
        for i in range(1, k):  # insertion sort: stable, and a few moves only
            m, t = moves[base + i], keys[i]
            j = i
            while j and keys[j - 1] < t:
                moves[base + j], keys[j] = moves[base + j - 1], keys[j - 1]
                j -= 1
            moves[base + j], keys[j] = m, t


def int_tables(search):
    """A search's values by ply as array("i"), as its native steps read them (a list
    they cannot): after games.search.Search.start."""
    from array import array

    for name in ("alpha", "beta", "alpha0", "best", "saved"):
        setattr(search, name, array("i", getattr(search, name)))


def native_steps(search, step, budget):
    """games.search.Search.step(budget) done by `step`, a *_viper module's search_step:
    the very same positions in the same order, the root's shuffle left to Python
    (step returns 2 once it has entered the root: Search.down_root() goes on)."""
    while True:
        nodes = search.nodes
        status = step(search, budget)
        if status != 2:
            return status == 1
        budget -= search.nodes - nodes
        search.down_root()


def load_tables():
    """games/fours_tables.py (the lines of a board, what a line gains), for a player
    module's import: forgotten at once, so that its code goes once the tables are
    made (it is not needed after)."""
    import sys

    import games
    from games import fours_tables

    sys.modules.pop("games.fours_tables", None)
    try:  # (not dir(games): MicroPython's probes every qstr, ~25 ms on a Pico)
        delattr(games, "fours_tables")
    except (AttributeError, KeyError):  # MicroPython: KeyError
        pass
    return fours_tables
