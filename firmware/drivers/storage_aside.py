# FileStorage's names() and set_aside() (drivers/storage.py), and where a file set aside
# goes on every storage of files (aside_name: the simulator's MemoryStorage too): what
# the power-up's check of the stored files needs (app/aside.py), loaded then and freed
# (RAM on a Pico). `os` is the storage module's (the power cuts' tests swap it).
import time

from compat import ticks_ms

ASIDE = "aside"  # the folder (under the storage's root) of what was set aside
_DATED = 2025  # a clock that says an earlier year has not been set: no date


def aside_name(name, taken):
    """Where `name` is set aside: ASIDE/WHEN-N-NAME, WHEN the date and time where the
    runtime knows them (20261206-102500), else the ms since the boot (t1234: a Pico
    has no clock of the date), N the first count that `taken(path)` says is free
    (two boots of a Pico reach their checks at much the same tick)."""
    try:
        t = time.localtime()
    except Exception:  # (a runtime without one)
        t = (0,)
    when = "%04d%02d%02d-%02d%02d%02d" % tuple(t[:6]) if t[0] >= _DATED else "t%d" % ticks_ms()
    n = 1
    while taken("%s/%s-%d-%s" % (ASIDE, when, n, name)):
        n += 1
    return "%s/%s-%d-%s" % (ASIDE, when, n, name)


def names(storage, os):
    """The board's files kept in `storage` (its .json files; one whose write a FAT cut
    left as NAME.bak by its name), sorted."""
    try:
        found = os.listdir(storage.root)
    except OSError:  # no folder yet: no file
        return []
    out = set()
    for entry in found:
        if entry.endswith(".json.bak"):
            entry = entry[:-4]
        if entry.endswith(".json"):
            out.add(entry)
    return sorted(out)


def set_aside(storage, name, os):
    """Moves the file `name` (its bytes unchanged: a rename) to ASIDE/WHEN-N-NAME
    (aside_name) and returns that path, under the root; "" when it cannot be moved
    (there is none, or the flash refuses: it stays where it is)."""
    path = storage._path(name)
    root = storage.root.rstrip("/") + "/"

    def taken(relative):
        try:
            os.stat(root + relative)
            return True
        except OSError:
            return False

    for candidate in (path, path + ".bak"):
        if not taken(candidate[len(root):]):
            continue
        try:
            if not taken(ASIDE):
                os.mkdir(root + ASIDE)
            kept = aside_name(name, taken)
            os.rename(candidate, root + kept)
        except OSError:
            return ""
        storage._unlink(path + ".tmp")  # (a write cut short beside it)
        return kept
    return ""
