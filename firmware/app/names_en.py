# The English words of a tile's name beyond the game's own (app/catalog.py GAMES): a
# variant's name, "with", a player count, as the setup screen scrolls them (app/font.py)
# and the simulator shows them. One module per language (app/names_fr.py ...), loaded
# by the name of the menu's language setting: a board holds only the chosen one.
VARIANTS = {"cards": "cards"}  # a variant's name: "4D Squeeze with cards"
WITH = " with "
PLAYERS = " %d players"  # a tile's player count: "4D Squeeze 4 players"
