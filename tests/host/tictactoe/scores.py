# Tic-tac-toe's scores file, as a game declares one (README "Adding a game"): its name,
# which holds the game's folder's name, what it is in words, and its check. (The fixture
# only declares it: the power-up's check finds it, app/aside.py.)
FILE = "tictactoe_wins.json"
WHAT = "the tic-tac-toe wins"


def check(data):
    """Whether the board reads the file's `data` back as its own."""
    return isinstance(data, dict) and isinstance(data.get("wins"), int) and data["wins"] >= 0
