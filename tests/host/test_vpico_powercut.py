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
    assert out[2:] == ["BENCH power_cut_boots_tried_vpico SKIPPED", "BENCH power_cut_boots_failed_vpico SKIPPED"]


def test_the_bench_lines_name_the_power_ups():
    figures = dict(saves=3, flash_ops=9, app_boots=2, app_s=5, record_s=1, check_s=20, main_boots=4, main_failed=1,
                   main_s=100)
    lines = vp.bench_lines(18, 0, figures)
    assert lines[:4] == ["BENCH power_cuts_tried_vpico 18 cuts", "BENCH power_cut_games_lost_vpico 0 games",
                         "BENCH power_cut_boots_tried_vpico 4 boots", "BENCH power_cut_boots_failed_vpico 1 boots"]
    assert "4 power-ups of main.py from reset (100 s)" in lines[4]


# -- main.py's power-up on a cut (host_tools.vpico.powerup), judged without the Pico ---------
def _pico_frames(files, presses, resume_ms=0, until=4000, lead=0):
    """The frames a Pico would show, made by CPython's App: (start ms, levels), a frame
    every 33 ms leaving 5 ms after it is drawn; the tile's second press taking `resume_ms`
    (a Pico replays the game meanwhile)."""
    from host_tools.vpico import powerup

    events = [(at + powerup.KEY_LAG_MS[down], key, down) for at, key, down in presses]
    # the step that took the last press ran resume_ms (the replay): no step, no frame meanwhile
    # (its frame leaving `lead` ms after the step began)
    busy = [(events[-2][0], events[-2][0] + resume_ms - lead)] if presses and resume_ms else []
    model = powerup.Model(files, events, 400, busy)
    drawn = model.frames(range(401, until))  # the App steps every ms (a Pico's loop wakes at a key)
    nows = [n for n in range(420, until, 33) if not any(a <= n < b + lead for a, b in busy)]
    return [(now + 5, drawn[now]) for now in nows]


def _session_files(moves):
    from host_tools import powercut

    store = powercut.MemoryStorage()
    powercut.session(store, 1, moves)
    return dict(store.files)


def test_a_power_up_shows_the_old_save_or_the_new_and_nothing_else():
    from host_tools.vpico import powerup

    new = _session_files(4)
    name = "game_connect4.json"
    old = dict(new, **{name: new[name][:new[name].rstrip("\n").rfind("\n") + 1]})  # a move fewer
    power = powerup.PowerUp(b"", old, new, name)
    assert power.index == 0 and power.has_game == [True, True]
    tile = powerup.TILE_CELLS[0][0]
    presses = [(1600, tile, True), (1680, tile, False), (2280, tile, True), (2360, tile, False)]
    # the game resumed after a 3 s replay, at its last complete move: CPython's new save
    assert power.judge(_pico_frames(new, presses, resume_ms=3000, until=7000), presses, 425) is None
    assert power.reading == "new" and power.checked > 40
    power = powerup.PowerUp(b"", old, new, name)
    assert power.judge(_pico_frames(old, presses), presses, 425) is None and power.reading == "old"
    # two moves back: neither
    older = dict(old, **{name: old[name][:old[name].rstrip("\n").rfind("\n") + 1]})
    problem = powerup.PowerUp(b"", old, new, name).judge(_pico_frames(older, presses), presses, 425)
    assert "the game at" in problem and "old save" in problem and "new save" in problem
    # the tile does not blink in the menu (its game is not offered): caught before any press
    lost = dict(new)
    del lost[name]
    problem = powerup.PowerUp(b"", old, new, name).judge(_pico_frames(lost, []), [], 425)
    assert problem.startswith("the menu at ")
    # another tile's game gone: the menu again
    other = dict(new)
    del other["game_squeeze.json"]
    assert powerup.PowerUp(b"", old, new, name).judge(_pico_frames(other, presses), presses, 425).startswith("the menu")


def test_a_card_games_window_counts_down_from_the_end_of_a_long_resume():
    # the save ends on a card: its Annulation window is open at the resume, and its
    # countdown starts in the step after the replay (on a Pico seconds after the press)
    from host_tools.vpico import powerup

    new = _session_files(1)
    name = "game_squeeze_cards.json"
    assert new[name].rstrip("\n").rsplit("\n", 1)[-1].startswith("double ")
    old = dict(new, **{name: new[name][:new[name].rstrip("\n").rfind("\n") + 1]})
    index = [i for i in range(len(powerup.TILE_CELLS)) if powerup.powercut.tile_of(name) == i][0]
    tile = powerup.TILE_CELLS[index][0]
    presses = [(1600, tile, True), (1680, tile, False), (2280, tile, True), (2360, tile, False)]
    power = powerup.PowerUp(b"", old, new, name)
    assert power.judge(_pico_frames(new, presses, resume_ms=2000, until=7000), presses, 425) is None
    assert power.reading == "new"
    # and its step began 45 ms before its frame left (the drawing's time)
    early = _pico_frames(new, presses, resume_ms=2000, until=7000, lead=45)
    assert powerup.PowerUp(b"", old, new, name).judge(early, presses, 425) is None
    saved = powerup.STEP_LEADS
    try:
        powerup.STEP_LEADS = ()  # planted: the step taken at its frame's start only
        assert powerup.PowerUp(b"", old, new, name).judge(early, presses, 425) is not None
    finally:
        powerup.STEP_LEADS = saved
    spans = powerup.busy_spans
    try:
        powerup.busy_spans = lambda frames, events: []  # planted: the judge before, a press taken at once
        late = _pico_frames(new, presses, resume_ms=2000, until=7000)
        assert powerup.PowerUp(b"", old, new, name).judge(late, presses, 425) is not None
    finally:
        powerup.busy_spans = spans


def test_a_power_up_on_the_settings_or_a_first_save_watches_the_menu():
    from host_tools.vpico import powerup

    new = _session_files(1)
    old = dict(new, **{"settings.json": '{"brightness": 30, "match": "loser"}'})
    power = powerup.PowerUp(b"", old, new, "settings.json")
    assert power.index is None  # no tile to press
    assert power.judge(_pico_frames(old, []), [], 425) is None and power.reading == "old"
    dim = dict(new, **{"settings.json": '{"brightness": 10, "match": "loser"}'})
    assert "the menu at" in powerup.PowerUp(b"", old, new, "settings.json").judge(_pico_frames(dim, []), [], 425)
    # the first save of a tile: before it, no game to offer; a new game starts on its
    # second press (not compared: its seed is the time of the press)
    first = dict(new)
    del first["game_connect4.json"]
    power = powerup.PowerUp(b"", first, new, "game_connect4.json")
    assert power.has_game == [False, True]
    tile = powerup.TILE_CELLS[0][0]
    presses = [(1600, tile, True), (1680, tile, False), (2280, tile, True), (2360, tile, False)]
    assert power.judge(_pico_frames(first, presses), presses, 425) is None and power.reading == "old"


def test_the_power_ups_sample_every_nth_cut_of_each_file_and_every_kind_of_torn_cut():
    saves = [("game_connect4.json", "{}\n"), ("game_connect4.json", vp.Appended("{}\n4\n")),
             ("settings.json", "{}"), ("game_connect4.json", None)]
    ops = [("p", BASE, b"\x00" * 256), ("e", BASE, SECTOR), ("p", BASE, b"\x00" * 512),  # save 1
           ("p", BASE, b"\x00" * 4),  # save 2: an append
           ("e", BASE + SECTOR, SECTOR), ("p", BASE + SECTOR, b"\x00" * 4),  # save 3
           ("e", BASE, SECTOR)]  # save 4: a remove
    names = ["game_connect4.json", "settings.json"]
    checker = vp.Checker(FakePico(ops), bytearray(b"\xff" * 2 * SECTOR), saves, [0, 3, 4, 6, 7], names,
                         main_every=3, main_torn=True)
    cuts = [checker.cuts[i] for i in sorted(checker.main_sample)]
    # every third cut of each file: connect4's 0, 3, 6, 9 (of 10), the settings' 0 and 3 (of 4)
    every = [(0, 0, False), (0, 1, True), (1, 3, False), (3, 6, True), (2, 4, False), (2, 5, True)]
    # the first torn cut of each kind: a write's page, erase and pages, an append's page, a
    # remove's erase (the settings' erase and page are kinds seen already)
    torn = [(0, 0, True), (0, 1, True), (0, 2, True), (1, 3, True), (3, 6, True)]
    assert sorted(cuts) == sorted(set(every) | set(torn))
    # without the torn cases: every third cut, and the last cut of its save (torn in its
    # last operation)
    checker = vp.Checker(FakePico(ops), bytearray(b"\xff" * 2 * SECTOR), saves, [0, 3, 4, 6, 7], names,
                         main_every=3)
    assert sorted(checker.cuts[i] for i in checker.main_sample) == sorted(set(every) | {(0, 2, True), (1, 3, True)})
    none = vp.Checker(FakePico(ops), bytearray(b"\xff" * 2 * SECTOR), saves, [0, 3, 4, 6, 7], names)
    assert none.main_sample == set()


def test_the_first_frame_after_a_key_may_leave_long_after_the_time_it_was_drawn_for():
    from host_tools.vpico import powerup

    frames = [(1000, b"a"), (1033, b"b"), (1110, b"c"), (3500, b"d"), (3505, b"e"), (3600, b"f")]
    # a change at 1100: the frame begun 10 ms after it is left out; at 1400 (a resume
    # that took 2 s): the frames at 3500 and, back to back, 3505 may have been drawn for
    # any time from 1400 on; the one at 3600 is a step of its own
    assert powerup.windows(frames, [1100, 1400]) == [
        (1000, b"a", 1000 - powerup.DRAW_MS), (1033, b"b", 1033 - powerup.DRAW_MS), (3500, b"d", 1400),
        (3505, b"e", 1400), (3600, b"f", 3600 - powerup.DRAW_MS)]


def test_an_app_boot_that_raises_on_the_pico_is_a_game_lost():
    game = json.dumps({"game": "connect4", "players": None, "variant": None, "seed": 1, "swap": False,
                       "moves": ["4"]})
    saves = [("game_connect4.json", game)]
    pico = FakePico([("p", BASE, b"\x00" * 4)])
    lines = []
    checker = vp.Checker(pico, bytearray(b"\xff" * 2 * SECTOR), saves, [0, 1], ["game_connect4.json"], out=lines.append)
    checker.on_line("@@?")
    checker.on_line("@@C " + vp.digest(None))
    checker.on_line("@@?")
    checker.on_line('@@A {"error": "MemoryError: memory allocation failed, allocating 2048 bytes"}')
    assert checker.lost == 1 and "the App's boot raised MemoryError" in lines[-1]


def test_a_late_frame_is_let_through_only_when_the_frames_after_it_match():
    from host_tools.vpico import powerup

    class Drawn:  # CPython's App: "x" at every time
        def frames(self, nows):
            return dict((n, b"x") for n in nows)

    late = []
    # the resume's first frame (drawn for 1400, before its countdown began) differs
    frames = [(3500, b"y", 1400), (3550, b"x", 3490), (3600, b"x", 3540)]
    assert powerup.first_mismatch(Drawn(), frames, late) is None and late == [3500]
    assert powerup.first_mismatch(Drawn(), frames) == 3500  # (without a count: not let through)
    # a frame that is not late, or a late frame that nothing after it matches: not let through
    assert powerup.first_mismatch(Drawn(), [(3550, b"y", 3490), (3600, b"x", 3540)], []) == 3550
    assert powerup.first_mismatch(Drawn(), [(3500, b"y", 1400)], []) == 3500


def test_a_frame_mixing_two_moments_of_cpython_passes_led_by_led_but_no_led_of_none():
    from host_tools.vpico import powerup

    class Drawn:  # CPython's App: two LEDs, the first changes at 100, the second at 105
        def frames(self, nows):
            return dict((n, bytes([n >= 100] * 3 + [n >= 105] * 3)) for n in nows)

    # the Pico's countdown began a few ms before CPython's: its second LED changed first
    mixed = bytes([0] * 3 + [1] * 3)
    assert powerup.first_mismatch(Drawn(), [(110, mixed, 50)]) is None
    assert powerup.first_mismatch(Drawn(), [(110, bytes([0, 0, 0, 2, 2, 2]), 50)]) == 110
    assert powerup.first_mismatch(Drawn(), [(90, mixed, 30)]) == 90  # (no moment there shows the second LED lit)
