# The browser back end's Python (web/), on CPython with a fake of the page's host
# functions (the browser itself: tests/web/), and its build (host_tools/build_web.py).
import json
import os

import pytest

from app import grid
from app.app import LOOP_MS
from host_tools import build_web, deploy
from sim.drivers import VirtualClock
from sim.headless import Headless
from web.drivers import BrowserSound, BrowserStorage
from web.page import IDLE_WAKE_MS, Page


class FakeHost:
    """What web/board.mjs hands Python: localStorage as a dict, the tones played."""

    def __init__(self, files=None, full=False):
        self.store = dict(("ledboard/" + k, v) for k, v in (files or {}).items())
        self.full = full
        self.tones = []

    def storage_read(self, name):
        return self.store.get("ledboard/" + name)

    def storage_write(self, name, text):
        if self.full:
            return False
        self.store["ledboard/" + name] = text
        return True

    def storage_remove(self, name):
        self.store.pop("ledboard/" + name, None)

    def storage_names(self):
        return json.dumps([k[len("ledboard/"):] for k in self.store if k.startswith("ledboard/")])

    def storage_set_aside(self, name_json):
        name = json.loads(name_json)  # (as web/board.mjs: the name crosses as JSON)
        kept = "ledboard-aside/T/" + name
        self.store[kept] = self.store.pop("ledboard/" + name)
        return kept

    def tone(self, notes):
        self.tones.append(notes)


def test_storage_is_one_entry_a_file_and_a_refused_write_is_an_oserror():
    host = FakeHost()
    storage = BrowserStorage(host)
    storage.write("game_connect4.json", "a\n")
    storage.append("game_connect4.json", "b\n")
    assert host.store == {"ledboard/game_connect4.json": "a\nb\n"}
    assert storage.read("nothing.json") is None
    with pytest.raises(OSError):
        storage.append("nothing.json", "x")
    with pytest.raises(ValueError):
        storage.write("../x", "y")
    host.full = True
    with pytest.raises(OSError):
        storage.write("settings.json", "{}")
    assert storage.names() == ["game_connect4.json"]


def test_sound_plays_the_buzzers_notes():
    host = FakeHost()
    sound = BrowserSound(host)
    sound.play("illegal")
    sound.play("no such sound")
    assert host.tones == ["1047:70,0:30,1047:90"] and sound.played == ["illegal"]


def test_on_the_virtual_clock_the_page_gives_the_headless_frames():
    page = Page(FakeHost(), virtual=True)
    sim = Headless()
    assert page.frame().split("\n") == sim.run("frame")
    for cell in ("c3", "c3", "f1", "f1", "e1"):
        cell_no = (int(cell[1:]) - 1) * 12 + ord(cell[0]) - ord("a")
        assert page.key(cell_no, True) == -1 and page.key(cell_no, False) == -1
        sim.run("press " + cell)
        assert page.frame().split("\n") == sim.run("frame")
        page.advance(250)
        sim.run("wait 250")
        assert page.frame().split("\n") == sim.run("frame")
    assert json.loads(page.state()) == sim.state()


def test_the_page_sleeps_until_the_next_idle_mark_when_nothing_moves():
    page = Page(FakeHost())
    clock = page.board.clock = page.board.app.clock = VirtualClock(5000)  # the real clock, held still
    c3 = 2 * 12 + 2
    assert page.key(c3, True) == LOOP_MS  # a key down: the loop's pace (a hold is timed)
    page.key(c3, False)
    assert page.step() == LOOP_MS  # the setup screen: its name scrolls
    page.key(c3, True)
    page.key(c3, False)
    assert json.loads(page.state())["screen"] == "game"
    clock.now += 1000  # Connect Four at rest: nothing moves
    assert page.step() == IDLE_WAKE_MS - clock.now % IDLE_WAKE_MS
    clock.now += 7
    assert page.step() == IDLE_WAKE_MS - clock.now % IDLE_WAKE_MS
    page.key(grid.UNDO, True)
    assert page.step() == LOOP_MS
    hexes = page.levels()
    assert len(hexes) == 864 and page.levels() == ""  # only a written frame is handed over
    view = json.loads(page.view())
    assert view["labels"][0][2:9] == list("1234567") and view["rules"] == "docs/rules/connect4.md"
    assert view["status"].startswith("Connect Four: yellow to move")


def test_what_the_board_cannot_read_is_set_aside_with_its_notice():
    good = '{"game": "cubes", "players": null, "variant": null, "seed": 1, "moves": []}\n'
    host = FakeHost({"game_connect4.json": "{broken", "game_cubes.json": good,
                     "hello.txt": "not the board's", "settings.json": '{"brightness": 50}'})
    page = Page(host)
    aside = json.loads(page.set_aside_json())
    assert sorted(what for what, _ in aside) == ["'hello.txt', not a file of the board", "the saved game of Connect Four"]
    assert host.store["ledboard-aside/T/game_connect4.json"] == "{broken"
    s = json.loads(page.state())
    assert "Connect Four" in s["notice"] and s["brightness"] == 50
    tiles = dict((t["game"], t["resume"]) for t in s["tiles"] if t["variant"] is None and t["players"] is None)
    assert tiles["connect4"] is False and tiles["cubes"] is True


def test_the_build_holds_the_deployed_firmware_but_the_picos_own_parts(tmp_path):
    files = build_web.board_files(str(tmp_path))
    assert "app/app.mpy" in files and "web/page.mpy" in files and "sim/words.mpy" in files
    assert not [f for f in files if f.startswith("ports/") or f == "main.py" or "_viper" in f]


def test_the_rules_links_point_into_the_site():
    pages = {"RULES": "", "connect4": ""}
    html = build_web.render_markdown("[Connect Four](rules/connect4.md) ![x](connect4-start.png) "
                                     "[the hardware](../hardware/README.md)", pages)
    assert 'href="rules/connect4.html"' in html and 'src="rules/connect4-start.jpg"' in html
    assert "hardware/README" not in html and "the hardware" in html


def test_a_deploy_never_copies_the_web_page(tmp_path):
    for name in ("app", "main.py", "web"):
        (tmp_path / name).mkdir() if "." not in name else (tmp_path / name).write_text("")
    assert deploy.deployed_entries(str(tmp_path)) == ["app", "main.py"]
    assert os.path.isdir(tmp_path / "web")


def test_the_web_benchs_verdicts_miss_what_is_over_budget():
    from host_tools import bench_web

    values = {"web_download_bytes": 700000, "web_site_bytes": 1300000, "web_load_to_menu_ms": 400,
              "web_click_to_answer_max_ms_connect4": 20, "web_click_to_answer_max_ms_pistes": 30,
              "web_idle_cpu_percent": 0.3}
    assert all(line.endswith(" OK") for line in bench_web.verdicts(values))
    values.update(web_site_bytes=3100000, web_click_to_answer_max_ms_pistes=51, web_idle_cpu_percent=3.5)
    missed = [line for line in bench_web.verdicts(values) if line.endswith("MISSED")]
    assert len(missed) == 3 and "(pistes)" in missed[1]


def test_the_french_books_links_stay_in_the_french_book_but_its_english_version():
    pages = {"RULES": "", "cubes": "", "players": ""}
    html = build_web.render_markdown("[les joueurs](players.md) [English version](../../rules/cubes.md) "
                                     "![x](cubes-start.png) ![y](../../rules/cubes-end.png)", pages, "docs/fr/rules/cubes.md")
    assert 'href="rules/fr/players.html"' in html and 'href="rules/cubes.html"' in html
    # its own pictures, their words in French; an English one it links stays English
    assert 'src="rules/fr/cubes-start.jpg"' in html and 'src="rules/cubes-end.jpg"' in html
    html = build_web.render_markdown("[Cubes](rules/cubes.md) [English](../rules/cubes.md)", pages, "docs/fr/RULES.md")
    assert 'href="rules/fr/cubes.html"' in html and 'href="rules/cubes.html"' in html


def link_of(record):
    """A game's record as web/board.mjs's gameLink() puts it in the address, read back as
    its readLink() hands it to open_game()."""
    link = {}
    for name, value in record["setup"].items():
        if value is None or value is False:
            continue
        link[name] = "1" if value is True else "-".join(str(v) for v in value) if isinstance(value, list) else str(value)
    link["moves"] = [move for _, move in record["moves"]]
    return link


@pytest.mark.parametrize("tile", ["f6", "i6", "c9"])  # Foursquare's deal, 4 pistes' dice, the cards
def test_a_games_link_replays_a_game_of_chance_as_it_was_played(tile):
    page = Page(FakeHost(), virtual=True)

    def press(cell):
        page.key(grid.parse(cell), True)
        page.key(grid.parse(cell), False)
        page.advance(1500)

    press(tile)
    press(tile)
    for _ in range(6):
        s = json.loads(page.state())
        move = next((m for m in s["legal"] if s["keys"].get(m)), None)
        if move is None:
            page.advance(3000)  # a card window's countdown
            continue
        press(s["keys"][move])
    played = json.loads(page.state())
    assert len(played["moves"]) >= 5
    friend = Page(FakeHost(), virtual=True)  # elsewhere: nothing stored
    opened = json.loads(friend.open_game(json.dumps(link_of(json.loads(page.names())["game"]))))
    assert opened == {"played": len(played["moves"]), "of": len(played["moves"]), "kept": None}
    friend.advance(100)
    assert json.loads(friend.state()) == played  # the same deal, the same dice, the same cards


def test_a_link_that_is_no_game_changes_nothing():
    saved = '{"game": "connect4", "players": null, "variant": null, "seed": 1, "swap": false, "moves": []}\n4\n4\n'
    host = FakeHost({"game_connect4.json": saved})
    page = Page(host, virtual=True)
    for bad, why in (({"game": "chess"}, "no game 'chess'"), ({"game": "connect4", "seed": "-1"}, "whole number"),
                     ({"game": "connect4", "moves": [""]}, "not moves"), ([1], "holds no game"),
                     ({"game": "connect4", "players": "7"}, "cannot set up")):
        assert why in json.loads(page.open_game(json.dumps(bad)))["error"], bad
        assert json.loads(page.state())["screen"] == "menu"
    assert host.store["ledboard/game_connect4.json"] == saved and not [k for k in host.store if "aside" in k]


def test_a_setup_with_the_two_pictures_says_how_to_play_either_way():
    # a newcomer follows the words: "press it again" alone led to a game with friends
    page = Page(FakeHost(), virtual=True)
    assert "with friends or against the board" in json.loads(page.view())["status"]
    c3 = grid.parse("c3")
    page.key(c3, True), page.key(c3, False)
    page.advance(LOOP_MS)
    view = json.loads(page.view())
    assert "to play against the board, press the picture at the bottom right" in view["status"]
    assert "with friends, the one at the bottom left" in view["status"]
    assert "c3: Connect Four, press again to play with friends" in page.names()  # (the tile's name)
