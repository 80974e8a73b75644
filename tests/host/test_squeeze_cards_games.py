# 4D Squeeze with cards through the referee: its JSON (hands, deck, pending, golden),
# whole 2- and 4-player games played from the referee's own `legal` lists, and
# property tests (hypothesis) that random card games never reach an illegal board and
# always end.
import json
import os
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from games.squeeze import cards
from games.base import PLAYING
from games.rng import Rng
from host_tools import referee

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_LINES = 3000  # a card game ends long before this many lines
LINES = (  # a 4-player rows() row is " 1 . . ..." : the board from the JSON
    range(1, 6), range(7, 12))


def run_referee(args, lines):
    proc = subprocess.run([sys.executable, "-m", "host_tools.referee"] + args, cwd=ROOT, input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr


def board_of(rows):
    """The 100 legend characters of the JSON's board (o: reachable, still empty)."""
    chars = []
    for i in list(LINES[0]) + list(LINES[1]):
        words = rows[i].split()
        chars.extend(words[1:6] + words[7:12])
    return "".join(chars)


def lines_of(chars, who):
    """Every line of 4 of `who` on the board, read with plain coordinates."""
    found = []
    for r in range(10):
        for c in range(10):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= y < 10 and 0 <= x < 10 and chars[y * 10 + x] == who for y, x in cells):
                    found.append(cells)
    return found


def check_answer(out, players):
    """What must hold after every line: only pawns, neutral pentacles and empty cells;
    2 cards a hand and 21 cards in all (dealt); nobody aligned while the game goes on,
    except the launch waiting for its Negation window."""
    chars = board_of(out["board"])
    assert set(chars) <= set(".oYB*"), chars
    hands = out["hands"]
    assert len(hands) == players and all(len(h) == 2 for h in hands), hands
    assert out["deck"] + 2 * players <= 21
    if out["status"] == PLAYING:
        pending = out["pending"]
        for who in "YB":
            if lines_of(chars, who):
                # the launch waiting for its Negation window (or a Negation's Annulation window)
                assert pending and (pending["window"] == "negation" or pending["chain"][0] == "negation"), (who, out)
        assert out["legal"], out
        if pending:
            assert out["legal"][-1] == "pass"
    else:
        assert out["legal"] == [] and out["pending"] is None
        if out["status"] == "won":
            assert lines_of(chars, "YB"[out["winner"] - 1])


def play_game(seed, players, chooser_seed):
    """A whole game from the referee's legal lists, each line picked at random; returns
    the last answer and the lines played."""
    state = cards.new_state(players, "cards", Rng(seed))
    pick = Rng(chooser_seed)
    played = []
    out = referee.answer(state, "")
    for _ in range(MAX_LINES):
        if out["status"] != PLAYING:
            return out, played
        legal = out["legal"]
        # the card plays are far more numerous than the launches (a coup double has
        # hundreds of pairs): choose a kind of line first, so that every kind is played
        kinds = sorted(set(text.split()[0] if " " in text or text in ("pass", "negation") else "launch"
                           for text in legal))
        kind = kinds[pick.below(len(kinds))]
        choices = [t for t in legal if (t.split()[0] if " " in t or t in ("pass", "negation") else "launch") == kind]
        text = choices[pick.below(len(choices))]
        out = referee.play_line(state, text)
        assert out["ok"], (text, out.get("error"))
        played.append(text)
        check_answer(out, players)
    raise AssertionError("the game did not end in %d lines" % MAX_LINES)


def test_the_referee_plays_the_card_variant_with_hands_deck_pending_golden():
    code, outs, err = run_referee(["squeeze", "--variant", "cards", "--seed", "4"],
                                  ["W-3", "pass", "trahison z1", "pass"])
    assert code == 0, err
    first = outs[0]
    assert first["ok"] and first["pending"] == {"window": "negation", "players": first["pending"]["players"],
                                                 "card": "b3", "by": 1, "chain": []}
    assert first["legal"][-1] == "pass" and first["golden"] == [] and first["deck"] == 17
    assert len(first["hands"]) == 2 and first["teams"] == [[1], [2]]
    assert not outs[2]["ok"] and "trahison" in outs[2]["error"]
    assert not outs[3]["ok"] and "nothing to pass" in outs[3]["error"]
    code, outs, err = run_referee(["squeeze", "--variant", "cards", "--players", "4", "--seed", "4"], ["N-a"])
    assert code == 0 and len(outs[0]["hands"]) == 4 and outs[0]["deck"] == 13
    code, outs, err = run_referee(["squeeze", "--variant", "cardz"], [])
    assert code == 2 and "cards" in err and "Traceback" not in err


def test_every_legal_line_is_accepted_and_lists_every_kind_of_line():
    state = cards.new_state(2, "cards", Rng(11))
    state.hands[1] = [0, 4]  # trahison, double
    legal = state.legal_texts()
    assert "W-1" in legal and "trahison e6" in legal and "double W-1 W-2" in legal
    for text in legal[::37]:
        copy = cards.new_state(2, "cards", Rng(11))
        copy.hands[1] = [0, 4]
        assert referee.play_line(copy, text)["ok"], text


def test_a_whole_two_player_card_game():
    out, played = play_game(seed=1, players=2, chooser_seed=2)
    assert out["status"] in ("won", "draw") and len(played) > 20
    assert any(t.split()[0] in ("trahison", "flammes", "eclair", "poussee", "double") for t in played)
    # the same lines replay to the same end (saves and undo replay the moves)
    state = cards.new_state(2, "cards", Rng(1))
    for text in played:
        state.play_text(text)
    assert (state.status, state.winner) == (out["status"], out["winner"])


def test_a_whole_four_player_card_game():
    out, played = play_game(seed=5, players=4, chooser_seed=9)
    assert out["status"] in ("won", "draw") and len(played) > 20
    assert any(t.startswith("annulation P") for t in played) or any(t == "negation" for t in played)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2 ** 30), players=st.sampled_from((2, 4)), chooser=st.integers(0, 2 ** 30))
def test_random_card_games_stay_legal_and_end(seed, players, chooser):
    out, played = play_game(seed, players, chooser)
    assert out["status"] in ("won", "draw")
