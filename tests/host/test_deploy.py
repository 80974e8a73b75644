# host_tools.deploy: the mpremote commands it would run (--dry-run), and a clear
# failure, never a traceback, with no board attached. No hardware is touched.
import os
import subprocess
import sys

import pytest

from host_tools import build, deploy


@pytest.fixture
def built(tmp_path):
    src = tmp_path / "firmware"
    for rel, text in {"main.py": "import app.menu\n", "app/__init__.py": "", "app/menu.py": "M = 1\n",
                      "compat.py": "C = 1\n"}.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    out = str(tmp_path / "build")
    build.build(str(src), out, log=lambda _: None)
    return out


def test_commands_copy_the_build_to_the_root_then_reset(built):
    cmds = deploy.commands("/dev/ttyACM0", built)
    args = [c[len(deploy.MPREMOTE):] for c in cmds]
    assert all(c[:len(deploy.MPREMOTE)] == deploy.MPREMOTE for c in cmds)
    assert args[0][:3] == ["connect", "/dev/ttyACM0", "exec"]
    # (boot.pack: the modules of app/ again, in one file: firmware/pack.py)
    assert args[1] == ["connect", "/dev/ttyACM0", "fs", "cp", "-r", "app", "boot.pack", "compat.mpy", "main.py", ":"]
    assert args[2] == ["connect", "/dev/ttyACM0", "reset"]


def test_stale_sources_are_removed_first(built):
    assert deploy.stale_sources(built) == ["/app/__init__.py", "/app/menu.py", "/compat.py"]
    code = deploy.commands("auto", built)[0][-1]
    compile(code, "cleanup", "exec")  # valid Python (and MicroPython) code
    assert "'/app/menu.py'" in code and "main.py" not in code.split("def old")[0]  # (only kept after)


def test_dry_run_prints_and_runs_nothing(built, capsys):
    assert deploy.main(["--dry-run", "--port", "COM3", "--build", built]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) >= 3 and all(line.startswith("(dry run)") for line in out if "mpremote" in line)
    assert "mpremote connect COM3 fs cp -r app boot.pack compat.mpy main.py :" in "\n".join(out)


def test_nothing_built_is_a_clear_error(tmp_path, capsys):
    assert deploy.main(["--dry-run", "--build", str(tmp_path / "none")]) == 1
    err = capsys.readouterr().err
    assert "make build" in err and "Traceback" not in err


def test_no_board_fails_with_a_message_and_exit_1(built):
    # a port that is surely not a Pico: mpremote cannot open it
    proc = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--port", "/dev/no-such-pico",
                           "--build", built], cwd=build.ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert "no Pico found on /dev/no-such-pico" in proc.stderr and "Traceback" not in proc.stderr
    # the port was passed: the message does not ask for it, it names it and says what to check
    assert "or pass --port" not in proc.stderr and "the port you passed (there is no such device)" in proc.stderr


def test_no_board_advice_names_a_passed_port_and_asks_for_one_otherwise():
    assert "or pass --port" in deploy.no_board_advice("auto")
    advice = deploy.no_board_advice("COM7")
    assert "COM7, the port you passed" in advice and "or pass --port" not in advice


def test_the_board_is_checked_before_anything_is_removed(built):
    assert deploy.mpy_version(built) == 6
    code = deploy.commands("auto", built)[0][-1]
    assert code.index(deploy.REFUSED) < code.index("os.remove")
    assert "'v1.27.'" in code and "6 not in" in code


def test_a_board_of_another_micropython_is_refused_clearly():
    why = deploy.refusal("DEPLOY-REFUSED 1.26.1 6\n", "v1.27.", 6)
    assert "runs MicroPython v1.26.1" in why and "v1.27.x" in why and "Nothing was copied" in why
    why = deploy.refusal("DEPLOY-REFUSED 1.27.0 6\n", "v1.27.", 5)
    assert ".mpy version 6" in why and "version 5" in why
    assert deploy.refusal("removed\n", "v1.27.", 6) is None
    why = deploy.refusal("DEPLOY-REFUSED 1.27.0 6 other-chip\n", "v1.27.", 6)
    assert "not an RP2040" in why and "Pico 2" in why and "Nothing was copied" in why
    why = deploy.refusal("DEPLOY-REFUSED 1.19.1 6 other-chip\n", "v1.27.", 6)  # an old one: its version first
    assert "runs MicroPython v1.19.1" in why


class FakeUname:
    def __init__(self, machine):
        self.machine = machine


def test_the_board_check_refuses_a_chip_other_than_the_rp2040_and_removes_nothing(monkeypatch, capsys):
    # run as a board would run it: here a "MicroPython" whose version fits (CPython's
    # own) on no RP2040 (os.uname() names a Pico 2's chip)
    removed = []
    monkeypatch.setattr(os, "uname", lambda: FakeUname("Raspberry Pi Pico2 with RP2350"))
    monkeypatch.setattr(os, "remove", removed.append)
    exec(deploy.cleanup_code(["/app/menu.py"], "v%d." % sys.implementation.version[0], None), {})
    out = capsys.readouterr().out
    assert out.startswith(deploy.REFUSED) and out.split()[-1] == "other-chip" and removed == []
    assert "not an RP2040" in deploy.refusal(out, "v%d." % sys.implementation.version[0])
    monkeypatch.setattr(os, "uname", lambda: FakeUname("Raspberry Pi Pico W with RP2040"))
    exec(deploy.cleanup_code(["/app/menu.py"], "v%d." % sys.implementation.version[0], None), {})
    assert capsys.readouterr().out == "" and removed == ["/app/menu.py"]


def test_make_deploy_passes_the_port_it_is_given():
    def deploy_line(*args):
        out = subprocess.run(["make", "-n", "deploy"] + list(args), cwd=build.ROOT, capture_output=True, text=True,
                             timeout=60).stdout
        return [line for line in out.splitlines() if "host_tools.deploy" in line][-1]

    assert deploy_line("PORT=/dev/ttyACM0").split()[-2:] == ["--port", "/dev/ttyACM0"]
    assert "--port" not in deploy_line()  # none: the board is found


def test_an_older_layouts_modules_are_removed_and_the_saves_kept(built, tmp_path, monkeypatch):
    # a board updated from an older layout (app/c_connect4.mpy, games/connect4.mpy, a
    # folder of them): the deploy's first step, run as the board runs it (here on a
    # folder standing for the board's flash), removes every module the build does not
    # have, in the build's folders only; the saves and what the build has stay
    board = tmp_path / "board"
    for rel in ("app/menu.mpy", "app/c_connect4.mpy", "app/old/part.py", "app/notes.txt",
                "data/game_connect4.json", "data/settings.json", "main.py", "extra.py"):
        (board / rel).parent.mkdir(parents=True, exist_ok=True)
        (board / rel).write_text("x")
    class BoardOs:  # the board's os module, over that folder
        def uname():
            return FakeUname("Raspberry Pi Pico with RP2040")

        def remove(path):
            os.remove(str(board) + path)

        def listdir(path):
            return os.listdir(str(board) + path)

        def stat(path):
            return os.stat(str(board) + path)

    code = deploy.commands("auto", built)[0][-1]
    assert code.startswith("import os, sys\n")
    code = code.replace("import os, sys\n", "import sys\n", 1)
    code = code.replace(repr(build.MPY_VERSION), repr("v%d." % sys.implementation.version[0]))
    code = code.replace("%r not in (None, m)" % deploy.mpy_version(built), "False")
    exec(code, {"os": BoardOs})
    left = sorted(str(p.relative_to(board)) for p in board.rglob("*") if p.is_file())
    assert left == ["app/menu.mpy", "app/notes.txt", "data/game_connect4.json", "data/settings.json",
                    "extra.py", "main.py"]
