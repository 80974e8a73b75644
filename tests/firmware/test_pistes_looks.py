# 4 pistes' dice's table of looks (games/pistes/screen.py's dice_looks): on the Pico
# native code (games/pistes/screen_viper.py), elsewhere its bytecode twin
# (games/pistes/screen_bytecode.py). Both must make the table the picture reads, in every
# position of seeded games.
from games.base import PLAYING
from games.pistes import rules, screen, screen_bytecode
from games.rng import Rng


def plain_dice_looks(faces, aside, locked):
    looks = bytearray(36)
    for die in range(rules.DICE):
        bit = 1 << die
        back = (3 if locked & bit else 2) if aside & bit else die % 2
        first = (faces[die] * 4 + back) * 9
        looks[die * 9:die * 9 + 9] = screen.DIE_LOOKS[first:first + 9]
    return looks


def test_the_dice_looks_match_the_positions_of_seeded_games():
    seen = 0
    for seed in range(8):
        players = 2 + seed % 5
        state, rng = rules.new_state(players=players, rng=Rng(seed)), Rng(500 + seed)
        while state.status == PLAYING and len(state.history) < 400:
            for twin in (screen, screen_bytecode):  # (on the Pico: native, then bytecode)
                out = bytearray(36)
                twin.dice_looks(out, bytes(state.dice), state.aside, state.locked, screen.DIE_LOOKS)
                assert out == plain_dice_looks(state.dice, state.aside, state.locked), (seed, state.history)
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
            seen += 1
    assert seen > 300  # (the check saw many positions)


def test_the_pico_makes_the_dice_table_with_native_code():
    import sys

    native = sys.platform == "rp2"
    assert ("games.pistes.screen_viper" in sys.modules) == native, sys.platform
    assert (screen.dice_looks is screen_bytecode.dice_looks) != native


def test_the_screens_own_copies_of_the_rules_sizes_agree():
    import sys

    if sys.implementation.name != "cpython":
        return  # (MicroPython compiles a private const away: no name to read)
    assert (screen._TRACKS, screen._END) == (rules.TRACKS, rules.END)
    assert screen._TRACKS_AREA == rules.TRACKS * (rules.END - 1)
