# The virtual Pico's host side, without a firmware image: the flash it is given (a
# littlefs filesystem as MicroPython's rp2 port mounts it), the decoding of LED frames
# back into the simulator's levels, the bench's press timeline and figures, and a clear
# refusal when something it needs is missing. (With an image, `make test-vpico` runs the
# firmware itself on it.)
import os
import subprocess
import sys
import types

from host_tools import bench, build, deploy, upy_tests
from host_tools.vpico import bench as vbench
from host_tools.vpico import board, deploy_checks, tests


def test_flash_holds_the_files_where_micropython_mounts_its_filesystem(tmp_path):
    files = {"/main.py": b"print(1)\n", "/app/menu.mpy": b"M\x06\x00", "/data/game.json": b"{}"}
    path = str(tmp_path / "flash.bin")
    board.make_flash(path, files)
    data = (tmp_path / "flash.bin").read_bytes()
    assert len(data) == board.FLASH_SIZE
    assert set(data[:board.FS_OFFSET]) == {0xFF}  # the firmware's part is left erased
    assert deploy_checks.board_files(path) == dict((k.lstrip("/"), v) for k, v in files.items())


def test_build_files_name_every_file_with_slashes_and_leave_the_web_page_out(tmp_path):
    """Issue #51: after `make web` the bench copied build/web/ into the flash, and its
    littlefs was full: the flash gets what a deploy copies (one list, deploy's)."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "x.mpy").write_bytes(b"M\x06x")
    (tmp_path / "main.py").write_bytes(b"m")
    (tmp_path / "web" / "app").mkdir(parents=True)  # make web's page: 1.3 MB of it
    (tmp_path / "web" / "app" / "y.mpy").write_bytes(b"M\x05y")
    (tmp_path / "web" / "index.html").write_bytes(b"<html>" * 300000)
    assert board.build_files(str(tmp_path)) == {"/app/x.mpy": b"M\x06x", "/main.py": b"m"}
    assert board.build_files(str(tmp_path), prefix="", skip=("main.py",)) == {"app/x.mpy": b"M\x06x"}
    assert deploy.deployed_files(str(tmp_path)) == ["app/x.mpy", "main.py"]
    assert deploy.stale_sources(str(tmp_path)) == ["/app/x.py"] and deploy.mpy_version(str(tmp_path)) == 6
    board.make_flash(str(tmp_path / "flash.bin"), board.build_files(str(tmp_path)))  # fits


def test_led_frames_decode_to_the_simulators_levels():
    # what Pixels puts in the strip (wire order GRB, chain positions) comes back in
    # cell order RGB, through the pin map's chain layout, as the headless `frame` prints
    sys.path.insert(0, build.FIRMWARE)
    from drivers.pixels import Pixels
    from drivers.pixels_setup import from_pins

    class Strip:
        buf = bytearray(432)

        def write(self):
            pass

    px = Pixels(Strip(), from_pins(), brightness=100)
    frame = bytearray((i * 7 + 1) & 0xFF for i in range(432))
    px.show(frame)
    assert tests.chain_to_levels(bytes(Strip.buf)) == px.levels


def test_a_short_led_frame_changes_only_the_leds_it_reaches():
    # a WS2812 takes the first bytes that reach it and passes the rest on: the harness
    # shows each frame as the whole chain looks after it
    shown = bytearray()
    assert board.shown_after(shown, b"\x01\x02\x03\x04\x05\x06") == b"\x01\x02\x03\x04\x05\x06"
    assert board.shown_after(shown, b"\x09\x09\x09") == b"\x09\x09\x09\x04\x05\x06"


def test_press_timeline_spaces_a_scripts_presses():
    lines = ["# a comment", "press c3", "wait 400", "hold a1 1000", "frame", "state"]
    c3, a1 = 2 * 12 + 2, 0
    assert vbench.script_presses(lines) == [
        (c3, 0, vbench.PRESS_MS, True),
        (a1, vbench.PRESS_MS + vbench.SETTLE_MS + 400, vbench.PRESS_MS + vbench.SETTLE_MS + 400 + 1000, False),
    ]


def test_the_presses_meet_the_key_scan_at_spread_phases():
    # a 1 kHz scan: where in its millisecond a contact comes decides up to 1 ms of its
    # light; the presses' phases cover the millisecond, not one point of it
    presses = [(5, t * 700, t * 700 + vbench.PRESS_MS, True) for t in range(40)]
    moves = vbench.key_moves(presses, 1000000)
    assert len(moves) == 80
    downs = [us for _, down, us in moves if down]
    ups = [us for _, down, us in moves if not down]
    assert [up - down for down, up in zip(downs, ups)] == [vbench.PRESS_MS * 1000] * 40  # each held as long
    assert [us // 1000 for us in downs] == [1000 + t * 700 for t in range(40)]  # each in its millisecond
    phases = sorted(us % 1000 for us in downs)
    assert len(set(phases)) == 40
    assert max(b - a for a, b in zip(phases, phases[1:])) < 60 and phases[0] < 60 and phases[-1] > 940


def test_bench_lines_give_the_measured_ratio_and_targets():
    wasm = {"frame_show": (0.5, "ms"), "boot_to_menu": (20.0, "ms")}
    vpico = {"frame_show": (5.0, "ms"), "boot_to_menu": (300.0, "ms"), "heap_peak": (70000, "bytes"),
             "connect4_press_to_light_max": (18.5, "ms"), "scan_pass": (0.1, "ms"), "scan_hz": (1000, "Hz")}
    lines, missed = bench.vpico_lines(wasm, vpico)
    text = "\n".join(lines)
    assert "BENCH frame_show_vpico 5.000 ms" in text
    assert "BENCH frame_show_vpico_over_wasm 10.0 x" in text
    assert "BENCH boot_to_menu_vpico_over_wasm 15.0 x" in text
    assert "BENCH scan_cpu_share_vpico 10.000 %" in text
    assert missed == []  # 68.4 KB > 64 KB: a goal watched, not a target
    assert any(line.startswith("WATCH ") and "live heap peak" in line and line.endswith("over") for line in lines)
    # the release-based press to light is a figure, no target (press to answer is)
    assert not any(line.startswith("TARGET") and "press to light" in line for line in lines)
    # the key scan's settle: met when it reads no sooner than the wires need, missed else
    for shortest, needed, ok in ((624, 103, True), (16, 103, False)):
        vpico = {"key_scan_settle_ns": (shortest, "ns"), "key_scan_settle_needed_ns": (needed, "ns")}
        lines, missed = bench.vpico_lines({}, vpico)
        assert [line for line in lines if line.startswith("TARGET")][0].endswith("OK" if ok else "MISSED")
        assert bool(missed) != ok


def test_without_an_image_it_says_what_is_missing(tmp_path):
    env = dict(__import__("os").environ, VPICO_IMAGE=str(tmp_path / "none.uf2"))
    proc = subprocess.run([sys.executable, "-m", "host_tools.vpico", "--exec", "print(1)"],
                          cwd=build.ROOT, capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    assert "none.uf2" in proc.stderr and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "host_tools.vpico.tests"], cwd=build.ROOT,
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0 and "SKIPPED" in proc.stdout and "none.uf2" in proc.stdout


def test_bad_arguments_are_a_clear_error():
    proc = subprocess.run([sys.executable, "-m", "host_tools.vpico", "--file", "/no/such/file.py"],
                          cwd=build.ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "host_tools.vpico"], cwd=build.ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    for phase in ("-1", "1000"):  # outside the key scan's 1 ms period
        proc = subprocess.run([sys.executable, "-m", "host_tools.vpico.bench", "--phase", phase, "--no-build"],
                              cwd=build.ROOT, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and "0-999" in proc.stderr and "Traceback" not in proc.stderr


def test_the_hosts_littlefs_reads_what_the_boards_inlines(tmp_path):
    # the board's littlefs (1 KB cache: MicroPython's vfs_lfsx.c) keeps a file of up to
    # its cache size inside its directory's block; the host reads it with the same cache
    assert (board.FS_BLOCK, board.FS_READ, board.FS_PROG, board.FS_CACHE) == (4096, 32, 256, 1024)
    files = dict(("/app/m%02d.mpy" % i, bytes([i]) * (40 + i * 37)) for i in range(28))  # 40 .. 1039 bytes
    path = str(tmp_path / "flash.bin")
    board.make_flash(path, files)
    assert deploy_checks.board_files(path) == dict((k.lstrip("/"), v) for k, v in files.items())


def test_the_interrupted_deploy_kills_the_deploy_and_its_mpremote_mid_file():
    # the deploy runs in a process group of its own; the cut watches what mpremote sends
    proc = subprocess.Popen(["sh", "-c", "sleep 60 & sleep 60; wait"], start_new_session=True)
    cut = deploy_checks.Cut(nth=2)
    cut.proc = proc
    cut(b"f=open('a.mpy','wb')\nw=f.write\x04w(b'...')\x04f.close()\x04f=op")
    assert not cut.done and proc.poll() is None  # the 2nd file is not open yet
    cut(b"en('b.mpy','wb')\nw=f.write\x04")
    assert not cut.done  # open, nothing written to it yet
    cut(b"w(b'\\x00\\x01')\x04")
    assert cut.done and cut.opened == 2
    assert proc.wait(timeout=10) == -9
    for _ in range(50):  # its children (mpremote's place) went with it (once reaped)
        group = subprocess.run(["ps", "-o", "stat=", "-g", str(proc.pid)], capture_output=True, text=True)
        if not [s for s in group.stdout.split() if not s.startswith("Z")]:
            break
        __import__("time").sleep(0.1)
    assert [s for s in group.stdout.split() if not s.startswith("Z")] == []


def test_checks_run_side_by_side_and_one_that_raises_is_a_failure(capsys):
    lines = []
    printer = tests.Printer(lines.append)

    def good(results):
        results.record(True, "fine")

    def broken(results):
        results.record(True, "first")
        raise RuntimeError("the board's filesystem, unreadable")

    assert tests.run_jobs([("a", good), ("b", broken), ("c", good)], printer, workers=2)[:2] == [3, 1]
    assert "[b] FAIL b (it stopped) RuntimeError: the board's filesystem, unreadable" in lines
    assert "[a] PASS fine " in lines and any(line.startswith("[c] done in") for line in lines)


def test_each_test_file_runs_in_a_fresh_interpreter_and_a_board_that_hangs_fails_only_its_file():
    class FakeSession:
        pico = types.SimpleNamespace(proc=types.SimpleNamespace(pid=os.getpid()))

        def __init__(self):
            self.log = []

        def soft_reset(self):
            self.log.append("soft reset")

        def restart(self):
            self.log.append("restart")

        def run(self, code, on_line):
            runner = types.SimpleNamespace(JOB={}, NEXT=lambda: False)
            for line in ("import sys\n", "sys.path.append('/host')\n", "import runner\n"):
                assert line in code
                code = code.replace(line, "")
            exec(code, {"runner": runner})
            self.log.append((runner.JOB["modes"], runner.JOB["test_modules"]))
            if runner.JOB["test_modules"] == ["test_b"]:
                raise board.VpicoError("no answer in 3600 s")
            on_line("@@PASS\t%s\t1 ms" % (runner.JOB["test_modules"] or ["imports"])[0])
            return ""

    session = FakeSession()
    lines = []
    results = upy_tests.Results(lines.append)
    tests.run_checks(session, ["test_a", "test_b", "test_c"], results, imports=True)
    assert session.log == [(["tests"], ["test_a"]), "soft reset", (["tests"], ["test_b"]), "restart",
                           (["tests"], ["test_c"]), "soft reset", (["imports"], [])]
    assert (results.passed, results.failed) == (3, 1)
    assert any("test_b on the virtual Pico runner" in line and "no answer" in line for line in lines)


def test_press_to_answer_figures_get_their_targets():
    vpico = {"squeeze_press_to_answer_max": (9.5, "ms"), "squeeze_press_to_answer_mean": (8.5, "ms"),
             "menu_press_to_answer_max": (19.0, "ms"), "squeeze_undo_to_answer_max": (21.0, "ms"),
             "squeeze_resume_to_answer": (99.0, "ms"), "press_answers_missed": (1, "presses")}
    lines, missed = bench.vpico_lines({}, vpico)
    assert "BENCH squeeze_press_to_answer_max_vpico 9.500 ms" in lines
    assert sorted(missed) == ["presses whose answer never showed (virtual Pico)",
                              "squeeze press to answer, mean (virtual Pico)",
                              "squeeze undo to answer, worst (virtual Pico)"]
    assert any(line.startswith("TARGET menu press to answer, worst") and "<= 20 ms" in line for line in lines)


def test_every_menu_tile_gets_a_heap_figure_from_a_fresh_boot():
    from app.catalog import TILES

    tiles = vbench.fresh_tiles()
    assert [t[1:] for t in tiles] == [tuple(tile[:3]) for tile in TILES]
    labels = [t[0] for t in tiles]
    assert len(set(labels)) == len(labels) and "squeeze_cards_4p" in labels and "connect4" in labels
    code = vbench.fresh_code("squeeze_cards_4p", "squeeze", 4, "cards")
    compile(code, "fresh", "exec")  # the Pico's script is Python
    assert "start_game('squeeze', 4, 'cards', 1)" in code and "heap_squeeze_cards_4p_fresh_start" in code
    # the names it interned, against those of the script itself (its baseline)
    assert code.index("@@Q\\tbaseline") < code.index("from sim.drivers") < code.index("@@Q\\tsqueeze_cards_4p_fresh_start")
