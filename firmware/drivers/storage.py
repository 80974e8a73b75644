# Small text files (settings, the saved game) on the Pico's flash, written atomically:
# a new file is written beside the old one, then renamed over it, so a power cut
# leaves either the old text or the new, never half of one. MicroPython has no
# os.path, so paths are joined by hand.
import os


class FileStorage:
    """Files named `name` (a plain file name) in the directory `root`."""

    def __init__(self, root="/data"):
        self.root = root.rstrip("/") or "/"

    def _path(self, name):
        if not isinstance(name, str) or not name or "/" in name or "\\" in name or name in (".", ".."):
            raise ValueError("storage names are plain file names, not %r" % (name,))
        return self.root + "/" + name if self.root != "/" else "/" + name

    def read(self, name):
        """The file's text, or None if it is missing or unreadable."""
        try:
            with open(self._path(name)) as f:
                return f.read()
        except (OSError, UnicodeError):
            return None

    def write(self, name, text):
        if not isinstance(text, str):
            raise TypeError("storage writes text (str), not %s" % type(text).__name__)
        path = self._path(name)
        self._make_root()
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        try:
            os.rename(tmp, path)  # replaces the old file on littlefs and POSIX
        except OSError:  # FAT (and Windows) refuse to rename over a file
            self._unlink(path)
            os.rename(tmp, path)

    def remove(self, name):
        self._unlink(self._path(name))

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
