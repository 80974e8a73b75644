# Who starts the next game of a match (app.controller.next_swap): `swap` True means
# the second colour plays as player 1.
from app.controller import ALTERNATE, LOSER, SAME, next_swap


def test_loser_starts_next():
    assert next_swap(LOSER, False, 1) is True  # colour 1 won: colour 2 starts
    assert next_swap(LOSER, False, 2) is False  # colour 2 won: colour 1 starts again
    assert next_swap(LOSER, True, 1) is False  # player 1 was colour 2 and won: colour 1 starts
    assert next_swap(LOSER, True, 2) is True  # player 2 was colour 1 and won: colour 2 starts


def test_a_draw_alternates_when_the_loser_would_start():
    assert next_swap(LOSER, False, None) is True
    assert next_swap(LOSER, True, None) is False


def test_alternate_and_same():
    for winner in (1, 2, None):
        assert next_swap(ALTERNATE, False, winner) is True
        assert next_swap(ALTERNATE, True, winner) is False
        assert next_swap(SAME, True, winner) is True
        assert next_swap(SAME, False, winner) is False
