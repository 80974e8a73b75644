# A quick static check of firmware/: no import of a module the Pico's MicroPython lacks.
# (Not enough alone: `make test-upy` imports every built module under real MicroPython
# with an import guard as strict as the Pico's; this names the line sooner.)
import os
import re

from host_tools.build import FIRMWARE

FORBIDDEN = ("abc", "asyncio.subprocess", "copy", "dataclasses", "datetime", "enum", "functools",
             "inspect", "itertools", "logging", "os.path", "pathlib", "subprocess", "threading",
             "typing", "string", "types", "unittest")
IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import\s+([\w, ]+)|import\s+([\w., ]+))")


def firmware_sources():
    for dirpath, _, names in os.walk(FIRMWARE):
        for name in sorted(names):
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def imported(line):
    """Modules a source line imports (`from os import path` counts as os.path)."""
    m = IMPORT.match(line)
    if not m:
        return []
    if m.group(1):
        names = [m.group(1)] + ["%s.%s" % (m.group(1), n.strip()) for n in m.group(2).split(",")]
        return names
    return [part.strip().split(" ")[0] for part in m.group(3).split(",")]


def test_the_pattern_sees_imports():
    assert imported("import typing") == ["typing"]
    assert imported("    from os import path") == ["os", "os.path"]
    assert imported("import os.path, sys") == ["os.path", "sys"]
    assert imported("x = 1  # import typing") == []


def test_no_firmware_file_imports_what_the_pico_lacks():
    found = []
    for path in firmware_sources():
        with open(path) as f:
            for number, line in enumerate(f, 1):
                for module in imported(line):
                    if module in FORBIDDEN or module.split(".")[0] in FORBIDDEN:
                        found.append("%s:%d: %s" % (os.path.relpath(path, FIRMWARE), number, line.strip()))
    assert not found, "imports the Pico lacks:\n" + "\n".join(found)


def test_no_firmware_file_calls_dir():
    # MicroPython's dir(obj) probes every qstr the interpreter knows: ~25 ms on a Pico,
    # which app.shared.unload() once spent in key presses (a card pick's end: 39 ms)
    calls = re.compile(r"(?<![\w.])dir\(")
    found = []
    for path in firmware_sources():
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if calls.search(line.split("#")[0]):
                    found.append("%s:%d" % (os.path.relpath(path, FIRMWARE), n))
    assert found == []


def test_unload_forgets_a_module_and_its_packages_name_for_it():
    import sys

    from app.shared import unload
    from games.squeeze import notation

    name = "games.squeeze.notation"
    assert sys.modules["games.squeeze"].notation is notation
    unload(name)
    assert name not in sys.modules and not hasattr(sys.modules["games.squeeze"], "notation")
    unload(name)  # already gone: nothing to do
    from games.squeeze import notation as again

    assert again is not notation and sys.modules[name] is again
