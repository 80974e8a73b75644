"""Gather the files a Pico running CircuitPython needs into build-circuitpython/.

Copy the folder's contents to the CIRCUITPY drive, then install Adafruit's neopixel
library there (`circup install -r requirements.txt`, or neopixel.mpy from the Adafruit
bundle into lib/). The firmware goes as source: CircuitPython's .mpy format is its own
and its mpy-cross is not on PyPI. Each file is checked to compile, and every module
the CircuitPython port imports is in the bundle, built into CircuitPython, or the
library: a miss fails the build (exit 1).

    python -m host_tools.build_circuitpython [--out build-circuitpython]
"""
import argparse
import os
import re
import shutil
import sys

from host_tools.build import FIRMWARE, ROOT, BuildError, firmware_files, stage_beside, swap_in

OUT = os.path.join(ROOT, "build-circuitpython")
BOOT = os.path.join(ROOT, "circuitpython", "boot.py")
SKIP = ("ports/rp2.py", "pack.py")  # MicroPython's drivers (machine, its neopixel), its boot pack (vfs)
# What CircuitPython 9 on a Pico has built in, among what the firmware imports.
BUILT_IN = ("array", "board", "digitalio", "gc", "json", "keypad", "memorymap", "microcontroller", "micropython", "os",
            "pwmio", "storage", "supervisor", "sys", "time", "traceback", "watchdog")
LIBRARIES = ("neopixel",)  # from the Adafruit bundle (circup)
# Imports made only on MicroPython, inside functions CircuitPython never calls (the
# rp2 key scan and PIO LED driver).
ELSEWHERE = ("machine", "rp2")
IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))")


def module_names(files):
    """The modules and packages the files make: drivers/keys.py -> drivers.keys, drivers."""
    names = set()
    for rel in files:
        if rel.endswith(".py"):
            parts = rel[:-3].replace(os.sep, "/").split("/")
            for i in range(1, len(parts) + 1):
                names.add(".".join(parts[:i]))
    return names


def check(out, files):
    """Each file compiles; each import resolves on CircuitPython."""
    known = module_names(files)
    errors = []
    for rel in files:
        if not rel.endswith(".py"):
            continue
        with open(os.path.join(out, rel)) as f:
            text = f.read()
        try:
            compile(text, rel, "exec")
        except SyntaxError as e:
            errors.append("%s: %s" % (rel, e))
        for number, line in enumerate(text.split("\n"), 1):
            m = IMPORT.match(line)
            if not m:
                continue
            module = m.group(1) or m.group(2)
            top = module.split(".")[0]
            if module in known or top in known or top in BUILT_IN + LIBRARIES + ELSEWHERE:
                continue
            errors.append("%s:%d: imports %s, which CircuitPython lacks" % (rel, number, module))
    if errors:
        raise BuildError("\n".join(errors))


def build(out=OUT, log=print):
    stage = stage_beside(out, ".build-cp-")
    try:
        files = firmware_files(FIRMWARE, skip=SKIP)
        for rel in files:
            os.makedirs(os.path.join(stage, os.path.dirname(rel)), exist_ok=True)
            shutil.copyfile(os.path.join(FIRMWARE, rel), os.path.join(stage, rel))
        shutil.copyfile(BOOT, os.path.join(stage, "boot.py"))
        files.append("boot.py")
        with open(os.path.join(stage, "requirements.txt"), "w") as f:
            f.write("# circup install -r requirements.txt\n" + "\n".join(LIBRARIES) + "\n")
        check(stage, files)
        swap_in(stage, out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    log("build-circuitpython: %d files -> %s (then: circup install -r requirements.txt)"
        % (len(files) + 1, os.path.relpath(out, ROOT)))
    return files


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=OUT, help="bundle directory (replaced)")
    args = parser.parse_args(argv)
    try:
        build(args.out)
    except BuildError as error:
        print("build-circuitpython FAILED:\n%s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
