# host_tools.powercut: the power cut at every step of every write, on every tile, loses
# no game; and the check does catch a storage driver that would lose one.
import json
import os

from drivers import storage as storage_driver
from drivers.storage import FileStorage
from host_tools import powercut


def test_no_game_lost_at_any_cut_of_the_first_moves_of_every_tile():
    lines = []
    tried, lost = powercut.run(seed=3, max_moves=3, out=lines.append)
    assert tried > 100
    assert lost == 0, lines


def test_the_fake_flash_cuts_mid_file_and_between_write_and_rename():
    flash = powercut.Flash()
    text = "x" * (powercut.BLOCK * 2 + 5)  # three blocks
    with powercut.installed(flash):
        st = FileStorage("/data")
        st.write("a.json", "old")
        steps = []
        for k in range(20):
            flash.restore(({"/data/a.json": "old"}, {"/", "/data"}))
            flash.steps, flash.cut_at = 0, k
            try:
                st.write("a.json", text)
            except powercut.PowerCut:
                steps.append((dict(flash.files), st.read("a.json")))
                continue
            break
        flash.cut_at = None
    # open, three blocks, close, rename: a cut before each
    assert len(steps) == 6
    tmp = [files.get("/data/a.json.tmp") for files, _ in steps]
    assert tmp == [None, "", "x" * powercut.BLOCK, "x" * powercut.BLOCK * 2, text, text]
    assert all(read == "old" for _, read in steps)  # the old file until the rename


def test_a_driver_that_loses_the_file_is_caught(monkeypatch):
    def remove_then_rename(self, name, text):  # the FAT fallback before the .bak
        path = self._path(name)
        with storage_driver.open(path + ".tmp", "w") as f:
            f.write(text)
        try:
            storage_driver.os.rename(path + ".tmp", path)
        except OSError:
            self._unlink(path)
            storage_driver.os.rename(path + ".tmp", path)

    monkeypatch.setattr(FileStorage, "write", remove_then_rename)
    lines = []
    flash = powercut.Flash(fat=True)
    flash.dirs.add("/data")
    storage = powercut.CuttingStorage(flash, lines.append)
    with powercut.installed(flash):
        powercut.session(storage, seed=1, max_moves=2)
    assert storage.lost > 0
    assert "reads back as neither the old save nor the new" in lines[0]


def test_the_patch_is_undone():
    with powercut.installed(powercut.Flash()):
        assert storage_driver.os is not os
    assert storage_driver.os is os and not hasattr(storage_driver, "open")


def test_bench_lines():
    assert powercut.main(["--moves", "1"]) == 0


def test_an_append_cut_at_each_step_leaves_the_old_game_or_the_new():
    # a move's line appended to a game's file: a cut leaves it whole, absent, or torn
    # (no newline yet), and a torn line reads back as the game one move back
    from app import saves, saves_read
    from sim.drivers import MemoryStorage

    setup = {"game": "connect4", "players": None, "variant": None, "seed": None, "swap": False}
    name = saves.game_file("connect4", None)
    old = json.dumps(dict(setup, moves=[])) + "\n4\n"
    line = "x" * (powercut.BLOCK + 10) + "\n"  # two blocks: a cut can fall between them
    flash = powercut.Flash()
    read = []
    with powercut.installed(flash):
        st = FileStorage("/data")
        st.write(name, old)
        before = flash.snapshot()
        for k in range(10):
            flash.restore(before)
            flash.steps, flash.cut_at = 0, k
            try:
                st.append(name, line)
            except powercut.PowerCut:
                read.append(st.read(name))
                continue
            break
        flash.cut_at = None
    # open, two blocks, close: a cut before each
    assert read == [old, old, old + line[:powercut.BLOCK], old + line]
    for text in read:
        storage = MemoryStorage()
        storage.write(name, text)
        moves = saves_read.load_game(storage, "connect4", None)[1]
        assert moves == (["4", line[:-1]] if text.endswith("\n" + line) else ["4"])


def test_the_session_appends_and_its_cuts_lose_nothing():
    flash = powercut.Flash()
    lines = []
    storage = powercut.CuttingStorage(flash, lines.append)
    appends = []
    real = storage.append
    storage.append = lambda name, text: (appends.append(name), real(name, text))
    with powercut.installed(flash):
        powercut.session(storage, seed=2, max_moves=6)
    assert len(appends) > 20 and storage.lost == 0, lines
