# The French words of a tile's name (see app/names_en.py).
# No accented letter: the board's font (app/font.py) has none (a test checks that
# every name a board scrolls has its glyphs).
WITH = " avec "
PLAYERS = " %d joueurs"
