"""The board's web page in headless Chromium, for the page's tests and its bench:
Debian's /usr/bin/chromium driven through /usr/bin/chromedriver by selenium, offline
(SE_OFFLINE: Selenium Manager downloads nothing, sends nothing), a fresh profile each
time, and the site served by Python's http.server on 127.0.0.1 (a free port).

    with serve(site) as url, browser() as driver:
        driver.get(url)
        wait_ready(driver)
"""
import contextlib
import functools
import http.server
import os
import shutil
import sys
import tempfile
import threading
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--autoplay-policy=user-gesture-required")
WINDOW = (1400, 1000)
READY_S = 30  # a page that has not drawn its first frame by then is broken (2 s is its budget)


def missing():
    """Why the browser cannot run here (a sentence), or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            return "%s is missing (Debian's chromium and chromium-driver: `make browser`)" % path
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (`make setup`)"
    return None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that left mid-file
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(directory):
    """The site in `directory` on http://127.0.0.1:PORT/ while the block runs."""
    handler = functools.partial(QuietHandler, directory=directory)
    server = Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@contextlib.contextmanager
def browser():
    """A headless Chromium (selenium WebDriver) with a fresh profile, closed after."""
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="board-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--window-size=%d,%d" % WINDOW)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_ready(driver, timeout=READY_S):
    """Waits for window.board.ready; raises with the page's trouble line if it never is."""
    end = time.time() + timeout
    while time.time() < end:
        if driver.execute_script("return !!(window.board && window.board.ready)"):
            return
        time.sleep(0.05)
    trouble = driver.execute_script("var e = document.getElementById('loading'); return e ? e.textContent : ''")
    raise AssertionError("the page never drew its first frame: %s" % trouble)


def console_errors(driver):
    """The browser console's errors (and failed loads) since the last call."""
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
