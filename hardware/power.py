# POWER.md: the LEDs' current on every screen, from the firmware's own frames, and how
# that current reaches them (the power ladder, its wires and their voltage drops). Each
# screen is rendered by the real App on the simulator's drivers; its frame goes through
# the real Pixels driver (gamma, brightness, current cap) and estimate_ma().
import pins
from hardware import CLOCK_HZ
from app import catalog, grid, saves
from app.grid import CELLS
from drivers.pixels import Pixels
from drivers.pixels_setup import cap_for_supply
from drivers.pixels import IDLE_MA, MA_PER_CHANNEL
from app.catalog import game_ids
from games.rng import Rng
from sim.drivers import SimStrip
from sim.headless import Headless

from hardware.mechanics import PITCH_MM
from hardware.parts import FET_OHM, FET_STAGE_OHM, FUSE_OHM, WIRES, wire_name

BRIGHTNESS = saves.DEFAULT_SETTINGS["brightness"]
SUPPLY_MA = pins.SUPPLY_MA  # the adapter's rating, set in firmware/pins.py
CAP_MA = cap_for_supply(SUPPLY_MA)  # what the firmware derives from it
MID_MOVES = 12  # "mid-game": this many random legal moves played through the keys
WATCH_MS = 2000  # how long each screen is watched for its brightest frame (blinks)
SEED = 1


def current_ma(frame, brightness=BRIGHTNESS, cap_ma=CAP_MA):
    """The LEDs' estimated draw (mA) showing `frame` (logical RGB, cell order)."""
    pixels = Pixels(SimStrip(), brightness=brightness, cap_ma=cap_ma)
    pixels.show(frame)
    return pixels.current_ma


def uncapped_ma(frame, brightness=100):
    return current_ma(frame, brightness, cap_ma=10 ** 9)


def watch(sim):
    """(frame as rendered now, brightest frame over the next WATCH_MS) of `sim`."""
    app = sim.board.app
    app.render(sim.board.clock.now)
    first = bytes(app.frame.buf)
    brightest = first
    end = sim.board.clock.now + WATCH_MS
    while sim.board.clock.now < end:
        sim.advance(50)
        app.render(sim.board.clock.now)
        if sum(app.frame.buf) > sum(brightest):
            brightest = bytes(app.frame.buf)
    return first, brightest


def play_random(sim, moves):
    """Press the keys of `moves` random legal moves (fewer if the game ends)."""
    rng = Rng(SEED)
    screen = sim.board.app.screen
    for _ in range(moves):
        state = screen.state
        legal = state.legal_moves()
        if state.status != "playing" or not legal:
            break
        before = len(state.history)
        move = legal[rng.below(len(legal))]
        sim.run("press %s" % grid.name(screen.cell_for_move(move)))
        sim.advance(1500)  # let the move's animation finish
        if len(screen.state.history) == before:
            raise ValueError("%s: pressing the move's cell did not play it" % screen.setup["game"])
    return len(screen.state.history)


def setups(game):
    """The player counts the menu offers for `game` (None: the game's default)."""
    counts = []
    for name, players in (t[:2] for t in catalog.TILES):
        if name == game and players not in counts:
            counts.append(players)
    return counts or [None]


def screens():
    """[(screen name, frame, brightest frame) or (name, None, why not)]."""
    out = []
    sim = Headless()
    out.append(("menu",) + watch(sim))
    for game in game_ids():
        for players in setups(game):
            name = game if players is None else "%s (%d players)" % (game, players)
            sim = Headless()
            try:
                sim.run("start %s --seed %d%s" % (game, SEED, "" if players is None else " --players %d" % players))
                out.append(("%s, start" % name,) + watch(sim))
                played = play_random(sim, MID_MOVES)
            except Exception as e:  # a screen that can't be driven must not stop make hardware
                out.append((name, None, "could not be played through the keys: %s" % e))
                continue
            out.append(("%s, after %d moves" % (name, played),) + watch(sim))
    return out


# -- the power ladder -------------------------------------------------------------
COPPER = 0.0172  # ohm mm2 / m
FEEDER_M = 0.45  # jack board (behind the left edge, middle) to the far busbar's middle
TAP_M = 0.06  # from a row wire down to its LED module, through the carrier
SIDE = grid.SIZE


def ohm(role, metres):
    return COPPER * metres / WIRES[role][1]


def _fed_from_ends(role, load_ma):
    """mV dropped, one conductor, from a wire end to the middle of SIDE equal loads
    at PITCH_MM spacing fed from both ends (the first load half a pitch in)."""
    drop, step = 0.0, PITCH_MM / 1000.0
    for k in range(SIDE // 2, 0, -1):  # k loads still beyond this segment
        length = step / 2 if k == SIDE // 2 else step
        drop += k * load_ma * ohm(role, length)
    return drop


def ladder(cap_ma=None):
    """The worst LED's supply path at the cap (every LED alike: a full-white frame):
    [(segment, wire, metres, mA in it, mV dropped in +5V; GND drops as much)]."""
    cap_ma = CAP_MA if cap_ma is None else cap_ma
    led = cap_ma / CELLS
    half = cap_ma / 2.0  # each busbar feeds one end of every row
    row_half = cap_ma / SIDE / 2  # a row's draw from one busbar
    return [
        ("feeder to the far busbar", "feeder", FEEDER_M, half, half * ohm("feeder", FEEDER_M)),
        ("busbar, its middle to the end row", "feeder", PITCH_MM * SIDE / 2000.0, half / 2,
         _fed_from_ends("feeder", row_half)),
        ("row wire, its ends to the middle LED", "row", PITCH_MM * SIDE / 2000.0, led * SIDE / 2,
         _fed_from_ends("row", led)),
        ("tap to the module", "signal", TAP_M, led, led * ohm("signal", TAP_M)),
    ]


def ladder_drop_mv(cap_ma=None):
    """+5V to GND lost on the way to the worst LED: both conductors, F1 and the
    protection's FETs (two pairs in series)."""
    cap_ma = CAP_MA if cap_ma is None else cap_ma
    return 2 * sum(seg[4] for seg in ladder(cap_ma)) + cap_ma * (FUSE_OHM + FET_STAGE_OHM)


def chain_fed_drop_mv(cap_ma=None):
    """The same load fed at LED1 only and passed module to module along the chain
    (one pitch of signal wire between modules): what the ladder avoids."""
    cap_ma = CAP_MA if cap_ma is None else cap_ma
    led = cap_ma / CELLS
    link = ohm("signal", PITCH_MM / 1000.0)
    return 2 * sum(k * led * link for k in range(CELLS - 1, 0, -1)) + cap_ma * (FUSE_OHM + FET_STAGE_OHM)


def ovp_thresholds():
    """The cut-off's two input thresholds (at the jack, F1's idle drop apart), each as
    (lowest, nominal, highest) over the parts' tolerances, and the gap between them
    (smallest, nominal): {"off": rising input that turns the FETs off, "on": falling
    input that turns them on again, "gap"}. U301 switches where its REF reaches Vref:
    REF is fed from the input through D301 and R302, from GND through R303, and from
    the FETs' gates through R306 (at 0 V while the FETs are on, at the input less Q301's
    body diode while they are off: that swing is the hysteresis). TL431's REF current
    (a few uA) is left out."""
    import itertools

    from hardware.parts import OVP_BODY_DIODE_V, OVP_DIODE_V, OVP_DIVIDER, OVP_FEEDBACK, OVP_VREF

    def off_at(vref, top, bottom, fb, diode, body):  # gates at 0 V: R306 to GND
        return diode + vref * (1 + top / bottom + top / fb)

    def on_at(vref, top, bottom, fb, diode, body):  # gates at the input less the body diode
        return (vref / bottom + (diode + vref) / top + (body + vref) / fb) / (1 / top + 1 / fb)

    top, bottom = OVP_DIVIDER
    spreads = [(OVP_VREF * 0.995, OVP_VREF * 1.005), (top * 0.99, top * 1.01), (bottom * 0.99, bottom * 1.01),
               (OVP_FEEDBACK * 0.99, OVP_FEEDBACK * 1.01), (OVP_DIODE_V[0], OVP_DIODE_V[2]),
               (OVP_BODY_DIODE_V[0], OVP_BODY_DIODE_V[2])]
    nominal = (OVP_VREF, top, bottom, OVP_FEEDBACK, OVP_DIODE_V[1], OVP_BODY_DIODE_V[1])
    corners = list(itertools.product(*spreads))
    out = {}
    for name, at in (("off", off_at), ("on", on_at)):
        values = [at(*c) for c in corners]
        out[name] = (min(values), at(*nominal), max(values))
    out["gap"] = (min(off_at(*c) - on_at(*c) for c in corners), off_at(*nominal) - on_at(*nominal))
    return out


def protection_markdown():
    """What the input protection does, with its figures (parts.py, circuit.py)."""
    from hardware.parts import FET_OHM_MAX, FET_STAGE_OHM_MAX

    t = ovp_thresholds()
    draw = CAP_MA + 100
    return [
        "",
        "## The input: F1 and the protection",
        "",
        "J1 -> F1 (polyfuse) -> Q301 || Q304 -> Q302 || Q305 (AO4407A P-MOSFETs back to back,",
        "two in parallel on each side) -> +5V (README.md, \"Input protection\"). A reversed",
        "plug finds Q301 and Q304 off (their body diodes",
        "blocking): +5V stays at 0 V and nothing draws current. A rising input over about %.2f V"
        % t["off"][1],
        "at the jack (%.2f-%.2f V computed: the TL431B's 2.495 V, 1 %% resistors, the sense"
        % (t["off"][0], t["off"][2]),
        "diode's drop) makes U301 and Q303 turn all four FETs off; they come on again only once",
        "the input falls under about %.2f V (%.2f-%.2f V): R306 feeds the gates back to U301's"
        % (t["on"][1], t["on"][0], t["on"][2]),
        "REF, a gap of %.2f V (%.2f V at least), so an adapter sitting near the cut-off leaves"
        % (t["gap"][1], t["gap"][0]),
        "the FETs either on or off, never half on. A 9, 12 or 15 V adapter leaves +5V at 0 V",
        "for as long as it stays plugged in (the parts' ratings: up to 24 V). On, the FETs",
        "cost %.0f mV at the board's %d mA (the LEDs' cap and the Pico), %.0f mV at 4 A"
        % (draw * FET_STAGE_OHM, draw, 4000 * FET_STAGE_OHM),
        "(%.3f ohm each, two pairs of two: the AO4407A's typical 27 mOhm at VGS -5 V, warm;"
        % FET_OHM,
        "its datasheet's maximum there, 38 mOhm, %.3f ohm warm, would make it %.0f mV); F1 %.0f mV"
        % (FET_OHM_MAX, draw * FET_STAGE_OHM_MAX, draw * FUSE_OHM),
        "more. One FET a side, as before, cost twice as much: at the maximum the farthest",
        "LED would see under 4.6 V.",
    ]


def ladder_markdown():
    lines = [
        "",
        "## Power distribution: the ladder",
        "",
        "+5V and GND run as two busbars down the left and right edges of the carrier, each fed",
        "at its middle from the jack board; every row's own +5V/GND pair is joined to **both**",
        "busbars at its ends, and each LED module taps its row pair through the carrier.",
        "Never feed the chain from one end only. Wires (the AWG's own cross-section):",
        "",
        "| use | wire |",
        "| --- | --- |",
    ]
    for role in ("feeder", "row", "signal"):
        lines.append("| %s | %s |" % (WIRES[role][2], wire_name(role)))
    lines += [
        "",
        "The worst LED's path at the %d mA cap, every LED drawing alike (a full-white frame):"
        % CAP_MA,
        "",
        "| segment | wire | length (m) | current (mA) | drop in +5V (mV) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, role, metres, ma, mv in ladder():
        lines.append("| %s | %s | %.2f | %d | %.1f |" % (name, wire_name(role), metres, ma, mv))
    drop = ladder_drop_mv()
    lines += [
        "| F1 (polyfuse, %.2f ohm) | | | %d | %.1f |" % (FUSE_OHM, CAP_MA, CAP_MA * FUSE_OHM),
        "| Q301 Q304 + Q302 Q305 (input protection: two pairs in series, %.3f ohm each FET, "
        "typical: hardware/parts.py) | | | %d | %.1f |" % (FET_OHM, CAP_MA, CAP_MA * FET_STAGE_OHM),
        "",
        "GND returns the same way, so the worst LED (the middle of the top and bottom rows:",
        "f1, g1, f12, g12) sees **%.2f V less** than the jack: %.2f V from a 5.00 V supply."
        % (drop / 1000.0, 5.0 - drop / 1000.0),
        "Fed along the chain from LED1 alone it would see %.2f V less (%.2f V)."
        % (chain_fed_drop_mv() / 1000.0, 5.0 - chain_fed_drop_mv() / 1000.0),
        "",
        "**Check under load** (BUILD.md, stage 6): `mpremote run hardware/bringup/load.py` lights",
        "every LED white at the cap; the voltage across +5V/GND at f1 and at g12 must be within",
        "0.35 V of the voltage across the jack. More means a thin or badly soldered joint.",
        "",
        "These drops are the hand-wired build's wires. The PCB's copper is solved by `make pcb`",
        "(hardware/copper.py: `BENCH pcb_worst_led_volts`, the LED it names and its drops in",
        "README.md and in BUILD.md's bring-up): on a PCB, check against those figures.",
    ]
    return lines


def markdown():
    white = bytes([255]) * (CELLS * 3)
    lines = [
        "# Power budget",
        "",
        "Generated by `make hardware` (hardware/power.py): every screen is rendered by the",
        "firmware's App on the simulator's drivers and its frame goes through the firmware's",
        "Pixels driver, whose estimate is %d mA per colour channel at full level plus"
        % MA_PER_CHANNEL,
        "%d mA idle per LED. Default brightness %d %%, current cap %d mA, supply %d mA."
        % (IDLE_MA, BRIGHTNESS, CAP_MA, SUPPLY_MA),
        "Figures are for the %d LEDs only: add about 45 mA for the Pico at its %d MHz"
        % (CELLS, CLOCK_HZ // 1000000),
        "(some 25 mA at 125 MHz, scaled by the clock and the square of the core's voltage)",
        "and up to about 30 mA while the buzzer sounds. Mid-game: %d random legal moves (seed %d)"
        % (MID_MOVES, SEED),
        "pressed through the keys. Watched: the brightest frame over %d ms (blinks)." % WATCH_MS,
        "",
        "| screen | typical, as rendered (mA) | brightest frame in %d ms (mA) | "
        "brightest frame at 100 %% before the cap (mA) | at 100 %% after the cap (mA) |"
        % WATCH_MS,
        "| --- | --- | --- | --- | --- |",
    ]
    peak_uncapped = 0
    for name, frame, brightest in screens():
        if frame is None:
            lines.append("| %s | %s | | | |" % (name, brightest))
            continue
        raw = uncapped_ma(brightest)
        peak_uncapped = max(peak_uncapped, raw)
        lines.append("| %s | %d | %d | %d | %d |" % (
            name, current_ma(frame), current_ma(brightest), raw,
            current_ma(brightest, brightness=100)))
    lines += [
        "",
        "## Worst cases",
        "",
        "| case | mA |",
        "| --- | --- |",
        "| all %d LEDs full white at %d %%, capped | %d |" % (CELLS, BRIGHTNESS, current_ma(white)),
        "| all LEDs full white at 100 %%, before the cap | %d |" % uncapped_ma(white),
        "| all LEDs full white at 100 %%, capped | %d |" % current_ma(white, brightness=100),
        "| brightest game frame at 100 %%, before the cap | %d |" % peak_uncapped,
        "| LEDs dark (idle draw) | %d |" % current_ma(bytes(CELLS * 3)),
        "",
        "The cap holds every frame at or under %d mA, so the %d mA supply keeps %d mA"
        % (CAP_MA, SUPPLY_MA, SUPPLY_MA - CAP_MA),
        "of headroom for the Pico, the buzzer and the estimate's error. Without the cap",
        "a full-white frame would need %.1f A. The cap is derived from `SUPPLY_MA` in"
        % (uncapped_ma(white) / 1000.0),
        "`firmware/pins.py` (three quarters of the rating less 500 mA): with a 2 A adapter,",
        "set `SUPPLY_MA = 2000` and the LEDs stay under %d mA." % cap_for_supply(2000),
    ]
    lines += protection_markdown()
    lines += ladder_markdown()
    return "\n".join(lines) + "\n"
