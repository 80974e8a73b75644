"""The virtual Pico's core run a block at a time (host_tools/vpico/thumb_blocks.mjs):
checked against rp2040js's own core, instruction by instruction, by
host_tools/vpico/thumb_blocks_check.mjs (no firmware image needed); and that check
catches a translation that is wrong."""
import os
import re
import shutil
import subprocess

import pytest

from host_tools.build import ROOT

VPICO = os.path.join(ROOT, "host_tools", "vpico")


def run_check(folder, *args):
    try:
        proc = subprocess.run(["node", os.path.join(folder, "thumb_blocks_check.mjs"), *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        pytest.skip("no node")
    summary = proc.stdout.strip().splitlines()[-1]
    found = re.search(r"checked (\d+): (\d+) instructions alone, (\d+) runs .*: (\d+) differ", summary)
    assert found, proc.stdout[-2000:] + proc.stderr[-2000:]
    return proc, [int(n) for n in found.groups()]


def test_blocks_do_what_rp2040js_does():
    proc, (checked, alone, runs, differ) = run_check(VPICO, "1", "3000", "7")
    assert differ == 0 and proc.returncode == 0, proc.stdout[-3000:]
    assert alone > 50000  # every translated opcode, and the 32-bit ones
    assert runs > 2800  # (a few are left out, or start with a BL's half that makes none)


@pytest.mark.parametrize("planted", [
    # a wrong carry on a compare, a wrong cycle count on a taken branch, code in SRAM
    # rewritten by a block's store, or by its PUSH or STM, and still run as it was
    ("C: 'a >= b',", "C: 'a > b',"),
    ("return cyc + ${cycles + 1}; }", "return cyc + ${cycles}; }"),
    ("!== 0) sramWritten(o, ${size});", "!== 0) {}"),
    ("!== 0) sramWritten(o, ${4 * n});", "!== 0) {}"),
])
def test_the_check_finds_a_wrong_translation(tmp_path, planted):
    for name in ("thumb_blocks.mjs", "thumb_blocks_check.mjs", "xip_cache.mjs"):
        shutil.copy(os.path.join(VPICO, name), tmp_path / name)
    os.symlink(os.path.join(ROOT, "node_modules"), tmp_path / "node_modules")
    source = (tmp_path / "thumb_blocks.mjs").read_text()
    assert planted[0] in source
    (tmp_path / "thumb_blocks.mjs").write_text(source.replace(planted[0], planted[1]))
    proc, (checked, alone, runs, differ) = run_check(str(tmp_path), "0", "400", "7")
    assert differ > 0 and proc.returncode == 1, proc.stdout[-3000:]
