# 4 pistes (docs/rules/pistes.md): the seed's four examples, 6s and 5s, choices that are
# not available, jumps both ways, the pens, the end, elimination, ties, the solo, the
# dice set aside, notation and refusals. Dice come from a scripted stand-in for
# games.rng.Rng, so every roll is exact.
import sys

from games.pistes import rules as pistes
from games.base import DRAW, LOST, PLAYING, WON, IllegalMove
from games.rng import Rng


class Dice:
    """Rng's interface, giving the scripted faces (1..6) in order."""

    def __init__(self, faces):
        self.faces = list(faces)

    def below(self, n):
        assert n == 6, n
        return self.faces.pop(0) - 1


def game(players, faces, positions=None, to_move=1):
    """A state whose dice give `faces`; positions: per player, its 4 cells."""
    st = pistes.new_state(players=players, rng=Dice(faces))
    for p in range(len(positions or ())):
        for t in range(4):
            st.pos[p * 4 + t] = positions[p][t]
    st.to_move = to_move
    return st


def play(st, *lines):
    for line in lines:
        st.play_text(line)
    return st


def refused(st, line):
    """The refusal of a legal-looking line, after checking nothing changed."""
    before = (bytes(st.pos), list(st.dice), st.aside, st.locked, st.rolls_left, st.phase, st.to_move, len(st.history))
    try:
        st.play_text(line)
    except IllegalMove as e:
        after = (bytes(st.pos), list(st.dice), st.aside, st.locked, st.rolls_left, st.phase, st.to_move, len(st.history))
        assert after == before
        return str(e)
    raise AssertionError("%s was played" % line)


def cells(st, player):
    return st.cells(player - 1)


def test_seed_example_2225_moves_track_2_three_cells():
    st = play(game(2, [2, 2, 2, 5]), "roll", "stop")
    assert cells(st, 1) == [0, 3, 0, 0]
    assert st.to_move == 2 and st.phase == pistes.TO_ROLL and st.info()["dice"] is None
    assert st.last_dice == [2, 2, 2, 5]


def test_seed_example_4466_joker_on_track_4_moves_it_three_cells():
    st = play(game(2, [4, 4, 6, 6]), "roll", "stop")
    info = st.info()
    assert info["pending"]["choice"] == "joker" and info["pending"]["answers"] == ["joker 1", "joker 2", "joker 3", "joker 4"]
    assert st.legal_texts() == info["pending"]["answers"] and st.to_move == 1
    play(st, "joker 4")
    assert cells(st, 1) == [0, 0, 0, 3] and st.to_move == 2


def test_seed_example_1125():
    st = play(game(2, [1, 1, 2, 5]), "roll", "stop")
    assert cells(st, 1) == [2, 1, 0, 0]


def test_seed_example_3355_moves_track_3_then_any_pawn_back():
    st = play(game(2, [3, 3, 5, 5], [[0, 0, 0, 0], [4, 0, 0, 7]]), "roll")  # 2 fives: 2 dice left to roll
    play(st, "stop")
    assert cells(st, 1) == [0, 0, 2, 0]
    assert st.info()["pending"]["choice"] == "back"
    assert st.legal_texts() == ["back P1 T3", "back P2 T1", "back P2 T4"]  # own pawn too
    play(st, "back P2 T4")
    assert cells(st, 2) == [4, 0, 0, 5] and st.to_move == 2


def test_fives_are_set_aside_at_once_and_for_good():
    st = play(game(2, [5, 1, 2, 3, 4, 4, 4]), "roll")
    assert st.info()["aside"] == [True, False, False, False]
    assert refused(st, "unkeep 1") == "5s and dice set aside before a roll stay set aside"
    play(st, "keep 2", "unkeep 2", "keep 2 3")
    assert st.info()["aside"] == [True, True, True, False]
    play(st, "roll")  # only die 4 rolls: a 4
    assert st.dice == [5, 1, 2, 4] and st.rolls_left == 1
    # set-aside dice stay set aside: no taking back after a roll
    assert refused(st, "unkeep 2") == "5s and dice set aside before a roll stay set aside"
    assert refused(st, "keep 2") == "that die is already set aside"
    for odd in (None, 7, (), ("keep", 99), ("keep", 0), ("fly", 1)):
        assert st.why_illegal(odd), odd
    play(st, "roll")  # the last roll, then the dice resolve at once
    assert cells(st, 1) == [1, 1, 0, 1] and st.to_move == 2


def test_three_rolls_at_most_and_all_dice_aside_resolve_at_once():
    st = play(game(2, [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]), "roll", "roll", "roll")
    assert cells(st, 1) == [0, 0, 4, 0] and st.to_move == 2
    st = play(game(2, [5, 5, 5, 5]), "roll")  # four 5s: nothing to roll, no pawn to send back
    assert st.to_move == 2 and st.history == ["roll"]
    st = play(game(2, [1, 2, 3, 4]), "roll", "keep 1 2 3 4")
    assert "roll" not in st.legal_texts() and refused(st, "roll") == "every die is set aside: stop"
    play(st, "stop")
    assert cells(st, 1) == [1, 1, 1, 1]


def test_three_sixes_are_one_joker_and_four_sixes_move_one_pawn_four():
    st = play(game(2, [6, 6, 6, 2]), "roll", "stop", "joker 2")
    assert cells(st, 1) == [0, 2, 0, 0]
    st = play(game(2, [6, 6, 6, 6]), "roll", "stop")
    assert st.info()["pending"]["choice"] == "six4"
    assert refused(st, "joker 1").startswith("choose the track for the four 6s")
    play(st, "six4 3")
    assert cells(st, 1) == [0, 0, 4, 0]


def test_three_fives_are_one_back_move_and_four_fives_two():
    st = play(game(2, [5, 5, 5, 1], [[3, 0, 0, 0], [0, 6, 0, 0]]), "roll")  # 1 die rolls twice more
    play(st, "stop")
    assert cells(st, 1) == [4, 0, 0, 0]
    assert st.pending == "back" and st.backs_left == 1
    play(st, "back P2 T2")
    assert cells(st, 2) == [0, 4, 0, 0] and st.to_move == 2
    st = play(game(2, [5, 5, 5, 5], [[3, 0, 0, 0], [0, 6, 0, 0]]), "roll")  # resolves at once
    assert st.backs_left == 2 and st.info()["pending"]["backs_left"] == 2
    play(st, "back P2 T2", "back P2 T2")  # the same pawn twice
    assert cells(st, 2) == [0, 2, 0, 0] and st.to_move == 2
    st = play(game(2, [5, 5, 5, 5], [[3, 0, 0, 0], [0, 6, 0, 0]]), "roll", "back P1 T1", "back P2 T2")
    assert cells(st, 1) == [1, 0, 0, 0] and cells(st, 2) == [0, 4, 0, 0]


def test_a_choice_not_available_is_skipped():
    # a track home ignores its faces; the joker cannot take it
    st = play(game(2, [1, 1, 6, 6], [[10, 2, 0, 0]]), "roll", "stop")
    assert st.legal_texts() == ["joker 2", "joker 3", "joker 4"]
    assert refused(st, "joker 1") == "that track's pawn is home"
    play(st, "joker 2")
    assert cells(st, 1) == [10, 3, 0, 0]
    # a back move with no pawn to take is lost (pens only)
    st = play(game(2, [1, 5, 5, 3], [[9, 0, 0, 10], [10, 0, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [10, 0, 1, 10]  # 3 left the start: back moves come after
    assert st.pending == "back" and st.legal_texts() == ["back P1 T3"]
    st = play(game(2, [4, 5, 5, 4], [[9, 0, 0, 9], [10, 0, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [9, 0, 0, 10] and st.pending == "back"  # 9 has a pawn to send back
    st = play(game(2, [2, 5, 5, 2], [[10, 0, 0, 0], [10, 0, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [10, 2, 0, 0] and st.pending == "back"
    st = play(game(2, [6, 5, 5, 6]), "roll")  # all on start: joker, then no pawn to send back
    play(st, "stop", "joker 1")
    assert cells(st, 1) == [1, 0, 0, 0] and st.pending == "back"  # the joker's pawn left the start
    st = play(game(2, [1, 5, 5, 2]), "roll", "stop")
    assert st.legal_texts() == ["back P1 T1", "back P1 T2"]
    st = play(game(2, [3, 5, 5, 3], [[9, 9, 0, 10]]), "roll", "stop")
    assert st.pending == "back"


def test_no_pawn_to_send_back_loses_the_move():
    # the 1s are for a track already home; every pawn is on a start or end cell
    st = play(game(2, [1, 5, 5, 1], [[10, 0, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [10, 0, 0, 0] and cells(st, 2) == [0, 0, 0, 0]
    assert st.status == PLAYING and st.to_move == 2 and st.pending is None and st.backs_left == 0


def test_jumps_go_on_to_the_next_empty_cell_forward_and_backward():
    # forward: lands on 3 (taken), 4 taken too, stops on 5; the cells passed do not matter
    st = play(game(3, [1, 1, 1, 2], [[0, 0, 0, 0], [3, 0, 0, 0], [4, 1, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [5, 2, 0, 0]  # track 2: lands on 1 (player 3), goes on to 2
    # backward: from 7 to 5 (taken), 4 taken, stops on 3
    st = play(game(3, [5, 5, 1, 1], [[0, 0, 0, 0], [5, 0, 0, 0], [7, 0, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [2, 0, 0, 0]
    st.pos[1 * 4 + 0] = 4
    st.pos[0 * 4 + 0] = 5  # player 1 on 5, player 2 on 4, player 3 on 7
    play(st, "back P3 T1")
    assert cells(st, 3) == [3, 0, 0, 0]


def test_a_backward_move_reaching_the_start_cell():
    st = play(game(2, [5, 5, 6, 1], [[0, 0, 0, 0], [1, 2, 0, 0]]), "roll", "stop")
    play(st, "back P2 T1")  # from 1: stops on the start cell
    assert cells(st, 2) == [0, 2, 0, 0]
    st = play(game(2, [5, 5, 6, 1], [[0, 1, 0, 0], [1, 2, 0, 0]]), "roll", "stop")
    play(st, "back P2 T2")  # 2 - 2 = the start cell, whoever is there
    assert cells(st, 2) == [1, 0, 0, 0]
    st = play(game(2, [5, 5, 6, 1], [[3, 0, 0, 0], [2, 0, 0, 0]]), "roll", "stop")
    play(st, "back P1 T1")  # from 4 (3 + 1) to 2 (taken): on backward to 1
    assert cells(st, 1) == [1, 0, 0, 0]
    st = play(game(2, [5, 5, 6, 2], [[1, 0, 0, 0], [2, 0, 0, 0]]), "roll", "stop")
    play(st, "back P2 T1")  # from 2 to the start cell: start holds many
    assert cells(st, 2) == [0, 0, 0, 0]


def test_the_end_cell_holds_several_pawns_and_a_move_past_it_stops_there():
    st = play(game(3, [1, 1, 1, 6], [[8, 0, 0, 0], [10, 0, 0, 0], [10, 0, 0, 0]]), "roll", "stop")
    assert cells(st, 1) == [10, 0, 0, 0] and cells(st, 2)[0] == 10 and cells(st, 3)[0] == 10
    assert st.rows()[0] == "T1 [] . . . . . . . . . [123]"
    assert st.rows()[1] == "T2 [123] . . . . . . . . . []"


def test_the_game_ends_after_the_turn_with_two_pawns_home_back_moves_included():
    st = play(game(2, [4, 4, 5, 5], [[10, 1, 3, 8], [2, 3, 4, 5]]), "roll", "stop")
    assert st.status == PLAYING and st.pending == "back"  # home twice, but back moves still apply
    play(st, "back P2 T3")
    assert st.status == WON and st.winner == 1 and st.winners == [1]
    info = st.info()
    assert info["scores"] == [24, 12] and info["eliminated"] == [False, False]
    assert info["positions"] == [[10, 1, 3, 10], [2, 3, 2, 5]]
    assert st.legal_moves() == [] and refused(st, "roll") == "the game is over"


def test_elimination_a_pawn_never_left_or_sent_back():
    # player 2 never left the start on track 4: eliminated, whatever its score (track 2
    # lands on 9, taken: on to 10)
    st = play(game(2, [1, 1, 2, 6], [[8, 8, 2, 2], [9, 9, 9, 0]]), "roll", "stop")
    assert st.status == WON and st.winner == 1
    assert st.eliminated == [False, True] and st.scores == [24, 0]
    # player 2 sent back to the start in the last turn: eliminated too
    st = play(game(2, [1, 1, 5, 5], [[8, 10, 2, 2], [9, 9, 9, 2]]), "roll", "stop", "back P2 T4")
    assert st.status == WON and st.winner == 1 and st.eliminated == [False, True]


def test_ties_share_the_win():
    st = play(game(3, [1, 1, 2, 2], [[8, 8, 1, 1], [1, 2, 9, 10], [2, 1, 3, 2]]), "roll", "stop")
    assert st.status == DRAW and st.winner is None and st.winners == [1, 2]
    assert st.scores == [22, 22, 8]


def test_everyone_eliminated_nobody_wins():
    st = play(game(2, [1, 1, 2, 2], [[8, 8, 0, 0], [1, 1, 0, 0]]), "roll", "stop")
    assert st.status == DRAW and st.winner is None and st.winners == []
    assert st.eliminated == [True, True] and st.scores == [0, 0]


def test_solo_scores_or_is_eliminated():
    st = play(game(1, [1, 1, 2, 2], [[9, 9, 8, 8]]), "roll", "stop")
    assert st.status == WON and st.winner == 1 and st.scores == [36]
    st = play(game(1, [5, 5, 3, 4], [[9, 9, 1, 8]]), "roll", "stop")
    assert st.legal_texts() == ["back P1 T1", "back P1 T2", "back P1 T3", "back P1 T4"]  # its own pawns
    play(st, "back P1 T3")
    assert cells(st, 1) == [9, 9, 0, 9] and st.to_move == 1
    st = play(game(1, [1, 1, 2, 2], [[9, 9, 0, 8]]), "roll", "stop")
    assert st.status == LOST and st.winner is None and st.scores == [0] and st.eliminated == [True]


def test_refusals_and_notation():
    st = game(2, [1, 2, 3, 4] * 3)
    assert st.legal_texts() == ["roll"]
    assert refused(st, "stop") == "roll the dice first"
    assert refused(st, "keep 1") == "roll the dice first"
    assert refused(st, "joker 2") == "there is no joker to play now"
    for bad, why in (("keep", "needs die numbers"), ("keep 5", "dice are 1..4"), ("joker", "one track"),
                     ("back P3 T1", "no player 3"), ("back 2 3", "like 'back P2 T3'"), ("jump", "not a move"),
                     ("roll 2", "takes nothing"), ("back P1 T5", "like 'back P2 T3'"), ("keep 1 1", "named twice")):
        try:
            st.parse_move(bad)
            raise AssertionError(bad)
        except ValueError as e:
            assert why in str(e), (bad, str(e))
    play(st, "roll")
    for text in ("roll", "stop", "keep 1 3", "unkeep 2", "joker 2", "six4 3", "back P2 T3"):
        assert st.format_move(st.parse_move(text)) == text
    assert st.format_move(st.parse_move("KEEP 3 1")) == "keep 1 3"
    assert refused(st, "unkeep 1") == "that die is not set aside"
    assert refused(st, "back P1 T1").startswith("there is no back")


def test_players_and_default():
    assert pistes.new_state().players == 2
    for n in range(1, 7):
        assert pistes.new_state(players=n).players == n
    for bad in (0, 7):
        try:
            pistes.new_state(players=bad)
            raise AssertionError(bad)
        except ValueError as e:
            assert "1 to 6 players" in str(e)


def test_the_same_seed_and_moves_replay_the_same_dice():
    a = pistes.new_state(players=3, rng=Rng(9))
    for _ in range(40):
        legal = a.legal_moves()
        a.play(legal[len(a.history) % len(legal)])
        if a.status != PLAYING:
            break
    b = pistes.new_state(players=3, rng=Rng(9))
    for m in a.history:
        b.play_text(a.format_move(m))
    assert bytes(b.pos) == bytes(a.pos) and b.dice == a.dice and b.info() == a.info()


def test_a_full_six_player_game():
    from games.pistes.player import board_move, first_roll_move

    st = pistes.new_state(players=6, rng=Rng(4))
    turns = 0
    while st.status == PLAYING:
        if st.phase == pistes.TO_ROLL:
            turns += 1
        st.play((board_move if st.to_move % 2 else first_roll_move)(st))
        assert len(st.history) < 3000
    assert turns > 6 and st.status in (WON, DRAW)
    assert max(st.home_count(p) for p in range(6)) >= 2
    info = st.info()
    assert len(info["scores"]) == 6 and len(info["positions"]) == 6
    for p in range(6):
        assert info["scores"][p] == (0 if info["eliminated"][p] else sum(info["positions"][p]))


def test_the_board_decides_the_same_with_or_without_its_work_done_ahead():
    from games.pistes import player as pistes_player

    # (the virtual Pico checks its first 50 moves, that its heap and stack hold the work
    # ahead: the whole game there cost 63 CPU s, a tenth of its firmware tests)
    moves = 50 if sys.platform == "rp2" else 150
    st = pistes.new_state(players=3, rng=Rng(12))
    while st.status == PLAYING and len(st.history) < moves:
        pistes_player._Memo.turn = None  # cold: everything worked out at once
        cold = pistes_player.board_move(st)
        pistes_player._Memo.turn = None
        for _ in pistes_player.warm_up(st):  # in slices, as the board waits
            pass
        assert pistes_player.board_move(st) == cold
        assert cold in st.legal_moves()
        st.play(cold)
