# host_tools.vpico.powercut's host side, without a firmware image: the flash images it
# makes of a cut (before an operation, or torn in its middle), what it loads into the
# Pico, and its judgement of what the Pico's boot read. (With an image, `make
# test-vpico` runs it on the rp2 port: host_tools/vpico/tests.py.)
import json

from host_tools.vpico import board
from host_tools.vpico import powercut as vp

BASE = board.FS_OFFSET
SECTOR = board.FS_BLOCK


def test_a_cut_leaves_the_operations_before_it_and_half_of_a_torn_one():
    image = bytearray(b"\xff" * 2 * SECTOR)
    vp.apply(image, ("p", BASE, b"\x0f" * 4))
    assert image[:5] == b"\x0f\x0f\x0f\x0f\xff"
    vp.apply(image, ("p", BASE, b"\xf0\xff\xff\xff"))  # NOR flash: a program only clears bits
    assert image[:4] == b"\x00\x0f\x0f\x0f"
    torn = bytearray(b"\xff" * 2 * SECTOR)
    vp.apply(torn, ("p", BASE, b"\x00" * 256), torn=True)  # half a page
    assert torn[:256] == b"\x00" * 128 + b"\xff" * 128
    torn = bytearray(b"\xff" * 2 * SECTOR)
    vp.apply(torn, ("p", BASE, b"\x00" * 1024), torn=True)  # two pages, then half the next
    assert torn.count(0) == 512 + 128 and torn[639] == 0 and torn[640] == 0xFF
    erased = bytearray(b"\x00" * 2 * SECTOR)
    vp.apply(erased, ("e", BASE + SECTOR, SECTOR), torn=True)
    assert erased[SECTOR:SECTOR + SECTOR // 2] == b"\xff" * (SECTOR // 2) and erased[-1] == 0
    assert list(vp.sectors(("e", BASE + SECTOR, SECTOR))) == [1]
    assert list(vp.sectors(("p", BASE + SECTOR - 2, b"1234"))) == [0, 1]


class FakePico:
    def __init__(self, ops):
        self.flash_ops = ops
        self.sent = []
        self.loaded = []

    def write(self, data):
        self.sent.append(data.decode())

    def load_flash(self, offset, data):
        self.loaded.append((offset, bytes(data)))


def test_the_checker_boots_every_cut_and_catches_a_save_that_is_lost():
    game = json.dumps({"game": "connect4", "players": None, "variant": None, "seed": 1, "swap": False,
                       "moves": ["4"]})
    saves = [("game_connect4.json", game), ("settings.json", '{"brightness": 50, "match": "loser"}')]
    names = sorted(name for name, _ in saves)
    pico = FakePico([("p", BASE, b"\x00" * 4), ("p", BASE + SECTOR, b"\x00" * 4)])
    lines = []
    checker = vp.Checker(pico, bytearray(b"\xff" * 2 * SECTOR), saves, [0, 1, 2], names, out=lines.append)

    def digests(**reads):
        return "@@C " + " ".join(vp.digest(reads.get(n.split(".")[0].split("_")[0])) for n in names)

    # save 1, cut before its operation: the flash as it was before the saves (the Pico's
    # holds them all, written when they were recorded), the old (no) save
    checker.on_line("@@?")
    assert pico.sent[-1] == "c\n" and pico.loaded == [(BASE, b"\xff" * SECTOR), (BASE + SECTOR, b"\xff" * SECTOR)]
    checker.on_line(digests())
    checker.on_line("@@?")
    assert pico.sent[-1] == "a 0\n"  # the App's boot, on Connect Four's tile
    checker.on_line("@@A " + json.dumps(vp.expected_boot({}, saves[0][0])[1]))
    assert checker.lost == 0 and checker.app_boots == 1
    # torn: half of the program in the flash; the Pico says it reads the new save, but its
    # App resumes no game: lost
    checker.on_line("@@?")
    assert pico.loaded[2:] == [(BASE, b"\x00\x00" + b"\xff" * (SECTOR - 2))]
    checker.on_line(digests(game=game))
    checker.on_line("@@?")
    checker.on_line("@@A " + json.dumps(vp.expected_boot({}, saves[0][0])[1]))
    assert checker.lost == 1 and "the App's boot differs from CPython's" in lines[-1]
    # save 2 (the settings): the game file must read as it was; here it reads as nothing
    checker.on_line("@@?")
    assert pico.loaded[3:] == [(BASE, b"\x00" * 4 + b"\xff" * (SECTOR - 4))]  # the whole first program
    checker.on_line(digests())
    assert checker.lost == 2 and "game_connect4.json changed" in lines[-1]
    checker.on_line("@@?")  # torn: the settings read as neither their old text nor the new
    checker.on_line(digests(game=game, settings="{}"))
    assert checker.lost == 3 and "neither the old save nor the new" in lines[-1]
    checker.on_line("@@?")
    assert pico.sent[-1] == "end\n" and checker.tried == 4


def test_without_an_image_it_prints_skipped_figures(monkeypatch, capsys):
    monkeypatch.setenv("VPICO_IMAGE", "/nonexistent/RPI_PICO.uf2")
    assert vp.main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("BENCH power_cuts_tried_vpico SKIPPED (missing the MicroPython v1.27")
    assert out[1] == "BENCH power_cut_games_lost_vpico SKIPPED"
