# hardware/pcb.py (`make pcb`): the routed board passes KiCad's DRC with nothing left
# unconnected, its nets are the netlist's pin for pin, every key's parts sit at their
# cell, the footprints match their datasheets, the committed files are what it makes
# now, and a layout it cannot make fails naming the net and the place. KiCad's pcbnew
# comes from Debian's kicad package (`make test` installs it): without it these skip.
import os
import re
import tempfile

import pytest

import hardware  # noqa: F401  (firmware/ on the path)
import pins
from app import grid
from hardware import circuit, footprints, pcb
from hardware.kicad import pcbnew as _pcbnew

try:
    K = _pcbnew()
except ImportError as e:  # pragma: no cover - CI installs kicad
    pytest.skip("KiCad's pcbnew is not installed (%s)" % e, allow_module_level=True)


@pytest.fixture(scope="module")
def made():
    """The board, its files and its DRC, made once."""
    lay = pcb.build()
    with tempfile.TemporaryDirectory() as tmp:
        files, members = pcb.outputs(lay, tmp)
        result = pcb.drc(os.path.join(tmp, pcb.BOARD_FILE))
        board = K.LoadBoard(os.path.join(tmp, pcb.BOARD_FILE))
        power = pcb.supply_figures(K, os.path.join(tmp, pcb.BOARD_FILE))
    return lay, files, members, result, board, power


def netlist_nets(text):
    """{net name: {(ref, pin)}} of a KiCad netlist."""
    nets = {}
    for block in text.split("    (net\n")[1:]:
        name = re.search(r'\(name "([^"]*)"\)', block).group(1)
        nets[name] = set(re.findall(r'\(ref "([^"]+)"\)\s*\(pin "([^"]+)"\)', block))
    return nets


def mm(p):
    return K.ToMM(p.x), K.ToMM(p.y)


def mm_w(track):
    return K.ToMM(track.GetWidth())


def test_kicad_drc_finds_nothing(made):
    errors, unconnected, report, violations = made[3]
    assert "** Found 0 DRC violations **" in report
    assert (errors, unconnected, violations) == (0, 0, [])


def led_caps():
    """The PCB's own parts: LEDn's 100 nF, C(100 + n) (the hand-wired modules carry theirs)."""
    return {"C%d" % (100 + n) for n in range(1, grid.SIZE * grid.SIZE + 1)}


def test_pcb_nets_are_the_netlists_pin_for_pin(made):
    board, variant = made[4], made[0].circuit
    on_pcb = {}
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if pad.GetNetname():
                on_pcb.setdefault(pad.GetNetname(), set()).add((fp.GetReference(), pad.GetNumber()))
    wanted = {n.name: {(p.part.ref, str(p.num)) for p in n.pins}
              for n in variant.nets if n.name != variant.NC.name and n.pins}
    assert on_pcb == wanted
    # ... and they are the committed netlist's (board.net), pin for pin: one design
    with open(os.path.join(hardware.HERE, "board.net"), encoding="utf-8") as f:
        assert on_pcb == netlist_nets(f.read())
    assert all(len(v) > 1 for v in on_pcb.values())


def test_every_key_sits_at_its_cell(made):
    fps = {fp.GetReference(): fp for fp in made[4].GetFootprints()}
    chain = circuit.chain_cells()
    for key in range(grid.SIZE * grid.SIZE):
        r, c = grid.row_col(key)
        cx, cy = pcb.cell_centre(r, c)
        assert cx == pcb.GX + (c + 0.5) * 25.0 and cy == pcb.GY + (r + 0.5) * 25.0
        sw = fps["SW%d" % (key + 1)]
        assert mm(sw.GetPosition()) == pytest.approx((cx, cy))
        socket = {p.GetNumber(): mm(p.GetPosition()) for p in sw.Pads() if p.GetNumber()}
        assert socket["1"] == pytest.approx((cx - 7.085, cy - 2.54))  # the socket under the switch
        assert socket["2"] == pytest.approx((cx + 5.842, cy - 5.08))
        assert all(p.IsOnLayer(K.B_Cu) and not p.IsOnLayer(K.F_Cu) for p in sw.Pads() if p.GetNumber())
        led = fps["LED%d" % (chain.index(key) + 1)]
        assert mm(led.GetPosition()) == pytest.approx((cx, cy + 5.08))  # under the LED window
        assert led.IsFlipped()  # on the back, shining up through its hole
        d = fps["D%d" % (key + 1)]
        dx, dy = mm(d.GetPosition())
        assert abs(dx - cx) < 12.5 and abs(dy - cy) < 12.5 and d.IsFlipped()


def test_every_led_has_its_100nF_beside_it(made):
    # the SK6812MINI-E datasheet's application circuit: 100 nF across VDD and GND at each LED
    fps = {fp.GetReference(): fp for fp in made[4].GetFootprints()}
    chain = circuit.chain_cells()
    for i, key in enumerate(chain):
        led, cap = fps["LED%d" % (i + 1)], fps["C%d" % (101 + i)]
        assert cap.GetFPID().GetLibItemName() == "C_1206" and cap.IsFlipped() and cap.GetValue() == "100n"
        nets = {p.GetNumber(): p.GetNetname() for p in cap.Pads()}
        assert nets == {"1": "+5V", "2": "GND"}
        led_nets = {p.GetNumber(): p.GetNetname() for p in led.Pads()}
        assert (led_nets[pcb.VDD], led_nets[pcb.GND]) == ("+5V", "GND")
        assert led_nets["1"] == "GND"  # pin 1 as the fab part's current datasheet numbers it
        (lx, ly), (x, y) = mm(led.GetPosition()), mm(cap.GetPosition())
        assert (x - lx, y - ly) == pytest.approx((pcb.CAP_DX, pcb.CAP_DY - pcb.LED_DY))
        assert cap.GetOrientationDegrees() % 180 == pytest.approx(90)  # upright, across the data track
    assert not any(p.ref in led_caps() for p in circuit.build(chain).parts)  # the modules carry theirs


def test_the_led_chain_runs_as_the_firmware_counts(made):
    board = made[4]
    fps = {fp.GetReference(): fp for fp in board.GetFootprints()}
    chain = circuit.chain_cells()
    for i in range(len(chain) - 1):
        dout = [p for p in fps["LED%d" % (i + 1)].Pads() if p.GetNumber() == pcb.DOUT][0]
        din = [p for p in fps["LED%d" % (i + 2)].Pads() if p.GetNumber() == pcb.DIN][0]
        assert dout.GetNetname() == din.GetNetname() == "DIN_%d" % (i + 2)


def test_footprints_match_their_datasheets():
    F = footprints.FOOTPRINTS
    sw = F["SW_MX_Hotswap_Kailh"]
    ds = sw["datasheet"]
    holes = {(x, y): d for x, y, d in sw["holes"]}
    assert holes[(0, 0)] == ds["centre_hole"]
    assert holes[ds["pin_1"]] == holes[ds["pin_2"]] == ds["socket_hole"]
    tabs = {p[0]: p for p in sw["pads"]}
    assert tabs["1"][4:6] == ds["tab"] and tabs["2"][2] - tabs["1"][2] == pytest.approx(ds["tab_span_x"])
    assert tabs["1"][3] == ds["pin_1"][1] and tabs["2"][3] == ds["pin_2"][1]  # level with their pins
    led = F["LED_SK6812MINI-E_Reverse"]
    ds = led["datasheet"]
    for num, _, x, y, w, h, _, _ in led["pads"]:
        assert (w, h) == ds["pad"] and abs(x) * 2 == pytest.approx(ds["row_span"]) and abs(y) * 2 == ds["pitch"]
    assert led["cutout"][0] > ds["body"][0] and led["cutout"][1] > ds["body"][1]
    assert pcb.LED_DY == F["SW_MX_Hotswap_Kailh"]["datasheet"]["led_window"][1]
    for name in ("D_SOD-123", "RC_0805", "C_1206"):
        ds = F[name]["datasheet"]
        (a, b) = F[name]["pads"]
        assert b[2] - a[2] == pytest.approx(ds["pitch"]) and a[4:6] == ds["pad"]
    (a, b) = F["C_1206"]["pads"]  # the LED's data track passes between its pads
    assert b[2] - a[2] - a[4] >= pcb.RULES["track_mm"] + 2 * pcb.RULES["clearance_mm"]
    pico = F["RaspberryPi_Pico"]
    ds = pico["datasheet"]
    assert len(pico["pads"]) == ds["pins"]
    xs = sorted(set(p[2] for p in pico["pads"]))
    assert xs[1] - xs[0] == pytest.approx(ds["row_span"])
    ys = sorted(p[3] for p in pico["pads"] if p[2] < 0)
    assert all(b - a == pytest.approx(ds["pitch"]) for a, b in zip(ys, ys[1:]))
    body = pico["body"]
    assert (body[2] - body[0], body[3] - body[1]) == ds["board"]
    for name in ("SOIC-14", "SOIC-8"):
        soic = F[name]
        ds = soic["datasheet"]
        assert len(soic["pads"]) == ds["pins"]
        xs = sorted(p[2] for p in soic["pads"] if p[3] > 0)
        assert all(b - a == pytest.approx(ds["pitch"]) for a, b in zip(xs, xs[1:]))
        assert {p[3] for p in soic["pads"]} == {ds["row_span"] / 2, -ds["row_span"] / 2}
    # pin 1 at the bottom left, counted anticlockwise: pins 1-3 (AO4407A's sources) in
    # one row with the gate (4) at its end, the drains (5-8) facing them
    pads = {p[0]: p[2:4] for p in F["SOIC-8"]["pads"]}
    assert [pads[str(n)][1] for n in range(1, 9)] == [2.7] * 4 + [-2.7] * 4
    assert pads["1"][0] < pads["4"][0] and pads["5"][0] > pads["8"][0] and pads["5"][0] == pads["4"][0]
    for name, key in (("Buzzer_TDK_PS1240P02BT", "pitch"), ("CP_Radial_D10.0mm_P5.00mm", "pitch"),
                      ("Fuse_Bourns_MF-RG400", "pitch"), ("D_DO-201_P15.24mm", "pitch")):
        a, b = F[name]["pads"]
        assert b[2] - a[2] == pytest.approx(F[name]["datasheet"][key]), name
    jack = F["BarrelJack_CUI_PJ-102AH"]
    assert jack["pads"][1][3] - jack["pads"][0][3] == jack["datasheet"]["pin_1_to_2"]
    assert F["MountingHole_M3"]["holes"][0][2] == pcb.mechanics.M3_HOLE_MM


# The protection's pin tables as read in the makers' own documents (README.md, "Honest
# limits", cites each): AOS's AO4407A datasheet ("SOIC-8 Top View"); TI's TL431 datasheet
# SLVS543, the TL431's DBZ (SOT-23-3) package, KiCad's TL431DBZ symbol the same; NXP's
# MMBT3906 data sheet ("PINNING", SOT23), onsemi's MMBT3906L and KiCad's MMBT3906 the same.
CONFIRMED_PINS = {
    "AO4407A": {1: "S", 2: "S", 3: "S", 4: "G", 5: "D", 6: "D", 7: "D", 8: "D"},
    "TL431": {1: "K", 2: "REF", 3: "A"},
    "MMBT3906": {1: "B", 2: "E", 3: "C"},
}


def test_the_protection_s_pads_carry_their_datasheet_pins_nets_and_its_copper(made):
    # every pad of Q301/Q302/Q304/Q305 (AO4407A), U301 (TL431, TI's DBZ) and Q303
    # (MMBT3906) on the net its maker's pin table asks for; each pair's source rows
    # joined by copper as wide as the board's current needs, each side's two drain rows
    # under one bar of its net
    from hardware.parts import PINOUTS

    assert PINOUTS == CONFIRMED_PINS  # the circuit's tables are the ones read
    board = made[4]
    nets = {"Q301": {"S": "PROT_S", "G": "PROT_G", "D": "VIN_F"},
            "Q304": {"S": "PROT_S", "G": "PROT_G", "D": "VIN_F"},
            "Q302": {"S": "PROT_S", "G": "PROT_G", "D": "+5V"},
            "Q305": {"S": "PROT_S", "G": "PROT_G", "D": "+5V"},
            "U301": {"K": "OV_K", "REF": "OV_SENSE", "A": "GND"},
            "Q303": {"B": "OV_B", "E": "PROT_S", "C": "PROT_G"}}
    tables = {"Q301": "AO4407A", "Q302": "AO4407A", "Q304": "AO4407A", "Q305": "AO4407A", "U301": "TL431",
              "Q303": "MMBT3906"}
    fps = {fp.GetReference(): fp for fp in board.GetFootprints()}
    for ref, table in tables.items():
        got = {p.GetNumber(): p.GetNetname() for p in fps[ref].Pads()}
        assert got == {str(n): nets[ref][name] for n, name in CONFIRMED_PINS[table].items()}, ref
        assert fps[ref].IsFlipped()  # assembled on the back with the other SMD parts
    # the hysteresis: R306 from the gates to U301's REF
    assert {p.GetNetname() for p in fps["R306"].Pads()} == {"PROT_G", "OV_SENSE"}
    widths = {}
    for t in board.GetTracks():
        if t.GetClass() != "PCB_VIA" and t.GetNetname() in ("PROT_S", "VIN_F", "+5V"):
            widths.setdefault(t.GetNetname(), []).append(mm_w(t))
    assert max(widths["PROT_S"]) >= pcb.BUS_MM  # the sources' join: the board's whole current
    assert max(widths["VIN_F"]) >= pcb.BUS_MM

    def pad_mm(ref, num):
        [p] = [p for p in fps[ref].Pads() if p.GetNumber() == num]
        return round(p.GetPosition().x / 1e6, 3), round(p.GetPosition().y / 1e6, 3)

    segments = {(t.GetNetname(), frozenset(((round(t.GetStart().x / 1e6, 3), round(t.GetStart().y / 1e6, 3)),
                                            (round(t.GetEnd().x / 1e6, 3), round(t.GetEnd().y / 1e6, 3)))))
                : mm_w(t) for t in board.GetTracks() if t.GetClass() != "PCB_VIA"}
    # each pair's sources joined, half the current each; each side's drains under one bar
    for a, b in pcb.PAIRS:
        assert segments[("PROT_S", frozenset((pad_mm(b, "1"), pad_mm(a, "1"))))] >= pcb.BUS_MM
    for first, last, net in pcb.DRAIN_BARS:
        assert segments[(net, frozenset((pad_mm(*first), pad_mm(*last))))] >= pcb.ipc_width_mm(
            pins.SUPPLY_MA / 2000.0)


def test_every_part_has_its_footprint(made):
    for p in made[0].circuit.parts:
        lib, name = p.footprint.split(":")
        assert lib == footprints.LIBRARY and name in footprints.FOOTPRINTS, p.ref
        pads = set(footprints.pad_positions(name))
        assert {str(pin.num) for pin in p.pins} <= pads, p.ref


def test_power_tracks_are_sized_by_ipc_2221():
    assert pcb.ipc_width_mm(1.0) == pytest.approx(0.30, abs=0.01)  # the classic 1 A, 10 degC, 1 oz: 12 mil
    assert pcb.ipc_amps(pcb.BUS_MM) >= pins.SUPPLY_MA / 1000.0
    assert pcb.ipc_amps(pcb.ROW_POWER_MM) >= grid.SIZE * pcb.LED_MA / 1000.0


def test_committed_files_are_what_make_pcb_makes(made):
    files = made[1]
    for rel, data in files.items():
        with open(os.path.join(pcb.HERE, rel), "rb") as f:
            assert f.read() == data, "%s is stale: run make pcb" % rel
    assert {"board-F_Cu.gtl", "board-B_Cu.gbl", "board-Edge_Cuts.gm1", "board-PTH.drl", "board-NPTH.drl",
            os.path.basename(pcb.BOM_FILE), os.path.basename(pcb.CPL_FILE)} <= set(made[2])


def test_the_assembly_files_list_every_smd_part(made):
    text = made[1][pcb.CPL_FILE].decode()
    refs = [line.split(",")[0] for line in text.splitlines()[1:]]
    for prefix in ("SW", "LED", "D"):
        assert sum(1 for r in refs if r.startswith(prefix) and r[len(prefix):].isdigit()
                   and int(r[len(prefix):]) <= 144) == 144
    assert sorted(r for r in refs if r in led_caps()) == sorted(led_caps())  # each LED's 100 nF
    assert "U2" in refs and "Q1" in refs and "U1" not in refs  # the Pico is soldered by the maker
    assert all(line.split(",")[3] == "Bottom" for line in text.splitlines()[1:])


def test_a_chain_the_layout_cannot_route_is_named(monkeypatch, capsys):
    monkeypatch.setattr(pins, "CHAIN_ROWS_FIRST", False)
    assert pcb.main(["--out", "/nonexistent"]) == 2
    err = capsys.readouterr().err
    assert "DIN_2 (LED1 DOUT at cell a1 -> LED2 DIN at cell a2)" in err, err


def test_a_rule_the_router_cannot_keep_names_the_net_and_place(monkeypatch, capsys):
    monkeypatch.setattr(pcb, "RETRIES", 1)
    monkeypatch.setitem(pcb.RULES, "clearance_mm", 3.0)  # no pad can be left
    assert pcb.main(["--out", "/nonexistent"]) == 2
    err = capsys.readouterr().err
    assert "no route from" in err and " pad " in err and " mm to the rest of " in err


def test_a_broken_design_rule_fails_with_the_net_and_place(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(pcb, "ROW_DY", -6.0)  # the row's track through the sockets' pads
    assert pcb.main(["--out", str(tmp_path)]) == 1
    assert not os.listdir(tmp_path)  # no board written
    err = capsys.readouterr().err
    assert "DRC clearance" in err and "[ROW0]" in err and "mm" in err


def test_the_cost_sheets_total_is_the_sum_of_its_lines_as_printed(made):
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(made[1][pcb.COST_FILE].decode())))
    lines = [round(float(r["total_usd"]), 2) for r in rows[:-1]]
    assert "total" in rows[-1]["item"] and rows[-1]["total_usd"] == "%.2f" % sum(lines)


def test_a_finished_board_costs_its_parts_and_a_lone_maker_pays_the_fixed_costs(made):
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(made[1][pcb.FINISHED_COST_FILE].decode())))
    lot_key, alone_key = "usd_a_board_in_a_lot_of_%d" % pcb.ORDER_QTY, "usd_one_maker_alone"
    body, total = rows[:-1], rows[-1]
    for key in (lot_key, alone_key):
        assert total[key] == "%.2f" % sum(round(float(r[key]), 2) for r in body)
    items = " / ".join(r["item"] for r in body)
    for what in ("Standard tier", "MX switches", "keycaps", "translucent frosted", "switch plate",
                 "case", "Pico", "supply", "shipping"):
        assert what in items, what
    # the lot's PCB line is cost-5-boards.csv's total shared; one maker alone pays more
    # for each board, as the set-up, stencil, feeders, plates and parcel are not shared
    five = list(csv.DictReader(io.StringIO(made[1][pcb.COST_FILE].decode())))[-1]["total_usd"]
    assert abs(float(body[0][lot_key]) * pcb.ORDER_QTY - float(five)) <= 0.005 * pcb.ORDER_QTY + 1e-9  # cents
    assert float(total[alone_key]) > float(total[lot_key]) + 50


def test_the_cpl_read_back_puts_every_pad_on_the_boards_pad(made):
    # the fab's conventions (hardware/fab.py): each part's origin where its library part
    # has it (the Kailh socket centred on its body), bottom parts seen from the bottom
    import csv
    import io

    from hardware import fab

    fps = {fp.GetReference(): fp for fp in made[4].GetFootprints()}
    bom = list(csv.DictReader(io.StringIO(made[1][pcb.BOM_FILE].decode())))
    assert all(row["LCSC Part #"].startswith("C") for row in bom), bom  # U2 included
    lines = list(csv.DictReader(io.StringIO(made[1][pcb.CPL_FILE].decode())))
    assert len(lines) > 4 * 144
    for line in lines:
        fp = fps[line["Designator"]]
        name = str(fp.GetFPID().GetLibItemName())
        placed = fab.fab_pads(name, float(line["Mid X"][:-2]), float(line["Mid Y"][:-2]), line["Layer"],
                              float(line["Rotation"]))
        board = {}
        for pad in fp.Pads():
            if pad.GetNumber():
                x, y = mm(pad.GetPosition())
                board.setdefault(pad.GetNumber(), []).append((x, -y))
        assert set(placed) == set(board), line
        for num, pts in placed.items():
            flat = [v for pt in sorted(pts) for v in pt]
            assert flat == pytest.approx([v for pt in sorted(board[num]) for v in pt], abs=0.01), (line, num)
    sw = {line["Designator"]: line for line in lines}["SW1"]
    cx, cy = pcb.cell_centre(0, 0)  # the socket's body, not the switch's centre
    assert (float(sw["Mid X"][:-2]) - cx, float(sw["Mid Y"][:-2]) + cy) == pytest.approx((-0.62, 3.81), abs=0.01)
    led = [line for line in lines if line["Designator"].startswith("LED")]
    assert {line["Rotation"] for line in led} == {"0", "180"}
    for line in led:  # the fab's pin 1 (GND) lands on the board's GND pad
        fp = fps[line["Designator"]]
        [(x, y)] = fab.fab_pads("LED_SK6812MINI-E_Reverse", float(line["Mid X"][:-2]),
                                float(line["Mid Y"][:-2]), line["Layer"], float(line["Rotation"]))["1"]
        [gnd] = [p for p in fp.Pads() if p.GetNumber() == "1"]
        assert gnd.GetNetname() == "GND" and mm(gnd.GetPosition()) == pytest.approx((x, -y), abs=0.01)


def test_bottom_rotations_read_as_the_fab_reads_them():
    # kicad-jlcpcb-tools' rule for the bottom: the CPL's rotation is 180 - KiCad's
    from hardware import fab

    for deg in (0.0, 90.0, 180.0, 270.0):
        assert fab.cpl_line("D_SOD-123", 10, 20, True, deg)[3] == (180 - deg) % 360
        assert fab.cpl_line("D_SOD-123", 10, 20, True, deg)[:2] == (10, -20)


def test_the_silkscreen_names_the_board_the_keys_and_the_supply(made):
    board = made[4]
    texts = {t.GetText(): t for t in board.GetDrawings() if t.GetClass() == "PTEXT"}
    assert all(grid.name(key) in texts for key in range(grid.SIZE * grid.SIZE))
    assert "%s  rev %s" % (pcb.BOARD_NAME, pcb.REVISION) in texts
    assert "5 V, %g A max" % (pins.SUPPLY_MA / 1000.0) in texts
    for key in range(grid.SIZE * grid.SIZE):  # each name above its switch
        x, y = mm(texts[grid.name(key)].GetPosition())
        assert (x, y) == pytest.approx((pcb.cell_centre(*grid.row_col(key))[0],
                                        pcb.cell_centre(*grid.row_col(key))[1] + pcb.KEY_NAME_DY))


def test_every_polarised_part_has_its_pin_1_mark_by_pad_1(made):
    # the mark is nearer pad 1 than any other pad; the LED's pad 1 is on GND (its fab
    # part's current datasheet), its VDD pad on +5V
    polar = ("LED_SK6812MINI-E_Reverse", "D_SOD-123", "SOT-23", "SOIC-14", "SOIC-8", "RaspberryPi_Pico",
             "BarrelJack_CUI_PJ-102AH", "D_DO-201_P15.24mm", "CP_Radial_D10.0mm_P5.00mm",
             "Buzzer_TDK_PS1240P02BT")
    seen = set()
    for fp in made[4].GetFootprints():
        name = str(fp.GetFPID().GetLibItemName())
        if name not in polar:
            continue
        seen.add(name)
        silk = K.B_SilkS if fp.IsFlipped() else K.F_SilkS
        marks = [i for i in fp.GraphicalItems() if i.GetLayer() == silk and i.GetShape() != K.SHAPE_T_RECT]
        mark = [i for i in marks if i.GetShape() == K.SHAPE_T_CIRCLE] or marks
        mx, my = mm(mark[0].GetStart()) if mark[0].GetShape() == K.SHAPE_T_CIRCLE else (
            (mm(mark[0].GetStart())[0] + mm(mark[0].GetEnd())[0]) / 2,
            (mm(mark[0].GetStart())[1] + mm(mark[0].GetEnd())[1]) / 2)
        pads = [(p.GetNumber(), (mm(p.GetPosition())[0] - mx) ** 2 + (mm(p.GetPosition())[1] - my) ** 2, p)
                for p in fp.Pads() if p.GetNumber()]
        nearest = min(pads, key=lambda t: t[1])
        assert nearest[0] == "1", (fp.GetReference(), nearest[0])
        if name.startswith("LED"):
            assert nearest[2].GetNetname() == "GND"
            assert {p.GetNumber(): p.GetNetname() for p in fp.Pads()}[pcb.VDD] == "+5V"
    assert seen == set(polar)


def test_the_supply_copper_holds_at_the_cap_and_the_supply(made):
    # the DC solve of the real copper (tracks, the front's GND pour, vias): the worst LED
    # over 4.6 V at the cap, no track over a 10 degC rise at the whole SUPPLY_MA
    power = made[5]
    assert power["worst_led_volts"] >= pcb.MIN_LED_V
    assert power["max_rise_c"] <= pcb.RISE_C
    assert power["max_track_amps"] > 0.9 * (pins.SUPPLY_MA - 100) / 1000.0  # the input's track carries it all
    zones = [z for z in made[4].Zones() if z.GetNetname() == "GND" and z.IsOnLayer(K.F_Cu)]
    assert zones and zones[0].IsFilled()


def test_a_supply_limit_broken_fails_naming_the_led_and_the_track(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(pcb, "MIN_LED_V", 4.95)
    monkeypatch.setattr(pcb, "RISE_C", 2.0)
    assert pcb.main(["--out", str(tmp_path)]) == 1
    assert not os.listdir(tmp_path)
    out, err = capsys.readouterr()
    assert "BENCH pcb_worst_led_volts" in out and "BENCH pcb_max_rise_c" in out
    assert re.search(r"the worst LED, LED\d+, sees 4\.\d+ V, under 4\.95 V", err), err
    assert re.search(r"(\+5V|VIN|VIN_F|PROT_S) track [\d.]+ mm on [FB]\.Cu from \([\d.]+, [\d.]+\) to \([\d.]+, [\d.]+\) mm "
                     r"carries [\d.]+ A", err), err


def test_the_docs_give_the_copper_solve_s_figures(made):
    # README's BENCH figure and BUILD.md's bring-up drop are the PCB's own (make pcb)
    power = made[5]
    here = os.path.dirname(pcb.__file__)
    with open(os.path.join(here, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(os.path.join(here, "BUILD.md"), encoding="utf-8") as f:
        build = " ".join(f.read().split())
    assert "BENCH pcb_worst_led_volts %.3f` (%s," % (power["worst_led_volts"], power["worst_led"]) in readme
    assert ("%.3f V lost in copper both ways, %.3f V in F1, %.3f V in the FETs, %.3f V in the input's "
            "copper" % (power["copper_drop_v"], power["fuse_v"], power["fets_v"], power["inlet_v"])) in readme
    fets_max = power["worst_led_volts"] - power["fets_max_v"] + power["fets_v"]
    assert "`BENCH pcb_worst_led_volts_fets_max` %.3f V" % fets_max in readme
    assert fets_max >= pcb.MIN_LED_V  # the FETs at their datasheet maximum too
    drop = power["copper_drop_v"] + power["fuse_v"] + power["fets_v"] + power["inlet_v"]
    assert drop == pytest.approx(pcb.JACK_V - power["worst_led_volts"])
    assert ("%s, %.2f V below the jack: %.3f V in copper, %.3f V in F1, %.3f V in the FETs" % (
        power["worst_led"], drop, power["copper_drop_v"] + power["inlet_v"], power["fuse_v"],
        power["fets_v"])) in build


def test_the_docs_name_the_fab_files_of_the_board_s_revision():
    # the revision is pcb.REVISION alone: the fab files' names take it, and the docs
    # that tell a maker what to upload name those files, no other revision's
    from hardware import plate

    here = os.path.dirname(pcb.__file__)
    names = [os.path.basename(rel) for rel in (pcb.FAB_ZIP, pcb.BOM_FILE, pcb.CPL_FILE, plate.FAB_ZIP)]
    assert all("rev%s" % pcb.REVISION in name for name in names)
    for doc in ("README.md", "BUILD.md"):
        with open(os.path.join(here, doc), encoding="utf-8") as f:
            text = f.read()
        for name in names:
            assert name in text, (doc, name)
        assert set(re.findall(r"-rev([A-Z])-", text)) == {pcb.REVISION}, doc
