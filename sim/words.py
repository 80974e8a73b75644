# What every interactive front-end says about the board (the window, the terminal, the
# browser page): the margin labels in the game's own notation, the status line, a key's
# name, the captions around the board. Only the firmware's own calls (the screen's
# describe(), a controller's label(), axis_labels(), turn_text()) and no I/O, in the
# MicroPython subset: the browser page runs it on MicroPython. Everything is said in
# the board's language (the menu's setting, `--lang`), through app/words.py.
from app import grid
from app.words import translate

RULES_BOOK = "docs/RULES.md"  # the rules book, in the clone
BOOKS = {"en": ("docs/", RULES_BOOK), "fr": ("docs/fr/", "docs/fr/RULES.md")}  # its folder and index, by language
CORNER_NAMES = {grid.MENU: "menu", grid.UNDO: "undo", grid.HINT: "hint", grid.NEW: "new game"}
# What the corner keys do in a game, as the captions above and below the board say.
CORNER_LABELS = (
    (grid.MENU, "menu (hold)"),
    (grid.UNDO, "undo"),
    (grid.HINT, "hint"),
    (grid.NEW, "new (hold)"),
)
# What each of the board's sounds (drivers/sound.py) means, as the status line says it.
SOUND_MEANINGS = {"move": "a move played", "illegal": "a press refused", "win": "a win",
                  "draw": "a draw", "squeeze": "a squeeze", "menu": "a key of the menu or setup answered",
                  "hint": "a hint shown"}
MATCH_CAPTION = "b1 loser / c1 alternate: who starts the next Connect Four game; j1 English / k1 French"
BRIGHTNESS_CAPTION = "b12 .. k12: brightness (dim .. full)"


def corner_labels(board, d):
    """(cell, label) of the corner keys in this game (`d`: the App's describe()), its words
    said; no undo where the game's describe() says "undo": False (Foursquare's)."""
    return [(cell, say(board, label)) for cell, label in CORNER_LABELS if cell != grid.UNDO or d.get("undo", True)]


def game_words_module(game):
    """The game's words for the front-ends, games/GAME/words.py (README "Adding a game"),
    or None: what they look for there ("pieces", "numbers", "PIECE", "KEY_LABEL")."""
    name = "games.%s.words" % game
    try:
        return __import__(name, None, None, ("PIECE",))
    except ImportError as e:
        if name not in str(e):  # (an import the module itself could not make)
            raise
        return None


def sound_words(board, name):
    """The last sound the board played, by what it means."""
    return say(board, "last sound: %s" % SOUND_MEANINGS.get(name, name))


def docs(board):
    """The rules book's (folder, index) in the board's language."""
    return BOOKS[board.app.settings["lang"]]


def say(board, text):
    """`text` (English, as written here) in the board's language (app/words.py)."""
    return translate(board.app.settings["lang"], text)


def rules_page(game, variant=None, folder="docs/"):
    """A game's page of the rules book; a variant with its own page (squeeze cards) has it."""
    return "%srules/%s.md" % (folder, "%s_%s" % (game, variant) if variant else game)


def margin_labels(board):
    """The labels around the board (top, bottom, left, right; 12 each): the game's own
    notation in a game, the keys' names a..l and 1..12 elsewhere."""
    screen = board.app.screen
    if hasattr(screen, "start_args"):  # a setup screen (app/setup.py): its choices in words: "board 1st", a level's name
        return screen.axis_labels(lambda option, choice: option_label(board, option, choice))
    if hasattr(screen, "axis_labels"):
        # (a key's word in the board's language: 4 pistes' "roll"; a move's notation stays)
        return [[say(board, label) if len(label) > 2 and label.isalpha() else label for label in side]
                for side in screen.axis_labels()]
    letters = [chr(ord("a") + i) for i in range(grid.SIZE)]
    numbers = [str(i + 1) for i in range(grid.SIZE)]
    return letters, letters, numbers, numbers


def option_label(board, option, choice):
    """A setup choice's key, as its margin label says it."""
    if option == "board":
        return seat_label(board, choice)
    if option == "level":
        return level_name(board, choice)
    return say(board, str(choice))


def key_label(board, cell):
    """A key as the person sees it: its name in the game's notation, a tile's name."""
    screen = board.app.screen
    d = board.app.describe()
    if d["screen"] == "game":
        corner = CORNER_NAMES.get(cell)
        return screen.label(cell) or (say(board, corner) if corner else grid.name(cell))
    if d["screen"] == "menu":
        for tile in d["tiles"]:
            if cell in menu_tile_cells(tile["cell"]):
                return "%s (%s)" % (grid.name(cell), tile["name"])
    for what, keys in (d.get("pictures") or {}).items():  # a setup screen's two pictures
        if grid.name(cell) in keys:
            return "%s (%s)" % (grid.name(cell), say(board, PICTURE_WORDS[what]))
    return grid.name(cell)


def menu_tile_cells(top_left):
    cell = grid.parse(top_left)
    return (cell, cell + 1, cell + grid.SIZE, cell + grid.SIZE + 1)


PICTURE_WORDS = {"friends": "with friends", "board": "against the board"}  # a setup's two pictures
# The board's levels by name (docs/rules/players.md's table), as the setup's margin
# labels and every status line say them.
LEVEL_NAMES = ("beginner", "casual", "club", "strong", "strongest")
SEAT_LABELS = ("board 1st", "board 2nd", "board 3rd", "board 4th", "board 5th", "board 6th")  # the board plays 1st ...
MENU_STATUS = ("Menu: press a game's tile to play it, with friends or against the board. On the edges: who starts Connect "
               "Four (top left), the language (top right), the brightness (bottom row).")
# A setup with the two pictures (a game the board plays): how to play it either way.
PICTURES_STATUS = ("%s: to play against the board, press the picture at the bottom right (a person beside the "
                   "board's running light); with friends, the one at the bottom left (two people). a1 goes back to "
                   "the menu.")


def level_name(board, level):
    """A level by its name, in the board's language ("club")."""
    return say(board, LEVEL_NAMES[level - 1]) if 1 <= level <= len(LEVEL_NAMES) else str(level)


def seat_label(board, seat):
    """A seat's key on a setup screen: "board 1st" (the board plays first)."""
    return say(board, SEAT_LABELS[seat - 1]) if 1 <= seat <= len(SEAT_LABELS) else str(seat)


def choice_words(board, option, d):
    """A setup screen's current choice of `option`, in words."""
    if option == "players":
        return say(board, "%s players" % d["players"]) if d["players"] is not None else say(board, "the usual players")
    value = d["options"].get(option)
    if option == "board":
        if not value:
            return say(board, "with friends")
        return say(board, "the board plays seat%s %s" % ("s" if len(value) > 1 else "", ", ".join(str(s) for s in value)))
    if option == "level":
        return say(board, "level: %s" % level_name(board, value))
    return "%s %s" % (say(board, option), say(board, str(value)))


_COULD_PLAY = {}  # (game, players, variant) -> board_could_play's answer: the catalog read once


def board_could_play(d):
    """Whether the tile of the game on the screen offers the board a seat. Asked with
    every status line; the catalog is freed in a game, so it is read once a game."""
    key = (d["game"], d.get("players"), d.get("variant"))
    if key not in _COULD_PLAY:
        from app import catalog

        try:
            index = catalog.tile_of(*key)
        except ValueError:
            _COULD_PLAY[key] = False
        else:
            _COULD_PLAY[key] = any(option[1] == "seats" for option in catalog.tile_options(index))
    return _COULD_PLAY[key]


def again(d):
    """What a setup screen's tile does when pressed again: resume, or play (with friends
    or against the board, where the tile has the two pictures: as it was last played)."""
    if d["resume"]:
        return "resume"
    if d.get("pictures"):
        return "play against the board" if d["against"] else "play with friends"
    return "play"


def status_text(board, d=None):
    """(what the screen is and how to use it; its last refusal or None), in players'
    terms and the board's language: the same for every front-end. Keys by name only
    where a key is meant (a1, the corners: their captions name them); no makers' file
    (the rules page is screen_text's, apart). `d`: the App's describe(), if the caller has it."""
    d = d or board.app.describe()  # (its words in the board's language)
    if d["screen"] == "game":
        turn = d.get("turn", d["status"])
        if d.get("board_played"):  # its move, in the notation: where the board played
            turn = say(board, "the board played %s; %s" % (d["board_played"], turn))
        if d.get("thinking"):
            turn = say(board, "%s: the board is thinking" % turn)
        if d.get("board") and d.get("level"):
            turn = say(board, "%s; against the board (level: %s)" % (turn, level_name(board, d["level"])))
        elif d.get("board_seats"):  # (4 pistes: no levels; its turn says which seat is the board's)
            turn = say(board, "%s; against the board" % turn)
        elif ("board" in d or "board_seats" in d) and board_could_play(d):  # people only where the board could play: say so
            turn = say(board, "%s; with friends" % turn)
        if d.get("hint") and d["status"] == "playing":  # HINT's move (the strongest), in the game's notation
            turn = say(board, "%s; hint: %s" % (turn, d["hint"]))
        for shown in d.get("hands_shown") or ():  # deal mode: a held card key shows its seat's cards
            turn += say(board, "; player %d holds %s" % (shown["seat"], " and ".join(shown["cards"]) or "no card"))
        what = d.get("title", d["game"]) + say(board, ": ") + turn  # (French: "Puissance 4 : ...")
    elif d["screen"] == "attract":
        what = say(board, "the board plays %s against itself (left idle): press any key for the menu"
                   % d.get("title", d["game"]))
    elif d["screen"] == "setup":
        what = setup_words(board, d)
    else:
        what = say(board, MENU_STATUS)
    return what, d.get("error")


SIDE_ORDER = {"a": 0, "l": 1}  # a setup's choices said left column, right column, then the rows


def setup_words(board, d):
    """A setup screen's status line: how to play its game, its choices in words."""
    if d["resume"]:
        what = say(board, "%s: press its tile again to resume the game in progress; a1 goes back to the menu." % d["title"])
    elif d.get("pictures"):
        what = say(board, PICTURES_STATUS % d["title"])
    else:
        what = say(board, "%s: press its tile again to play; a1 goes back to the menu." % d["title"])
    # (in the keys' order, the left column's first: a describe()'s dict has no order on MicroPython)
    names = sorted(d["keys"], key=lambda name: (SIDE_ORDER.get(d["keys"][name][0][0], 2), d["keys"][name][0]))
    chosen = [choice_words(board, name, d) for name in names]
    if chosen:
        what += say(board, " Its choices, on the keys of its edges: %s." % say(board, "; ").join(chosen))
        if d["resume"]:
            what += say(board, " A changed choice starts a new game.")
    return what


def screen_text(board, d=None):
    """(what the screen is and how to use it, its rules page, its last refusal or
    None): the status line's parts, and the page of the rules book beside it (a
    front-end that shows the book: the browser page)."""
    d = d or board.app.describe()
    what, error = status_text(board, d)
    folder, book = docs(board)
    page = book if d["screen"] == "menu" else rules_page(d["game"], d.get("variant"), folder)
    return what, page, error


def captions(board, d=None):
    """The words around and on the board, as (place, cell, text): place "top" or
    "bottom" (a caption line above or below the board, centred on the cell's column),
    "top-left" / "bottom-left" (starting at the cell's left edge), "under" (a name on
    the board, centred under the 2x2 tile whose top-left cell is `cell`)."""
    d = d or board.app.describe()
    if d["screen"] == "game":
        return [("top" if grid.row_col(cell)[0] == 0 else "bottom", cell, label) for cell, label in corner_labels(board, d)]
    if d["screen"] == "menu":
        out = [("top-left", grid.parse("b1"), say(board, MATCH_CAPTION)),
               ("bottom-left", grid.parse("b12"), say(board, BRIGHTNESS_CAPTION))]
        for tile in d["tiles"]:  # each tile's name on the row under it
            out.append(("under", grid.parse(tile["cell"]), tile["name"]))
        return out
    if d["screen"] == "attract":  # the board playing itself: the status line says any key ends it
        return []
    # a tile's setup screen (and its two pictures, if it has them: a caption under each)
    out = [("top-left", grid.MENU, say(board, "a1: back to the menu")),
           ("under", grid.parse(d["tile"]), say(board, "press again: " + again(d)))]
    for what, keys in (d.get("pictures") or {}).items():
        out.append(("bottom", grid.parse(keys[len(keys) // 2]), say(board, PICTURE_WORDS[what])))
    return out


def wrap(text, width):
    """`text` cut at spaces into lines of at most `width` characters."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    lines.append(line)
    return [l[:width] for l in lines]
