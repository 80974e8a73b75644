# The worked examples of the rules book sit beside the tests as text files
# (test_<game>_example.txt); this reads one as lines, on CPython and MicroPython alike.


def example_lines(name):
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    with open(here + "/" + name) as f:
        return f.read().split("\n")
