"""Bots that play any game through the protocol alone: they see a prompt (and, if they want, their own view)
and answer it with option ids.

A game lists its bots by name in ``Game.bots`` (``random`` always among them); ``velada sim --bots`` and
``velada play --bots`` seat them by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from velada.core.protocol import NARRATOR, Prompt, Viewer

#: Names for bots in a seat (``velada play``, the web app's empty seats).
BOT_NAMES = (
    "Ana",
    "Bruno",
    "Carmen",
    "Diego",
    "Elena",
    "Fermín",
    "Gloria",
    "Hugo",
    "Irene",
    "Julián",
    "Lola",
    "Mario",
    "Nuria",
    "Óscar",
    "Paula",
    "Quique",
    "Rosa",
    "Sergio",
    "Teresa",
    "Ulises",
    "Vera",
    "Xabier",
)

#: A bot's window on the game: called with no argument, it returns the bot's player's view (built on demand,
#: since views cost far more than choices).
ViewFn = Callable[[], dict[str, Any]]


class Bot(Protocol):
    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        """A legal answer to ``prompt``: between ``min`` and ``max`` distinct options, or ``[]`` if skippable.
        A bot may only learn about the game through ``view``: that is what keeps bots honest."""
        ...


#: Makes the bot for one seat: (player id, seed) → bot.
BotFactory = Callable[[str, int], Bot]


class RandomBot:
    """Answers uniformly at random among the legal answers, counting a skip as one more option where the
    prompt allows it. Its RNG is its own, so a game's record replays without it."""

    __slots__ = ("rng",)

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        options = prompt.options
        rng = self.rng
        if prompt.max == 1 and not prompt.text_max:
            # int(random() * m) rather than randrange(m): the same uniform pick for any m this small, and the
            # simulator's hottest line. A skip, where allowed, is one more option, the last (True counts 1).
            # ``sim.random_playout`` makes this very draw itself: change both (tests/test_partida_aleatoria.py).
            k = int(rng.random() * (len(options) + prompt.skippable))
            return [options[k]] if k < len(options) else []
        if prompt.text_max:
            return [] if prompt.skippable and rng.random() < 0.5 else [f"¿{rng.randrange(1000)}?"]
        n = len(options)
        if n == 0 or (prompt.skippable and rng.randrange(n + 1) == n):
            return []
        count = rng.randint(max(prompt.min, 1), min(prompt.max, n))
        return rng.sample(options, count)


def random_bot(player: str, seed: int) -> RandomBot:
    return RandomBot(seed)


def viewer_of(player: str) -> Viewer:
    """Whose view a prompt's player acts on: the narrator's seat (``None``, who sees everything) answers the
    prompts addressed to ``NARRATOR``; anybody else sees their own view."""
    return None if player == NARRATOR else player


def narrator_bot(seed: int) -> Bot:
    """The bot that stands in for a human narrator's seat in simulations and terminal games: random answers
    (its free-text answers are placeholders, since a bot cannot tell the future)."""
    return RandomBot(seed ^ 0x6A77)
