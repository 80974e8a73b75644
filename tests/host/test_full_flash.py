# Issue #51, 2: a full flash is said, and costs nothing already saved. The real storage
# driver (FileStorage) on a fake flash (host_tools.powercut.Flash) whose space runs out
# at every byte of a save: a new game's first save, a resumed game's first save (both
# whole files, through a .tmp and a rename), a move appended, an undo (whole again).
# After each refused write: the game goes on in memory, the board shows it (the state's
# `unsaved` and notice, the MENU corner's double red blink), the last good save reads
# back whole, no .tmp is left; and the next write, with room again, saves it all.
import pytest

from app import saves, saves_read
from drivers.storage import FileStorage
from host_tools.powercut import DATA, Flash, installed
from sim.headless import Headless
from tests.host.test_sim_connect4 import unsaved_sign

NAME = saves.game_file("connect4", None)
PATH = DATA + "/" + NAME


def moves_saved():
    loaded = saves_read.load_game(FileStorage(DATA), "connect4", None)
    return None if loaded is None else loaded[1]


def used(flash):
    return sum(len(t) for t in flash.files.values())


def press(sim, *keys):
    for key in keys:
        sim.run("press " + key)


def full_at_every_byte(flash, before, last, expected, appended=False):
    """Presses `before` with room, then `last` (whose save the flash refuses), with the
    flash's free space at every byte from none to what that save needs (a dry run
    measures it: the new file, or the line `appended`). Returns (the spaces tried, the
    bytes of that save)."""
    start = flash.snapshot()
    sim = Headless(FileStorage(DATA))
    press(sim, *before)
    old = flash.files.get(PATH)
    press(sim, *last)
    new = flash.files[PATH]
    written = len(new) - len(old) if appended else len(new)
    tried = 0
    for room in range(written + 1):
        flash.restore(start)
        flash.size = None
        sim = Headless(FileStorage(DATA))
        press(sim, *before)
        kept = moves_saved()
        flash.size = used(flash) + room
        press(sim, *last)
        s = sim.state()
        where = (last, room, written)
        if room < written:  # refused
            assert s.get("unsaved") == "the game could not be saved (is the flash full?)", where
            assert "could not be saved" in s["notice"] and s["moves"] == expected, where  # play goes on
            assert moves_saved() == kept, where  # the last good save, whole
            assert not [p for p in flash.files if p.endswith(".tmp")], where
            if room == written // 2:  # (one sample of the sign: it takes a second of frames)
                assert unsaved_sign(sim) == [True, False, True, False], where
            flash.size = None  # room again: the next write tries again, and keeps it all
            press(sim, "d1")
            s = sim.state()
            assert "unsaved" not in s and moves_saved() == expected + ["2"], where
        else:
            assert "unsaved" not in s and moves_saved() == expected, where
        tried += 1
    flash.restore(start)
    flash.size = None
    return tried, written


@pytest.mark.parametrize("fat", (False, True))
def test_a_full_flash_at_every_byte_of_a_save_is_said_and_costs_nothing_saved(fat):
    flash = Flash(fat=fat)
    with installed(flash):
        # a new game: its first save, the whole file (its setup's line)
        tried, written = full_at_every_byte(flash, (), ("c3", "c3"), [])
        assert written > 60 and tried == written + 1
        sim = Headless(FileStorage(DATA))
        press(sim, "c3", "c3", "f1", "f1")
        assert moves_saved() == ["4", "4"]
        # resumed, its first move writes the file whole again
        tried, written = full_at_every_byte(flash, ("c3", "c3"), ("f1",), ["4", "4", "4"])
        assert written > 60 and tried == written + 1
        # a move appended to the file the resumed game wrote: its line, "3\n"
        assert full_at_every_byte(flash, ("c3", "c3", "f1"), ("e1",), ["4", "4", "4", "3"], True) == (3, 2)
        # an undo: the whole file again, a line shorter
        tried, written = full_at_every_byte(flash, ("c3", "c3", "f1", "e1"), ("l1",), ["4", "4", "4"])
        assert written > 60 and tried == written + 1


def test_the_settings_on_a_full_flash_are_said_and_kept_in_memory():
    flash = Flash(size=0)
    flash.dirs.add(DATA)
    with installed(flash):
        sim = Headless(FileStorage(DATA))
        sim.run("press k12")  # full brightness: the setting cannot be written
        s = sim.state()
        assert s["brightness"] == 100 and s["unsaved"] == "the settings could not be saved (is the flash full?)"
        assert flash.files == {}  # not even an empty .tmp
        flash.size = None
        sim.run("press j12")
        assert "unsaved" not in sim.state() and '"brightness": 90' in flash.files[DATA + "/" + saves.SETTINGS_FILE]


def test_the_unsaved_sign_in_french():
    flash = Flash(size=0)
    with installed(flash):
        sim = Headless(FileStorage(DATA), lang="fr")
        sim.run("press c3")
        sim.run("press c3")
        s = sim.state()
        assert s["unsaved"] == "la partie n'a pas pu être enregistrée (la mémoire flash est-elle pleine ?)"
