"""Preparación del juego: which cards are in play and who gets which.

As many cards as players, plus two spare cards when the Ladrón plays his classic swap. The recommended number
of wolves by table size is the default; everything else is the table's choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from velada.core.chance import shuffle
from velada.games.hombres_lobo.theme import AUTO_SPECIALS, THIEF, VILLAGER, WOLF, Theme

SPARE_KEY = "sobrantes"


def recommended_wolves(players: int) -> int:
    """The rulebook's minimum: 2 wolves from 8 to 11 players, 3 from 12 on. Smaller tables (our addition):
    1 wolf for 5–6 players, 2 for 7."""
    if players >= 12:
        return 3
    if players >= 7:
        return 2
    return 1


def uses_spare_cards(powers: set[str] | tuple[str, ...], thief_variant: str) -> bool:
    """The Ladrón's classic swap needs two extra cards; his rotation variant moves the dealt cards only."""
    return THIEF in powers and thief_variant == "intercambio"


def build_cards(
    theme: Theme, players: int, wolves: str, specials: tuple[str, ...] | str, thief_variant: str
) -> list[str]:
    """The role ids of every card in play (dealt ones and spare ones), before shuffling."""
    wolf_count = recommended_wolves(players) if wolves == "auto" else int(wolves)
    if specials == "auto":
        # Add specials in the book's usual order while a plain villager still fits.
        powers = [p for i, p in enumerate(AUTO_SPECIALS) if wolf_count + i + 1 < players]
    else:
        powers = [theme.roles[role] for role in specials]
    total = players + (2 if uses_spare_cards(tuple(powers), thief_variant) else 0)
    if wolf_count + len(powers) > total:
        raise ValueError(
            f"{wolf_count} wolves and {len(powers)} special cards do not fit in {total} cards for {players} players"
        )
    if wolf_count >= players:
        raise ValueError(f"{wolf_count} wolves leave no villager among {players} players")
    villagers = total - wolf_count - len(powers)
    return (
        [theme.role[WOLF]] * wolf_count + [theme.role[power] for power in powers] + [theme.role[VILLAGER]] * villagers
    )


def deal_cards(
    theme: Theme, players: tuple[str, ...], cards: list[str], rng: random.Random
) -> tuple[list[str], list[str]]:
    """Shuffle ``cards`` with the game's RNG: the first go to the players in seat order, the rest are spare."""
    deck = list(cards)
    shuffle(rng, deck)
    return deck[: len(players)], deck[len(players) :]


def explicit_deal(
    theme: Theme, players: tuple[str, ...], deal: Mapping[str, Any], thief_variant: str
) -> tuple[list[str], list[str]]:
    """A deal written in a scenario: ``{player: role id}`` for every player, and ``"sobrantes": [two role
    ids]`` when the Ladrón plays his classic swap."""
    unknown = [repr(k) for k in deal if k not in players and k != SPARE_KEY]
    if unknown:
        raise ValueError(
            f"unknown deal key(s) {', '.join(unknown)} (not at the table); valid keys: each player's id "
            f"({', '.join(players)}), {SPARE_KEY}"
        )
    missing = [p for p in players if p not in deal]
    if missing:
        raise ValueError(f"the deal gives no card to: {', '.join(missing)}")
    roles = [str(deal[p]) for p in players]
    spare = [str(r) for r in deal.get(SPARE_KEY, [])]
    for role in roles + spare:
        if role not in theme.roles:
            raise ValueError(f"unknown role {role!r}; roles: {', '.join(theme.roles)}")
    powers = [theme.roles[r] for r in roles + spare]
    counts = Counter(powers)
    doubled = [theme.role[p] for p, c in counts.items() if c > 1 and p not in (WOLF, VILLAGER)]
    if doubled:
        raise ValueError(f"there is one card of each special role: {', '.join(doubled)} appears twice")
    # The Ladrón's card may itself be one of the spare cards, as a shuffled deck can leave it.
    swaps = uses_spare_cards(tuple(powers), thief_variant)
    if len(spare) != (2 if swaps else 0):
        raise ValueError(
            f"'{SPARE_KEY}' must list exactly the two spare cards when the {theme.role[THIEF]} swaps, and only then"
        )
    if all(theme.roles[r] == WOLF for r in roles):
        raise ValueError("a deal needs at least one player who is not a wolf")
    return roles, spare


def box_warnings(theme: Theme, cards: list[str]) -> list[tuple[str, int, int]]:
    """Roles the theme's box has fewer cards of than the table needs: (role, needed, in box)."""
    if theme.box is None:
        return []
    counts = Counter(cards)
    return [(role, n, theme.box.get(role, 0)) for role, n in counts.items() if n > theme.box.get(role, 0)]
