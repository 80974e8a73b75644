"""The flash's XIP cache on the running virtual Pico (host_tools/vpico/xip_cache.mjs):
the same MicroPython code, timed by the firmware's own ticks_us, takes longer with the
model on than off by what its misses cost, the misses read from XIP_CTRL's CTR_ACC and
CTR_HIT as a real Pico's firmware reads them. With the model broken (no miss counted, or
none charged) the difference and the count part. And the core run a block at a time
(whose blocks look their own fetches up) misses and takes what rp2040js alone does."""
import os

from host_tools import upy_tests
from host_tools.vpico import board, xip

# interpreter code of many kinds (str, list, dict, hash, split): more than the cache
# holds; timed() gives its emulated us (warm, after a collection) and its misses
WORK = """
import gc, machine, time
mem32 = machine.mem32
def work():
    s = 0
    for i in range(300):
        s += len(str(i)) + len([i, i]) + hash((i, 'a')) % 7
        d = {'k': i}; d.get('k'); 'x,y'.split(',')
    return s
def timed():
    work()
    gc.collect()
    mem32[0x1400000c] = 0; mem32[0x14000010] = 0
    t = time.ticks_us()
    work()
    return time.ticks_diff(time.ticks_us(), t), mem32[0x14000010] - mem32[0x1400000c]
"""
CODE = WORK + "print(*timed())\n"
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
    cost_us = misses * xip.miss_extra_us(xip.POWER_UP_HZ)
    ok = misses > 1000 and abs(on_us - off_us - cost_us) <= TOLERANCE * cost_us
    results.record(ok, "the XIP cache model: a code path takes %d us with it, %d us without: %d us more, its %d "
                   "misses' %d cycles each %.0f us" % (on_us, off_us, on_us - off_us, misses,
                                                      xip.miss_extra_cycles(xip.POWER_UP_HZ), cost_us))
    clock_checks(flash, results)
    alone_us, alone_misses = timed(flash, True, blocks=False)
    ok = abs(alone_misses - misses) <= 0.01 * misses and abs(alone_us - on_us) <= 0.01 * (on_us - off_us)
    results.record(ok, "the XIP cache model: rp2040js alone, an instruction at a time, %d us and %d misses; a block "
                   "at a time %d us and %d" % (alone_us, alone_misses, on_us, misses))


# the same work timed before and after the board's port sets its clock (ports/rp2.py)
FAST_CODE = WORK + """from ports import rp2
slow = timed()
rp2.set_clock()
fast = timed()
print(machine.freq(), %s, mem32[0x18000014], slow[0], fast[0], fast[1])
""" % board.READ_VSEL


def clock_checks(flash, results):
    """At the board's clock (ports/rp2.py CLOCK_HZ) the emulated time of the same instructions
    shrinks with the clock, the core's voltage was raised first, and a miss costs what
    the flash's divider MicroPython sets for that clock makes it."""
    runs = {}
    for on in (False, True):
        with board.Pico(flash=flash, xip_cache=on) as pico:
            pico.enter_raw(300)
            out, error = pico.exec_raw(FAST_CODE, 300)
        if error:
            raise board.VpicoError(error)
        runs[on] = [int(v) for v in out.split()]
    hz, vsel, clkdiv, slow_us, off_us, _ = runs[False]
    ok = (hz == board.CLOCK_HZ and vsel >= board.VSEL_1V15 and clkdiv == xip.flash_clkdiv(hz)
          and abs(off_us * hz / xip.POWER_UP_HZ - slow_us) <= TOLERANCE * slow_us)
    results.record(ok, "the board's clock: %d MHz at VSEL %d, the flash's divider %d; the code path %d us at 125 MHz, "
                   "%d us at %d MHz (the model off)" % (hz // 1000000, vsel, clkdiv, slow_us, off_us, hz // 1000000))
    on_us, misses = runs[True][4:]
    cost_us = misses * xip.miss_extra_us(hz)
    ok = misses > 1000 and abs(on_us - off_us - cost_us) <= TOLERANCE * cost_us
    results.record(ok, "the XIP cache model at %d MHz: %d us more for %d misses, %d cycles each: %.0f us"
                   % (hz // 1000000, on_us - off_us, misses, xip.miss_extra_cycles(hz), cost_us))
