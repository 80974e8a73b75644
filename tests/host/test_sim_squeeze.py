# 4D Squeeze on the board, through the headless simulator, as players would press:
# launch points on the ring, arrival cells in the play area, an impossible launch, a
# squeeze flash, the end, and the 4-player seats.
import re

from sim.headless import Headless

EXAMPLE = "tests/firmware/test_squeeze_example.txt"


def key(cell):
    """The board key of a squeeze cell: the 10x10 board sits at b2..k11."""
    return "%s%d" % (chr(ord(cell[0]) + 1), int(cell[1:]) + 1)


def launch_key(launch):
    """The ring key of a launch: W-3 -> a4, E-3 -> l4, N-c -> d1, S-c -> d12."""
    side, line = launch.split("-")
    if side in "WE":
        return "%s%d" % ("a" if side == "W" else "l", int(line) + 1)
    return "%s%d" % (chr(ord(line) + 1), 1 if side == "N" else 12)




def is_refusal(rgb):
    """The refusal flash: magenta (no player's colour)."""
    return rgb[0] == rgb[2] > 0 and rgb[1] == 0


def new_game(*args):
    sim = Headless()
    sim.run("press k12")  # full brightness: the dim tints are far apart
    sim.run("start squeeze " + " ".join(args))
    return sim


def example_game(title):
    with open(EXAMPLE) as f:
        text = f.read()
    part = text.split("Game %s" % title)[1].split("\nGame ")[0]
    return re.findall(r"launches (\S+), the pawn stops on ([a-j]\d+)", part)


def test_menu_tiles_start_2_and_4_player_games():
    sim = Headless()
    tiles = [t for t in sim.state()["tiles"] if t["game"] == "squeeze" and t["variant"] is None]
    assert len(tiles) == 2
    sim.run("press " + tiles[0]["cell"])  # the tile's setup screen
    sim.run("press " + tiles[0]["cell"])
    s = sim.state()
    assert (s["game"], s["players"], s["status"], s["to_move"]) == ("squeeze", 2, "playing", 1)
    assert len(s["legal"]) == 32 and s["pentacles"] == [0, 0]
    assert "W-3" not in s["keys"] and s["keys"]["W-1"] == "a2"
    assert all(s["keys"][m] == launch_key(m) for m in s["legal"])


def test_board_layout_pawns_pentacles_quarters_and_glowing_launch_points():
    sim = new_game()
    lv = sim.leds()
    yellow, blue = lv[key("e5")], lv[key("f5")]
    assert lv[key("f6")] == yellow and lv[key("e6")] == blue and yellow != blue
    neutral = lv[key("c3")]
    assert neutral == lv[key("h8")] and neutral not in (yellow, blue)
    # the quarters: tinted faintly in a checkerboard, so the medians show
    nw, ne = lv[key("a1")], lv[key("j1")]
    assert nw != ne and lv[key("j10")] == nw and lv[key("a10")] == ne
    assert 0 < sum(nw) < sum(neutral) and ne == (0, 0, 0)
    # the launch points: possible ones glow in yellow; W-3 (the pentacle c3) is dark
    assert lv[launch_key("W-1")] == lv[launch_key("S-j")] and sum(lv[launch_key("W-1")]) > 0
    assert lv[launch_key("W-3")] == (0, 0, 0) and lv[launch_key("N-h")] == (0, 0, 0)
    sim.run("press " + launch_key("W-1"))
    sim.run("wait 1000")
    lv2 = sim.leds()
    assert lv2[key("e1")] == yellow  # the pawn is in
    assert lv2[launch_key("W-1")] != lv[launch_key("W-1")]  # now blue's turn: blue glow
    assert lv2[launch_key("E-1")] == lv2[launch_key("W-1")]


def test_tints_pentacles_and_pawns_stay_apart_at_the_default_brightness():
    sim = Headless()
    assert sim.state()["brightness"] == 25
    sim.run("start squeeze")
    for launch, cell in example_game("A")[:8]:  # a yellow pentacle on f3, a blue one on h6
        sim.run("press " + launch_key(launch))
    sim.run("wait 2000")
    lv = sim.leds()
    tint, untinted = lv[key("a1")], lv[key("j1")]
    assert min(tint) >= 3 and untinted == (0, 0, 0)  # the medians show
    neutral, yellow_p, blue_p = lv[key("c3")], lv[key("f3")], lv[key("h6")]
    pawn_y, pawn_b = lv[key("e5")], lv[key("f5")]
    assert min(neutral) >= 3 * max(tint)  # a neutral pentacle: white, far above a tint
    assert yellow_p[0] >= 3 * tint[0] and blue_p[2] >= 3 * tint[2]
    assert yellow_p[2] == 0 and blue_p[0] == 0  # a pentacle keeps its side's hue
    assert pawn_y[0] >= 3 * yellow_p[0] and pawn_b[2] >= 3 * blue_p[2]  # pawns stand out


def test_launch_slides_in_from_the_ring():
    sim = new_game()
    sim.run("press " + launch_key("W-10"))  # stops on e10 (the median)
    seen = []
    for _ in range(6):
        lv = sim.leds()
        seen.append([c for c in ("a11", "b11", "c11", "d11", "e11", "f11") if lv[c] == lv[key("e5")]])
        sim.run("wait 40")
    assert seen[0] == ["a11"] and ["b11"] in seen and ["d11"] in seen
    assert seen[-1] == ["f11"]  # e10, where it stays
    assert sim.state()["moves"] == ["W-10"] and sim.state()["squeezed"] == ["e8"]


def test_press_on_a_reachable_cell_plays_the_same_move():
    sim = new_game()
    sim.run("press " + key("e1"))  # reached by W-1 only
    s = sim.state()
    assert s["moves"] == ["W-1"] and s["to_move"] == 2 and s["error"] is None
    sim.run("press " + key("g5"))  # E-5 and N-g both stop on g5
    assert sim.state()["moves"][1] in ("E-5", "N-g")
    sim.run("wait 1000")
    assert sim.leds()[key("g5")] == sim.leds()[key("f5")]  # a blue pawn


def test_impossible_launch_flashes_beeps_and_changes_nothing():
    sim = new_game()
    before = sim.state()
    sounds = len(sim.board.sound.played)
    sim.run("press " + launch_key("W-3"))
    after = sim.state()
    assert "pentacle on c3" in after["error"]
    assert (after["moves"], after["to_move"], after["legal"]) == (before["moves"], 1, before["legal"])
    assert sim.board.sound.played[sounds:] == ["illegal"]
    lv = sim.leds()
    assert is_refusal(lv[launch_key("W-3")]) and is_refusal(lv[key("c3")])
    sim.run("press " + key("b2"))  # an empty cell no launch reaches now
    assert "no launch stops on b2" in sim.state()["error"] and is_refusal(sim.leds()[key("b2")])
    sim.run("press " + key("e5"))  # a pawn
    assert "e5 is taken" in sim.state()["error"]
    sim.run("wait 500")
    lv = sim.leds()
    assert not is_refusal(lv[launch_key("W-3")]) and lv[key("c3")] == new_game().leds()[key("c3")]
    assert sim.state()["moves"] == []


def test_squeeze_flashes_the_new_pentacles_with_a_sound():
    sim = new_game()
    sim.run("press " + launch_key("W-2"))  # e2: e3 is squeezed
    assert sim.state()["squeezed"] == ["e3"] and sim.state()["pentacles"] == [1, 0]
    assert sim.board.sound.played[-1] == "squeeze"
    seen = set()
    for _ in range(12):
        sim.run("wait 50")
        seen.add(sim.leds()[key("e3")])
    assert (255, 255, 255) in seen and len(seen) >= 2  # it flashes white
    sim.run("wait 1000")
    settled = sim.leds()[key("e3")]
    assert settled != (255, 255, 255) and settled[2] < settled[0]  # a dim yellow pentacle
    assert sum(settled) < sum(sim.leds()[key("e5")])


BOARD = [c + str(r) for r in range(1, 11) for c in "abcdefghij"]


def reachable_cells(state):
    """Where the legal launches land, by the rules core, from the moves played."""
    from games.squeeze import rules as squeeze

    st = squeeze.new_state()
    for m in state["moves"]:
        st.play_text(m)
    return [squeeze.cell_text(st.arrival_cell(m)) for m in st.legal_moves()]


RING = (["%s1" % c for c in "bcdefghijk"] + ["l%d" % r for r in range(2, 12)]
        + ["%s12" % c for c in "kjihgfedcb"] + ["a%d" % r for r in range(11, 1, -1)])


def ring_tallies(sim):
    """The pentacle counts as the ring shows them: (yellow's tally from b1 clockwise,
    blue's from a2 counter-clockwise, every fifth cell brighter, nothing lit between),
    or None when the ring shows something else."""
    lv = sim.leds()
    ring = [lv[c] for c in RING]
    counts = []
    for cells, other in ((ring, 2), (ring[::-1], 0)):  # yellow has no blue, blue no red
        n = 0
        while n < len(cells) and cells[n] != (0, 0, 0) and cells[n][other] == 0:
            n += 1
        if any((sum(cells[k]) > sum(cells[0])) != (k % 5 == 4) for k in range(1, n)):
            return None
        counts.append(n)
    if ring[counts[0]:len(ring) - counts[1]] != [(0, 0, 0)] * (len(ring) - sum(counts)):
        return None
    return tuple(counts)


def test_hint_shows_the_pentacle_counts_during_the_game():
    sim = new_game()
    moves = example_game("A")[:10]
    for launch, cell in moves:
        sim.run("press " + launch_key(launch))
    s = sim.state()
    assert s["pentacles"] == [3, 2] and s["status"] == "playing" and len(s["squeezed"]) == 1
    sim.run("wait 450")  # move 10 squeezed: the counts show while the pentacles flash
    assert ring_tallies(sim) == (3, 2)
    sim.run("wait 2000")
    assert ring_tallies(sim) is None  # the ring shows the launch points
    sim.run("press a12")
    assert ring_tallies(sim) == (3, 2)
    lv, s = sim.leds(), sim.state()
    dim = lv[key(reachable_cells(s)[0])]  # steady, dim white: the strongest move is coming
    assert dim[0] == dim[1] == dim[2] and 0 < dim[0] < 128
    shown = set(c for c in BOARD if lv[key(c)] == dim)
    assert shown == set(reachable_cells(s)) and shown  # the 'o' cells of the worked example
    for _ in range(60):  # the strongest move is searched in slices: the hint shows until a while after it
        if sim.state()["hint"] is not None:
            break
        sim.run("wait 50")
    s = sim.state()
    assert s["hint"] is not None and ring_tallies(sim) == (3, 2)
    sim.run("wait 4000")
    assert ring_tallies(sim) is None


def test_example_game_b_to_the_end_shows_the_counts():
    sim = new_game()
    moves = example_game("B")
    for i, (launch, cell) in enumerate(moves):
        # alternate between the ring key and the arrival cell
        sim.run("press " + (launch_key(launch) if i % 2 else key(cell)))
    s = sim.state()
    assert len(s["moves"]) == 63 and s["error"] is None
    assert (s["status"], s["winner"], s["pentacles"], s["line"]) == ("won", 1, [16, 13], None)
    assert sim.board.sound.played[-1] == "win"
    sim.run("wait 500")  # the last pawn has slid in
    assert ring_tallies(sim) == (16, 13)
    # the winner's pentacles blink
    seen = set()
    for _ in range(6):
        sim.run("wait 150")
        seen.add(sim.leds()[key("c5")])  # a yellow pentacle of Game B
    assert (0, 0, 0) in seen and len(seen) == 2
    sim.run("press " + launch_key("W-1"))
    assert "over" in sim.state()["error"]


def test_four_players_seats_and_team_win():
    sim = new_game("--players", "4")
    s = sim.state()
    assert s["players"] == 4 and s["teams"] == [[1, 3], [2, 4]] and s["to_move"] == 1
    lv = sim.leds()
    # seat 1 plays from the south: its launch points are brighter than the others
    assert sum(lv[launch_key("S-a")]) > sum(lv[launch_key("N-a")]) > 0
    for launch in ("N-e", "S-a", "N-e", "S-j"):
        sim.run("press " + launch_key(launch))
    lv = sim.leds()
    assert sim.state()["to_move"] == 1
    sim.run("press " + launch_key("S-a"))  # seat 1 is back
    assert sim.state()["to_move"] == 2
    lv = sim.leds()
    # seat 2 (blue) plays from the west
    assert sum(lv[launch_key("W-1")]) > sum(lv[launch_key("E-1")]) > 0
    sim.run("press " + launch_key("S-j"))  # seat 2
    sim.run("press " + launch_key("N-e"))  # seat 3: e2 e3 e4 e5, team yellow
    s = sim.state()
    assert (s["status"], s["winner"]) == ("won", 1) and s["line"] == ["e2", "e3", "e4", "e5"]
    assert s["turn"] == "yellow wins (seats 1 south and 3 north)"  # the team, by its seats


def test_the_two_player_tile_does_not_resume_a_four_player_game():
    sim = Headless()
    tiles = sim.state()["tiles"]
    two, four = [t["cell"] for t in tiles if t["game"] == "squeeze" and t["variant"] is None]
    sim.run("press " + four)  # the tile's setup screen
    sim.run("press " + four)
    sim.run("press " + launch_key("W-1"))
    sim.run("hold a1 800")
    resume = dict((t["cell"], t["resume"]) for t in sim.state()["tiles"])
    assert resume[four] is True and resume[two] is False
    sim.run("press " + two)  # the tile's setup screen
    sim.run("press " + two)
    s = sim.state()
    assert (s["players"], s["moves"]) == (2, [])


def test_the_notation_module_is_loaded_only_to_read_lines():
    # a Pico's RAM: games/squeeze/notation.py (the lines' parsing, the text board) is read
    # for a save's replay and let go after it; presses and the simulator's state never
    # load it; the menu holds none of it
    import sys

    from app import grid
    from app.shared import unload
    from games.squeeze.screen import Controller
    from games.squeeze import rules as squeeze

    sim = new_game()
    app = sim.board.app
    unload(squeeze.NOTATION_MODULE)
    sim.run("press " + key("e1"))  # the arrival cell of W-1
    sim.run("press " + launch_key("N-a"))
    assert sim.state()["moves"] == ["W-1", "N-a"] and squeeze.NOTATION_MODULE not in sys.modules
    resumed = Controller(app, app.screen.setup, ["W-1", "N-a"])  # the menu's resume
    assert resumed.state.history == app.screen.state.history and squeeze.NOTATION_MODULE not in sys.modules
    assert resumed.state.rows()[1] == "  1 . . . o Y | o . . . ."  # the referee's board: loaded when asked
    assert squeeze.NOTATION_MODULE in sys.modules
    app.screen = resumed
    resumed.hold(grid.MENU, sim.board.clock.now)
    assert app.screen.describe()["screen"] == "menu" and squeeze.NOTATION_MODULE not in sys.modules


def test_the_board_says_what_it_played():
    """Issue #26, item 8: when the board plays a seat, the state and the status line say
    its move in the notation (a pawn sliding in is easy to miss), until the next move."""
    from sim.terminal import status_text

    sim = Headless()
    sim.run("start squeeze --board 2 --seed 3")
    assert sim.state()["board_played"] is None
    sim.run("press a2")  # W-1
    assert sim.state()["board_played"] is None  # a person's move: nothing to say
    sim.run("wait 3000")  # the board answers
    s = sim.state()
    assert s["moves"][0] == "W-1" and len(s["moves"]) == 2
    assert s["board_played"] == s["moves"][1]
    assert "the board played %s; yellow to move" % s["moves"][1] in status_text(sim.board)[0]
    people = Headless()
    people.run("start squeeze --seed 3")
    people.run("press a2")
    assert people.state()["board_played"] is None and "the board played" not in status_text(people.board)[0]
