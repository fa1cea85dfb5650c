"""El Saltamundos' content (``data/saltamundos.toml``): his worlds and their decks, and what his awakening brings
from La frontera (its character cards and its roles). velada's own worlds: the book names two commercial games.
And his records in the state (``WorldJumperRecord``), shared by ``el_saltamundos`` and ``frontera``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from velada.games.bethlem.plugins import found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import BethlemState, CustomRecord

KIND = "el-saltamundos"


def _load() -> dict:
    text = resources.files("velada.games.bethlem").joinpath("data", "saltamundos.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


_DATA = _load()
#: World id → its rule (``vidas`` or ``una-por-ronda``), in the data's order.
WORLDS: dict[str, str] = {w["id"]: w["rule"] for w in _DATA["world"]}
LIVES, ONE_A_ROUND = "vidas", "una-por-ronda"
#: Card id → (world, deck, effect).
WORLD_CARDS: dict[str, tuple[str, str, str]] = {c["id"]: (c["world"], c["deck"], c["effect"]) for c in _DATA["card"]}
#: The world his awakening brings to the table (the book's awakening is named after that kind of game).
FRONTIER = "frontera"
#: La frontera's character cards: id → power.
CHARACTERS: dict[str, str] = {c["id"]: c["power"] for c in _DATA["character"]}
#: The powers of those cards: one card more a draw; look at a card or objective each turn (its prompt kind is
#: ``el-saltamundos-vigilar``); cover one of his own cards each turn (``el-saltamundos-cubrirse``); no world limit.
MORE_CARDS, WATCH, COVER, NO_LIMIT = "mas-cartas", "vigilar", "cubrirse", "sin-limite"
#: La frontera's roles dealt to the other players, by how many they are.
ROLES: dict[int, tuple[str, ...]] = {int(k): tuple(v) for k, v in _DATA["roles"].items()}
#: La frontera's roles (the sheriff's is also the side that wins with him: ``cards.SHERIFF``).
SHERIFF, OUTLAW, RENEGADE, DEPUTY = "sheriff", "forajido", "renegado", "alguacil"


def deck_of(world: str, with_extra: bool) -> list[str]:
    """The cards of ``world``'s deck, in the data's order: its base cards, and its extra ones when his objective
    does not rise with the mutineers (his extra power: the decks are tailored to the objective)."""
    return [c for c, (w, which, _) in WORLD_CARDS.items() if w == world and (which == "base" or with_extra)]


@dataclass(slots=True)
class WorldJumperRecord(CustomRecord):
    """El Saltamundos' records: the world he chose ("" until he does), its deck and his hand (world cards, not
    life cards), the round he last played a card of his hand, the cards covered and jailed by world cards (by
    effect: ``cobertura``, ``calabozo``; each with its round). His awakening's: La frontera's deck when his world
    is another (None until brought), the character cards offered and the one kept ("" for none), the sheriff's
    seat and the roles by seat ("" for none; empty until dealt), the reward cards won (seat, world card)."""

    world: str = ""
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    played: int | None = None
    marks: dict[str, list[tuple[CardId, int]]] = field(default_factory=dict)
    frontier: list[str] | None = None
    offered: list[str] = field(default_factory=list)
    character: str = ""
    sheriff: int | None = None
    roles: list[str] = field(default_factory=list)
    rewards: list[tuple[int, str]] = field(default_factory=list)


def jumper(s: BethlemState) -> WorldJumperRecord:
    """His record, created empty when missing."""
    return record(s, KIND, WorldJumperRecord)


def jumper_found(s: BethlemState) -> WorldJumperRecord | None:
    """His record, or None while he has none."""
    return found(s, KIND, WorldJumperRecord)


def own_hand(s: BethlemState, me: int) -> list[str] | None:
    """The world cards in El Saltamundos' hand, for his holder's eyes (he drew them; nobody else sees them)."""
    d = jumper_found(s)
    if d is None or not any(s.holder(card) == me for card in s.found(KIND)):
        return None
    return list(d.hand)
