# A tiny deterministic generator (xorshift32) that gives the same numbers on CPython
# and MicroPython, so a game is reproducible from its seed everywhere. Values stay
# below 2**30 where they can, so they are small ints on a Pico.

SEED_MAX = 0xFFFFFFFF  # seeds 0..SEED_MAX deal different games (n and n + 2**32 the same)


def check_seed(seed):
    """A seed given from outside (the referee's and the headless start's --seed) is in
    the generator's range, or a ValueError says it."""
    if not 0 <= seed <= SEED_MAX:
        raise ValueError("--seed must be 0..%d (the generator's range)" % SEED_MAX)


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
