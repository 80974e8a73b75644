# A tiny deterministic generator (xorshift32) that gives the same numbers on CPython
# and MicroPython, so a game is reproducible from its seed everywhere. Values stay
# below 2**30 where they can, so they are small ints on a Pico.


class Rng:
    def __init__(self, seed=0):
        self.state = (seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF or 1

    def next32(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        """An int in 0..n-1."""
        return (self.next32() >> 2) % n

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
