"""`python -m sim --vpico`: the simulator's window on the virtual Pico. The board is the
very image a Pico runs (MicroPython's rp2 firmware on an emulated RP2040, with the built
firmware in its flash and its own main.py): the buttons show the LEDs decoded from the
LED pin, a click presses the emulated key matrix. The flash (saves included) is kept in
sim-saves/vpico.flash; delete it to deploy a new build."""
import os
import sys

from drivers.gamma_data import GAMMA
from host_tools import build as build_tool
from host_tools.vpico import board as vpico
from host_tools.vpico.tests import chain_to_levels
from sim import window
from sim.window import pygame


class Shown:
    """What window.draw reads of an app: a frame of logical colours, the brightness.
    The LEDs' levels are turned back into colours (inverse gamma, at 100 %)."""

    def __init__(self):
        self.buf = bytearray(432)
        self.frame = self
        self.settings = {"brightness": 100}

    def update(self, levels):
        for i, v in enumerate(levels):
            self.buf[i] = round(255 * (v / 255) ** (1 / GAMMA))


class VpicoBoard:
    """The virtual Pico as window.Mouse and window.draw see a board."""

    def __init__(self, pico):
        self.pico = pico
        self.app = Shown()
        self.keys = self

    def push(self, cell, down, now):
        self.pico.key(cell, down)

    def refresh(self):
        if self.pico.frames:
            self.app.update(chain_to_levels(self.pico.frames[-1][1]))


def flash_with_build(path):
    """The flash file, made from build/ (as `make deploy` would put it) if missing."""
    if not os.path.exists(path):
        build_tool.build()
        files = vpico.build_files(build_tool.BUILD)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        vpico.make_flash(path, files)
    return path


def run_vpico_window(saves_dir):
    lacking = vpico.missing()
    if lacking:
        sys.stderr.write("no virtual Pico: missing %s\n" % "; ".join(lacking))
        return 2
    try:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode((window.WIDTH, window.HEIGHT))
    except pygame.error as e:
        pygame.quit()
        sys.stderr.write("no window (%s)\n" % e)
        return 2
    pygame.display.set_caption("LED game board - virtual Pico")
    pico = vpico.Pico(flash=flash_with_build(os.path.join(saves_dir, "vpico.flash")), save=True)
    board = VpicoBoard(pico)
    mouse = window.Mouse(board)
    ticks = pygame.time.Clock()
    try:
        while pico.proc.poll() is None:
            for event in pygame.event.get():
                if not mouse.handle(event, 0):
                    return 0
            board.refresh()
            status = "virtual Pico: %d LED frames%s" % (len(pico.frames), "" if pico.frames else " (booting)")
            window.draw(surface, board, status)
            pygame.display.flip()
            ticks.tick(window.FPS)
        sys.stderr.write("the virtual Pico stopped: %s\n" % "".join(pico.stderr[-5:]))
        return 1
    finally:
        pico.close()
        pygame.quit()
