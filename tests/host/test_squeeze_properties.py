# Property tests of the 4D Squeeze rules core over random games (hypothesis). The
# squeeze is checked against an independent reading of docs/rules/squeeze.md written here with
# plain coordinates (none of the core's tables): the literal "remove failing cells
# until nothing changes" fixed point, a recursive reachability, and for every cell
# left empty a concrete sequence of launches that reaches it.
import os

from hypothesis import given, settings, strategies as st

from games.squeeze import rules as squeeze
from games.base import PLAYING, IllegalMove
from games.rng import Rng

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EMPTY = 0


def is_pawn(v):
    return v in (1, 2)


def line_to(cell, d):
    """(cells between the edge and `cell`, the next cell toward the median or None)
    for direction d: 'h' along the row from the edge of its half, 'v' along the column."""
    row, col = divmod(cell, 10)
    pos, fix = (col, row) if d == "h" else (row, col)

    def at(p):
        return fix * 10 + p if d == "h" else p * 10 + fix

    if pos < 5:
        before = [at(p) for p in range(0, pos)]
        after = at(pos + 1) if pos < 4 else None
    else:
        before = [at(p) for p in range(9, pos, -1)]
        after = at(pos - 1) if pos > 5 else None
    return before, after


def dead_by_definition(board):
    """docs/rules/squeeze.md: start from all empty cells, remove the ones failing the test until
    nothing changes; the empty cells removed are dead."""
    alive = set(c for c in range(100) if board[c] == EMPTY)
    changed = True
    while changed:
        changed = False
        for x in sorted(alive):
            ok = False
            for d in "hv":
                before, after = line_to(x, d)
                if all(board[c] == EMPTY for c in before) and (
                        after is None or is_pawn(board[after]) or after in alive):
                    ok = True
            if not ok:
                alive.discard(x)
                changed = True
    return set(c for c in range(100) if board[c] == EMPTY) - alive


def way_in(board, x, memo):
    """A direction by which a future launch can stop on empty cell x, or None: its
    path is clear now (cells never empty again) and the next cell is the median, a
    pawn, or an empty cell that can itself be filled first (recursively)."""
    if x in memo:
        return memo[x]
    memo[x] = None
    for d in "hv":
        before, after = line_to(x, d)
        if all(board[c] == EMPTY for c in before):
            if after is None or is_pawn(board[after]) or (
                    board[after] == EMPTY and way_in(board, after, memo)):
                memo[x] = d
                break
    return memo[x]


def launch_landing(board, x, d):
    """Plays, abstractly, the launch along x's direction d: where does it stop?"""
    before, after = line_to(x, d)
    path = before + [x]
    while after is not None:
        path.append(after)
        after = line_to(after, d)[1]
    for i, c in enumerate(path):
        if board[c] != EMPTY:
            if i == 0 or not is_pawn(board[c]):
                return None
            return path[i - 1]
    return path[-1]


def witness(board, x):
    """A sequence of launches that fills x: fill its support chain from the far end."""
    memo = {}
    chain = []
    c = x
    while c is not None and board[c] == EMPTY:
        d = way_in(board, c, memo)
        assert d is not None, "no way in for %s" % squeeze.cell_text(c)
        chain.append((c, d))
        c = line_to(c, d)[1]
    b = bytearray(board)
    for c, d in reversed(chain):
        assert launch_landing(b, c, d) == c, squeeze.cell_text(c)
        b[c] = 1
    return chain


def check_move(state, before_pentacles, mover_colour):
    board = state.board
    made = list(state.last_squeeze)
    counts = [list(board).count(v) for v in range(6)]
    assert sum(counts) == 100
    assert counts[0] == state.empty and counts[3] == 4
    assert [counts[4], counts[5]] == state.pentacles
    gained = [state.pentacles[i] - before_pentacles[i] for i in (0, 1)]
    assert gained[mover_colour - 1] == len(made) and gained[2 - mover_colour] == 0
    for c in made:
        assert board[c] == squeeze.PENTACLE + mover_colour
    # the board the squeeze saw: the new pawn placed, the made pentacles still empty
    pre = bytearray(board)
    for c in made:
        pre[c] = EMPTY
    if state.line:
        assert made == []
    else:
        assert dead_by_definition(pre) == set(made)
    memo = {}
    for c in made:
        assert way_in(pre, c, memo) is None, "%s was reachable" % squeeze.cell_text(c)
    # every cell left empty can still be reached, by an explicit sequence of launches
    # (a winning move squeezes nothing: the game is over)
    for c in range(100):
        if board[c] == EMPTY and not state.line:
            witness(board, c)
    # the legal launches are the ones the independent launch reaches somewhere
    if state.status == PLAYING:
        ours = set()
        for l in range(squeeze.LAUNCHES):
            side, line = divmod(l, 10)
            first = {"N": line, "S": 90 + line, "W": line * 10, "E": line * 10 + 9}["NESW"[side]]
            d = "v" if "NESW"[side] in "NS" else "h"
            if launch_landing(board, first, d) is not None:
                ours.add(l)
            assert state.arrival_cell(l) == (launch_landing(board, first, d) if l in ours else squeeze.NONE)
        assert ours == set(state.legal_moves()) and ours, "a playing state has launches"


def play_random(seed, players):
    rng = Rng(seed)
    state = squeeze.new_state(players)
    moves = 0
    while state.status == PLAYING:
        assert moves < 100, "a game must end: every move fills a cell"
        legal = state.legal_moves()
        before = list(state.pentacles)
        colour = state.colour()
        state.play(legal[rng.below(len(legal))])
        moves += 1
        check_move(state, before, colour)
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 30), st.sampled_from([2, 4]))
def test_random_games_squeeze_exactly_the_dead_cells(seed, players):
    state = play_random(seed, players)
    assert state.status in ("won", "draw")
    if state.line is None:
        assert state.empty == 0
        a, b = state.pentacles
        assert state.winner == (None if a == b else (1 if a > b else 2))
    else:
        assert all(state.board[c] == state.winner for c in state.line)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 30))
def test_replaying_history_gives_the_same_state(seed):
    state = play_random(seed, 2)
    again = squeeze.new_state()
    for move in state.history:
        again.play_text(state.format_move(move))
    assert again.board == state.board and again.status == state.status
    assert again.winner == state.winner and again.pentacles == state.pentacles


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=6))
def test_any_text_parses_or_raises_value_error(text):
    state = squeeze.new_state()
    before = bytes(state.board)
    try:
        move = state.parse_move(text)
    except ValueError as error:
        assert str(error)
    else:
        reason = state.why_illegal(move)
        assert reason is None or (isinstance(reason, str) and reason)
        try:
            state.play(move)
        except IllegalMove as error:
            assert reason is not None and str(error) == reason
            assert bytes(state.board) == before
        else:
            assert reason is None and state.history == [move]


def test_example_copy_is_current():
    with open(os.path.join(ROOT, "tests", "firmware", "test_squeeze_example.txt")) as f:
        copy = f.read()
    shared = os.path.join(os.path.dirname(ROOT), "shared", "examples", "squeeze.txt")
    if os.path.exists(shared):
        with open(shared) as f:
            assert f.read() == copy
