# What the menu's setup screen and the simulator call each game (unknown: its id). Its
# own module: a game's state names its game with it, and the rest of the catalog (the
# menu's) is freed while a game is played.
NAMES = {
    "connect4": "Connect Four",
    "squeeze": "4D Squeeze",
    "cubes": "Cubes 7x7",
    "foursquare": "Foursquare",
    "pistes": "4 pistes",
}
