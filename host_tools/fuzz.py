"""Fuzz at scale: random key events through the real App (the simulator's drivers) on
every menu tile (catalog.TILES), the board checked after every event (docs/RELIABILITY.md,
"Random key events").

    python -m host_tools.fuzz [--events N] [--seed N]

Prints `BENCH fuzz_events`, `BENCH fuzz_crashes` (target 0), `BENCH fuzz_failures`
(broken checks, target 0) and `BENCH fuzz_rate`; exit 1 if any crash or failure.
"""
import argparse
import json
import os
import random
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from app import catalog, grid
from app.app import HOLD_MS, LOOP_MS
from drivers.pixels import estimate_ma
from games.base import PLAYING, WON
from sim.drivers import MemoryStorage, SimBoard

EVENTS = 1000000  # what `make bench` runs
OFF_BOARD = (-3, -1, grid.CELLS, grid.CELLS + 1, 255, 256, 1000)
# (kind, weight): how often each event comes
KINDS = (("tap", 160), ("legal", 100), ("hold", 24), ("down", 24), ("up", 24), ("burst", 20),
         ("off", 16), ("corner", 20), ("chord", 4), ("wait", 12), ("hands_off", 1))  # keys stay stuck a while
MAX_REPORTS = 5  # crashes and failures printed in full; the rest only counted


def _count_marks(marks):
    def check(state):
        pieces = sum(sum(row.count(m) for m in marks) for row in state.rows())
        if pieces != len(state.history):
            return "%d pieces on the board after %d moves" % (pieces, len(state.history))
        return None
    return check


# A game's own cheap invariants: state -> None, or what is wrong.
HOOKS = {
    "connect4": _count_marks("XO"),  # one disc a move
    "cubes": _count_marks("XO"),  # one cube a move
}


class Fuzz:
    def __init__(self, seed=1, out=print):
        self.rng = random.Random(seed)
        self.seed = seed
        self.out = out
        self.events = 0
        self.crashes = 0
        self.failures = 0
        self.reports = 0
        self.seen = set()  # (game, players, variant) reached
        self.finished = 0  # games seen ending (won, draw, lost)
        self.storage = MemoryStorage()
        self.boot()

    def boot(self):
        self.board = SimBoard(storage=self.storage)
        self.verified = None  # (state, history length, rows, status) last replayed

    def report(self, what, text):
        self.reports += 1
        if self.reports <= MAX_REPORTS:
            self.out("fuzz %s after event %d: %s" % (what, self.events, text))

    # -- events -------------------------------------------------------------------------
    def step(self, ms=LOOP_MS):
        self.board.clock.now += ms
        self.board.app.step()

    def push(self, key, pressed):
        self.board.keys.push(key, pressed, self.board.clock.now)

    def random_key(self):
        return self.rng.randrange(grid.CELLS)

    def legal_key(self):
        """A key that plays a legal move now, when in a game that has one."""
        screen = self.board.app.screen
        state = getattr(screen, "state", None)
        if state is None or state.status != PLAYING:
            return self.random_key()
        legal = state.legal_moves()
        return screen.cell_for_move(legal[self.rng.randrange(len(legal))]) if legal else self.random_key()

    def event(self, kind):
        rng = self.rng
        if kind == "hold" or (kind == "corner" and rng.random() < 0.3):  # corners: menu, new game
            key = rng.choice(grid.CORNERS) if kind == "corner" else self.random_key()
            self.push(key, True)
            self.step()
            self.step(HOLD_MS + rng.randrange(300))
            self.push(key, False)
            self.step()
        elif kind in ("tap", "legal", "off", "corner"):
            if kind == "off":
                key = rng.choice(OFF_BOARD)
            elif kind == "corner":
                key = rng.choice(grid.CORNERS)
            else:
                key = self.legal_key() if kind == "legal" else self.random_key()
            self.push(key, True)
            if rng.random() < 0.5:
                self.step()  # else the down and the up reach the app in the same step
            self.push(key, False)
            self.step()
        elif kind == "chord":  # keys with a hold down together (a1 and l12, a card key): one's hold leaves
            pool = sorted(set(self.board.app.screen.holds) | {grid.MENU, grid.NEW})
            keys = rng.sample(pool, min(len(pool), rng.choice((2, 2, 3))))
            for key in keys:
                self.push(key, True)
                self.step(rng.choice((0, 10, 50)))
            self.step(HOLD_MS + rng.randrange(HOLD_MS))
            rng.shuffle(keys)
            for key in keys:
                self.push(key, False)
                self.step()
        elif kind in ("down", "up"):
            self.push(self.random_key(), kind == "down")
            self.step()
        elif kind == "hands_off":  # every key down is released (lone downs pile up)
            for key in list(self.board.app.down):
                self.push(key, False)
            self.step()
        elif kind == "burst":  # more events than the scan makes between two app steps
            for _ in range(rng.randrange(2, 12)):
                self.push(self.random_key() if rng.random() < 0.9 else rng.choice(OFF_BOARD), rng.random() < 0.5)
            self.step()
        else:  # a wait: animations end, hints and flashes time out
            self.step(rng.choice((1, 30, 500, 1500, 5000)))
        self.step(rng.choice((0, 0, 10, 20, 40, 100)))

    # -- checks -------------------------------------------------------------------------
    def check(self):
        """What must hold after every event; returns what is wrong, or None."""
        app = self.board.app
        pixels = self.board.pixels
        if len(app.frame.buf) != grid.CELLS * 3 or len(pixels.levels) != grid.CELLS * 3:
            return "a frame of %d bytes, LEDs got %d" % (len(app.frame.buf), len(pixels.levels))
        if estimate_ma(pixels.levels) > pixels.cap_ma:
            return "the LEDs draw %d mA, over the %d mA cap" % (estimate_ma(pixels.levels), pixels.cap_ma)
        screen = app.screen
        json.dumps(app.describe())  # the headless `state`: stuck keys and notices too
        state = getattr(screen, "state", None)
        if state is None:
            self.verified = None
            return None
        setup = screen.setup
        self.seen.add((setup["game"], setup.get("players"), setup.get("variant")))
        rows = state.rows()
        last = self.verified
        if last is not None and last[0] is state and last[1] == len(state.history):
            # no move played (a refused press, a corner, a flash): nothing changed
            if (rows, state.status) != (last[2], last[3]):
                return "the game changed without a move: %r -> %r" % (last[2], rows)
            return None
        return self.replay(screen, state, rows)

    def replay(self, screen, state, rows):
        fresh = screen.fresh_state()
        for move in state.history:
            fresh.play(move)
        if (fresh.rows(), fresh.status, fresh.winner, fresh.to_move) != (rows, state.status, state.winner, state.to_move):
            return "the state does not replay from its history %r" % (state.history,)
        if fresh.legal_moves() != state.legal_moves():
            return "the legal moves differ from the replay's"
        if (state.status == PLAYING) != bool(state.legal_moves()) or (state.winner is not None) != (state.status == WON):
            return "status %s, winner %r with %d legal moves" % (state.status, state.winner, len(state.legal_moves()))
        hook = HOOKS.get(screen.setup["game"])
        problem = hook(state) if hook else None
        if problem:
            return problem
        if state.status != PLAYING and not (self.verified and self.verified[3] != PLAYING and self.verified[0] is state):
            self.finished += 1
        self.verified = (state, len(state.history), rows, state.status)
        return None

    # -- the run ------------------------------------------------------------------------
    def run(self, events):
        """`events` random events, shared out over the menu tiles: each share starts
        on its tile's game (and the events take it to the menu and other games too)."""
        names, weights = zip(*KINDS)
        tiles = catalog.TILES
        for i in range(len(tiles)):
            game, players, variant = tiles[i][:3]
            share = events * (i + 1) // len(tiles) - events * i // len(tiles)
            self.guarded(lambda: self.board.app.start_game(game, players, variant, self.rng.randrange(1 << 30)))
            for kind in self.rng.choices(names, weights, k=share):
                self.events += 1
                self.guarded(lambda: self.event(kind))

    def guarded(self, action):
        try:
            action()
            problem = self.check()
        except Exception:
            self.crashes += 1
            self.report("CRASH", traceback.format_exc())
            self.boot()  # as main.py: the app starts again on the same flash
            return
        if problem:
            self.failures += 1
            self.report("FAILURE", problem)
            self.verified = None


def bench_lines(fuzz, seconds):
    return ["BENCH fuzz_events %d events" % fuzz.events,
            "BENCH fuzz_crashes %d crashes" % fuzz.crashes,
            "BENCH fuzz_failures %d failures" % fuzz.failures,
            "BENCH fuzz_games_finished %d games" % fuzz.finished,
            "BENCH fuzz_rate %d events/s" % (fuzz.events / max(seconds, 1e-9))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=EVENTS, help="random key events (default %d)" % EVENTS)
    parser.add_argument("--seed", type=int, default=1, help="seed of the random events")
    args = parser.parse_args(argv)
    if args.events < 0:
        parser.error("--events must be 0 or more")
    fuzz = Fuzz(args.seed)
    start = time.time()
    fuzz.run(args.events)
    for line in bench_lines(fuzz, time.time() - start):
        print(line)
    print("# fuzz: %d tiles of %d games reached; seed %d" % (len(fuzz.seen), len(set(t[0] for t in catalog.TILES)), args.seed))
    return 1 if fuzz.crashes or fuzz.failures else 0


if __name__ == "__main__":
    sys.exit(main())
