# What every screen shares: the pace of its lights (blinks, a refused press's flash,
# deadlines that stay right when the Pico's ticks wrap), and the loading and freeing of
# the modules it needs (a Pico's RAM holds only what the moment needs, and an import
# from its flash takes 10-45 ms, so what a press will need is loaded ahead, a step at a
# time, while the screen waits). One leaf, not two: on a Pico each module held costs
# every game its heap (docs/PERFORMANCE.md).
import sys

from compat import const, ticks_diff

FRAME_MS = 30  # a moving picture is redrawn this often (a press redraws at once)
FLASH_MS = 400  # a refused press: its flash this long (see flashing())
_BLINK_MS = const(300)  # winning cells blink on/off at this pace
_FLICKER_MS = const(100)


def blink_on(now, period=_BLINK_MS):
    return (now // period) % 2 == 0


def flashing(until, now):
    """Whether a refusal's flash (ending at `until`) is lit now: it flickers, on and off
    _FLICKER_MS each, lit first: a cue that needs no colour (no piece flickers), for an eye
    that takes its magenta for a player's blue (host_tools/colour_check.py)."""
    return pending(until, now) is not None and (FLASH_MS - ticks_diff(until, now)) // _FLICKER_MS % 2 == 0


def pending(deadline, now):
    """`deadline` (ticks) while it is still ahead of `now`, else None. Screens keep
    only pending deadlines, so an old one cannot seem ahead again when ticks wrap."""
    if deadline is not None and ticks_diff(deadline, now) > 0:
        return deadline
    return None


_AHEAD_MS = const(8)  # work ahead (a screen's `ahead`) runs at most this long a step
# The menu's own modules (its screens, the catalog of its tiles, how it starts a game:
# app/menu.py, and the reading of the saves): not needed while a game is played (about
# 12 KB of a Pico's RAM), so a game frees them and the menu loads them again; the menu
# loads app.setup, app.font and its language's names while it waits (its `ahead`),
# app.attract once idle.
_MENU_MODULES = const(("app.menu", "app.tiles", "app.setup", "app.setup_pictures", "app.font", "app.attract", "app.catalog",
                       "app.saves_read", "app.names_en", "app.names_fr"))
# What only a game needs: the controllers' common code, and the games package (every
# game's rules, screen and player, and what they share: games.*). Back in the menu they
# are freed, about 14 KB after a game, so one game's RAM is free for the next; it loads
# them again (the menu names a cell with games.base only when it shows an error).
_GAME_MODULES = const(("app.controller", "games"))
# Parts of a controller that only some moments need (app/controller_*.py, a game's
# own) are loaded for a call and forgotten after it where RAM is short (MicroPython: a
# Pico, and the wasm port that measures it); CPython (the simulator, pytest) keeps
# them: it has the RAM, and a fresh import each time the simulator asks costs ~1 ms.
# Never for a key press's own work: an import from a Pico's flash takes ~25 ms, more
# than a press's light may (the game's start, the simulator's questions: they may).
FREE_PARTS = sys.implementation.name != "cpython"


def unload(name):
    """Forget module `name` (and its parent package's reference to it), so that the
    garbage collector can free it once nothing else holds it."""
    sys.modules.pop(name, None)
    parts = name.rsplit(".", 1)
    parent = sys.modules.get(parts[0]) if len(parts) == 2 else None
    if parent is not None:
        try:  # (not dir(parent): MicroPython's dir() tries every qstr, ~25 ms on a Pico)
            delattr(parent, parts[1])
        except (AttributeError, KeyError):  # never imported, or already gone (MicroPython: KeyError)
            pass


def call_part(module, name, *args):
    """`name`(*args) of `module` (a module name), loaded for the call (and unloaded after
    it, see FREE_PARTS; a call made within it finds it loaded)."""
    part = __import__(module, None, None, (name,))
    try:
        return getattr(part, name)(*args)
    finally:
        if FREE_PARTS:
            unload(module)


def imports(names):
    """Work ahead (a screen's `ahead`, a hold's): imports `names`, one a step of the
    generator, so that the press that needs a module finds it loaded."""
    for name in names:
        __import__(name)
        yield


def slice_of(app, work):
    """A slice of the generator `work` (a screen's work ahead, see App.step): it stops
    after _AHEAD_MS, or as soon as a key event waits, so that a press waits for one of
    its steps at most. Its StopIteration once it is done (the result: `.value`), else None."""
    clock, keys = app.clock, app.keys
    start = clock.ticks_ms()
    while not len(keys) and ticks_diff(clock.ticks_ms(), start) < _AHEAD_MS:
        try:
            next(work)
        except StopIteration as done:
            return done
    return None


def free_menu():
    for name in _MENU_MODULES:
        unload(name)


def free_game(now=None):
    """Unloads every game module (_GAME_MODULES, games.*): none stays behind to hold a
    rules base that the next game loads afresh. (`now`: as App.then calls it.)"""
    for name in list(sys.modules):
        if name in _GAME_MODULES or name.startswith("games."):
            unload(name)
