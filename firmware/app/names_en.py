# The English words of a tile's name beyond the game's and its variant's own (app/catalog.py
# GAMES): "with", a player count, as the setup screen scrolls them (app/font.py) and the
# simulator shows them. One module per language (app/names_fr.py ...), loaded by the
# name of the menu's language setting: a board holds only the chosen one.
WITH = " with "
PLAYERS = " %d players"  # a tile's player count: "4D Squeeze 4 players"
