"""velada.core.chance draws what random.Random draws: a faster shuffle must not change a single deal."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from velada.core.chance import shuffle


@given(seed=st.integers(min_value=0, max_value=2**64), n=st.integers(min_value=0, max_value=300))
def test_barajar_da_la_misma_permutacion_que_random_shuffle(seed: int, n: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    cards, expected = list(range(n)), list(range(n))
    shuffle(ours, cards)
    theirs.shuffle(expected)
    assert cards == expected
    # And the generator is left where Random.shuffle leaves it: every later draw is the same.
    assert ours.getstate() == theirs.getstate()


def test_barajar_con_un_generador_derivado_usa_su_propio_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Reversing(1), cards)
    assert cards == [3, 2, 1]
