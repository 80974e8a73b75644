# The MicroPython side of host_tools.ram_map: runs its steps (each a line of code: an
# import, an object made) one at a time and prints, after each, the live heap it added
# and the qstr pool then ("@@R\tlabel\tbytes" and micropython.qstr_info()'s line).
# The wasm port collects only between top-level calls: node calls NEXT() once a step
# (the collection asked at the end of one runs at the start of the next); on the rp2
# port a loop calls it (`while NEXT(): pass`), and gc.collect() runs at once.
import gc
import json
import sys

import micropython

with open("/upy_args.json") as _f:
    JOB = json.load(_f)
for _path in reversed(JOB["sys_path"]):
    sys.path.insert(0, _path)

STEPS = JOB["steps"]
SCOPE = {}  # what the steps make stays alive here (a module, a Pixels...)
_at = [0, 0]  # the next step, the heap before it


def NEXT():
    """Measures the last step, runs the next one; False when all are measured."""
    i = _at[0]
    gc.collect()  # the wasm port: a no-op inside a call; the rp2 port: collects now
    now = gc.mem_alloc()
    if i:
        print("@@R\t%s\t%d" % (STEPS[i - 1][0], now - _at[1]))
    micropython.qstr_info()  # (before the first step: where the pool starts)
    if i == len(STEPS):
        return False
    _at[1] = now
    exec(STEPS[i][1], SCOPE)
    _at[0] = i + 1
    gc.collect()
    return True


gc.collect()
