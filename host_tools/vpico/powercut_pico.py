# Runs ON the virtual Pico (MicroPython's rp2 port), driven by host_tools/vpico/powercut.py
# over the USB serial: the saves of a player's session written through the port's own
# storage (ports/rp2.make_storage(): FileStorage on the rp2 littlefs, as main.py makes
# it), then boots on the flash images the host loads, one after another.
#
# "@@?" asks the host for the next command (a line); the Pico waits meanwhile, so the
# host knows which flash operations each command made. Answers: "@@C <digests>" (the
# files as the board reads them at boot), "@@A <json>" (what the App offers and resumes).
import binascii
import gc
import hashlib
import json
import sys

try:
    import rp2
    import vfs

    from ports import rp2 as port
except ImportError:  # CPython: the host runs app_boot() and digest() to know what to expect
    pass


def ask():
    print("@@?")
    return sys.stdin.readline().strip()


def record():
    """Write, append and remove what the host sends: `w NAME KEEP N` then N characters
    (the file's last text cut to KEEP characters, then these), `p NAME N` then N
    characters to append, `r NAME`, or `end`."""
    storage = port.make_storage()
    texts = {}
    while True:
        words = ask().split()
        if words[0] == "end":
            return
        name = words[1]
        if words[0] == "w":
            text = texts.get(name, "")[:int(words[2])] + sys.stdin.read(int(words[3]))
            texts[name] = text
            storage.write(name, text)
        elif words[0] == "p":
            tail = sys.stdin.read(int(words[2]))
            texts[name] = texts.get(name, "") + tail
            storage.append(name, tail)
        else:
            storage.remove(name)
            texts.pop(name, None)


def digest(text):
    return "-" if text is None else binascii.hexlify(hashlib.sha256(text.encode()).digest()[:6]).decode()


def mount():
    """What rp2's _boot.py does at power-up (where it cannot mount, it formats the
    flash: every save lost). Returns an error text, or None."""
    try:
        vfs.umount("/")
    except OSError:  # the last image did not mount
        pass
    try:
        vfs.mount(vfs.VfsLfs2(rp2.Flash(), progsize=256), "/")
    except OSError as e:
        return "the flash does not mount (_boot.py would format it): %r" % (e,)
    return None


def app_boot(storage, index):
    """Boot the App on `storage`, press menu tile `index` twice: what it offers and
    resumes (the same on CPython, for the host to compare)."""
    from app import grid
    from sim.drivers import SimBoard

    board = SimBoard(storage=storage)
    app = board.app
    tile = app.screen.describe()["tiles"][index]
    for _ in range(2):  # the tile's setup screen, then its game
        board.keys.push(grid.parse(tile["cell"]), True, board.clock.now)
        board.keys.push(grid.parse(tile["cell"]), False, board.clock.now)
        app.step()
    state = getattr(app.screen, "state", None)  # a game's (not describe(): its legal moves fill a Pico's heap)
    setup = getattr(app.screen, "setup", None) or {}
    out = {"resume": tile["resume"], "game": setup.get("game") if state else None,
           "moves": [state.format_move(m) for m in state.history] if state else None,
           "players": setup.get("players"), "variant": setup.get("variant"), "settings": app.settings}
    app.show_menu()  # as a1 does: the game's modules are unloaded (the Pico's RAM)
    return out


def check(names):
    """`c`: boot on the flash as it is now (the host has just loaded an image) and say
    what each file of `names` reads as; `a INDEX`: then the App's boot on that flash,
    pressing menu tile INDEX; `end`."""
    storage = None
    while True:
        words = ask().split()
        if words[0] == "end":
            return
        if words[0] == "a":
            gc.collect()
            try:
                booted = app_boot(storage, int(words[1]))
            except Exception as e:  # (a MemoryError resuming a long game): the game is not offered back
                booted = {"error": "%s: %s" % (type(e).__name__, e)}
            print("@@A " + json.dumps(booted))
            continue
        error = mount()
        if error:
            print("@@C " + error)
            continue
        storage = port.make_storage()
        print("@@C " + " ".join(digest(storage.read(name)) for name in names))
