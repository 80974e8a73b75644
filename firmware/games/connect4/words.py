# Connect Four's words for the front-ends (the page's names of the keys: web/keys.py),
# found by this module's name; a board never loads it.
PIECE = "disc"  # what a seat's piece is called: "yellow disc 1"
KEY_LABEL = "column %s"  # how a key's move is said: "column 4"
