# The board's players (games/GAME/player.py): every level plays legal moves, takes a
# win in one; levels >= 2 block a loss in one; the Connect Four solver agrees with a
# brute-force search. Plain asserts: runs under MicroPython too (kept small there;
# tests/host/test_players.py plays many more positions on CPython).
from games import load
from games.players import load_player
from games.levels import LEVELS, check_level
from games.search import finish
from games.rng import Rng

GAMES = ("connect4", "cubes", "squeeze")
# Positions found by random play (find_position below): the mover can win at once ...
WIN_IN_ONE = {
    "connect4": "2 4 3 7 6 5 3 5 7 1 5 4 7 2 4 5 5 5 2 1",
    "cubes": "b7 a6 a5 a4 b5 b4 b3 c2 d3 d2 e1 d1 e2 f1 g1 f2 f3 g3 f4 e3 d4 e5 f6 e6",
    "squeeze": "E-9 W-1 E-10 W-6 S-j S-d N-j S-i S-a N-j N-a W-4 W-9 W-7 E-10 N-j W-9 W-4",
}
# ... the opponent threatens to win, and some move stops every threat.
THREATENED = {
    "connect4": "3 5 1 6 5 4",
    "cubes": "c5 b6 a5 b4 c4 b3",
    "squeeze": "N-e S-j E-9 W-6 S-g E-10 W-6 E-5 N-j S-d",
}


def replay(game, moves):
    state = load(game).new_state()
    for m in moves:
        state.play(m)
    return state


def position(game, texts):
    state = load(game).new_state()
    for text in texts.split():
        state.play_text(text)
    return state


def winning_moves(game, state):
    """The moves of the side to move that win at once (checked by the rules)."""
    mover = state.to_move
    out = []
    for m in state.legal_moves():
        after = replay(game, state.history + [m])
        if after.status == "won" and after.winner == mover:
            out.append(m)
    return out


def find_position(game, seed, wanted, limit=200):
    """A position reached by random play (from `seed`) where wanted(state) holds."""
    for k in range(limit):
        rng = Rng(seed + k)
        state = load(game).new_state()
        while state.status == "playing":
            if wanted(state):
                return state
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
    raise AssertionError("no such %s position found" % game)


def threatened(game):
    """wanted(): the opponent threatens to win, and some move stops every threat."""
    def wanted(state):
        if winning_moves(game, state) or len(state.history) < 6:
            return False
        losing = 0
        saving = 0
        for m in state.legal_moves():
            if winning_moves(game, replay(game, state.history + [m])):
                losing += 1
            else:
                saving += 1
        return losing and saving
    return wanted


def test_check_level():
    assert check_level(None) == 3
    for level in LEVELS:
        assert check_level(level) == level
    for bad in (0, 6, "3", 2.5):
        try:
            check_level(bad)
        except ValueError:
            continue
        raise AssertionError("level %r accepted" % (bad,))


def test_every_level_takes_a_win_in_one():
    for game in GAMES:
        player = load_player(game)
        state = position(game, WIN_IN_ONE[game])
        wins = winning_moves(game, state)
        assert wins
        for level in LEVELS:
            move = finish(player.think(state, level, Rng(level)))
            assert move in wins, (game, level, state.history, move, wins)


def test_levels_two_and_up_block_a_loss_in_one():
    for game in GAMES:
        player = load_player(game)
        state = position(game, THREATENED[game])
        assert threatened(game)(state)
        for level in LEVELS[1:]:
            move = finish(player.think(state, level, Rng(level)))
            assert move in state.legal_moves()
            assert not winning_moves(game, replay(game, state.history + [move])), (game, level, state.history, move)


def test_every_level_plays_legal_moves_to_the_end():
    for game in GAMES:
        player = load_player(game)
        state = load(game).new_state()
        rng = Rng(7)
        levels = (1, 2) if game == "squeeze" else (1, 3)  # squeeze: a long game, kept short here
        while state.status == "playing":
            move = finish(player.think(state, levels[len(state.history) % 2], rng))
            assert move in state.legal_moves(), (game, state.history, move)
            state.play(move)


def test_think_gives_the_keys_back_in_slices():
    # a search is a generator: the strongest level needs many next() calls
    state = replay("connect4", [3, 3, 2])
    search = load_player("connect4").think(state, 5, Rng(1))
    steps = 0
    try:
        while True:
            next(search)
            steps += 1
    except StopIteration as done:
        assert done.value in state.legal_moves()
    assert steps > 3


def test_the_strongest_level_moves_within_2_s_of_the_apps_loop():
    # the app gives a search one next() a loop step (LOOP_MS): level 5's budget must
    # fit in the Pico's 2 s in steps too, on the Pico and on the simulators' hosts
    from app.app import LOOP_MS

    for game in ("connect4", "cubes"):
        state, rng = load(game).new_state(), Rng(3)
        for _ in range(4):
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        search = load_player(game).think(state, 5, Rng(1))
        steps = 0
        try:
            while True:
                next(search)
                steps += 1
        except StopIteration as done:
            assert done.value in state.legal_moves()
        assert 3 < steps <= 2000 // LOOP_MS, (game, steps)


def brute(state):
    """1 win, 0 draw, -1 loss for the side to move: a plain search of every move, on a
    copy of the board (its own drop and four-in-a-row: nothing of the rules' or the
    solver's code; a replay of the rules a node made this test the virtual Pico's
    costliest, 56 CPU s)."""
    return _brute(bytearray(state.board), state.to_move, len(state.board) - len(state.history))


def four_through(board, col, row, who):
    """Whether `who`'s disc at (col, row) makes four in a row on `board` (row 0 the top)."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < 7 and 0 <= r < 6 and board[r * 7 + c] == who:
                n += 1
                c, r = c + sign * dc, r + sign * dr
        if n >= 4:
            return True
    return False


def _brute(board, who, empty):
    best = -1
    for col in range(7):
        if board[col]:  # (row 0 is the top: the column is full)
            continue
        row = 5
        while board[row * 7 + col]:
            row -= 1
        board[row * 7 + col] = who
        value = 1 if four_through(board, col, row, who) else 0 if empty == 1 else -_brute(board, 3 - who, empty - 1)
        board[row * 7 + col] = 0
        if value > best:
            best = value
            if best == 1:
                break
    return best


def test_solver_agrees_with_brute_force():
    player = load_player("connect4")
    rng = Rng(3)
    checked = 0
    while checked < 4:
        state = load("connect4").new_state()
        while state.status == "playing" and len(state.history) < 35:
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
        if state.status != "playing":
            continue
        value, best = player.solve(state)
        assert value == brute(state), state.history
        for m in state.legal_moves():
            after = replay("connect4", state.history + [m])
            v = 1 if after.status == "won" else 0 if after.status == "draw" else -brute(after)
            assert (m in best) == (v == value), (state.history, m)
        checked += 1


def test_squeeze_player_lines_of_four_worked_out():
    # the Squeeze player works its lines out (no tables): every straight line of 4
    # cells of the 10x10 board, once, none across an edge; lines_through(x) lists
    # exactly the lines with x among their cells
    from games.squeeze.player import CELLS, SIZE, STARTS, STEP
    from games.squeeze.player_bytecode import lines_through

    cells_of = {}
    for start in range(CELLS):
        for direction in range(4):
            if STARTS[start] >> direction & 1:
                cells_of[start * 4 + direction] = [start + i * STEP[direction] for i in range(4)]
    expected = set()
    for c in range(SIZE):
        for r in range(SIZE):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + 3 * dc < SIZE and 0 <= r + 3 * dr < SIZE:
                    expected.add(tuple((r + i * dr) * SIZE + c + i * dc for i in range(4)))
    assert len(cells_of) == 238 and set(tuple(v) for v in cells_of.values()) == expected
    for x in range(CELLS):
        through = lines_through(x, [])
        assert len(through) == len(set(through))
        assert sorted(through) == sorted(line for line in cells_of if x in cells_of[line])


def test_native_searches_visit_the_bytecode_positions():
    """On the Pico the search steps of the cubes' and Connect Four's players are native
    code (games/fours_viper.py): in positions of seeded games,
    a search of the same budget both ways (its root shuffled and jittered, stopped short
    by the budget or ended; Connect Four's exact solve and its heuristic search) finds
    the same move and value after the same number of positions, and leaves the board as
    it found it (elsewhere both ways are the bytecode: the same search twice)."""
    from games.connect4 import player as connect4_player
    from games.cubes import player as cubes_player
    from games.search import Search, deepen

    def cubes(s, seed):
        s.vary(Rng(seed), 40 if seed % 3 else 0)
        return finish(deepen(s, 12, 150 + 50 * (seed % 5)))

    def connect4(s, seed):
        s.vary(Rng(seed), 0)
        value = finish(connect4_player.solve_root(s, 100 + 200 * (seed % 4)))
        s.vary(Rng(seed), 10 if seed % 3 else 0)
        return value, s.bestmove[0], finish(deepen(s, 6, s.nodes + 300))

    def board(s):
        return [bytes(t) if isinstance(t, bytearray) else t
                for t in (s.cells, s.lv, s.t1, s.t2, s.score, s.n, getattr(s, "h", 0), getattr(s, "lo", 0),
                          getattr(s, "hi", 0), getattr(s, "last", 0))]

    for module, search in ((cubes_player, cubes), (connect4_player, connect4)):
        native = module.Search.step

        def run(state, step, seed):
            module.Search.step = step
            s = module.Search(state)
            before = board(s)
            found = search(s, seed)
            assert board(s) == before
            return found, s.result, s.nodes

        try:
            # one seeded game: its odd plies' seeds meet the budgets and variations
            # above that two games met (the second doubled this test's 187 CPU s on the virtual Pico)
            state, rng = load(module.__name__[6:-7]).new_state(), Rng(100)
            while state.status == "playing":
                seed = len(state.history)
                if seed % 2:
                    assert run(state, native, seed) == run(state, Search.step, seed), state.history
                legal = state.legal_moves()
                state.play(legal[rng.below(len(legal))])
        finally:
            module.Search.step = native


def test_the_strongest_level_keeps_to_connect4s_opening_book():
    # after 1 1 the book keeps only the moves that keep the exact value (the first
    # player's win); the book is forgotten once read (a Pico's search needs one long
    # free block)
    import sys

    player = load_player("connect4")
    mask = __import__("games.connect4.book", None, None, ("mask",)).mask([0, 0])
    assert 0 < mask < 0x7F
    assert "games.connect4.book" not in sys.modules
    for seed in range(2):
        move = finish(player.think(replay("connect4", [0, 0]), 5, Rng(seed)))
        assert mask >> move & 1, (move, mask)
