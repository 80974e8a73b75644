# The 4D Squeeze player's threat search (games/squeeze/player.py), on CPython: the win
# cells it keeps move by move are those a fresh scan finds, and level 5 finds a win in
# two (a move after which every answer leaves a win in one), which the player before
# the threat search missed in half of these positions.
from games import load
from games.search import finish
from games.rng import Rng
from games.squeeze import player as squeeze_player
from games.squeeze import player_bytecode
from tests.firmware.test_players import find_position, replay, winning_moves


def test_win_cells_kept_move_by_move_are_those_of_a_fresh_scan():
    rules = load("squeeze")
    checked = 0
    for seed in range(12):
        rng = Rng(seed)
        state = rules.new_state()
        while state.status == "playing":
            search = squeeze_player.Search(state)
            for move in search.moves_here():
                search.make(move)
                if not search.stack[search.d][player_bytecode.WON]:  # (a four ends the game: no threats to keep)
                    assert sorted(search.threats()) == sorted(search.all_threats()), (state.history, move)
                    checked += 1
                search.unmake(move)
            legal = state.legal_moves()
            state.play(legal[rng.below(len(legal))])
    assert checked > 1000


def wins_in_two(state):
    """The moves after which the mover wins at once whatever the answer (the rules
    say, by brute force)."""
    out = []
    for move in state.legal_moves():
        after = replay("squeeze", state.history + [move])
        if after.status != "playing":
            continue
        if all(answer.status == "playing" and winning_moves("squeeze", answer)
               for answer in (replay("squeeze", after.history + [r]) for r in after.legal_moves())):
            out.append(move)
    return out


def test_level5_finds_a_win_in_two():
    # positions of random games (seeds 4000..) where the mover has no win in one but a
    # win in two: level 5 plays one of those moves
    for seed in (4000, 4001, 4002, 4004):
        state = find_position("squeeze", seed, lambda s: len(s.history) > 6 and not winning_moves("squeeze", s)
                              and wins_in_two(s), limit=1)
        wins = wins_in_two(state)
        for rng_seed in (3, 4):
            assert finish(squeeze_player.think(state, 5, Rng(rng_seed))) in wins, (state.history, wins)


def test_tuning_tool_sets_the_weights_and_puts_them_back():
    from host_tools import tune_squeeze

    player = tune_squeeze.squeeze_player  # (the module the tool tunes: other tests may reload theirs)
    three = player.VALUE[3]  # three yellow pawns, the fourth cell free
    try:
        tune_squeeze.set_weights("WORTH=(0,1,6,44,0); ROOT_MOVES=(40,40,3,6,12)")
        assert player.VALUE[3] == 44 and player.VALUE[24] == -44
        assert player.ROOT_MOVES[4] == 12
    finally:
        tune_squeeze.set_weights("")
    assert player.VALUE[3] == three and player.ROOT_MOVES == tune_squeeze.DEFAULTS["ROOT_MOVES"]
