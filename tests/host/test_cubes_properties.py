# Property tests of the 7x7 cube game (host only: hypothesis, subprocess). Every check
# is written from the rules (docs/rules/cubes.md) directly, not from the module's own helpers.
import json
import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cubes import rules as cubes
from games.base import DRAW, PLAYING, WON, IllegalMove

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def get(board, col, row):
    return board[row * 7 + col] if 0 <= col < 7 and 0 <= row < 7 else None


def touching(cell):
    row, col = divmod(cell, 7)
    return [r * 7 + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and 0 <= r < 7 and 0 <= c < 7]


def allowed_by_definition(board, last):
    empty = [c for c in range(49) if not board[c]]
    if last < 0:
        return empty
    for rule in (lambda c: last in touching(c),
                 lambda c: any(board[n] == board[last] for n in touching(c))):
        cells = [c for c in empty if rule(c)]
        if cells:
            return cells
    return empty  # the [reading]: anywhere


def has_four(board, who):
    """Four cells of `who` in a row anywhere, by scanning every cell and direction."""
    for row in range(7):
        for col in range(7):
            for dc, dr in DIRECTIONS:
                if all(get(board, col + i * dc, row + i * dr) == who for i in range(4)):
                    return True
    return False


def some_line_can_be_completed(board, cubes_left=(24, 24)):
    """By definition: some line of 4 can still become all one colour, i.e. its other
    cells are empty and its colour's player has a cube left for each of them."""
    for who in (1, 2):
        for row in range(7):
            for col in range(7):
                for dc, dr in DIRECTIONS:
                    line = [get(board, col + i * dc, row + i * dr) for i in range(4)]
                    if None not in line and set(line) <= {0, who} and line.count(0) <= cubes_left[who - 1]:
                        return True
    return False


def play_random(choices):
    """Plays a game picking moves by the given indexes; checks every step's invariants."""
    state = cubes.new_state()
    for k in choices:
        if state.status != PLAYING:
            break
        board = bytes(state.board)
        legal = state.legal_moves()
        assert legal == allowed_by_definition(board, state.last)
        for cell in range(49):  # allows(): the placement rule, one cell at a time
            if not board[cell]:
                assert state.allows(cell) == (cell in legal), cell
        for cell in range(49):  # every other cell is refused, and nothing changes
            if cell not in legal:
                try:
                    state.play(cell)
                    assert False, cell
                except IllegalMove as error:
                    assert str(error)
                assert bytes(state.board) == board
        who = state.to_move
        move = legal[k % len(legal)]
        state.play(move)
        assert state.board[move] == who and state.last == move
        for p in (1, 2):
            assert state.cubes_left[p - 1] == 24 - list(state.board).count(p)
        won = has_four(state.board, who)
        open_left = some_line_can_be_completed(state.board, state.cubes_left)
        assert bool(state.open_lines()) == open_left
        if won:
            assert (state.status, state.winner) == (WON, who)
            assert len(state.win_line) >= 4 and (move % 7, move // 7) in state.win_line
        elif not open_left:
            assert (state.status, state.draw_reason) == (DRAW, cubes.NO_LINE)
        elif state.cubes_left[2 - who] == 0:
            assert (state.status, state.draw_reason) == (DRAW, cubes.NO_CUBE)
        else:
            assert state.status == PLAYING and state.to_move == 3 - who
    return state


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 48), min_size=48, max_size=48))
def test_random_games_follow_the_rules_to_the_end(choices):
    state = play_random(choices)
    assert state.status in (WON, DRAW) and len(state.history) <= 48
    assert state.legal_moves() == [] and state.info()["cubes_left"] == list(state.cubes_left)
    # saves and undo replay the history: the same game again
    again = cubes.new_state()
    for move in state.history:
        again.play_text(state.format_move(move))
    assert bytes(again.board) == bytes(state.board)
    assert (again.status, again.winner, again.draw_reason) == (state.status, state.winner,
                                                               state.draw_reason)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=49, max_size=49), st.integers(0, 48),
       st.tuples(st.integers(0, 5), st.integers(0, 5)))
def test_early_draw_detection_matches_brute_force_on_random_boards(cells, last, left):
    # any position, reachable or not, with few cubes left: the open lines are exactly
    # those of the definition
    state = cubes.new_state()
    state.board[:] = bytes(cells)
    state.cubes_left = list(left)
    open_lines = state.open_lines()
    assert bool(open_lines) == some_line_can_be_completed(state.board, left)
    for line in open_lines:  # each one really can become one colour
        owners = set(state.board[c] for c in line) - {0}
        assert len(owners) <= 1
        rows_cols = sorted(divmod(c, 7) for c in line)
        dr, dc = rows_cols[1][0] - rows_cols[0][0], rows_cols[1][1] - rows_cols[0][1]
        assert all(rows_cols[i] == (rows_cols[0][0] + i * dr, rows_cols[0][1] + i * dc)
                   for i in range(4))
    if cells[last]:
        state.last = last
        assert state.allowed_cells() == allowed_by_definition(state.board, last)


def test_the_example_copy_is_current():
    shared = os.path.join(ROOT, "..", "shared", "examples", "cubes.txt")
    if os.path.exists(shared):
        with open(shared) as a, open(os.path.join(ROOT, "tests", "firmware",
                                                  "test_cubes_example.txt")) as b:
            assert a.read() == b.read()


def test_referee_plays_cubes():
    moves = ["e6", "a1", "f6", "banana", "f7"]
    out = subprocess.run([sys.executable, "-m", "host_tools.referee", "cubes"],
                         input="\n".join(moves) + "\n", capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    res = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["ok"] for r in res] == [True, False, True, False, True]
    assert res[1]["error"] == "illegal move 'a1': a1 must touch the last cube (e6)"
    assert "banana" in res[3]["error"] and res[3]["board"] == res[2]["board"]
    assert res[-1]["last"] == "f7" and res[-1]["cubes_left"] == [22, 23]
    assert res[-1]["legal"] == ["g6", "e7", "g7"]
    assert res[-1]["board"][6] == " .  .  .  .  + [X] + "
