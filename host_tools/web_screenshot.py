"""The README's picture of the board's web page (docs/web.png), taken by the page's own
test tool: headless Chromium driven by selenium (host_tools/web_browser.py), on the
site built afresh, a Connect Four game played by clicks on the virtual clock.

    python -m host_tools.web_screenshot [--out docs/web.png]
"""
import argparse
import os
import sys
import tempfile

from host_tools import build_web
from host_tools import web_browser as wb

OUT = os.path.join(build_web.ROOT, "docs", "web.png")
SIZE = (1280, 860)
PRESSES = ("c3", "c3", "f1", "f1", "e1", "g1", "e4", "d1")  # Connect Four: 4 4 3 5 3 2


def screenshot(out=OUT):
    from selenium.webdriver.common.by import By

    with tempfile.TemporaryDirectory() as scratch:
        site = os.path.join(scratch, "web")
        build_web.build_web(site, log=lambda *a: None)
        with wb.serve(site) as url, wb.browser() as driver:
            driver.set_window_size(*SIZE)
            driver.get(url + "?clock=virtual")
            wb.wait_ready(driver)
            for cell in PRESSES:
                driver.find_element(By.CSS_SELECTOR, '[data-cell="%s"]' % cell).click()
                driver.execute_script("window.board.advance(600)")
            driver.execute_script("document.getElementById('rules').scrollTop = 0")
            driver.save_screenshot(out)
            errors = wb.console_errors(driver)
    if errors:
        raise SystemExit("the console had errors: %s" % errors)
    print("web screenshot: %s" % os.path.relpath(out, build_web.ROOT))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    why = wb.missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    screenshot(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
