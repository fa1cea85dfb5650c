"""The game's content, loaded once from ``data/``: every card (``cartas.toml``), the night's 27 steps
(``noche.toml``) and the compositions per table (``composiciones.toml``).

A *card* is a physical card with its own id (``daniel``, ``siamesas-2``); its *kind* is the card as the rulebook
names it (``siamesas``), which is what its power and its texts hang on.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: The four life groups, in order of importance (section 4: the losing player's tie-break).
LIFE_GROUPS = ("P1", "P2", "A1", "A2")
PERSONALITY = "personalidad"
EVENT = "evento"

MUTINEERS = "amotinados"
INMATES = "internos"
DIRECTOR = "director"
RICHARD = "richard-dadd"
PACT = "pacto-de-sangre"
HATE_PACT = "pacto-de-odio"
#: Every side that can win (section 2), in the order statistics list them.
SIDES = (MUTINEERS, INMATES, DIRECTOR, RICHARD, PACT, HATE_PACT)

#: The principal characters the mutineers' objective is about (section 2).
MUTINEER_CARDS = ("daniel", "nathaniel", "richard-dadd")


@dataclass(frozen=True, slots=True)
class Kind:
    """A card as the rulebook describes it."""

    id: str
    group: str
    time: str  # noche | dia | ambos
    once: bool  # a one-use power (actions, events)
    side: str  # a principal character's side; "" otherwise
    copies: int
    borrow: bool  # the director may take its power once it is dead
    hypnosis: bool  # Terapia de hipnosis may lend its power


@dataclass(frozen=True, slots=True)
class NightStep:
    """One turn of the night (section 7)."""

    n: int
    id: str
    card: str  # the kind whose turn it is, or ""
    when: str  # siempre | primera | no-primera | primera-y-pares

    def due(self, round_: int) -> bool:
        """Whether the step happens on round ``round_`` (rounds count from 1)."""
        when = self.when
        if when == "siempre":
            return True
        if when == "primera":
            return round_ == 1
        if when == "no-primera":
            return round_ > 1
        return round_ == 1 or round_ % 2 == 0  # primera-y-pares


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8"))


def _kinds() -> dict[str, Kind]:
    kinds = {}
    for raw in _load("cartas.toml")["card"]:
        kinds[raw["id"]] = Kind(
            id=raw["id"],
            group=raw["group"],
            time=raw["time"],
            once=raw["use"] == "un-uso",
            side=raw.get("side", ""),
            copies=raw.get("copies", 1),
            borrow=raw.get("borrow", False),
            hypnosis=raw.get("hypnosis", False),
        )
    return kinds


KINDS: dict[str, Kind] = _kinds()


def _cards() -> dict[str, Kind]:
    """Every physical card id → its kind; copies are numbered (``siamesas-1``, ``siamesas-2``)."""
    cards = {}
    for kind in KINDS.values():
        if kind.copies == 1:
            cards[kind.id] = kind
        else:
            for i in range(1, kind.copies + 1):
                cards[f"{kind.id}-{i}"] = kind
    return cards


#: Card id → kind, for every card in the box.
CARDS: dict[str, Kind] = _cards()
#: Card id → kind id, the hot lookup.
KIND_OF: dict[str, str] = {card: kind.id for card, kind in CARDS.items()}
GROUP_OF: dict[str, str] = {card: kind.group for card, kind in CARDS.items()}

LIFE_CARDS = tuple(card for card, kind in CARDS.items() if kind.group in LIFE_GROUPS)
PERSONALITIES = tuple(card for card, kind in CARDS.items() if kind.group == PERSONALITY)
EVENTS = tuple(card for card, kind in CARDS.items() if kind.group == EVENT)
#: Cards a table may choose (option ``cartas``): life cards and personalities. Cuentacuentos needs a human
#: narrator, which this engine has no seat for.
CHOOSABLE = tuple(card for card in LIFE_CARDS + PERSONALITIES if card != "cuentacuentos")

#: Cards whose copies come together or not at all.
TWINS: dict[str, tuple[str, ...]] = {
    kind.id: tuple(card for card, k in CARDS.items() if k.id == kind.id) for kind in KINDS.values() if kind.copies > 1
}

NIGHT: tuple[NightStep, ...] = tuple(
    NightStep(n=raw["n"], id=raw["id"], card=raw["card"], when=raw["when"]) for raw in _load("noche.toml")["step"]
)
NIGHT_STEP: dict[str, NightStep] = {step.id: step for step in NIGHT}

COMPOSITIONS: dict[str, Any] = _load("composiciones.toml")

#: The powers Terapia de hipnosis can lend (section 11), in the book's order.
HYPNOSIS_POWERS = tuple(kind.id for kind in KINDS.values() if kind.hypnosis)
