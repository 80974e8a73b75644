# The referee CLI: a public interface (see DEVELOPERS.md). Driven as a user would,
# through a subprocess, including interactively line by line.
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def referee(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "host_tools.referee"] + args, input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def answers(args, lines):
    out = referee(args, "".join(line + "\n" for line in lines))
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_connect4_game_to_a_win():
    res = answers(["connect4"], list("1122334"))
    assert len(res) == 7 and all(r["ok"] for r in res)
    first = res[0]
    assert set(first) >= {"move", "ok", "status", "winner", "to_move", "legal", "board"}
    assert first["to_move"] == 2 and first["status"] == "playing"
    assert first["board"][-1] == "X......"
    last = res[-1]
    assert (last["status"], last["winner"], last["to_move"], last["legal"]) == ("won", 1, None, [])


def test_bad_and_illegal_moves_get_an_error_and_change_nothing():
    res = answers(["connect4"], ["4", "banana", "9", "", "# comment", "4", "4", "4", "4", "4", "4"])
    bad, nine = res[1], res[2]
    assert not bad["ok"] and "banana" in bad["error"]
    assert not nine["ok"] and "1..7" in nine["error"]
    assert nine["error"].count("'9'") == 1  # the line is named once
    assert bad["board"] == res[0]["board"] and bad["to_move"] == 2
    full = res[-1]  # column 4 already holds 6 discs
    assert not full["ok"] and "full" in full["error"]
    assert full["board"] == res[-2]["board"]
    assert "4" not in full["legal"]


def test_a_draw():
    draw = "121212343434565656212121434343656565777777"
    res = answers(["connect4"], list(draw))
    assert all(r["ok"] for r in res)
    assert (res[-1]["status"], res[-1]["winner"]) == ("draw", None)


def test_bad_arguments_exit_2_with_usage():
    for args in (["chess"], [], ["connect4", "--players", "3"], ["connect4", "--seed", "x"]):
        out = referee(args)
        assert out.returncode == 2, args
        assert "usage" in out.stderr


def test_answers_are_flushed_line_by_line():
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.referee", "connect4"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        for move, to_move in (("4", 2), ("3", 1)):
            proc.stdin.write(move + "\n")
            proc.stdin.flush()
            reply = json.loads(proc.stdout.readline())  # would hang if not flushed
            assert reply["move"] == move and reply["to_move"] == to_move
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0


def test_foursquare_adds_card_stock_and_piles():
    from games.foursquare import rules as foursquare  # tests/conftest.py puts firmware/ on the path
    from games.rng import Rng
    deck = foursquare.new_state(rng=Rng(4)).deck
    res = answers(["foursquare", "--seed", "4"], ["d4", "b2", "d3", "# a comment", "", "d4"])
    assert [r["ok"] for r in res] == [True, False, True, True]
    first = res[0]
    assert (first["card"], first["stock"], first["status"], first["to_move"]) == (deck[1], 38, "playing", 1)
    assert first["piles"][3] == ".. .. .. %du1 .. .. .." % deck[0] and len(first["piles"]) == 7
    assert first["legal"] == ["d3", "c4", "d4", "e4", "d5"]
    assert res[1]["error"] == "illegal move 'b2': b2 is not next to a pile" and res[1]["stock"] == 38
    assert res[3]["piles"][3].split()[3] == "%du2" % deck[2] and res[3]["stock"] == 36
    assert all(len(row.split()) == 7 for r in res for row in r["piles"])


def test_foursquare_to_the_end():
    # seed 0 as the hint once played it: a win with 5 cards left (tests/firmware/test_foursquare.py)
    moves = ("d4 d3 d2 c2 d1 e4 c1 d3 d3 d3 c1 b1 e4 b2 d4 d1 d1 e3 b1 b2 e1 c4 e1 e3 e1 b4 b1 "
             "b2 c1 b3 d2 c2 c3 e2 c3").split()
    last = answers(["foursquare", "--seed", "0"], moves + ["c3"])
    assert (last[-2]["status"], last[-2]["winner"], last[-2]["card"], last[-2]["stock"]) == ("won", 1, None, 5)
    assert last[-2]["legal"] == [] and last[-2]["score"] == 5
    assert last[-1]["ok"] is False and "over" in last[-1]["error"]


def test_pistes_a_roll_that_ends_the_turn_keeps_its_dice():
    """The third roll ends the turn by itself: `dice` is the new turn's (null), the dice
    that were rolled are in `last_dice` (issue #26, item 2)."""
    res = answers(["pistes", "--seed", "3", "--players", "2"], ["roll", "roll", "roll"])
    assert res[2]["to_move"] == 2 and res[2]["dice"] is None
    assert res[2]["last_dice"] and all(1 <= d <= 6 for d in res[2]["last_dice"])
    assert res[1]["last_dice"] is None  # no turn resolved yet


def test_hint_in_foursquare_and_pistes_answers_the_boards_move():
    res = answers(["foursquare", "--seed", "3"], ["hint", "d4", "hint"])
    assert res[0]["ok"] and res[0]["hint"] == "d4" and res[0]["level"] is None
    assert res[2]["ok"] and res[2]["hint"] in res[1]["legal"]
    res = answers(["pistes", "--seed", "3", "--players", "3"], ["hint", "roll", "hint"])
    assert res[0]["hint"] == "roll" and res[2]["ok"] and res[2]["hint"] in res[1]["legal"]
    res = answers(["squeeze", "--players", "4"], ["hint", "solve"])
    assert not res[0]["ok"] and "Foursquare" in res[0]["error"] and "4 pistes" in res[0]["error"]
    assert not res[1]["ok"] and "Connect Four" in res[1]["error"]
