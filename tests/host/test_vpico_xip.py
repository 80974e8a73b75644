"""The virtual Pico's model of the flash's XIP cache (host_tools/vpico/xip_cache.mjs) and
a block's lookups in it (thumb_blocks.mjs), checked against access patterns worked out
by hand by host_tools/vpico/xip_cache_check.mjs (no firmware image needed); and that the
check fails when the model is broken. (On the running Pico: host_tools.vpico.xip_checks,
in make test-vpico.)"""
import os
import re
import shutil
import subprocess

import pytest

from host_tools.build import ROOT

VPICO = os.path.join(ROOT, "host_tools", "vpico")
FILES = ("xip_cache.mjs", "xip_cache_check.mjs", "thumb_blocks.mjs")


def run_check(folder):
    try:
        proc = subprocess.run(["node", os.path.join(folder, "xip_cache_check.mjs")], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        pytest.skip("no node")
    found = re.search(r"xip checks: (\d+) passed, (\d+) failed", proc.stdout)
    assert found, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc, [int(n) for n in found.groups()]


def test_the_cache_and_its_cost_meet_the_hand_worked_patterns():
    proc, (passed, failed) = run_check(VPICO)
    assert failed == 0 and proc.returncode == 0, proc.stdout
    assert passed >= 17


@pytest.mark.parametrize("name, planted", [
    # a hit that leaves the set's older way as it was; the 0x11 alias allocating; a
    # flush that keeps the lines; a fetch never looked up again; a block's own lookup
    # that charges no miss
    ("xip_cache.mjs", ("        this.older[set] = 1;\n        this.hits[0]++;", "        this.hits[0]++;")),
    ("xip_cache.mjs", ("if ((alias & 1) === 0) {", "if (true) {")),
    ("xip_cache.mjs", ("    this.tags.fill(-1);\n", "")),
    ("xip_cache.mjs", ("if (line === this.lastFetch) return 0;", "if ((line >>> 7) === (this.lastFetch >>> 7)) return 0;")),
    ("thumb_blocks.mjs", ("      return xip.read(a) ? 0 : xip.missExtraCycles;\n    };", "      xip.read(a);\n      return 0;\n    };")),
])
def test_the_check_finds_a_broken_model(tmp_path, name, planted):
    for each in FILES:
        shutil.copy(os.path.join(VPICO, each), tmp_path / each)
    os.symlink(os.path.join(ROOT, "node_modules"), tmp_path / "node_modules")
    source = (tmp_path / name).read_text()
    assert planted[0] in source
    (tmp_path / name).write_text(source.replace(planted[0], planted[1]))
    proc, (passed, failed) = run_check(str(tmp_path))
    assert failed > 0 and proc.returncode == 1, proc.stdout
