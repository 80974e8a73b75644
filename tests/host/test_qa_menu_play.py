# A user's path through the menu, found wanting by the QA read: what a player does
# (tile, setup choices, a few moves, back to the menu or a power cut, the tile again)
# must bring back the very game they left.
from sim.drivers import MemoryStorage
from sim import words
from sim.headless import Headless

PISTES_TILE = "i6"


def test_pistes_started_from_the_menu_resumes_with_its_chosen_players():
    storage = MemoryStorage()
    sim = Headless(storage)
    sim.run("press " + PISTES_TILE)  # the setup screen: players on l2.. (the board's seats on a2..), 2 by default
    sim.run("press l4")  # 3 players
    sim.run("press " + PISTES_TILE)
    sim.run("press a8")  # roll
    s = sim.state()
    assert (s["players"], s["moves"]) == (3, ["roll"])
    sim.run("hold a1 800")  # back to the menu
    sim.run("press " + PISTES_TILE)
    assert sim.state()["resume"]
    for again in (sim, Headless(storage)):  # and after a power cut
        if again is not sim:
            again.run("press " + PISTES_TILE)
        again.run("press " + PISTES_TILE)
        r = again.state()
        assert (r["screen"], r["players"], r["moves"], r["dice"]) == ("game", 3, ["roll"], s["dice"])
        again.run("hold a1 800")
        again.run("press " + PISTES_TILE)


def test_squeeze_cards_refuses_a_player_that_does_not_sit_at_the_table():
    from games.squeeze import cards
    from games.rng import Rng

    for players in (2, 4):
        st = cards.new_state(players, rng=Rng(5))
        st.play_text("N-e")  # a launch: the negation window opens
        for seat in (0, players + 1, 5, 7, 9):  # P7 was read as P2 (seats packed modulo 5)
            try:
                st.parse_move("negation P%d" % seat)
                raise AssertionError("P%d accepted" % seat)
            except ValueError as e:
                assert "no player %d" % seat in str(e)
        assert st.parse_move("pass") in st.legal_moves()


def test_a_wrong_player_count_is_said_in_plain_words():
    from games.base import check_setup

    for counts, words in (((1,), "1 player, not 3"), ((2,), "2 players, not 3"), ((2, 4), "2 or 4 players, not 3"),
                          ((1, 2, 3, 4, 5, 6), "1 to 6 players, not 7")):
        try:
            check_setup("game", 7 if len(counts) == 6 else 3, None, counts)
            raise AssertionError("accepted")
        except ValueError as e:
            assert str(e) == "game is for " + words


def test_the_status_line_names_each_tiles_own_rules_page_and_it_exists():
    import os
    import re

    from app import grid
    from app.tiles import TILE_CELLS
    from sim import terminal

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    pages = set()
    for tile in TILE_CELLS:
        sim = Headless(MemoryStorage())
        for _ in range(2):  # the setup screen, then the game
            sim.run("press " + grid.name(tile[0]))
            assert "rules:" not in terminal.status_text(sim.board)[0]  # (a makers' path: not in a player's line)
            page = words.screen_text(sim.board)[1]
            assert os.path.exists(os.path.join(root, page)), page
            pages.add(page)
    assert "docs/rules/squeeze_cards.md" in pages  # the card tiles' own page, not the classic one


def test_pistes_names_a_choice_that_is_not_open_in_players_words():
    from games.pistes import rules as pistes
    from games.base import IllegalMove

    st = pistes.new_state(players=2)
    for line, words in (("joker 2", "no joker"), ("six4 3", "no four 6s move"), ("back P1 T1", "no back move")):
        try:
            st.play_text(line)
            raise AssertionError(line)
        except IllegalMove as e:
            assert "there is %s to play now" % words in str(e), str(e)


def test_squeeze_cards_status_says_what_the_board_waits_for():
    sim = Headless(MemoryStorage())
    sim.run("start squeeze --variant cards --seed 5")
    assert (sim.state()["title"], sim.state()["turn"]) == ("4D Squeeze with cards", "yellow to move")
    sim.run("press f1")  # N-e: the Negation window opens for the next player
    assert sim.state()["turn"].startswith("player 2 may answer the launch with Negation")
    sim.run("wait 3500")  # it runs out: blue's turn
    assert sim.state()["turn"] == "blue to move"
    sim.run("press b1")  # blue's card key: a card pick
    assert sim.state()["turn"] == "player 2 plays a card: tap a card on your side (l1 backs out)"
    sim.run("press h1")  # Poussee
    assert sim.state()["turn"] == "player 2 plays a card: poussee: tap a launch point"
    sim.run("press l1")  # backs out
    assert sim.state()["turn"] == "blue to move"
    sim.run("press b1")
    sim.run("press g1")  # Eclair
    assert sim.state()["turn"] == "player 2 plays a card: eclair: tap a cell of the board"
    sim.run("press f6")  # the square e5..f6 (board e4): the Annulation window opens
    s = sim.state()
    assert s["pending"]["window"] == "annulation"
    assert s["turn"].startswith("anyone but player 2 may answer the eclair with Annulation")


def test_pistes_status_says_what_to_press():
    sim = Headless(MemoryStorage())
    sim.run("start pistes --players 2 --seed 4 --board 2")
    assert sim.state()["turn"] == "yellow to roll"  # (the keys labelled "roll", "stop": no key names)
    sim.run("press a8")
    assert sim.state()["turn"] == "yellow: press dice to set them aside, roll again or stop"
    sim.run("press a11")
    s = sim.state()
    assert (s["pending"], s["turn"]) == (None, "red (the board) to move")  # (seed 4: no choice to make)
    solo = Headless(MemoryStorage())
    solo.run("start pistes --players 1 --seed 3 --board 1")
    for _ in range(200):  # the board plays the solo to its end
        solo.run("wait 5000")
        if solo.state()["status"] != "playing":
            break
    s = solo.state()
    assert s["turn"] == ("out: a pawn is still on its start cell" if s["eliminated"][0] else "score %d" % s["scores"][0])


def test_a_damaged_player_count_in_the_pistes_save_starts_afresh_without_a_crash():
    import json

    for players, resumes in ((99, False), (0, False), (True, False), (2.5, False), (6, True)):
        storage = MemoryStorage()
        storage.write("game_pistes.json", json.dumps(
            {"game": "pistes", "players": players, "variant": None, "seed": 3, "moves": ["roll"]}))
        sim = Headless(storage)
        sim.run("press " + PISTES_TILE)
        assert sim.state()["resume"] == resumes
        sim.run("press " + PISTES_TILE)
        s = sim.state()
        assert (s["screen"], s["moves"]) == ("game", ["roll"] if resumes else [])
        assert s["players"] == (6 if resumes else 2)


def test_a_tile_with_a_game_in_progress_still_offers_its_choices_and_a_change_starts_anew():
    from sim import terminal

    storage = MemoryStorage()
    sim = Headless(storage)
    sim.run("press c9")  # 4D Squeeze with cards: its mode on a2 (cards), a3 (deal)
    sim.run("press a3")
    sim.run("press c9")
    sim.run("press f1")  # N-e
    assert (sim.state()["mode"], sim.state()["moves"]) == ("deal", ["N-e"])
    sim.run("hold a1 800")
    sim.run("press c9")
    s = sim.state()
    assert (s["resume"], s["options"]) == (True, {"mode": "deal"})  # the game's own choice
    assert "A changed choice starts a new game" in terminal.status_text(sim.board)[0]
    sim.run("press a2")  # cards: no longer the game in progress
    assert sim.state()["resume"] is False
    sim.run("press a3")  # back to deal: resumes again
    assert sim.state()["resume"] is True
    sim.run("press a2")
    sim.run("press c9")
    s = sim.state()
    assert (s["screen"], s["mode"], s["moves"]) == ("game", "cards", [])
    again = Headless(storage)  # the new game is the tile's game now
    again.run("press c9")
    assert (again.state()["resume"], again.state()["options"]) == (True, {"mode": "cards"})
