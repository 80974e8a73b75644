# 4 pistes (games/pistes.py): the end of a game, scored: who is eliminated, the scores,
# who wins. Apart because it runs once a game: the rules import it then and forget it
# at once, so a Pico does not hold its code while the game is played.
from games.base import DRAW, LOST, WON
from games.pistes import TO_ROLL


def eliminates(cells):
    """[reading] a pawn on its start cell at the end, never left or sent back."""
    return 0 in cells


def finish(st):
    """Ends the game: who is eliminated, the scores, who wins."""
    st.phase, st.pending = TO_ROLL, None
    st.eliminated = [eliminates(st.cells(p)) for p in range(st.players)]
    st.scores = [0 if st.eliminated[p] else sum(st.cells(p)) for p in range(st.players)]
    best = max(st.scores[p] for p in range(st.players) if not st.eliminated[p]) if not all(st.eliminated) else -1
    st.winners = [p + 1 for p in range(st.players) if not st.eliminated[p] and st.scores[p] == best]
    if st.players == 1:
        st.status = WON if st.winners else LOST  # the solo: a score, or eliminated
    elif len(st.winners) == 1:
        st.status = WON
    else:
        st.status = DRAW  # a shared win, or nobody wins (everyone eliminated)
    st.winner = st.winners[0] if len(st.winners) == 1 else None
