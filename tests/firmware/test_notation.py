# The shared notation helpers of games/base.py (cells, numbers). Runs on MicroPython too.
from games.base import cell_name, is_number, parse_cell


def test_cells_round_trip():
    for col in range(12):
        for row in range(12):
            assert parse_cell(cell_name(col, row), 12, 12) == (col, row)
    assert parse_cell(" D4 ", 7, 7) == (3, 3)


def test_bad_cells_raise_value_error():
    for text in ("", "a", "4", "a0", "h1", "a8", "aa", "a-1", "a1.0", "a\u0661", "\u0661\u0662"):
        try:
            parse_cell(text, 7, 7)
            assert False, text
        except ValueError as e:
            assert str(e)


def test_numbers_are_ascii_digits_only():
    assert is_number("10") and is_number("0")
    assert not is_number("") and not is_number("-1") and not is_number("\u0661") and not is_number("1 ")


def test_a_window_on_the_grid_names_its_own_cells():
    from app import grid

    assert grid.window_move(grid.parse("c3"), 2, 2, 7) == 0  # its a1
    assert grid.window_move(grid.parse("i9"), 2, 2, 7) == 48  # its g7
    assert grid.window_move(grid.parse("b3"), 2, 2, 7) is None
    assert grid.window_move(grid.parse("c10"), 2, 2, 7) is None
    from app.controller_text import window_labels

    top, bottom, left, right = window_labels(2, 2, 7)
    assert top == bottom == ["", "", "a", "b", "c", "d", "e", "f", "g", "", "", ""]
    assert left == right == ["", "", "1", "2", "3", "4", "5", "6", "7", "", "", ""]
