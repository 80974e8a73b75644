# Rules core of 4D Squeeze (docs/rules/squeeze.md): launches and where they stop, the
# impossible launches and their reasons, alignments, squeezes (chains included), the
# tie-break, 4 players, notation. Positions are set up by hand and every empty cell is
# checked alive first (the state before any move always has that property).
from games.squeeze import rules as squeeze
from games.squeeze import notation
from games.base import IllegalMove, PLAYING, WON, DRAW
from games.rng import Rng


def cell(name):
    return squeeze.cell_of(name)


def names(cells):
    return sorted(squeeze.cell_text(c) for c in cells)


def position(rows, to_move=1, players=2):
    """A state with the board drawn in `rows` (10 strings in the rows() legend, spaces
    and medians optional), `to_move` to play."""
    state = squeeze.new_state(players)
    chars = "".join(r.replace(" ", "").replace("|", "") for r in rows)
    assert len(chars) == 100, len(chars)
    for c in range(100):
        state.board[c] = ".YB*yb".index(chars[c])
    state.to_move = to_move
    state._refresh()
    board = bytearray(state.board)
    assert squeeze.squeeze(board, range(100), 9) == [], "set-up position has dead cells"
    return state


def board_with(yellow=(), blue=(), pentacles=(), to_move=1):
    rows = [["."] * 10 for _ in range(10)]
    for group, ch in ((yellow, "Y"), (blue, "B"), (pentacles, "*")):
        for name in group:
            c = cell(name)
            rows[c // 10][c % 10] = ch
    return position(["".join(r) for r in rows], to_move)


def snapshot(state):
    return (bytes(state.board), bytes(state.arrive), state.to_move, state.status,
            list(state.history), list(state.pentacles), state.empty)


def refused(state, move):
    """play(move) raises IllegalMove and changes nothing; returns the reason."""
    before = snapshot(state)
    try:
        state.play(move)
    except IllegalMove as error:
        assert snapshot(state) == before
        return str(error)
    raise AssertionError("%r was accepted" % (move,))


def launch(text):
    return notation.parse_launch(text)


def test_start_layout():
    state = squeeze.new_state()
    assert state.players == 2 and state.to_move == 1 and state.status == PLAYING
    assert state.board[cell("e5")] == squeeze.YELLOW and state.board[cell("f6")] == squeeze.YELLOW
    assert state.board[cell("f5")] == squeeze.BLUE and state.board[cell("e6")] == squeeze.BLUE
    for name in ("c3", "h3", "c8", "h8"):
        assert state.board[cell(name)] == squeeze.PENTACLE
    assert state.empty == 92 and state.pentacles == [0, 0]
    assert state.info() == {"pentacles": [0, 0], "teams": [[1], [2]]}


def test_every_new_game_starts_from_the_same_position_whatever_was_played_before():
    # the start (squeezed, its arrival cells) is made once and shared: no game changes it
    first = squeeze.new_state()
    board, arrive = bytes(first.board), bytes(first.arrive)
    rng = Rng(5)
    while first.status == PLAYING:
        legal = first.legal_moves()
        first.play(legal[rng.below(len(legal))])
    again = squeeze.new_state(players=4)
    assert bytes(again.board) == board and bytes(again.arrive) == arrive
    fresh = squeeze.start_board()
    squeeze.squeeze(fresh, range(squeeze.CELLS), squeeze.PENTACLE)
    assert bytes(fresh) == board


def test_new_state_rejects_bad_players_and_variants():
    for players, variant in ((3, None), (1, None), (0, None), ("2", None), (2, "card"), (4, "x")):
        try:
            squeeze.new_state(players, variant)
        except ValueError as error:
            assert "Squeeze" in str(error)
        else:
            raise AssertionError((players, variant))
    assert squeeze.new_state(4, "classic").players == 4
    from games import load

    assert load("squeeze", "cards").new_state(4).dealt  # the card variant: its own rules (games/squeeze/cards.py)


def test_launches_from_every_side_stop_on_the_median():
    state = squeeze.new_state()
    for text, where in (("W-1", "e1"), ("E-1", "f1"), ("N-a", "a5"), ("S-a", "a6"),
                        ("W-10", "e10"), ("E-10", "f10"), ("N-j", "j5"), ("S-j", "j6")):
        assert state.arrival_cell(launch(text)) == cell(where), text


def test_launches_stop_before_a_pawn():
    state = squeeze.new_state()
    for text, where in (("W-5", "d5"), ("E-5", "g5"), ("N-e", "e4"), ("S-e", "e7"),
                        ("W-6", "d6"), ("E-6", "g6"), ("N-f", "f4"), ("S-f", "f7")):
        assert state.arrival_cell(launch(text)) == cell(where), text
    state.play_text("W-10")  # e10
    assert state.arrival_cell(launch("W-10")) == cell("d10")
    assert state.arrival_cell(launch("S-e")) == squeeze.NONE  # its first cell is taken


def test_launch_paths_and_ring_cells():
    from app import grid
    from games.squeeze.screen import ring_cell

    for l in range(squeeze.LAUNCHES):
        path = squeeze.PATHS[l * 5:l * 5 + 5]
        row, col = grid.row_col(ring_cell(l))
        assert row in (0, 11) or col in (0, 11)
        first = path[0]
        # the ring cell is next to the path's first cell (the board is b2..k11)
        assert abs(first // 10 + 1 - row) + abs(first % 10 + 1 - col) == 1, l
    assert grid.name(ring_cell(launch("W-3"))) == "a4"
    assert grid.name(ring_cell(launch("N-c"))) == "d1"
    assert grid.name(ring_cell(launch("E-10"))) == "l11"
    assert grid.name(ring_cell(launch("S-j"))) == "k12"


def test_impossible_launch_first_cell_taken():
    state = board_with(yellow=("a1", "e5"), blue=("j10",))
    reason = refused(state, launch("W-1"))
    assert "first cell a1 is taken" in reason, reason
    assert "first cell a1" in refused(state, launch("N-a"))
    assert "first cell j10" in refused(state, launch("E-10"))
    assert "first cell j10" in refused(state, launch("S-j"))
    # a pentacle on the first cell too
    state = squeeze.new_state()
    state.board[cell("a1")] = squeeze.PENTACLE
    state._refresh()
    assert "first cell a1 is taken" in state.why_illegal(launch("W-1"))


def test_impossible_launch_pentacle_met_first():
    state = squeeze.new_state()
    for text, where in (("W-3", "c3"), ("E-3", "h3"), ("N-c", "c3"), ("S-c", "c8"),
                        ("W-8", "c8"), ("E-8", "h8"), ("N-h", "h3"), ("S-h", "h8")):
        reason = refused(state, launch(text))
        assert "pentacle on %s" % where in reason, (text, reason)
    # a pawn before the pentacle gives support: the launch stops before the pawn
    state = board_with(yellow=("b3", "e5"), pentacles=("c3",))
    assert state.arrival_cell(launch("W-3")) == cell("a3")


def test_impossible_arrival_cells():
    state = squeeze.new_state()
    assert "e5 is taken" in refused(state, state.parse_move("e5"))
    assert "c3 is taken" in refused(state, state.parse_move("c3"))
    assert "no launch stops on b2" in refused(state, state.parse_move("b2"))
    for bad in (None, "W-3", -1, 140, 3.5):
        assert state.why_illegal(bad), bad


def test_illegal_moves_change_nothing_after_the_end():
    state = board_with(yellow=("b4", "c4", "d4", "e5"))
    state.play_text("W-4")  # e4: b4 c4 d4 e4
    assert state.status == WON and state.winner == 1
    assert "over" in refused(state, launch("E-1"))
    assert state.legal_moves() == [] and state.parse_move("f1") >= squeeze.CELL_MOVE


def check_win(yellow, blue, move, line):
    state = board_with(yellow=yellow, blue=blue)
    state.play_text(move)
    assert state.status == WON and state.winner == 1, (move, state.status)
    assert names(state.line) == sorted(line), names(state.line)
    assert state.last_squeeze == []  # no squeeze after a winning move


def test_alignment_horizontal_across_the_median():
    check_win(("d4", "e4", "f4"), ("f5",), "E-4", ("d4", "e4", "f4", "g4"))


def test_alignment_vertical_across_the_median():
    # N-e stops on e4 above e5; e5 e6 e7 are yellow
    check_win(("e5", "e6", "e7"), ("j10",), "N-e", ("e4", "e5", "e6", "e7"))


def test_alignment_diagonals_across_the_centre():
    # S-g stops on g7 below the blue g6, S-d on d7 below d6
    check_win(("d4", "e5", "f6"), ("g6",), "S-g", ("d4", "e5", "f6", "g7"))
    check_win(("g4", "f5", "e6"), ("d6",), "S-d", ("g4", "f5", "e6", "d7"))


def test_alignment_within_a_quarter_and_five_in_a_row():
    check_win(("a5", "b5", "c5"), ("e5",), "N-d", ("a5", "b5", "c5", "d5"))
    check_win(("a5", "b5", "d5", "e5"), ("j1",), "N-c", ("a5", "b5", "c5", "d5", "e5"))


def test_pentacle_breaks_a_row():
    # N-d stops on d4 above the blue d5: d4 e4 (pentacle f4) g4 h4 is no row
    state = board_with(yellow=("e4", "g4", "h4"), blue=("d5", "e5"), pentacles=("f4",))
    state.play_text("N-d")
    assert state.status == PLAYING and state.board[cell("d4")] == squeeze.YELLOW
    # nor is it with a blue pawn on f4
    state = board_with(yellow=("e4", "g4", "h4"), blue=("d5", "e5", "f4"))
    state.play_text("N-d")
    assert state.status == PLAYING and state.line is None


def test_squeeze_a_cell_that_loses_its_last_path():
    # W-2 lands on e2 (the median): e3 then has a pentacle on its row (c3) and a pawn
    # above it: no launch can ever reach it
    state = squeeze.new_state()
    state.play_text("W-2")
    assert names(state.last_squeeze) == ["e3"]
    assert state.board[cell("e3")] == squeeze.PENTACLE + 1
    assert state.pentacles == [1, 0] and state.to_move == 2
    assert state.info()["pentacles"] == [1, 0]
    assert state.empty == 100 - 5 - 5  # 5 pawns, 5 pentacles


def test_squeeze_chain_a_cell_kept_alive_only_by_another():
    # c2's only support is d2 (c3 is a pentacle below it); d2's only way in is from
    # the north (e2 is a pentacle beside it). W-1 stops on d1 before e1: d2 and d3
    # lose their way in, and c2 loses d2. b2 stays alive through b3 (N-b).
    state = position([
        ". . . . B | . . . . .",
        ". . . . * | . . . . .",
        ". . * . B | . . * . .",
        ". . . . . | . . . . .",
        ". . . . Y | B . . . .",
        ". . . . B | Y . . . .",
        ". . . . . | . . . . .",
        ". . * . . | . . * . .",
        ". . . . . | . . . . .",
        ". . . . . | . . . . .",
    ])
    state.play_text("W-1")
    assert state.board[cell("d1")] == squeeze.YELLOW
    assert names(state.last_squeeze) == ["c2", "d2", "d3"]
    for name in ("c2", "d2", "d3"):
        assert state.board[cell(name)] == squeeze.PENTACLE + 1
    assert state.board[cell("b2")] == squeeze.EMPTY and state.board[cell("c1")] == squeeze.EMPTY
    assert state.pentacles == [3, 0]


def test_squeeze_chain_along_a_column():
    # the same position mirrored on the a1-j10 diagonal: N-a stops on a4 above a5
    state = position([
        ". . . . . | . . . . .",
        ". . . . . | . . . . .",
        ". . * . . | . . * . .",
        ". . . . . | . . . . .",
        "B * B . Y | B . . . .",
        ". . . . B | Y . . . .",
        ". . . . . | . . . . .",
        ". . * . . | . . * . .",
        ". . . . . | . . . . .",
        ". . . . . | . . . . .",
    ])
    state.play_text("N-a")
    assert state.board[cell("a4")] == squeeze.YELLOW
    assert names(state.last_squeeze) == ["b3", "b4", "c4"]
    assert state.board[cell("b2")] == squeeze.EMPTY and state.board[cell("a3")] == squeeze.EMPTY


def test_a_cell_alive_through_an_alive_cell_is_kept():
    state = squeeze.new_state()
    state.play_text("N-b")  # b5 cuts c5's row; c3 (a pentacle) cuts its column
    assert names(state.last_squeeze) == ["c5"]
    state.play_text("N-b")  # b4: the same for c4
    assert names(state.last_squeeze) == ["c4"] and state.pentacles == [1, 1]
    assert state.arrival_cell(launch("N-b")) == cell("b3")
    # b3 cuts a3's row too, but a3 is kept alive from the north by a4, a4 by a5, and
    # a5 by the median: N-a stops on a5 first, then a4, then a3
    state.play_text("N-b")
    assert state.last_squeeze == []
    assert state.arrival_cell(launch("N-a")) == cell("a5")


def test_random_games_counts_add_up():
    # after every move: empty cells + pawns + pentacles = 100, the counts match the
    # coloured pentacles, and a launch exists while cells are empty (the squeeze itself
    # is checked in depth by tests/host/test_squeeze_properties.py)
    rng = Rng(7)
    for game in range(3):
        state = squeeze.new_state()
        while state.status == PLAYING:
            moves = state.legal_moves()
            assert moves, "empty cells left but no launch"
            state.play(moves[rng.below(len(moves))])
            counts = [0] * 6
            for v in state.board:
                counts[v] += 1
            assert counts[0] == state.empty
            assert [counts[4], counts[5]] == state.pentacles
            assert counts[3] == 4
            assert sum(counts) == 100


def fill_to_last_cell(swap):
    """Game A's final board (no alignment) with a2 empty again, blue to play; `swap`
    blue pentacles recoloured yellow."""
    rows = [
        "YYBBBYBYYB", ".YBBYYBBYB", "yy*bbyb*yY", "BbbBByYyYY", "YYyYYBByYB",
        "BYybBYYbBB", "BBbbbYbbbB", "by*byyb*yb", "YYYBYYBBYB", "BYBYYBBBYY",
    ]
    text = "".join(rows)
    for _ in range(swap):
        i = text.index("b")
        text = text[:i] + "y" + text[i + 1:]
    return position([text[r * 10:r * 10 + 10] for r in range(10)], to_move=2)


def test_tie_break_more_pentacles_wins():
    state = fill_to_last_cell(0)
    assert state.pentacles == [13, 17] and state.legal_texts() == ["W-2"]
    state.play_text("a2")
    assert state.status == WON and state.winner == 2 and state.line is None
    state = fill_to_last_cell(3)  # 16 - 14
    state.play_text("W-2")
    assert state.status == WON and state.winner == 1


def test_tie_break_equal_counts_draw():
    state = fill_to_last_cell(2)  # 15 - 15
    state.play_text("W-2")
    assert state.status == DRAW and state.winner is None and state.empty == 0
    assert state.legal_moves() == []


def test_four_players_team_alignment():
    state = squeeze.new_state(4)
    assert state.info()["teams"] == [[1, 3], [2, 4]]
    seats = []
    for text in ("N-e", "S-a", "N-e", "S-j", "N-e"):  # e4, a6, e3, j6, e2
        seats.append(state.to_move)
        state.play_text(text)
    assert seats == [1, 2, 3, 4, 1]
    assert state.board[cell("e3")] == squeeze.YELLOW  # seat 3 plays team yellow
    assert state.board[cell("a6")] == squeeze.BLUE and state.board[cell("j6")] == squeeze.BLUE
    assert state.status == WON and state.winner == 1  # the team, with seats 1 and 3
    assert names(state.line) == ["e2", "e3", "e4", "e5"]


def test_four_players_random_game_to_the_end():
    rng = Rng(3)
    for game in range(2):
        state = squeeze.new_state(4)
        turn = 0
        while state.status == PLAYING:
            assert state.to_move == turn % 4 + 1
            seat = state.to_move
            moves = state.legal_moves()
            before = list(state.pentacles)
            state.play(moves[rng.below(len(moves))])
            team = 1 if seat in (1, 3) else 2
            assert state.board[state.last_cell] == team
            assert state.pentacles[team - 1] == before[team - 1] + len(state.last_squeeze)
            assert state.pentacles[2 - team] == before[2 - team]
            turn += 1
        assert state.winner in (1, 2, None)
        if state.status == DRAW:
            assert state.pentacles[0] == state.pentacles[1]
        elif state.line is None:
            assert state.pentacles[state.winner - 1] > state.pentacles[2 - state.winner]


def test_notation_round_trips():
    state = squeeze.new_state()
    for l in range(squeeze.LAUNCHES):
        text = state.format_move(l)
        assert state.parse_move(text) == l
        assert state.parse_move(text.lower()) == l and state.parse_move(" %s " % text) == l
    assert state.format_move(launch("W-10")) == "W-10" and state.format_move(launch("S-c")) == "S-c"
    # the arrival cell is the same move; e4 is reached both by W-4 and N-e
    assert state.arrival_cell(state.parse_move("e1")) == cell("e1")
    assert state.parse_move("e1") == launch("W-1")
    assert sorted(state.launches_to(cell("e4"))) == sorted([launch("W-4"), launch("N-e")])
    assert state.arrival_cell(state.parse_move("E4")) == cell("e4")
    # E-5 is a launch (to g5), e5 a cell (taken)
    assert state.arrival_cell(state.parse_move("E-5")) == cell("g5")
    assert state.parse_move("e5") == squeeze.CELL_MOVE + cell("e5")
    assert state.format_move(state.parse_move("b2")) == "b2"


def test_malformed_moves_raise_value_error_and_change_nothing():
    state = squeeze.new_state()
    before = snapshot(state)
    for bad in ("", " ", "W", "W-", "W-0", "W-11", "E-x", "N-3", "S-k", "N-cc", "X-3",
                "k1", "a0", "a11", "hello", "-3", "W--3", None, 12):
        try:
            state.parse_move(bad)
        except ValueError as error:
            assert str(error), bad
        else:
            raise AssertionError("%r parsed" % (bad,))
        try:
            state.play_text(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("%r played" % (bad,))
        assert snapshot(state) == before
    try:
        state.parse_move("W-11")
    except ValueError as error:
        assert "row 1..10" in str(error)


def test_legal_moves_sorted_and_helpers_agree():
    rng = Rng(11)
    state = squeeze.new_state()
    for _ in range(20):
        moves = state.legal_moves()
        assert moves == sorted(moves)
        marks = state.reachable()
        assert sorted(set(state.arrival_cell(m) for m in moves)) == [c for c in range(100) if marks[c]]
        for c in range(100):
            for m in state.launches_to(c):
                assert state.arrival_cell(m) == c and m in moves
            assert state.owner(c) == (state.board[c] if state.board[c] in (1, 2) else 0)
        state.play(moves[rng.below(len(moves))])
        if state.status != PLAYING:
            break


def test_native_moves_equal_the_bytecode_moves():
    """On the Pico a move's line check, squeeze and arrivals are native code
    (games/squeeze/rules_viper.py): seeded games, 2 and 4 players, played both ways give the
    same board, arrivals, squeezes, line and end at every move (elsewhere both ways are
    the bytecode: the same games twice)."""
    names = ("line_run", "seeds_behind", "squeeze_into", "update_arrivals")
    native = tuple(getattr(squeeze, name) for name in names)
    bytecode = (None, squeeze.seeds_behind_py, squeeze.squeeze_into_py, squeeze.update_arrivals_py)

    def game(funcs, seed, players):
        for name, func in zip(names, funcs):
            setattr(squeeze, name, func)
        state, rng, seen = squeeze.new_state(players), Rng(seed), []
        while state.status == PLAYING:
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
            seen.append((bytes(state.board), bytes(state.arrive), list(state.last_squeeze), state.line,
                         state.status, state.winner, list(state.pentacles), state.empty))
        return seen

    try:
        for seed in range(4):
            players = 2 + 2 * (seed % 2)
            assert game(native, seed, players) == game(bytecode, seed, players), seed
    finally:
        for name, func in zip(names, native):
            setattr(squeeze, name, func)
