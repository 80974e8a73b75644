# The 4D Squeeze player's native code (games/squeeze/player_viper.py) against its
# bytecode twins (games/squeeze/player_bytecode.py): on the Pico both ways must give the same
# buffers, values and moves (elsewhere both ways are the bytecode: the same work
# twice). Plain asserts: runs under MicroPython.
from games import load
from games.rng import Rng
from games.search import deepen, finish
from games.squeeze import player, player_bytecode

NAMES = ("make_into", "threats_reached", "moves_into")
NATIVE = tuple(getattr(player, name) for name in NAMES)
BYTECODE = (player_bytecode.make_into_py, player_bytecode.threats_reached_py, player_bytecode.moves_into_py)


def positions(seed, every):
    """Positions of a seeded random game (every `every`-th one)."""
    state, rng = load("squeeze").new_state(), Rng(seed)
    while state.status == "playing":
        if len(state.history) % every == 0:
            yield state
        legal = state.legal_moves()
        state.play(legal[rng.below(len(legal))])


def test_native_moves_threats_and_blocks_equal_the_bytecode():
    """Every move of positions of seeded games made both ways: the same ply (board,
    counts, win cells kept) and score; after it, the same win cells reached and the
    same moves, all of them and those that may stop win cells (reached ones, or cells
    drawn at random)."""
    made = reached = blocked = 0
    rng = Rng(5)
    for seed in (1, 2):
        for state in positions(seed, 3):
            s = player.Search(state)
            here = s.stack[0]
            for launch in s.moves_here():
                plies = []
                holes = bytearray(rng.below(100) for _ in range(3))
                for make, reach, moves in (NATIVE, BYTECODE):
                    ply = bytearray(player_bytecode.PLY)
                    score = make(here, ply, launch, 7, player.VALUE, player.PENTACLE_WORTH)
                    against = bytearray(player_bytecode.MAX_THREATS)
                    n = reach(ply, against)
                    out = bytearray(player.LAUNCHES * 3)
                    k = moves(ply, out, 0, against, max(n, 0), player.NO_MOVE)
                    k2 = moves(ply, out, k, holes, 1 + launch % 3, launch)
                    k3 = moves(ply, out, k + k2, holes, 0, holes[0] % 40)
                    plies.append((bytes(ply), score, n, bytes(against[:max(n, 0)]), bytes(out[:k + k2 + k3]), k, k2))
                assert plies[0] == plies[1], (state.history, launch, plies)
                made += 1
                reached += plies[0][2] != 0
                blocked += plies[0][5] != 0 and plies[0][2] > 0
    assert made > 300 and reached > 10 and blocked > 3, (made, reached, blocked)


def test_native_search_visits_the_bytecode_positions():
    """Level 5's search (its depth; a budget the bytecode runs in seconds on a Pico) in
    positions of a seeded game, both ways (the native steps and moves, the bytecode
    ones): the same move, value and number of positions, the root's ply as it was."""
    from games.search import Search

    depth, budget = player.DEPTH[4], 500
    native_step = player.Search.step
    try:
        for state in positions(3, 4):
            found = []
            for step, funcs in ((native_step, NATIVE), (Search.step, BYTECODE)):
                player.Search.step = step
                for name, func in zip(NAMES, funcs):
                    setattr(player, name, func)
                s = player.Search(state)
                root = bytes(s.stack[0])
                s.vary(Rng(len(state.history)), 6)
                best = finish(deepen(s, depth, budget))
                assert bytes(s.stack[0]) == root and s.d == 0
                found.append((best, s.result, s.nodes))
            assert found[0] == found[1], (state.history, found)
    finally:
        player.Search.step = native_step
        for name, func in zip(NAMES, NATIVE):
            setattr(player, name, func)
