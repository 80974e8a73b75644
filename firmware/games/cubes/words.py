# Cubes' words for the front-ends (the page's names of the keys: web/keys.py), found by
# this module's name; a board never loads it.
PIECE = "cube"  # what a seat's piece is called: "purple cube 1"
