# app/saves.py: a game's file is the setup's line then a line a move; a move played
# appends its line (the save of a late press costs what an early one does), anything
# else writes the whole file; a torn last line is dropped; old files still load.
import json

from app import saves, saves_read
from sim.drivers import MemoryStorage, SimBoard

SETUP = {"game": "connect4", "players": None, "variant": None, "seed": None, "swap": False}
NAME = saves.game_file("connect4", None)


class Counting(MemoryStorage):
    """A MemoryStorage that counts whole writes and appends of each file."""

    def __init__(self):
        MemoryStorage.__init__(self)
        self.writes = []
        self.appends = []

    def write(self, name, text):
        self.writes.append(name)
        MemoryStorage.write(self, name, text)

    def append(self, name, text):
        self.appends.append((name, text))
        MemoryStorage.append(self, name, text)


def connect4(moves=(), storage=None):
    from games.connect4 import rules as connect4

    state = connect4.new_state()
    for text in moves:
        state.play_text(text)
    return state


def test_a_move_appends_its_line_and_the_file_reads_back():
    storage = Counting()
    state = connect4()
    assert saves.save_game(storage, SETUP, state)  # the first save: the whole file
    assert storage.writes == [NAME] and storage.appends == []
    for text in ("4", "4", "3"):
        state.play_text(text)
        assert saves.save_game(storage, SETUP, state)
    assert storage.writes == [NAME]  # no whole file again
    assert [t for _, t in storage.appends] == ["4\n", "4\n", "3\n"]
    lines = storage.files[NAME].split("\n")
    assert json.loads(lines[0])["moves"] == [] and lines[1:] == ["4", "4", "3", ""]
    assert saves_read.load_game(storage, "connect4", None) == (SETUP, ["4", "4", "3"])


def test_a_torn_last_line_is_dropped_and_the_next_save_writes_the_file_whole():
    storage = Counting()
    state = connect4(["4", "4"])
    saves.save_game(storage, SETUP, state)
    whole = storage.files[NAME]
    storage.files[NAME] = whole + "3"  # the power went before the append's newline
    setup, moves = saves_read.load_game(storage, "connect4", None)
    assert moves == ["4", "4"]  # the game one move back, not damage
    resumed = connect4(moves)  # what the controller replays
    resumed.play_text("3")
    assert saves.save_game(storage, SETUP, resumed)  # a state of its own: the file again, whole
    assert storage.writes == [NAME, NAME] and storage.files[NAME] == whole + "3\n"
    resumed.play_text("5")
    saves.save_game(storage, SETUP, resumed)
    assert storage.appends[-1] == (NAME, "5\n")
    assert saves_read.load_game(storage, "connect4", None)[1] == ["4", "4", "3", "5"]


def test_an_old_boards_file_loads_and_its_next_save_is_in_lines():
    storage = Counting()
    old = dict(SETUP, moves=["4", "3"])
    storage.write(NAME, json.dumps(old))  # one JSON line, no newline
    setup, moves = saves_read.load_game(storage, "connect4", None)
    assert setup == SETUP and moves == ["4", "3"]
    state = connect4(moves + ["4"])
    saves.save_game(storage, SETUP, state)
    assert storage.files[NAME].split("\n")[1:] == ["4", "3", "4", ""]


def test_an_undo_or_a_failed_append_writes_the_file_whole():
    storage = Counting()
    state = connect4(["4", "4"])
    saves.save_game(storage, SETUP, state)
    undone = connect4(["4"])  # undo: a fresh state replays the moves left
    saves.save_game(storage, SETUP, undone)
    assert len(storage.writes) == 2 and saves_read.load_game(storage, "connect4", None)[1] == ["4"]

    class Refusing(Counting):
        def append(self, name, text):
            MemoryStorage.append(self, name, text[:1])  # half of it in, then the flash refuses
            raise OSError(28, "no space left on device")

    refusing = Refusing()
    refusing.files = dict(storage.files)
    undone.play_text("5")
    assert saves.save_game(refusing, SETUP, undone)  # the whole file instead
    assert refusing.writes == [NAME] and saves_read.load_game(refusing, "connect4", None)[1] == ["4", "5"]


def test_a_history_changed_under_the_same_length_is_written_whole():
    storage = Counting()
    state = connect4(["4", "4"])
    saves.save_game(storage, SETUP, state)
    state.history[-1] = state.history[0] + 1  # not the move saved last (a controller's own undo)
    state.history.append(state.history[0])
    saves.save_game(storage, SETUP, state)
    assert len(storage.writes) == 2 and storage.appends == []


def test_a_save_past_the_limit_is_refused_and_the_last_good_one_stays():
    class Long:
        history = []

        def format_move(self, move):
            return move

    storage = MemoryStorage()
    state = Long()
    state.history = ["x" * 100] * (saves.MAX_FILE_BYTES // 101 - 2)
    assert saves.save_game(storage, SETUP, state)
    kept = storage.files[NAME]
    state.history = state.history + ["y" * 100] * 3
    for _ in range(3):
        state.history = state.history[:-1]
    for _ in range(3):  # appended, until the next line would pass the limit
        state.history = state.history + ["y" * 100]
        ok = saves.save_game(storage, SETUP, state)
    assert not ok and len(storage.files[NAME]) <= saves.MAX_FILE_BYTES
    assert storage.files[NAME].startswith(kept)
    assert saves_read.load_game(storage, "connect4", None) is not None


def test_the_app_saves_a_long_card_game_by_appending():
    storage = Counting()
    board = SimBoard(storage=storage)
    board.app.start_game("squeeze", 4, "cards", 7, {"mode": "deal"})
    screen = board.app.screen
    name = saves.game_file("squeeze", 4, "cards")
    from games.rng import Rng

    rng = Rng(7)
    for _ in range(60):
        st = screen.state
        legal = (not st.window and st.legal_launches()) or st.legal_moves()  # (a card now and then)
        screen.play_move(legal[rng.below(len(legal))], None, board.clock.now)
        board.app.after_render(board.clock.now)  # the save, after the frame
        board.app.after_render = None
        if screen.state.status != "playing":
            break
    assert storage.writes.count(name) == 1  # the first save only
    assert len(storage.appends) == len(screen.state.history) - 1
    loaded = saves_read.load_game(storage, "squeeze", 4, "cards")
    assert loaded[1] == [screen.state.format_move(m) for m in screen.state.history]


def played_then_damaged(index, damage):
    """(storage, the tile's cell, moves played) after 3 moves on tile `index`, back in the
    menu, its save then damaged: a move no game has added ("move"), or its `damage` choice
    set to 99."""
    from app import catalog, grid
    from app.tiles import TILE_CELLS
    from sim.headless import Headless

    storage = MemoryStorage()
    sim = Headless(storage)
    tile = grid.name(TILE_CELLS[index][0])
    sim.run("press " + tile)
    sim.run("press " + tile)
    for _ in range(3):
        s = sim.state()
        move = next(m for m in s["legal"] if s["keys"].get(m))
        sim.run("press " + s["keys"][move])
        sim.run("wait 3000")
    moves = sim.state()["moves"]
    sim.run("hold a1 1000")
    game, players, variant = catalog.TILES[index][:3]
    name = saves.game_file(game, players, variant)
    lines = storage.read(name).split("\n")
    if damage == "move":
        lines[-1:] = ["zz9", lines[1], ""]
    else:
        setup = json.loads(lines[0])
        setup[damage] = 99
        lines[0] = json.dumps(setup)
    storage.write(name, "\n".join(lines))
    return storage, tile, moves


def test_every_tiles_save_that_no_longer_replays_resumes_what_does_and_says_so():
    from app import catalog
    from sim.headless import Headless

    for index in range(len(catalog.TILES)):
        for damage in ("move", "board"):
            storage, tile, moves = played_then_damaged(index, damage)
            sim = Headless(storage)
            sim.run("press " + tile)
            sim.run("press " + tile)
            s = sim.state()
            assert (s["screen"], s["moves"]) == ("game", moves), (index, damage)
            said = ("replays only to move %d of %d" % (len(moves), len(moves) + 2) if damage == "move"
                    else "had a damaged choice (board): its default is used")
            assert said in s["notice"], (index, damage, s["notice"])


def test_a_replay_refused_at_its_first_move_leaves_no_reading_helper_loaded():
    # the failed replay loaded the notation's modules to read its moves; the game resumed
    # with none must not keep them (RAM on a Pico: a resumed game with moves frees them too)
    import sys

    from app import catalog, grid
    from app.tiles import TILE_CELLS
    from sim.headless import Headless

    for variant in (None, "cards"):
        storage = MemoryStorage()
        name = saves.game_file("squeeze", None, variant)
        storage.write(name, json.dumps({"game": "squeeze", "players": None, "variant": variant, "seed": 1,
                                        "moves": []}) + "\nzz9\n")
        sim = Headless(storage)
        tile = grid.name(TILE_CELLS[catalog.tile_of("squeeze", None, variant)][0])
        sim.run("press " + tile)
        sim.run("press " + tile)
        assert sim.board.app.screen.state.history == [] and "replays only to move 0 of 1" in sim.board.app.notice[0]
        helpers = type(sim.board.app.screen).helpers
        assert helpers and not [m for m in helpers if m in sys.modules], variant
