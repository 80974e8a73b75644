# Property tests of 4 pistes on random games (host only: hypothesis, subprocess): the
# invariants of the rules (docs/rules/pistes.md) checked after every move, written from the rules
# (not from the module's helpers), and the referee driven as a program would.
import json
import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from games.pistes import rules as pistes
from games.base import DRAW, LOST, PLAYING, WON, IllegalMove
from games.pistes.player import first_roll_move
from games.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_MOVES = 4000
LINES = ["roll", "stop", "keep 1", "keep 2 4", "unkeep 3", "keep 1 2 3 4", "joker 1", "six4 4", "back P1 T2",
         "back P2 T4", "keep 0", "back P9 T1", "six4", "roll roll"]


def check_invariants(state):
    n = state.players
    for t in range(4):
        on_cells = [state.at(p, t) for p in range(n) if 0 < state.at(p, t) < 10]
        assert len(on_cells) == len(set(on_cells)), "two pawns on one cell of track %d" % (t + 1)
    assert all(0 <= c <= 10 for c in state.pos)
    if state.status == PLAYING and state.rolls_left < 3 and state.phase == pistes.TO_DECIDE:
        for i in range(4):
            if state.dice[i] == 5:
                assert state.aside & state.locked & (1 << i), "a 5 not set aside for good"
    info = json.loads(json.dumps(state.info()))
    assert info["positions"] == [[state.at(p, t) for t in range(4)] for p in range(n)]
    if info["pending"] is not None:
        assert info["pending"]["answers"] == state.legal_texts()


def check_end(state):
    """The result, from the positions by the rules: home twice ends it, a pawn on a start
    cell eliminates, the others score their cells, the best share the win."""
    n = state.players
    cells = [[state.at(p, t) for t in range(4)] for p in range(n)]
    assert any(c.count(10) >= 2 for c in cells)
    out = [0 in c for c in cells]
    scores = [0 if out[p] else sum(cells[p]) for p in range(n)]
    assert state.eliminated == out and state.scores == scores
    alive = [p for p in range(n) if not out[p]]
    best = max(scores[p] for p in alive) if alive else None
    winners = [p + 1 for p in alive if scores[p] == best]
    assert state.winners == winners
    if n == 1:
        assert state.status == (WON if winners else LOST)
    else:
        assert state.status == (WON if len(winners) == 1 else DRAW)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 2 ** 30), st.integers(1, 6), st.lists(st.integers(0, 40), max_size=300))
def test_random_games_keep_the_rules_and_always_end(seed, players, picks):
    state = pistes.new_state(players=players, rng=Rng(seed))
    picks = list(picks)
    moves = 0
    while state.status == PLAYING:
        legal = state.legal_moves()
        assert legal
        # hypothesis picks moves while it has picks; then the first-roll policy ends the game
        move = legal[picks.pop() % len(legal)] if picks else first_roll_move(state)
        turn_before = state.to_move
        state.play(move)
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
        check_invariants(state)
        if state.status == PLAYING and state.to_move != turn_before:
            assert state.phase == pistes.TO_ROLL and state.rolls_left == 3
    check_end(state)
    # the same seed and moves replay to the same game (saves and undo)
    again = pistes.new_state(players=players, rng=Rng(seed))
    for m in state.history:
        again.play_text(state.format_move(m))
    assert again.info() == state.info() and again.status == state.status


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 2 ** 30), st.integers(2, 6), st.integers(0, 60), st.one_of(st.text(max_size=12), st.sampled_from(LINES)))
def test_refused_lines_change_nothing(seed, players, steps, text):
    state = pistes.new_state(players=players, rng=Rng(seed))
    for _ in range(steps):
        if state.status != PLAYING:
            break
        state.play(first_roll_move(state))
    before = (bytes(state.pos), list(state.dice), state.aside, state.rolls_left, state.phase,
              state.to_move, len(state.history), state.status)
    try:
        move = state.parse_move(text)
        state.play(move)
        assert len(state.history) == before[6] + 1 and state.history[-1] == move
    except (ValueError, IllegalMove):
        after = (bytes(state.pos), list(state.dice), state.aside, state.rolls_left, state.phase,
                 state.to_move, len(state.history), state.status)
        assert after == before


def referee(args, lines):
    out = subprocess.run([sys.executable, "-m", "host_tools.referee", "pistes"] + args,
                         input="".join(line + "\n" for line in lines),
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    return out


def test_referee_plays_with_seed_and_players_and_answers_every_field():
    out = referee(["--seed", "7", "--players", "3"], ["roll", "keep 1", "stop", "banana", "keep 9", "back P4 T1"])
    assert out.returncode == 0, out.stderr
    res = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(res) == 6
    first = res[0]
    for field in ("dice", "aside", "rolls_left", "pending", "positions", "eliminated", "scores"):
        assert field in first, field
    assert len(first["dice"]) == 4 and first["rolls_left"] == 2 and len(first["positions"]) == 3
    # the same seed, the same dice
    again = [json.loads(line) for line in referee(["--seed", "7", "--players", "3"], ["roll"]).stdout.splitlines()]
    assert again[0]["dice"] == first["dice"]
    banana, nine, p4 = res[3], res[4], res[5]
    assert not banana["ok"] and "not a move" in banana["error"]
    assert not nine["ok"] and "1..4" in nine["error"]
    assert not p4["ok"] and "no player 4" in p4["error"]
    assert banana["positions"] == res[2]["positions"] and banana["to_move"] == res[2]["to_move"]


def test_referee_bad_arguments_exit_2():
    for args in (["--players", "7"], ["--players", "0"], ["--variant", "x"], ["--seed", "x"]):
        out = referee(args, [])
        assert out.returncode == 2, args
        assert "usage" in out.stderr and "Traceback" not in out.stderr
