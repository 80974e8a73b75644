# The rules book (docs/RULES.md and docs/rules/): a page for every game the board has,
# linked from the index and the README, its pictures current (rendered by the
# simulator), and no citation of a rules file outside the clone.
import os
import re
import subprocess
import sys

from app import catalog
from host_tools import rules_pictures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs")


def read(*path):
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def pages():
    """The page of every menu tile: docs/rules/<game>.md, <game>_<variant>.md."""
    out = set()
    for game, _, variant in (t[:3] for t in catalog.TILES):
        out.add("%s_%s.md" % (game, variant) if variant else "%s.md" % game)
    return sorted(out)


def test_every_game_of_the_board_has_a_page_linked_from_the_index():
    index = read("docs", "RULES.md")
    links = re.findall(r"\]\((rules/[a-z0-9_]+\.md)\)", index)
    for page in pages():
        assert "rules/" + page in links, page
        assert os.path.exists(os.path.join(DOCS, "rules", page)), page
    # the games still to come are listed already: their pages arrive with them
    for page in ("foursquare.md", "pistes.md", "squeeze_cards.md"):
        assert "rules/" + page in links


def test_every_picture_a_page_shows_exists_and_every_game_has_its_pictures():
    shown = set()
    for name in os.listdir(os.path.join(DOCS, "rules")):
        if name.endswith(".md"):
            for image in re.findall(r"\]\(([^)]+\.png)\)", read("docs", "rules", name)):
                assert os.path.exists(os.path.join(DOCS, "rules", image)), (name, image)
                shown.add(image)
    made = set("%s-%s.png" % (game, picture) for game, picture, _ in rules_pictures.PICTURES)
    assert made == shown  # every picture made is shown, every one shown is made
    french = set()  # the French book shows its own, the same pictures with their words in French
    for name in os.listdir(os.path.join(DOCS, "fr", "rules")):
        if name.endswith(".md"):
            for image in re.findall(r"\]\(([^)]+\.png)\)", read("docs", "fr", "rules", name)):
                assert os.path.exists(os.path.join(DOCS, "fr", "rules", image)), (name, image)
                french.add(image)
    assert french == made
    for game in ("connect4", "squeeze", "cubes"):
        assert set("%s-%s.png" % (game, p) for p in ("start", "move", "end")) <= made


def test_the_pictures_are_current():
    done = subprocess.run([sys.executable, "-m", "host_tools.rules_pictures", "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_pictures_show_what_their_captions_say():
    states = dict(((g, p), rules_pictures.run(lines).state()) for g, p, lines in rules_pictures.PICTURES)
    assert states["connect4", "start"]["moves"] == [] and states["connect4", "end"]["turn"] == "yellow wins"
    assert states["squeeze", "move"]["moves"] == ["W-5", "E-6", "N-e"]
    assert states["squeeze", "end"]["status"] == "won" and states["squeeze", "end"]["line"] is None
    assert states["cubes", "move"]["moves"] == ["d4", "e5", "e4"] and states["cubes", "end"]["turn"] == "purple wins"
    assert states["players", "setup"]["pictures"] and not states["players", "setup"]["against"]
    assert states["players", "hint"]["hint"] == "6" and states["players", "hint"]["moves"] == ["4", "3"]


def test_the_readme_and_the_code_cite_the_book_in_the_clone():
    readme = read("README.md")
    assert "docs/RULES.md" in readme and "../shared" not in readme
    stale = []
    for top in ("firmware", "sim", "host_tools", "tests"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                # (the worked examples *.txt are verbatim copies of the shared reference's)
                if name.endswith((".py", ".md")) and name != "test_rules_book.py":
                    text = read(dirpath, name)
                    for m in re.finditer(r"(\S*)RULES\.md", text):
                        if not m.group(1).endswith(("docs/", "docs/fr/")):  # (the French book: docs/fr/)
                            stale.append("%s: %s" % (os.path.relpath(os.path.join(dirpath, name), ROOT), m.group(0)))
    assert stale == []


def test_pages_say_what_their_examples_are_and_agree_with_their_rules():
    """Issue #26, item 9: cubes.md's summary does not claim every cube touches the other
    colour (its fallback places it elsewhere); squeeze.md says what example game B is."""
    root = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "rules")
    cubes = open(os.path.join(root, "cubes.md")).read()
    assert "Every\ncube must touch one of the other colour" not in cubes
    assert "if there is none either, it goes on any empty cell" in cubes
    squeeze = open(os.path.join(root, "squeeze.md")).read()
    assert squeeze.count("game B") >= 2 and "test_squeeze_example.txt" in squeeze


def test_the_pictures_speak_the_books_language_and_show_no_makers_path():
    # the words drawn in a picture: its status lines and its margin labels (issue #53)
    from sim import window, words

    pictures = dict(((g, p), lines) for g, p, lines in rules_pictures.PICTURES)
    said = {}
    for lang in ("en", "fr"):
        for picture in (("players", "setup"), ("connect4", "move"), ("pistes", "move")):
            sim = rules_pictures.run(pictures[picture], lang)
            said[lang, picture] = (" ".join(window.status_lines(sim.board, None)), words.margin_labels(sim.board))
            assert "docs/" not in said[lang, picture][0] and "rules:" not in said[lang, picture][0]
    assert "against the board" in said["en", ("players", "setup")][0]
    assert "contre le plateau" in said["fr", ("players", "setup")][0]
    assert said["fr", ("players", "setup")][1][3][1:6] == ["débutant", "occasionnel", "club", "fort", "le plus fort"]
    assert said["fr", ("connect4", "move")][0].startswith("Puissance 4 : ")
    assert said["fr", ("pistes", "move")][1][2][7:11] == ["lancer", "lancer", "lancer", "arrêt"]
