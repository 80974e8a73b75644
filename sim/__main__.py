"""The simulator: `python -m sim` opens a pygame-ce window where there is a display,
the board in the terminal otherwise; `--headless` runs a script from stdin."""
import argparse
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any import of pygame: no banner
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware")]

from app.catalog import LANGS  # noqa: E402 (the languages of the board's menu setting)

DEFAULT_SAVES = os.path.join(ROOT, "sim-saves")  # games survive a restart, as on the Pico


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim", description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="run a script from stdin (see sim/headless.py)")
    mode.add_argument("--terminal", action="store_true", help="the board in this terminal")
    mode.add_argument("--window", action="store_true", help="the board in a pygame-ce window")
    mode.add_argument("--vpico", action="store_true", help="the window on the virtual Pico (host_tools/vpico)")
    parser.add_argument("--saves", metavar="DIR", help="keep settings and games in DIR (default: sim-saves/, headless: memory)")
    parser.add_argument("--lang", choices=LANGS, help="the language of the names and messages for this run (en, fr; default: the "
                        "board's menu setting, English at first; --vpico: set it on the board's menu, j1/k1)")
    args = parser.parse_args(argv)  # exits 2 with a usage message on bad arguments
    from app.words import translate
    from host_tools.inputs import escaped

    if args.saves is not None:
        why = saves_dir_error(args.saves)
        if why:
            parser.error(escaped(translate(args.lang or "en", why)))

    from drivers.storage import FileStorage

    if args.headless:
        from host_tools.inputs import read_lines
        from sim.headless import run_script

        storage = FileStorage(args.saves) if args.saves else None

        def write(text):
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

        try:
            failure = run_script(read_lines(sys.stdin.buffer), write, storage, args.lang)
        except BrokenPipeError:  # the reader left (`| head`): nothing more to say
            sys.stderr.close()
            return 0
        except KeyboardInterrupt:
            return 130
        if failure:
            sys.stderr.write(escaped("line %d: %s" % failure) + "\n")  # (a line's ESC never reaches the terminal)
            return 1
        return 0

    if args.vpico:
        from sim.vpico_window import run_vpico_window

        return run_vpico_window(args.saves or DEFAULT_SAVES)
    storage = FileStorage(args.saves or DEFAULT_SAVES)
    if args.window:
        from sim.window import run_window

        return run_window(storage, lang=args.lang)
    note = None
    if not args.terminal and has_display():
        from sim.window import open_window, pygame, run_window

        try:
            surface = open_window()
        except pygame.error as e:  # a DISPLAY with no server behind it: the terminal then, saying so on it
            note = "no window (%s): playing in the terminal" % e
        else:
            return run_window(storage, lang=args.lang, surface=surface)
    from sim.terminal import run_terminal

    return run_terminal(storage, lang=args.lang, note=note)


def saves_dir_error(path):
    """Why `path` cannot keep the games (a file, or a folder that cannot be made), or None:
    a game played there would save nothing."""
    if os.path.exists(path) and not os.path.isdir(path):
        return "--saves must be a directory: %s is a file" % path
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        return "--saves must be a directory: %s cannot be made (%s)" % (path, e.strerror)
    return None


def has_display():
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or sys.platform in ("win32", "darwin")):
        return False
    try:
        import pygame  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
