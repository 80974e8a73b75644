# host_tools.build (mpy-cross into build/) and host_tools.upy_tests (real MicroPython,
# wasm, via node) on small throwaway firmware trees: what fails and how it is reported.
import os
import shutil
import subprocess
import sys

import pytest

from host_tools import build, upy_tests

HAVE_NODE = shutil.which("node") is not None and os.path.exists(
    os.path.join(build.ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript"))
needs_node = pytest.mark.skipif(not HAVE_NODE, reason="node and `npm ci` needed")


def write_tree(root, files):
    for rel, text in files.items():
        path = os.path.join(str(root), rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def make_firmware(tmp_path, files):
    src = tmp_path / "firmware"
    write_tree(src, files)
    return str(src), str(tmp_path / "build")


def test_modules_become_mpy_and_main_stays_source(tmp_path):
    src, out = make_firmware(tmp_path, {
        "main.py": "import lib.util\n",
        "lib/__init__.py": "",
        "lib/util.py": "X = 1\n",
        "data.txt": "kept as is\n",
    })
    built = build.build(src, out, log=lambda _: None)
    assert sorted(built) == ["data.txt", "lib/__init__.mpy", "lib/util.mpy", "main.py"]
    with open(os.path.join(out, "lib", "util.mpy"), "rb") as f:
        header = f.read(4)
    assert header[0:1] == b"M" and header[1] == 6  # .mpy version 6: MicroPython 1.27
    # no native code: no arch in the header, so the wasm port loads the Pico's very files
    assert header[2] >> 2 == 0 and header[3] == 31  # 31-bit small ints
    with open(os.path.join(out, "main.py")) as f:
        assert f.read() == "import lib.util\n"


def test_a_module_names_itself_by_its_dotted_name_not_its_path(tmp_path):
    # (MicroPython interns the embedded name, never freed: the dotted one is the
    # module's __name__, interned anyway, where the path would be a name more)
    src, out = make_firmware(tmp_path, {"lib/__init__.py": "", "lib/util.py": "X = 1\n"})
    build.build(src, out, log=lambda _: None)
    with open(os.path.join(out, "lib", "util.mpy"), "rb") as f:
        util = f.read()
    with open(os.path.join(out, "lib", "__init__.mpy"), "rb") as f:
        package = f.read()
    assert b"lib.util" in util and b"lib/util" not in util
    assert b"lib" in package and b"__init__" not in package


def test_stale_files_are_removed(tmp_path):
    src, out = make_firmware(tmp_path, {"a.py": "A = 1\n"})
    os.makedirs(out)
    with open(os.path.join(out, "gone.mpy"), "wb") as f:
        f.write(b"old")
    build.build(src, out, log=lambda _: None)
    assert os.listdir(out) == ["a.mpy"]


@pytest.mark.parametrize("rel,text", [
    ("games/bad.py", "def f(:\n    pass\n"),  # a syntax error
    ("games/match.py", "def f(x):\n    match x:\n        case 1:\n            return 1\n"),  # CPython-only
    ("main.py", "while True\n    pass\n"),  # main.py stays source but is checked too
])
def test_a_file_mpy_cross_rejects_fails_the_build_naming_it(tmp_path, rel, text, capsys):
    src, out = make_firmware(tmp_path, {"ok.py": "OK = 1\n", rel: text})
    with pytest.raises(build.BuildError) as error:
        build.build(src, out, log=lambda _: None)
    assert rel in str(error.value) and "SyntaxError" in str(error.value)
    assert build.main(["--src", src, "--out", out]) == 1
    err = capsys.readouterr().err
    assert "build FAILED" in err and rel in err and "Traceback" not in err.split("\n")[0]


def test_the_real_firmware_builds(tmp_path):
    out = str(tmp_path / "build")
    built = build.build(build.FIRMWARE, out, log=lambda _: None)
    assert "games/base.mpy" in built and "compat.mpy" in built
    assert not [b for b in built if b.endswith(".py") and b not in build.SOURCE_FILES]


def test_firmware_modules_and_main_imports(tmp_path):
    src, out = make_firmware(tmp_path, {
        "main.py": "import machine\nfrom app import grid\n\ndef main():\n    from app.app import App\n",
        "app/__init__.py": "", "app/grid.py": "", "compat.py": "",
    })
    build.build(src, out, log=lambda _: None)
    assert upy_tests.firmware_modules(out) == {
        "app": "app/__init__.mpy", "app.grid": "app/grid.mpy", "compat": "compat.mpy"}
    assert upy_tests.main_imports(os.path.join(out, "main.py")) == ["app", "app.app", "machine"]


def run_upy(tmp_path, firmware, tests=None):
    src, out = make_firmware(tmp_path, firmware)
    build.build(src, out, log=lambda _: None)
    tests_dir = tmp_path / "tests"
    write_tree(tests_dir, tests or {})
    lines = []
    results = upy_tests.run_all(out=lines.append, build_dir=out, tests_dir=str(tests_dir),
                                scenarios_dir=str(tmp_path / "no-scenarios"))
    return results, lines


@needs_node
@pytest.mark.parametrize("rel,text,why", [
    ("games/t.py", "import typing\n", "'typing'"),
    ("games/t.py", "import abc\n", "'abc'"),  # the wasm port has abc; the Pico does not
    ("app/t.py", "def later():\n    import dataclasses\nlater()\n", "'dataclasses'"),
    ("app/t.py", "from collections import defaultdict\n", "'defaultdict'"),
    ("app/t.py", "from os import path\n", "'path'"),
    ("app/t.py", "import sim.drivers\n", "'sim.drivers'"),
])
def test_an_import_the_pico_lacks_fails_naming_the_file(tmp_path, rel, text, why):
    results, lines = run_upy(tmp_path, {"games/__init__.py": "", "app/__init__.py": "", rel: text,
                                        "games/fine.py": "import gc, time, array\nfrom micropython import const\n"})
    assert results.failed == 1, lines
    failure = [line for line in lines if line.startswith("FAIL")][0]
    assert rel[:-3] + ".mpy" in failure and why in failure
    assert lines[-1] == "%d passed, 1 failed" % results.passed


@needs_node
def test_firmware_tests_run_under_micropython_and_failures_count(tmp_path):
    firmware = {"calc.py": "def double(x):\n    return 2 * x\n"}
    tests = {"test_calc.py": (
        "import sys\nfrom calc import double\n\n"
        "def test_double():\n    assert double(2) == 4\n\n"
        "def test_on_micropython():\n    assert sys.implementation.name == 'micropython'\n\n"
        "def test_broken():\n    assert double(2) == 5, 'two doubled'\n"),
        "test_bad_import.py": "import pytest\n"}
    results, lines = run_upy(tmp_path, firmware, tests)
    text = "\n".join(lines)
    assert "PASS test_calc::test_double" in text and "PASS test_calc::test_on_micropython" in text
    assert "FAIL test_calc::test_broken (AssertionError: two doubled)" in text
    assert "FAIL test_bad_import" in text
    assert (results.passed, results.failed) == (3, 2)
    assert lines[-1] == "3 passed, 2 failed"


def test_scenarios_compare_move_by_move():
    source = ["press c3", "#expect \"screen\": \"game\"", "frame"]
    lines, origin = upy_tests.expand(source)
    assert lines == ["state", "frame", "press c3", "state", "frame", "#expect \"screen\": \"game\"", "frame"]
    assert origin == [0, 0, 1, 1, 1, 2, 3]
    same = [(3, '{"a": 1, "b": 2}'), (4, "00 01")]
    assert upy_tests.compare(source, origin, same, [(3, '{"b": 2, "a": 1}'), (4, "00 01")]) is None
    problem = upy_tests.compare(source, origin, same, [(3, '{"a": 1, "b": 2}'), (4, "00 02")])
    assert "line 1 `press c3`" in problem and "00 01" in problem and "00 02" in problem
    assert "<nothing>" in upy_tests.compare(source, origin, same[:1], same)
    assert upy_tests.check_scenario(source, origin, [(3, '{"screen": "menu"}')]) == [
        'line 2: expected "screen": "game" in the state {"screen": "menu"}']
    assert upy_tests.check_scenario(source, origin, [(3, '{"screen": "game"}')]) == []


def test_build_cli_exit_status(tmp_path):
    # a rejected file: exit 1 and a message naming it (so `make build` and `make test` fail)
    src, out = make_firmware(tmp_path, {"bad.py": "def f(:\n"})
    proc = subprocess.run([sys.executable, "-c", "import sys; from host_tools import build; "
                           "sys.exit(build.main(['--src', %r, '--out', %r]))" % (src, out)],
                          cwd=build.ROOT, capture_output=True, text=True)
    assert proc.returncode == 1 and "bad.py" in proc.stderr


def test_an_out_the_build_cannot_take_is_a_clear_failure_not_a_quiet_success(tmp_path, capsys):
    from host_tools import build_circuitpython

    src, _ = make_firmware(tmp_path, {"ok.py": "x = 1\n"})
    (tmp_path / "afile").write_text("")
    for out in (str(tmp_path / "afile" / "build"), "afile", "."):  # under a file; a file; where we are
        cwd = os.getcwd()
        os.chdir(str(tmp_path))
        try:
            assert build.main(["--src", src, "--out", out]) == 1
            assert build_circuitpython.main(["--out", out]) == 1
        finally:
            os.chdir(cwd)
        err = capsys.readouterr().err
        assert err.count("FAILED") == 2 and any(w in err for w in ("cannot build beside", "could not put the build",
                                                                    "is a file, not a build directory"))
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["afile", "firmware"]


def test_the_boot_pack_holds_each_module_of_the_boots_folders_as_the_board_reads_it(tmp_path):
    # firmware/pack.py's own reading of the pack the build wrote: every module of the
    # folders the boot imports from, byte for byte; nothing of another folder
    import pack

    out = str(tmp_path / "build")
    built = build.build(build.FIRMWARE, out, log=lambda _: None)
    assert build.PACK in built and pack.PACK == build.PACK
    want = sorted(rel for rel in built if rel.endswith(".mpy") and (rel.split("/")[0] in build.PACKED and rel.count("/") == 1
                  or rel == "games/__init__.mpy"  # (the games' package and a game's scores: the power-up's check)
                  or rel.startswith("games/") and rel.endswith("/scores.mpy")))
    assert "app/app.mpy" in want and "ports/rp2.mpy" in want and "drivers/keys.mpy" in want
    assert "games/foursquare/scores.mpy" in want and "games/pistes/scores.mpy" in want
    with open(os.path.join(out, build.PACK), "rb") as f:
        folders = pack.index(f)
        assert sorted(folders) == ["app", "drivers", "games", "ports"]  # (one mount a folder of the flash's root)
        held = sorted(folder + name for folder, files in folders.items() for name, at in files.items() if at is not pack._DIR)
        assert held == want
        for folder, files in folders.items():
            fs = pack.Folder(f, files)
            assert fs.stat("/")[0] & 0x4000
            for name, at in files.items():
                if at is pack._DIR:
                    continue
                with open(os.path.join(out, folder + name), "rb") as module:
                    data = module.read()
                assert fs.stat(name)[6] == at[1] == len(data)
                assert fs.open(name, "rb").read() == data, folder + name
            for missing in ("/app.py", "/nothing.mpy", "/__init__.py", "/foursquare/__init__.mpy", "/squeeze"):
                with pytest.raises(OSError):
                    fs.stat(missing)
            with pytest.raises(OSError):
                fs.open(next(name for name, at in files.items() if at is not pack._DIR), "wb")
        games = pack.Folder(f, folders["games"])
        for game in ("/foursquare", "/pistes"):  # (a game's folder, within the games' mount)
            assert games.stat(game)[0] & 0x4000
            with pytest.raises(OSError):
                games.open(game)
        with pytest.raises(OSError):
            pack.Folder(f, folders["app"]).stat("/__init__.mpy")


def test_a_build_without_the_boots_folders_has_no_pack(tmp_path):
    src, out = make_firmware(tmp_path, {"main.py": "import lib.util\n", "lib/util.py": "X = 1\n"})
    assert build.PACK not in build.build(src, out, log=lambda _: None)
    assert not os.path.exists(os.path.join(out, build.PACK))


def test_a_pack_cut_short_is_refused_by_the_board(tmp_path):
    import pack

    data = build.pack_bytes([("app/a.mpy", b"M\x06aa"), ("app/b.mpy", b"M\x06bbb")])
    path = tmp_path / "boot.pack"
    path.write_bytes(data)
    with open(str(path), "rb") as f:
        assert pack.index(f) == {"app": {"/": pack._DIR, "/a.mpy": (len(data) - 9, 4), "/b.mpy": (len(data) - 5, 5)}}
    path.write_bytes(data[:-1])
    with open(str(path), "rb") as f:
        with pytest.raises(ValueError):
            pack.index(f)


def test_a_folder_within_a_packed_folder_is_a_folder_of_its_mount(tmp_path):
    # games/GAME/scores.mpy: under the one mount of games/ (MicroPython mounts none within
    # another but "/"), its folder a folder there, and nothing else of it
    import pack

    data = build.pack_bytes([("games/__init__.mpy", b"M\x06i"), ("games/g/scores.mpy", b"M\x06ss")])
    path = tmp_path / "boot.pack"
    path.write_bytes(data)
    with open(str(path), "rb") as f:
        folders = pack.index(f)
        assert folders == {"games": {"/": pack._DIR, "/__init__.mpy": (len(data) - 7, 3), "/g": pack._DIR,
                                     "/g/scores.mpy": (len(data) - 4, 4)}}
        games = pack.Folder(f, folders["games"])
        assert games.stat("/g")[0] & 0x4000 and games.stat("/g/scores.mpy")[6] == 4
        assert games.open("/g/scores.mpy", "rb").read() == b"M\x06ss"
        for missing in ("/g/scores.py", "/g/__init__.mpy", "/h", "/g/rules.mpy"):
            with pytest.raises(OSError):
                games.stat(missing)


class FakeVfs:
    """MicroPython's vfs as pack.mount uses it: mount points, a mount that may fail."""

    def __init__(self, fail_at=None):
        self.points = []
        self.fail_at = fail_at

    def mount(self, fs, point):
        if point == self.fail_at or point in self.points:
            raise OSError(1)
        self.points.append(point)

    def umount(self, point):
        if point not in self.points:
            raise OSError(22)
        self.points.remove(point)


def mount_pack(tmp_path, monkeypatch, vfs):
    import pack

    data = build.pack_bytes([("app/a.mpy", b"M\x06aa"), ("drivers/b.mpy", b"M\x06bb"), ("ports/c.mpy", b"M\x06cc")])
    (tmp_path / pack.PACK).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "vfs", vfs)
    mounted = []
    pack.mount(mounted)
    return mounted


def test_the_boot_pack_mounts_its_folders_and_its_unmount_frees_them_once(tmp_path, monkeypatch):
    vfs = FakeVfs()
    mounted = mount_pack(tmp_path, monkeypatch, vfs)
    assert sorted(vfs.points) == ["/app", "/drivers", "/ports"] and len(mounted) == 1
    unmount = mounted[0]
    unmount()
    assert vfs.points == [] and mounted == []  # (the caller holds nothing of the pack after)
    unmount()  # again: nothing
    assert vfs.points == []


def test_a_pack_whose_mount_fails_leaves_nothing_mounted(tmp_path, monkeypatch):
    vfs = FakeVfs(fail_at="/drivers")
    mounted = mount_pack(tmp_path, monkeypatch, vfs)
    assert vfs.points == [] and mounted == []  # the boot then imports from the folders


def test_an_unmount_cut_short_is_finished_by_the_next_call(tmp_path, monkeypatch):
    # a Ctrl-C in the unmount (a deploy's, as the first frame shows): what is left
    # mounted stays listed, and main's `finally` unmounts it
    vfs = FakeVfs()
    mounted = mount_pack(tmp_path, monkeypatch, vfs)
    umount = vfs.umount
    calls = []

    def cut(point):
        calls.append(point)
        umount(point)
        if len(calls) == 1:
            raise KeyboardInterrupt

    vfs.umount = cut
    with pytest.raises(KeyboardInterrupt):
        mounted[0]()
    assert len(vfs.points) == 2 and len(mounted) == 1
    mounted[0]()
    assert vfs.points == [] and mounted == []
