# 4 pistes in words (games/pistes/rules.py): reading a move's notation, the board as text and
# the referee's fields. Apart from the rules so that a Pico playing holds none of it: the
# moves themselves never need it (it is loaded for a save's replay, the referee and the
# simulator; games/pistes/screen.py frees it). Why a move is refused stays in the rules: a
# refused press's flash must not wait for an import (~45 ms on a Pico).
from games.base import PLAYING, is_number
from games.pistes.moves import BACK, DICE, END, JOKER, KEEP, ROLL, ROLLS, SIX4, STOP, TO_CHOOSE, TRACKS, UNKEEP



def parse_move(st, text):
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty move")
    kind, args = words[0], words[1:]
    if kind in (ROLL, STOP):
        if args:
            raise ValueError("'%s' takes nothing after it" % kind)
        return kind
    if kind in (KEEP, UNKEEP):
        if not args:
            raise ValueError("'%s' needs die numbers 1..4, like '%s 1 3'" % (kind, kind))
        mask = 0
        for a in args:
            if not (len(a) == 1 and "1" <= a <= "4"):
                raise ValueError("'%s' is not a die: dice are 1..4" % a)
            if mask & (1 << (int(a) - 1)):
                raise ValueError("die %s is named twice" % a)
            mask |= 1 << (int(a) - 1)
        return (kind, mask)
    if kind in (JOKER, SIX4):
        if len(args) != 1 or not (len(args[0]) == 1 and "1" <= args[0] <= "4"):
            raise ValueError("'%s' needs one track 1..4, like '%s 2'" % (kind, kind))
        return (kind, int(args[0]) - 1)
    if kind == BACK:
        if len(args) != 2 or args[0][:1] != "p" or args[1][:1] != "t" or not is_number(args[0][1:]) \
                or not is_number(args[1][1:]) or not 1 <= int(args[1][1:]) <= TRACKS:
            raise ValueError("'back' needs a player and a track, like 'back P2 T3'")
        player = int(args[0][1:])
        if not 1 <= player <= st.players:
            raise ValueError("there is no player %d (players 1..%d)" % (player, st.players))
        return (BACK, player - 1, int(args[1][1:]) - 1)
    raise ValueError("'%s' is not a move (roll, keep 1 3, unkeep 3, stop, joker 2, six4 3, back P2 T3)" % words[0])


def rows(st):
    """One line per track: its start cell, cells 1..9, its end cell; pawns are the
    players' numbers ('.' an empty cell). Then the dice ('*' set aside, '!' for
    good) and the rolls left."""
    out = []
    for t in range(TRACKS):
        line = "T%d [%s]" % (t + 1, "".join(str(p + 1) for p in range(st.players) if st.at(p, t) == 0))
        for cell in range(1, END):
            p = st.occupant(t, cell)
            line += " " + ("." if p < 0 else str(p + 1))
        out.append(line + " [%s]" % "".join(str(p + 1) for p in range(st.players) if st.at(p, t) == END))
    dice = ""
    for i in range(DICE):
        bit = 1 << i
        dice += " " + (str(st.dice[i]) if st.dice[i] else "-") + ("!" if st.locked & bit else "*" if st.aside & bit else "")
    out.append("dice%s, rolls left %d" % (dice, st.rolls_left))
    return out


def info(st):
    pending = None
    if st.status == PLAYING and st.phase == TO_CHOOSE:
        pending = {"choice": st.pending, "answers": st.legal_texts(), "backs_left": st.backs_left}
    return {
        "dice": list(st.dice) if st.rolls_left < ROLLS else None,
        # the dice the last turn resolved: a roll that ends the turn by itself shows them here
        "last_dice": list(st.last_dice) if st.last_dice else None,
        "aside": [bool(st.aside & (1 << i)) for i in range(DICE)],
        "rolls_left": st.rolls_left,
        "pending": pending,
        "positions": [st.cells(p) for p in range(st.players)],
        "eliminated": st.eliminated,
        "scores": st.scores,
        "winners": st.winners,
    }
