# Issue #51, 1: a save or settings file the board cannot read back as its own is set
# aside whole (its bytes unchanged, under aside/WHEN-N-NAME), the board says so (the
# notice: the state's words, the tile's key blinking orange), and nothing writes over
# it: at power-up and when a tile is opened, on every tile, for a file truncated, of
# random bytes, empty or too long, in memory (the simulators) and on a real folder
# (FileStorage: the Pico's driver, the simulator's --saves).
import json
import os
import random

import pytest

from app import catalog, grid, saves
from app.tiles import TILE_CELLS
from drivers.storage import FileStorage
from drivers.storage_aside import ASIDE
from sim.drivers import MemoryStorage
from sim.headless import Headless

DAMAGES = ("truncated", "random", "empty", "over-long")


def tile_key(index):
    return grid.name(TILE_CELLS[index][0])


def play_some(storage, index, moves=2):
    """A game of tile `index` with `moves` moves saved on `storage`, back in the menu;
    the save's text."""
    sim = Headless(storage)
    tile = tile_key(index)
    sim.run("press " + tile)
    sim.run("press " + tile)
    for _ in range(moves):
        s = sim.state()
        move = next(m for m in s["legal"] if s["keys"].get(m))
        sim.run("press " + s["keys"][move])
        sim.run("wait 3000")
    sim.run("hold a1 1000")
    return storage.read(saves.game_file(*catalog.TILES[index][:3]))


def damaged(text, damage, seed):
    """`text` damaged: bytes (what a torn flash holds)."""
    data = text.encode()
    if damage == "truncated":
        return data[:40]
    if damage == "random":
        return bytes(random.Random(seed).randrange(256) for _ in range(300))
    if damage == "empty":
        return b""
    return data + b"4\n" * (saves.MAX_FILE_BYTES // 2)  # a well-formed save, too long to be one


class Folder:
    """A FileStorage on a real folder, and its bytes as they are on the disk."""

    def __init__(self, root):
        self.root = root
        self.storage = FileStorage(root)

    def put(self, name, data):
        os.makedirs(self.root, exist_ok=True)
        with open(os.path.join(self.root, name), "wb") as f:
            f.write(data)

    def aside(self):
        """{name kept: its bytes} of what was set aside."""
        folder = os.path.join(self.root, ASIDE)
        if not os.path.isdir(folder):
            return {}
        out = {}
        for name in os.listdir(folder):
            with open(os.path.join(folder, name), "rb") as f:
                out[ASIDE + "/" + name] = f.read()
        return out


class Memory:
    """The simulators' MemoryStorage: a file's bytes as latin-1 text (any byte is one)."""

    def __init__(self):
        self.storage = MemoryStorage()

    def put(self, name, data):
        self.storage.write(name, data.decode("latin-1"))

    def aside(self):
        return dict((k, v.encode("latin-1")) for k, v in self.storage.files.items() if k.startswith(ASIDE + "/"))


def stores(tmp_path):
    return (("memory", Memory()), ("folder", Folder(str(tmp_path / "data"))))


def blinks_orange(sim, key):
    """Whether `key` blinks orange over the next second (the notice's blink: lit orange
    in some frames, not in others)."""
    seen = []
    cell = grid.parse(key)
    for _ in range(20):
        sim.run("wait 50")
        sim.leds()  # (a frame rendered now)
        seen.append(bytes(sim.board.app.frame.buf[cell * 3:cell * 3 + 3]) == bytes((0xFF, 0x50, 0x00)))
    return any(seen) and not all(seen)


@pytest.mark.parametrize("damage", DAMAGES)
def test_every_tiles_save_that_does_not_read_is_set_aside_whole_said_and_never_written_over(tmp_path, damage):
    tiles = catalog.TILES
    for kind, store in stores(tmp_path / damage):
        other = 3  # Cubes: a good save beside, kept as it is
        good = play_some(store.storage, other)
        for index in range(len(tiles)):
            if index == other:
                continue
            name = saves.game_file(*tiles[index][:3])
            text = play_some(store.storage, index)
            data = damaged(text, damage, index)
            store.put(name, data)
            before = store.aside()
            sim = Headless(store.storage)  # power-up
            s = sim.state()
            where = (kind, damage, index)
            what = "the saved game of " + catalog.tile_name(index)
            assert ("could not read %s: set aside as %s/" % (what, ASIDE)) in s["notice"], where
            assert s["tiles"][index]["resume"] is False and s["tiles"][other]["resume"] is True, where
            new = dict((k, v) for k, v in store.aside().items() if k not in before)
            assert list(new.values()) == [data], where  # the bytes, unchanged
            assert list(new)[0].endswith("-" + name) and list(new)[0] in s["notice"], where
            assert sim.board.app.aside[-1][2] == TILE_CELLS[index][0]  # the tile's key blinks
            assert blinks_orange(sim, tile_key(index)), where
            assert store.storage.read(name) is None and store.storage.read(saves.game_file(*tiles[other][:3])) == good
            tile = tile_key(index)  # a new game on its tile: written beside, never over it
            sim.run("press " + tile)
            sim.run("press " + tile)
            s = sim.state()
            sim.run("press " + s["keys"][next(m for m in s["legal"] if s["keys"].get(m))])
            sim.run("hold a1 1000")
            assert dict((k, v) for k, v in store.aside().items() if k in new) == new, where
            assert "notice" not in Headless(store.storage).state(), where  # nothing more to set aside
            store.storage.remove(name)


@pytest.mark.parametrize("damage", DAMAGES)
def test_settings_that_do_not_read_are_set_aside_whole_and_the_board_says_so(tmp_path, damage):
    for kind, store in stores(tmp_path / damage):
        text = json.dumps({"brightness": 50, "match": "alternate", "lang": "en"})
        data = damaged(text, damage, 7)
        store.put(saves.SETTINGS_FILE, data)
        sim = Headless(store.storage)
        s = sim.state()
        assert "could not read the settings: set aside as aside/" in s["notice"], (kind, damage)
        assert s["brightness"] == saves.DEFAULT_SETTINGS["brightness"]
        assert list(store.aside().values()) == [data] and blinks_orange(sim, "a1")
        sim.run("press k12")  # a setting chosen: written beside what was set aside
        assert list(store.aside().values()) == [data]
        assert json.loads(store.storage.read(saves.SETTINGS_FILE))["brightness"] == 100


def test_a_save_damaged_after_the_menu_read_it_is_set_aside_when_its_tile_is_opened():
    storage = MemoryStorage()
    play_some(storage, 0)
    sim = Headless(storage)
    assert sim.state()["tiles"][0]["resume"] is True and "notice" not in sim.state()
    name = saves.game_file("connect4", None)
    storage.write(name, "{torn")
    sim.run("press c3")  # the tile's setup screen reads its moves while it waits
    sim.run("wait 100")
    s = sim.state()
    assert "could not read the saved game of Connect Four" in s["notice"] and storage.read(name) is None
    assert [v for k, v in storage.files.items() if k.startswith("aside/")] == ["{torn"]
    sim.run("press c3")  # the tile then starts a new game
    assert sim.state()["screen"] == "game" and sim.state()["moves"] == []


def test_a_file_that_cannot_be_set_aside_is_kept_as_it_is_and_never_written_over():
    class Stuck(MemoryStorage):  # the flash refuses the move (full)
        def set_aside(self, name):
            return ""

    storage = Stuck()
    name = saves.game_file("connect4", None)
    storage.write(name, "{torn")
    try:
        sim = Headless(storage)
        assert "could not read the saved game of Connect Four, nor set it aside" in sim.state()["notice"]
        sim.run("press c3")
        sim.run("press c3")
        sim.run("press f1")
        assert storage.read(name) == "{torn"  # the new game is not saved over it ...
        assert "could not be saved" in sim.state()["unsaved"]  # ... and the board says it is unsaved
    finally:
        saves.KEPT.clear()


def test_a_foreign_file_and_a_leftover_are_handled_on_a_folder(tmp_path):
    store = Folder(str(tmp_path / "data"))
    store.put("hello.json", b"[1, 2]")  # of another program, under the board's folder
    store.put("game_connect4.json.tmp", b"half a wri")  # a write cut short: not a file of its own
    store.put("notes.txt", b"not the board's kind of file")  # (the board keeps only .json)
    s = Headless(store.storage).state()
    assert "could not read 'hello.json', not a file of the board: set aside as aside/" in s["notice"]
    assert list(store.aside().values()) == [b"[1, 2]"]
    assert sorted(os.listdir(store.root)) == [ASIDE, "game_connect4.json.tmp", "notes.txt"]


def test_the_notice_in_french():
    storage = MemoryStorage()
    storage.write(saves.game_file("connect4", None), "\x00\x01")
    s = Headless(storage, lang="fr").state()
    assert s["notice"].startswith("impossible de lire la partie enregistrée de Puissance 4 : mis de côté sous aside/")


def test_set_aside_names_never_meet():
    storage = MemoryStorage()
    kept = []
    for text in ("one", "two", "three"):
        storage.write("settings.json", text)
        kept.append(storage.set_aside("settings.json"))
    assert len(set(kept)) == 3 and sorted(storage.files[k] for k in kept) == ["one", "three", "two"]
    assert storage.set_aside("settings.json") == "" and storage.names() == []


def test_every_key_of_what_was_set_aside_blinks():
    storage = MemoryStorage()
    storage.write(saves.SETTINGS_FILE, "{torn")
    storage.write(saves.game_file("connect4", None), "{torn")
    storage.write(saves.game_file("cubes", None), "")
    sim = Headless(storage)
    notice = sim.state()["notice"]
    assert "the settings" in notice and "Connect Four" in notice and "Cubes 7x7" in notice
    assert blinks_orange(sim, "a1") and blinks_orange(sim, tile_key(0)) and blinks_orange(sim, tile_key(3))


def test_the_scores_checks_bounds_are_the_games():
    # a game's scores.py checks its file with no game loaded: its bounds by name
    from games.foursquare import rules as foursquare, scores as foursquare_scores
    from games.pistes import rules as pistes, scores as pistes_scores

    assert foursquare_scores.DECK == foursquare.DECK
    assert pistes_scores.BEST_MAX == 4 * pistes.END


def test_power_up_opens_only_the_saves_the_storage_lists(tmp_path):
    """At power-up the menu takes the check's listing of the files (app/aside.py): a
    tile with no file is not opened (a Pico's flash takes ~5 ms to find none), a tile
    with one, or only with its .bak (a FAT cut), is read as before."""
    storage = FileStorage(str(tmp_path / "data"))
    play_some(storage, 0)
    play_some(storage, 3)
    cubes = saves.game_file(*catalog.TILES[3][:3])
    os.rename(storage._path(cubes), storage._path(cubes) + ".bak")
    opened = []
    read = FileStorage.read
    storage.read = lambda name: opened.append(name) or read(storage, name)
    s = Headless(storage).state()
    tiles = [saves.game_file(*t[:3]) for t in catalog.TILES]
    assert [n for n in opened if n in tiles] == [tiles[0], cubes]
    assert [i for i, t in enumerate(s["tiles"]) if t["resume"]] == [0, 3]


def test_the_power_up_check_imports_the_games_package_once_and_frees_it(monkeypatch):
    # the scores files' checks (games/GAME/scores.py) import `games` once for all the
    # files (a Pico looks a package up on its flash, or in the boot's pack), and nothing
    # of the games stays loaded after the check (RAM on a Pico)
    import sys

    from app import aside

    for name in [n for n in sys.modules if n == "games" or n.startswith("games.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "app.aside", aside)  # (check frees it: the test's copy stays patched)
    storage = MemoryStorage()
    storage.write("stats_foursquare.json", '{"played": "x"')  # (damaged)
    storage.write("pistes_best.json", '{"best": 31}')
    storage.write("settings.json", "{}")
    packages = []
    board_file = aside.board_file

    def watched(storage, name):
        known = board_file(storage, name)
        packages.append((name, sys.modules.get("games")))
        return known

    monkeypatch.setattr(aside, "board_file", watched)

    class App:
        def __init__(self):
            self.storage, self.aside, self.notices = storage, [], []

        def show_notice(self, text, cell, add=False):
            self.notices.append(text)

    app = App()
    assert sorted(aside.check(app)) == ["pistes_best.json", "settings.json", "stats_foursquare.json"]
    games = [module for name, module in packages if name != "settings.json"]
    assert len(games) == 2 and games[0] is not None and games[0] is games[1]
    assert [n for n in sys.modules if n == "games" or n.startswith("games.")] == []
    assert [what for what, _, _ in app.aside] == ["Foursquare's scores"]
    assert sorted(storage.names()) == ["pistes_best.json", "settings.json"]
