# The checks every game gets for free, from its catalog line alone (OpenSpiel's
# RandomSimTest is the model): random games of every menu tile, where each move's
# notation reads back as the move, a refused move changes nothing, replaying the history
# gives the same state, and on the board the screen draws every state the keys reach
# and a new power-up resumes the saved game as it was.
import random

import pytest

from app import catalog
from games import load
from games.base import PLAYING
from games.rng import Rng
from sim.drivers import MemoryStorage, SimBoard
from sim.headless import Headless

GAMES_A_TILE = 3
MAX_PLIES = 250
SCREEN_MOVES = 40  # moves played through the keys, a tile (a game ends first in most)
TILES = [(i,) + tuple(t[:3]) for i, t in enumerate(catalog.TILES)]


def tile_id(tile):
    return catalog.tile_name(tile[0]).replace(" ", "_")


def fresh(game, players, variant, seed):
    return load(game, variant).new_state(players=players, variant=variant, rng=Rng(seed))


def snapshot(state):
    return (state.rows(), repr(state.info()), state.to_move, state.status, state.winner, list(state.history))


def random_game(game, players, variant, seed, check):
    """Plays a seeded random game, calling check(state, moves seen so far) before every move."""
    pick = random.Random(seed)
    state = fresh(game, players, variant, seed)
    seen = []
    while state.status == PLAYING and len(state.history) < MAX_PLIES:
        legal = state.legal_moves()
        assert legal, "%s: no legal move while playing" % game
        check(state, seen)
        seen.extend(m for m in legal if m not in seen)
        state.play(pick.choice(legal))
    return state


@pytest.mark.parametrize("tile", TILES, ids=tile_id)
def test_each_move_s_notation_reads_back_as_the_move(tile):
    _, game, players, variant = tile

    def round_trip(state, seen):
        for move in state.legal_moves():
            text = state.format_move(move)
            assert state.parse_move(text) == move, (game, text)

    for seed in range(GAMES_A_TILE):
        random_game(game, players, variant, seed, round_trip)


@pytest.mark.parametrize("tile", TILES, ids=tile_id)
def test_a_refused_move_changes_nothing(tile):
    _, game, players, variant = tile
    refused = []

    def refuse(state, seen):
        legal = state.legal_moves()
        for move in [m for m in seen if m not in legal][:3]:
            before = snapshot(state)
            with pytest.raises(Exception) as error:  # (by its name: a test before may have loaded games.base afresh)
                state.play(move)
            assert type(error.value).__name__ == "IllegalMove" and str(error.value), (game, move)  # a reason in words
            assert snapshot(state) == before, (game, move)
            refused.append(move)

    for seed in range(GAMES_A_TILE):
        random_game(game, players, variant, seed, refuse)
    assert refused, "%s: no move was ever refused" % game


@pytest.mark.parametrize("tile", TILES, ids=tile_id)
def test_replaying_the_history_gives_the_same_state(tile):
    _, game, players, variant = tile
    for seed in range(GAMES_A_TILE):
        state = random_game(game, players, variant, seed, lambda state, seen: None)
        again = fresh(game, players, variant, seed)
        for move in state.history:
            again.play_text(state.format_move(move))
        assert snapshot(again) == snapshot(state)


def press(sim, cell, ms=20):
    board = sim.board
    board.keys.push(cell, True, board.clock.now)
    sim.advance(ms)
    board.keys.push(cell, False, board.clock.now)


def open_tile(sim, index):
    """The tile pressed twice from the menu: its setup, then its game (or the saved one)."""
    from app.tiles import TILE_CELLS

    for _ in range(2):
        press(sim, TILE_CELLS[index][0])
        sim.advance(200)
    return sim.board.app.screen


def looks(sim, ms=1000, step=100):
    """Every picture the board shows over the next `ms` (a blink, a countdown: several),
    each as the cells it lights and their LED levels."""
    seen = set()
    for _ in range(ms // step):
        sim.advance(step)
        seen.add(tuple(sorted((name, rgb) for name, rgb in sim.leds().items() if any(rgb))))
    return seen


def resumes_as_saved(storage, index, state):
    """A new power-up on the same flash resumes the tile's game as `state` is."""
    again = Headless(board=SimBoard(storage=storage))  # the power comes back
    resumed = open_tile(again, index).state
    assert [resumed.format_move(m) for m in resumed.history] == [state.format_move(m) for m in state.history]
    assert resumed.rows() == state.rows()
    assert (resumed.to_move, resumed.status) == (state.to_move, state.status)


@pytest.mark.parametrize("tile", TILES, ids=tile_id)
def test_the_screen_plays_every_state_and_a_power_up_resumes_it(tile):
    """A random game through the keys to its end (or SCREEN_MOVES): every move lands,
    the board shows each state, every move changes what it shows, and a power-up
    resumes the save after the first move, half way and at the end."""
    index, game, players, variant = tile
    storage = MemoryStorage()
    sim = Headless(board=SimBoard(storage=storage))
    screen = open_tile(sim, index)
    assert getattr(screen, "state", None) is not None, catalog.tile_name(index)
    pick = random.Random(index)
    shown = looks(sim)
    assert all(shown), (game, "a dark board")
    for n in range(SCREEN_MOVES):
        state = screen.state
        if state.status != PLAYING:
            break
        move = pick.choice(screen.described_moves())
        played = len(state.history)
        keys = screen.keys_for_move(move)
        for cell in keys:
            press(sim, cell)
            sim.advance(30)
        sim.advance(1000 if keys else 5000)  # its animation and save; a window's countdown
        assert len(screen.state.history) > played, (game, screen.state.format_move(move), screen.describe().get("error"))
        now = looks(sim)
        text = screen.state.format_move(screen.state.history[-1])
        assert all(now) and now != shown, (game, "the board shows no change after", text)
        shown = now
        if n in (0, SCREEN_MOVES // 2):
            resumes_as_saved(storage, index, screen.state)
    resumes_as_saved(storage, index, screen.state)
