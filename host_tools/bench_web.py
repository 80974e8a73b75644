"""The board's web page, measured in headless Chromium on this machine (the same browser
and server as its tests: host_tools/web_browser.py): the download, the load to the menu, a
click to its answer in every tile's game, the CPU while nothing moves (README, "Play in a
browser"; the targets of issue #24). Prints BENCH lines, then TARGET verdicts. Part of
`make bench`.

    python -m host_tools.bench_web [--clicks N] [--loads N] [--idle-s S] [--cpu-slowdown N]

--cpu-slowdown N runs the page's CPU N times slower (Chromium's CPU throttling): the
figures that a slow page would miss are seen to miss (the load, the clicks).
"""
import argparse
import os
import sys
import tempfile
import time

from host_tools import build_web
from host_tools import targets
from host_tools import web_browser as wb

DOWNLOAD_TARGET = 3 * 1000 * 1000  # bytes
LOAD_TARGET_MS = 2000
CLICK_TARGET_MS = 50
IDLE_CPU_TARGET = 3  # percent of one core
CLICKS = 12  # clicks of legal moves in each game, after its tile's two
LOADS = 5
IDLE_S = 10
SETTLE_S = 1.0  # after a click: its animation is over before the next
# The menu's tiles (app/catalog.py's TILES): their top-left keys and their figures' names.
TILES = (("c3", "connect4"), ("f3", "squeeze"), ("i3", "squeeze_4"), ("c6", "cubes"),
         ("f6", "foursquare"), ("i6", "pistes"), ("c9", "squeeze_cards"), ("f9", "squeeze_cards_4"))


def fresh(driver, url):
    driver.get(url)
    driver.execute_script("localStorage.clear()")
    driver.get(url)
    wb.wait_ready(driver)


def download_bytes(driver, url):
    """Bytes received loading the page to its first frame, with the cache off."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.get(url)
    wb.wait_ready(driver)
    return driver.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".reduce((sum, e) => sum + e.transferSize, 0)")


def load_ms(driver, url, loads):
    """The worst of `loads` loads: navigation start to the menu's first frame drawn."""
    worst = 0
    for _ in range(loads):
        driver.get(url)
        wb.wait_ready(driver)
        worst = max(worst, driver.execute_script("return window.board.readyMs"))
    return worst


def click(driver, cell):
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, '[data-cell="%s"]' % cell).click()


def click_answers(driver, url, tile, clicks):
    """The ms of each click's answer in the game of `tile`: its two presses, then
    `clicks` legal moves' keys (the first legal move with a key each time)."""
    fresh(driver, url)
    driver.execute_script("window.board.answers.length = 0")
    presses = 0
    for _ in range(2):
        click(driver, tile)
        presses += 1
        time.sleep(SETTLE_S)
    for _ in range(clicks):
        s = driver.execute_script("return window.board.state()")
        if s.get("status") != "playing":
            break
        keys = s.get("keys") or {}
        move = next((m for m in s.get("legal", ()) if keys.get(m)), None)
        if move is None:  # a countdown only time plays (a card window): let it run
            time.sleep(SETTLE_S)
            continue
        click(driver, keys[move])
        presses += 1
        time.sleep(SETTLE_S)
    answers = driver.execute_script("return window.board.answers.slice()")
    if len(answers) < presses:
        raise AssertionError("%s: %d clicks, %d answers drawn" % (tile, presses, len(answers)))
    return answers


def browser_pids(driver):
    """Every process under the chromedriver this driver started (Chromium's all)."""
    root = driver.service.process.pid
    children = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(name))
            except OSError:
                continue
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, ()))
    return found


def cpu_seconds(pids):
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue
    return total / tick


def cpu_percent(driver, seconds):
    pids = browser_pids(driver)
    start, t0 = cpu_seconds(pids), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pids) - start) / (time.monotonic() - t0)


def idle_cpu(driver, url, seconds):
    """(a Connect Four game where nothing moves, the menu whose tiles turn): % of a core."""
    fresh(driver, url)
    time.sleep(1)
    moving = cpu_percent(driver, seconds)
    for cell in ("c3", "c3", "f1", "e1"):
        click(driver, cell)
        time.sleep(SETTLE_S)
    assert driver.execute_script("return window.board.state().moves.length") == 2
    time.sleep(2)
    return cpu_percent(driver, seconds), moving


def measure(clicks=CLICKS, loads=LOADS, idle_s=IDLE_S, slowdown=1):
    lines = []
    with tempfile.TemporaryDirectory() as scratch:
        site = os.path.join(scratch, "web")
        build_web.build_web(site, log=lambda *a: None)
        site_bytes = build_web.site_bytes(site)
        with wb.serve(site) as url, wb.browser() as driver:
            if slowdown > 1:
                driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": slowdown})
            lines.append(("web_download_bytes", download_bytes(driver, url), "bytes"))
            lines.append(("web_site_bytes", site_bytes, "bytes"))
            lines.append(("web_load_to_menu_ms", load_ms(driver, url, loads), "ms"))
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
            for tile, name in TILES:
                answers = click_answers(driver, url, tile, clicks)
                lines.append(("web_click_to_answer_max_ms_" + name, max(answers), "ms"))
            idle, moving = idle_cpu(driver, url, idle_s)
            lines.append(("web_idle_cpu_percent", idle, "%"))
            lines.append(("web_moving_cpu_percent", moving, "%"))
            errors = wb.console_errors(driver)
    return lines, errors


def verdicts(values):
    out = []

    def verdict(what, value, target, unit):
        out.append(targets.verdict(what, value <= target, "<= %g %s: %.2f %s" % (target, unit, value, unit)))

    verdict("web page download", values["web_download_bytes"] / 1e6, DOWNLOAD_TARGET / 1e6, "MB")
    verdict("web site, every file", values["web_site_bytes"] / 1e6, DOWNLOAD_TARGET / 1e6, "MB")
    verdict("web load to the menu's first frame", values["web_load_to_menu_ms"], LOAD_TARGET_MS, "ms")
    worst = max((v, k) for k, v in values.items() if k.startswith("web_click_to_answer_max_ms_"))
    verdict("web click to answer, worst (%s)" % worst[1][len("web_click_to_answer_max_ms_"):],
            worst[0], CLICK_TARGET_MS, "ms")
    verdict("web CPU while nothing moves", values["web_idle_cpu_percent"], IDLE_CPU_TARGET, "%")
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=CLICKS, help="legal moves clicked in each game")
    parser.add_argument("--loads", type=int, default=LOADS, help="page loads timed")
    parser.add_argument("--idle-s", type=float, default=IDLE_S, help="seconds of CPU measured")
    parser.add_argument("--cpu-slowdown", type=float, default=1, help="the page's CPU this many times slower")
    args = parser.parse_args(argv)
    why = wb.missing()
    if why:
        print("SKIPPED web bench: %s" % why)
        return 0
    lines, errors = measure(args.clicks, args.loads, args.idle_s, args.cpu_slowdown)
    for name, value, unit in lines:
        print("BENCH %s %s %s" % (name, ("%d" if isinstance(value, int) else "%.1f") % value, unit))
    for line in verdicts(dict((name, value) for name, value, _ in lines)):
        print(line)
    if errors:
        print("web bench: the browser console had errors: %s" % errors)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
