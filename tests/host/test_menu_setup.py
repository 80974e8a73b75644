# First contact with the menu: every tile says what it is on the LEDs alone (its
# pictogram), a first press shows the tile's setup screen (its name scrolling, the
# game's choices), a second press starts it with those choices or resumes it.
import pytest

from app import catalog, font, grid, menu, setup
from sim import words
from sim.headless import Headless

TILE = "c3"  # Connect Four


def lit(leds, cells):
    return [c for c in cells if any(leds[c])]


def pictogram(sim, index, now_ms):
    """The LED levels of tile `index` at virtual time `now_ms`."""
    sim.run("wait %d" % max(0, now_ms - sim.board.clock.now))
    leds = sim.leds()
    return tuple(leds[grid.name(c)] for c in menu.TILE_CELLS[index])


def test_every_tile_has_its_own_pictogram():
    sim = Headless()
    times = [[pictogram(sim, i, t) for i in range(len(catalog.TILES))] for t in (1000, 1500, 2000, 2500)]
    looks = [tuple(frame[i] for frame in times) for i in range(len(catalog.TILES))]
    for i in range(len(looks)):
        assert all(any(sum(rgb) for rgb in frame) for frame in looks[i])  # lit
        for j in range(i):
            assert looks[i] != looks[j], (catalog.TILES[i][:3], catalog.TILES[j][:3])
    # on the 4-player Squeeze tile the turn goes round: one cell bright, clockwise
    four = [i for i, t in enumerate(catalog.TILES) if t[:2] == ("squeeze", 4)][0]
    two = [i for i, t in enumerate(catalog.TILES) if t[:3] == ("squeeze", None, None)][0]
    order = (0, 1, 3, 2)  # top-left, top-right, bottom-right, bottom-left
    for t in range(4):
        frame = looks[four][t]
        bright = [k for k in range(4) if frame[k] == looks[two][0][k]]  # as on the 2-player tile
        assert len(bright) == 1 and all(0 < sum(frame[k]) < sum(looks[two][0][k]) for k in range(4) if k not in bright)
        assert bright[0] == order[(order.index(bright[0]) if t == 0 else (order.index(prev) + 1)) % 4]
        prev = bright[0]
    assert all(looks[four][t] != looks[two][t] for t in range(4))  # apart in any still picture


def test_the_tiles_names():
    names = [catalog.tile_name(i) for i in range(len(catalog.TILES))]
    assert names[:4] == ["Connect Four", "4D Squeeze", "4D Squeeze 4 players", "Cubes 7x7"]
    assert len(set(names)) == len(names)
    assert [t["name"] for t in Headless().state()["tiles"]] == names


def test_a_first_press_shows_the_name_a_second_starts_the_game():
    sim = Headless()
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["game"], s["title"], s["tile"], s["resume"]) == (
        "setup", "connect4", "Connect Four", TILE, False)
    assert sim.board.sound.played[-1] == "menu"
    # the name scrolls in from the right, in the rows away from the tile
    seen = set()
    for _ in range(40):
        sim.run("wait 150")
        leds = sim.leds()
        on = tuple(sorted(c for c in leds if any(leds[c]) and 7 <= int(c[1:]) <= 11 and c[0] in "bcdefghijk"))
        seen.add(on)
    assert len(seen) > 20  # it moves
    first_letter = font.columns("C")
    assert first_letter == bytes((0b01110, 0b10001, 0b10001, 0))
    assert any(sim.leds()[TILE])  # the tile stays lit where it was: press it again
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["game"], s["status"], s["moves"]) == ("game", "connect4", "playing", [])


def test_a_press_elsewhere_on_the_setup_screen_says_what_to_press():
    sim = Headless()
    sim.run("press " + TILE)
    sim.run("press f8")
    s = sim.state()
    assert s["screen"] == "setup" and "press the lit tile again to play Connect Four" in s["error"]
    assert sim.leds()[TILE] == (64, 64, 64)  # the tile flashes white: press here
    assert sim.board.sound.played[-1] == "illegal"
    sim.run("press a1")  # back to the menu
    assert sim.state()["screen"] == "menu"


def menu_after_a_game():
    """The simulator back in the menu, Connect Four's game in progress one move in."""
    sim = Headless()
    sim.run("press " + TILE)
    sim.run("press " + TILE)
    sim.run("press f1")
    sim.run("hold a1 800")
    return sim


def setup_of_a_game_in_progress():
    """The simulator on Connect Four's setup screen, its game in progress one move in."""
    sim = menu_after_a_game()
    sim.run("press " + TILE)
    return sim


def test_a_game_in_progress_resumes_on_the_second_press():
    sim = setup_of_a_game_in_progress()
    s = sim.state()
    assert (s["screen"], s["resume"]) == ("setup", True)  # (with the game's own choices, if it has any)
    sim.run("press " + TILE)
    assert sim.state()["moves"] == ["4"]


FAKE = (("players", (1, 2, 3, 4), 2), ("board", "seats", [2]), ("level", (1, 2, 3, 4, 5), 3),
        ("mode", ("cards", "deal"), "cards"))


def with_choices(monkeypatch, catalog, game, choices):
    """The game's first tile (its classic one) asks `choices` instead, for this test."""
    index = catalog.tile_of(game, None, None)
    tiles = list(catalog.TILES)
    tiles[index] = tiles[index][:4] + (choices,)
    monkeypatch.setattr(catalog, "TILES", tuple(tiles))


@pytest.fixture
def fake_options(monkeypatch):
    """Cubes asks every kind of choice; start_game records what it is given."""
    import app.catalog  # the live one (a game frees it: the import at the top may be an older one)
    from app import saves

    with_choices(monkeypatch, app.catalog, "cubes", FAKE)
    monkeypatch.setattr(saves, "_ONE_SAVE", {})  # (what it learnt of the catalog: not kept after)
    started = []

    def start_game(self, game, players=None, variant=None, seed=None, options=None):
        started.append((game, players, variant, options))

    from app.app import App

    monkeypatch.setattr(App, "start_game", start_game)
    return started


def test_the_setup_screen_asks_the_games_choices(fake_options):
    sim = Headless()
    cubes = [t["cell"] for t in sim.state()["tiles"] if t["game"] == "cubes"][0]
    sim.run("press " + cubes)
    s = sim.state()
    assert s["players"] == 2 and s["options"] == {"board": [2], "level": 3, "mode": "cards"}
    assert s["keys"] == {
        "players": ["a2", "a3", "a4", "a5"],  # the left column
        "board": ["l2", "l3"],  # the right column: one key per seat
        "level": ["b12", "c12", "d12", "e12", "f12"],  # the bottom row
        "mode": ["b1", "c1"],  # the top row
    }
    leds = sim.leds()
    assert leds["a3"] == (64, 64, 64) and leds["a2"] != leds["a3"] and any(leds["a2"])  # 2 players
    assert leds["l3"] == (64, 64, 64) and leds["l2"] != leds["l3"] and not any(leds["l4"])
    assert leds["d12"] == (64, 64, 64) and not any(leds["g12"])
    for key in ("a5", "l2", "l5", "f12", "c1"):  # 4 players, the board plays seats 1, 2, 4
        sim.run("press " + key)
    s = sim.state()
    assert s["players"] == 4 and s["options"] == {"board": [1, 2, 4], "level": 5, "mode": "deal"}
    assert s["keys"]["board"] == ["l2", "l3", "l4", "l5"]
    sim.run("press a3")  # back to 2 players: seat 4 is gone
    sim.run("press l2")  # and the board no longer plays seat 1
    assert sim.state()["options"]["board"] == [2]
    top, bottom, left, right = words.margin_labels(sim.board)  # the simulator's labels: the choices in words
    assert left[1:5] == ["1", "2", "3", "4"] and right[1:3] == ["board 1st", "board 2nd"]
    assert bottom[1:6] == ["beginner", "casual", "club", "strong", "strongest"]
    assert top[1:3] == ["cards", "deal"] and left[0] == left[5] == ""
    sim.run("press k12")  # beyond the 5 levels: nothing to choose there
    assert "press the lit tile" in sim.state()["error"]
    sim.run("press " + cubes)
    assert fake_options == [("cubes", 2, None, {"board": [2], "level": 5, "mode": "deal"})]


def test_each_tile_asks_its_own_choices(monkeypatch):
    deal = (("mode", ("cards", "deal"), "deal"),)
    monkeypatch.setattr(catalog, "TILES", catalog.TILES + (("squeeze", 2, "cards", catalog.TILES[0][3], deal),))
    with_choices(monkeypatch, catalog, "squeeze", (("level", (1, 2), 1),))
    assert catalog.tile_options(1) == (("level", (1, 2), 1),)
    assert catalog.tile_options(2) == ()  # (the 4 players' tile: the board plays no seat there)
    assert catalog.tile_options(len(catalog.TILES) - 1) == deal
    assert catalog.tile_name(len(catalog.TILES) - 1) == "4D Squeeze with cards 2 players"


def test_a_choice_the_game_refuses_keeps_the_setup_screen(monkeypatch):
    with_choices(monkeypatch, catalog, "connect4", (("level", (1, 2), 1),))
    from app.app import App

    def start_game(self, game, players=None, variant=None, seed=None, options=None):
        raise ValueError("level 1 is not ready")

    monkeypatch.setattr(App, "start_game", start_game)
    sim = Headless()
    sim.run("press " + TILE)
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["error"]) == ("setup", "level 1 is not ready")


def test_b1_c1_and_the_brightness_row_are_visible_in_the_menu():
    sim = Headless()
    leds = sim.leds()
    loser, alternate = leds["b1"], leds["c1"]
    assert loser[1] > 0 and alternate[1] == 0 and sum(loser) > 0 and sum(alternate) > 0  # yellow, red
    assert sum(loser) > 3 * sum(alternate)  # b1 chosen: at full level
    sim.run("press c1")
    leds = sim.leds()
    assert sum(leds["c1"]) > sum(alternate) and sum(leds["b1"]) < sum(loser)
    row = [leds["%s12" % c] for c in "bcdefghijk"]
    assert all(sum(rgb) > 0 for rgb in row)  # every brightness key lit, the level's brighter
    assert row[:2] == [row[0]] * 2 and row[2] != row[1] and row[2:] == [row[2]] * 8


def test_a_game_frees_the_menus_modules_and_the_menu_loads_them_again():
    import sys

    from app.shared import _GAME_MODULES, _MENU_MODULES, free_menu, unload

    free_menu()  # (other tests here loaded them)
    for name in _GAME_MODULES + tuple(setup.screen_module(g) for g in catalog.game_ids()):
        unload(name)
    sim = Headless()
    assert "app.attract" not in sys.modules  # not yet needed
    assert "app.controller" not in sys.modules  # the menu runs without a game's code
    # what a tile's press shows was loaded while the menu waited (Menu.ahead)
    assert "app.setup" in sys.modules and "app.font" in sys.modules
    sim.run("press " + TILE)
    assert sim.state()["screen"] == "setup"
    sim.run("wait 100")  # ... and the setup screen loads its game's (Setup.ahead)
    assert "app.controller" in sys.modules and "games.connect4.screen" in sys.modules
    sim.run("press " + TILE)  # the setup screen starts the game
    assert sim.state()["screen"] == "game" and "app.controller" in sys.modules
    assert not [m for m in _MENU_MODULES if m in sys.modules]  # their RAM is free on a Pico (the catalog's too)
    sim.run("press e6")  # a move, saved: the save's name needs no catalog (saves._ONE_SAVE)
    moves = sim.state()["moves"]
    assert len(moves) == 1 and "app.catalog" not in sys.modules
    assert sim.board.storage.files["game_connect4.json"].endswith("\n%s\n" % moves[0])
    assert "games.search" not in sys.modules  # nobody plays against the board
    sim.run("hold a1 800")  # back to the menu
    # no game code stays (the rules' base too: checked before state() names a cell with it)
    assert not [m for m in sys.modules if m in _GAME_MODULES or m.startswith("games.")]
    assert sim.state()["screen"] == "menu" and "app.menu" in sys.modules
    sim.run("press " + TILE)
    assert sim.state()["screen"] == "setup"
    sim.run("press a1")
    sim.run("wait 61000")  # the idle demo: a game, without the menu's modules
    assert sim.state()["screen"] == "attract" and "app.menu" not in sys.modules
    sim.run("press f6")
    assert sim.state()["screen"] == "menu" and "app.menu" in sys.modules


def test_a_start_no_tile_plays_is_refused_and_nothing_changes():
    from sim.headless import ScriptError
    sim = Headless()
    before = sim.state()
    for line, says in (("start pistes --level 3", "asks no level"),  # 4 pistes has no levels
                       ("start squeeze --variant clasic", "no variant 'clasic' on this board (variants: classic, cards)"),
                       ("start connect4 --mode deal", "asks no mode")):
        with pytest.raises(ScriptError) as refused:
            sim.run(line)
        assert says in str(refused.value)
        assert sim.state() == before  # still the menu, no game saved
    assert not [name for name in sim.board.storage.files if name.startswith("game_")]


def test_the_usual_player_count_is_kept_where_its_tile_resumes_it():
    sim = Headless()
    sim.run("start squeeze --players 2 --seed 3")  # 2 is the 4D Squeeze tile's own count
    sim.run("press a2")  # a launch
    moves = sim.state()["moves"]
    assert moves
    sim.run("hold a1 800")  # the menu
    tiles = sim.state()["tiles"]
    two = [t for t in tiles if t["game"] == "squeeze" and t["variant"] is None and t["resume"]]
    assert len(two) == 1 and two[0]["cell"] == sim.state()["tiles"][1]["cell"]
    sim.run("press " + two[0]["cell"])  # its setup screen, then resumed
    sim.run("press " + two[0]["cell"])
    assert sim.state()["moves"] == moves and sim.state()["players"] == 2


def test_the_setup_screen_replays_its_save_while_it_waits_and_its_press_resumes_that():
    sim = setup_of_a_game_in_progress()
    setup = sim.board.app.screen
    sim.run("wait 100")  # the screen waits: its game's modules load, its save replays (Setup.ahead)
    assert setup.loading is None and setup.ready.state.history == [3]
    sim.run("press " + TILE)
    assert sim.board.app.screen is setup.ready and sim.state()["moves"] == ["4"]


def test_a_choice_changed_on_the_setup_screen_starts_a_new_game_not_the_one_replayed():
    sim = setup_of_a_game_in_progress()
    sim.run("wait 100")
    setup = sim.board.app.screen
    level = setup.describe()["keys"]["level"][0]
    sim.run("press " + level)
    sim.run("press " + TILE)
    assert sim.board.app.screen is not setup.ready and sim.state()["moves"] == []


def test_a_save_that_does_not_replay_is_not_made_ahead_and_its_press_resumes_what_replays():
    from sim.drivers import MemoryStorage

    storage = MemoryStorage()
    storage.write("game_connect4.json", '{"game": "connect4", "players": null, "moves": ["4", "9"]}')
    sim = Headless(storage)
    sim.run("press " + TILE)
    sim.run("wait 100")
    assert sim.board.app.screen.loading is None and sim.board.app.screen.ready is None
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["moves"]) == ("game", ["4"]) and "only to move 1 of 2" in s["notice"]


class Ticking:
    """A clock that moves on 1 ms each time it is read."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        self.now += 1
        return self.now


class FakeApp:
    def __init__(self):
        self.clock = Ticking()
        self.keys = []


def test_a_slice_of_work_ahead_ends_on_time_or_at_once_when_a_key_waits():
    from app.shared import slice_of

    done = []

    def work(n):
        for i in range(n):
            done.append(i)
            yield
        return "found"

    app = FakeApp()
    search = work(100)
    assert slice_of(app, search) is None and 0 < len(done) < 100  # its time is up: the rest later
    first = len(done)
    app.keys.append((5, True))  # a key event waits: not a step more
    assert slice_of(app, search) is None and len(done) == first
    app.keys.clear()
    while True:
        end = slice_of(app, search)
        if end is not None:
            break
    assert end.value == "found" and done == list(range(100))


def test_a_setting_is_written_after_its_press_has_lit():
    # a flash write takes tens of ms on a Pico: the brightness press lights first
    sim = Headless()
    app = sim.board.app
    order = []
    render, write = app.render, sim.board.storage.write
    app.render = lambda now: (order.append("lit"), render(now))
    sim.board.storage.write = lambda name, text: (order.append(name), write(name, text))
    app.key(grid.parse("k12"), True, sim.board.clock.now)
    app.step()
    assert order[:2] == ["lit", "settings.json"] and app.settings["brightness"] == 100
    assert '"brightness": 100' in sim.board.storage.files["settings.json"]


def test_the_loop_keeps_working_ahead_only_while_no_key_is_down():
    sim = Headless()
    app = sim.board.app
    calls = []
    app.screen.ahead = lambda now: calls.append(now) or True  # always more to do
    app.step()
    assert calls and app.working  # the loop will not sleep (App.run)
    app.key(grid.parse("b6"), True, sim.board.clock.now)
    app.step()
    assert len(calls) == 1 and not app.working  # a key down: no slice, and the loop sleeps


def test_a1_held_in_a_game_makes_the_menu_ahead_and_a_release_before_its_hold_frees_it():
    import sys

    from app.shared import _MENU_MODULES

    sim = Headless()
    sim.run("press " + TILE)
    sim.run("press " + TILE)  # a game
    game = sim.board.app.screen
    assert not [m for m in _MENU_MODULES if m in sys.modules]
    sim.run("down a1")
    sim.run("wait 300")  # short of its hold: the menu is made while a1 is held (App.check_holds)
    assert "app.menu" in sys.modules and isinstance(game.next_menu, sys.modules["app.menu"].Menu)
    assert sim.state()["screen"] == "game"
    sim.run("up a1")  # a tap (a1's white flash): the menu made ahead goes again
    assert game.next_menu is None and game.menu_loading is None
    assert not [m for m in _MENU_MODULES if m in sys.modules] and sim.state()["screen"] == "game"
    sim.run("down a1")
    sim.run("wait 300")
    sim.run("press e6")  # another player's move while a1 is held: a1's release is then no tap
    assert len(sim.state()["moves"]) == 1
    sim.run("up a1")
    assert game.next_menu is None and not [m for m in _MENU_MODULES if m in sys.modules]
    sim.run("down a1")
    sim.run("wait 800")  # the hold: the menu made ahead shows, with this tile's game to resume
    made = game.next_menu
    assert sim.board.app.screen is made and sim.state()["screen"] == "menu"
    assert sim.state()["tiles"][0]["resume"] is True
    sim.run("up a1")
    sim.run("press " + TILE)
    sim.run("press " + TILE)  # resumed: the move made while a1 was held is kept
    assert len(sim.state()["moves"]) == 1


def test_the_menu_keeps_the_gamma_curve_and_its_brightness_row_scales_it():
    # (Menu.load_ahead: drivers/gamma_data.py's CURVE kept, its module freed; a press of
    # the brightness row makes its table from it: no import, no float maths in its light)
    import sys

    from drivers.gamma_data import CURVE
    from drivers.pixels import gamma_table

    sim = Headless()
    sim.run("wait 1000")
    assert sim.board.app.screen.curve == CURVE
    assert "drivers.gamma_data" not in sys.modules
    sim.run("press k12")
    assert sim.board.pixels._lut == gamma_table(100) and sim.state()["brightness"] == 100
    sys.modules.pop("drivers.gamma_data", None)  # (gamma_table's own load, above)
    sim.run("press d12")
    assert sim.board.pixels._lut == gamma_table(30, CURVE) and sim.state()["brightness"] == 30
    assert "drivers.gamma_data" not in sys.modules


def test_a_squeeze_setup_screen_makes_its_start_position_while_it_waits():
    sim = Headless()
    sim.run("press f3")  # 4D Squeeze's tile: its setup screen
    sim.run("wait 100")
    from games.squeeze import rules as squeeze

    assert squeeze._START  # made ahead (setup.start_ahead), not by the start press
    sim.run("press f3")
    assert sim.state()["game"] == "squeeze" and sim.state()["moves"] == []


def test_a_tiles_press_reads_no_save_its_setup_screen_reads_the_moves_while_it_waits():
    sim = menu_after_a_game()
    sim.run("wait 100")
    app, storage = sim.board.app, sim.board.storage
    reads = []
    read = storage.read
    storage.read = lambda name: (reads.append(name), read(name))[1]
    app.key(grid.parse(TILE), True, sim.board.clock.now)  # (down: no work ahead yet)
    app.step()  # (its setup screen is made at the next step, once the tile's answer shows: App.then)
    setup = app.screen
    assert reads == [] and setup.describe()["resume"] is True  # shown from the menu's copy of its setup
    assert setup.saved[1] is None
    app.key(grid.parse(TILE), False, sim.board.clock.now)
    sim.run("wait 100")  # ... its moves read while it waits (Setup.read_moves), then replayed
    assert reads == ["game_connect4.json"] and setup.saved[1] == ["4"] and setup.ready.state.history == [3]
    sim.run("press " + TILE)
    assert sim.state()["moves"] == ["4"]


def test_a_save_gone_before_the_setup_screen_reads_it_starts_a_new_game():
    sim = menu_after_a_game()
    app = sim.board.app
    app.key(grid.parse(TILE), True, sim.board.clock.now)
    del sim.board.storage.files["game_connect4.json"]
    app.key(grid.parse(TILE), False, sim.board.clock.now)
    sim.run("press " + TILE)
    s = sim.state()
    assert (s["screen"], s["moves"]) == ("game", [])


def test_a_game_with_chance_is_seeded_from_the_press_not_from_after_its_start():
    # a Pico that loads the game's modules in the press that starts it reads its clock
    # tens of ms later: the seed (the cubes' first mover, a deal) is the press's time,
    # so that the press's answer is the one the press's moment gives
    sim = Headless()
    tile = grid.name(menu.TILE_CELLS[[i for i, t in enumerate(catalog.TILES) if t[0] == "cubes"][0]][0])
    sim.run("press %s" % tile)
    sim.run("wait 1000")
    clock = sim.board.clock
    pressed = clock.ticks_ms()

    class Slow:  # each read of the clock 7 ms after the last
        def __init__(self, now):
            self.now = now

        def ticks_ms(self):
            self.now += 7
            return self.now

    slow = Slow(pressed)
    app = sim.board.app
    saved, app.clock = app.clock, slow
    try:
        app.screen.tap(grid.parse(tile), pressed)  # the tile lit ...
        app.step()  # ... the game started behind it, its clock read later (App.then)
    finally:
        app.clock = saved
    assert app.screen.setup["game"] == "cubes" and app.screen.setup["seed"] == pressed & 0x3FFFFFFF


# -- the pictures kept (Menu.draw, Setup.draw): a copy, where drawing takes ~3 ms of a Pico ----
def drawn(screen, now):
    from app.frame import Frame

    frame = Frame()
    screen.draw(frame, now)
    return bytes(frame.buf)


def menu_drawn_afresh(m, now):
    """The menu's picture drawn whole at `now`, as it was before any picture was kept."""
    from app.frame import Frame
    from app.tiles import draw_tile

    frame = Frame()
    for i in range(len(catalog.TILES)):
        draw_tile(frame, i, now, m.resumable(i), m.against[i])
    level = m.app.settings["brightness"] // 10  # the settings' keys
    for col in range(1, 11):
        frame.set(grid.cell(11, col), menu.colors.WHITE if col <= level else menu.colors.SYSTEM)
    for c, choice in menu.MATCH_KEYS.items():
        color = menu.MATCH_COLORS[menu.saves.MATCH_CHOICES.index(choice)]
        frame.set(c, color if m.app.settings["match"] == choice else menu.colors.scale(color, 1, 6))
    for c, lang in menu.LANG_KEYS.items():
        frame.set(c, menu.colors.WHITE if m.app.settings["lang"] == lang else menu.colors.SYSTEM)
    if menu.flashing(m.flash_until, now):
        frame.set(m.flash_cell, menu.colors.ILLEGAL)
    if m.chosen is not None:
        for c in menu.TILE_CELLS[m.chosen]:
            frame.set(c, menu.colors.WHITE)
    return bytes(frame.buf)


def test_the_menus_kept_picture_is_the_picture_at_every_moment():
    sim = menu_after_a_game()  # a tile that blinks, tiles whose turn goes round
    sim.run("press " + TILE)
    sim.run("press " + grid.name(grid.cell(9, 7)))  # (the setup's picture "against the board")
    sim.run("press " + TILE)  # ... a game against the board: its tile breathes
    sim.run("hold a1 800")
    m = sim.board.app.screen
    assert type(m).__name__ == "Menu" and any(m.against) and any(m.saved)
    start = sim.board.clock.now
    for t in range(0, 4200, 7):
        now = start + t
        if t == 2100:
            m.tap(grid.cell(11, 3), now)  # the brightness: the settings' keys change
            m.tap(grid.cell(0, 4), now)  # a key of no tile: its flash
        assert drawn(m, now) == menu_drawn_afresh(m, now), t
    m.tap(menu.TILE_CELLS[2][0], start + 4200)  # a tile's press: lit white over its kept picture
    assert drawn(m, start + 4201) == menu_drawn_afresh(m, start + 4201)
    assert all(drawn(m, start + 4201)[c * 3:c * 3 + 3] == b"\xff\xff\xff" for c in menu.TILE_CELLS[2])


def test_the_setup_screens_kept_picture_is_the_picture_at_every_moment():
    from app.frame import Frame

    sim = setup_of_a_game_in_progress()
    s = sim.board.app.screen
    start = sim.board.clock.now
    for t in range(0, 3000, 11):
        now = start + t
        if t == 1100:  # a choice: the board plays; a level
            keys = sim.state()["keys"]
            s.tap(grid.parse(keys["board"][1]), now)
            s.tap(grid.parse(keys["level"][2]), now)
        if t == 2000:
            s.tap(grid.cell(11, 5), now)  # refused: the tile flashes white
        if t == 1500:
            s.ahead(now)  # (its pictures' module loaded, its moves read)
        kept = drawn(s, now)
        s.drawn = None  # (nothing kept: drawn afresh)
        assert kept == drawn(s, now), t
