# What the board and the simulator call each game in English (unknown: its id): the
# names the setup screen scrolls (app/font.py) and the simulator shows. One module per
# language (app/names_fr.py ...), loaded by the name of the menu's language setting
# (catalog.names()): a board holds only the chosen language's words. Its own module:
# a game's state names its game with it, and the rest of the catalog (the menu's) is
# freed while a game is played.
NAMES = {
    "connect4": "Connect Four",
    "squeeze": "4D Squeeze",
    "cubes": "Cubes 7x7",
    "foursquare": "Foursquare",
    "pistes": "4 pistes",
}
VARIANTS = {"cards": "cards"}  # a variant's name: "4D Squeeze with cards"
WITH = " with "
PLAYERS = " %d players"  # a tile's player count: "4D Squeeze 4 players"
