"""Where the RAM goes: the live heap each firmware module costs as it is imported (in
the order the board loads them), and the big objects, under real MicroPython (the
wasm port, as `make test-upy`) or on the virtual Pico (`--vpico`: the rp2 port's own
heap). A module's cost is its bytecode, constants and globals, plus the qstrs (names
and short strings) it adds to MicroPython's qstr pool, which are never freed: a table
line says how many qstrs it added and what they cost, pool growth included (the pool
grows by doubling: on the rp2 port at 20, 60, 140, 300, 620 and 1260 qstrs; the pool
of 1280 names that the 1261st needs costs 7.5 KB at once).

    python -m host_tools.ram_map [--no-build] [--vpico]

Prints one line a step: `RAM <step> <bytes> bytes <n> qstrs <bytes> qstr bytes`, then
the totals. Exit status 1 if the interpreter fails.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from host_tools import build as build_tool
from host_tools import upy_tests

RAM_UPY = os.path.join(upy_tests.UPY_DIR, "ram_map_upy.py")
# (label, code): the board's boot (main.py: the port's drivers, then the app and its
# menu; start.BOOT_MODULES, loaded here too, are freed before its loop, and the gamma
# curve's module once the menu has the curve), then what a game adds, then the menu's
# screens loaded when shown, then every game's rules and controller, then the big objects.
BOOT = ("compat", "app.grid", "app.colors", "app.frame", "app.catalog", "app.saves", "app.saves_read", "app.app",
        "app.menu", "pins", "drivers.pixels", "drivers.gamma_data", "drivers.pixels_setup", "drivers.keys",
        "drivers.keys_setup", "drivers.sound", "drivers.storage", "drivers.clock", "ports.rp2")
GAME_CORE = ("games", "games.base", "games.rng", "app.controller", "games.search")
MENU_SCREENS = ("app.font", "app.setup", "app.setup_pictures", "app.names_en", "app.attract")  # (app.names_fr instead in French)
OBJECTS = (
    ("sim.drivers (the simulator's drivers, not on a Pico)", "import sim.drivers"),
    ("object: ChainLayout (the chain table)", "L = drivers.pixels_setup.ChainLayout()"),
    ("object: Pixels (its gamma table) and a 432-byte strip",
     "P = drivers.pixels.Pixels(sim.drivers.SimStrip(), L)"),
    ("object: a gamma/brightness table", "T = drivers.pixels.gamma_table(50)"),
    ("object: a Frame", "F = app.frame.Frame()"),
    ("object: a Buzzer", "Z = drivers.sound.Buzzer()"),
    ("object: the App in its menu (and its own Pixels)",
     "import drivers.storage as s; B = sim.drivers.SimBoard(storage=s.FileStorage('/ram_map'))"),
)


def steps():
    from app.catalog import game_ids  # firmware/ is on the path (see main)
    from app import catalog, setup

    out = [(m, "import " + m) for m in BOOT + GAME_CORE + MENU_SCREENS]
    for game in game_ids():
        out.append(("games.%s.rules" % game, "import games.%s.rules" % game))
        screen = setup.screen_module(game)
        out.append((screen, "import " + screen))
    for game, variant in sorted(set((t[0], t[2]) for t in catalog.TILES if t[2])):
        module = setup.screen_module(game, variant)
        out.append(("games.%s.%s" % (game, variant), "import games.%s.%s" % (game, variant)))
        out.append((module, "import " + module))
    return out + list(OBJECTS)


def parse(lines):
    """[(label, heap bytes, qstrs, qstr bytes)] from the script's output: each step's
    qstr counts are the difference of the pool's totals before and after it."""
    rows = []
    last = None
    for line in lines:
        if line.startswith("@@R\t"):
            _, label, heap = line.split("\t")
            rows.append([label, int(heap), 0, 0])
        elif line.startswith("qstr pool:"):
            fields = dict(re.findall(r"(\w+)=(\d+)", line))
            now = (int(fields["n_qstr"]), int(fields["n_total_bytes"]))
            if last is not None and rows:
                rows[-1][2], rows[-1][3] = now[0] - last[0], now[1] - last[1]
            last = now
    return [tuple(r) for r in rows]


def run_wasm(job_steps, build_dir):
    config = upy_tests.job_config([], upy_tests.HEAP, build_dir)
    config["script"] = RAM_UPY
    config["args"]["steps"] = job_steps
    proc = subprocess.run(upy_tests.node_command(config), capture_output=True, text=True,
                          cwd=build_tool.ROOT, timeout=upy_tests.TIMEOUT_S)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip()[-2000:])
    return proc.stdout.splitlines()


def run_vpico(job_steps, build_dir):
    from host_tools.vpico import board
    from host_tools.vpico.tests import compiled, pico_files

    config = upy_tests.job_config([], upy_tests.HEAP, build_dir)
    files = pico_files(dict(config["args"], sys_path=["/host"], steps=job_steps), build_dir)
    files["/host/ram_map_upy.mpy"] = compiled(RAM_UPY, "ram_map_upy.py")
    out = []
    with tempfile.TemporaryDirectory() as work:
        flash = os.path.join(work, "flash.bin")
        board.make_flash(flash, files)
        with board.Pico(flash=flash) as pico:
            pico.enter_raw()
            _, error = pico.exec_raw(b"import sys\nsys.path.append('/host')\nimport ram_map_upy\n"
                                     b"while ram_map_upy.NEXT():\n    pass\n", 1800, out.append)
    if error:
        raise RuntimeError(error)
    return "".join(out).replace("\r", "").split("\n")


def table(rows):
    lines = []
    width = max(len(r[0]) for r in rows) if rows else 10
    for label, heap, qstrs, qbytes in rows:
        lines.append("RAM %-*s %7d bytes %4d qstrs %6d qstr bytes" % (width, label, heap, qstrs, qbytes))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="measure build/ as it is")
    parser.add_argument("--vpico", action="store_true", help="on the virtual Pico (the rp2 port's heap)")
    args = parser.parse_args(argv)
    try:
        if not args.no_build:
            build_tool.build(log=lambda _: None)
        if args.vpico:
            from host_tools.vpico import board

            if board.missing():
                print("# virtual Pico skipped: missing %s" % "; ".join(board.missing()))
                return 0
            lines = run_vpico(steps(), upy_tests.BUILD)
        else:
            lines = run_wasm(steps(), upy_tests.BUILD)
    except (build_tool.BuildError, RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        print("ram_map FAILED: %s" % error, file=sys.stderr)
        return 1
    rows = parse(lines)
    print("# %s: live heap added by each step (gc.mem_alloc() after a collection)"
          % ("the virtual Pico (rp2 port)" if args.vpico else "MicroPython (wasm)"))
    for line in table(rows):
        print(line)
    boot = [r for r in rows if r[0] in BOOT]
    print("RAM total_boot_modules %d bytes %d qstrs %d qstr bytes"
          % (sum(r[1] for r in boot), sum(r[2] for r in boot), sum(r[3] for r in boot)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
