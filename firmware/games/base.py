# The common protocol of the rules core, in the spirit of OpenSpiel: a module per game
# gives new_state(); a state knows whose turn it is, its legal moves, plays a move,
# and tells its status, winner and notation. No I/O, no clock; randomness only from
# a generator passed in.

PLAYING = "playing"
WON = "won"
DRAW = "draw"
LOST = "lost"  # solitaire games only


class IllegalMove(Exception):
    """The rules refuse this move; str(error) says why, in words for players."""


class GameState:
    """Base of every game state.

    A game sets `players` and `to_move` (players are numbered from 1), keeps `status`
    and `winner` up to date, and writes the hooks: legal_moves(), _apply(move) (a
    legal move), parse_move(text) (the move in the game's notation; ValueError with a
    clear message if malformed), format_move(move), rows() (the board as text, one
    string per row: referee, logs, tests). It may override why_illegal(move) to
    explain a refusal better, and info() to add fields to the referee's JSON.
    Moves are whatever the game finds convenient (ints, tuples), compared with ==.
    """

    players = 2

    def __init__(self):
        self.to_move = 1
        self.status = PLAYING
        self.winner = None  # a player (or team) number once status is WON
        self.history = []  # every move played, in order (saves, undo by replay)

    # -- the public protocol -------------------------------------------------------
    def play(self, move):
        """Play a legal move, or raise IllegalMove and change nothing."""
        if self.status != PLAYING:
            raise IllegalMove("the game is over")
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMove(reason)
        self._apply(move)
        self.history.append(move)

    def play_text(self, text):
        """Parse a move in the game's notation (docs/rules/) and play it; returns the move."""
        move = self.parse_move(text)
        self.play(move)
        return move

    def legal_texts(self):
        return [self.format_move(m) for m in self.legal_moves()]

    def why_illegal(self, move):
        """None when `move` is legal, else the reason in words."""
        if move in self.legal_moves():
            return None
        return "%s is not a legal move" % self.format_move(move)

    def info(self):
        """Extra fields a game adds to the referee's JSON (counts, dice, ...)."""
        return {}


def check_setup(game, players, variant, player_counts=(2,), variants=("classic",)):
    """The number of players (the first of player_counts by default) for a new game,
    or ValueError when the game is not played that way."""
    if players is None:
        players = player_counts[0]
    if players not in player_counts:
        raise ValueError("%s is for %s, not %r" % (game, count_text(player_counts), players))
    if variant is not None and variant not in variants:
        raise ValueError("%s has no variant %r (variants: %s)" % (game, variant, ", ".join(variants)))
    return players


def count_text(player_counts):
    """(1,) -> '1 player', (2, 4) -> '2 or 4 players', (1, .., 6) -> '1 to 6 players'."""
    first, last = player_counts[0], player_counts[-1]
    if len(player_counts) == 1:
        return "%d player%s" % (first, "" if first == 1 else "s")
    if len(player_counts) > 2 and tuple(player_counts) == tuple(range(first, last + 1)):
        return "%d to %d players" % (first, last)
    return "%s players" % " or ".join(str(n) for n in player_counts)


def is_number(text):
    """Only ASCII digits, as MicroPython reads them (CPython's isdigit() takes more)."""
    return len(text) > 0 and all("0" <= ch <= "9" for ch in text)


def parse_cell(text, columns, rows):
    """'c4' -> (column, row), 0-based; ValueError if it is not a cell of the board."""
    text = text.strip().lower()
    if len(text) < 2 or not ("a" <= text[0] <= "z") or not is_number(text[1:]):
        raise ValueError("'%s' is not a cell (like a1)" % text)
    col = ord(text[0]) - ord("a")
    row = int(text[1:]) - 1
    if not (0 <= col < columns and 0 <= row < rows):
        raise ValueError("'%s' is off the board (a1..%s%d)" % (text, chr(ord("a") + columns - 1), rows))
    return col, row


def cell_name(col, row):
    return "%s%d" % (chr(ord("a") + col), row + 1)


def has_four(board, columns, rows, col, row, who):
    """Is there a line of 4+ of `who` through (col, row)? `board`: the owners, row by
    row (board[row * columns + col]). four_in_a_row()'s answer without its cells or a
    call a cell: a move's check, before its light (four_in_a_row() then names the
    cells of a win)."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < columns and 0 <= r < rows and board[r * columns + c] == who:
                n += 1
                c += sign * dc
                r += sign * dr
        if n >= 4:
            return True
    return False


def four_in_a_row(get, columns, rows, col, row, who):
    """Cells of a line of 4+ of `who` through (col, row), or None.

    get(col, row) returns the owner at a cell; used by every alignment game.
    """
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        line = [(col, row)]
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < columns and 0 <= r < rows and get(c, r) == who:
                line.append((c, r))
                c += sign * dc
                r += sign * dr
        if len(line) >= 4:
            return line
    return None
