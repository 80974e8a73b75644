# Replays the worked example of docs/rules/cubes.md (a copy of shared/examples/cubes.txt
# beside this file; tests/host/test_cubes_properties.py checks the copy is current):
# before every move the '+' cells, the bracketed last cube and the X/O cubes must be
# what the rules core says, and every result line must match.
from example_file import example_lines
from games.cubes import rules as cubes
from games.base import WON

EXAMPLE = "test_cubes_example.txt"



def parse_board(lines):
    """7 board lines -> (set of '+' cells, last cube cell, {cell: player})."""
    plus, last, cubes_at = set(), -1, {}
    for row in range(7):
        body = lines[row][4:]  # "  1 " then 3 characters per cell
        for col in range(7):
            text = body[3 * col:3 * col + 3]
            cell = row * 7 + col
            mark = text[1]
            if text[0] == "[":
                assert text[2] == "]", text
                last = cell
            if mark == "+":
                plus.add(cell)
            elif mark in "XO":
                cubes_at[cell] = "XO".index(mark) + 1
            else:
                assert mark == ".", text
    return plus, last, cubes_at


def test_example_replays_exactly():
    lines = example_lines(EXAMPLE)
    state = cubes.new_state()
    moves = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("Before move"):
            i += 1
            continue
        moves += 1
        assert line == "Before move %d (player %d):" % (moves, state.to_move), line
        board = lines[i + 1:i + 8]
        plus, last, cubes_at = parse_board(board)
        assert plus == set(state.legal_moves()), (moves, sorted(plus))
        assert last == state.last, (moves, last)
        assert cubes_at == dict((c, state.board[c]) for c in range(49) if state.board[c]), moves
        # rows() prints the same board as the example (row numbers aside)
        assert [b[4:].rstrip() for b in board] == [r.rstrip() for r in state.rows()], moves
        words = lines[i + 9].split()  # Player P plays CELL -> RESULT
        assert words[:2] == ["Player", str(state.to_move)] and words[2] == "plays", words
        state.play_text(words[3])
        result = " ".join(words[5:])
        expected = state.status
        if state.status == WON:
            expected = "won, winner %d" % state.winner
        assert result == expected, (moves, result, expected)
        i += 10
    assert moves == 37
    assert state.status == WON and state.winner == 1
    assert sorted(state.win_line) == [(3, 5), (4, 4), (5, 3), (6, 2)]  # d6 e5 f4 g3
