# What the board's players share: driving a player's search (their levels:
# games/levels.py). A player module (games/GAME/player.py, loaded by
# games/players.py) is pure like the rules: no I/O, no clock, randomness only from a
# passed games.rng.Rng. Its think(state, level, rng) is a generator: each next() does a
# bounded slice of work, and it returns the move it plays (the keys never wait).
import sys


def finish(search):
    """Runs a think() generator to its end; returns its move (host tools, tests)."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def choose(rng, items):
    return items[rng.below(len(items))]


def baseline_move(search, legal, rng):
    """The bench's yardstick: wins when it can, blocks a loss in one, else random
    (search: a game's Search with winning() and safe(moves))."""
    wins = search.winning()
    if wins:
        return wins[0]
    return choose(rng, search.safe(legal) or legal)


def only_move(legal, safe):
    """The move to play without a search when there is a single one (or a single safe
    one), else None."""
    if len(legal) == 1 or len(safe) == 1:
        return (safe or legal)[0]
    return None


def pick(rng, level, best, safe, legal, slips):
    """The move a level plays: `best` (a safe move, if the search found none), or, with
    probability slips[level - 1] in 100, a random one of `safe` (the moves it
    considers; level 1: any move)."""
    safe = safe or legal
    if best is None or best not in safe:
        best = safe[0]
    if rng is not None and rng.below(100) < slips[level - 1]:
        return choose(rng, safe)
    return best


def spread(jitter, level, played):
    """How far a root move's value may be raised (Search.vary) at `level`, from a
    game's table `jitter`, with `played` moves on the board: five times as far in the
    opening, where many moves are near-equal and games would otherwise repeat."""
    return jitter[level - 1] * (5 if played < OPENING else 1)


OPENING = 10  # the first moves of a game: its opening
WIN = 10000  # the value of a won position: a heuristic score stays far below
NO_MOVE = 255
SLICE = 20  # nodes a next() of a search, by default (a game's Search sets its own)
# The simulators' hosts (CPython, the browser's wasm) run a native-sized slice in a few
# ms: a search there takes the slice of the Pico's native steps, not of its bytecode
HOSTED = sys.implementation.name == "cpython" or sys.platform == "webassembly"


class Search:
    """Alpha-beta negamax on an explicit stack, so that it can stop after any node and
    go on later (a recursive search could not give the keys back). A game's search
    subclasses it and writes:
      enter(ply): the value of the node when it needs no search (a win now, a lost
        position, the horizon `self.depth`...), else None after writing its moves in
        order to self.moves[ply * width ...] and their number to self.count[ply];
      make(move), unmake(move); remaining(): moves left at most (the stack's depth);
      store(ply, best) (optional): keep a searched node's value (a table).
    Values are for the side to move (WIN won, -WIN lost); `score` is the subclass's
    incremental evaluation, saved before each move and restored after it."""

    width = 7  # moves a node can have at most
    score = 0
    slice = SLICE  # nodes a next(): some 20 ms on a Pico (the keys wait that long)
    extend = 0  # plies a game's search may go past its depth (forced moves)
    rng = None  # vary(): the root's moves are shuffled with it ...
    jitter = None  # ... and each root move's value raised by jitter[move]

    def vary(self, rng, spread):
        """So that no two games are alike: the root's moves in a random order (of
        moves of one value, the first found is played), and each root move's value
        raised by 0..spread (a heuristic's near-equals: any of them may be played;
        0: none, for exact values)."""
        self.rng = rng
        self.jitter = None
        if rng is not None and spread:
            self.jitter = bytearray(rng.below(spread + 1) for _ in range(self.width))

    def start(self, depth, first=None):
        """A search `depth` plies deep; `first`: the root move to try first."""
        self.depth = depth
        self.first = first
        size = min(depth + self.extend, self.remaining()) + 2
        self.alpha = [0] * size
        self.beta = [0] * size
        self.alpha0 = [0] * size
        self.best = [0] * size
        self.bestmove = bytearray(size)
        self.moves = bytearray(size * self.width)
        self.count = bytearray(size)
        self.index = bytearray(size)
        self.saved = [0] * size  # the score before the ply's move
        self.ply = 0
        self.entering = True
        self.ret = 0
        self.alpha[0], self.beta[0] = -WIN, WIN
        self.result = 0
        self.done = False
        self.nodes = getattr(self, "nodes", 0)

    def store(self, ply, best):
        pass

    def order_first(self, ply, k, move):
        """Puts `move`, if among the k moves of `ply`, first."""
        moves = self.moves
        base = ply * self.width
        for i in range(base, base + k):
            if moves[i] == move:
                moves[i], moves[base] = moves[base], move
                return

    def shuffle_root(self):
        moves, rng = self.moves, self.rng
        for i in range(self.count[0] - 1, 0, -1):
            j = rng.below(i + 1)
            moves[i], moves[j] = moves[j], moves[i]

    def down_root(self):
        """Once the root is entered (its moves written): its moves shuffled (vary),
        `first` first, then down its first move."""
        if self.rng is not None:
            self.shuffle_root()
        if self.first is not None:
            self.order_first(0, self.count[0], self.first)
        self.index[0] = 0
        self.best[0] = -WIN - 1
        self.saved[0] = self.score
        self.make(self.moves[0])
        self.ply = 1

    def step(self, budget):
        """Searches up to `budget` nodes; True once the search is over (then
        self.result is the root's value and self.bestmove[0] its move, NO_MOVE if the
        root needed no search)."""
        moves = self.moves
        width = self.width
        while budget > 0:
            ply = self.ply
            if self.entering:
                budget -= 1
                self.nodes += 1
                if ply:
                    self.alpha[ply] = -self.beta[ply - 1]
                    self.beta[ply] = -self.alpha[ply - 1]
                    if ply == 1 and self.jitter:  # the window of the root move's value, less its jitter
                        j = self.jitter[moves[self.index[0]]]
                        self.alpha[1] += j
                        self.beta[1] += j
                self.alpha0[ply] = self.alpha[ply]
                v = self.enter(ply)
                if v is None:
                    if ply == 0:
                        self.down_root()
                        continue
                    self.index[ply] = 0
                    self.best[ply] = -WIN - 1
                    self.saved[ply] = self.score
                    self.make(moves[ply * width])
                    self.ply = ply + 1
                    continue
                self.entering = False
                self.ret = v
                if ply == 0:
                    self.result = v
                    self.bestmove[0] = NO_MOVE
                    self.done = True
                    return True
                self.ply = ply - 1
                continue
            # back at node `ply` from the child of its current move
            i = self.index[ply]
            m = moves[ply * width + i]
            self.unmake(m)
            self.score = self.saved[ply]
            v = -self.ret
            if ply == 0 and self.jitter:
                v += self.jitter[m]
            if v > self.best[ply]:
                self.best[ply] = v
                self.bestmove[ply] = m
                if v > self.alpha[ply]:
                    self.alpha[ply] = v
            i += 1
            if self.alpha[ply] >= self.beta[ply] or i >= self.count[ply]:
                best = self.best[ply]
                self.store(ply, best)
                self.ret = best
                if ply == 0:
                    self.result = best
                    self.done = True
                    return True
                self.ply = ply - 1
                continue
            self.index[ply] = i
            self.saved[ply] = self.score
            self.make(moves[ply * width + i])
            self.ply = ply + 1
            self.entering = True
        return False

    def abandon(self):
        """Stops the search where it is: takes back the moves it has on the board."""
        top = self.ply if self.entering else self.ply + 1
        for p in range(top - 1, -1, -1):
            self.unmake(self.moves[p * self.width + self.index[p]])
            self.score = self.saved[p]
        self.done = True

    def run(self, budget):
        """Generator: the search started by start(), self.slice nodes a next(), until
        it ends or self.nodes reaches `budget` (then it is abandoned); returns True if
        it ended."""
        while not self.done:
            if self.nodes >= budget:
                self.abandon()
                return False
            self.step(min(self.slice, budget - self.nodes))
            yield
        return True


def deepen(search, max_depth, budget, best=None, depth=1):
    """Generator: iterative deepening, `depth`, depth + 1 .. max_depth plies while the
    node budget lasts; returns the best root move of the deepest finished search (or
    `best`)."""
    while depth <= max_depth and search.nodes < budget:
        search.start(depth, best)
        if not (yield from search.run(budget)):
            break
        if search.bestmove[0] != NO_MOVE:
            best = search.bestmove[0]
        if depth >= search.remaining() or search.result >= WIN or search.result <= -WIN:
            break  # the end is in sight: deeper changes nothing
        depth += 1
    return best
