# The worked examples of the rules book sit beside the tests as text files
# (test_<game>_example.txt); this reads one as lines, on CPython and MicroPython alike.


def example_lines(name):
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    # a line at a time: the whole file (14 KB) in one piece could not be found in a
    # virtual Pico's heap once earlier tests had cut it up (MemoryError)
    with open(here + "/" + name) as f:
        return [line.rstrip("\n") for line in f]
