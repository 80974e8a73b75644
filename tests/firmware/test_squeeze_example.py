# Replays the worked examples of docs/rules/squeeze.md (a copy of shared/examples/squeeze.txt
# beside this file; tests/host/test_squeeze_properties.py checks the copy is current):
# every move's launch and arrival cell, every drawn board cell by cell (pawns, y/b/*
# pentacles, 'o' reachable-now marks, '.' other empty cells), the pentacle counts, the
# start's legal launches and each game's final status and winner.
from example_file import example_lines
from games.squeeze import rules as squeeze
from games.squeeze import notation
from games.base import PLAYING

EXAMPLE = "test_squeeze_example.txt"
BOARD_LINES = 12  # header, 5 rows, the median line, 5 rows


def parse_board(lines):
    """The 12 drawn lines -> 100 legend characters, cell order (a1, b1, ..., j10)."""
    assert lines[0].split() == list("abcdefghij"), lines[0]
    assert set(lines[6].strip()) == set("-"), lines[6]
    chars = []
    for i in (1, 2, 3, 4, 5, 7, 8, 9, 10, 11):
        words = lines[i].split()
        assert words[6] == "|", lines[i]
        assert int(words[0]) == len(chars) // 10 + 1, lines[i]
        chars.extend(words[1:6] + words[7:12])
    return chars


def check_board(state, lines, where):
    marks = state.reachable()
    want = parse_board(lines)
    for cell in range(100):
        got = notation.char(state, cell, marks)
        assert got == want[cell], "%s: cell %s is %r, the example draws %r" % (
            where, squeeze.cell_text(cell), got, want[cell])
    assert state.rows() == lines, where  # and rows() draws it exactly the same way


def check_counts(state, line, where):
    # "Pentacles made: player 1 X, player 2 Y; status S[, winner W]"
    words = line.replace(",", " ").replace(";", " ").split()
    assert words[:2] == ["Pentacles", "made:"], line
    assert [int(words[4]), int(words[7])] == state.pentacles, (where, line, state.pentacles)
    assert words[9] == state.status, (where, line)
    if state.status != PLAYING and state.winner is not None:
        assert words[10:] == ["winner", str(state.winner)], (where, line)
    assert state.info()["pentacles"] == state.pentacles


def replay_game(lines, start, title):
    """Plays the game under `title` from line `start`; returns (state, moves played)."""
    state = squeeze.new_state()
    i = start + 1
    moves = 0
    while i < len(lines) and not lines[i].startswith("Game "):
        line = lines[i]
        i += 1
        if not line.startswith("Move "):
            continue
        # "Move N: player P launches L, the pawn stops on C[; squeeze: K new pentacle(s)]"
        words = line.replace(",", " ").replace(";", " ").replace(":", " ").split()
        moves += 1
        where = "%s move %d" % (title, moves)
        assert words[1] == str(moves) and words[3] == str(state.to_move), (where, line)
        launch, cell = words[5], words[10]
        move = state.parse_move(launch)
        assert state.format_move(move) == launch, where
        target = state.arrival_cell(move)
        assert squeeze.cell_text(target) == cell, (where, line)
        assert move in state.launches_to(target), where
        # the arrival cell is the same move (possibly through another launch)
        assert state.arrival_cell(state.parse_move(cell)) == target, where
        state.play(move)
        squeezed = int(words[12]) if len(words) > 12 and words[11] == "squeeze" else 0
        assert len(state.last_squeeze) == squeezed, (where, line, state.last_squeeze)
        if i < len(lines) and lines[i].startswith("    a b c"):
            check_board(state, lines[i:i + BOARD_LINES], where)
            i += BOARD_LINES
            check_counts(state, lines[i], where)
    return state, moves


def find(lines, prefix):
    for i in range(len(lines)):
        if lines[i].startswith(prefix):
            return i
    raise AssertionError("the example has no line starting %r" % prefix)


def test_start_board_and_legal_launches():
    lines = example_lines(EXAMPLE)
    i = find(lines, "Start (player 1 to play)")
    state = squeeze.new_state()
    check_board(state, lines[i + 1:i + 1 + BOARD_LINES], "start")
    listed = lines[i + 1 + BOARD_LINES]
    assert listed.startswith("Legal launches: "), listed
    pairs = sorted(listed.split(": ")[1].split())
    ours = sorted("%s->%s" % (state.format_move(m), squeeze.cell_text(state.arrival_cell(m)))
                  for m in state.legal_moves())
    assert ours == pairs, (ours, pairs)


def test_game_a_squeezes_then_an_alignment_wins():
    lines = example_lines(EXAMPLE)
    state, moves = replay_game(lines, find(lines, "Game A"), "Game A")
    assert moves == 24
    assert state.status == "won" and state.winner == 2 and state.line is not None
    assert sorted(squeeze.cell_text(c) for c in state.line) == ["d4", "d5", "d6", "d7"]
    assert state.pentacles == [6, 3]
    assert state.legal_moves() == []


def test_game_b_fills_the_board_and_counts_decide():
    lines = example_lines(EXAMPLE)
    state, moves = replay_game(lines, find(lines, "Game B"), "Game B")
    assert moves == 63
    assert state.status == "won" and state.winner == 1 and state.line is None
    assert state.pentacles == [16, 13] and state.empty == 0
