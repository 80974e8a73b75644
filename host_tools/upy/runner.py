# The MicroPython side of host_tools.upy_tests: runs under the real interpreter (wasm)
# with build/ mounted as the Pico's filesystem. Reads its job from /upy_args.json and
# prints one record line per check ("@@PASS\tname\tms" / "@@FAIL\tname\tmessage"),
# with any output and tracebacks in between. The host side counts the records.
# node runs `MORE = NEXT()` until MORE is False: one check a top-level call, so the wasm
# port's GC (which collects only at the top level) frees each check's garbage.
#
# An import guard makes this interpreter as strict as the Pico: a firmware module that
# imports a module the Pico's MicroPython lacks fails, naming the file, even where the
# wasm port happens to have that module (it has abc, pathlib, os.path, datetime...).
import builtins
import gc
import io
import json
import sys
import time

with open("/upy_args.json") as _f:
    JOB = json.load(_f)

PICO = set(JOB["pico_modules"])            # what MicroPython on the Pico has
PICO_NAMES = JOB["pico_names"]             # modules the wasm port extends: the Pico's names
FIRMWARE = JOB["firmware_modules"]         # module name -> deployed file
FIRMWARE_TOPS = set(name.split(".")[0] for name in FIRMWARE)

for _path in reversed(JOB["sys_path"]):
    sys.path.insert(0, _path)
_real_import = builtins.__import__


def pico_import_error(importer, name, fromlist):
    """Why the Pico would reject `importer` importing name (fromlist), or None."""
    if name.split(".")[0] in FIRMWARE_TOPS:
        return None
    base = name[1:] if name[:1] == "u" and name[1:] in PICO else name  # utime -> time
    if base not in PICO:
        return "%s imports '%s', which MicroPython on the Pico does not have" % (importer, name)
    allowed = PICO_NAMES.get(base)
    for attr in fromlist or ():
        if allowed is not None and attr != "*" and attr not in allowed:
            return "%s imports '%s' from '%s', which the Pico's '%s' lacks" % (
                importer, attr, name, name)
    return None


def _guard(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and globals is not None:
        importer = FIRMWARE.get(globals.get("__name__"))
        if importer is not None:
            why = pico_import_error(importer, name, fromlist)
            if why:
                raise ImportError(why)
    return _real_import(name, globals, locals, fromlist, level)


builtins.__import__ = _guard


def now_ms():
    return time.ticks_ms()


def report(ok, name, detail):
    print("@@%s\t%s\t%s" % ("PASS" if ok else "FAIL", name, detail))


def describe(error):
    buf = io.StringIO()
    sys.print_exception(error, buf)
    return buf.getvalue().rstrip()


def check(name, func):
    """Runs func(); records PASS or FAIL (with the traceback) under name. Yields once
    after it, so the next check starts in a new top-level call."""
    yield _run_check(name, func)


def _run_check(name, func):
    start = now_ms()
    try:
        func()
    except Exception as error:
        print(describe(error))
        message = str(error) or type(error).__name__
        report(False, name, "%s: %s" % (type(error).__name__, message))
        return False
    report(True, name, "%d ms" % time.ticks_diff(now_ms(), start))
    return True


def run_imports():
    """Imports every built module, as the Pico would on first use."""
    def load(module):
        __import__(module)
        where = getattr(sys.modules[module], "__file__", "")
        assert where.endswith(".mpy"), "%s was loaded from %s, not the build" % (module, where)

    def refused(module):
        try:
            __import__(module)
        except ValueError as error:  # "native code in .mpy unsupported"
            assert "native" in str(error), str(error)
            return
        raise AssertionError("%s has native code, yet it loaded" % module)

    native = JOB.get("native_modules", ())
    for module in sorted(FIRMWARE):
        if module in native:
            yield from check("import %s (native code: refused here, run on the Pico)" % FIRMWARE[module],
                             lambda m=module: refused(m))
        else:
            yield from check("import %s" % FIRMWARE[module], lambda m=module: load(m))
        forget_firmware()  # as on the board, never every game at once: a Pico's heap
        # Collected now, as the board collects after a game's first save: else the next
        # import meets this one's garbage, and when a new pool of interned names is due
        # (7.7 KB in one piece; the tests' names count too) a stale pointer
        # into it can fail it: MemoryError "allocating 1280 bytes" (the pool's entries).
        gc.collect()
    for importer, module in JOB.get("extra_imports", ()):
        def load_extra(importer=importer, module=module):
            why = pico_import_error(importer, module, ())
            if why:
                raise ImportError(why)
            __import__(module)
        yield from check("import %s from %s" % (module, importer), load_extra)


def forget_firmware():
    """Unload every firmware module loaded so far (the next import loads it afresh),
    those of a folder with no __init__ (app/, drivers/, a game's) included."""
    for name in list(sys.modules):
        if name.split(".")[0] in FIRMWARE_TOPS:
            del sys.modules[name]


def run_tests():
    """Every test_* function of every tests/firmware file, in name order."""
    for module in JOB["test_modules"]:
        try:
            mod = __import__(module)
        except Exception as error:
            print(describe(error))
            report(False, module, "cannot import: %s: %s" % (type(error).__name__, error))
            yield False
            continue
        names = sorted(n for n in dir(mod) if n.startswith("test_"))
        for name in names:
            func = getattr(mod, name)
            if callable(func):
                yield from check("%s::%s" % (module, name), func)
        del sys.modules[module]
        mod = None
        forget_firmware()


def scenario_lines(headless, lines):
    """(index of the script line, output line) for every line the script prints; a
    script error ends it with an "error: ..." line. Same code as on the CPython side."""
    where = [0]
    out = []

    def numbered():
        for i in range(len(lines)):
            where[0] = i
            yield lines[i]

    failure = headless.run_script(numbered(), lambda text: out.append((where[0], text)))
    if failure:
        out.append((where[0], "error: line %d: %s" % failure))
    return out


def run_scenarios():
    """Runs each scenario script through sim.headless; prints its output lines."""
    headless = __import__("sim.headless", None, None, ("headless",))
    for name, lines in JOB["scenarios"]:
        def play(lines=lines, name=name):
            print("@@BEGIN\t%s" % name)
            try:
                for i, text in scenario_lines(headless, lines):
                    print("@@OUT\t%d\t%s" % (i, text))
            finally:
                print("@@END\t%s" % name)
        yield from check("scenario %s (runs on MicroPython)" % name, play)


MODES = {"imports": run_imports, "tests": run_tests, "scenarios": run_scenarios}


def all_checks():
    for mode in JOB["modes"]:
        yield from MODES[mode]()


# (a generator: it reads JOB at the first NEXT(), so the virtual Pico's tests may set
# JOB's modes and test_modules after importing this module)
_checks = all_checks()


def NEXT():
    """One check; False when all have run."""
    try:
        next(_checks)
    except StopIteration:
        return False
    gc.collect()  # asks for a collection: it runs at the start of the next top-level call
    return True
