# The board's web page in a real browser: Debian's headless Chromium driven by
# selenium (host_tools/web_browser.py), on the site `make web` builds (built here into
# a temporary directory, served on 127.0.0.1). Every test ends with the browser console
# free of errors. Skipped where Chromium or MicroPython's npm package is missing, unless
# WEB_TESTS_REQUIRED is set (`make test-web` sets it: there a missing one fails).
import json
import os
import time

import pytest

from host_tools import build_web
from host_tools import web_browser as wb
from sim.headless import Headless

WHY = wb.missing() or build_web.missing()
if WHY and not os.environ.get("WEB_TESTS_REQUIRED"):
    pytest.skip(WHY, allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

TILES = {"connect4": "c3", "cubes": "c6", "foursquare": "f6", "pistes": "i6"}
WAIT_S = 5


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    site = str(tmp_path_factory.mktemp("site") / "web")
    build_web.build_web(site, log=lambda *a: None)
    with wb.serve(site) as address:
        yield address


@pytest.fixture(scope="module")
def driver():
    with wb.browser() as d:
        yield d


@pytest.fixture
def board(driver, url):
    """The page, fresh: nothing stored, loaded and drawn. After the test: no error in
    the browser's console."""
    open_page(driver, url)
    driver.execute_script("localStorage.clear()")
    open_page(driver, url)
    yield Page(driver, url)
    errors = wb.console_errors(driver)
    assert not errors, errors


def open_page(driver, url, query=""):
    driver.get(url + query)
    wb.wait_ready(driver)


class Page:
    def __init__(self, driver, url):
        self.driver = driver
        self.url = url

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def state(self):
        return self.js("return window.board.state()")

    def frame(self):
        return self.js("return window.board.frame()")

    def cell(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, '[data-cell="%s"]' % name)

    def click(self, name):
        self.cell(name).click()

    def hold(self, name, seconds=1.0):
        ActionChains(self.driver).click_and_hold(self.cell(name)).pause(seconds).release().perform()

    def until(self, check, what):
        end = time.time() + WAIT_S
        while time.time() < end:
            value = check()
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError("waited %d s for %s; state: %s" % (WAIT_S, what, json.dumps(self.state())[:400]))

    def start(self, game):
        """The game's tile pressed twice (its setup screen, then play)."""
        self.click(TILES[game])
        self.until(lambda: self.state()["screen"] == "setup", "the setup screen")
        self.click(TILES[game])
        self.until(lambda: self.state()["screen"] == "game", "the game")

    def play_some(self, moves):
        """Plays `moves` legal moves by clicking the key of the first legal move each time."""
        for _ in range(moves):
            s = self.state()
            played = len(s["moves"])
            move = next(m for m in s["legal"] if s["keys"].get(m))
            self.click(s["keys"][move])
            self.until(lambda: len(self.state()["moves"]) > played or self.state()["status"] != "playing",
                       "move %s played" % move)

    def text(self, selector):
        """The text of every element `selector` finds."""
        return self.js("return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)", selector)

    def shown_colour(self, name):
        return self.js("return arguments[0].firstChild.style.getPropertyValue('--led')", self.cell(name))


# -- the page and its contract ---------------------------------------------------------------
def test_the_page_draws_the_menu(board):
    cells = board.js("return [...document.querySelectorAll('[data-cell]')].map(e => e.dataset.cell)")
    assert len(cells) == 144 and cells[0] == "a1" and cells[11] == "l1" and cells[-1] == "l12"
    s = board.state()
    assert s["screen"] == "menu" and [t["cell"] for t in s["tiles"]][:6] == ["c3", "f3", "i3", "c6", "f6", "i6"]
    rows = board.frame()
    assert len(rows) == 12 and all(len(r.split()) == 12 for r in rows)
    # Connect Four's tile: a yellow disc on c4, lit on the page after gamma and brightness
    level = rows[3].split()[2]
    assert level != "000000"
    assert board.shown_colour("c4") not in ("", "rgb(38,38,42)")
    assert board.shown_colour("a2") == "rgb(38,38,42)"  # unlit: the bare cap
    board.until(lambda: board.text(".label.top") == list("abcdefghijkl"), "the keys' names around the board")
    assert "Connect Four" in board.js("return document.getElementById('board').textContent")
    assert board.until(lambda: "rules book" in board.js("return document.getElementById('rules').textContent"),
                       "the rules book beside the board")


def test_connect_four_by_clicks_to_a_win_frames_equal_the_headless_simulators(board, driver):
    open_page(driver, board.url, "?clock=virtual")
    sim = Headless()
    assert board.frame() == sim.run("frame")
    presses = ["c3", "c3"] + ["c1", "d5", "c8", "d1", "c1", "d1", "c1"]  # yellow: 1 1 1 1
    for cell in presses:
        board.click(cell)
        sim.run("press " + cell)
        assert board.frame() == sim.run("frame"), "after press %s" % cell
        board.js("window.board.advance(400)")
        sim.run("wait 400")
        assert board.frame() == sim.run("frame"), "400 ms after press %s" % cell
    s = board.state()
    assert (s["game"], s["status"], s["winner"]) == ("connect4", "won", 1)
    assert s == sim.state()
    board.until(lambda: "yellow wins" in board.text("#status")[0], "the status line naming the winner")
    assert board.text(".label.top")[2:9] == list("1234567")  # Connect Four's own notation: its columns


def test_a_reload_offers_the_saved_game_back(board, driver):
    board.start("connect4")
    board.play_some(3)
    moves = board.state()["moves"]
    open_page(driver, board.url)
    s = board.state()
    assert s["screen"] == "menu" and s["tiles"][0]["resume"] is True
    board.click("c3")
    assert board.until(lambda: board.state().get("resume"), "the setup screen offering to resume")
    board.click("c3")
    board.until(lambda: board.state()["screen"] == "game", "the game resumed")
    assert board.state()["moves"] == moves


def test_stored_data_that_is_not_the_boards_is_set_aside_with_a_notice(board, driver):
    board.start("connect4")
    board.play_some(2)
    board.hold("a1")  # back to the menu
    board.until(lambda: board.state()["screen"] == "menu", "the menu")
    board.start("cubes")
    board.play_some(1)
    board.hold("a1")
    board.until(lambda: board.state()["screen"] == "menu", "the menu")
    board.js("localStorage.setItem('ledboard/game_connect4.json', '{\"game\": \"connect4\", \"moves\": ['); "
             "localStorage.setItem('ledboard/hello.txt', 'not the board\\'s')")
    open_page(driver, board.url)
    s = board.state()
    assert s["screen"] == "menu"
    assert "Connect Four" in s["notice"] and "hello.txt" in s["notice"]
    tiles = dict((t["game"] + str(t["players"]) + str(t["variant"]), t["resume"]) for t in s["tiles"])
    assert tiles["connect4NoneNone"] is False and tiles["cubesNoneNone"] is True  # the others kept
    shown = board.text("#notices")[0]
    assert "Set aside the saved game of Connect Four" in shown and "ledboard-aside/" in shown
    kept = board.js("return Object.keys(localStorage).filter(k => k.startsWith('ledboard-aside/'))"
                    ".map(k => localStorage.getItem(k))")
    assert sorted(kept) == sorted(['{"game": "connect4", "moves": [', "not the board's"])
    assert board.js("return localStorage.getItem('ledboard/game_connect4.json')") is None
    board.start("connect4")  # a new game on its tile
    assert board.state()["moves"] == []


def test_a_long_press_holds_and_a_short_one_does_not(board):
    board.start("connect4")
    board.click("a1")  # a short press on the menu corner only flashes it
    time.sleep(0.3)
    assert board.state()["screen"] == "game"
    board.hold("a1", 1.0)
    board.until(lambda: board.state()["screen"] == "menu", "the menu after a1 held")


def test_several_fingers_at_once(board, driver):
    board.start("connect4")
    cells = [board.cell(name) for name in ("d5", "f5")]
    points = []
    for i, el in enumerate(cells):
        r = el.rect
        points.append({"x": r["x"] + r["width"] / 2, "y": r["y"] + r["height"] / 2, "id": i + 1})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
    down = board.js("return [...document.querySelectorAll('.cell.down')].map(e => e.dataset.cell)")
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert sorted(down) == ["d5", "f5"]  # both keys down at once, each its own finger
    board.until(lambda: board.state()["moves"], "a move from the fingers")
    assert not board.js("return document.querySelectorAll('.cell.down').length")


def test_keyboard_play(board, driver):
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)  # the first arrow shows the cursor, on c3
    assert board.js("return document.querySelector('.cell.cursor').dataset.cell") == "c3"
    body.send_keys(Keys.ENTER)
    board.until(lambda: board.state()["screen"] == "setup", "the setup screen")
    body.send_keys(Keys.ENTER)
    board.until(lambda: board.state()["screen"] == "game", "the game")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_DOWN)  # e4: column 3
    assert board.js("return document.querySelector('.cell.cursor').dataset.cell") == "e4"
    body.send_keys(Keys.ENTER)
    board.until(lambda: board.state()["moves"] == ["3"], "column 3 played")
    body.send_keys(*[Keys.ARROW_LEFT] * 5 + [Keys.ARROW_UP] * 4)  # a1
    body.send_keys("h")  # held: back to the menu
    board.until(lambda: board.state()["screen"] == "menu", "the menu after a1 held by h")


def test_a_4_pistes_and_a_foursquare_game_played_a_few_moves(board):
    board.start("pistes")
    assert board.state()["game"] == "pistes"
    board.play_some(4)
    assert len(board.state()["moves"]) >= 4
    board.until(lambda: "4 pistes" in board.text("#rules")[0], "4 pistes' rules beside the board")
    board.hold("a1")
    board.until(lambda: board.state()["screen"] == "menu", "the menu")
    board.start("foursquare")
    assert board.state()["game"] == "foursquare"
    board.play_some(4)
    assert len(board.state()["moves"]) >= 4
    board.until(lambda: "Foursquare" in board.text("#rules")[0], "Foursquare's rules beside the board")


def test_the_cubes_glow_breathes_while_nothing_is_pressed(board):
    board.start("cubes")
    glowing = [c for c in board.state()["keys"].values()][:1]
    seen = set()
    end = time.time() + 1.6  # the glow steps every 300 ms: the page wakes for it
    while time.time() < end:
        seen.add(board.shown_colour(glowing[0]))
        time.sleep(0.05)
    assert len(seen) >= 2, seen


def test_new_board_clears_the_stored_games_after_a_confirmation(board, driver):
    board.start("connect4")
    board.play_some(1)
    board.hold("a1")
    board.until(lambda: board.state()["screen"] == "menu", "the menu")
    driver.find_element(By.ID, "new-board").click()
    driver.find_element(By.CSS_SELECTOR, "#confirm-new button[value=cancel]").click()
    assert board.js("return localStorage.getItem('ledboard/game_connect4.json')")
    driver.find_element(By.ID, "new-board").click()
    board.js("window.oldPage = true")
    driver.find_element(By.ID, "confirm-clear").click()
    board.until(lambda: not board.js("return window.oldPage"), "the page reloaded")
    wb.wait_ready(driver)
    assert board.state()["tiles"][0]["resume"] is False
    assert board.js("return Object.keys(localStorage).filter(k => k.startsWith('ledboard'))") == ["ledboard-open"]


def test_a_click_is_one_input_answered_at_its_press(board):
    """A click's answer is timed from its press: its release, which changes nothing, is
    no input that the next picture (the tile's name scrolling) would answer."""
    board.js("window.board.answers.length = 0")
    board.click(TILES["connect4"])  # its setup screen: the name scrolls, a frame every 30 ms
    time.sleep(1.0)
    answers = board.js("return window.board.answers.slice()")
    assert len(answers) == 1 and answers[0] < 1000, answers


# -- what an audit of the page found (2026-12-05): each would fail again if it came back --
def test_a_second_tab_takes_the_board_and_the_first_stops_mixing_nothing_into_its_saves(board, driver):
    board.start("connect4")
    board.play_some(2)
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        open_page(driver, board.url)
        board.click("c3")
        board.until(lambda: board.state().get("resume"), "the second tab offering the game back")
        board.click("c3")
        board.until(lambda: board.state()["screen"] == "game", "the game resumed in the second tab")
        board.play_some(1)
        saved = board.js("return localStorage.getItem('ledboard/game_connect4.json')")
        driver.switch_to.window(first)
        assert board.until(lambda: board.js("return window.board.away"), "the first tab stopping")
        assert "another tab" in board.text("#notices")[-1]
        board.click("e5")  # a press here plays nothing and writes nothing
        time.sleep(0.3)
        assert board.js("return localStorage.getItem('ledboard/game_connect4.json')") == saved
        with pytest.raises(Exception) as caught:
            board.state()
        assert "played in another tab" in str(caught.value)
        driver.find_element(By.CSS_SELECTOR, "#notices p.away button").click()  # "play here"
        wb.wait_ready(driver)
        board.click("c3")
        board.until(lambda: board.state().get("resume"), "the game offered back here")
        board.click("c3")
        board.until(lambda: board.state()["screen"] == "game", "the game resumed here")
        assert len(board.state()["moves"]) == 3  # the second tab's move with it
        driver.switch_to.window([h for h in driver.window_handles if h != first][0])
        assert board.until(lambda: board.js("return window.board.away"), "the second tab stopping in its turn")
        assert not wb.console_errors(driver)
    finally:
        for handle in driver.window_handles:
            if handle != first:
                driver.switch_to.window(handle)
                driver.close()
        driver.switch_to.window(first)


def test_the_french_books_links_open_beside_the_board(board, driver):
    page = board.js("return location.href")
    rules = lambda: board.js("return document.getElementById('rules').textContent")  # noqa: E731
    board.until(lambda: "rules book" in rules(), "the English book beside the board")
    board.js("document.querySelector('#rules a[href=\"rules/fr/RULES.html\"]').click()")  # its French version
    board.until(lambda: "Le livre des règles" in rules(), "the French book beside the board")
    board.js("document.querySelector('#rules a[href=\"rules/fr/connect4.html\"]').click()")
    board.until(lambda: "Puissance 4" in rules() and "livre des règles" not in rules()[:200],
                "the French Connect Four page beside the board")
    assert board.js("return location.href") == page and board.state()["screen"] == "menu"


def test_advance_refuses_anything_but_a_number_of_ms_and_the_board_plays_on(board, driver):
    open_page(driver, board.url, "?clock=virtual")
    for bad in ("'abc'", "NaN", "null", "", "-5", "Infinity", "{}"):
        with pytest.raises(Exception) as caught:
            board.js("window.board.advance(%s)" % bad)
        assert "ms is a number of milliseconds" in str(caught.value), bad
    board.js("window.board.advance(100)")
    assert board.state()["screen"] == "menu" and board.text("#notices p") == []


def test_h_holds_on_the_virtual_clock_too(board, driver):
    open_page(driver, board.url, "?clock=virtual")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ENTER)  # c3: its setup screen
    board.js("window.board.advance(100)")
    body.send_keys(Keys.ENTER)
    board.js("window.board.advance(100)")
    assert board.state()["screen"] == "game"
    body.send_keys(*[Keys.ARROW_LEFT] * 2 + [Keys.ARROW_UP] * 2 + ["h"])  # a1 held
    assert board.state()["screen"] == "game"
    board.js("window.board.advance(3000)")
    assert board.state()["screen"] == "menu"
    assert not board.js("return document.querySelectorAll('.cell.down').length")  # released on the way


def test_scores_the_board_cannot_read_back_are_set_aside_and_a_nul_name_is_moved_whole(board, driver):
    board.js("localStorage.setItem('ledboard/stats_foursquare.json', '{\"wins\": \"lots\"}');"
             "localStorage.setItem('ledboard/pistes_best.json', '{\"best\": \"x\"}');"
             "localStorage.setItem('ledboard/a\\u0000b', 'precious data')")
    open_page(driver, board.url)
    notice = board.state()["notice"]
    assert "Foursquare's scores" in notice and "4 pistes' best score" in notice
    kept = board.js("return Object.keys(localStorage).filter(k => k.startsWith('ledboard-aside/'))"
                    ".map(k => localStorage.getItem(k))")
    assert sorted(kept) == sorted(['{"wins": "lots"}', '{"best": "x"}', "precious data"])
    assert board.js("return Object.keys(localStorage).filter(k => k.startsWith('ledboard/'))") == []
    open_page(driver, board.url)  # nothing left to set aside
    assert "notice" not in board.state() and board.text("#notices p") == []


def test_a_late_event_does_not_stop_the_tab_that_owns_the_board_and_a_write_checks_the_owner(board):
    board.start("connect4")
    # an old event (a tab that loaded at the same moment): what is stored now decides
    board.js("window.dispatchEvent(new StorageEvent('storage', {key: 'ledboard-open', newValue: 'an-old-tab'}))")
    assert board.js("return window.board.away") is False
    board.play_some(1)
    saved = board.js("return localStorage.getItem('ledboard/game_connect4.json')")
    # another tab took the board and its event has not come yet: the next save finds out
    board.js("localStorage.setItem('ledboard-open', 'a-newer-tab')")
    board.click("e5")
    board.until(lambda: board.js("return window.board.away"), "the tab stopping at its save")
    assert board.js("return localStorage.getItem('ledboard/game_connect4.json')") == saved


# -- issue #53: every player, the page as a game site, its words -------------------------------
AXE = os.path.join(build_web.ROOT, "node_modules", "axe-core", "axe.min.js")
TILE_GAMES = ("c3", "f3", "i3", "c6", "f6", "i6", "c9", "f9")  # every tile of the menu


def axe_violations(board):
    """axe-core's serious and critical violations on the page as it is now (axe injected
    from node_modules, nothing fetched)."""
    if not board.js("return !!window.axe"):
        with open(AXE, encoding="utf-8") as f:
            board.js(f.read())
    result = board.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map("
        "v => [v.id, v.impact, v.help, v.nodes.slice(0, 3).map(n => n.target.join(' '))])), e => done(String(e)))")
    assert isinstance(result, list), result
    return [v for v in result if v[1] in ("serious", "critical")]


def test_axe_finds_no_serious_or_critical_violation_on_the_menu_and_every_games_screen(board):
    board.driver.set_script_timeout(30)
    assert axe_violations(board) == [], "the menu"
    for tile in TILE_GAMES:
        board.click(tile)
        board.until(lambda: board.state()["screen"] == "setup", "the setup screen of " + tile)
        if tile == "c3":
            assert axe_violations(board) == [], "the setup screen"
        board.click(tile)
        board.until(lambda: board.state()["screen"] == "game", "the game of " + tile)
        board.play_some(2)
        assert axe_violations(board) == [], "the game of " + tile
        board.hold("a1")
        board.until(lambda: board.state()["screen"] == "menu", "the menu")


def key_name(board, cell):
    return board.js("return document.querySelector('[data-cell=\"%s\"]').getAttribute('aria-label')" % cell)


def test_the_keys_are_an_aria_grid_each_named_by_what_it_is_and_shows(board, driver):
    grid = board.js("const g = document.getElementById('board'); return [g.getAttribute('role'),"
                    " [...g.querySelectorAll(':scope > [role=row]')].map(r => r.querySelectorAll('[role=gridcell]').length)]")
    assert grid == ["grid", [12] * 12]
    board.until(lambda: key_name(board, "c3") == "c3: Connect Four", "the tile named on its keys")
    assert key_name(board, "k1") == "k1: French"
    board.start("connect4")
    board.click("e1")  # column 3
    board.until(lambda: board.state()["moves"] == ["3"], "column 3 played")
    board.until(lambda: key_name(board, "e9") == "e9: column 3, yellow disc 1", "the disc named on its key")
    assert key_name(board, "e1") == "e1: column 3" and key_name(board, "e8") == "e8: column 3, empty"
    assert board.js("return document.querySelector('[data-cell=e9] .cap').dataset.mark") == "1"  # a cue besides colour
    assert board.js("return document.querySelector('[data-cell=e8] .cap').dataset.mark") is None
    assert "yellow 3" in board.text("#announce")[0]  # the move said in the polite live region
    assert board.js("return document.getElementById('announce').getAttribute('aria-live')") == "polite"
    # the keyboard cursor is the grid's active descendant: a screen reader says its key
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert board.js("return document.getElementById('board').getAttribute('aria-activedescendant')") == "key-d3"
    body.send_keys(Keys.ARROW_UP, Keys.ARROW_UP, Keys.ENTER)  # d1: column 2
    board.until(lambda: board.state()["moves"] == ["3", "2"], "column 2 played by keyboard")
    board.until(lambda: key_name(board, "d9") == "d9: column 2, red disc 2", "red's disc named")


def test_foursquare_shows_a_cards_rank_on_its_cap(board):
    board.start("foursquare")
    board.play_some(3)
    marked = board.until(lambda: board.js(
        "return [...document.querySelectorAll('.cap[data-mark]')].map(c => [c.parentNode.dataset.cell,"
        " c.dataset.mark, c.parentNode.getAttribute('aria-label')])"), "a card's rank on its cap")
    for cell, mark, name in marked:
        assert mark.isdigit() and ("card %s" % mark) in name, (cell, mark, name)


def test_4_pistes_names_its_dice_and_pawns(board):
    board.start("pistes")
    board.click("a8")  # roll
    dice = board.until(lambda: board.state().get("dice"), "the dice rolled")
    board.until(lambda: "die 1 shows %d" % dice[0] in key_name(board, "b1"), "die 1 named on its keys")  # (a 5: ", set aside")
    aside = board.state()["aside"]
    assert [", set aside" in key_name(board, "b%d" % (1 + 3 * die)) for die in range(4)] == aside
    assert board.js("return document.querySelector('[data-cell=c2] .cap').dataset.mark") == str(dice[0])  # its middle key
    assert "die 4 shows %d" % dice[3] in key_name(board, "c11")
    pawns = board.js("return [...document.querySelectorAll('[role=gridcell]')].map(e => e.getAttribute('aria-label'))"
                     ".filter(n => / pawn [12]$/.test(n))")
    assert len(pawns) >= 2 and any("yellow pawn 1" in n for n in pawns) and any("red pawn 2" in n for n in pawns), pawns


def test_the_move_list_the_games_link_and_a_reload_that_returns_to_the_game(board, driver):
    board.start("connect4")
    for cell in ("f1", "f1", "e1"):  # columns 4, 4, 3
        played = len(board.state()["moves"])
        board.click(cell)
        board.until(lambda: len(board.state()["moves"]) > played, "a move")
    assert board.js("return window.board.moves()") == ["4", "4", "3"] == board.state()["moves"]
    board.until(lambda: board.text("#moves li") == ["yellow 4", "red 4", "yellow 3"], "the move list")
    link = board.js("return location.hash")
    assert link.startswith("#game=connect4&") and link.endswith("moves=4,4,3")
    assert board.js("return document.getElementById('game-link').getAttribute('href')") == link
    board.js("location.reload()")
    time.sleep(0.3)
    wb.wait_ready(driver)
    assert board.state()["screen"] == "game" and board.state()["moves"] == ["4", "4", "3"]  # straight back to it
    assert board.text("#notices p") == []
    # a friend elsewhere (nothing stored) opens the link, goes on, and sends theirs back
    board.js("localStorage.clear()")
    open_page(driver, board.url, link)
    assert board.state()["moves"] == ["4", "4", "3"]
    board.click("d1")  # column 2
    board.until(lambda: board.state()["moves"] == ["4", "4", "3", "2"], "the friend's move")
    assert board.js("return location.hash").endswith("moves=4,4,3,2")
    board.hold("a1")
    board.until(lambda: board.state()["screen"] == "menu", "the menu")
    assert board.js("return location.hash") == ""  # off a game the address names none


def test_a_link_keeps_the_tiles_other_game_aside_and_a_bad_one_changes_nothing(board, driver):
    board.start("connect4")
    board.play_some(2)
    saved = board.js("return localStorage.getItem('ledboard/game_connect4.json')")
    open_page(driver, board.url, "#game=connect4&moves=7,7,7")
    assert board.state()["moves"] == ["7", "7", "7"]
    shown = board.text("#notices")[0]
    assert "kept aside" in shown and "ledboard-aside/" in shown
    kept = board.js("return Object.keys(localStorage).filter(k => k.startsWith('ledboard-aside/'))"
                    ".map(k => localStorage.getItem(k))")
    assert kept == [saved]
    for bad, why in (("#game=chess&moves=1", "no game 'chess'"), ("#game=connect4&moves=1,9", "replay only to move 1 of 2"),
                     ("#game=connect4&seed=x", "seed is a whole number"), ("#game=connect4&moves=%E0%A4%A", "not well encoded"),
                     ("#hello=1", "no part of a game's link")):
        board.js("localStorage.clear()")
        board.js("localStorage.setItem('ledboard/game_cubes.json', arguments[0])", "precious")
        open_page(driver, board.url, bad)
        assert why in board.text("#notices")[0], bad
        assert board.js("return localStorage.getItem('ledboard/game_cubes.json')") == "precious"


def test_the_end_is_said_from_the_players_side(board, driver):
    open_page(driver, board.url, "#game=connect4&board=2&level=1&moves=1,1,2,2,3,3")
    board.click("f1")  # column 4: yellow's four in a row
    board.until(lambda: board.state()["status"] == "won", "the win")
    board.until(lambda: "you win" in board.text("#status")[0], "'you win' on the status line")
    assert board.text("#moves li")[:2] == ["yellow 1", "red (the board) 1"]  # the board's moves apart
    open_page(driver, board.url, "#game=connect4&board=1&level=5&moves=1,2,1,2,1,2")
    board.until(lambda: board.state()["status"] == "won", "the board's win")
    board.until(lambda: "the board wins" in board.text("#status")[0], "'the board wins'")


def test_the_status_text_changes_in_the_same_frame_as_the_lights(board, driver):
    board.start("connect4")
    said = board.js(
        "const el = document.querySelector('[data-cell=e1]');"
        "const o = {bubbles: true, pointerId: 7, isPrimary: true, button: 0, pointerType: 'mouse'};"
        "el.dispatchEvent(new PointerEvent('pointerdown', o));"
        "const now = [document.getElementById('status').textContent, window.board.state().moves];"
        "el.dispatchEvent(new PointerEvent('pointerup', o));"
        "return now")
    assert said[1] == ["3"] and "red to move" in said[0], said  # written before the frame is painted


def test_french_everywhere_on_the_page_once_chosen(board, driver):
    board.click("k1")  # French
    board.until(lambda: board.js("return document.documentElement.lang") == "fr", "<html lang=fr>")
    assert board.text("header h1") == ["Plateau de jeu à LED"]
    assert board.text("#sound")[0].startswith("son") and board.text("#new-board") == ["nouveau plateau"]
    assert "Clavier" in board.text("#help")[0]
    assert key_name(board, "k1") == "k1: français, choisi"
    board.start("connect4")
    board.click("e1")
    board.until(lambda: key_name(board, "e9") == "e9: colonne 3, jeton jaune 1", "a key's name in French")
    board.until(lambda: board.text("#record h2") == ["Coups"] and board.text("#moves li") == ["jaune 3"], "the move list in French")
    board.js("localStorage.setItem('ledboard-open', 'a-newer-tab'); window.dispatchEvent(new StorageEvent('storage', {key: 'ledboard-open'}))")
    board.until(lambda: "autre onglet" in board.text("#notices")[-1], "the page's notices in French too")
    open_page(driver, board.url)  # the page's words in French from its first frame
    assert board.js("return document.documentElement.lang") == "fr" and board.text("header h1") == ["Plateau de jeu à LED"]


def test_the_setup_says_its_choices_in_words_and_the_french_rules_show_french_pictures(board, driver):
    # issue #53: no "s1/s2", "L1-L5" beside the keys; the French rules pane's pictures French
    side = "return [...document.querySelectorAll('#board .label.' + arguments[0])].map(e => e.textContent)"
    board.click("c3")
    board.until(lambda: board.js(side, "right")[1:6] == ["beginner", "casual", "club", "strong", "strongest"],
                "the levels by name beside their keys")
    assert board.js(side, "left")[1:3] == ["board 1st", "board 2nd"]
    status = board.text("#status")[0]
    assert "rules:" not in status and "docs/" not in status
    # its choices in the keys' order (the left column's first), on MicroPython's unordered dicts too
    assert status.endswith("Its choices, on the keys of its edges: with friends; level: club.")
    assert all(src.startswith("rules/") and "/fr/" not in src
               for src in board.js("return [...document.querySelectorAll('#rules img')].map(i => i.getAttribute('src'))"))
    board.click("a1")
    board.until(lambda: board.state()["screen"] == "menu", "the menu")
    board.click("k1")  # French
    board.click("c3")
    board.until(lambda: board.js(side, "right")[1:6] == ["débutant", "occasionnel", "club", "fort", "le plus fort"],
                "the levels by name in French")
    assert board.js(side, "left")[1:3] == ["plateau 1er", "plateau 2e"]
    pictures = lambda: board.js("return [...document.querySelectorAll('#rules img')].map(i => i.getAttribute('src'))")  # noqa: E731
    board.until(lambda: pictures() and all(src.startswith("rules/fr/") for src in pictures()),
                "the French page's own pictures beside the board")
    assert board.js("return [...document.querySelectorAll('#rules img')].every(i => !i.complete || i.naturalWidth > 0)")


@pytest.mark.parametrize("width", [320, 390])
def test_no_sideways_scroll_on_a_narrow_screen(board, driver, width):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 740, "deviceScaleFactor": 1, "mobile": True})
    try:
        fits = "return document.documentElement.scrollWidth <= window.innerWidth"
        board.until(lambda: board.js(fits), "the menu within %d px" % width)
        board.click("c3")  # a setup screen: its choices in words beside the keys
        board.until(lambda: board.state()["screen"] == "setup", "the setup screen")
        time.sleep(0.3)
        assert board.js(fits), "the setup screen within %d px" % width
        board.click("a1")
        board.until(lambda: board.state()["screen"] == "menu", "the menu")
        board.start("connect4")
        board.play_some(2)
        board.until(lambda: board.js(fits), "the game within %d px" % width)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_sound_choice_is_kept_across_a_reload(board, driver):
    button = lambda: board.text("#sound")[0]  # noqa: E731
    # before any press the browser keeps the page silent: the button says when it sounds,
    # not "off" (issue #53: it read as turned off)
    assert button() == "sound: on from your first press"
    assert board.js("return document.getElementById('sound').getAttribute('aria-pressed')") == "true"
    driver.find_element(By.ID, "sound").click()  # turned off before it ever sounded
    assert button() == "sound: off"
    driver.find_element(By.ID, "sound").click()
    assert button() == "sound: on"
    driver.find_element(By.ID, "sound").click()
    assert button() == "sound: off"
    open_page(driver, board.url)
    board.click("c3")  # the first press: it turns the sound on unless it was turned off
    time.sleep(0.2)
    assert button() == "sound: off"
    driver.find_element(By.ID, "sound").click()
    open_page(driver, board.url)
    board.click("c3")
    board.until(lambda: button() == "sound: on", "the sound on at the first press, as chosen")
