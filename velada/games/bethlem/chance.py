"""What chance deals in the 2- and 3-player modes (section 5), written out and dealt again for the
noninterference check (``velada/core/noninterference.py``).

In those modes the players' choices decide who holds which cards — the 2-player draft, the lone player's
side — and, with ``colocacion=jugadores``, where they lie. What is left to chance is written in the deal
(``setup.chance_deal``): who gets the mutineers (2 players), the piles the cards are dealt from (3 players),
the order chance lays the rows in (3 players; 2 with ``colocacion=reparto``) and the event deck. The check
deals those again and replays the same choices.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from velada.games.bethlem.cards import CARDS, LIFE_GROUPS, MUTINEERS
from velada.games.bethlem.setup import (
    BOX_ORDER,
    EVENTS_KEY,
    MUTINEER_KEY,
    ORDER_KEY,
    PERSONALITY_PILE,
    PILES_KEY,
)
from velada.games.bethlem.state import BethlemState, Piles


def deal_of(s: BethlemState) -> dict[str, Any]:
    """The deal of a game of 2 or 3 players just set up, whose cards the players' choices are still to place
    (``s.draft``)."""
    draft = s.draft
    assert draft is not None
    deal: dict[str, Any] = {}
    if s.settings.mode == "dos":
        deal[MUTINEER_KEY] = s.players[s.team.index(MUTINEERS)]
    else:
        assert isinstance(draft, Piles)
        deal[PILES_KEY] = {pile: list(cards) for pile, cards in draft.piles.items()}
    if draft.order is not None:
        deal[ORDER_KEY] = {player: list(order) for player, order in draft.order.items()}
    if s.settings.events:
        deal[EVENTS_KEY] = list(s.deck)
    return deal


def dealt_places(s: BethlemState, known: set[Hashable]) -> set[Hashable]:
    """2-player mode: the cards of ``known`` (``("card", id)``) as places of the deal's ``orden``: ``("dealt",
    seat, n)``, the ``n``-th card of that seat's row in the box's order."""
    places: set[Hashable] = set()
    for seat in range(len(s.players)):
        cards = sorted((c for c, holder in s.dealt_to.items() if holder == seat), key=BOX_ORDER.__getitem__)
        places |= {("dealt", seat, n) for n, card in enumerate(cards, 1) if ("card", card) in known}
    return places


def redeal(
    start: BethlemState, deal: dict[str, Any], keep: frozenset[Hashable], what: list[str], mix: Callable
) -> dict[str, str]:
    """Deal again, in ``deal`` (``start``'s, a copy), what the viewer has not learnt (``keep``): with 3
    players, the cards of each pile ("cards"; the principal characters each side's among themselves, since
    the lone player gets both of the side they choose) and the personalities ("personas"); with 2, where the
    cards chance laid out lie in each row ("cards"). ``mix`` deals a list again. Returns the cards renamed."""
    rename: dict[str, str] = {}
    piles = deal.get(PILES_KEY)
    if piles is not None:
        parts: list[tuple[str, list[str]]] = []
        if "cards" in what:
            for group in LIFE_GROUPS:
                free = [c for c in piles[group] if ("card", c) not in keep]
                if group == "P1":
                    mutineers = [c for c in free if CARDS[c].side == MUTINEERS]
                    parts += [(group, mutineers), (group, [c for c in free if c not in mutineers])]
                else:
                    parts.append((group, free))
        if "personas" in what:
            parts.append((PERSONALITY_PILE, [c for c in piles[PERSONALITY_PILE] if ("persona", c) not in keep]))
        for pile, cards in parts:
            places = [piles[pile].index(c) for c in cards]
            for place, old, new in zip(places, cards, mix(cards), strict=True):
                piles[pile][place] = new
                rename[old] = new
    orders = deal.get(ORDER_KEY)
    if orders is not None and start.settings.mode == "dos" and "cards" in what:
        for seat, player in enumerate(start.players):
            order = orders[player]
            free = [k for k, n in enumerate(order) if ("dealt", seat, n) not in keep]
            for k, n in zip(free, mix([order[k] for k in free]), strict=True):
                order[k] = n
    return rename
