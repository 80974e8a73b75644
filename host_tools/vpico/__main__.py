"""Run code on the virtual Pico (MicroPython's rp2 firmware on an emulated RP2040), or
serve it to mpremote on a serial port (a pty).

    python -m host_tools.vpico --exec CODE      print what CODE prints on the Pico
    python -m host_tools.vpico --file F.py      the same with a file's code
    python -m host_tools.vpico --serve [--link PATH]
                                                 a pty for mpremote: `mpremote connect PATH`
    options: --flash FILE (the flash, kept between runs: saved on exit), --image UF2

Exit status: 0 done; 1 the code raised an exception on the Pico (its traceback is
printed); 2 bad arguments, or the virtual Pico cannot run here (what is missing is said).
"""
import argparse
import os
import sys

from host_tools.vpico import board, serve


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.vpico",
                                     description=__doc__.split("\n")[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--exec", dest="code", help="MicroPython code to run")
    what.add_argument("--file", help="a file of MicroPython code to run")
    what.add_argument("--serve", action="store_true", help="serve a pty for mpremote until Ctrl-C")
    parser.add_argument("--link", default=serve.DEFAULT_LINK, help="the pty's path (--serve)")
    parser.add_argument("--flash", help="flash contents file: loaded, and saved on exit")
    parser.add_argument("--image", help="the firmware UF2 (default: $VPICO_IMAGE or %s)"
                        % os.path.relpath(board.DEFAULT_IMAGE, board.ROOT))
    parser.add_argument("--timeout", type=float, default=300, help="seconds (default 300)")
    args = parser.parse_args(argv)
    if args.image:
        os.environ["VPICO_IMAGE"] = os.path.abspath(args.image)
    lacking = board.missing()
    if lacking:
        print("vpico: cannot run the virtual Pico, missing: %s" % "; ".join(lacking), file=sys.stderr)
        return 2
    if args.serve:
        return serve.serve(args.link, args.flash)
    if args.file:
        try:
            with open(args.file, "rb") as f:
                code = f.read()
        except OSError as e:
            print("vpico: cannot read %s: %s" % (args.file, e.strerror), file=sys.stderr)
            return 2
    else:
        code = args.code.encode("utf-8")
    try:
        with board.Pico(flash=args.flash, save=bool(args.flash)) as pico:
            pico.enter_raw()
            _, error = pico.exec_raw(code, args.timeout, out=lambda t: (sys.stdout.write(t), sys.stdout.flush()))
    except board.VpicoError as e:
        print("vpico: %s" % e, file=sys.stderr)
        return 2
    if error:
        sys.stderr.write(error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
