# host_tools.bench_pistes: the BENCH lines of the board's 4 pistes players, on a few
# seeded games (deterministic: the same games every run).
from games.pistes import player as pistes_player
from host_tools import bench_pistes


def test_bench_lines_name_the_figures():
    lines = bench_pistes.bench_lines(solo_games=30, duels=20)
    names = [line.split()[1] for line in lines if line.startswith("BENCH ")]
    assert names == ["pistes_solo_mean_board", "pistes_solo_mean_first_roll", "pistes_2p_win_rate_board_vs_first_roll"]
    for line in lines:
        if line.startswith("BENCH "):
            _, _, value, unit = line.split()
            assert unit in ("points", "percent") and 0 <= float(value) <= 100
    assert lines[-1].startswith("TARGET") and lines[-1].split()[-1] in ("OK", "MISSED")


def test_the_board_outplays_the_first_roll_policy():
    board = bench_pistes.solo_mean(pistes_player.board_move, 60)
    first = bench_pistes.solo_mean(pistes_player.first_roll_move, 60)
    assert 0 <= first < board <= 38
    assert bench_pistes.win_rate(60) >= 60
