"""Bots that play any game through the protocol alone: they see a prompt and answer it with option ids."""

from __future__ import annotations

import random
from typing import Protocol

from velada.core.protocol import Prompt


class Bot(Protocol):
    def choose(self, prompt: Prompt) -> list[str]:
        """A legal answer to ``prompt``: between ``min`` and ``max`` distinct options, or ``[]`` if skippable."""
        ...


class RandomBot:
    """Answers uniformly at random among the legal answers, counting a skip as one more option where the
    prompt allows it. Its RNG is its own, so a game's record replays without it."""

    __slots__ = ("rng",)

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, prompt: Prompt) -> list[str]:
        options = prompt.options
        n = len(options)
        rng = self.rng
        if prompt.max == 1:
            # int(random() * m) rather than randrange(m): the same uniform pick for any m this small, and the
            # simulator's hottest line.
            k = int(rng.random() * (n + 1 if prompt.skippable else n))
            return [] if k == n else [options[k]]
        if n == 0 or (prompt.skippable and rng.randrange(n + 1) == n):
            return []
        count = rng.randint(max(prompt.min, 1), min(prompt.max, n))
        return rng.sample(options, count)
