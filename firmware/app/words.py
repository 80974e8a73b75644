# The simulator's, the headless simulator's and the referee's words in the language
# chosen (the menu's setting, `--lang`): English as the code writes it, or translated by
# app/words_LANG.py (app/words_fr.py), loaded only for that language, and only when
# words are asked for: a board shows no words but the games' names (app/names_LANG.py),
# so a Pico never loads this module nor a words_LANG one.
# Machine-readable fields (the referee's JSON keys, the headless `state`'s keys and
# values such as `status`, the moves' notation) never change with the language: only
# the words people read (`error`, `turn`, `notice`, the status line) do.


def translate(lang, text):
    """`text` (an English message, as the code writes it) in `lang`."""
    if lang == "en" or not text:
        return text
    return __import__("app.words_" + lang, None, None, ("translate",)).translate(text)


def app_state(app):
    """App.describe(): the screen's state, plus the stuck keys and the notice while there
    are any, its words in the menu's language."""
    from app import grid

    info = app.screen.describe()
    if app.stuck:
        info["stuck"] = sorted(grid.name(k) for k in app.stuck)
    if app.notice is not None:
        info["notice"] = app.notice[0]
    if app.unsaved is not None:
        info["unsaved"] = app.unsaved
    if app.settings["lang"] != "en":
        info = state(app.settings["lang"], info)
    return info


def state(lang, info):
    """The screen's state (App.describe()) with its words in `lang`."""
    for key in ("error", "turn", "notice", "unsaved"):
        if isinstance(info.get(key), str):  # (a notice of several: each of them)
            info[key] = "; ".join(translate(lang, part) for part in info[key].split("; "))
    return info
