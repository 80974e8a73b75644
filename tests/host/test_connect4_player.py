# Connect Four's player (firmware/games/connect4/player.py) where issue 27 changed it:
# the horizon weighs threats by their row's parity, and the levels vary their games.
import os
import sys

from host_tools import bench_strength
from host_tools.build import ROOT

sys.path.insert(0, os.path.join(ROOT, "firmware"))
from games import load  # noqa: E402
from games.connect4 import player as c4  # noqa: E402

# rows from the bottom (0 = row 1), columns 0..3: 1 yellow, 2 red; column 3 holds one
# disc, so the cell above it (column 4, row 3) is not playable yet
ROWS = ((1, 2, 1, 2), (2, 1, 2, 0), (1, 1, 1, 0))


def position(swap=False):
    s = c4.Search(load("connect4").new_state())
    for r, row in enumerate(ROWS):
        for c, who in enumerate(row):
            if who:
                s.put(c * c4.HEIGHT + r, (who == 1) != swap)
                s.h[c] = r + 1
    return s


def test_a_threat_counts_by_its_rows_parity():
    # yellow's three on row 3 (odd: yellow's parity) threaten column 4 above the
    # playable cell: worth much more to yellow than the same threat is to red
    yellow = position()
    assert yellow.t1[3 * c4.HEIGHT + 2] and not yellow.t2[3 * c4.HEIGHT + 2]
    assert yellow.parity() == c4._GOOD
    assert position(swap=True).parity() == -c4._FAIR
    yellow.h[3] = 2  # the threat is playable now: a win in one, the search's business
    assert yellow.parity() != c4._GOOD


def test_the_levels_vary_their_games_from_the_start():
    # against one opponent that always answers a position the same way (the bench's
    # variety count, on 30 games: with the opening's smaller jitter of before, 26 and 28)
    for level in (2, 4):
        jobs = [("connect4", ("level", level), ("fixed", level), seed, True, False) for seed in range(30)]
        games = set(bench_strength.play(job)[1] for job in jobs)
        assert len(games) >= 29, level
