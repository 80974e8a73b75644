# hardware/matrix_wires.py: the key matrix's wires as a circuit, and the firmware's scan
# held to it (drivers/keys_setup.py SETTLE_NS and ROW_DRIVE). The virtual Pico's own checks of
# the scan on the same model: host_tools/vpico/wire_checks.py.
import hardware  # noqa: F401  (firmware/ on the path)
from drivers import keys, keys_setup
from hardware import matrix_wires as wires


def test_every_row_and_column_of_the_pcb_has_its_copper():
    copper = wires.pcb_copper()
    assert sorted(copper) == sorted(["ROW%d" % i for i in range(12)] + ["COL%d" % i for i in range(12)])
    for name, (pf, vias) in copper.items():
        # a column runs the 12 cells (about 23 cm of 0.25 mm track): tens of pF; a column
        # crosses to the back to reach its pull-up; a row may stay on the back all the way
        # to the Pico's through-hole pad (ROW0 does)
        assert 10 < pf < 100 and (vias > 0 or name.startswith("ROW")), (name, pf, vias)


def test_a_track_over_fr4_is_about_half_a_pf_a_cm():
    # IPC-2141 for 0.25 mm over 1.51 mm of FR4: about 130 ohm, 0.43 pF/cm
    assert 0.035 < wires.microstrip_pf_per_mm(0.25) < 0.05


def test_the_scan_waits_its_margin_over_the_worst_build():
    need = wires.needed_settle_ns()
    assert 300 < need < 2000
    assert keys_setup.SETTLE_NS >= wires.SETTLE_MARGIN * need, (keys_setup.SETTLE_NS, need)
    # the worst case is a whole row held: its pad discharges all twelve columns, to a
    # level under VIL; one key held settles far sooner (the 22 kOhm pull-ups: 430 and
    # 182 ns on the PCB)
    for build in wires.builds():
        assert build.settle_ns(held=12) > 2 * build.settle_ns(held=1)


def test_the_settle_loop_lasts_settle_ns_at_any_clock():
    from drivers.keys_setup import settle_turns

    for mhz in (48, 125, 133, 200, 250):
        turns = settle_turns(mhz * 1000000)
        ns = turns * keys_setup.NATIVE_TURN_CYCLES * 1000.0 / mhz
        assert keys_setup.SETTLE_NS <= ns < keys_setup.SETTLE_NS + keys_setup.NATIVE_TURN_CYCLES * 1000.0 / mhz, (mhz, turns)


def test_the_rows_drive_keeps_a_whole_held_row_low():
    assert keys_setup.ROW_DRIVE == wires.ROW_DRIVE
    for build in wires.builds():
        assert build.column_low(12, keys_setup.ROW_DRIVE) < wires.VIL_MAX
        # the pads' default, 4 mA: a whole held row would read as nothing held
        assert build.column_low(12, 1) > wires.VIL_MAX
        assert build.settle_ns(drive=1) == float("inf")
        # one key held sits well below either way
        assert build.column_low(1, 1) < wires.VIL_MAX - 0.1


def test_a_longer_wire_settles_later():
    pcb, hand = wires.builds()
    assert hand.col_pf > pcb.col_pf and hand.settle_ns() > pcb.settle_ns()
    assert hand.recover_ns() > pcb.recover_ns()


def test_the_columns_recover_within_the_scans_bounded_wait():
    # the bytecode scan's bound: RECOVER_READS reads of ~0.9 us each on the Pico at 200 MHz
    assert max(b.recover_ns() for b in wires.builds()) * wires.SETTLE_MARGIN < keys.RECOVER_READS * 900


def test_the_virtual_pico_models_the_worst_build_and_needs_what_it_needs():
    import math

    from host_tools.vpico import board

    model = board.wires_config()
    assert model["build"] == "hand-wired"  # the longer wires
    # the need vpico.mjs reports at 12 mA: the worst build's, with a whole row held,
    # as the level and time constant it models give it
    low, tau = model["low"][3][12], model["fallTauNanos"][3][12]
    need = tau * math.log((model["iovdd"] - low) / (model["vil"] - low)) + model["syncNanos"]
    assert model["needNanos"][3] == wires.needed_settle_ns() and abs(need - model["needNanos"][3]) < 1
    assert model["needNanos"][1] is None  # at 4 mA a whole held row is never read: no wait is enough
    # a drive's level falls with fewer keys held and with a stronger drive, and faster
    assert model["low"][3][1] < model["low"][3][12] < model["low"][1][12]
    assert model["fallTauNanos"][3][1] < model["fallTauNanos"][3][12] < model["fallTauNanos"][1][12]


def test_the_build_guide_says_what_the_scan_does():
    import os

    with open(os.path.join(os.path.dirname(wires.__file__), "BUILD.md"), encoding="utf-8") as f:
        guide = f.read()
    assert "reads the row's columns %d ns after driving it" % keys_setup.SETTLE_NS in guide
    assert "limit after %.2f us" % (wires.needed_settle_ns() / 1000) in guide
    assert "drives each row at %d mA" % wires.DRIVE_MA[keys_setup.ROW_DRIVE] in guide
    assert "up to %g m of wire from the Pico" % wires.WIRE_TO_PICO_M in guide
