"""The firmware under real MicroPython 1.27 (the wasm port, via node), as built for
the Pico: build/ (the deployed .mpy files) is the interpreter's filesystem.

Checks, each a PASS or FAIL line, then a closing `N passed, N failed`:
  - every built module imports, with an import guard as strict as the Pico (a firmware
    file importing a module the Pico lacks fails, naming the file);
  - every test_* function of tests/firmware/test_*.py (run by host_tools/upy/runner.py);
  - every scenario tests/scenarios/*.txt through sim.headless gives the same frames and
    states on MicroPython and on CPython, move by move (a `state` and a `frame` are
    taken after every line), and meets its `#expect TEXT` lines (TEXT must be in the
    latest state).
Exit status 1 on any failure.

    python -m host_tools.upy_tests [-k SUBSTRING] [--no-build] [--heap BYTES]
"""
import argparse
import ast
import glob
import json
import os
import subprocess
import sys
import threading

from host_tools import build as build_tool

ROOT = build_tool.ROOT
BUILD = build_tool.BUILD
UPY_DIR = os.path.join(ROOT, "host_tools", "upy")
RUN_MJS = os.path.join(UPY_DIR, "run.mjs")
RUNNER = os.path.join(UPY_DIR, "runner.py")
STUBS = os.path.join(UPY_DIR, "stubs")
TESTS = os.path.join(ROOT, "tests", "firmware")
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
SIM_FILES = ("drivers.py", "headless.py")  # the simulator's MicroPython-subset part
# A Pico-ish GC heap to start with. The wasm port cannot be capped: it grows the heap
# rather than collect inside a call (its GC runs only between top-level calls, so the
# runner makes each check one such call); `make bench` measures the live heap instead.
HEAP = 192 * 1024
TIMEOUT_S = 600

# What MicroPython 1.27 on an RPI_PICO has (help('modules')). The wasm port lacks machine
# and neopixel: host_tools/upy/stubs stands in for them, so main.py's imports load too.
PICO_MODULES = (
    "__main__ _asyncio _boot _boot_fat _onewire _rp2 _thread array asyncio binascii "
    "builtins cmath collections cryptolib deflate dht ds18x20 errno framebuf gc hashlib "
    "heapq io json machine math micropython neopixel onewire os platform random re rp2 "
    "select struct sys time uctypes vfs"
).split()
# Modules the wasm port extends beyond the Pico's: the names the Pico's have.
PICO_NAMES = {
    "collections": ["deque", "namedtuple", "OrderedDict"],
    "os": ["chdir", "dupterm", "getcwd", "ilistdir", "listdir", "mkdir", "mount",
           "remove", "rename", "rmdir", "sep", "stat", "statvfs", "sync", "umount",
           "uname", "unlink", "urandom", "VfsFat", "VfsLfs2"],
}
FS_FIRMWARE = "/fw"      # build/ goes here, first on sys.path (the Pico's root)
FS_HOST = "/host"        # sim/drivers.py, sim/headless.py
FS_TESTS = "/tests/firmware"
FS_STUBS = "/stubs"


def node_command(config):
    return ["node", RUN_MJS, json.dumps(config)]


def firmware_modules(build_dir=BUILD):
    """Deployed module name -> its file in build/ (main.py and boot.py are not modules)."""
    found = {}
    for dirpath, _, filenames in os.walk(build_dir):
        for name in filenames:
            rel = os.path.relpath(os.path.join(dirpath, name), build_dir).replace(os.sep, "/")
            if not name.endswith(".mpy"):
                continue
            module = rel[:-4].replace("/", ".")
            if module.endswith(".__init__"):
                module = module[: -len(".__init__")]
            found[module] = rel
    return found


def native_modules(build_dir=BUILD):
    """The built modules holding native code (viper/native: an arch in byte 2 of the .mpy
    header): the Pico runs them, the wasm port refuses them (its callers fall back)."""
    found = []
    for module, rel in firmware_modules(build_dir).items():
        with open(os.path.join(build_dir, rel), "rb") as f:
            head = f.read(3)
        if len(head) == 3 and head[2] >> 2:
            found.append(module)
    return sorted(found)


def main_imports(path):
    """The modules main.py imports (main.py itself runs forever: it is not imported)."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return sorted(set(names))


def test_modules(tests_dir=TESTS):
    return sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(tests_dir, "test_*.py")))


def scenario_files(scenarios_dir=SCENARIOS):
    return sorted(glob.glob(os.path.join(scenarios_dir, "*.txt")))


OBSERVE = ("state", "frame")


def expand(lines):
    """The scenario with a `state` and a `frame` after every action line: what both
    interpreters must agree on, move by move, from boot. Returns (lines, the source line
    number of each: 0 for the boot's)."""
    out, origin = list(OBSERVE), [0] * len(OBSERVE)
    for number, line in enumerate(lines, 1):
        out.append(line)
        origin.append(number)
        words = line.split("#")[0].split()
        if words and words[0] not in OBSERVE:
            for extra in OBSERVE:
                out.append(extra)
                origin.append(number)
    return out, origin


def read_scenario(path):
    with open(path) as f:
        return f.read().splitlines()


def mount_list(build_dir=BUILD, tests_dir=TESTS):
    copy = [[build_dir, FS_FIRMWARE], [STUBS, FS_STUBS]]
    if os.path.isdir(tests_dir):
        copy.append([tests_dir, FS_TESTS])
    sim_dir = os.path.join(ROOT, "sim")
    for name in SIM_FILES:
        if os.path.exists(os.path.join(sim_dir, name)):
            copy.append([os.path.join(sim_dir, name), FS_HOST + "/sim/" + name])
    copy.append([os.path.join(UPY_DIR, "empty.py"), FS_HOST + "/sim/__init__.py"])
    return copy


def qstr_records(lines):
    """The bench's figures of interned names (bench_upy.qstrs: an "@@Q<TAB>label" line, then
    micropython.qstr_info()'s "qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=..,
    n_total_bytes=.."), less the bench script's own (its "baseline"): {name: (value, unit)},
    qstr_count_LABEL (names) and qstr_bytes_LABEL (their pools and text in the heap)."""
    seen, label = {}, None
    for line in lines:
        if line.startswith("@@Q\t"):
            label = line[4:].strip()
        elif label is not None and line.startswith("qstr pool:"):
            fields = dict(part.strip().split("=") for part in line[len("qstr pool:"):].split(","))
            seen[label] = (int(fields["n_qstr"]), int(fields["n_total_bytes"]))
            label = None
    base = seen.pop("baseline", None)
    if base is None:
        return {}
    out = {}
    for label, (count, size) in seen.items():
        out["qstr_count_" + label] = (float(count - base[0]), "names")
        out["qstr_bytes_" + label] = (float(size - base[1]), "bytes")
    return out


def is_qstr_line(line):
    return line.startswith("@@Q\t") or line.startswith("qstr pool:")


def job_config(modes, heap=HEAP, build_dir=BUILD, tests_dir=TESTS, **extra):
    modules = firmware_modules(build_dir)
    args = {
        "modes": modes,
        "pico_modules": PICO_MODULES,
        "pico_names": PICO_NAMES,
        "firmware_modules": modules,
        "sys_path": [FS_FIRMWARE, FS_HOST, FS_TESTS, FS_STUBS],
        "extra_imports": [["main.py", m] for m in main_imports(os.path.join(build_dir, "main.py"))],
        "native_modules": native_modules(build_dir),
    }
    args.update(extra)
    return {"heap": heap, "copy": mount_list(build_dir, tests_dir), "script": RUNNER, "args": args,
            "loop": "MORE = NEXT()"}


class Run:
    """One node process running the MicroPython runner; collects its output."""

    def __init__(self, config):
        self.config = config
        self.lines = []
        self.code = None
        self.stderr = ""
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self):
        try:
            proc = subprocess.run(node_command(self.config), capture_output=True, text=True,
                                  timeout=TIMEOUT_S, cwd=ROOT)
        except subprocess.TimeoutExpired as e:
            out = e.stdout or ""
            self.lines = (out.decode("utf-8", "replace") if isinstance(out, bytes) else out).splitlines()
            self.code, self.stderr = -1, "timed out after %d s" % TIMEOUT_S
            return
        except OSError as e:
            self.code, self.stderr = -1, "cannot run node: %s" % e
            return
        self.lines = proc.stdout.splitlines()
        self.code, self.stderr = proc.returncode, proc.stderr

    def wait(self):
        self.thread.join()
        return self


class Results:
    def __init__(self, out=print):
        self.passed = 0
        self.failed = 0
        self.out = out

    def record(self, ok, name, detail=""):
        if ok:
            self.passed += 1
            self.out("PASS %s %s" % (name, detail))
        else:
            self.failed += 1
            self.out("FAIL %s %s" % (name, detail))

    def take(self, run, label):
        """Count a runner's records; echo its other output (tracebacks, prints)."""
        records = 0
        for line in run.lines:
            if line.startswith("@@PASS\t") or line.startswith("@@FAIL\t"):
                records += 1
                _, name, detail = (line.split("\t", 2) + [""])[:3]
                self.record(line.startswith("@@PASS"), name, "(%s)" % detail if detail else "")
            elif not line.startswith("@@"):
                self.out("    " + line)
        if run.code != 0:
            self.record(False, "%s runner" % label, "exited %s: %s" % (run.code, run.stderr.strip()[-2000:]))
        elif run.stderr.strip():
            self.out(run.stderr.rstrip())
        return records


def scenario_outputs(lines):
    """Scenario name -> [(script line index, output line)] from the runner's records."""
    outs = {}
    current = None
    for line in lines:
        if line.startswith("@@BEGIN\t"):
            current = line.split("\t", 1)[1]
            outs[current] = []
        elif line.startswith("@@END\t"):
            current = None
        elif line.startswith("@@OUT\t") and current is not None:
            _, index, text = line.split("\t", 2)
            outs[current].append((int(index), text))
    return outs


def cpython_scenario(lines):
    """The same run as the MicroPython side's (runner.scenario_lines), under CPython."""
    from sim import headless
    return scenario_lines(headless, lines)


def scenario_lines(headless, lines):
    """(index of the script line, output line) for every line the script prints; a
    script error ends it with an "error: ..." line (as runner.scenario_lines)."""
    where = [0]
    out = []

    def numbered():
        for i, line in enumerate(lines):
            where[0] = i
            yield line

    failure = headless.run_script(numbered(), lambda text: out.append((where[0], text)))
    if failure:
        out.append((where[0], "error: line %d: %s" % failure))
    return out


def same_line(a, b):
    """Equal output lines; a state's JSON compares as data (dict order differs)."""
    if a == b:
        return True
    if a[1][:1] in "{[" and b[1][:1] in "{[" and a[0] == b[0]:
        try:
            return json.loads(a[1]) == json.loads(b[1])
        except ValueError:
            return False
    return False


def compare(source, origin, upy, cpy):
    """None if the interpreters agree, else the first difference, located in source."""
    for i in range(max(len(upy), len(cpy))):
        a = upy[i] if i < len(upy) else (None, "<nothing>")
        b = cpy[i] if i < len(cpy) else (None, "<nothing>")
        if not same_line(a, b):
            at = a[0] if a[0] is not None else b[0]
            number = origin[at]
            where = "line %d `%s`" % (number, source[number - 1].strip()) if number else "boot"
            return ("after %s (output %d):\n      MicroPython: %s\n      CPython:     %s"
                    % (where, i + 1, a[1], b[1]))
    return None


def check_scenario(source, origin, cpy):
    """Problems of the script itself (CPython run): a script error, and `#expect TEXT`
    lines whose TEXT is not in the latest state before them."""
    problems = [text for _, text in cpy if text.startswith("error: ")]
    for number, line in enumerate(source, 1):
        if line.strip().startswith("#expect "):
            want = line.strip()[len("#expect "):]
            states = [t for i, t in cpy if origin[i] < number and t.startswith("{")]
            if not states or want not in states[-1]:
                problems.append("line %d: expected %s in the state %s"
                                % (number, want, states[-1] if states else "(none)"))
    return problems


def run_all(select=None, heap=HEAP, out=print, build_dir=BUILD, tests_dir=TESTS,
            scenarios_dir=SCENARIOS):
    """Runs every check; prints PASS/FAIL lines and `N passed, N failed`. Returns Results."""
    results = Results(out)
    tests = [m for m in test_modules(tests_dir) if not select or select in m]
    scenarios = [(os.path.basename(p)[:-4], read_scenario(p)) for p in scenario_files(scenarios_dir)]
    scenarios = [(n, l) for n, l in scenarios if not select or select in n]
    expanded = dict((n, expand(l)) for n, l in scenarios)
    have_sim = all(os.path.exists(os.path.join(ROOT, "sim", f)) for f in SIM_FILES)
    runs = [("imports and tests", Run(job_config(["imports", "tests"], heap, build_dir, tests_dir,
                                                  test_modules=tests)))]
    if scenarios and have_sim:
        jobs = [[n, expanded[n][0]] for n, _ in scenarios]
        runs.append(("scenarios", Run(job_config(["scenarios"], heap, build_dir, tests_dir,
                                                 scenarios=jobs))))
    for label, run in runs:
        out("== %s under MicroPython (wasm)" % label)
        run.wait()
        results.take(run, label)
        if label == "scenarios":
            upy = scenario_outputs(run.lines)
            for name, source in scenarios:
                lines, origin = expanded[name]
                cpy = cpython_scenario(lines)
                problem = compare(source, origin, upy.get(name, []), cpy)
                results.record(problem is None, "scenario %s (same frames and states on MicroPython "
                               "and CPython, %d output lines)" % (name, len(cpy)),
                               "" if problem is None else "\n      " + problem)
                problems = check_scenario(source, origin, cpy)
                results.record(not problems, "scenario %s (script and #expect lines)" % name,
                               "\n      ".join([""] + problems))
    if scenarios and not have_sim:
        results.record(False, "scenarios", "sim/%s missing" % " or sim/".join(SIM_FILES))
    out("%d passed, %d failed" % (results.passed, results.failed))
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-k", dest="select", help="only tests and scenarios whose name contains this")
    parser.add_argument("--no-build", action="store_true", help="test build/ as it is")
    parser.add_argument("--heap", type=int, default=HEAP, help="initial MicroPython heap, bytes")
    args = parser.parse_args(argv)
    if not args.no_build:
        try:
            build_tool.build()
        except build_tool.BuildError as error:
            print("build FAILED:\n%s" % error, file=sys.stderr)
            print("0 passed, 1 failed")
            return 1
    results = run_all(args.select, args.heap)
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
