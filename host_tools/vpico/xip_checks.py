"""The flash's XIP cache on the running virtual Pico (host_tools/vpico/xip_cache.mjs):
the same MicroPython code, timed by the firmware's own ticks_us, takes longer with the
model on than off by what its misses cost, the misses read from XIP_CTRL's CTR_ACC and
CTR_HIT as a real Pico's firmware reads them. With the model broken (no miss counted, or
none charged) the difference and the count part. And the core run a block at a time
(whose blocks look their own fetches up) misses and takes what rp2040js alone does."""
import os

from host_tools import upy_tests
from host_tools.vpico import board, xip

# interpreter code of many kinds (str, list, dict, hash, split): more than the cache holds
CODE = """
import machine, time
mem32 = machine.mem32
def work():
    s = 0
    for i in range(300):
        s += len(str(i)) + len([i, i]) + hash((i, 'a')) % 7
        d = {'k': i}; d.get('k'); 'x,y'.split(',')
    return s
work()
mem32[0x1400000c] = 0; mem32[0x14000010] = 0
t = time.ticks_us()
work()
t = time.ticks_diff(time.ticks_us(), t)
print(t, mem32[0x14000010] - mem32[0x1400000c])
"""
TOLERANCE = 0.05  # of the misses' cost: the runs' interrupts fall at other points of the code


def timed(flash, on, blocks=True):
    """(emulated us of work(), its misses) on a virtual Pico with the model on or off."""
    with board.Pico(flash=flash, xip_cache=on, blocks=blocks) as pico:
        pico.enter_raw(300)
        out, error = pico.exec_raw(CODE, 300)
    if error:
        raise board.VpicoError(error)
    us, misses = out.split()
    return int(us), int(misses)


def run(results, workdir):
    flash = os.path.join(workdir, "xip-flash.bin")
    board.make_flash(flash, board.build_files(upy_tests.BUILD, skip=("main.py",)))
    on_us, misses = timed(flash, True)
    off_us, _ = timed(flash, False)
    cost_us = misses * xip.MISS_EXTRA_CYCLES / xip.CLOCK_HZ * 1e6
    ok = misses > 1000 and abs(on_us - off_us - cost_us) <= TOLERANCE * cost_us
    results.record(ok, "the XIP cache model: a code path takes %d us with it, %d us without: %d us more, its %d "
                   "misses' %d cycles each %.0f us" % (on_us, off_us, on_us - off_us, misses,
                                                      xip.MISS_EXTRA_CYCLES, cost_us))
    alone_us, alone_misses = timed(flash, True, blocks=False)
    ok = abs(alone_misses - misses) <= 0.01 * misses and abs(alone_us - on_us) <= 0.01 * (on_us - off_us)
    results.record(ok, "the XIP cache model: rp2040js alone, an instruction at a time, %d us and %d misses; a block "
                   "at a time %d us and %d" % (alone_us, alone_misses, on_us, misses))
