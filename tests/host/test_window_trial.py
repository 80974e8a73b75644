# host_tools/window_trial.py: the window simulator driven on a virtual X server by
# clicks at the screenshots' pixels (a newcomer's trial). Xvfb, xdotool and xwd are
# Debian's, not the project's: the trial's own run is skipped where they are missing.
import os
import struct
import subprocess
import sys

import pytest

from host_tools import window_trial
from sim import window

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def xwd_dump(width, height, pixels, byte_order=0):
    """An X window dump as xwd writes it: ZPixmap, 32 bits a pixel, no colour map."""
    name = b"trial\0"
    fields = [100 + len(name), 7, 2, 24, width, height, 0, byte_order, 32, byte_order, 32, 32, 4 * width,
              4, 0xFF0000, 0xFF00, 0xFF, 8, 0, 0, width, height, 0, 0, 0]
    return struct.pack(">25I", *fields) + name + pixels


def test_an_x_dump_is_read_back_to_its_pixels_in_either_byte_order():
    bgra = bytes((1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0, 10, 11, 12, 0))  # 2 x 2: blue, green, red, pad
    assert window_trial.read_xwd(xwd_dump(2, 2, bgra)) == (2, 2, bgra)
    xrgb = bytes(b for i in range(0, 16, 4) for b in bgra[i:i + 4][::-1])
    assert window_trial.read_xwd(xwd_dump(2, 2, xrgb, byte_order=1)) == (2, 2, bgra)


def trial(folder, *args):
    return subprocess.run([sys.executable, "-m", "host_tools.window_trial", "--dir", folder] + list(args),
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(window_trial.missing() is not None, reason=str(window_trial.missing()))
def test_a_trial_clicks_the_window_and_its_screenshots_show_the_answer(tmp_path):
    import pygame

    folder = str(tmp_path / "trial")
    done = trial(folder, "start")
    assert done.returncode == 0, done.stderr
    try:
        assert trial(folder, "shot", str(tmp_path / "menu.png")).returncode == 0
        x, y = window.cell_centre(2 * 12 + 2)  # c3: Connect Four's tile
        done = trial(folder, "click", str(x), str(y), "--shot", str(tmp_path / "setup.png"))
        assert done.returncode == 0, done.stderr
        menu, setup = (pygame.image.load(str(tmp_path / name)) for name in ("menu.png", "setup.png"))
        assert menu.get_size() == setup.get_size() == (window.WIDTH, window.HEIGHT)
        # the setup's "with friends" picture lit where the menu had nothing (e10: a red head)
        px, py = window.cell_centre(9 * 12 + 4)
        before, after = menu.get_at((px, py)), setup.get_at((px, py))
        assert after[0] > before[0] + 30 and after[0] > 2 * after[1], (before, after)
        assert trial(folder, "click", "5000", "5").returncode != 0  # off the window: said, nothing clicked
    finally:
        assert trial(folder, "stop").returncode == 0
    log = open(os.path.join(folder, "trial.log")).read()
    assert "click %d %d" % (x, y) in log and "stop:" in log
