"""Drawing from a game's seeded generator, as ``random.Random`` does it, with less work per draw.

A game's deals and reshuffles must stay exactly what ``random.Random`` gives for the same seed (recorded games,
golden files and studies replay them), so these helpers draw the very same numbers in the same order; they only
spare the Python call that ``Random.shuffle`` makes for every item (``Random._randbelow``).
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place: the permutation ``rng.shuffle(items)`` gives, leaving ``rng`` in the state it
    leaves it in. A subclass of ``Random`` (which may draw otherwise) is handed to its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    # Random.shuffle's loop with Random._randbelow_with_getrandbits written in: for each i from the end, a
    # j below i + 1 drawn as k random bits, drawn again while too large, then i and j swap.
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
