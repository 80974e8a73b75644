# The menu made ahead while MENU is held in a game, a step at a time. The app's (App.
# menu_ahead loads it for the hold): the menu starts games, so a game's own code never
# imports the menu back.
from app.shared import imports

# What the menu's screen loads, before it reads the tiles' saves.
MENU_AHEAD = ("app.catalog", "app.saves_read", "app.menu")


def menu_ahead(app, at):
    """Work ahead while MENU is held in a game (GameController.hold_ahead): the menu's
    modules loaded, its tiles' saves read and its picture at `at` (the hold's ticks)
    drawn and kept, one a step of this generator, so that the hold shows the menu at
    once (an import from a Pico's flash takes 10-45 ms). Its result: the menu."""
    yield from imports(MENU_AHEAD)
    from app.frame import Frame
    from app.menu import Menu

    menu = Menu(app, False)
    yield from menu.read_saves()
    menu.draw(Frame(), at)  # (kept: Menu.draw)
    yield
    return menu
