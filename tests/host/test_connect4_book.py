# Connect Four's opening book (firmware/games/connect4/book.py, made by
# host_tools/connect4_book.py): its layout, the tool's masks against the host's solver,
# and level 5 keeping to the book, which holds every position of up to two moves.
import itertools
import os
import sys

import pytest

from host_tools import connect4_book, mcts

sys.path.insert(0, os.path.join(mcts.ROOT, "firmware"))
from games import load  # noqa: E402
from games.connect4 import player as c4  # noqa: E402
from games.connect4.book import BOOK  # noqa: E402
from games.search import finish  # noqa: E402
from games.rng import Rng  # noqa: E402

needs_gcc = pytest.mark.skipif(not os.path.exists("/usr/bin/gcc"), reason="no gcc")


class Looked:
    """A stand-in book (sys.modules' games.connect4.book) that keeps what it is asked."""

    def __init__(self):
        self.asked = []

    def mask(self, history):
        self.asked.append(list(history))
        return 0


def looked_up(history):
    """The book's look-up as the player does it."""
    return __import__("games.connect4.book", None, None, ("mask",)).mask(history)


def histories(moves):
    return [list(h) for h in itertools.product(range(7), repeat=moves)]


def columns(mask):
    return [c for c in range(7) if mask >> c & 1]


def state_of(history):
    state = load("connect4").new_state()
    for c in history:
        state.play(c)
    return state


def held(moves):
    return [h for h in histories(moves) if BOOK[connect4_book.index(h)]]


def test_one_byte_a_position_of_up_to_two_moves_each_held():
    assert c4._BOOK_MOVES == connect4_book.DEPTH == 2
    assert len(BOOK) == 1 + 7 + 49 == connect4_book.offset(3)
    assert connect4_book.histories(2) == histories(2)  # (no game ends, no column fills)
    for moves in range(3):
        for h in histories(moves):
            assert 0 < looked_up(h) == BOOK[connect4_book.index(h)] < 128, h


def test_the_book_is_its_own_mirror_image():
    for moves in range(3):
        for h in histories(moves):
            mirrored = BOOK[connect4_book.index([6 - c for c in h])]
            assert columns(BOOK[connect4_book.index(h)]) == [6 - c for c in reversed(columns(mirrored))], h
    assert connect4_book.mirror_mask(0b0000011) == 0b1100000


def test_the_solved_games_first_moves():
    # the centre is the first player's only winning move; every answer to it loses
    assert columns(BOOK[0]) == [3]
    assert BOOK[1 + 3] == 0x7F


@needs_gcc
def test_the_tools_masks_agree_with_the_solver(tmp_path):
    # the book's way (values from the parent, a null window a move, mirror images and
    # transpositions shared) on positions far enough into a game to solve at once
    book = connect4_book.Book(log=lambda line: None, cache=str(tmp_path / "values"))
    rules = load("connect4")
    tried = 0
    for seed in range(40):
        rng = Rng(700 + seed)
        state = rules.new_state()
        while state.status == "playing" and len(state.history) < 24 + seed % 5:
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        if state.status != "playing":
            continue
        h = list(state.history)
        values = mcts.solve_connect4(h)
        top = max(values.values())
        for position in (h, [6 - c for c in h]):
            mask = book.mask(position)
            expect = [c for c in values if values[c] == top]
            if position is not h:
                expect = [6 - c for c in reversed(expect)]
            assert columns(mask) == expect, (position, values)
        tried += 1
    assert tried >= 10
    again = connect4_book.Book(log=lambda line: None, cache=str(tmp_path / "values"))
    assert again.values == book.values  # (a run goes on from the values kept)


def test_level5_plays_a_book_move(monkeypatch):
    # where the book rules out moves, level 5 keeps to it (and without it it strays
    # from the book: the test would notice a book left unused)
    positions = [h for h in held(1) + held(2) if bin(BOOK[connect4_book.index(h)]).count("1") < 4]
    assert positions
    strays = 0
    for i in range(12):
        h = positions[i % len(positions)]
        state = state_of(h)
        mask = BOOK[connect4_book.index(h)]
        assert finish(c4.think(state, 5, Rng(i))) in columns(mask), h
        with monkeypatch.context() as m:
            m.setitem(sys.modules, "games.connect4.book", Looked())
            strays += finish(c4.think(state, 5, Rng(i))) not in columns(mask)
    assert strays >= 2


def test_only_level5_reads_the_book_and_forgets_it(monkeypatch):
    sys.modules.pop("games.connect4.book", None)
    looked_up([3, 3])
    assert "games.connect4.book" not in sys.modules
    assert not hasattr(sys.modules["games.connect4"], "book")
    looked = Looked()
    monkeypatch.setitem(sys.modules, "games.connect4.book", looked)
    for level in (4, 5):
        finish(c4.think(state_of([0, 1, 2]), level, Rng(1)))
        finish(c4.think(state_of([0, 1]), level, Rng(1)))
    assert looked.asked == [[0, 1]]


def test_the_tool_writes_the_books_bytes_and_keeps_its_look_up(tmp_path):
    path = tmp_path / "book.py"
    with open(connect4_book.OUT) as f:
        text = f.read()
    path.write_text(text)
    connect4_book.write(bytes(range(20)), str(path))
    namespace = {}
    exec(path.read_text(), namespace)
    assert namespace["BOOK"] == bytes(range(20))
    new = path.read_text()
    assert new[:new.index("BOOK = (")] == text[:text.index("BOOK = (")]  # (the header)
    assert new[new.index("\n)\n"):] == text[text.index("\n)\n"):]  # (the look-up)
