# File storage: text in and out, atomic replacement, missing and bad files, bad names.
# Runs in a fresh temporary directory (tempfile on CPython, a scratch path elsewhere).
import os

from drivers.storage import FileStorage

_count = [0]


def fresh_root():
    _count[0] += 1
    try:
        import tempfile

        base = tempfile.mkdtemp()
    except ImportError:  # MicroPython: no tempfile
        base = "/tmp_storage_test"
        try:
            os.mkdir(base)
        except OSError:
            pass
    return base + "/run%d/data" % _count[0]  # two levels that do not exist yet


def patched(owner, name, value, run):
    """run() with owner.name set to value, put back after; False (nothing checked) where
    this interpreter cannot patch it."""
    real = getattr(owner, name, None)
    try:
        setattr(owner, name, value)
    except (AttributeError, TypeError):
        return False
    try:
        run()
    finally:
        if real is None:
            delattr(owner, name)
        else:
            setattr(owner, name, real)
    return True


def listing(root):
    try:
        return sorted(os.listdir(root))
    except OSError:
        return []


def test_missing_file_reads_none():
    st = FileStorage(fresh_root())
    assert st.read("settings.json") is None  # not even the directory exists


def test_write_then_read_round_trip_creates_root():
    root = fresh_root()
    st = FileStorage(root)
    text = '{"brightness": 40, "name": "caf\u00e9 \u2603"}\nsecond line'
    st.write("settings.json", text)
    assert st.read("settings.json") == text
    assert FileStorage(root + "/").read("settings.json") == text  # a trailing slash is fine
    assert listing(root) == ["settings.json"]  # no temporary file left behind


def test_overwrite_replaces_whole_file():
    st = FileStorage(fresh_root())
    st.write("game.json", "x" * 500)
    st.write("game.json", "short")
    assert st.read("game.json") == "short"
    st.write("game.json", "")
    assert st.read("game.json") == ""


def test_stale_temporary_file_is_harmless():
    root = fresh_root()
    st = FileStorage(root)
    st.write("game.json", "old")
    with open(root + "/game.json.tmp", "w") as f:  # a write cut short by a power loss
        f.write("half of a ne")
    assert st.read("game.json") == "old"
    st.write("game.json", "new")
    assert st.read("game.json") == "new"
    assert listing(root) == ["game.json"]


def test_remove_existing_and_missing():
    st = FileStorage(fresh_root())
    st.remove("nothing.json")  # no directory, no file: fine
    st.write("a.json", "1")
    st.write("b.json", "2")
    st.remove("a.json")
    assert st.read("a.json") is None
    assert st.read("b.json") == "2"
    st.remove("a.json")


def test_unreadable_file_reads_none_or_is_damage():
    root = fresh_root()
    st = FileStorage(root)
    st.write("ok.json", "1")
    os.mkdir(root + "/dir.json")  # a name that is not a readable file
    assert st.read("dir.json") is None
    with open(root + "/bad.json", "wb") as f:
        f.write(b"\xff\xfe\x80 not utf-8")
    try:
        got = st.read("bad.json")
    except UnicodeError:  # bytes that are no text: damage to the board's readers (app/saves.py)
        return
    assert isinstance(got, str)  # (MicroPython may hand them over: no JSON reads them)


def test_bad_names_are_refused():
    st = FileStorage(fresh_root())
    for bad in ("", "..", ".", "a/b", "../escape", "x\\y", None, 7):
        for call in (lambda: st.read(bad), lambda: st.write(bad, "t"), lambda: st.remove(bad)):
            try:
                call()
            except ValueError:
                continue
            assert False, "name %r must raise ValueError" % (bad,)


def test_non_text_is_refused_and_keeps_the_old_file():
    st = FileStorage(fresh_root())
    st.write("s.json", "keep")
    for bad in (b"bytes", None, 12, ["x"]):
        try:
            st.write("s.json", bad)
        except TypeError:
            continue
        assert False, "writing %r must raise TypeError" % (bad,)
    assert st.read("s.json") == "keep"


def test_rename_over_existing_falls_back():
    # FAT refuses to rename onto an existing file: the old one steps aside (.bak) first
    real = os.rename
    calls = []

    def fat_rename(src, dst):
        calls.append(dst)
        try:
            os.stat(dst)
        except OSError:
            return real(src, dst)
        raise OSError(17)  # EEXIST

    st = FileStorage(fresh_root())

    def both():
        st.write("g.json", "one")
        st.write("g.json", "two")

    if not patched(os, "rename", fat_rename, both):
        return  # this interpreter's os cannot be patched: nothing to check here
    assert st.read("g.json") == "two"
    # first write, refused overwrite, the old file to .bak, the retry
    assert len(calls) == 4 and calls[2].endswith("g.json.bak")
    names = os.listdir(st.root)
    assert "g.json.bak" not in names and "g.json.tmp" not in names, names


def test_a_cut_between_the_renames_reads_the_old_file():
    # FAT: the power went after the old file stepped aside, before the new one came
    st = FileStorage(fresh_root())
    st.write("g.json", "old")
    os.rename(st.root + "/g.json", st.root + "/g.json.bak")
    assert st.read("g.json") == "old"
    st.write("g.json", "new")  # the next write puts things right
    assert st.read("g.json") == "new"
    st.remove("g.json")
    assert st.read("g.json") is None


def test_append_adds_to_the_end_of_a_written_file_only():
    root = fresh_root()
    st = FileStorage(root)
    try:
        st.append("game.json", "4\n")  # no file yet: refused, not a file of this line alone
        assert False, "appended to a missing file"
    except OSError:
        pass
    assert st.read("game.json") is None
    st.write("game.json", "{}\n")
    st.append("game.json", "4\n")
    st.append("game.json", "3\n")
    assert st.read("game.json") == "{}\n4\n3\n"
    st.write("game.json", "{}\n")  # a whole write replaces what was appended
    assert st.read("game.json") == "{}\n"
    assert listing(root) == ["game.json"]


def test_names_are_the_boards_files_only():
    root = fresh_root()
    st = FileStorage(root)
    assert st.names() == []  # no folder yet
    st.write("b.json", "2")
    st.write("a.json", "1")
    for name in ("c.json.tmp", "d.json.bak", "notes.txt"):  # a cut write, a FAT cut's old file, another's
        with open(root + "/" + name, "w") as f:
            f.write("x")
    os.mkdir(root + "/aside")
    assert st.names() == ["a.json", "b.json", "d.json"]


def test_set_aside_keeps_the_bytes_whole_and_never_over_another():
    root = fresh_root()
    st = FileStorage(root)
    st.write("game_x.json", "")
    data = bytes(range(256))  # no text: a torn flash's bytes
    kept = []
    for _ in range(3):
        with open(root + "/game_x.json", "wb") as f:
            f.write(data)
        kept.append(st.set_aside("game_x.json"))
    assert len(set(kept)) == 3, kept
    for where in kept:
        assert where.startswith("aside/") and where.endswith("-game_x.json"), where
        with open(root + "/" + where, "rb") as f:
            assert f.read() == data
    assert st.names() == [] and st.read("game_x.json") is None
    assert st.set_aside("game_x.json") == ""  # none left


def test_a_write_the_flash_refuses_leaves_the_old_file_and_no_tmp():
    from drivers import storage as driver

    root = fresh_root()
    st = FileStorage(root)
    st.write("g.json", "old")
    real = open

    class Full:  # a flash with room for 3 bytes
        def __init__(self, path, mode="r"):
            self.f = real(path, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()
            return False

        def write(self, text):
            self.f.write(text[:3])
            raise OSError(28)  # ENOSPC

    refused = []

    def refused_write():
        try:
            st.write("g.json", "the new text")
        except OSError:
            refused.append(True)

    if not patched(driver, "open", Full, refused_write):
        return  # this interpreter's modules cannot be patched: nothing to check here
    assert refused, "a refused write must raise OSError"
    assert st.read("g.json") == "old" and listing(root) == ["g.json"]
    st.write("g.json", "new")  # the next write tries again
    assert st.read("g.json") == "new"
