# Small text files (settings, the saved game) on the Pico's flash, written atomically: a
# new file beside the old, then renamed over it, so a power cut leaves the old text or the
# new (FAT, where rename cannot replace: the old steps aside as NAME.bak, read if need be).
# append() writes in place: its caller tells a torn end (app/saves.py). A write the flash
# refuses raises OSError and leaves the old file whole. names() and set_aside() are
# drivers/storage_aside.py's, loaded when asked (at power-up).
import os


class FileStorage:
    """Files named `name` (a plain file name) in the directory `root`."""

    def __init__(self, root="/data"):
        self.root = root.rstrip("/") or "/"

    def _path(self, name):
        if not isinstance(name, str) or not name or "/" in name or "\\" in name or name in (".", ".."):
            raise ValueError("storage names are plain file names, not %r" % (name,))
        return self.root + "/" + name if self.root != "/" else "/" + name  # (MicroPython has no os.path)

    def read(self, name):
        """The file's text, or None if it is missing (UnicodeError for bytes that are no
        text: the board's readers take that as damage, app/saves.py)."""
        path = self._path(name)
        for candidate in (path, path + ".bak"):  # .bak: a cut in the middle of a FAT write
            try:
                with open(candidate) as f:
                    return f.read()
            except OSError:  # missing (or a folder: no file); UnicodeError goes on
                pass
        return None

    def write(self, name, text):
        if not isinstance(text, str):
            raise TypeError("storage writes text (str), not %s" % type(text).__name__)
        path = self._path(name)
        self._make_root()
        tmp = path + ".tmp"
        try:
            with open(tmp, "w") as f:
                f.write(text)
            try:
                os.rename(tmp, path)  # replaces the old file on littlefs and POSIX
            except OSError:  # FAT (and Windows) refuse to rename over a file
                self._unlink(path + ".bak")  # a stale one (the file is here: it is complete)
                os.rename(path, path + ".bak")
                os.rename(tmp, path)
                self._unlink(path + ".bak")
        except OSError:  # the flash refused (full): the old file stays, no .tmp is left
            self._unlink(tmp)
            raise

    def append(self, name, text):
        """Add `text` at the end of the file `name` (OSError if it does not exist: a
        file that write() made, whole, is appended to, never a leftover .bak)."""
        if not isinstance(text, str):
            raise TypeError("storage writes text (str), not %s" % type(text).__name__)
        path = self._path(name)
        os.stat(path)  # OSError if missing: "a" would make a new file of this text alone
        with open(path, "a") as f:
            f.write(text)

    def names(self):
        """The board's files kept here, sorted (drivers/storage_aside.py)."""
        from drivers.storage_aside import names

        return names(self, os)

    def set_aside(self, name):
        """Moves the file `name` out of the board's way, whole; where it is kept now, or
        "" (drivers/storage_aside.py)."""
        from drivers.storage_aside import set_aside

        return set_aside(self, name, os)

    def remove(self, name):
        path = self._path(name)
        for leftover in (path, path + ".bak", path + ".tmp"):
            self._unlink(leftover)

    def _unlink(self, path):
        try:
            os.remove(path)
        except OSError:  # already gone
            pass

    def _make_root(self):
        path = ""
        for part in self.root.split("/"):
            if not part:
                continue
            path += "/" + part if (path or self.root.startswith("/")) else part
            try:
                os.stat(path)
            except OSError:
                os.mkdir(path)
