"""make test-vpico's plan (host_tools/vpico/tests.py): which firmware tests run on the
virtual Pico, in which shares; and the XIP cache model and figures of
host_tools/vpico/xip.py (no firmware image needed)."""
import ast
import json
import os
import re
import subprocess

import pytest

from host_tools import upy_tests
from host_tools.build import ROOT
from host_tools.vpico import board, tests, xip

RULES = ("games", "games.base", "games.rng", "example_file")
GAMES = set(re.sub(r"\.?__init__$", "", os.path.relpath(os.path.join(d, n), os.path.join(ROOT, "firmware", "games"))[:-3].replace(os.sep, "."))
            for d, _, names in os.walk(os.path.join(ROOT, "firmware", "games")) for n in names if n.endswith(".py"))
GAMES |= set(os.path.relpath(d, os.path.join(ROOT, "firmware", "games")).replace(os.sep, ".")  # a game's folder
             for d, _, _ in os.walk(os.path.join(ROOT, "firmware", "games")) if "__pycache__" not in d) - {"."}


def source(module):
    """The file of a firmware module (a package's __init__.py; None for a game's folder,
    which has none)."""
    path = os.path.join(ROOT, "firmware", *module.split("."))
    if os.path.exists(path + ".py"):
        return path + ".py"
    init = os.path.join(path, "__init__.py")
    return init if os.path.exists(init) else None


def imported(path):
    """The modules a file imports (`from games import x`: games.x if it is a module)."""
    if path is None:
        return set()
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module)
            if node.module.startswith("games"):  # (from games.connect4 import rules: a module)
                inside = node.module[6:] + "." if node.module != "games" else ""
                names.update("games." + inside + alias.name for alias in node.names if inside + alias.name in GAMES)
    return names


def test_the_tests_left_to_wasm_and_cpython_use_only_the_games_rules():
    # a rules test that took in a player, a driver or the app would lose its run on the
    # rp2 port: it must then leave RULES_TESTS
    for name in tests.RULES_TESTS:
        path = os.path.join(upy_tests.TESTS, name + ".py")
        assert os.path.exists(path), name
        for module in imported(path):
            assert module in RULES or module.startswith("games.") and module[6:] in GAMES, (name, module)
            assert "player" not in module and "hint" not in module, (name, module)


def games_reached(path, seen=None):
    """The games modules a file imports, and theirs, and so on (a try-import too)."""
    seen = set() if seen is None else seen
    for module in imported(path):
        if module.startswith("games.") and module[6:] in GAMES and module not in seen:
            seen.add(module)
            games_reached(source(module), seen)
    return seen


def native(module):
    if source(module) is None:
        return False
    with open(source(module)) as f:
        text = f.read()
    return "micropython.viper" in text or "micropython.native" in text


def test_the_tests_left_to_wasm_and_cpython_reach_no_native_code():
    # the rp2 port runs a rules module's native twin (games/squeeze/rules_viper.py): a test that
    # reaches one must run there, or the Pico's own code would go untested
    assert native("games.squeeze.rules_viper")  # (the check sees one)
    for name in tests.RULES_TESTS:
        reached = games_reached(os.path.join(upy_tests.TESTS, name + ".py"))
        assert not [m for m in reached if native(m)], name
    assert [m for m in games_reached(os.path.join(upy_tests.TESTS, "test_squeeze.py")) if native(m)]


def test_every_other_firmware_test_runs_on_the_virtual_pico_in_one_share():
    left = [m for m in upy_tests.test_modules() if m not in tests.RULES_TESTS]
    assert "test_keys" in left and "test_players" in left and "test_storage" in left
    shares = tests.test_shares(left)
    flat = [t for share in shares for t in share]
    assert sorted(flat) == sorted(left) and len(flat) == len(set(flat))
    assert len(shares) == len(tests.TEST_SHARES)
    # a selection (-k) that leaves the first share empty keeps it (it imports every module)
    assert tests.test_shares(["test_keys"]) == [[], ["test_keys"]]
    assert tests.test_shares(["test_players"]) == [["test_players"]]
    assert tests.test_shares(["test_players", "test_frame"]) == [["test_players"], ["test_frame"]]


def test_jobs_side_by_side_share_one_queue_of_scenarios_each_taken_once():
    import threading
    import time

    shared = tests.Queue(range(40))
    taken = [[], []]

    def job(mine):
        for item in shared:
            mine.append(item)
            time.sleep(0.002 if mine is taken[0] else 0.001)  # (one job slower than the other)

    workers = [threading.Thread(target=job, args=(mine,)) for mine in taken]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(taken[0] + taken[1]) == list(range(40))
    assert taken[0] and taken[1]  # both took some: a free job takes the next
    assert shared.empty() and list(shared) == []


def test_cpu_seconds_of_a_running_process():
    assert board.cpu_seconds(os.getpid()) > 0
    assert board.cpu_seconds(2 ** 22 + 12345) == 0.0  # (no such process)


CACHE_CHECK = """
import { XipCache } from './host_tools/vpico/xip_cache.mjs';
const c = new XipCache();
const out = [];
out.push([c.read(0x10000100), c.read(0x10000104), c.read(0x10000107), c.read(0x10000108)]);
// three lines of one set (16 KB / 2 ways = 8 KB apart): the least recently used goes
c.read(0x10002100); c.read(0x10000100); c.read(0x10004100);
out.push([c.read(0x10000100), c.read(0x10004100), c.read(0x10002100)]);
out.push([c.read(0x11010000), c.read(0x11010000), c.read(0x13000100)]);  // no allocation
c.read(0x12020000);
out.push([c.read(0x10020000)]);  // 0x12.. allocates without looking up
c.flush();
out.push([c.read(0x10000100)]);
// a loop of 16 KB of code (in one way of each set) misses once a line; of 24 KB, every time
const m0 = c.misses;
for (let pass = 0; pass < 3; pass++) for (let a = 0; a < 16384; a += 2) c.read(0x10100000 + a);
const m1 = c.misses;
for (let pass = 0; pass < 3; pass++) for (let a = 0; a < 24576; a += 2) c.read(0x10200000 + a);
out.push([m1 - m0, c.misses - m1]);
console.log(JSON.stringify(out));
"""


def test_the_xip_cache_model():
    try:
        proc = subprocess.run(["node", "--input-type=module", "-e", CACHE_CHECK], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        pytest.skip("no node")
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got[0] == [False, True, True, False]  # one miss a line of 8 bytes
    assert got[1] == [True, True, False]  # 2 ways, LRU
    assert got[2] == [False, False, False]
    assert got[3] == [True]
    assert got[4] == [False]
    assert got[5] == [2048, 3 * 3072]  # 16 KB fits; 24 KB with LRU thrashes


def test_the_flash_divider_micropython_sets_for_a_clock():
    # the smallest even divider that keeps the flash at or under 62.5 MHz (125 MHz / 2)
    assert [xip.flash_clkdiv(mhz * 1e6) for mhz in (48, 125, 126, 133, 200, 250, 251)] == [2, 2, 4, 4, 4, 4, 6]
    assert xip.miss_extra_cycles(125e6) == 55 and xip.miss_extra_cycles(200e6) == 111


def test_xip_figures_from_the_counts_of_each_tap():
    # (release us, frame end us, counts at the release, counts at the frame's end):
    # counts = (SRAM fetches, XIP fetches, ROM fetches, XIP data reads, misses)
    windows = [(1000, 11000, (0, 0, 0, 0, 0), (300, 700, 0, 50, 100)),
               (20000, 25000, (300, 700, 0, 50, 100), (400, 1600, 0, 60, 2100)),
               None]
    values = {}
    xip.figures("g", windows, values)
    assert board.CLOCK_HZ == 200e6  # (hand-worked below: 28 flash clocks at MicroPython's divider 4)
    per_miss_ms = (28 * 4 - 1) / 200e6 * 1000
    assert values["g_press_xip_misses_max"] == (2000, "misses")
    assert values["g_press_xip_miss_extra_ms"][0] == pytest.approx(2000 * per_miss_ms)
    assert values["g_press_xip_miss_extra_pct"][0] == pytest.approx(100 * 2000 * per_miss_ms / 5)
    assert values["g_press_xip_fetch_pct"][0] == pytest.approx(100 * 1600 / 2000)
    assert values["g_press_xip_miss_rate_pct"][0] == pytest.approx(100 * 2100 / (1600 + 60))
    with pytest.raises(board.VpicoError):
        xip.figures("g", [None], {})
