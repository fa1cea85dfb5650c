"""The game's content, loaded once from ``data/``: every card (``cartas.toml``, and the custom-cards mode's
``cartas-personalizadas.toml``), the night's 27 steps (``noche.toml``; 36 with custom cards,
``noche-personalizada.toml``), the compositions per table (``composiciones.toml``) and the custom mode's
objective cards (``objetivos.toml``).

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
TRAITOR = "traidor"
RENEGADE = "renegado"
INQUISITOR = "inquisidor"
SURVIVOR = "el-ultimo-superviviente"
#: El Saltamundos awakened: La frontera's sheriff wins when its forajidos and renegado are out (custom/frontera.py).
SHERIFF = "sheriff"
#: Every side that can win (section 2; with custom cards, the objectives of section 13 and the instant victories
#: of El último superviviente and of El Saltamundos' sheriff), in the order statistics list them.
SIDES = (MUTINEERS, INMATES, DIRECTOR, RICHARD, PACT, HATE_PACT, TRAITOR, RENEGADE, INQUISITOR, SURVIVOR, SHERIFF)
#: The sides of the book's cards alone (section 2: the blood pact, in either of its modes, is one of its cards).
BOOK_SIDES = (MUTINEERS, INMATES, DIRECTOR, RICHARD, PACT, HATE_PACT)

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

    n: int  # the book's number of the step; 0 for the custom night's "everybody wakes" moments
    id: str
    card: str  # the kind whose turn it is, or ""
    when: str  # siempre | primera | no-primera | primera-y-pares
    all: bool = False  # everybody wakes (custom night: to see Melancolía's card, the power La Médium took)
    called: bool = False  # called every night although no card names it (the mutineers' turn)
    #: Custom night: the turn's own handler wakes whoever ``common.actors`` names, like a turn without one, so
    #: somebody who took the card's power (La Médium) uses it in this turn (``effects.night_turn``).
    actors: bool = False

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
    for raw in _load("cartas.toml")["card"] + _load("cartas-personalizadas.toml")["card"]:
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

#: The custom-cards mode's cards (section 13): 13 principal characters and 3 events.
CUSTOM = frozenset(raw["id"] for raw in _load("cartas-personalizadas.toml")["card"])
#: The 13 custom principal characters, in the book's order.
CUSTOM_P1 = tuple(card for card, kind in CARDS.items() if card in CUSTOM and kind.group == "P1")
LIFE_CARDS = tuple(card for card, kind in CARDS.items() if kind.group in LIFE_GROUPS)
PERSONALITIES = tuple(card for card, kind in CARDS.items() if kind.group == PERSONALITY)
#: The event deck of the normal mode; the custom mode adds ``CUSTOM_EVENTS``.
EVENTS = tuple(card for card, kind in CARDS.items() if kind.group == EVENT and card not in CUSTOM)
CUSTOM_EVENTS = tuple(card for card, kind in CARDS.items() if kind.group == EVENT and card in CUSTOM)
ALL_EVENTS = EVENTS + CUSTOM_EVENTS
#: Cards a table may choose (option ``cartas``): life cards and personalities. Cuentacuentos needs a human
#: narrator, which this engine has no seat for.
CHOOSABLE = tuple(card for card in LIFE_CARDS + PERSONALITIES if card != "cuentacuentos")

#: Cards whose copies come together or not at all.
TWINS: dict[str, tuple[str, ...]] = {
    kind.id: tuple(card for card, k in CARDS.items() if k.id == kind.id) for kind in KINDS.values() if kind.copies > 1
}


def _night(name: str) -> tuple[NightStep, ...]:
    return tuple(
        NightStep(
            n=raw.get("n", 0),
            id=raw["id"],
            card=raw["card"],
            when=raw["when"],
            all=raw.get("all", False),
            called=raw.get("called", False),
            actors=raw.get("actors", False),
        )
        for raw in _load(name)["step"]
    )


NIGHT = _night("noche.toml")
#: The night of the custom-cards mode (section 14): 36 steps and two moments when everybody wakes.
CUSTOM_NIGHT = _night("noche-personalizada.toml")
#: Every step by id, of either night (a step both nights share is the same turn of the same card).
NIGHT_STEP: dict[str, NightStep] = {step.id: step for step in CUSTOM_NIGHT + NIGHT}

COMPOSITIONS: dict[str, Any] = _load("composiciones.toml")

_OBJECTIVES = _load("objetivos.toml")
_HAPPENINGS = _load("acontecimientos.toml")["happening"]
#: Acontecimientos of the custom mode (section 13), in the book's order: the periodic ones and the punctual ones.
PERIODIC = tuple(raw["id"] for raw in _HAPPENINGS if raw["kind"] == "periodico")
PUNCTUAL = tuple(raw["id"] for raw in _HAPPENINGS if raw["kind"] == "puntual")

#: The custom mode's objective cards (section 13), in the book's order.
OBJECTIVES: tuple[str, ...] = tuple(raw["id"] for raw in _OBJECTIVES["objective"])
#: Objectives whose holder wakes with the mutineers every night (the Traidor decides on the first night).
RISING: frozenset[str] = frozenset(raw["id"] for raw in _OBJECTIVES["objective"] if raw["rises"])
#: The objective cards dealt to a table of n players.
OBJECTIVE_TABLE: dict[int, tuple[str, ...]] = {int(n): tuple(v) for n, v in _OBJECTIVES["tables"].items()}

#: The powers Terapia de hipnosis can lend (section 11), in the book's order.
HYPNOSIS_POWERS = tuple(kind.id for kind in KINDS.values() if kind.hypnosis)
