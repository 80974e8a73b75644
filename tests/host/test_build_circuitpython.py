# `make build-circuitpython`: the files a CircuitPython Pico needs, checked to compile
# and to import only what CircuitPython (and Adafruit's neopixel library) provides.
import os
import re

import pytest

from host_tools import build_circuitpython
from host_tools.build import FIRMWARE, BuildError, firmware_files


def test_the_bundle_has_the_firmware_boot_py_and_the_library_list(tmp_path):
    out = str(tmp_path / "bundle")
    build_circuitpython.build(out, log=lambda text: None)
    for rel in ("boot.py", "main.py", "ports/circuitpython.py", "drivers/pixelbuf_strip.py",
                "app/app.py", "games/connect4/rules.py", "pins.py"):
        assert os.path.isfile(os.path.join(out, rel)), rel
    assert not os.path.exists(os.path.join(out, "ports", "rp2.py"))  # MicroPython's drivers
    assert not any(name.endswith((".mpy", ".md")) for _, _, names in os.walk(out) for name in names)
    with open(os.path.join(out, "requirements.txt")) as f:
        assert "neopixel" in f.read().split()


def test_an_import_circuitpython_lacks_fails_the_build(tmp_path):
    (tmp_path / "ok.py").write_text("import board\nfrom drivers import x\n")
    (tmp_path / "bad.py").write_text("import os\nimport socketpool_nope\n")
    (tmp_path / "drivers").mkdir()
    (tmp_path / "drivers" / "x.py").write_text("import keypad\n")
    with pytest.raises(BuildError) as error:
        build_circuitpython.check(str(tmp_path), ["ok.py", "bad.py", "drivers/x.py"])
    assert "bad.py:2: imports socketpool_nope" in str(error.value) and "ok.py" not in str(error.value)


def test_the_micropython_build_leaves_the_circuitpython_port_out():
    files = [f.replace(os.sep, "/") for f in firmware_files(FIRMWARE)]
    assert "ports/rp2.py" in files and "ports/circuitpython.py" not in files
    # nor the adapters only that port imports (flash on the Pico for nothing)
    assert not [f for f in files if f in ("drivers/keypad_keys.py", "drivers/pixelbuf_strip.py", "drivers/pwm_out.py")]
    imported = set()
    for rel in files:  # every module the MicroPython build names still has its file
        if rel.endswith(".py"):
            with open(os.path.join(FIRMWARE, rel)) as f:
                imported.update(re.findall(r"^\s*(?:from|import) (drivers\.\w+)", f.read(), re.M))
    assert imported and all(m.replace(".", "/") + ".py" in files for m in imported), imported
