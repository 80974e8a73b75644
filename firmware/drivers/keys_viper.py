# The Pico's fast path for Rp2MatrixKeys.scan: the twelve rows driven and read through
# the RP2040's SIO registers as viper (native Thumb code), about 8 times faster than the
# same loop as bytecode (42 us against 343 us a pass on the virtual Pico), so the 1 kHz
# scan takes a few percent of the CPU instead of a third. Only MicroPython with a native
# emitter loads this module (CPython and the host's wasm port cannot): drivers/keys.py
# then keeps its bytecode loop, which reads the very same bits.
import micropython


@micropython.viper
def scan_rows(row_bits: ptr32, n: int, mask: int, waits: ptr32, stable: ptr32, dirty: ptr8, out: ptr32) -> int:
    """Drive each of the n rows low in turn (row_bits: its GPIO bit), wait waits[0]
    turns of a loop for the columns to follow it (drivers/keys_setup.py SETTLE_NS), read the
    columns (mask: their GPIO bits; low = pressed) into out[r], release the row, then
    wait, at most waits[1] reads, for the columns to read high again. Returns a bit per
    row whose reading differs from stable[r] or whose dirty[r] is set: the rows to debounce."""
    sio_in = ptr32(0xD0000004)  # SIO GPIO_IN
    sio_set = ptr32(0xD0000014)  # SIO GPIO_OUT_SET
    sio_clr = ptr32(0xD0000018)  # SIO GPIO_OUT_CLR
    settle = waits[0]
    recover = waits[1]
    changed = 0
    for r in range(n):
        bit = row_bits[r]
        sio_clr[0] = bit
        k = settle
        while k:  # the columns follow the row down
            k -= 1
        bits = (sio_in[0] & mask) ^ mask
        sio_set[0] = bit
        k = recover
        while k and (sio_in[0] & mask) != mask:  # the columns recover
            k -= 1
        out[r] = bits
        if bits != stable[r] or dirty[r]:
            changed |= 1 << r
    return changed
