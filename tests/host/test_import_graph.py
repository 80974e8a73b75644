# The firmware's modules import one another without a circle, lazy imports (inside a
# function) included: a part split off to save a Pico's RAM never imports back from the
# module that loads it, and shared names live in a leaf module both import.
#
# An edge A -> B: A imports B (an import statement, anywhere in A), or A names B in a
# string it gives a loader: call_part(B, ...), __import__(B, ...), imports((B, ...)), or
# in a class attribute `words` or `*_parts` (the controller's code loads them for A's
# screen). A string is followed through names, tuples, `for`s and a function's return, in
# A or in the module A took it from. A %s or + in it is a wildcard: any one part of a
# name (a game's folder, a language), but a `variant` only one of the catalog's variants;
# an edge to every module it matches. (So games.load and load_player, which take a game,
# have their edges in their own module.) A name given only to unload() or to a free list
# is not an import; nor is a module's own package (Python has it loaded already).
import ast
import os
import re

from host_tools.build import FIRMWARE

LOADERS = ("call_part", "__import__", "imports")  # their first argument: module names


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


class Source:
    """A firmware module's parse: what its names are bound to (assignments anywhere in
    it, class attributes included), its functions, and where its imported names come
    from ({local name: (module, name in it or None)})."""

    def __init__(self, name, path, modules):
        with open(path) as f:
            self.tree = ast.parse(f.read(), path)
        self.name = name
        self.bound, self.defs, self.origin, self.imported = {}, {}, {}, set()
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    key = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
                    self.bound.setdefault(key, []).append(node.value)
            elif isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Tuple):
                self.bound.setdefault(node.target.id, []).extend(node.iter.elts)
            elif isinstance(node, ast.FunctionDef):
                self.defs[node.name] = node
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.imported.add(alias.name)
                    if alias.asname:
                        self.origin[alias.asname] = (alias.name, None)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for alias in node.names:
                    full = base + "." + alias.name
                    self.imported.add(full if full in modules else base)
                    self.origin[alias.asname or alias.name] = (full, None) if full in modules else (base, alias.name)


def call_name(call):
    return getattr(call.func, "id", None) or getattr(call.func, "attr", None)


def named(sources, src, node, seen):
    """The module names (patterns, with * for a part of a name) that `node`, an
    expression of module `src`, can be: followed through names, tuples, + and %, and
    what a function returns (the function's own module, if `src` imported it)."""
    if id(node) in seen:  # (a value built from itself: name = "..%s" % name)
        return set()
    seen.add(id(node))
    try:
        return _named(sources, src, node, seen)
    finally:
        seen.discard(id(node))


def _named(sources, src, node, seen):
    if isinstance(node, ast.Constant):
        return {node.value} if isinstance(node.value, str) else set()
    if isinstance(node, (ast.Tuple, ast.List)):
        return set().union(*[named(sources, src, n, seen) for n in node.elts])
    if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
        if isinstance(node.op, ast.Mod):  # "games.%s.screen" % game
            given = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
            found = {node.left.value}
            for value in given:
                parts = named(sources, src, value, seen)
                found = set(f.replace("%s", p, 1) for f in found for p in parts)
            return found
        return {node.left.value + "*"}  # "app.names_" + lang
    if isinstance(node, ast.BinOp):  # a tuple + a tuple
        return named(sources, src, node.left, seen) | named(sources, src, node.right, seen)
    if isinstance(node, ast.IfExp):
        return named(sources, src, node.body, seen) | named(sources, src, node.orelse, seen)
    if isinstance(node, ast.Name):
        return bound_in(sources, src, node.id, seen) or wildcard(node)
    if isinstance(node, ast.Attribute):  # self.words, rules.LINES, ...
        owner = getattr(node.value, "id", None)
        if owner in src.origin and src.origin[owner][1] is None:
            return bound_in(sources, sources.get(src.origin[owner][0]), node.attr, seen)
        return bound_in(sources, src, node.attr, seen) or wildcard(node)
    if isinstance(node, ast.Call):
        if call_name(node) == "const":
            return named(sources, src, node.args[0], seen)
        owner, func = src, call_name(node)
        if isinstance(node.func, ast.Attribute):
            module = src.origin.get(getattr(node.func.value, "id", None), (None,))[0]
            owner = sources.get(module)
        elif func not in src.defs and func in src.origin:
            owner, func = sources.get(src.origin[func][0]), src.origin[func][1]
        if owner is not None and func in owner.defs:
            returns = [n.value for n in ast.walk(owner.defs[func]) if isinstance(n, ast.Return) and n.value]
            return set().union(*[named(sources, owner, n, seen) for n in returns])
    return set()


def wildcard(node):
    """What a %s given `node`, a value the module does not bind (an argument), stands
    for: any one part of a name, but a variant only one of the catalog's."""
    if getattr(node, "id", None) == "variant" or getattr(node, "attr", None) == "variant":
        from app.catalog import TILES

        return set(tile[2] for tile in TILES if tile[2])
    return {"*"}


def bound_in(sources, src, name, seen):
    if src is None:
        return set()
    if name not in src.bound and name in src.origin and src.origin[name][1]:  # from M import NAME
        module, name = src.origin[name]
        src = sources.get(module)
        if src is None:
            return set()
    return set().union(*[named(sources, src, value, seen) for value in src.bound.get(name, ())])


def matching(pattern, modules):
    if pattern == "*":  # (an argument, not a name)
        return set()
    if "*" not in pattern:
        return {pattern} & set(modules)
    found = re.compile(re.escape(pattern).replace(r"\*", "[^.]+") + "$")
    return set(m for m in modules if found.match(m))


def loaded_by_name(sources, src):
    """The module names (patterns) `src` gives a loader, or names in a class's `words`
    and `*_parts`."""
    found = set()
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Call) and call_name(node) in LOADERS and node.args:
            found |= named(sources, src, node.args[0], set())
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.Assign) and any(getattr(t, "id", "") == "words" or getattr(t, "id", "").endswith("_parts")
                                                       for t in item.targets):
                    found |= named(sources, src, item.value, set())
    return found


def import_graph():
    modules = firmware_modules()
    sources = dict((name, Source(name, path, modules)) for name, path in modules.items())
    graph = {}
    for name, src in sources.items():
        edges = set(m for m in src.imported if m in modules)
        for pattern in loaded_by_name(sources, src):
            edges |= matching(pattern, modules)
        graph[name] = set(m for m in edges if not (name + ".").startswith(m + "."))  # (itself, its packages)
    return graph


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


def loop(graph, group):
    """A shortest circle through the group's first module: "a -> b -> a"."""
    start, paths = group[0], [[group[0]]]
    while paths:
        path = paths.pop(0)
        for m in sorted(graph[path[-1]]):
            if m == start:
                return " -> ".join(path + [m])
            if m in group and m not in path:
                paths.append(path + [m])


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    assert "app.menu" in graph["app.app"]  # (App.start_game's, inside the method)
    assert "games.squeeze.rules" in graph["games.squeeze.cards"]  # (from games.squeeze import rules as sq)


def test_the_graph_sees_modules_loaded_by_name():
    graph = import_graph()
    assert "app.menu_text" in graph["app.setup"]  # call_part("app.menu_text", ...)
    assert "app.controller_text" in graph["app.controller"]  # call_part(self.words, ...): words = "..."
    assert {"app.names_en", "app.names_fr"} <= graph["app.catalog"]  # __import__("app.names_" + lang)
    assert {"games.connect4.player", "games.pistes.player"} <= graph["games.players"]  # "games.%s.player" % game
    assert "games.squeeze.cards_screen" in graph["app.setup"]  # imports(start_modules(..)): "games.%s.%s_screen"
    assert "games.pistes.start" in graph["games.pistes.screen"]  # ahead_parts = (...)
    assert "app.menu" in graph["app.menu_ahead"]  # imports(MENU_AHEAD)
    # games.load: a game's rules, or its variant's, not every module of a game
    assert {"games.squeeze.cards", "games.cubes.rules"} <= graph["games"] and "games.squeeze.screen" not in graph["games"]
    assert "app.menu" not in graph["app.shared"]  # (free_menu's list: not imports)


def test_no_firmware_module_imports_itself_back_through_others():
    graph = import_graph()
    assert ["%d modules, as %s" % (len(group), loop(graph, group)) for group in circles(graph)] == []


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
