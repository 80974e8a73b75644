"""Copies build/ (what `make build` made) onto the Pico with mpremote (pinned).

    python -m host_tools.deploy [--port PORT] [--dry-run]

PORT is a serial port (/dev/ttyACM0, COM3) or `auto` (the default: the first board
found). --dry-run prints the commands and runs nothing. With no board attached it
says so and exits 1. Steps:
  0. check the board: an RP2040 (a Pico, a Pico W: the firmware drives that chip's own
     registers), its MicroPython the build's (build.MPY_VERSION), loading the build's
     .mpy version; else the deploy is refused (exit 1) and nothing changes;
  1. remove from the board the .py twin of every module deployed as .mpy (MicroPython
     imports x.py before x.mpy, so a stale source would hide the new build), and every
     module in the build's folders that the build no longer has (an older layout's:
     flash a saved game may need);
  2. `fs cp -r` everything in build/ to the board's root (mpremote skips unchanged
     files); saved games and settings (/data) are left alone;
  3. reset the board, which then runs the new main.py.
"""
import argparse
import os
import shlex
import subprocess
import sys
import time

from host_tools.build import BUILD, MPY_VERSION, ROOT

MPREMOTE = [sys.executable, "-m", "mpremote"]
TIMEOUT_S = 120
RETRY_S = 2
NO_BOARD_HINTS = ("no device found", "failed to access", "could not enter raw repl",
                  "no such file or directory", "could not open port")


SAVES_FOLDER = "/data"  # the board's saved games and settings (drivers.storage.FileStorage): never cleaned
NOT_DEPLOYED = ("web",)  # build/web: the browser's page (make web), not the Pico's files


class DeployError(Exception):
    pass


def deployed_entries(build_dir=BUILD):
    """The top-level files and folders of build/, in a stable order."""
    if not os.path.isdir(build_dir) or not os.listdir(build_dir):
        raise DeployError("nothing to deploy: %s is missing or empty (run `make build`)"
                          % os.path.relpath(build_dir, ROOT))
    return sorted(name for name in os.listdir(build_dir) if name not in NOT_DEPLOYED)


def deployed_files(build_dir=BUILD):
    """Every file a board gets of build/ ('app/menu.mpy', 'main.py', with /), sorted:
    the one list of a deploy and of the virtual Pico's flash (host_tools/vpico/board.py)."""
    found = []
    for entry in deployed_entries(build_dir):
        top = os.path.join(build_dir, entry)
        if not os.path.isdir(top):
            found.append(entry)
        for dirpath, _, filenames in os.walk(top):
            found += [os.path.relpath(os.path.join(dirpath, name), build_dir).replace(os.sep, "/") for name in filenames]
    return sorted(found)


def stale_sources(build_dir=BUILD):
    """'/app/menu.py' for each 'app/menu.mpy' in build/: the sources it replaces."""
    return ["/" + rel[:-4] + ".py" for rel in deployed_files(build_dir) if rel.endswith(".mpy")]


REFUSED = "DEPLOY-REFUSED"


def mpy_version(build_dir=BUILD):
    """The .mpy format version of the build (byte 1 of every .mpy header), or None."""
    versions = set()
    for rel in deployed_files(build_dir):
        if rel.endswith(".mpy"):
            with open(os.path.join(build_dir, rel), "rb") as f:
                head = f.read(2)
            if len(head) == 2 and head[:1] == b"M":
                versions.add(head[1])
    if len(versions) > 1:
        raise DeployError("the build mixes .mpy versions %s: rebuild it (`make build`)" % sorted(versions))
    return versions.pop() if versions else None


def cleanup_code(paths, version=MPY_VERSION, mpy=None, folders=(), keep=()):
    """MicroPython code that first checks the board (an RP2040; its MicroPython's version
    must start with `version`, and it must load .mpy version `mpy`), printing REFUSED
    and changing nothing if not; then removes each path if it is there, and every .py
    or .mpy file under `folders` ('/app', ...) that is not in `keep` (the build's files,
    '/app/menu.mpy'): the saves' folder is never one of them."""
    return ("import os, sys\nv = '%%d.%%d.%%d' %% sys.implementation.version[:3]\n"
            "m = getattr(sys.implementation, '_mpy', 0) & 0xff\n"
            "c = 'RP2040' if 'RP2040' in os.uname().machine.upper() else 'other-chip'\n"
            "if c != 'RP2040' or not ('v' + v).startswith(%r) or %r not in (None, m):\n"
            "    print(%r, v, m, c)\n"
            "else:\n"
            "  for p in %r:\n    try:\n        os.remove(p)\n"
            "    except OSError:\n        pass\n"
            "  def old(d, keep):\n"
            "    for n in os.listdir(d):\n"
            "      p = d + '/' + n\n"
            "      if os.stat(p)[0] & 0x4000:\n        old(p, keep)\n"
            "      elif (n.endswith('.py') or n.endswith('.mpy')) and p not in keep:\n        os.remove(p)\n"
            "  for d in %r:\n    try:\n        old(d, %r)\n"
            "    except OSError:\n        pass\n" % (version, mpy, REFUSED, paths, list(folders), sorted(keep)))


def code_folders(build_dir=BUILD):
    """The build's top-level folders, as the board names them ('/app', '/games', ...)."""
    return ["/" + e for e in deployed_entries(build_dir)
            if os.path.isdir(os.path.join(build_dir, e)) and "/" + e != SAVES_FOLDER]


def refusal(output, version=MPY_VERSION, mpy=None):
    """The clear error for a board that answered REFUSED, else None."""
    for line in output.splitlines():
        if line.startswith(REFUSED):
            words = line.split()
            board = words[1] if len(words) > 1 else "?"
            board_mpy = words[2] if len(words) > 2 else "?"
            if not ("v" + board).startswith(version):  # (the version first: an old board's words)
                why = "the board runs MicroPython v%s, but this build is for MicroPython %sx" % (board, version)
            elif len(words) > 3 and words[3] != "RP2040" and (mpy is None or board_mpy == str(mpy)):
                return ("the board is not an RP2040 (a Pico or a Pico W): this firmware drives that chip's "
                        "own registers (a Pico 2's RP2350 has others). Nothing was copied.")
            else:
                why = ("the board's MicroPython loads .mpy version %s, but this build's .mpy files are "
                       "version %s (made by another mpy-cross)" % (board_mpy, mpy))
            return ("%s: flash MicroPython %sx on the board (see the README's flashing steps) "
                    "or rebuild with `make build`. Nothing was copied." % (why, version))
    return None


def commands(port="auto", build_dir=BUILD, version=MPY_VERSION):
    """The mpremote commands a deploy runs, each a list of arguments (run in build/)."""
    connect = MPREMOTE + ["connect", port]
    return [
        connect + ["exec", cleanup_code(stale_sources(build_dir), version, mpy_version(build_dir),
                                        code_folders(build_dir), ["/" + f for f in deployed_files(build_dir)])],
        connect + ["fs", "cp", "-r"] + deployed_entries(build_dir) + [":"],
        connect + ["reset"],
    ]


def no_board_advice(port):
    """What to do when no Pico answers: a port that was asked for is named as such."""
    if port == "auto":
        return ("no Pico found on %s: connect the board over USB (and close any other "
                "program using its port), or pass --port." % port)
    missing = port.startswith("/dev/") and not os.path.exists(port)
    return ("no Pico found on %s, the port you passed%s: check its name (a Pico is "
            "usually /dev/ttyACM0 on Linux, /dev/cu.usbmodem* on a Mac, COM3.. on "
            "Windows), that the board is connected over USB, and that no other program "
            "is using it; or leave --port out to find the board." % (port, " (there is no such device)" if missing else ""))


def run(command, build_dir, retries=1):
    try:
        proc = subprocess.run(command, cwd=build_dir, capture_output=True, text=True,
                              timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise DeployError("mpremote did not finish in %d s: is the board busy? "
                          "(unplug and replug it, then retry)" % TIMEOUT_S)
    except OSError as error:
        raise DeployError("cannot run mpremote: %s (run `make setup`)" % error)
    output = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0 and retries and "could not enter raw repl" in output.lower():
        time.sleep(RETRY_S)  # a board just reset is still starting main.py: ask again
        return run(command, build_dir, retries - 1)
    if proc.returncode != 0:
        if any(hint in output.lower() for hint in NO_BOARD_HINTS):
            raise DeployError("%s\nmpremote said: %s" % (no_board_advice(command[len(MPREMOTE) + 1]), output))
        raise DeployError("mpremote failed (exit %d): %s\n%s"
                          % (proc.returncode, " ".join(command[len(MPREMOTE):]), output))
    return output


def deploy(port="auto", dry_run=False, build_dir=BUILD, out=print, version=MPY_VERSION):
    todo = commands(port, build_dir, version)
    for index, command in enumerate(todo):
        shown = ["mpremote"] + command[len(MPREMOTE):]
        if dry_run:
            out("(dry run) cd %s && %s" % (os.path.relpath(build_dir, ROOT), shlex.join(shown)))
            continue
        out("$ " + " ".join("<code>" if "\n" in arg else arg for arg in shown))
        output = run(command, build_dir)
        if index == 0:
            why = refusal(output, version, mpy_version(build_dir))
            if why:
                raise DeployError(why)
        if output:
            out(output)
    if not dry_run:
        out("deployed %s to the Pico" % os.path.relpath(build_dir, ROOT))
    return todo


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", default="auto", help="serial port of the Pico (default: auto)")
    parser.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    parser.add_argument("--build", default=BUILD, help="the build to deploy (default: build/)")
    args = parser.parse_args(argv)
    try:
        deploy(args.port, args.dry_run, args.build)
    except DeployError as error:
        print("deploy FAILED: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
