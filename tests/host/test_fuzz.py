# host_tools.fuzz: a small budget of the bench's million random key events, on every
# menu tile, and proof that its checks catch a crash, a state that no longer replays
# and a press that changes the game without a move.
from app import catalog
from host_tools import fuzz


def test_random_events_on_every_tile_break_nothing():
    lines = []
    f = fuzz.Fuzz(seed=7, out=lines.append)
    f.run(4000)
    assert f.events == 4000
    assert (f.crashes, f.failures) == (0, 0), lines
    assert set(g for g, _, _ in f.seen) == set(t[0] for t in catalog.TILES)
    assert f.finished > 0  # games are played to their end, not only poked at


def test_every_tile_reached():
    f = fuzz.Fuzz(seed=3, out=lambda _: None)
    f.run(len(catalog.TILES) * 200)
    players = dict(((g, p), True) for g, p, _ in f.seen)
    for game, tile_players in (t[:2] for t in catalog.TILES):
        assert any(g == game and (tile_players is None or p == tile_players) for g, p in players), (game, tile_players)


def test_a_crash_is_counted_and_the_board_restarts():
    lines = []
    f = fuzz.Fuzz(seed=1, out=lines.append)
    board = f.board
    f.guarded(lambda: 1 / 0)
    assert f.crashes == 1 and f.board is not board and "ZeroDivisionError" in lines[0]


def test_a_game_changed_without_a_move_is_a_failure():
    f = fuzz.Fuzz(seed=1, out=lambda _: None)
    f.guarded(lambda: f.board.app.start_game("connect4", seed=1))
    f.guarded(lambda: f.board.app.screen.state.play(3))  # a move: the state replays
    assert f.failures == 0

    def sneak():  # the board changes, the history does not
        f.board.app.screen.state.board[0] = 2 if f.board.app.screen.state.board[0] != 2 else 1
    f.guarded(sneak)
    assert f.failures == 1


def test_a_state_that_does_not_replay_is_a_failure():
    f = fuzz.Fuzz(seed=1, out=lambda _: None)
    f.guarded(lambda: f.board.app.start_game("connect4", seed=1))

    def forged():
        state = f.board.app.screen.state
        state.history.append(5)  # a move in the history that was never played
    f.guarded(forged)
    assert f.failures == 1


def test_bench_lines():
    f = fuzz.Fuzz(seed=1, out=lambda _: None)
    f.run(50)
    lines = fuzz.bench_lines(f, 2.0)
    assert "BENCH fuzz_events 50 events" in lines and "BENCH fuzz_crashes 0 crashes" in lines
    assert "BENCH fuzz_rate 25 events/s" in lines
    assert all(len(line.split()) == 4 for line in lines)
