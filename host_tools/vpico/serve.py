"""The virtual Pico's USB serial as a pty, for unmodified mpremote.

Python's own pty (no socat): the Pico's serial bytes go to the pty's master side and
what mpremote types comes back; a symlink names the pty's slave side (`--link`).
"""
import os
import select
import signal
import sys
import termios
import threading
import tty

from host_tools.vpico import board

DEFAULT_LINK = "/tmp/vpico-tty"


class PtyServer:
    """Runs a Pico and relays its serial to a pty named `link` until stop()."""

    def __init__(self, link=DEFAULT_LINK, flash=None, save=True, on_host=None):
        self.link = link
        self.on_host = on_host  # called with each chunk the host sends, before the Pico gets it
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        attrs = termios.tcgetattr(self.slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(self.slave, termios.TCSANOW, attrs)
        self.name = os.ttyname(self.slave)
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(self.name, link)
        self.pico = board.Pico(flash=flash, save=save)
        self.pico.on_serial = self._to_host
        self.pico.wait_ready()
        self.running = True
        self.thread = threading.Thread(target=self._from_host, daemon=True)
        self.thread.start()

    def _to_host(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass

    def _from_host(self):
        while self.running:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                continue
            if not data:
                continue
            if self.on_host:
                self.on_host(data)
            try:
                self.pico.write(data)
            except board.VpicoError:
                self.running = False

    def stop(self):
        self.running = False
        self.thread.join(2)
        self.pico.close()
        if os.path.islink(self.link):
            os.remove(self.link)
        os.close(self.master)
        os.close(self.slave)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def serve(link=DEFAULT_LINK, flash=None):
    try:
        server = PtyServer(link, flash, save=bool(flash))
    except board.VpicoError as e:
        print("vpico: %s" % e, file=sys.stderr)
        return 2
    print("virtual Pico on %s: mpremote connect %s   (Ctrl-C stops it%s)"
          % (server.name, link, ", saving the flash to " + flash if flash else ""), flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5) and server.pico.proc.poll() is None:
            pass
    except KeyboardInterrupt:
        pass
    server.stop()
    return 0
