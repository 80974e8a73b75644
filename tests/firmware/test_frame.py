# Frame: set, fill, paint and mark write the same bytes on every runtime (on the Pico they are
# native code, app/frame_viper.py; elsewhere the bytecode methods), and refuse the same things.
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


def test_mark_lights_the_cells_whose_value_is_not_none():
    cells = bytes(range(100, 140, 4))  # 10 cells
    values = bytearray((0, 255, 7, 255, 255, 1, 0, 99, 255, 3))
    frame = Frame()
    frame.set(100, 0x777777)
    frame.mark(cells, values, 255, 0x112233, 0x010203)
    assert frame.buf == reference([(cells[k], 0x010203 if values[k] == 255 else 0x112233) for k in range(10)])
    frame.mark(cells[2:4], memoryview(values)[2:4], 255, 0xFFFFFF, 0)  # slices: a side of the ring
    assert frame.get(108) == 0xFFFFFF and frame.get(112) == 0 and frame.get(100) == 0x112233


def test_fill_paint_and_mark_refuse_what_set_refuses():
    frame = Frame()
    for call in (lambda: frame.fill(bytes((3, 144)), 0x10),
                 lambda: frame.paint(bytes((1, 2)), bytes((0, 4)), array("I", (0, 1, 2)), array("I", (0, 0))),
                 lambda: frame.mark(bytes((1, 200)), bytes((0, 0)), 255, 0x10, 0)):
        try:
            call()
        except IndexError:
            continue
        assert False, "a cell past the frame or a value past the palette must raise"


def test_whole_boards_and_rings_in_one_call_equal_the_cell_by_cell_frame():
    # the Pico's loops (Thumb assembly) over every cell, in a scrambled order, with
    # colours using all 24 bits and a value that is none, palette sizes 1..255
    cells = bytes((k * 89) % 144 for k in range(144))
    for size in (1, 2, 7, 255):
        values = bytearray((k * 31 + size) % size for k in range(144))
        palette = array("I", ((k * 0x9E3779) & 0xFFFFFF for k in range(size)))
        empty = array("I", ((k * 0x3C6EF3 + 1) & 0xFFFFFF for k in range(144)))
        frame = Frame()
        frame.paint(cells, values, palette, empty)
        assert frame.buf == reference([(cells[k], palette[values[k]] if values[k] else empty[k])
                                       for k in range(144)]), size
        frame.mark(cells, values, size - 1, 0xFEDCBA, 0x0F1E2D)
        assert frame.buf == reference([(cells[k], 0x0F1E2D if values[k] == size - 1 else 0xFEDCBA)
                                       for k in range(144)]), size
        frame.fill(cells[size % 7:], palette[-1])
        assert frame.buf == reference([(cells[k], 0x0F1E2D if values[k] == size - 1 else 0xFEDCBA)
                                       for k in range(144)] + [(c, palette[-1]) for c in cells[size % 7:]])


def test_a_bad_cell_late_in_a_call_raises_with_the_cells_before_it_written():
    # the native loops stop at it and the bytecode method goes over the same cells again
    frame = Frame()
    try:
        frame.fill(bytes((4, 9, 150, 11)), 0x102030)
    except IndexError:
        pass
    assert frame.get(4) == frame.get(9) == 0x102030 and frame.get(11) == 0


def test_the_pico_draws_with_native_code():
    import sys

    from app import frame

    assert (frame.set_cell is not None) == (sys.platform == "rp2"), sys.platform
    assert (Frame.paint is not Frame.paint_slow) == (sys.platform == "rp2")
