"""The components, from ``data/cartas.toml``: the day cards (with the book's counts by table size) and the six
houses (Figuras) whose blazons make the night cards."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

INNOCENT = "inocente"  #: the innocent blazon (a sleeping count's night card)


@dataclass(frozen=True)
class DayCard:
    id: str
    kind: str  # "equipo" | "accion" | "inmediata"
    count: int
    count_by_players: dict[int, int]
    names: dict[str, str]
    texts: dict[str, str]

    def copies(self, players: int) -> int:
        """How many of this card the deck holds for a table of ``players`` (Ajos and Agua Bendita vary)."""
        return self.count_by_players.get(players, self.count)


@dataclass(frozen=True)
class House:
    id: str
    names: dict[str, str]
    blazons: dict[str, str]
    gender: str = "m"  #: "f" for a Countess: texts about the house's count agree with it


def _load() -> tuple[dict[str, DayCard], dict[str, House]]:
    data = tomllib.loads(resources.files(__package__).joinpath("data", "cartas.toml").read_text(encoding="utf-8"))
    cards = {
        card_id: DayCard(
            card_id,
            c["kind"],
            c["count"],
            {int(k): v for k, v in c.get("count_by_players", {}).items()},
            {"es": c["es"], "en": c["en"]},
            {"es": c["text_es"], "en": c["text_en"]},
        )
        for card_id, c in data["dia"].items()
    }
    houses = {
        house_id: House(
            house_id, {"es": h["es"], "en": h["en"]}, {"es": h["blason_es"], "en": h["blason_en"]}, h.get("gender", "m")
        )
        for house_id, h in data["casas"].items()
    }
    return cards, houses


DAY_CARDS, HOUSES = _load()
EQUIPMENT = tuple(c for c, card in DAY_CARDS.items() if card.kind == "equipo")
ACTIONS = ("farol", "soborno", "espejo", "agua-bendita")


def day_deck(players: int) -> list[str]:
    """The day deck for a table of ``players``, unshuffled: 34 cards with 4 players, 32 with 5 or 6."""
    return [card.id for card in DAY_CARDS.values() for _ in range(card.copies(players))]
