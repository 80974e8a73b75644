# What the board and the simulator call each game in French (see app/names_en.py).
# No accented letter: the board's font (app/font.py) has none (a test checks that
# every name a board scrolls has its glyphs).
NAMES = {
    "connect4": "Puissance 4",
    "squeeze": "4D Squeeze",
    "cubes": "Cubes 7x7",
    "foursquare": "Foursquare",
    "pistes": "4 pistes",
}
VARIANTS = {"cards": "cartes"}
WITH = " avec "
PLAYERS = " %d joueurs"
