# The board's start (main.py, the Pico's entry point, calls main()): make the real
# drivers of this runtime (ports/: MicroPython's rp2 port or CircuitPython) from the pin
# map and run the app. Compiled like every module: MicroPython compiles main.py's source
# at every power-up (~55 ms on a Pico for this code), so main.py only calls this.
# Hold the MENU corner (a1) while powering up for safe mode: no game loop, the REPL
# stays free for recovery over USB (mpremote). A watchdog restarts a board whose loop
# hangs; after such a restart (or a crash) the MENU corner blinks orange a while.
import gc
import sys

# MicroPython keeps no module of its own in sys.modules: each `import array` of each
# module searches the flash for an array.py first, some 5 ms on a Pico. Found once
# (sys.path empty: straight to the built-in) and kept there, later imports find it at once.
BUILT_INS = ("array", "io", "json", "machine", "os", "time")


def keep_built_ins():
    path = list(sys.path)
    sys.path.clear()
    try:
        for name in BUILT_INS:
            try:
                sys.modules[name] = __import__(name)
            except ImportError:  # not this port's own (the host's wasm port has no machine)
                pass
    finally:
        sys.path.extend(path)


if sys.implementation.name == "micropython":
    keep_built_ins()

SAFE_MODE_COLOR = (255, 120, 0)  # the MENU corner lights up orange in safe mode
ERROR_COLOR = (255, 0, 0)  # the MENU corner lights up red if the app crashed
SAFE_CHECK_MS = 30  # MENU must stay down this long after power-up for safe mode
RESTARTS = 3  # after a crash the app starts again (its saves resume), this many times
# What only runs at boot: the port (it makes the drivers from the pin map), the LEDs'
# and the keys' set-up (the chain tables, the PIO program, the matrix's tables) and the
# pin map. Freed once the board is made (RAM on a Pico); nothing after needs the flash's
# modules to stop (a deploy may be rewriting them).
BOOT_MODULES = ("ports.rp2", "ports.circuitpython", "ports", "drivers.pixels_setup", "drivers.keys_setup", "pins",
                "pack")


def stop_watchdog(watchdog):
    """Ctrl-C leaves the REPL: nothing feeds the watchdog any more. CircuitPython stops
    it (deinit); MicroPython cannot stop the rp2 watchdog, its register can. Without
    this, the REPL (mpremote, a deploy) would be reset within the watchdog's timeout."""
    if watchdog is None:
        return
    if sys.implementation.name == "circuitpython":
        watchdog.deinit()
    else:
        import machine

        ctrl = 0x40058000  # RP2040 datasheet: WATCHDOG_CTRL, bit 30 ENABLE
        machine.mem32[ctrl] = machine.mem32[ctrl] & ~(1 << 30)


def light_corner(pixels, color):
    from app import grid

    frame = bytearray(grid.CELLS * 3)
    frame[grid.MENU * 3:grid.MENU * 3 + 3] = bytes(color)
    pixels.show(frame)


def main():
    mounted = []  # the boot's pack's unmount while it is mounted (MicroPython: pack.py)
    if sys.implementation.name == "micropython":  # (no name of pack's kept here: it is freed after the boot)
        __import__("pack").mount(mounted)
    try:
        run(mounted)
    finally:  # (safe mode, a crash, Ctrl-C: the REPL finds the flash's folders, a deploy writes them)
        while mounted:
            mounted[0]()


def run(mounted):
    """Makes the drivers and runs the app; the boot's pack (`mounted`: its unmount,
    pack.mount) unmounted once the app's first frame is shown."""
    from app import grid
    from drivers.clock import Clock

    if sys.implementation.name == "circuitpython":
        from ports import circuitpython as port
    else:
        from ports import rp2 as port
    port.set_clock()  # (first: the drivers take their timing from the clock)
    clock = Clock()
    keys = port.make_keys()
    pixels = port.make_pixels()
    if port.menu_held(keys, clock, SAFE_CHECK_MS):
        light_corner(pixels, SAFE_MODE_COLOR)
        print("safe mode: MENU held at power-up; the game loop is not started.")
        print("The REPL is free (mpremote); reset the board to play.")
        return
    sound = port.make_sound()
    storage = port.make_storage()
    keys.start()
    notice = port.restart_notice()
    watchdog = port.make_watchdog()
    print_exception = port.print_exception  # (the interpreter's own: it holds no port)
    port = None
    from app.app import App
    from app.shared import unload

    for name in BOOT_MODULES:
        unload(name)
    gc.collect()

    crashed = False
    for _ in range(1 + RESTARTS):
        crashed = False
        app = None  # (the last one's RAM is free for the next)
        try:
            app = App(keys, pixels, sound, clock, storage)
            app.collect = gc.collect  # after each save: no collection in a press's light
            if notice:  # (after what power-up set aside, if anything: app/aside.py)
                app.show_notice(notice, grid.MENU, add=True)
            if mounted:  # the first frame's modules from the pack, then the flash's folders again
                app.step()
                mounted[0]()
                gc.collect()
            app.run(watchdog)
        except KeyboardInterrupt:  # Ctrl-C over USB: stop cleanly, leave the REPL
            break
        except Exception as e:  # keep the trace for USB, show it broke, start afresh
            crashed = True
            print_exception(e)
            light_corner(pixels, ERROR_COLOR)
            if watchdog is not None:
                watchdog.feed()
            clock.sleep_ms(1000)
            keys.clear()
            notice = "the board restarted after an error (%s)" % type(e).__name__
    stop_watchdog(watchdog)  # the REPL is free: nothing feeds the watchdog any more
    keys.stop()
    sound.stop()
    if not crashed:  # after the last crash, the red corner stays lit
        pixels.off()
