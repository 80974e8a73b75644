# The 7x7 cube game (docs/rules/cubes.md): the three placement cases, every win
# direction, the early draw, the draw without cubes, refusals and notation.
from games.cubes import rules as cubes
from games.base import DRAW, PLAYING, WON, IllegalMove


def names(state, cells):
    return sorted(state.format_move(c) for c in cells)


def play_all(text):
    state = cubes.new_state()
    for move in text.split():
        state.play_text(move)
    return state


def position(xs, os, last, to_move):
    """A state with X cubes (player 1) on `xs`, O cubes on `os`, `last` placed last."""
    state = cubes.new_state()
    for who, cells in ((1, xs), (2, os)):
        for name in cells.split():
            cell = state.parse_move(name)
            state.board[cell] = who
            state.cubes_left[who - 1] -= 1
    state.last = state.parse_move(last)
    state.to_move = to_move
    return state


def refused(state, move):
    """The IllegalMove message for `move`, after checking nothing changed."""
    before = (bytes(state.board), list(state.cubes_left), state.last, state.to_move,
              list(state.history), state.status)
    try:
        state.play(move)
    except IllegalMove as error:
        after = (bytes(state.board), list(state.cubes_left), state.last, state.to_move,
                 list(state.history), state.status)
        assert after == before
        return str(error)
    assert False, "move %r was accepted" % (move,)


def test_new_state_options():
    state = cubes.new_state(2, "classic")
    assert state.players == 2 and state.to_move == cubes.FIRST_PLAYER == 1
    assert len(state.board) == 49 and state.cubes_left == [24, 24]
    for players, variant in ((1, None), (3, None), (4, None), (None, "big")):
        try:
            cubes.new_state(players, variant)
            assert False, (players, variant)
        except ValueError:
            pass


def test_first_cube_anywhere():
    state = cubes.new_state()
    assert state.placement_rule() == cubes.FIRST
    assert state.legal_moves() == list(range(49))
    assert state.info() == {"last": None, "cubes_left": [24, 24], "open_lines": 88,
                            "rule": "first", "draw_reason": None}


def test_next_to_the_last_cube():
    state = play_all("a1")  # a corner: three neighbours
    assert state.placement_rule() == cubes.LAST
    assert names(state, state.legal_moves()) == ["a2", "b1", "b2"]
    state.play_text("b2")  # in the middle: the seven free neighbours of b2
    assert names(state, state.legal_moves()) == ["a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    assert refused(state, state.parse_move("d4")) == "d4 must touch the last cube (b2)"
    assert refused(state, state.parse_move("a1")) == "a1 already holds a cube"
    assert state.info()["last"] == "b2" and state.info()["cubes_left"] == [23, 23]


def test_next_to_any_cube_of_the_last_colour():
    # After b2 b1 a2 a1, every neighbour of a1 (O) is taken: the next cube may touch
    # any O cube (b1: c1, c2), and only those.
    state = play_all("b2 b1 a2")
    assert state.placement_rule() == cubes.LAST
    state.play_text("a1")
    assert state.placement_rule() == cubes.COLOUR
    assert names(state, state.legal_moves()) == ["c1", "c2"]
    # a3 touches only an X cube, d4 no cube at all
    assert refused(state, state.parse_move("a3")) == (
        "a3 must touch a cube of the last cube's colour (nothing is free next to a1)")
    assert refused(state, state.parse_move("d4")) == (
        "d4 must touch a cube of the last cube's colour (nothing is free next to a1)")
    state.play_text("c2")
    assert state.placement_rule() == cubes.LAST  # back to the usual rule
    assert names(state, state.legal_moves()) == ["b3", "c1", "c3", "d1", "d2", "d3"]


def test_anywhere_when_no_cube_of_that_colour_can_be_touched():
    # X on a1 (placed last) is boxed in by O and is the only X cube: any empty cell.
    state = position("a1", "a2 b1 b2", "a1", 2)
    assert state.placement_rule() == cubes.ANYWHERE
    assert state.legal_moves() == [c for c in range(49) if not state.board[c]]
    assert len(state.legal_moves()) == 45
    state.play_text("g7")
    assert state.placement_rule() == cubes.LAST
    assert names(state, state.legal_moves()) == ["f6", "f7", "g6"]


def test_every_win_direction():
    # three X cubes and a gap; an O cube placed last beside the gap makes it playable
    cases = (
        ("c4 d4 f4", "e3", "e4", "c4 d4 e4 f4"),  # across, filled in the middle
        ("b2 b3 b4", "a6", "b5", "b2 b3 b4 b5"),  # down, at the end
        ("a1 b2 d4", "d3", "c3", "a1 b2 c3 d4"),  # diagonal down-right
        ("d4 e3 f2", "g2", "g1", "d4 e3 f2 g1"),  # diagonal up-right, at the edge
        ("a7 b6 c5", "d3", "d4", "a7 b6 c5 d4"),  # diagonal, at the start of the line
    )
    for xs, last, move, line in cases:
        state = position(xs, last, last, 1)
        assert state.status == PLAYING
        state.play_text(move)
        assert state.status == WON and state.winner == 1, move
        assert names(state, [r * 7 + c for c, r in state.win_line]) == line.split(), move
        assert state.legal_moves() == [] and state.rows()[0].count("+") == 0
        assert refused(state, state.parse_move("a3")) == "the game is over"


def test_three_in_a_row_does_not_win():
    state = position("c4 d4", "e3", "e3", 1)
    state.play_text("e4")
    assert state.status == PLAYING and state.win_line is None and state.to_move == 2


def test_player_2_wins_too():
    state = position("e3", "c4 d4 f4", "e3", 2)
    state.play_text("e4")
    assert state.status == WON and state.winner == 2


def test_early_draw_when_no_line_is_left_open():
    # A real game (found by random play) drawn after 43 cubes, 6 cells still empty.
    moves = ("b6 c6 b5 b4 c4 d5 d6 c7 b7 a7 a6 a5 a4 b3 b2 a3 a2 a1 b1 c2 d2 e1 d1 e2 e3 "
             "f3 g3 f4 f5 e5 e4 d4 c3 d3 f6 e6 d7 e7 f7 g6 g5 g4 f2").split()
    state = play_all(" ".join(moves[:-1]))
    assert state.status == PLAYING
    open_before = state.open_lines()
    assert open_before and all(state.parse_move(moves[-1]) in line for line in open_before)
    state.play_text(moves[-1])
    assert state.status == DRAW and state.winner is None
    assert state.draw_reason == cubes.NO_LINE and state.open_lines() == []
    assert state.info()["open_lines"] == 0 and state.info()["draw_reason"] == "no line left open"
    assert list(state.board).count(0) == 6 and state.legal_moves() == []


def test_draw_at_once_when_the_only_open_line_needs_more_cubes_than_are_left():
    # A real game (found by random play). After d3 the only line with no cube of both
    # colours is d3 e3 f3 g3 (X . X .): it needs two more cubes of player 1, who has
    # one left, so no line can be completed any more: a draw at once (RULES: a line is
    # open only if a player of its colour has a cube for each of its empty cells).
    state = play_all("e4 d5 c5 b5 c4 d4 e5 d6 e7 f7 g7 g6 f5 e6 d7 c7 b6 b7 a7 a6 a5 a4 a3 b3 "
                     "b2 c3 b4 b1 a2 a1 f6 g5 g4 f4 f3 e2 f2 g2 f1 g1 d2 c1 d1 c2")
    assert state.status == PLAYING and state.cubes_left == [2, 2]
    assert sorted(names(state, line) for line in state.open_lines()) == [
        ["b3", "c3", "d3", "e3"], ["d3", "d4", "d5", "d6"]]
    state.play_text("d3")
    assert state.cubes_left == [1, 2]
    assert (state.status, state.winner, state.draw_reason) == (DRAW, None, cubes.NO_LINE)
    assert state.open_lines() == [] and state.legal_moves() == []
    # with one more cube for player 1, the same line would still be open
    state.cubes_left[0] = 2
    assert [names(state, line) for line in state.open_lines()] == [["d3", "e3", "f3", "g3"]]
    # an empty line needs a player with 4 cubes; a line of one colour, its own cubes
    assert cubes.line_open(0, 4, [3, 4]) and not cubes.line_open(0, 4, [3, 3])
    assert cubes.line_open(2, 1, [0, 1]) and not cubes.line_open(2, 1, [5, 0])
    assert not cubes.line_open(3, 0, [24, 24])


def test_open_lines_by_hand():
    state = cubes.new_state()
    assert len(state.open_lines()) == 88
    state.board[state.parse_move("d4")] = 1
    state.board[state.parse_move("e4")] = 2
    open_now = state.open_lines()
    assert len(open_now) == 85
    # closed: the lines holding both d4 and e4, i.e. across row 4 from b4, c4 and d4
    every = [tuple(cubes.LINES[i:i + 4]) for i in range(0, len(cubes.LINES), 4)]
    closed = [names(state, line) for line in every if line not in open_now]
    assert sorted(closed) == [["b4", "c4", "d4", "e4"], ["c4", "d4", "e4", "f4"],
                              ["d4", "e4", "f4", "g4"]]


def test_draw_when_a_player_has_no_cube_left():
    # Player 1 has placed all 24 cubes (set by hand: random games did not reach this
    # since lines count the cubes left); player 2 places one, lines of green are still
    # open, but player 1 cannot place a cube: a draw.
    state = position("a1 c1", "d4 e4", "e4", 2)
    state.cubes_left = [0, 3]
    state.play_text("f4")
    assert state.status == DRAW and state.draw_reason == cubes.NO_CUBE
    assert state.cubes_left == [0, 2] and state.open_lines() != []
    assert state.legal_moves() == []


def test_notation_and_bad_input():
    state = cubes.new_state()
    assert state.parse_move("a1") == 0 and state.parse_move(" G7 ") == 48
    assert state.parse_move("d4") == 24 and state.format_move(24) == "d4"
    for text in ("", "d", "h1", "a8", "a0", "44", "d4x", "zz"):
        try:
            state.parse_move(text)
            assert False, text
        except ValueError:
            pass
    for move in (-1, 49, "d4", None, 2.0):
        assert "no cell" in refused(state, move), move
    assert state.legal_texts()[:3] == ["a1", "b1", "c1"]


def test_rows_legend():
    state = play_all("d4 e5")
    rows = state.rows()
    assert len(rows) == 7 and all(len(r) == 21 for r in rows)
    assert rows[3] == " .  .  .  X  +  +  . "  # d4 X; e4, f4 touch e5 (placed last)
    assert rows[4] == " .  .  .  + [O] +  . "
    assert rows[5] == " .  .  .  +  +  +  . "
    assert rows[0] == " .  .  .  .  .  .  . "
