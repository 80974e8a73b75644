# start.py, the board's start (main.py calls its main()): what it does before the
# drivers are made. Its loop, safe mode and restarts: tests/host/test_main.py.
import sys

import start

MICROPYTHON = sys.implementation.name == "micropython"


def test_the_ports_own_modules_are_kept_where_an_import_looks_first():
    # MicroPython puts none of its own modules in sys.modules (each import of one
    # searched the flash first): keep_built_ins puts them there, sys.path left as it was
    path = list(sys.path)
    if MICROPYTHON:  # (CPython keeps its own there: none is taken away from it)
        for name in start.BUILT_INS:
            sys.modules.pop(name, None)
    start.keep_built_ins()
    assert sys.path == path
    if MICROPYTHON:
        for name in ("array", "json", "os", "time"):  # (machine: the Pico's, not the host's wasm port)
            assert name in sys.modules, name
            assert sys.modules[name] is __import__(name)
