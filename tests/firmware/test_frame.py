# Frame: set, fill and paint write the same bytes on every runtime (on the Pico they are
# viper, app/frame_viper.py; elsewhere the bytecode methods), and refuse the same things.
from array import array

from app.frame import Frame


def reference(writes):
    """The frame made by set_slow() alone, cell by cell."""
    frame = Frame()
    for cell, color in writes:
        frame.set_slow(cell, color)
    return frame.buf


def test_fill_sets_every_cell_given():
    cells = bytes((0, 5, 143, 77, 5))
    frame = Frame()
    frame.set(1, 0x123456)
    frame.fill(cells, 0xA0B0C0)
    assert frame.buf == reference([(1, 0x123456)] + [(c, 0xA0B0C0) for c in cells])
    frame.fill(b"", 0xFFFFFF)  # nothing to fill
    frame.fill(cells[:2], 0)
    assert frame.get(0) == 0 and frame.get(5) == 0 and frame.get(143) == 0xA0B0C0


def test_paint_draws_a_board_from_its_values():
    cells = bytes(range(30, 72, 3))  # 14 cells
    values = bytearray((k * 7) % 4 for k in range(len(cells)))
    palette = array("I", (0, 0xFF0000, 0x00FF00, 0x0000FF))
    empty = array("I", (0x010203 * (k % 5) for k in range(len(cells))))
    frame = Frame()
    frame.paint(cells, values, palette, empty)
    assert frame.buf == reference([(cells[k], palette[values[k]] if values[k] else empty[k]) for k in range(len(cells))])


def test_fill_and_paint_refuse_what_set_refuses():
    frame = Frame()
    for call in (lambda: frame.fill(bytes((3, 144)), 0x10),
                 lambda: frame.paint(bytes((1, 2)), bytes((0, 4)), array("I", (0, 1, 2)), array("I", (0, 0)))):
        try:
            call()
        except IndexError:
            continue
        assert False, "a cell past the frame or a value past the palette must raise"
