"""Connect Four's opening book for the board's strongest level: for every position of
0..DEPTH moves, the columns that keep its exact value (host_tools/mcts.c's solver),
written into firmware/games/connect4/book.py (its BOOK; the look-up beside it, which
the player loads for it, games/connect4/player.py think, is written by hand).

    python -m host_tools.connect4_book

A position's mask is found by null-window searches of its moves: does the move keep the
value? Its value is often known from its parent's searches; else each value it may have
is tried from a win down (the second player's positions are first asked whether they
are lost: most are, and then every move keeps the value). The positions before
EXACT - 1 moves take their children's values.
A position and its mirror image share one search, as do transpositions.
"""
import os
import sys
import time

from host_tools import mcts

DEPTH = 2  # (3: its positions take some 35-60 min more; not done yet)
EXACT = 3  # the positions of this many moves are searched (the fewer moves, the longer)
COLUMNS = 7
OUT = os.path.join(mcts.ROOT, "firmware", "games", "connect4", "book.py")
# the values found so far (not in build/: a firmware build starts it afresh); delete
# it after a change of the solver
CACHE = os.path.join(mcts.ROOT, ".connect4_book_values")


def offset(moves):
    """The index of the first entry of positions after `moves` moves."""
    return sum(COLUMNS ** d for d in range(moves))


def index(history):
    """A position's entry: the moves as a base-7 number, after the shorter ones."""
    i = 0
    for c in history:
        i = i * COLUMNS + c
    return offset(len(history)) + i


def mirror_mask(mask):
    return sum(1 << (COLUMNS - 1 - c) for c in range(COLUMNS) if mask >> c & 1)


def key(history):
    """The position: each column's discs, bottom up (1 the first player's, 2 the other's)."""
    cols = [""] * COLUMNS
    for i, c in enumerate(history):
        cols[c] += "12"[i & 1]
    return tuple(cols)


def winner(history):
    """True if the last move of `history` made four (the yardstick's rules: mcts.c)."""
    return mcts.status("connect4", history)[0] == "won"


def legal(history):
    return mcts.legal("connect4", history)


class Book:
    """The masks and exact values found so far, by position (and its mirror image)."""

    def __init__(self, log=print, cache=None):
        self.log = log
        self.masks = {}
        self.values = {}  # for the side to move: 1 win, 0 draw, -1 loss (None: 0 or 1)
        self.cache = cache  # a file of the values found: a run goes on from another's
        if cache and os.path.exists(cache):
            with open(cache) as f:
                for line in f:
                    cols, v = line.split()
                    k = tuple(cols.split(",")[1:])
                    v = None if v == "N" else int(v)
                    self.values[k] = self.values[tuple(reversed(k))] = v

    def remember(self, table, history, item, mirrored):
        table[key(history)] = item
        table[tuple(reversed(key(history)))] = mirrored
        if table is self.values and self.cache:
            with open(self.cache, "a") as f:
                f.write("-,%s %s\n" % (",".join(key(history)), "N" if item is None else item))

    def value(self, history):
        """The position's exact value: before EXACT - 1 moves from its children's, else
        found with its mask."""
        v = self.values.get(key(history), -2)
        if v is None or v == -2:
            if len(history) < EXACT - 1:
                v = max(self.child(history, c) for c in legal(history))
                self.remember(self.values, history, v, v)
            else:
                self.mask(history)
                v = self.values[key(history)]
        return v

    def child(self, history, c):
        """The exact value of move c for the side to move."""
        return 1 if winner(history + [c]) else -self.value(history + [c])

    def mask(self, history):
        """The columns (bit c) that keep the position's value."""
        k = key(history)
        if k in self.masks:
            return self.masks[k]
        start = time.time()
        if len(history) < EXACT - 1:  # from the children's exact values
            mask = sum(1 << c for c in legal(history) if self.child(history, c) == self.value(history))
        else:
            v = self.values.get(k, -2)
            if v == -2 and len(history) % 2:  # the second player: a loss, most often
                v = -1 if mcts.value_connect4(history, -1, 0) < 0 else None
                self.remember(self.values, history, v, v)
            mask, v = self.search(history, v)
            self.remember(self.values, history, v, v)
        self.log("%s: value %d, keeps %s, %.1f s" % ("".join(map(str, history)) or "start", self.values[k],
                                                   [c for c in range(COLUMNS) if mask >> c & 1], time.time() - start))
        self.remember(self.masks, history, mask, mirror_mask(mask))
        return mask

    def search(self, history, value):
        """(mask, value) of a position whose value is known (-1, 0, 1), at least 0 (None)
        or not known (-2): each value it may have, from a win down, is tried with a null
        window a move (does it keep it?) until some move keeps it."""
        tries = (value,) if value in (-1, 0, 1) else (1, 0) if value is None else (1, 0, -1)
        for t in tries:
            mask = 0
            for c in legal(history):
                if self.keeps(history + [c], t):
                    mask |= 1 << c
            if mask:
                return mask, t

    def keeps(self, child, value):
        """Whether a move to `child` keeps `value`: the child is worth at most -value to
        its side. Its parent's value is at least `value`, so the child is worth at least
        -value: a kept value is the child's exact one."""
        known = self.values.get(key(child), -2)
        if winner(child) or value == -1 or known in (-1, 0, 1):
            return winner(child) or value == -1 or known <= -value
        if known is None and value == 1:
            return False
        v = mcts.value_connect4(child, -value, -value + 1)
        kept = v <= -value
        v = -value if kept else 1 if value == 0 else None  # (None: 0 or 1)
        self.remember(self.values, child, v, v)
        return kept


def histories(moves):
    """Every sequence of `moves` moves of a game still going."""
    out = [[]]
    for _ in range(moves):
        out = [h + [c] for h in out for c in legal(h) if not winner(h + [c])]
    return out


def build(depth=DEPTH, log=print, save=None, cache=None):
    """The book's bytes: entry index(history) the mask of the position's value-keeping
    columns, 0 where a position cannot be reached (a finished game) or is not done yet
    (save(bytes) is called after each position: a long run's book fills in)."""
    book = Book(log, cache)
    data = bytearray(offset(depth + 1))
    # first the positions just before the solved ones: each needs only its own
    # children solved, so the book fills in one position at a time (those before
    # them need every solved position)
    for moves in [EXACT - 1] + [m for m in range(depth + 1) if m != EXACT - 1]:
        start = time.time()
        for h in histories(moves):
            data[index(h)] = book.mask(h)
            data[index([COLUMNS - 1 - c for c in h])] = mirror_mask(data[index(h)])
            if save:
                save(bytes(data))
        log("%d moves: %d positions, %.0f s" % (moves, len(histories(moves)), time.time() - start))
    return bytes(data)


def write(data, path=OUT):
    """The book's bytes into `path`'s BOOK = (...) (the rest of the module, its look-up,
    is written by hand)."""
    with open(path) as f:
        text = f.read()
    start = text.index("BOOK = (\n")
    end = text.index("\n)\n", start) + 3
    lines = ["BOOK = (\n"]
    for i in range(0, len(data), 16):
        lines.append('    b"%s"\n' % "".join("\\x%02x" % b for b in data[i:i + 16]))
    lines.append(")\n")
    with open(path, "w") as f:
        f.write(text[:start] + "".join(lines) + text[end:])


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    depth = int(args[0]) if args else DEPTH
    start = time.time()
    data = build(depth, lambda line: print(line, flush=True), write, CACHE)
    print("%d bytes in %s, %.0f s" % (len(data), os.path.relpath(OUT, mcts.ROOT), time.time() - start))


if __name__ == "__main__":
    main()
