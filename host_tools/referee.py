"""Referee: plays a game from moves on stdin, one per line, in each game's notation (docs/rules/), and
prints one JSON object per line (flushed at once, so a program can drive it).

    python -m host_tools.referee GAME [--seed N] [--players K] [--variant NAME] [--level N] [--lang fr]

Each answer: {"move", "ok", "error" (when not ok), "status", "winner", "to_move",
"legal", "board"} plus the fields a game adds (e.g. "pentacles"). A bad move leaves
the game unchanged and the run goes on. Blank lines and lines starting with '#' are
skipped. Input is read as bytes: a line that is not UTF-8 text or is longer than
1000 bytes gets an answer with "ok": false and its "error", and an answer repeats at
most 40 characters of a line. Exit 2 on bad arguments (a --seed outside 0..4294967295,
the generator's range, too), 0 otherwise.
With --lang fr the words people read (`error`, and the errors of bad arguments) are in
French; the JSON's keys, its machine-readable values and the moves' notation are the
same in every language.

4D Squeeze with cards (`squeeze --variant cards [--players 4] --seed N`): lines as in
docs/rules/squeeze_cards.md (`trahison e5`, `double W-3 N-c`, `negation`, `annulation P2`, `pass`, ...);
the JSON adds `hands`, `deck`, `pending` and `golden`, and `legal` lists every line.

Two more lines ask the board's player and never change the game:
  hint   {"hint": MOVE, "level": N, ...}: the move the board plays at --level N (1..5,
         default 5) in this position (its random slips drawn from --seed); in
         Foursquare the cell the board's hint would lay the card on, in 4 pistes the
         step the board plays for a seat ("level": null: they have no levels); not
         available in the card game (the board plays no seat there);
  solve  {"value": "win"|"draw"|"loss", "best": [every move that keeps it], ...}: the
         exact value for the side to move (Connect Four only; a position too big to
         solve in time answers ok false).
"""
import argparse
import importlib
import importlib.util
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from app.catalog import LANGS, game_ids, game_name
from app.words import translate
from games import load
from games.base import PLAYING, IllegalMove
from games.players import load_player
from games.levels import LEVELS
from games.search import finish
from games.rng import Rng, check_seed
from host_tools.inputs import escaped, read_lines, shown

MAX_MOVE = 100  # characters: no move in any notation is near this long

SOLVE_BUDGET = 300000  # nodes at most for `solve`, shared by the moves (a few seconds of CPython)


def answer(state, move_text, error=None):
    playing = state.status == PLAYING
    out = {"move": shown(move_text), "ok": error is None}
    if error is not None:
        out["error"] = error
    out.update(
        {
            "status": state.status,
            "winner": state.winner,
            "to_move": state.to_move if playing else None,
            "legal": state.legal_texts() if playing else [],
            "board": state.rows(),
        }
    )
    out.update(state.info())
    return out


def play_line(state, text):
    """Play one line of input; returns the JSON answer (the state is unchanged on error)."""
    if len(text) > MAX_MOVE:
        return answer(state, text, "bad move '%s': %d characters is no move (at most %d)" % (shown(text), len(text), MAX_MOVE))
    try:
        move = state.parse_move(text)
    except ValueError as e:
        reason = str(e)
        if reason.startswith("'%s'" % text):  # the reason names the line already: once is enough
            rest = reason[len(text) + 2:]
            reason = rest[2:] if rest.startswith(": ") else "it" + rest
        return answer(state, text, "bad move '%s': %s" % (shown(text), reason))
    try:
        state.play(move)
    except IllegalMove as e:
        return answer(state, text, "illegal move '%s': %s" % (shown(text), e))
    return answer(state, text)


def own_hint(game):
    """The game's hint when it is not a level of the board's player, found by its folder's
    names (README "Adding a game"): `hint.py`'s `best_move(state)` (Foursquare's: the cell
    where the board would lay the card), else a player with no levels, `player.py`'s
    `board_move(state)` (4 pistes': the board's step); None when it has neither."""
    for part, name in (("hint", "best_move"), ("player", "board_move")):
        if importlib.util.find_spec("games.%s.%s" % (game, part)) is not None:
            found = getattr(importlib.import_module("games.%s.%s" % (game, part)), name, None)
            if found is not None:
                return found
    return None


def solves(game):
    """Whether the board's player of `game` solves a position exactly (its `solve()`)."""
    return board_plays(game) and hasattr(load_player(game), "solve")


def no_hint():
    """Where the board hints, in words, from the games' folders."""
    by_level = [game_name(g) for g in game_ids() if board_plays(g)]
    own = [game_name(g) for g in game_ids() if not board_plays(g) and own_hint(g)]
    return "the board hints in %s with 2 players and no variant (at --level), and in %s" % (", ".join(by_level), ", ".join(own))


def no_solve():
    return "solved exactly, with 2 players only: %s" % ", ".join(game_name(g) for g in game_ids() if solves(g))


def board_plays(game):
    """Whether the board plays `game` by levels (its folder's player.py has think())."""
    try:
        load_player(game)
    except ValueError:
        return False
    return True


def ask_player(game, state, text, level, seed, variant=None):
    """The answer to a `hint` or `solve` line; the game does not change. (The card
    variant has no player: the board's hint there shows the legal launches.)"""
    out = {"move": text, "ok": True}
    if state.status != PLAYING:
        out.update({"ok": False, "error": "the game is over: no %s" % text})
    elif text == "hint" and not board_plays(game) and own_hint(game):
        out.update({"hint": state.format_move(own_hint(game)(state)), "level": None})
    elif not board_plays(game) or state.players != 2 or variant not in (None, "classic"):
        out.update({"ok": False, "error": "%s is not available here: %s" % (text, no_hint() if text == "hint" else no_solve())})
    elif text == "hint":
        move = finish(load_player(game).think(state, level, Rng(seed + len(state.history))))
        out.update({"hint": state.format_move(move), "level": level})
    elif not solves(game):
        out.update({"ok": False, "error": "solve is not available for %s: %s" % (game, no_solve())})
    else:
        solved = load_player(game).solve(state, SOLVE_BUDGET // len(state.legal_moves()))  # (each move's share)
        empty = len(state.board) - len(state.history)  # (a game whose every move fills a cell)
        if solved is None:
            out.update({"ok": False, "error": "not solved: %d empty cells is too many to solve in time" % empty})
        else:
            value, best = solved
            out.update({"value": ("loss", "draw", "win")[value + 1], "best": [state.format_move(m) for m in best],
                        "empty": empty})
    out["to_move"] = state.to_move if state.status == PLAYING else None
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.referee", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", choices=game_ids(), help="one of: " + ", ".join(game_ids()))
    parser.add_argument("--seed", type=int, help="seed of the game's random generator (deals, dice): 0..4294967295")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--variant", help="a variant of the game")
    parser.add_argument("--level", type=int, default=5, choices=LEVELS,
                        help="the board's level for `hint` lines (1..5, default 5)")
    parser.add_argument("--lang", default="en", choices=LANGS,
                        help="the language of the errors people read (en, fr; default en): the JSON's keys do not change")
    args = parser.parse_args(argv)  # exits 2 with a usage message on bad arguments
    try:
        if args.seed is not None:
            check_seed(args.seed)
        state = load(args.game, args.variant).new_state(players=args.players, variant=args.variant,
                                          rng=Rng(args.seed if args.seed is not None else 0))
    except ValueError as e:
        parser.error(escaped(translate(args.lang, str(e))))
    try:
        for line, error in read_lines(sys.stdin.buffer):
            text = line.strip()
            if not error and (not text or text.startswith("#")):
                continue
            if error:
                reply = answer(state, text, "bad line: " + error)
            elif text in ("hint", "solve"):  # the board's player: the game does not change
                reply = ask_player(args.game, state, text, args.level, args.seed or 0, args.variant)
            else:
                reply = play_line(state, text)
            if "error" in reply:
                reply["error"] = translate(args.lang, reply["error"])
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    except BrokenPipeError:  # the reader left (`| head`): nothing more to say
        sys.stderr.close()
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
