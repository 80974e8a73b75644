"""The firmware on the virtual Pico (MicroPython's rp2 port on an emulated RP2040).
Its tests but the pure rules' (RULES_TESTS), every scenario through the real drivers, power
cuts, the key scan on the modelled wires, the XIP cache model, `make deploy`, the boot's pack
and issue #51's saves, side by side, a PASS or FAIL line each, then `N passed, N failed`
(README, "The virtual Pico"). Without a firmware image (or the bootrom) it says what is
missing and skips (exit 0).

    python -m host_tools.vpico.tests [-k SUBSTRING] [--no-deploy] [--jobs N]
"""
import argparse
import json
import os
import queue
import shutil
import sys
import tempfile
import threading

from host_tools import build as build_tool
from host_tools import upy_tests
from host_tools.vpico import board

ROOT = build_tool.ROOT
HERE = os.path.dirname(os.path.abspath(__file__))
# a loaded host runs the emulator slowly (emulated time is not affected): the firmware
# tests' run timed out at 1800 s with a load of 12 on 2 cores
TIMEOUT_S = 3600
# ... and its boot to the USB serial (0.5 CPU s) took over 30 s at a load of 24 on 2 cores
BOOT_TIMEOUT_S = 300


def compiled(path, name):
    """The .mpy of a host file (the Pico then need not compile it into its heap)."""
    with tempfile.TemporaryDirectory() as scratch:
        target = os.path.join(scratch, "out.mpy")
        code, out = build_tool.mpy_cross("-march=" + build_tool.MARCH, "-s", name, "-o", target, path)
        if code != 0:
            raise build_tool.BuildError("%s: %s" % (name, out))
        with open(target, "rb") as f:
            return f.read()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def pico_files(job, build_dir=upy_tests.BUILD, tests_dir=upy_tests.TESTS):
    """{path on the Pico: bytes}: the build (less main.py, which would take over the
    board at boot), the firmware tests, the simulator's headless player, the runners."""
    files = board.build_files(build_dir, skip=("main.py",))
    for name in sorted(os.listdir(tests_dir)):
        path = os.path.join(tests_dir, name)
        if name.endswith(".py"):
            files["/tests/firmware/%s.mpy" % name[:-3]] = compiled(path, name)
        elif os.path.isfile(path):
            files["/tests/firmware/" + name] = read(path)
    for name in upy_tests.SIM_FILES:
        files["/host/sim/%s.mpy" % name[:-3]] = compiled(os.path.join(ROOT, "sim", name), "sim/" + name)
    files["/host/sim/__init__.py"] = b""
    files["/host/runner.mpy"] = compiled(upy_tests.RUNNER, "runner.py")
    files["/host/pico_scenarios.mpy"] = compiled(os.path.join(HERE, "pico_scenarios.py"), "pico_scenarios.py")
    files["/upy_args.json"] = json.dumps(job).encode()
    return files


def runner_job(build_dir=upy_tests.BUILD):
    """The runner's /upy_args.json, but its modes and test modules: checks_code() sets
    those for each run."""
    return {
        "pico_modules": upy_tests.PICO_MODULES,
        "pico_names": upy_tests.PICO_NAMES,
        "firmware_modules": upy_tests.firmware_modules(build_dir),
        "sys_path": ["/host", "/tests/firmware"],
        "extra_imports": [["main.py", m] for m in upy_tests.main_imports(os.path.join(build_dir, "main.py"))],
        "native_modules": [],  # the rp2 port runs native code: every module must import
    }


def checks_code(modes, test_modules=()):
    """Runs the runner's checks of `modes` (its JOB's, for these test modules)."""
    return ("import sys\nsys.path.append('/host')\nimport runner\nrunner.JOB['modes'] = %r\n"
            "runner.JOB['test_modules'] = %r\nwhile runner.NEXT():\n    pass\n" % (list(modes), list(test_modules)))


def scenario_code(name, lines):
    return ("import sys\nsys.path.append('/host')\nimport pico_scenarios\npico_scenarios.play(%r, %r)\n"
            % (name, lines))


class Session:
    """A virtual Pico with the test files in its flash, and the raw REPL open."""

    def __init__(self, files, workdir):
        self.files, self.workdir = files, workdir
        os.makedirs(workdir, exist_ok=True)
        self.flash = os.path.join(workdir, "flash.bin")
        board.make_flash(self.flash, files)
        self.pico = board.Pico(flash=self.flash)
        self.pico.enter_raw(BOOT_TIMEOUT_S)

    def run(self, code, on_line, timeout=TIMEOUT_S):
        """Runs code; calls on_line(text) for each line it prints. Returns the error
        text (a traceback) or ''."""
        pending = [""]

        def out(text):
            pending[0] += text
            while "\n" in pending[0]:
                line, pending[0] = pending[0].split("\n", 1)
                on_line(line.rstrip("\r"))

        _, error = self.pico.exec_raw(code, timeout, out)
        if pending[0]:
            on_line(pending[0])
        return error

    def soft_reset(self):
        """A fresh interpreter (the heap emptied), in the raw REPL again."""
        self.pico.soft_reset()

    def restart(self):
        """A new virtual Pico on a fresh flash of the same files (after one that failed)."""
        self.close()
        self.__init__(self.files, self.workdir)

    def close(self):
        self.pico.close()


def chain_to_levels(data):
    """A decoded LED frame (wire order GRB, chain positions) as the simulator's levels
    (RGB, cell order), through the pin map's chain layout."""
    from drivers.pixels_setup import from_pins

    layout = from_pins()
    order = (1, 0, 2)
    levels = bytearray(layout.cells * 3)
    for cell in range(layout.cells):
        base = layout.table[cell] * 3
        for ch in range(3):
            if base + order[ch] < len(data):
                levels[cell * 3 + ch] = data[base + order[ch]]
    return levels


def check_tones(name, source, tones, results):
    """The buzzer pin's PWM (decoded by the harness) sounds only the notes of the sound
    table, as square waves, and a script that presses keys makes it sound."""
    from drivers.sound import DUTY_ON, SOUNDS

    notes = set(hz for sound in SOUNDS.values() for hz, _ in sound if hz)
    heard = [(hz, duty) for _, hz, duty in tones if hz]
    wrong = [(hz, duty) for hz, duty in heard  # the PWM's divider lands within 1 Hz of a note
             if min(abs(hz - n) for n in notes) > 1 or abs(duty - DUTY_ON / 65536) > 0.01]
    presses = any(line.split()[:1] in (["press"], ["hold"]) for line in source)
    ok = not wrong and (bool(heard) or not presses)
    results.record(ok, "scenario %s (the buzzer's PWM: %d notes, all from the sound table)" % (name, len(heard)),
                   "" if ok else "(heard %s)" % (wrong or "nothing"))


def run_checks(session, tests, results, imports=False):
    """The runner's records as they come (the run's progress), each with the CPU seconds
    its virtual Pico spent on it; the costliest are listed at the end."""
    pid = session.pico.proc.pid
    last = [board.cpu_seconds(pid)]
    costs = []

    def on_line(line):
        run = upy_tests.Run.__new__(upy_tests.Run)
        run.lines, run.code, run.stderr = [line], 0, ""
        if line.startswith("@@PASS\t") or line.startswith("@@FAIL\t"):
            now = board.cpu_seconds(pid)
            costs.append((now - last[0], line.split("\t")[1]))
            last[0] = now
            run.lines = [line + " %.1f CPU s" % costs[-1][0]]
        results.take(run, "")

    # each test module in an interpreter of its own (a soft reset between them), the
    # imports of every module last in theirs: the names a module interns stay (never
    # freed), and every new string is looked up among all of them (qstr_find_strn: a
    # quarter of these checks' time when the modules ran one after the other)
    runs = [(("tests",), [module]) for module in tests] + ([(("imports",), [])] if imports else [])
    fresh = True  # (booted, or restarted: no soft reset needed)
    for modes, modules in runs:
        what = ", ".join(modules) or "the imports"
        try:
            if not fresh:
                session.soft_reset()
            fresh = False
            error = session.run(checks_code(modes, modules), on_line)
        except board.VpicoError as e:  # (a board that hangs): the next file runs on a new one
            results.record(False, "%s on the virtual Pico runner" % what, "(%s)" % e)
            session.restart()
            fresh = True
            continue
        if error:
            results.record(False, "%s on the virtual Pico runner" % what, "exited: %s" % error.strip()[-2000:])
    costs.sort(reverse=True)
    results.out("the costliest: " + ", ".join("%s %.1f s" % (name, cpu) for cpu, name in costs[:8]))


# CPython's App (a scenario's run, the power cuts' saves and boots) loads and unloads the
# firmware's modules (its parts) in this process's sys.modules: one at a time (two side
# by side raised KeyError: 'app.setup', 'app.menu')
CPYTHON = threading.RLock()


def one_cpython_app(func):
    """func runs the firmware's App on CPython: under CPYTHON."""
    def run(*args, **kwargs):
        with CPYTHON:
            return func(*args, **kwargs)
    return run


def run_scenario(session, name, source, results):
    lines, origin = upy_tests.expand(source)
    with CPYTHON:
        cpy = upy_tests.cpython_scenario(lines)  # (this also puts sim/ and firmware/ on sys.path)
    from sim import headless

    pico = session.pico
    out = []
    first_frame = len(pico.frames)
    first_tone = len(pico.tones)

    def on_line(text):
        if text.startswith("@@K\t"):
            _, key, down = text.split("\t")
            pico.key(int(key), down == "1")
            pico.write(b"k")
        elif text.startswith("@@OUT\t") and "\t@@FRAME " in text:
            _, index, marker = text.split("\t")
            n = int(marker.split()[1])
            frames = pico.frames[first_frame:]
            if n < 1 or n > len(frames):
                out.append("@@OUT\t%s\t(no LED frame %d: %d decoded)" % (index, n, len(frames)))
            else:
                for row in headless.frame_lines(chain_to_levels(frames[n - 1][1])):
                    out.append("@@OUT\t%s\t%s" % (index, row))
        else:
            out.append(text)

    cpu = board.cpu_seconds(pico.proc.pid)
    error = session.run(scenario_code(name, lines), on_line)
    cpu = board.cpu_seconds(pico.proc.pid) - cpu
    for text in out:
        if not text.startswith("@@"):
            results.out("    " + text)
    if error:
        results.record(False, "scenario %s (runs on the virtual Pico)" % name, "\n" + error)
        return
    check_tones(name, source, pico.tones[first_tone:], results)
    upy = upy_tests.scenario_outputs(out).get(name, [])
    problem = upy_tests.compare(source, origin, upy, cpy)
    results.record(problem is None, "scenario %s (real drivers on the virtual Pico: same frames and "
                   "states as CPython, %d output lines; %.1f CPU s)" % (name, len(cpy), cpu),
                   "" if problem is None else "\n      " + problem.replace("MicroPython:", "vPico:      "))


def run_powercuts(results, moves=1):
    """host_tools.vpico.powercut, small: the first move of every tile (and the settings)."""
    from host_tools.vpico import powercut

    lines = []
    tried, lost, figures = powercut.run(seed=3, max_moves=moves, out=lines.append, main_torn=True)
    for line in lines + powercut.bench_lines(tried, lost, figures)[-1:]:  # (and where its time went)
        results.out("    " + line)
    results.record(lost == 0 and tried >= 2 * figures["saves"] and figures["app_boots"] > 0,
                   "power cuts on the rp2 littlefs: every flash erase and program of the first %d move(s) of "
                   "every tile, cut before it and torn: %d cuts, %d games lost, %d App boots"
                   % (moves, tried, lost, figures["app_boots"]))
    results.record(figures["main_boots"] >= 3 and figures["main_failed"] == 0,
                   "power cuts on the rp2 littlefs: main.py powered up from reset on the first torn cut of each "
                   "kind: %d power-ups, %d failed" % (figures["main_boots"], figures["main_failed"]))


JOBS = 3  # checks run side by side (VPICO_JOBS): each on its own virtual Pico
# The order they start in: the costliest first, so that the run does not end on one
# long check alone on a core (CPU s and wall s of each, measured on 2026-12-05, seventh
# session: the power cuts 146 and 231, the deploy 131 and 181 (mpremote's waits make it
# long in wall time), the firmware tests 1 101 and 186, 3 97 and 153, 2 80 and 131;
# the scenarios, from one queue, 115 and 64 CPU s)
ORDER = ("power cuts", "deploy", "firmware tests 1", "firmware tests 3", "firmware tests 2", "scenarios 1",
         "scenarios 2", "saves")
SCENARIO_SESSIONS = 2  # this many booted Picos take the scenarios from one queue


class Queue:
    """Work taken one item at a time by jobs side by side: a job that is free takes the
    next, so they end together (a share fixed in advance left one job running alone
    at the end of the run, a core idle)."""

    def __init__(self, items):
        self.items = queue.Queue()
        for item in items:
            self.items.put(item)

    def empty(self):
        return self.items.empty()

    def __iter__(self):
        while True:
            try:
                yield self.items.get_nowait()
            except queue.Empty:
                return


# The firmware's tests of the pure rules (one module per game: no I/O, no clock, no
# native code; tests that import only games' rules modules, no player) run on MicroPython under wasm (`make
# test-upy`: the same v1.27 VM on the same .mpy files) and on CPython (pytest), not here:
# the rp2 port adds nothing to them (no viper or native code, machine, PIO, littlefs or
# timing in them), and every game's rules run on the virtual Pico anyway, in its
# scenario through the real drivers, and in the import of every module. Everything else
# runs here: the drivers (viper code, PIO, the matrix's pins, the PWM, littlefs), the
# app's parts and the players (the board's heaviest code: its search in the Pico's heap
# and stack). A new test file runs here unless it is named below.
RULES_TESTS = (  # (not Squeeze's: on the Pico its rules run native code, games/squeeze/rules_viper.py)
    "test_connect4", "test_cubes", "test_cubes_example", "test_foursquare", "test_foursquare_example",
)
# The firmware tests here in shares, each on a Pico of its own, about even in CPU
# seconds (measured, `done in` and the costliest lines: the players' 81 and the imports
# of every module 31; test_keys 89 and the pixels' 17; the rest about 115): the first
# share also imports every module.
TEST_SHARES = (("test_players",), ("test_keys", "test_pixels", "test_pixels_pio"), ("*",))


def test_shares(tests, shares=TEST_SHARES):
    """The tests split as `shares` says ('*': every test named in no share), less
    the empty shares but the first (the imports)."""
    named = set(name for share in shares for name in share)
    out = []
    for i, share in enumerate(shares):
        mine = [t for t in tests if t in share or "*" in share and t not in named]
        if mine or not i:
            out.append(mine)
    return out


class Printer:
    """Lines from checks running side by side, each whole and tagged with its check's
    name, printed as they come (the run's progress)."""

    def __init__(self, out=print):
        self.lock = threading.Lock()
        self.write = out

    def tagged(self, tag):
        def out(line):
            with self.lock:
                self.write("[%s] %s" % (tag, line))
        return out


def session_job(files, workdir, tests, scenarios, imports=False):
    """A job: one virtual Pico booted once with the test files, then the firmware's
    tests (if `tests`: each test file, and the imports if `imports`) and the
    scenarios (a list, or a Queue shared with other jobs), a soft reset before each but
    the first."""
    def job(results):
        if tests is None and isinstance(scenarios, Queue) and scenarios.empty():
            return  # (the other jobs took them all: no Pico to boot)
        session = Session(files, workdir)
        try:
            if tests is not None:
                run_checks(session, tests, results, imports)
            for name, source in scenarios:
                session.soft_reset()
                try:
                    run_scenario(session, name, source, results)
                except board.VpicoError as e:  # this scenario failed: the next one runs
                    results.record(False, "scenario %s" % name, "(%s)" % e)
                    session.restart()
        finally:
            session.close()
    return job


LOWER = 5  # the nice steps of every check's Picos but the deploy's (mpremote times that one)


def run_jobs(jobs, printer, workers=JOBS):
    """Runs the jobs [(name, job(results))] side by side, at most `workers` at once; a
    job that raises is recorded as a failed check and the others go on. Returns the
    (passed, failed) of them all. The deploy's Picos run at this process's priority,
    the others' LOWER below it."""
    import time

    todo = queue.Queue()
    for job in jobs:
        todo.put(job)
    totals = [0, 0, 0.0]
    lock = threading.Lock()

    def worker():
        while True:
            try:
                name, job = todo.get_nowait()
            except queue.Empty:
                return
            out = printer.tagged(name)
            results = upy_tests.Results(out)
            board.run_lower(0 if name == "deploy" else LOWER)
            cpu = [0.0]
            board.count_cpu(cpu)
            start = time.time()
            out("started")
            try:
                job(results)
            except Exception as e:  # a check that fails, not a run that stops
                results.record(False, "%s (it stopped)" % name, "%s: %s" % (type(e).__name__, e))
            out("done in %.0f s wall, %.0f CPU s (its virtual Picos' user+sys): %d passed, %d failed"
                % (time.time() - start, cpu[0], results.passed, results.failed))
            with lock:
                totals[2] += cpu[0]
                totals[0] += results.passed
                totals[1] += results.failed

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, min(workers, len(jobs))))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return totals


def run_all(select=None, deploy=True, out=print, workers=None):
    """Every check (or those whose name contains `select`), side by side; the closing
    line `N passed, N failed` always comes (a check that raises is a failed one)."""
    import time

    start = time.time()
    printer = Printer(out)
    results = upy_tests.Results(printer.tagged("vpico"))
    workdir = tempfile.mkdtemp(prefix="vpico-")
    try:
        jobs = []
        try:
            build_tool.build(log=lambda *_: None)
            tests = [m for m in upy_tests.test_modules() if m not in RULES_TESTS and (not select or select in m)]
            scenarios = [(os.path.basename(p)[:-4], upy_tests.read_scenario(p)) for p in upy_tests.scenario_files()]
            scenarios = [(n, l) for n, l in scenarios if not select or select in n]
            files = pico_files(runner_job())
            # the first share of the tests and the imports, then the others' shares, each
            # on a Pico of its own (the same files)
            for i, share in enumerate(test_shares(tests)):
                if not i and not (share or not select):
                    continue
                jobs.append(("firmware tests %d" % (i + 1),
                             session_job(files, os.path.join(workdir, "t%d" % i), share, [], imports=not i)))
            shared = Queue(scenarios)
            for i in range(min(SCENARIO_SESSIONS, len(scenarios))):
                jobs.append(("scenarios %d" % (i + 1), session_job(files, os.path.join(workdir, "s%d" % i), None, shared)))
        except (board.VpicoError, build_tool.BuildError) as e:
            results.record(False, "virtual Pico: the test files", str(e))
        if not select or "power" in select:
            jobs.append(("power cuts", run_powercuts))
        if not select or "wire" in select:
            from host_tools.vpico import wire_checks

            def wire_job(results):
                wire_checks.run(results, workdir)

            jobs.append(("wires", wire_job))
        if not select or "xip" in select:
            from host_tools.vpico import xip_checks

            def xip_job(results):
                xip_checks.run(results, workdir)

            jobs.append(("xip", xip_job))
        if not select or "saves" in select:
            from host_tools.vpico import saves_checks

            def saves(results):
                os.makedirs(os.path.join(workdir, "saves"))
                saves_checks.run(results, os.path.join(workdir, "saves"))

            jobs.append(("saves", saves))
        if not select or "boot" in select or "pack" in select:
            from host_tools.vpico import pack_checks

            def packs(results):
                os.makedirs(os.path.join(workdir, "pack"))
                pack_checks.run(results, os.path.join(workdir, "pack"))

            jobs.append(("boot pack", packs))
        if deploy and (not select or "deploy" in select):
            from host_tools.vpico import deploy_checks

            def deploys(results):
                os.makedirs(os.path.join(workdir, "deploy"))
                deploy_checks.run(results, os.path.join(workdir, "deploy"))

            jobs.append(("deploy", deploys))
        jobs.sort(key=lambda job: ORDER.index(job[0]) if job[0] in ORDER else len(ORDER))
        workers = workers or int(os.environ.get("VPICO_JOBS", JOBS))
        out("== %d checks on the virtual Pico, %d side by side: %s" % (len(jobs), workers, ", ".join(n for n, _ in jobs)))
        passed, failed, cpu = run_jobs(jobs, printer, workers)
        out("== the virtual Picos used %.0f CPU s (user+sys)" % cpu)
        results.passed += passed
        results.failed += failed
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    out("== %.0f s" % (time.time() - start))
    out("%d passed, %d failed" % (results.passed, results.failed))
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-k", dest="select", help="only tests and scenarios whose name contains this")
    parser.add_argument("--no-deploy", action="store_true", help="leave out the deploy checks")
    parser.add_argument("--jobs", type=int, help="checks run side by side (default $VPICO_JOBS or %d)" % JOBS)
    args = parser.parse_args(argv)
    lacking = board.missing()
    if lacking:
        print("virtual Pico tests SKIPPED: missing %s" % "; ".join(lacking))
        return 0
    results = run_all(args.select, not args.no_deploy, lambda line: print(line, flush=True), args.jobs)
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
