# The board in French (issue #26): the rules book in docs/fr/ beside the English one,
# the names the board scrolls, the simulator's, headless simulator's and referee's
# messages in French with a language setting (--lang, the menu's j1/k1 keys, saved),
# the machine-readable fields unchanged, and a board that never loads the other
# language's words.
import ast
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

from app import catalog, font, grid, words_fr
from drivers.storage import FileStorage
from sim.drivers import SimBoard
from sim.headless import run_script

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs")
# What a player reads: the rules book. (docs/RELIABILITY.md is the makers' page of
# measured figures, rewritten by the benches: kept in English only.)
ENGLISH_ONLY = ("RELIABILITY.md", "PERFORMANCE.md", "MAKERS.md")  # makers' pages: measurements, the referee, not the rules
INDEX = os.path.relpath("docs/RULES.md", "docs")  # the book's index, in docs/ and in docs/fr/


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def english_pages():
    pages = [INDEX] + ["rules/" + n for n in sorted(os.listdir(os.path.join(DOCS, "rules"))) if n.endswith(".md")]
    others = [n for n in os.listdir(DOCS) if n.endswith(".md") and n not in pages and n not in ENGLISH_ONLY]
    assert others == [], "a new docs page: translate it in docs/fr/ or say why not (ENGLISH_ONLY)"
    return pages


def links(text):
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_every_english_page_has_its_french_page_linking_back():
    for page in english_pages():
        french = os.path.join(DOCS, "fr", page)
        assert os.path.exists(french), page
        back = os.path.relpath(os.path.join(DOCS, page), os.path.dirname(french))
        assert back in links(read(french)), (page, back)  # the French page links its English one
    assert "docs/fr/RULES.md" in links(read(os.path.join(ROOT, "README.md")))
    assert os.path.relpath("docs/fr/RULES.md", "docs") in links(read(os.path.join(DOCS, INDEX)))


def test_every_link_and_picture_of_the_french_pages_resolves_to_the_same_pictures():
    for page in english_pages():
        french = os.path.join(DOCS, "fr", page)
        for target in links(read(french)):
            if "://" in target:
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(french), target.split("#")[0]))
            assert os.path.exists(path), (page, target)
            if target.endswith(".png"):  # its own pictures, their words in French (host_tools/rules_pictures.py)
                assert os.path.dirname(path) == os.path.join(DOCS, "fr", "rules"), (page, target)
        pictures_fr = [os.path.basename(t) for t in links(read(french)) if t.endswith(".png")]
        pictures_en = [os.path.basename(t) for t in links(read(os.path.join(DOCS, page))) if t.endswith(".png")]
        assert pictures_fr == pictures_en, page  # the same pictures, in the same order
    made = sorted(os.path.basename(p) for p in glob.glob(os.path.join(DOCS, "fr", "rules", "*.png")))
    assert made == sorted(os.path.basename(p) for p in glob.glob(os.path.join(DOCS, "rules", "*.png")))


def test_the_french_pages_use_the_rule_sheets_words():
    text = " ".join(read(os.path.join(DOCS, "fr", p)) for p in english_pages())
    for word in ("pentacle", "Trahison", "Flammes", "Éclair", "Poussée", "Coup double", "Négation",
                 "Annulation", "pistes", "talon", "lancé", "case d'arrivée", "Puissance 4"):
        assert word in text, word


def test_every_name_the_board_scrolls_has_its_glyphs_in_every_language():
    for lang in ("en", "fr"):
        for i in range(len(catalog.TILES)):
            name = catalog.tile_name(i, lang)
            missing = [ch for ch in name.upper() if ch not in font.CHARS]
            assert missing == [], (lang, name, missing)
    assert catalog.tile_name(0, "fr") == "Puissance 4"
    assert catalog.tile_name(len(catalog.TILES) - 1, "fr") == "4D Squeeze avec cartes 4 joueurs"


# -- every English message has its French ---------------------------------------------
MESSAGE_FILES = (sorted(glob.glob(os.path.join(ROOT, "firmware", "games", "**", "*.py"), recursive=True))
                 + sorted(glob.glob(os.path.join(ROOT, "firmware", "app", "*.py")))
                 + [os.path.join(ROOT, p) for p in ("sim/__main__.py", "sim/headless.py", "sim/terminal.py", "sim/window.py", "sim/words.py",
                                                     "host_tools/referee.py", "host_tools/inputs.py")])
NOT_WORDS = {  # literals with spaces that are no message people read in the simulator
    # notation and the referee's board rows: the same in every language
    '{"best": %d}', "%s %d", "back P%d T%d", "T%d [%s]", "dice%s, rolls left %d", "%s %s %s", "%s P%d",
    "    a b c d e   f g h i j", "%3d %s | %s", "%s (%s)",
    # pieces of a message whose every filling has its key: "%s: press a glowing track
    # for the joker", "choose the track for the four 6s (%s T)", "1 player"...
    "%s: press a glowing track for the %s", "choose the track for the %s (%s T)", "there is no %s to play now",
    "%d player%s", "%s, not '%s'",
    # the games' names, each language's in app/catalog.py's GAMES
    "Connect Four", "Puissance 4", "4D Squeeze", "Cubes 7x7", "4 pistes",
    # a programmer's mistake, for the one who makes it (a tile's place, a variant's rules)
    "the tiles' places must be 0..%d, each once (at most 9)",
    "4D Squeeze with cards has rules of its own: games.load('squeeze', 'cards')",
    # the command lines' help and the start-up errors before a board exists: English
    "no terminal: use --headless for scripts (python -m sim --headless < script)\n", "no display to open a window on",
    "no window (%s): playing in the terminal", "no window (%s): try --terminal, or --headless for scripts\n",
    "no sound (%s): the window plays silently\n", "no device",
    "python -m host_tools.referee", "seed of the game's random generator (deals, dice): 0..4294967295", "number of players",
    "a variant of the game", "the board's level for `hint` lines (1..5, default 5)", "one of: ",
    "the language of the errors people read (en, fr; default en): the JSON's keys do not change",
    "python -m sim", "run a script from stdin (see sim/headless.py)", "the board in this terminal",
    "the board in a pygame-ce window", "the window on the virtual Pico (host_tools/vpico)",
    "keep settings and games in DIR (default: sim-saves/, headless: memory)",
    "the language of the names and messages for this run (en, fr; default: the board's menu setting, English at "
    "first; --vpico: set it on the board's menu, j1/k1)",
    "line %d: %s",  # its message is in the board's language already
}


def source_literals(words_only=True):
    """(file, line, text) of every string literal with words (`words_only`: a space
    and a letter) in the files that make messages (docstrings aside)."""
    for path in MESSAGE_FILES:
        if os.path.basename(path) in ("words_fr.py", "names_en.py", "names_fr.py"):
            continue
        tree = ast.parse(read(path))
        docs = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                text = node.value
                if not words_only or " " in text.strip() and any(c.isalpha() for c in text):
                    yield os.path.relpath(path, ROOT), node.lineno, text


def test_every_english_message_of_the_code_has_its_french():
    keys = list(words_fr.MESSAGES) + list(words_fr.WORDS)
    missing = ["%s:%d: %r" % (f, n, t) for f, n, t in source_literals()
               if t not in NOT_WORDS and not any(t in k for k in keys)]
    assert missing == [], "English messages with no French in app/words_fr.py (a reworded one: reword its key):\n" \
        + "\n".join(missing)


def test_every_french_key_is_still_a_message_of_the_code():
    literals = set(t for _, _, t in source_literals(words_only=False))
    pieces = set()
    for text in literals:
        pieces.update(p for p in re.split(r"%[-0-9.]*[sdrx]", text) if len(p) > 3)
    stale = []
    for key in words_fr.MESSAGES:
        parts = [p for p in re.split(r"%[-0-9.]*[sdrx]", key) if len(p) > 3]
        if key not in literals and not all(any(part in piece or piece in part for piece in pieces) for part in parts):
            stale.append(key)
    assert stale == [], "French of English messages the code no longer writes: %s" % stale


def test_the_translation_keeps_notation_and_translates_reasons_inside_reasons():
    t = words_fr.translate
    assert t("illegal move '8': column 8 is full") == "coup interdit '8' : la colonne 8 est pleine"
    assert t("player 2 holds no trahison card") == "le joueur 2 n'a pas de carte Trahison"
    assert t("'double': double names two launches (double W-3 N-c)") == \
        "'double' : double nomme deux lancés (double W-3 N-c)"  # the notation stays
    assert t("coup double, second launch: golden rule: W-3 would make your four in a row") == \
        "Coup double, second lancé : règle d'or : W-3 alignerait vos quatre pions"
    assert t("yellow wins (yellow 23, red out)") == "jaune gagne (jaune 23, rouge éliminé)"
    assert t("squeeze is for 2 or 4 players, not 3") == "squeeze se joue à 2 ou 4 joueurs, pas 3"
    assert words_fr.lookup("an English message nobody wrote") is None
    assert t("d4") == "d4"


SETUPS = [("connect4", None, None), ("squeeze", None, None), ("squeeze", 4, None), ("cubes", None, None),
          ("foursquare", None, None), ("pistes", 3, None), ("pistes", 1, None),
          ("squeeze", None, "cards"), ("squeeze", 4, "cards")]
JUNK = ["", "x", "99", "a0", "z9", "k11", "W-11", "N-k", "Q-3", "keep", "keep 9", "keep 1 1", "unkeep 2", "joker",
        "joker 7", "six4 2", "back", "back P9 T1", "back P1 T2", "roll 1", "stop now", "trahison", "flammes a1",
        "eclair j10", "poussee d4", "double W-3", "negation P9", "annulation x", "pass now", "pass", "(1, 2)"]


FUZZ = """
import json, random, sys
sys.path[:0] = [%(root)r, %(root)r + "/firmware"]
from app import words_fr
from games.base import PLAYING
from host_tools import referee
rng = random.Random(26)
untranslated, seen = set(), 0
for game, players, variant in %(setups)r:
    for seed in range(3):
        st = referee.load(game, variant).new_state(players=players, variant=variant, rng=referee.Rng(seed))
        pool = %(junk)r + st.legal_texts()[:40]
        for _ in range(60):
            if st.status != PLAYING:
                break
            legal = st.legal_texts()
            for text in rng.sample(pool, min(12, len(pool))) + rng.sample(legal, min(3, len(legal))):
                before = list(st.history)
                reply = referee.play_line(st, text)
                if "error" in reply:
                    seen += 1
                    if words_fr.lookup(reply["error"], strict=True) is None:
                        untranslated.add(reply["error"])
                elif st.history != before:
                    pool.append(text)
            if st.status == PLAYING and st.legal_texts():
                st.play_text(rng.choice(st.legal_texts()))
print(json.dumps([seen, sorted(untranslated)]))
"""


def test_every_reason_the_referee_gives_in_random_games_is_in_french():
    """Random games of every game, with every line of a pool tried at each step:
    every error the referee answers has its French, nothing left in English. (In a
    fresh interpreter: the rules' modules as the referee loads them.)"""
    code = FUZZ % {"root": ROOT, "setups": SETUPS, "junk": JUNK}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    seen, untranslated = json.loads(out.stdout)
    assert seen > 500
    assert untranslated == []


# -- the referee and the headless simulator in French --------------------------------
def run_referee(args, lines):
    out = subprocess.run([sys.executable, "-m", "host_tools.referee"] + args, input="".join(l + "\n" for l in lines),
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines()], out.stderr


def test_the_referee_in_french_changes_only_the_words():
    games = [(["connect4"], ["4", "banana", "9", "4", "4", "4", "4", "4", "4"]),
             (["squeeze"], ["W-3", "N-e", "e4", "Q-3", "W-5"]),
             (["pistes", "--seed", "3", "--players", "2"], ["stop", "roll", "keep 9", "joker 2", "roll", "roll", "roll"]),
             (["squeeze", "--variant", "cards", "--seed", "2"], ["negation", "W-5", "flammes a1", "pass", "trahison"])]
    for args, lines in games:
        code_en, english, _ = run_referee(args, lines)
        code_fr, french, _ = run_referee(args + ["--lang", "fr"], lines)
        assert code_en == code_fr == 0
        _, explicit, _ = run_referee(args + ["--lang", "en"], lines)
        assert explicit == english  # --lang en is the default
        assert len(english) == len(french) == len(lines)
        errors = 0
        for en, fr in zip(english, french):
            assert list(en) == list(fr)  # the same keys, in the same order
            assert dict(en, error=None) == dict(fr, error=None)  # the same values, but the words
            if "error" in en:
                errors += 1
                assert fr["error"] != en["error"] and words_fr.lookup(en["error"], strict=True) == fr["error"]
        assert errors >= 2, args
    _, answers, _ = run_referee(["connect4", "--lang", "fr"], ["4", "4", "4", "4", "4", "4", "4"])
    assert answers[-1]["error"] == "coup interdit '4' : la colonne 4 est pleine"
    # a message inside a message: the outer one is matched first, from its start
    _, answers, _ = run_referee(["squeeze", "--lang", "fr"], ["W-3"])
    assert answers[0]["error"] == "coup interdit 'W-3' : W-3 est impossible : le pion rencontrerait d'abord le pentacle en c3"
    _, answers, _ = run_referee(["cubes", "--lang", "fr"], ["d4", "d4", "b2"])
    assert [a.get("error") for a in answers[1:]] == ["coup interdit 'd4' : d4 porte déjà un cube",
                                                     "coup interdit 'b2' : b2 doit toucher le dernier cube (d4)"]


def test_a_bad_lang_is_refused_with_exit_2():
    code, _, err = run_referee(["connect4", "--lang", "de"], [])
    assert code == 2 and "--lang" in err and "'de'" in err
    code, _, err = run_referee(["connect4", "--lang", "fr", "--players", "3"], [])
    assert code == 2 and "connect4 se joue à 2 joueurs, pas 3" in err
    for lang in ("de", "FR", ""):
        out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--lang", lang], input="state\n",
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert out.returncode == 2 and "--lang" in out.stderr and out.stdout == ""


def headless(lines, lang=None, storage=None):
    out = []
    failure = run_script(lines, out.append, storage, lang)
    return [json.loads(x) for x in out if x.startswith("{")], [x for x in out if not x.startswith("{")], failure


SCRIPT = ["start connect4", "press a5", "state", "press a1", "state", "frame"] + ["press f1", "wait 400"] * 7 + [
    "state", "hold a1 1000", "state", "press c3", "state", "press c6", "state"]


def test_the_headless_simulator_in_french_changes_only_the_words():
    english, frames_en, fail_en = headless(SCRIPT)
    french, frames_fr, fail_fr = headless(SCRIPT, "fr")
    assert fail_en is None and fail_fr is None and frames_en == frames_fr  # the same LEDs
    assert headless(SCRIPT, "en")[0] == english
    words = ("error", "turn", "title", "notice")
    for en, fr in zip(english, french):
        assert list(en) == list(fr)
        plain_en = dict((k, v) for k, v in en.items() if k not in words + ("tiles", "lang"))
        plain_fr = dict((k, v) for k, v in fr.items() if k not in words + ("tiles", "lang"))
        assert plain_en == plain_fr
    assert french[0]["turn"] == "au tour de jaune" and english[0]["turn"] == "yellow to move"
    assert french[0]["error"].startswith("une touche hors du jeu ne joue aucun coup")
    assert french[1]["error"] == "maintenez cette touche pour l'utiliser"
    assert french[2]["error"] == "la colonne 4 est pleine" and french[2]["title"] == "Puissance 4"
    assert [t["name"] for t in french[3]["tiles"]][:3] == ["Puissance 4", "4D Squeeze", "4D Squeeze 4 joueurs"]
    assert french[4]["title"] == "Puissance 4" and french[5]["error"].startswith("appuyez encore sur la tuile allumée")
    # a bad line's error, on stderr, is French too
    assert headless(["press z9"], "fr")[2] == (1, "'z9' est hors du plateau (a1..l12)")
    assert headless(["press z9"])[2] == (1, "'z9' is off the board (a1..l12)")
    assert headless(["bogus"], "fr")[2][1].startswith("commande inconnue 'bogus'")
    assert headless(["start connect4 --players 3"], "fr")[2][1].endswith("se joue à 2 joueurs, pas 3")


def test_the_simulators_status_line_and_captions_are_french():
    from sim.terminal import Session

    session = Session(SimBoard(lang="fr"))
    text = "\n".join(session.screen(width=200, full=False))
    assert "Menu : touchez la tuile d'un jeu" in text and "docs/" not in text and "Puissance 4" in text
    assert "flèches déplacer" in text
    session.board.press(session.cursor)  # Connect Four's tile: its setup screen
    text = "\n".join(session.screen(width=200, full=False))
    assert "pour jouer contre le plateau, touchez l'image en bas à droite" in text and "docs/" not in text
    assert "Ses choix, sur les touches des bords : entre amis ; niveau : club." in text
    session.board.press(session.cursor)
    text = "\n".join(session.screen(width=200, full=False))
    assert "Puissance 4 : au tour de jaune" in text and "a12 indice" in text
    english = "\n".join(Session(SimBoard()).screen(width=200, full=False))
    assert "Menu: press a game's tile" in english and "docs/" not in english


# -- the menu setting --------------------------------------------------------------------
def test_the_menu_keys_switch_the_language_and_a_power_cut_keeps_it(tmp_path):
    storage = FileStorage(str(tmp_path))
    board = SimBoard(storage=storage)
    assert board.app.screen.describe()["lang"] == "en"
    board.press(catalog_key("k1"))
    assert board.app.settings["lang"] == "fr" and board.app.describe()["lang"] == "fr"
    assert json.loads(storage.read("settings.json"))["lang"] == "fr"
    board = SimBoard(storage=FileStorage(str(tmp_path)))  # the power comes back
    assert board.app.settings["lang"] == "fr"
    board.press(catalog_key("c3"))
    assert board.app.screen.title == "Puissance 4"  # the name the setup screen scrolls
    board.press(catalog_key("a1"), hold=True)
    board.press(catalog_key("j1"))
    board = SimBoard(storage=FileStorage(str(tmp_path)))
    board.press(catalog_key("c3"))
    assert board.app.settings["lang"] == "en" and board.app.screen.title == "Connect Four"
    storage.write("settings.json", json.dumps({"lang": "klingon", "brightness": 40}))
    assert SimBoard(storage=FileStorage(str(tmp_path))).app.settings["lang"] == "en"  # a bad value: the default


def catalog_key(name):
    from app import grid

    return grid.parse(name)


def test_the_language_keys_are_lit_the_chosen_one_white():
    board = SimBoard()
    j1, k1 = catalog_key("j1"), catalog_key("k1")
    frame = board.app.frame.buf
    white = bytes((255, 255, 255))
    assert bytes(frame[j1 * 3:j1 * 3 + 3]) == white and bytes(frame[k1 * 3:k1 * 3 + 3]) not in (white, bytes(3))
    board.press(k1)
    frame = board.app.frame.buf
    assert bytes(frame[k1 * 3:k1 * 3 + 3]) == white and bytes(frame[j1 * 3:j1 * 3 + 3]) != white


# -- a board never loads the other language's words ---------------------------------------
WORD_MODULES = ("app.names_en", "app.names_fr", "app.words", "app.words_fr")


def forget_words():
    for name in WORD_MODULES:
        sys.modules.pop(name, None)
        short = name.split(".")[1]
        if hasattr(sys.modules["app"], short):
            delattr(sys.modules["app"], short)


def play_on_the_board(board):
    """Presses as at a board (no simulator's question): a setup screen, a game, the
    menu, another game."""
    for name in ("c3", "c3", "f1", "e1", "f1"):
        board.press(catalog_key(name))
    board.press(catalog_key("a1"), hold=True)
    for name in ("f3", "f3", "a5"):
        board.press(catalog_key(name))
    board.press(catalog_key("a1"), hold=True)
    board.press(catalog_key("c9"))


def test_a_board_in_french_never_loads_the_english_words_and_vice_versa(tmp_path):
    forget_words()
    board = SimBoard(storage=FileStorage(str(tmp_path)))
    board.press(catalog_key("c3"))  # English: its name
    assert "app.names_en" in sys.modules and "app.names_fr" not in sys.modules
    board.press(catalog_key("a1"), hold=True)
    board.press(catalog_key("k1"))  # French: the English words go
    assert "app.names_en" not in sys.modules
    play_on_the_board(board)
    assert "app.names_fr" in sys.modules
    assert not [m for m in ("app.names_en", "app.words", "app.words_fr") if m in sys.modules]
    forget_words()
    board = SimBoard(storage=FileStorage(str(tmp_path)))  # after a power cut: French from the start
    play_on_the_board(board)
    assert "app.names_fr" in sys.modules and "app.names_en" not in sys.modules
    board.press(catalog_key("a1"), hold=True)
    board.press(catalog_key("j1"))
    assert "app.names_fr" not in sys.modules
    forget_words()
    play_on_the_board(SimBoard())  # English: no French word is ever loaded
    assert "app.names_en" in sys.modules
    assert not [m for m in ("app.names_fr", "app.words", "app.words_fr") if m in sys.modules]
    forget_words()


def test_lang_for_a_run_is_not_saved_but_the_menus_choice_is():
    storage = FileStorage(tempfile.mkdtemp())
    board = SimBoard(storage=storage, lang="fr")
    assert board.app.describe()["lang"] == "fr"
    board.press(grid.parse("e12"))  # a brightness: the settings are saved, the run's language not
    board.clock.sleep_ms(100)
    board.app.step()
    assert json.loads(storage.read("settings.json"))["lang"] == "en"
    board = SimBoard(storage=storage, lang="fr")
    board.press(grid.parse("k1"))  # French chosen on the board: saved
    board.clock.sleep_ms(100)
    board.app.step()
    assert json.loads(storage.read("settings.json"))["lang"] == "fr"
    assert SimBoard(storage=storage).app.describe()["lang"] == "fr"


def test_every_tiles_name_in_a_message_comes_out_as_the_board_names_it_in_french():
    # (a notice names the tile in English: "the saved game of %s replays only to ...")
    for i in range(len(catalog.TILES)):
        english = "the saved game of %s replays only to move 1 of 2: play goes on from there" % catalog.tile_name(i)
        assert catalog.tile_name(i, "fr") in words_fr.translate(english), english
