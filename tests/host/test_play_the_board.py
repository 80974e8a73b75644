# Playing against the board in one obvious step (issue #53): every tile whose game the
# board plays shows the same two pictures on its setup screen (app/setup.py), a press on
# one plays that way, and the choice is kept for that game through a power cut; and
# HINT's strongest move stands out: only its keys blink, the other legal keys steady,
# the status line names it in the game's notation.
import pytest

from app import catalog, grid
from app.setup_pictures import BOARD_KEYS, FRIENDS_KEYS
from sim import words
from sim.drivers import MemoryStorage
from sim.headless import Headless

# the tiles where the board may take a seat: (tile index, its game)
BOARD_TILES = [(i, t[0]) for i, t in enumerate(catalog.TILES) if any(o[1] == "seats" for o in t[4])]


def tile_key(index):
    return grid.name(2 * grid.SIZE + 2 + 3 * (index // 3) * grid.SIZE + 3 * (index % 3))


def board_seats(state):
    return state.get("board_seats", state.get("board"))  # (4 pistes plays its seats itself)


def test_every_game_the_board_plays_has_the_pictures():
    assert sorted(game for _, game in BOARD_TILES) == ["connect4", "cubes", "pistes", "squeeze"]


@pytest.mark.parametrize("index,game", BOARD_TILES)
def test_two_presses_from_the_menu_start_a_game_against_the_board(index, game):
    sim = Headless(MemoryStorage())
    tile = tile_key(index)
    sim.run("press " + tile)
    s = sim.state()
    assert (s["screen"], s["against"]) == ("setup", False)  # with friends, until chosen
    assert s["pictures"] == {"friends": [grid.name(c) for c in FRIENDS_KEYS], "board": [grid.name(c) for c in BOARD_KEYS]}
    # both pictures lit, the same place in every game; the board's light runs round its ring
    frames = []
    for _ in range(3):
        leds = sim.leds()
        frames.append(tuple(leds[grid.name(c)] for c in BOARD_KEYS))
        assert any(any(leds[grid.name(c)]) for c in FRIENDS_KEYS) and any(any(v) for v in frames[-1])
        sim.run("wait 130")
    assert len(set(frames)) == 3
    text = words.status_text(sim.board)[0]
    assert "to play against the board, press the picture at the bottom right" in text and "rules:" not in text
    assert s["keys"]["board"][0] == "a2"  # the board's seats on the left column, in every game (4 pistes too)
    assert words.margin_labels(sim.board)[2][1:3] == ["board 1st", "board 2nd"]  # in words, not "s1", "s2"
    assert words.key_label(sim.board, grid.parse("i11")) == "i11 (against the board)"
    sim.run("press i11")  # the board's picture: the game starts, the board plays a seat
    s = sim.state()
    assert s["screen"] == "game" and s["game"] == game and board_seats(s) == [2]
    assert s["players"] == 2 and s["to_move"] == 1  # you start
    if game != "pistes":  # (4 pistes names the board's seat in its turn: "red (the board) to move")
        assert " to move; against the board (level: club)" in words.status_text(sim.board)[0]
        sim.run("press " + s["keys"][s["legal"][0]])
        for _ in range(40):  # its move's animation, then the board thinks (0.6 s at least)
            if sim.state()["thinking"]:
                break
            sim.run("wait 30")
        assert " to move: the board is thinking; against the board" in words.status_text(sim.board)[0]


def test_the_choice_is_kept_for_the_tile_through_a_power_cut():
    storage = MemoryStorage()
    sim = Headless(storage)
    sim.run("press c3")  # Connect Four
    sim.run("press h10")  # against the board
    assert sim.state()["board"] == [2]
    sim.run("press d8")
    sim = Headless(storage)  # the power comes back: the tile's save keeps the choice
    sim.run("press c3")
    s = sim.state()
    assert s["against"] and s["resume"] and s["options"]["board"] == [2]
    leds = sim.leds()  # the chosen picture at full level, the other dim
    assert sum(leds["g10"]) > 2 * sum(leds["c10"])
    sim.run("press c3")  # the tile's second press: against the board again
    assert sim.state()["board"] == [2] and sim.state()["moves"][0] == "2"  # (d8: column 2)
    sim.run("hold a1 800")
    sim.run("press c3")
    sim.run("press c11")  # with friends: a new game, of people
    assert sim.state()["board"] == [] and sim.state()["moves"] == []
    sim = Headless(storage)
    sim.run("press c3")
    assert not sim.state()["against"] and sim.state()["resume"]
    assert sum(sim.leds()["c10"]) > 2 * sum(sim.leds()["g10"])
    sim.run("press c3")
    assert sim.state()["board"] == []


def test_a_press_on_no_picture_changes_nothing_and_the_tile_says_where():
    sim = Headless(MemoryStorage())
    sim.run("press c3")
    before = sim.state()
    sim.run("press f11")  # between the two pictures
    s = sim.state()
    assert s["screen"] == "setup" and s["options"] == before["options"] and "press the lit tile" in s["error"]
    r, g, b = sim.leds()["c3"]
    assert r == g == b > 0  # the tile flashes white


def test_the_solo_of_4_pistes_becomes_a_game_against_the_board():
    index = [i for i, game in BOARD_TILES if game == "pistes"][0]
    sim = Headless(MemoryStorage())
    sim.run("press " + tile_key(index))
    sim.run("press l2")  # 1 player (the count on the right column, the board's seats on the left)
    assert sim.state()["players"] == 1
    sim.run("press j12")
    s = sim.state()
    assert (s["screen"], s["players"], s["board_seats"]) == ("game", 2, [2])


def until_hint(sim):
    for _ in range(100):
        if sim.state()["hint"] is not None:
            return sim.state()
        sim.run("wait 50")
    raise AssertionError("no hint")


HINT_GAMES = [("connect4", ["d8"]), ("squeeze", ["b1"]), ("cubes", ["d4"]), ("pistes", ["a8"])]


@pytest.mark.parametrize("game,moves", HINT_GAMES)
def test_the_hint_blinks_only_the_strongest_moves_keys(game, moves):
    sim = Headless(MemoryStorage())
    sim.run("press k12")  # full brightness
    sim.run("start %s --seed 3" % game)
    for m in moves:
        sim.run("press " + m)
    sim.run("wait 2000")
    sim.run("press a12")
    s = until_hint(sim)
    screen = sim.board.app.screen
    hint = set(screen.hint_cells(screen.hint_move))
    legal = set(screen.cell_for_move(m) for m in screen.state.legal_moves()) - hint
    seen = []
    for _ in range(4):  # across a blink: the hint's keys go cyan and dark, the others stay
        leds = sim.leds()
        seen.append(({leds[grid.name(c)] for c in hint}, tuple(leds[grid.name(c)] for c in sorted(legal))))
        sim.run("wait 130")
    assert {(0, 255, 255)} in [h for h, _ in seen] and {(0, 0, 0)} in [h for h, _ in seen]
    assert len(set(other for _, other in seen)) == 1  # the other legal keys: steady
    assert s["hint"] in s["legal"]
    assert words.status_text(sim.board)[0].split("   ")[0].endswith("; hint: %s" % s["hint"])
    sim.run("wait 5000")  # the hint goes after a while
    assert screen.hint_until is None
    sim.run("press a12")  # asked again for the same position: shown at once, no search
    assert screen.hint_until is not None and screen.thinking is None and sim.state()["hint"] == s["hint"]


def test_the_hint_press_lights_before_its_search_begins():
    sim = Headless(MemoryStorage())
    sim.run("start connect4")
    screen = sim.board.app.screen
    screen.tap(grid.HINT, sim.board.clock.now)
    assert screen.think_for_hint and screen.think_start is not None  # a hint is coming ...
    assert screen.thinking is None  # ... searched after the press's light


def test_the_menu_names_a_random_first_starter_as_the_controller_does():
    from app import controller

    assert controller.RANDOM == "random"  # (app/menu.py's start_game compares with it by value)


def test_a_game_of_people_says_so_where_the_board_could_play():
    # a newcomer who pressed the tile twice got a game with friends and waited for the
    # board: its status line says which it is
    sim = Headless()
    sim.run("press c3")
    sim.run("press c3")
    assert words.status_text(sim.board)[0].startswith("Connect Four: yellow to move; with friends")
    sim = Headless()
    sim.run("press c3")
    sim.run("press " + grid.name(BOARD_KEYS[0]))
    assert "; against the board (level: club)" in words.status_text(sim.board)[0]
    assert "with friends" not in words.status_text(sim.board)[0]


@pytest.mark.parametrize("tile", ["i3", "f6", "f9"])
def test_a_game_the_board_never_plays_says_nothing_of_friends(tile):
    # Squeeze of 4, Foursquare (solitaire), the card game: the board plays none of their seats
    sim = Headless()
    sim.run("press " + tile)
    sim.run("press " + tile)
    assert sim.state()["screen"] == "game" and "with friends" not in words.status_text(sim.board)[0]


def test_the_levels_are_named_in_words_in_both_languages():
    sim = Headless()
    sim.run("press c3")
    assert words.margin_labels(sim.board)[3][1:6] == ["beginner", "casual", "club", "strong", "strongest"]
    assert "level: club" in words.status_text(sim.board)[0]
    sim.run("hold a1 800")
    sim.run("press k1")  # French
    sim.run("press c3")
    assert words.margin_labels(sim.board)[2][1:3] == ["plateau 1er", "plateau 2e"]
    assert words.margin_labels(sim.board)[3][1:6] == ["débutant", "occasionnel", "club", "fort", "le plus fort"]
    sim.run("press l6")
    sim.run("press h11")
    assert "; contre le plateau (niveau : le plus fort)" in words.status_text(sim.board)[0]


def test_4_pistes_words_name_its_keys_not_their_places():
    sim = Headless()
    sim.run("start pistes --seed 5")
    text = words.status_text(sim.board)[0]
    assert text == "4 pistes: yellow to roll; with friends"
    left = words.margin_labels(sim.board)[2]
    assert left[7:11] == ["roll", "roll", "roll", "stop"]  # a8..a10, a11: where the status line's words are
    sim.run("press a8")
    assert words.status_text(sim.board)[0] == "4 pistes: yellow: press dice to set them aside, roll again or stop; with friends"
    french = Headless(lang="fr")
    french.run("start pistes --seed 5")
    assert words.margin_labels(french.board)[2][7:11] == ["lancer", "lancer", "lancer", "arrêt"]
    sim = Headless()
    sim.run("start pistes --seed 5 --board 2")
    assert words.status_text(sim.board)[0].endswith("; against the board")


def test_a_4_pistes_save_from_before_the_board_seats_moved_left_resumes_as_it_was():
    # the setup is kept by its options' names, not their places: an older board's save
    # (its seats were on the right column) resumes with its choices, on the new keys
    storage = MemoryStorage()
    storage.files["game_pistes.json"] = ('{"game": "pistes", "players": 3, "variant": null, "seed": 0, '
                                         '"swap": false, "board": [2], "moves": []}\nroll\n')
    sim = Headless(storage)
    sim.run("press " + tile_key([i for i, game in BOARD_TILES if game == "pistes"][0]))
    s = sim.state()
    assert s["resume"] and s["players"] == 3 and s["options"] == {"board": [2]}
    assert s["keys"] == {"board": ["a2", "a3", "a4"], "players": ["l2", "l3", "l4", "l5", "l6", "l7"]}
    leds = sim.leds()
    assert leds["a3"] == (255, 255, 255) or sum(leds["a3"]) > sum(leds["a2"])  # seat 2 chosen: lit white
    assert sum(leds["l4"]) > sum(leds["l3"])  # 3 players chosen
    sim.run("press " + tile_key([i for i, game in BOARD_TILES if game == "pistes"][0]))
    s = sim.state()
    assert s["screen"] == "game" and s["players"] == 3 and s["board_seats"] == [2] and s["moves"] == ["roll"]
