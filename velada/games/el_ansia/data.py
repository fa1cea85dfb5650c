"""El ansia's content, loaded once from the data files: the board, the cards, the missions and the tokens."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Space:
    id: str
    region: str
    route: str  # "carretera" | "ferrocarril" | "barco"
    effect: str
    x: int
    y: int
    penalty: int = 0  # victory points lost at dawn on this mountain space (novice side)


@dataclass(frozen=True)
class Card:
    id: str
    names: dict[str, str]
    type: str  # humano | familiar | poder | rosa | poder-inicial | humano-inicial
    speed: int
    vp: int = 0
    kind: str | None = None  # the human's class: lugareno | religioso | militar | noble
    tag: str | None = None  # a familiar's animal (lobo…)
    keywords: tuple[str, ...] = ()
    effect: dict[str, Any] = field(default_factory=dict)
    copies: int = 1
    novice: bool = False
    # Worked out from the fields above when the card is made (``__post_init__``): a card never changes, and the
    # turn asks these of every card in play many times over. Plain fields, not cached properties: a property's
    # name on the class keeps every read of it off the interpreter's fast path for instance attributes.
    #: A human (a hunted one or a starting one).
    human: bool = field(init=False)
    #: Stays in play from turn to turn.
    permanent: bool = field(init=False)
    #: Its speed when a human is in play («Sed de vampiro»-like cards add theirs then).
    speed_with_human: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "human", self.type in ("humano", "humano-inicial"))
        object.__setattr__(self, "permanent", "permanente" in self.keywords)
        object.__setattr__(self, "speed_with_human", self.speed + self.effect.get("velocidad_si_humano", 0))


@dataclass(frozen=True)
class Mission:
    id: str
    names: dict[str, str]
    type: str  # normal | instantanea
    vp: int
    novice: bool
    five: bool
    data: dict[str, Any]


def _card(cid: str, c: dict[str, Any]) -> Card:
    return Card(
        id=cid,
        names=c["nombre"],
        type=c["tipo"],
        speed=c["velocidad"],
        vp=c.get("pv", 0),
        kind=c.get("clase"),
        tag=c.get("etiqueta"),
        keywords=tuple(c.get("palabras", ())),
        effect=dict(c.get("efecto", {})),
        copies=c.get("copias", 1),
        novice=c.get("novato", False),
    )


def _load():
    board = _toml("tablero.toml")
    spaces = {
        s["id"]: Space(s["id"], s["region"], s["ruta"], s.get("efecto", ""), s["x"], s["y"], s.get("penalizacion", 0))
        for s in board["casillas"]
    }
    cards_data = _toml("cartas.toml")
    cards = {cid: _card(cid, c) for section in ("iniciales", "caza", "rosas") for cid, c in cards_data[section].items()}
    vampires = {vid: (v["nombre"], tuple(v["mazo"])) for vid, v in cards_data["vampiros"].items()}
    m = _toml("misiones.toml")
    missions = {
        mid: Mission(
            mid,
            x["nombre"],
            x["tipo"],
            x.get("pv", 0),
            x.get("novato", False),
            x.get("cinco", False),
            {k: v for k, v in x.items() if k not in ("nombre", "tipo", "pv", "novato", "cinco")},
        )
        for mid, x in m["misiones"].items()
    }
    return board, spaces, cards, vampires, missions, dict(m["fichas"])


BOARD, SPACES, CARDS, VAMPIRES, MISSIONS, TOKENS = _load()
EDGES: list[tuple[str, str]] = [tuple(e) for e in BOARD["conexiones"]]
OPEN_CHESTS: tuple[str, ...] = tuple(BOARD["cofres_abiertos"])
CRYPTS: dict[str, str] = {region: spaces[0] for region, spaces in BOARD["criptas"].items()}
CRYPT_MISSIONS: dict[str, int] = dict(BOARD["misiones_por_cripta"])
HUMAN_KINDS = ("lugareno", "religioso", "militar", "noble")
HUNT_DECK: tuple[str, ...] = tuple(
    c.id for c in CARDS.values() if c.type in ("humano", "familiar", "poder") for _ in range(c.copies)
)
ROSES: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.type == "rosa")
#: «Rápido» cards: a stack of the hunting zone holding one costs 1 more to hunt.
QUICK = frozenset(c.id for c in CARDS.values() if "rapido" in c.keywords)
#: Castle tiles by number of players (the first vampire home takes the highest).
CASTLE_TILES = {2: (10, 6), 3: (10, 6, 4), 4: (10, 8, 6, 4), 5: (10, 8, 6, 4, 2), 6: (10, 8, 6, 4, 2)}
