# The boot's modules from one file (MicroPython): an import from the Pico's littlefs
# looks its module up four times, each lookup reading through the folders' metadata,
# so the build also writes the modules of the folders the boot imports from into one
# file, PACK (host_tools/build.py), mounted over those folders while the board starts
# (start.py; figures: docs/PERFORMANCE.md). Freed after the boot (start.BOOT_MODULES).
import io

PACK = "boot.pack"
_DIR = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # os.stat's answer for a folder (S_IFDIR)


class Folder:
    """One folder of the pack, as a MicroPython filesystem (what an import asks of one:
    stat and open for reading); `files` {'/name.mpy': (offset, size), '/sub': _DIR}.
    Mounted over a folder of the flash's root (MicroPython mounts none within another
    mount), it holds the folders within it that the pack has (games/GAME/scores.mpy);
    what else the flash's folder holds is not found while it is mounted: nothing the
    boot imports before its first frame (a game's other modules load when it is played)."""

    def __init__(self, pack, files):
        self.pack = pack
        self.files = files

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        at = self.files.get(path)
        if at is None:
            raise OSError(2)  # ENOENT: the import looks further (its .mpy after its .py)
        return _DIR if at is _DIR else (0x8000, 0, 0, 0, 0, 0, at[1], 0, 0, 0)

    def open(self, path, mode="r"):
        at = self.files.get(path)
        if at is None or at is _DIR:
            raise OSError(2)
        if "w" in mode or "a" in mode:
            raise OSError(30)  # EROFS: nothing writes the pack
        self.pack.seek(at[0])
        return io.BytesIO(self.pack.read(at[1]))


def index(pack):
    """{folder of the root: {'/name.mpy' or '/sub/name.mpy': (offset, size), '/' and
    '/sub': _DIR}} of the open pack (build.pack_bytes'); ValueError if it is not whole."""
    size = int.from_bytes(pack.read(4), "little")
    folders = {}
    at = 4 + size
    for line in pack.read(size).decode().split("\n"):
        path, length = line.split(" ")
        folder, name = path.split("/", 1)
        files = folders.setdefault(folder, {"/": _DIR})
        files["/" + name] = (at, int(length))
        while "/" in name:  # (a folder within: games/foursquare/scores.mpy)
            name = name.rsplit("/", 1)[0]
            files["/" + name] = _DIR
        at += int(length)
    if pack.seek(0, 2) != at:
        raise ValueError("the pack is cut short")
    return folders


def mount(mounted):
    """Mounts the pack's folders over the flash's, and appends to the list `mounted` the
    function that unmounts them and closes the pack (it empties the list: the caller
    holds nothing of this module after; called again, it does nothing). Nothing where
    there is no pack (a board deployed before it) or it cannot be read: the boot's
    imports then come from the folders."""
    try:
        pack = open(PACK, "rb")
    except OSError:
        return
    import vfs

    points = []

    def unmount():
        while points:  # (a Ctrl-C in here: what is left stays listed, for the next call)
            try:
                vfs.umount(points[-1])
            except OSError:  # (never mounted: its mount was cut short)
                pass
            points.pop()
        pack.close()
        mounted.clear()

    mounted.append(unmount)
    try:
        for folder, files in index(pack).items():
            points.append("/" + folder)
            vfs.mount(Folder(pack, files), points[-1])
    except Exception:  # (damaged, or a folder mounted already: a pack's left by a stop)
        unmount()
    except KeyboardInterrupt:  # (Ctrl-C while it mounts: nothing left mounted for the REPL)
        unmount()
        raise
