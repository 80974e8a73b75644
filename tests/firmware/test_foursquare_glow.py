# Foursquare's glow (games/foursquare/screen.py glow_empty): on the Pico native code
# (games/foursquare/screen_viper.py), elsewhere the bytecode over the rules' placements. Both
# must mark exactly the empty cells where the drawn card may go.
from games.foursquare import screen
from games.foursquare import rules as foursquare
from games.base import PLAYING
from games.rng import Rng


def plain_glow(state, look):
    """The cells the rules allow and that are empty, marked (the reference)."""
    glow = bytearray(foursquare.CELLS)
    for m in foursquare.placements(state.height, state.box):
        if not state.height[m]:
            glow[m] = look
    return glow


def test_the_glow_marks_the_empty_cells_the_rules_allow_in_seeded_games():
    boards = 0
    for seed in range(12):
        state, rng = foursquare.new_state(rng=Rng(seed)), Rng(100 + seed)
        while state.status == PLAYING:
            if state.box is not None:
                glow = bytearray(foursquare.CELLS)
                lo_r, hi_r, lo_c, hi_c = state.box
                screen.glow_empty(glow, state.height, lo_r, hi_r, lo_c, hi_c, 9)
                assert glow == plain_glow(state, 9), (seed, state.history)
                boards += 1
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
    assert boards > 100  # (the check saw many positions)


def test_the_pico_glows_with_native_code():
    import sys

    assert ("games.foursquare.screen_viper" in sys.modules) == (sys.platform == "rp2"), sys.platform
