# hardware/: the SKiDL board passes its ERC, and every generated file (netlist, BOM,
# pin table, wiring diagram, Wokwi diagram, power budget, cell drawing) agrees with
# firmware/pins.py. The board is generated once per session (generate.outputs is slow).
import csv
import io
import json
import os
import re
import xml.etree.ElementTree as ET

import pytest

import hardware  # noqa: F401  (puts firmware/ on the path, as `make hardware` does)
import pins
from app import grid
from drivers.pixels_setup import ChainLayout, cap_for_supply, from_pins
from app.catalog import game_ids
from hardware import HERE, circuit, generate, mechanics, power
from hardware.parts import (BOARD_MA, FET_OHM, FET_OHM_MAX, FET_STAGE_OHM, FET_STAGE_OHM_MAX, FETS_IN_PARALLEL,
                            FETS_IN_SERIES, FUSE_HOLD_23C_MA, FUSE_HOLD_MA,
                            JACK_RATED_MA, OVP_DIODE_V, OVP_DIVIDER, OVP_FEEDBACK, OVP_VREF, PINOUTS, WIRES,
                            make_templates, pico_pin_number)

# POWER.md too: it follows the games' frames, so a colour change means `make hardware`
CHECKED_FILES = ("board.net", "BOM.csv", "PINS.md", "wiring.svg", "POWER.md", "cell.svg",
                 os.path.join("wokwi", "diagram.json"))


@pytest.fixture(scope="session")
def generated_and_board():
    """generate.outputs() and its board, once for the whole session."""
    return generate.outputs_and_board()


@pytest.fixture(scope="session")
def generated(generated_and_board):
    """generate.outputs(): every test reads the same."""
    return generated_and_board[:2]


@pytest.fixture
def cached_outputs(generated, monkeypatch):
    """generate.main() runs on the session's outputs instead of building again."""
    monkeypatch.setattr(generate, "outputs", lambda: generated)
    return generated


@pytest.fixture(scope="module")
def files(generated):
    return generated[0]


def sexp(text):
    """Parse an S-expression into nested lists of strings."""
    tokens = re.findall(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+', text)
    stack = [[]]
    for tok in tokens:
        if tok == "(":
            stack.append([])
        elif tok == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(tok[1:-1] if tok.startswith('"') else tok)
    return stack[0][0]


def child(node, key):
    for item in node[1:]:
        if isinstance(item, list) and item and item[0] == key:
            return item
    return None


def netlist(text):
    """({ref: (value, {field: text})}, {net name: {(ref, pin number)}})."""
    tree = sexp(text)
    comps = {}
    for comp in child(tree, "components")[1:]:
        fields = {}
        for f in child(comp, "fields")[1:]:
            name = child(f, "name")[1]
            fields[name] = f[2] if len(f) > 2 else ""
        comps[child(comp, "ref")[1]] = (child(comp, "value")[1], fields)
    nets = {}
    for net in child(tree, "nets")[1:]:
        nodes = set()
        for item in net[1:]:
            if item[0] == "node":
                nodes.add((child(item, "ref")[1], child(item, "pin")[1]))
        nets[child(net, "name")[1]] = nodes
    return comps, nets


def net_of(nets, ref, pin):
    found = [name for name, nodes in nets.items() if (ref, str(pin)) in nodes]
    assert len(found) == 1, (ref, pin, found)
    return found[0]


def test_make_hardware_into_a_temp_dir_passes_erc(tmp_path, cached_outputs, capsys):
    assert generate.main(["--out", str(tmp_path)]) == 0
    assert "ERC: 0 errors, 0 warnings" in capsys.readouterr().out
    for rel in CHECKED_FILES:
        assert (tmp_path / rel).stat().st_size > 0, rel


def test_erc_is_clean(generated):
    report = generated[1]
    assert (report["erc_errors"], report["erc_warnings"]) == (0, 0)


def test_erc_catches_a_broken_board(generated_and_board):
    board = generated_and_board[2]  # its files are written: break it (and leave it broken)
    parts = {p.ref: p for p in board.parts}
    [gnd] = [n for n in board.nets if n.name == "GND"]
    parts["LED144"]["VSS"].disconnect()
    assert circuit.erc(board) == (0, 1)  # an unconnected ground pin
    gnd += parts["LED144"]["VSS"]
    assert circuit.erc(board) == (0, 0)  # mended
    parts["LED7"]["DOUT"].disconnect()
    [din6] = [n for n in board.nets if n.name == "DIN_6"]
    din6 += parts["LED7"]["DOUT"]  # two outputs fighting on one net
    errors, warnings = circuit.erc(board)
    assert errors == 1 and warnings > 0


def test_netlist_has_the_144_keys_and_leds(files):
    comps, nets = netlist(files["board.net"])
    for prefix, value in (("SW", "MX switch"), ("D", "1N4148W"), ("LED", "SK6812MINI-E")):
        refs = ["%s%d" % (prefix, n) for n in range(1, 145)]
        assert all(comps[r][0] == value for r in refs), prefix
    assert len([r for r in comps if r.startswith("LED")]) == 144
    assert len([r for r, (v, _) in comps.items() if v == "MX switch"]) == 144
    # one diode a key, and D301: the input protection's sense diode
    assert sorted(r for r, (v, _) in comps.items() if v == "1N4148W") == sorted(
        ["D%d" % n for n in range(1, 145)] + ["D301"])


def test_every_pin_of_pins_py_is_on_its_net(files):
    _, nets = netlist(files["board.net"])
    for i, gpio in enumerate(pins.MATRIX_ROWS):
        assert net_of(nets, "U1", pico_pin_number(gpio)) == "ROW%d" % i
    for j, gpio in enumerate(pins.MATRIX_COLS):
        assert net_of(nets, "U1", pico_pin_number(gpio)) == "COL%d" % j
    assert net_of(nets, "U1", pico_pin_number(pins.NEOPIXEL)) == "NEOPIXEL"
    assert net_of(nets, "U1", pico_pin_number(pins.BUZZER)) == "BUZZER"
    # NEOPIXEL -> U2 1A (pin 2); U2 1Y (pin 3) -> R1 -> LED1 DIN (pin 4)
    assert nets["NEOPIXEL"] == {("U1", str(pico_pin_number(pins.NEOPIXEL))), ("U2", "2")}
    assert net_of(nets, "U2", 3) == net_of(nets, "R1", 1)
    assert net_of(nets, "R1", 2) == net_of(nets, "LED1", 2)  # LED pin 2 DIN (its current datasheet)
    assert ("R2", "1") in nets["BUZZER"]


def test_each_key_is_column_switch_diode_row(files):
    _, nets = netlist(files["board.net"])
    for key in range(144):
        r, c = grid.row_col(key)
        n = key + 1
        assert net_of(nets, "SW%d" % n, 1) == "COL%d" % c
        assert net_of(nets, "SW%d" % n, 2) == net_of(nets, "D%d" % n, 2)  # anode
        assert net_of(nets, "D%d" % n, 1) == "ROW%d" % r  # cathode towards the row


def test_led_chain_follows_the_firmware_layout(files):
    comps, nets = netlist(files["board.net"])
    table = from_pins(pins).table
    for i in range(1, 145):
        cell = grid.parse(comps["LED%d" % i][1]["Cell"])
        assert table[cell] == i - 1
        assert net_of(nets, "LED%d" % i, 3) == "+5V" and net_of(nets, "LED%d" % i, 1) == "GND"
        if i < 144:  # DOUT (pin 4) -> next DIN (pin 2)
            assert net_of(nets, "LED%d" % i, 4) == net_of(nets, "LED%d" % (i + 1), 2)


def test_a_changed_pin_map_moves_the_nets(monkeypatch):
    rows = list(pins.MATRIX_ROWS)
    rows[0], rows[1] = rows[1], rows[0]
    monkeypatch.setattr(pins, "MATRIX_ROWS", tuple(rows))
    board = circuit.build(circuit.chain_cells())
    [pico] = [p for p in board.parts if p.ref == "U1"]
    assert pico["GP%d" % rows[0]].net.name == "ROW0"
    assert pico["GP%d" % rows[1]].net.name == "ROW1"
    monkeypatch.setattr(pins, "BUZZER", pins.NEOPIXEL)
    with pytest.raises(ValueError, match="GPIO used twice"):
        circuit.build(circuit.chain_cells())


def test_another_chain_layout_reorders_the_leds(monkeypatch):
    monkeypatch.setattr(pins, "CHAIN_ORIGIN", "bottom-right")
    monkeypatch.setattr(pins, "CHAIN_SERPENTINE", False)
    cells = circuit.chain_cells()
    layout = ChainLayout("bottom-right", True, False, pins.CHAIN_ROTATION)
    assert [layout.index(c) for c in cells] == list(range(144))
    assert cells[0] == grid.cell(11, 11)


def test_one_numbering_for_every_reference(generated_and_board):
    # the netlist is the PCB's design; the hand-wired build's parts carry the same
    # references with the same pin numbers (Q1: 1 B, 2 E, 3 C; LEDs: 1 GND .. 4 DOUT)
    design = circuit.build(circuit.chain_cells(), pcb=True)
    pins_of = {p.ref: {str(q.num): q.name for q in p.pins} for p in design.parts}
    hand = generated_and_board[2]
    for p in hand.parts:
        assert {str(q.num): q.name for q in p.pins} == pins_of[p.ref], p.ref
    assert pins_of["Q1"] == {"1": "B", "2": "E", "3": "C"}
    assert pins_of["LED1"] == {"1": "VSS", "2": "DIN", "3": "VDD", "4": "DOUT"}


def test_bom_quantities_and_total(files, generated_and_board):
    hand = generated_and_board[2]  # BOM.csv is the hand-wired build's
    comps = {p.ref: (str(p.value), {}) for p in hand.parts}
    rows = list(csv.DictReader(io.StringIO(files["BOM.csv"])))
    body, total = rows[:-1], rows[-1]
    by_value = {r["value"]: r for r in body}
    assert int(by_value["1N4148"]["quantity"]) == 144 + 1  # a key's each, and the protection's D301
    assert int(by_value["WS2812B module"]["quantity"]) == 144
    assert int(by_value["MX switch"]["quantity"]) == 144
    assert int(by_value["100n"]["quantity"]) == 1  # the level shifter's: the modules carry theirs
    assert int(by_value["1u"]["quantity"]) == 1  # C301, the FETs' soft start
    assert int(by_value["10k"]["quantity"]) == 1 + 5  # the buzzer's pull-down, R301-R305
    assert int(by_value["AO4407A"]["quantity"]) == 4 and int(by_value["470k"]["quantity"]) == 1  # R306
    assert int(by_value["22k"]["quantity"]) == 12  # the column pull-ups
    on_board = [r for r in body if r["refs"] != "off board"]
    assert sum(int(r["quantity"]) for r in on_board) == len(comps)
    for r in body:
        assert r["example_part_number"] and r["package"]
        assert abs(int(r["quantity"]) * float(r["unit_cost_usd"]) - float(r["line_cost_usd"])) < 0.005
        values = [v for v, _ in comps.values()]
        if r["refs"] != "off board":
            assert values.count(r["value"]) == int(r["quantity"]), r["value"]
    assert total["part"] == "total"
    assert abs(float(total["line_cost_usd"]) - sum(float(r["line_cost_usd"]) for r in body)) < 0.005


def test_pins_md_agrees_with_pins_py(files):
    rows = re.findall(r"^\| (\w+) \| GP(\d+) \| (\d+) \|", files["PINS.md"], re.M)
    table = {net: (int(gpio), int(num)) for net, gpio, num in rows}
    expect = {"NEOPIXEL": pins.NEOPIXEL, "BUZZER": pins.BUZZER}
    expect.update(("ROW%d" % i, g) for i, g in enumerate(pins.MATRIX_ROWS))
    expect.update(("COL%d" % j, g) for j, g in enumerate(pins.MATRIX_COLS))
    assert table == {net: (g, pico_pin_number(g)) for net, g in expect.items()}


def test_wokwi_diagram_agrees_with_pins_py(files):
    d = json.loads(files[os.path.join("wokwi", "diagram.json")])
    links = {}
    for a, b, _, _ in d["connections"]:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    assert "pico:GP%d" % pins.NEOPIXEL in links["leds:DIN"]
    assert "pico:GP%d" % pins.BUZZER in links["bz1:2"]
    buttons = [p for p in d["parts"] if p["type"] == "wokwi-pushbutton"]
    assert len(buttons) >= 4
    for p in buttons:
        r, c = grid.row_col(grid.parse(p["attrs"]["label"]))
        assert links[p["id"] + ":1.l"] == {"pico:GP%d" % pins.MATRIX_COLS[c]}
        assert links[p["id"] + ":2.r"] == {"pico:GP%d" % pins.MATRIX_ROWS[r]}
    corners = {grid.parse(p["attrs"]["label"]) for p in buttons} & set(grid.CORNERS)
    assert corners == set(grid.CORNERS)  # menu, undo, hint and new game are all there
    [leds] = [p for p in d["parts"] if p["type"] == "wokwi-neopixel-matrix"]
    assert leds["attrs"]["matrixLayout"] == ("serpentine" if pins.CHAIN_SERPENTINE else "")


def test_wiring_svg_agrees_with_pins_py(files):
    root = ET.fromstring(files["wiring.svg"])
    groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g")]
    pico = {g.get("data-name"): g.get("data-net") for g in groups if g.get("class") == "pico-pin"}
    labels = {g.get("data-net"): int(g.get("data-gpio")) for g in groups
              if g.get("class") in ("row-label", "col-label")}
    for i, gpio in enumerate(pins.MATRIX_ROWS):
        assert pico["GP%d" % gpio] == "ROW%d" % i and labels["ROW%d" % i] == gpio
    for j, gpio in enumerate(pins.MATRIX_COLS):
        assert pico["GP%d" % gpio] == "COL%d" % j and labels["COL%d" % j] == gpio
    assert pico["GP%d" % pins.NEOPIXEL] == "NEOPIXEL" and pico["GP%d" % pins.BUZZER] == "BUZZER"
    table = from_pins(pins).table
    leds = [g for g in groups if g.get("class") == "led"]
    assert len(leds) == 144
    for g in leds:
        assert table[grid.parse(g.get("data-cell"))] == int(g.get("data-led")) - 1


def test_committed_generated_files_are_up_to_date(files):
    for rel in CHECKED_FILES:
        with open(os.path.join(HERE, rel), encoding="utf-8") as f:
            assert f.read() == files[rel], "hardware/%s is stale: run make hardware" % rel


def test_power_budget_from_the_firmware_frames(files):
    white = bytes([255]) * 432
    assert power.uncapped_ma(white) == 144 * 1 + 144 * 3 * 20  # 8784 mA: why the cap exists
    assert power.current_ma(white, brightness=100) <= power.CAP_MA
    doc = files["POWER.md"].split("## Worst cases")[0]
    assert "| menu |" in doc
    for game in game_ids():
        assert "| %s" % game in doc
    typical = [int(m) for m in re.findall(r"^\| [^|]+ \| (\d+) \|", doc, re.M)]
    assert typical and all(144 <= ma <= power.CAP_MA for ma in typical)


def test_check_mode_finds_a_stale_file(tmp_path, files, cached_outputs, capsys):
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert generate.main(["--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "PINS.md").write_text("edited by hand\n", encoding="utf-8")
    assert generate.main(["--out", str(tmp_path), "--check"]) == 1
    assert "PINS.md" in capsys.readouterr().err


def test_a_bad_pin_map_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(pins, "MATRIX_COLS", pins.MATRIX_COLS[:11])
    assert generate.main(["--out", str(tmp_path)]) == 2
    assert "12 columns" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing half-written
    monkeypatch.setattr(pins, "MATRIX_COLS", pins.MATRIX_COLS[:11] + (23,))
    assert generate.main(["--out", str(tmp_path)]) == 2
    assert "GP23 not on the Pico's header" in capsys.readouterr().err


# -- issue 15: protection, pull-ups, reset, parts a maker can wire, power, mechanics ------
def test_the_input_is_fused_and_protected(files):
    _, nets = netlist(files["board.net"])
    assert net_of(nets, "J1", 1) == "VIN" and net_of(nets, "J1", 2) == "GND"
    assert {net_of(nets, "F1", 1), net_of(nets, "F1", 2)} == {"VIN", "VIN_F"}  # all current via F1
    assert nets["VIN"] == {("J1", "1"), ("F1", "1")}
    # F1 -> Q301 || Q304 -> Q302 || Q305 -> +5V, and nothing else on the fused input but
    # the sense diode: a reversed or 12 V plug reaches only F1, Q301's and Q304's drains
    # and D301's anode
    assert nets["VIN_F"] == {("F1", "2"), ("D301", "2")} | {(q, str(n)) for q in ("Q301", "Q304")
                                                            for n in range(5, 9)}
    assert net_of(nets, "D201", 1) == "+5V" and net_of(nets, "D201", 2) == "GND"  # TVS: K to +5V
    rows = list(csv.DictReader(io.StringIO(files["BOM.csv"])))
    parts = " / ".join(r["part"] for r in rows)
    assert "resettable fuse" in parts and "TVS" in parts
    [jack] = [r for r in rows if r["refs"] == "J1"]
    assert "5 V ONLY" in jack["part"] and "rated %g A" % (JACK_RATED_MA / 1000.0) in jack["part"]
    assert pins.SUPPLY_MA <= JACK_RATED_MA  # some common jacks are rated 2.5 A: not this one
    [fuse] = [r for r in rows if r["refs"] == "F1"]
    assert "%g A hold" % (FUSE_HOLD_23C_MA / 1000.0) in fuse["value"]
    assert "%g A at 40 degC" % (FUSE_HOLD_MA / 1000.0) in fuse["part"]
    # holds the load in a warm case (40 degC: the datasheet's derating, 3.5 of 4.0 A);
    # trips on a short
    assert power.CAP_MA + BOARD_MA <= FUSE_HOLD_MA < FUSE_HOLD_23C_MA


def test_the_protection_parts_are_wired_by_their_datasheets_pins(files):
    # each part's pins by number as its datasheet's pin table (parts.PINOUTS) names
    # them, on the nets the protection needs: Q301 and Q302 back to back (drains out,
    # sources joined, gates together), Q304 and Q305 in parallel with them, U301 sensing
    # the fused input, Q303 between them
    _, nets = netlist(files["board.net"])
    board = circuit.build(circuit.chain_cells(), pcb=True)
    parts = {p.ref: p for p in board.parts}
    tables = {"Q301": "AO4407A", "Q302": "AO4407A", "Q304": "AO4407A", "Q305": "AO4407A", "U301": "TL431",
              "Q303": "MMBT3906"}
    for ref, table in tables.items():
        assert {int(p.num): p.name for p in parts[ref].pins} == PINOUTS[table], ref
    want = {
        "Q301": {"S": "PROT_S", "G": "PROT_G", "D": "VIN_F"},
        "Q304": {"S": "PROT_S", "G": "PROT_G", "D": "VIN_F"},
        "Q302": {"S": "PROT_S", "G": "PROT_G", "D": "+5V"},
        "Q305": {"S": "PROT_S", "G": "PROT_G", "D": "+5V"},
        "U301": {"K": "OV_K", "REF": "OV_SENSE", "A": "GND"},
        "Q303": {"B": "OV_B", "E": "PROT_S", "C": "PROT_G"},
    }
    for ref, by_name in want.items():
        for num, name in PINOUTS[tables[ref]].items():
            assert net_of(nets, ref, num) == by_name[name], (ref, num, name)
    assert {net_of(nets, "R301", 1), net_of(nets, "R301", 2)} == {"PROT_G", "GND"}
    assert {net_of(nets, "R306", 1), net_of(nets, "R306", 2)} == {"PROT_G", "OV_SENSE"}  # the hysteresis
    assert {net_of(nets, "C301", 1), net_of(nets, "C301", 2)} == {"PROT_G", "PROT_S"}
    assert (net_of(nets, "D301", 2), net_of(nets, "D301", 1)) == ("VIN_F", "OV_DIV")  # A, K
    assert {net_of(nets, "R302", 1), net_of(nets, "R302", 2)} == {"OV_DIV", "OV_SENSE"}
    assert {net_of(nets, "R303", 1), net_of(nets, "R303", 2)} == {"OV_SENSE", "GND"}
    assert {net_of(nets, "R305", 1), net_of(nets, "R305", 2)} == {"OV_K", "OV_B"}
    assert {net_of(nets, "R304", 1), net_of(nets, "R304", 2)} == {"OV_B", "PROT_S"}
    values = {p.ref: str(p.value) for p in board.parts}
    assert (values["R302"], values["R303"]) == tuple("%dk" % (r // 1000) for r in OVP_DIVIDER)
    assert values["R306"] == "%dk" % (OVP_FEEDBACK // 1000)
    # R301 small enough that R306's current from REF leaves the gates near GND while on
    assert (values["R301"], values["C301"]) == ("10k", "1u")
    assert OVP_VREF * 10000 / (OVP_FEEDBACK + 10000) < 0.06


def test_the_cut_off_has_two_thresholds_between_a_5_v_adapter_and_what_the_parts_take():
    # a rising input turns the FETs off where U301's REF reaches its 2.495 V with R306
    # to the gates at 0 V; a falling one turns them on again where REF falls back with
    # R306 to the gates at the input (less Q301's body diode): the divider's ratio, D301's
    # drop, 1 % resistors, the TL431B's 0.5 %, the diodes' spread
    t = power.ovp_thresholds()
    top, bottom = OVP_DIVIDER
    # nominal, by hand: 0.55 + 2.495 (1 + 10/10 + 10/470)
    assert t["off"][1] == pytest.approx(OVP_DIODE_V[1] + OVP_VREF * (1 + top / bottom + top / OVP_FEEDBACK))
    assert t["off"][1] == pytest.approx(5.593, abs=0.001) and t["on"][1] == pytest.approx(5.489, abs=0.001)
    # both over a 5 V adapter's +5 % (5.25 V): such an adapter is never cut off, nor held
    # off after a spike; the highest under VSYS's 5.5 V max once D200 (B5819W, 0.3 V at
    # least at the Pico's draw) is passed, and under 6 V (the LEDs' and the 74AHCT125's
    # recommended 5.5 V, 7 V absolute for the shifter)
    assert 5.25 < t["on"][0] < t["off"][0] and t["off"][2] < 6.0 and t["off"][2] - 0.3 <= 5.5
    # a clear gap on every board: ripple under it cannot leave the FETs half on
    assert t["gap"][0] >= 0.09 and t["gap"][1] == pytest.approx(0.104, abs=0.002)
    # the FETs, two pairs in series, at the AO4407A's typical RDS(on) at VGS -5 V (warm):
    # 0.08 V at most at the board's whole draw, 0.11 V at the datasheet's maximum there
    # (one FET a side made it 0.22 V: the farthest LED under 4.6 V)
    assert (FETS_IN_SERIES, FETS_IN_PARALLEL) == (2, 2)
    assert FET_STAGE_OHM == pytest.approx(FET_OHM) and FET_STAGE_OHM_MAX == pytest.approx(FET_OHM_MAX)
    assert FET_STAGE_OHM * (power.CAP_MA + BOARD_MA) / 1000.0 <= 0.08
    assert FET_STAGE_OHM_MAX * (power.CAP_MA + BOARD_MA) / 1000.0 <= 0.11
    assert 0.027 < FET_OHM < FET_OHM_MAX and FET_OHM_MAX >= 0.038


def test_a_supply_the_input_cannot_carry_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(pins, "SUPPLY_MA", 6000)
    assert generate.main(["--out", str(tmp_path)]) == 2
    assert "over the jack J1's 5000 mA rating" in capsys.readouterr().err
    monkeypatch.setattr(pins, "SUPPLY_MA", 5000)  # the jack takes it; F1 holds its 3500 mA draw at 40 degC
    from hardware import circuit

    monkeypatch.setattr(circuit, "FUSE_HOLD_MA", 3000)  # a smaller fuse does not
    assert generate.main(["--out", str(tmp_path)]) == 2
    assert "over the 3000 mA that F1 holds at 40 degC" in capsys.readouterr().err
    monkeypatch.setattr(pins, "SUPPLY_MA", 500)  # too small for the LEDs' idle draw
    assert generate.main(["--out", str(tmp_path)]) == 2
    assert "too small" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("supply, says", [("500", "a 500 mA supply is too small"),
                                          ("4000.5", "whole mA (e.g. 4000), not 4000.5"),
                                          ("'4000'", "whole mA (e.g. 4000), not '4000'")])
def test_a_bad_supply_in_pins_py_is_a_clear_error_from_a_fresh_start(tmp_path, supply, says):
    # as `make hardware` meets it: pins.py read afresh, every module loaded after it
    import subprocess
    import sys

    code = ("import sys, hardware, pins\npins.SUPPLY_MA = %s\nfrom hardware import generate\n"
            "sys.exit(generate.main(['--out', %r]))" % (supply, str(tmp_path)))
    run = subprocess.run([sys.executable, "-c", code], cwd=os.path.dirname(HERE), capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_columns_have_pull_ups_and_the_pico_a_reset_button(files):
    _, nets = netlist(files["board.net"])
    assert net_of(nets, "U1", 36) == "+3V3"  # 3V3_OUT
    for j in range(12):
        ref = "R%d" % (11 + j)
        assert net_of(nets, ref, 1) == "COL%d" % j and net_of(nets, ref, 2) == "+3V3"
        assert re.search(r'\(comp\s+\(ref "%s"\)\s*\(value "22k"\)' % ref, files["board.net"]), ref
    assert net_of(nets, "U1", 30) == "RUN"
    assert nets["RUN"] == {("U1", "30"), ("SW201", "1")} and net_of(nets, "SW201", 2) == "GND"


def test_the_column_pull_up_is_the_one_the_wire_model_takes():
    # 22 kOhm (issue #56): a whole held row's columns 0.69 V at worst, under VIL 0.8 V by
    # 0.1 V; at 10 kOhm the same row sat at 0.79 V, 8 mV under
    from hardware import circuit, matrix_wires

    assert float(circuit.PULL_UP.rstrip("k")) * 1e3 == matrix_wires.PULL_UP_OHMS
    worst = max(b.column_low() for b in matrix_wires.builds())
    assert worst < matrix_wires.VIL_MAX - 0.1, worst


# Every footprint the board names, as KiCad's standard libraries spell it (checked
# against KiCad's footprint libraries); a new part must be added here once checked.
KICAD_FOOTPRINTS = {
    "Module:RaspberryPi_Pico_Common_THT",
    "Connector_Wire:SolderWire-0.15sqmm_1x04_P4mm_D0.5mm_OD1.5mm",
    "Package_DIP:DIP-14_W7.62mm_Socket",
    "Diode_THT:D_DO-35_SOD27_P7.62mm_Horizontal",
    "Diode_THT:D_DO-41_SOD81_P10.16mm_Horizontal",
    "Diode_THT:D_DO-201AE_P15.24mm_Horizontal",
    "Button_Switch_Keyboard:SW_Cherry_MX_1.00u_Plate",
    "Button_Switch_THT:SW_PUSH_6mm",
    "Fuse:Fuse_Bourns_MF-RG400",
    "Package_TO_SOT_THT:TO-92_Inline",
    "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm",
    "Buzzer_Beeper:Buzzer_TDK_PS1240P02BT_D12.2mm_H6.5mm",
    "Connector_BarrelJack:BarrelJack_CUI_PJ-102AH_Horizontal",
    "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P10.16mm_Horizontal",
    "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm",
    "Capacitor_THT:CP_Radial_D10.0mm_P5.00mm",
}


def test_footprints_are_kicads_own():
    templates = make_templates()
    assert {t.footprint for t in templates.values()} == KICAD_FOOTPRINTS
    assert templates["buzzer"].footprint.endswith("TDK_PS1240P02BT_D12.2mm_H6.5mm")


def test_only_ahct_shifters_are_named():
    texts = [open(os.path.join(HERE, name), encoding="utf-8").read()
             for name in ("BUILD.md", "README.md", "BOM.csv", "PINS.md")]
    for text in texts:
        assert not re.search(r"74(HC|HCT|LS)\d", text), "only AHCT parts: HC/HCT inputs clamp to their rail"
    build = texts[0]
    assert "74AHCT125" in build and "back-feed" in build  # and the reason is given


def test_the_cap_and_supply_in_power_md_come_from_pins(files):
    assert power.SUPPLY_MA == pins.SUPPLY_MA
    assert power.CAP_MA == cap_for_supply(pins.SUPPLY_MA) < pins.SUPPLY_MA
    assert "current cap %d mA, supply %d mA" % (power.CAP_MA, pins.SUPPLY_MA) in files["POWER.md"]
    assert "| SUPPLY_MA | %d " % pins.SUPPLY_MA in files["PINS.md"]
    assert "| LED_ORDER | %s " % pins.LED_ORDER in files["PINS.md"]


def test_wire_sizes_are_the_awgs_own():
    for role, (awg, mm2, _, _, _) in WIRES.items():
        d = 0.127 * 92 ** ((36 - awg) / 39.0)  # the AWG's diameter, mm
        assert abs(3.14159 * d * d / 4 - mm2) / mm2 < 0.02, role


def test_the_power_ladder_keeps_the_far_led_near_5_v(files):
    drop = power.ladder_drop_mv()
    # under BUILD.md stage 6's 0.35 V check: with margin at the FETs' typical RDS(on)
    # (0.27 V), and still under it at their datasheet maximum at VGS -5 V
    assert drop < 300
    assert drop + power.CAP_MA * (FET_STAGE_OHM_MAX - FET_STAGE_OHM) < 350
    assert power.chain_fed_drop_mv() > 3 * drop  # why the chain is never fed from one end
    doc = files["POWER.md"]
    assert "## Power distribution: the ladder" in doc and "hardware/bringup/load.py" in doc
    bom_text = files["BOM.csv"]
    for role in WIRES:
        assert "%d AWG (%g mm2)" % WIRES[role][:2] in doc
        assert "%d AWG (%g mm2)" % WIRES[role][:2] in bom_text


def test_the_cell_drawing_stacks_the_parts(files):
    root = ET.fromstring(files["cell.svg"])
    layers = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "layer"]
    names = [g.get("data-name") for g in layers]
    assert names[0] == "keycap" and names.index("plate") < names.index("LED module") < names.index("carrier")
    top = 0.0
    for g in layers:  # stacked without gaps or overlaps
        assert abs(float(g.get("data-top")) - top) < 1e-6
        top += float(g.get("data-height"))
        assert float(g.get("data-width")) < mechanics.PITCH_MM  # a cell fits its pitch
    assert "pitch %g" % mechanics.PITCH_MM in files["cell.svg"]
    assert mechanics.PANEL_MM == 12 * mechanics.PITCH_MM
    rows = list(csv.DictReader(io.StringIO(files["BOM.csv"])))
    text = " ".join(r["part"] + " " + r["value"] for r in rows)
    assert "M3 x %g" % mechanics.STANDOFF_MM in text  # the standoffs the drawing needs
    assert "%g x %g mm" % (mechanics.CUTOUT_MM, mechanics.CUTOUT_MM) in text
    assert "%g x %g" % (mechanics.PANEL_MM, mechanics.PANEL_MM) in text
    for thing in ("keycap", "diffuser", "header", "IC socket", "heat-shrink", "wire", "plate"):
        assert thing in text, thing


def test_bom_total_is_a_believable_hobby_price(files):
    rows = list(csv.DictReader(io.StringIO(files["BOM.csv"])))
    total = float(rows[-1]["line_cost_usd"])
    assert 120 < total < 350
    with open(os.path.join(HERE, "BUILD.md"), encoding="utf-8") as f:
        quoted = float(re.search(r"about \$(\d+) in hobby quantities", f.read()).group(1))
    assert abs(quoted - total) <= 0.05 * total  # what BUILD.md tells a maker to expect
    costs = {r["refs"]: float(r["unit_cost_usd"]) for r in rows[:-1]}
    assert 3.5 <= costs["U1"] <= 6 and 0.05 <= costs["LED1-LED144"] <= 0.5


def test_build_md_guides_a_maker_with_the_generated_numbers():
    with open(os.path.join(HERE, "BUILD.md"), encoding="utf-8") as f:
        build = " ".join(f.read().split())  # words, whatever the line breaks
    assert build.index("## 0. Safety first") < build.index("## 1. MicroPython on the Pico")
    for words in ("5 V ONLY", "BOOTSEL", ".uf2", "1.27", "current limit", "SUPPLY_MA", "LED_ORDER"):
        assert words in build, words
    for name in sorted(os.listdir(os.path.join(HERE, "bringup"))):
        if name.endswith(".py"):
            assert "mpremote run hardware/bringup/%s" % name in build, name
    for role in WIRES:
        assert "%d AWG (%g mm2)" % WIRES[role][:2] in build, role
    assert "M3 x %g" % mechanics.STANDOFF_MM in build
    assert "%g x %g mm cut-out every %g mm" % (mechanics.CUTOUT_MM, mechanics.CUTOUT_MM, mechanics.PITCH_MM) in build
    assert "about %d mA" % (144 + 25) in build  # the full board's idle draw (bringup/idle.py)
