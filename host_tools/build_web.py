"""Builds the board's web page into build/web/: a static site that runs the very
firmware on real MicroPython (the pinned npm package
@micropython/micropython-webassembly-pyscript) in the browser. Nothing is fetched at
build or run time: everything the page loads is in build/web/.

    build/web/index.html, board.mjs, board.css     the page (from web/)
    build/web/micropython.mjs, micropython.wasm   MicroPython 1.27 for wasm (node_modules)
    build/web/board/files.json, files.bin         the board's Python files, one bundle: the
        firmware compiled by mpy-cross as it is deployed (host_tools/build.py; not main.py
        and ports/, which make the Pico's drivers, nor the *_viper modules, native code the
        wasm port refuses), the simulator's MicroPython-subset drivers and words (sim/) and
        the browser's (web/*.py)
    build/web/rules/*.html, *.jpg                 the rules book (docs/), rendered to HTML
        with markdown-it-py (pinned), its pictures as JPEG (pygame-ce): a third of the PNGs;
        rules/fr/: the French book's (docs/fr/), its pictures' words in French

    python -m host_tools.build_web [--out build/web]
"""
import argparse
import json
import os
import posixpath
import re
import shutil
import sys
import tempfile

from host_tools import build as build_tool
from host_tools.upy_tests import native_modules

ROOT = build_tool.ROOT
WEB_SRC = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
DOCS = os.path.join(ROOT, "docs")
MICROPYTHON = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "board.mjs", "board.css")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
BOARD_ROOT = "/board"  # where the bundle's files go in the interpreter's filesystem
# The firmware files the page leaves out: the Pico's entry point and its ports (they
# make the Pico's drivers from machine and rp2: the page brings its own).
NOT_IN_PAGE = ("main.py", "boot.py", "ports/")
# The host's MicroPython-subset Python that the page runs beside the firmware.
HOST_PYTHON = ("sim/__init__.py", "sim/drivers.py", "sim/headless.py", "sim/words.py",
               "web/__init__.py", "web/drivers.py", "web/keys.py", "web/page.py")
RULES_DIR = "rules"
RULES_INDEX = "RULES"  # docs/RULES.md -> rules/RULES.html


def board_files(stage):
    """Compiles the firmware (as deployed) and the page's host Python into stage/;
    returns their paths relative to it, in a stable order."""
    build_tool.check_version()
    built = build_tool.compile_tree(build_tool.FIRMWARE, stage)
    native = set(native_modules(stage))
    keep = []
    for rel in built:
        rel = rel.replace(os.sep, "/")
        module = rel[:-4].replace("/", ".") if rel.endswith(".mpy") else None
        if rel.startswith(NOT_IN_PAGE) or module in native:
            continue
        keep.append(rel)
    for rel in HOST_PYTHON:
        target = os.path.join(stage, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        build_tool.compile_file(ROOT, rel, target)
        keep.append(rel[:-3] + ".mpy")
    return sorted(keep)


def write_bundle(stage, files, out_dir):
    """files.bin (every file, one after another) and files.json ([[path in the
    interpreter, offset, length], ...]): two downloads instead of eighty."""
    os.makedirs(out_dir, exist_ok=True)
    index = []
    offset = 0
    with open(os.path.join(out_dir, "files.bin"), "wb") as blob:
        for rel in files:
            with open(os.path.join(stage, rel), "rb") as f:
                data = f.read()
            blob.write(data)
            index.append([BOARD_ROOT + "/" + rel, offset, len(data)])
            offset += len(data)
    with open(os.path.join(out_dir, "files.json"), "w") as f:
        json.dump({"root": BOARD_ROOT, "files": index}, f, separators=(",", ":"))
    return offset


# -- the rules book ---------------------------------------------------------------------
BOOK_LANGS = ("en", "fr")  # the rules book's languages: docs/ and docs/fr/ (the site's rules/ and rules/fr/)


def rules_sources(docs=DOCS):
    """{page name: markdown path}: docs/RULES.md and every docs/rules/*.md (a language's
    book: its folder, e.g. docs/fr, as `docs`)."""
    pages = {RULES_INDEX: os.path.join(docs, RULES_INDEX + ".md")}
    rules = os.path.join(docs, "rules")
    for name in sorted(os.listdir(rules)):
        if name.endswith(".md"):
            pages[name[:-3]] = os.path.join(rules, name)
    return pages


def page_link(href, pages, source="docs/" + RULES_INDEX + ".md"):
    """A link of the rules book, as the site has it (from its root: the page shows the
    book's pages in itself): another page of the book -> rules/PAGE.html (a page of the
    French book, docs/fr/: rules/fr/PAGE.html), a picture -> rules/PICTURE.jpg (the
    French book's, its words in French: rules/fr/PICTURE.jpg); None for a file the site has not (the repository's: the page keeps
    the words, without the link). `source`: the linking page, from the repository's top."""
    if re.match(r"^[a-z]+:", href) or href.startswith("#"):
        return href
    path, _, anchor = href.partition("#")
    name = os.path.basename(path)
    if name.endswith(".md") and name[:-3] in pages:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
        folder = RULES_DIR + "/fr" if target.startswith("docs/fr/") else RULES_DIR
        return folder + "/" + name[:-3] + ".html" + ("#" + anchor if anchor else "")
    if name.endswith(".png"):  # each book its pictures, their words in its language
        target = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
        folder = RULES_DIR + "/fr" if target.startswith("docs/fr/") else RULES_DIR
        return folder + "/" + name[:-4] + ".jpg"
    return None


def render_markdown(text, pages, source="docs/" + RULES_INDEX + ".md"):
    """The page's HTML (a fragment: the page puts it beside the board)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(text)
    for token in tokens:
        for child in [token] + list(token.children or ()):
            if child.type == "link_open":
                href = page_link(child.attrGet("href") or "", pages, source)
                if href is None:  # no such page on the site: plain words
                    child.type, child.tag, child.attrs = "span_open", "span", {}
                else:
                    child.attrSet("href", href)
            elif child.type == "image":
                src = page_link(child.attrGet("src") or "", pages, source)
                child.attrSet("src", src or "")
                child.attrSet("loading", "lazy")
    for token in tokens:  # the closing tags of links made plain words
        opened = []
        for child in token.children or ():
            if child.type in ("link_open", "span_open"):
                opened.append(child.type)
            elif child.type == "link_close" and opened and opened.pop() == "span_open":
                child.type, child.tag = "span_close", "span"
    return md.renderer.render(tokens, md.options, {})


def write_rules(out_dir, docs=DOCS):
    """rules/<page>.html for every page of the book (rules/fr/<page>.html for the French
    book's), and its pictures as JPEG."""
    pages = rules_sources(docs)
    for lang in BOOK_LANGS:
        sub = "" if lang == "en" else lang
        book = rules_sources(os.path.join(docs, sub)) if sub else pages
        os.makedirs(os.path.join(out_dir, sub), exist_ok=True)
        for name, path in book.items():
            with open(path, encoding="utf-8") as f:
                html = render_markdown(f.read(), book, "docs/" + os.path.relpath(path, docs).replace(os.sep, "/"))
            with open(os.path.join(out_dir, sub, name + ".html"), "w", encoding="utf-8") as f:
                f.write(html)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    for lang in BOOK_LANGS:
        sub = "" if lang == "en" else lang
        rules = os.path.join(docs, sub, "rules")
        for name in sorted(os.listdir(rules)):
            if name.endswith(".png"):
                picture = pygame.image.load(os.path.join(rules, name))
                pygame.image.save(picture, os.path.join(out_dir, sub, name[:-4] + ".jpg"))
    return sorted(pages)


# -- the site ---------------------------------------------------------------------------
def missing():
    """Why the site cannot be built here (a sentence), or None."""
    for name in RUNTIME_FILES:
        if not os.path.exists(os.path.join(MICROPYTHON, name)):
            return "%s is missing: run `make setup` (npm ci)" % os.path.join(MICROPYTHON, name)
    return None


def build_web(out=OUT, log=print):
    """Builds the site into out, replacing it whole. Returns its total size in bytes."""
    if missing():
        raise build_tool.BuildError(missing())
    parent = os.path.dirname(os.path.abspath(out))
    os.makedirs(parent, exist_ok=True)
    stage = tempfile.mkdtemp(prefix=".web-", dir=parent)
    os.chmod(stage, 0o755)  # (mkdtemp's is the owner's only: a site is for every reader)
    try:
        with tempfile.TemporaryDirectory() as compiled:
            files = board_files(compiled)
            write_bundle(compiled, files, os.path.join(stage, "board"))
        for name in PAGE_FILES:
            shutil.copyfile(os.path.join(WEB_SRC, name), os.path.join(stage, name))
        for name in RUNTIME_FILES:
            shutil.copyfile(os.path.join(MICROPYTHON, name), os.path.join(stage, name))
        pages = write_rules(os.path.join(stage, RULES_DIR))
        total = site_bytes(stage)
        build_tool.swap_in(stage, out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    log("web: %d board files, %d rules pages -> %s (%d bytes in all)"
        % (len(files), len(pages), os.path.relpath(out, ROOT), total))
    return total


def site_bytes(path):
    total = 0
    for dirpath, _, filenames in os.walk(path):
        total += sum(os.path.getsize(os.path.join(dirpath, name)) for name in filenames)
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=OUT, help="the site's directory (replaced)")
    args = parser.parse_args(argv)
    try:
        build_web(args.out)
    except build_tool.BuildError as error:
        print("web build FAILED:\n%s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
