# Connect Four rules (docs/rules/connect4.md). Plain asserts: runs under MicroPython too.
from games import load
from games.base import IllegalMove

c4 = load("connect4")


def play(moves):
    state = c4.new_state()
    for m in moves:
        state.play_text(m)
    return state


def refused(state, move):
    before = (bytes(state.board), state.to_move, len(state.history), state.status)
    try:
        state.play(move)
    except IllegalMove as e:
        assert (bytes(state.board), state.to_move, len(state.history), state.status) == before
        return str(e)
    assert False, "move %r was accepted" % (move,)


def test_disc_falls_to_lowest_empty_cell():
    s = play("44")
    assert s.rows()[5] == "...X..."
    assert s.rows()[4] == "...O..."
    assert s.to_move == 1


def test_horizontal_win():
    s = play("1122334")
    assert (s.status, s.winner) == ("won", 1)
    assert sorted(s.win_line) == [(0, 5), (1, 5), (2, 5), (3, 5)]
    assert s.to_move == 2 and s.legal_moves() == []


def test_vertical_win_for_player_two():
    s = play("1212121" [:-1] + "3" + "2")
    assert (s.status, s.winner) == ("won", 2)
    assert sorted(s.win_line) == [(1, 2), (1, 3), (1, 4), (1, 5)]


def test_diagonal_up_right_win():
    # X on (0,5) (1,4) (2,3) (3,2)
    s = play("12233434544")
    assert (s.status, s.winner) == ("won", 1)
    assert sorted(s.win_line) == [(0, 5), (1, 4), (2, 3), (3, 2)]


def test_diagonal_down_right_win():
    # mirror of the previous game: X on (6,5) (5,4) (4,3) (3,2)
    s = play("76655454344")
    assert (s.status, s.winner) == ("won", 1)
    assert sorted(s.win_line) == [(3, 2), (4, 3), (5, 4), (6, 5)]


def test_win_by_the_middle_disc_of_a_line():
    s = play("112244")
    assert s.status == "playing"
    s.play_text("3")
    assert (s.status, s.winner) == ("won", 1)


def test_full_column_is_refused_and_changes_nothing():
    s = play("333333")
    assert 2 not in s.legal_moves()
    assert "full" in refused(s, 2)
    assert s.status == "playing"


def test_bad_notation():
    s = c4.new_state()
    for text in ("0", "8", "a", "", "12", "d4"):
        try:
            s.parse_move(text)
            assert False, text
        except ValueError as e:
            assert "column" in str(e)
    assert "no column" in refused(s, 9)


# A full board without four in a row (each column filled bottom to top):
DRAW_GAME = "121212" + "343434" + "565656" + "212121" + "434343" + "656565" + "777777"


def test_draw_on_a_full_board():
    s = play(DRAW_GAME[:-1])
    assert s.status == "playing"
    s.play_text(DRAW_GAME[-1])
    assert (s.status, s.winner) == ("draw", None)
    assert "." not in "".join(s.rows())
    assert s.legal_moves() == []
    assert "over" in refused(s, 0)


def test_undo_by_replay_gives_the_previous_position():
    s = play("4455")
    earlier = play("445")
    again = c4.new_state()
    for m in s.history[:-1]:
        again.play(m)
    assert again.rows() == earlier.rows() and again.to_move == earlier.to_move


def test_notation_round_trip():
    s = c4.new_state()
    assert [s.format_move(m) for m in s.legal_moves()] == ["1", "2", "3", "4", "5", "6", "7"]
    for m in s.legal_moves():
        assert s.parse_move(s.format_move(m)) == m


def test_unsupported_setup():
    for kwargs in ({"players": 3}, {"variant": "pop-out"}):
        try:
            c4.new_state(**kwargs)
            assert False
        except ValueError:
            pass


def test_has_four_answers_as_four_in_a_row():
    # a move's check (has_four, the board's bytes) and the cells of a win (four_in_a_row)
    # agree on every cell of random boards, wide and square
    from games.base import four_in_a_row, has_four

    seed = 12345
    for columns, rows in ((7, 6), (7, 7)):
        for _ in range(60):
            board = bytearray(columns * rows)
            for i in range(len(board)):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                board[i] = (seed >> 16) % 3
            for cell in range(len(board)):
                col, row = cell % columns, cell // columns
                who = board[cell] or 1
                line = four_in_a_row(lambda c, r: board[r * columns + c], columns, rows, col, row, who)
                assert has_four(board, columns, rows, col, row, who) == (line is not None)
