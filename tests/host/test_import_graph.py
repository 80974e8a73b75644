# The firmware's modules import one another without a circle, lazy imports (inside a
# function) included: a part split off to save a Pico's RAM never imports back from the
# module that loads it, and shared names live in a leaf module both import.
import ast
import os

from host_tools.build import FIRMWARE


def module_name(path):
    name = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def firmware_modules():
    found = {}
    for dirpath, _, names in os.walk(FIRMWARE):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                found[module_name(path)] = path
    return found


def imports_of(name, path, modules):
    """The firmware modules a file imports anywhere in it (`from games.squeeze import
    rules` imports games.squeeze.rules)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                full = base + "." + alias.name
                found.add(full if full in modules else base)
    return set(m for m in found if m in modules and m != name)


def import_graph():
    modules = firmware_modules()
    return dict((name, imports_of(name, path, modules)) for name, path in modules.items())


def circles(graph):
    """Every strongly connected group of more than one module (Tarjan), sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_check_finds_a_circle_through_a_lazy_import():
    graph = {"app.menu": {"app.setup"}, "app.setup": {"app.tiles"}, "app.tiles": {"app.menu"}, "app.grid": set()}
    assert circles(graph) == [["app.menu", "app.setup", "app.tiles"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    assert "app.menu" in graph["app.app"]  # (App.start_game's, inside the method)
    assert "games.squeeze.rules" in graph["games.squeeze.cards"]  # (from games.squeeze import rules as sq)


def test_no_firmware_module_imports_itself_back_through_others():
    assert circles(import_graph()) == []


# A game's screen and its parts (games/GAME/screen.py, words.py, ...) draw and speak on
# the board; every other module of games/ is the rules core: pure, no app, no driver.
SCREEN_WORDS = ("screen", "words", "start", "scores", "pick", "keys")


def is_screen_part(name):
    return any(word in SCREEN_WORDS for word in name.rpartition(".")[2].split("_"))


def test_the_rules_players_and_notation_import_nothing_of_the_app():
    graph = import_graph()
    pure = [name for name in graph if name.startswith("games.") and not is_screen_part(name)]
    assert "games.squeeze.notation" in pure and "games.cubes.player" in pure and "games.squeeze.cards_screen" not in pure
    impure = ["%s imports %s" % (name, m) for name in sorted(pure) for m in sorted(graph[name])
              if not (m == "games" or m.startswith("games.") and not is_screen_part(m) or m in ("compat",))]
    assert impure == []
