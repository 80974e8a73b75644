# What each of the 144 keys is and shows, in words, for the page's screen-reader names
# (web/board.mjs names each key with it), and the mark drawn on a piece's cap: a cue
# besides colour (the player's number on a piece, a card's rank on its cap). Read from
# the firmware's own state and notation (the game's board, its controller's labels and
# colour names, the menu's and the setup's keys), never guessed from the LEDs' colours.
# Written in the MicroPython subset: it runs on MicroPython in the page.
import sys

from app import grid
from app.shared import unload
from sim.words import CORNER_NAMES, again, game_words_module, level_name, say

# The page's own words in French (the firmware's are translated by app/words_fr.py).
FRENCH = {
    "disc": "jeton", "cube": "cube", "pawn": "pion", "piece": "pion", "pentacle": "pentacle",
    "empty": "vide", "suggested": "suggéré", "chosen": "choisi", "level: %s": "niveau : %s",
    "the board plays seat %d": "le plateau joue la place %d", "%d players": "%d joueurs", "a game in progress": "une partie en cours",
    "who starts the next Connect Four game: the loser": "qui commence la prochaine partie de Puissance 4 : le perdant",
    "who starts the next Connect Four game: in turn": "qui commence la prochaine partie de Puissance 4 : chacun son tour",
    "English": "English", "French": "français", "brightness %d %%": "luminosité %d %%",
    "back to the menu": "retour au menu", "press again to play": "appuyer encore pour jouer",
    "press again to resume": "appuyer encore pour reprendre", "the board thinks": "le plateau réfléchit",
    "the board": "le plateau", "the board wins": "le plateau gagne", "you win": "vous gagnez",
    "press again to play with friends": "appuyer encore pour jouer entre amis",
    "press again to play against the board": "appuyer encore pour jouer contre le plateau",
}
MATCH_WORDS = {"loser": "who starts the next Connect Four game: the loser",
               "alternate": "who starts the next Connect Four game: in turn"}
LANG_WORDS = {"en": "English", "fr": "French"}


def page_say(board, text):
    """The page's own `text` in the board's language; a game's (its words.py's pieces():
    the message written out) has its French in app/words_fr.py."""
    if board.app.settings["lang"] == "fr":
        return FRENCH.get(text) or say(board, text)
    return text


def key_names(board, d):
    """[[name, mark], ...] for the 144 keys (cell order, a1 first): the key's name, what
    it does and shows ('d4: column 2, yellow disc 1'), and the mark on its cap ('' for
    none). `d`: the App's describe()."""
    screen = d["screen"]
    words = [[] for _ in range(grid.CELLS)]
    marks = [""] * grid.CELLS
    if screen == "game":
        game_words(board, d, words, marks)
    elif screen == "menu":
        menu_words(board, d, words)
    elif screen == "setup":
        setup_words(board, d, words)
    out = []
    for cell in range(grid.CELLS):
        name = grid.name(cell)
        said = words[cell]
        out.append([name + ": " + ", ".join(said) if said else name, marks[cell]])
    return out


def menu_words(board, d, words):
    from app import menu

    for tile in d["tiles"]:
        top_left = grid.parse(tile["cell"])
        for cell in (top_left, top_left + 1, top_left + grid.SIZE, top_left + grid.SIZE + 1):
            words[cell].append(tile["name"])
            if tile["resume"]:
                words[cell].append(page_say(board, "a game in progress"))
    settings = board.app.settings
    for cell, choice in menu.MATCH_KEYS.items():
        words[cell].append(page_say(board, MATCH_WORDS[choice]))
        if settings["match"] == choice:
            words[cell].append(page_say(board, "chosen"))
    for cell, lang in menu.LANG_KEYS.items():
        words[cell].append(page_say(board, LANG_WORDS[lang]))
        if settings["lang"] == lang:
            words[cell].append(page_say(board, "chosen"))
    for col, percent in enumerate(menu.BRIGHTNESS_PERCENTS):
        cell = grid.cell(menu.BRIGHTNESS_ROW, col + 1)
        words[cell].append(page_say(board, "brightness %d %%") % percent)
        if settings["brightness"] == percent:
            words[cell].append(page_say(board, "chosen"))


def setup_words(board, d, words):
    setup = board.app.screen
    tile = grid.parse(d["tile"])
    for cell in (tile, tile + 1, tile + grid.SIZE, tile + grid.SIZE + 1):
        words[cell].append(d["title"])
        words[cell].append(page_say(board, "press again to " + again(d)))  # (the way it was last played)
    words[grid.MENU].append(page_say(board, "back to the menu"))
    for option in getattr(setup, "options", ()):
        name = option[0]
        keys = d["keys"].get(name) or ()
        choices = setup.choices(option)
        for k, key in enumerate(keys):
            choice = choices[k]
            cell = grid.parse(key)
            words[cell].append(choice_words(board, name, choice))
            if setup.chosen(option, choice):
                words[cell].append(page_say(board, "chosen"))


def choice_words(board, name, choice):
    if name == "board":
        return page_say(board, "the board plays seat %d") % choice
    if name == "level":
        return page_say(board, "level: %s") % level_name(board, choice)
    if name == "players":
        return say(board, "%d players" % choice) if choice > 1 else say(board, "1 player")
    return say(board, "%s %s" % (name, choice))


def game_words(board, d, words, marks):
    ctrl = board.app.screen
    game = d["game"]
    had = "games.%s.words" % game in sys.modules
    key_label = getattr(game_words_module(game), "KEY_LABEL", None)  # how a key's move is said: "column %s"
    for cell in range(grid.CELLS):
        label = ctrl.label(cell)
        if label == grid.name(cell):  # a game with no cell notation (4 pistes): the move the key plays
            move = ctrl.move_for_cell(cell)
            label = None if move is None else ctrl.state.format_move(move)
        if label is not None and label != grid.name(cell):
            words[cell].append(page_say(board, key_label % label) if key_label else label)
        elif cell in CORNER_NAMES:
            words[cell].append(say(board, CORNER_NAMES[cell]))
    for cell, what, mark in pieces(board, ctrl, game, d):
        words[cell].append(what)
        marks[cell] = mark
    if not had:  # (as a board: the words go once said)
        unload("games.%s.words" % game)
    hint = d.get("hint")
    if hint is not None and d["keys"].get(hint):
        words[grid.parse(d["keys"][hint])].append(page_say(board, "suggested"))


def seat_piece(board, ctrl, seat, kind):
    """'yellow disc 1': the seat's colour (the controller's own name for it), the piece, the
    seat's number (the mark on its cap)."""
    from app.controller_text import colour_name

    colour, piece = say(board, colour_name(ctrl, seat)), page_say(board, kind)
    if board.app.settings["lang"] == "fr":  # the colour after the noun: "jeton jaune 1"
        return "%s %s %d" % (piece, colour, seat)
    return "%s %s %d" % (colour, piece, seat)


def pieces(board, ctrl, game, d):
    """(grid cell, what it shows in words, its mark) of each cell of the game's board: its
    words.py's pieces(ctrl, d, screen, say, piece) where it has one (`screen`: its
    games/GAME/screen.py; `say`: the page's words in the board's language;
    `piece(seat, kind)`: 'yellow disc 1'); else, for a screen with
    BOARD_CELLS (the keys of the rules' `board`, 0 empty, else a seat), each one's piece
    (words.py's PIECE: "disc"; "piece" if none)."""
    words = game_words_module(game)
    own = getattr(words, "pieces", None)
    screen = __import__("games.%s.screen" % game, None, None, ("BOARD_CELLS",))
    if own is not None:
        return own(ctrl, d, screen, lambda text: page_say(board, text), lambda seat, kind: seat_piece(board, ctrl, seat, kind))
    cells = getattr(screen, "BOARD_CELLS", None)
    if cells is None:
        return []
    kind = getattr(words, "PIECE", "piece")
    out = []
    for i, cell in enumerate(cells):
        seat = ctrl.state.board[i]
        if seat:
            out.append((cell, seat_piece(board, ctrl, seat, kind), str(seat)))
        else:
            out.append((cell, page_say(board, "empty"), ""))
    return out
