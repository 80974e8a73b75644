# host_tools.ram_map: what each firmware module costs in RAM, measured under MicroPython.
import os
import shutil

import pytest

from host_tools import build, ram_map

HAVE_NODE = shutil.which("node") is not None and os.path.exists(
    os.path.join(build.ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript"))


def test_each_step_gets_its_heap_and_the_qstrs_it_added():
    lines = ["qstr pool: n_pool=2, n_qstr=10, n_str_data_bytes=50, n_total_bytes=300",
             "@@R\tcompat\t640", "qstr pool: n_pool=2, n_qstr=30, n_str_data_bytes=200, n_total_bytes=500",
             "noise", "@@R\tapp.grid\t1280", "qstr pool: n_pool=3, n_qstr=35, n_str_data_bytes=250, n_total_bytes=900"]
    assert ram_map.parse(lines) == [("compat", 640, 20, 200), ("app.grid", 1280, 5, 400)]
    assert ram_map.table([("compat", 640, 20, 200)]) == ["RAM compat     640 bytes   20 qstrs    200 qstr bytes"]


@pytest.mark.skipif(not HAVE_NODE, reason="node and `npm ci` needed")
def test_a_real_run_measures_every_module_and_object(tmp_path):
    out = str(tmp_path / "build")
    build.build(build.FIRMWARE, out, log=lambda _: None)
    steps = ram_map.steps()
    rows = ram_map.parse(ram_map.run_wasm(steps, out))
    assert [r[0] for r in rows] == [s[0] for s in steps]  # every step measured, in order
    cost = dict((r[0], r) for r in rows)
    for module in ram_map.BOOT + ram_map.GAME_CORE[1:] + ("games.connect4.screen", "games.squeeze.rules"):
        assert cost[module][1] > 0 and cost[module][2] > 0, module  # bytecode and names
    assert 400 < cost["object: a Frame"][1] < 1024  # 432 bytes and the object
