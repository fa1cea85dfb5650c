"""A deal written in a scenario (``setup``'s ``deal``; ``velada games ajo-y-agua`` documents its keys).

Every key is optional; what a deal leaves out is dealt with the seed. A deal the game could not play as written
is refused with a reason rather than changed in silence: a hand for only some counts, a deck too short for the
opening hands, a Vampire or host who is not at the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from velada.games.ajo_y_agua.cards import DAY_CARDS

#: The deal's keys, in the order ``velada games`` documents them.
DEAL_KEYS = ("vampiro", "anfitrion", "figuras", "manos", "mazo")


def _cards(where: str, cards: Any) -> list[str]:
    if not isinstance(cards, list):
        raise ValueError(f"the deal's {where} is a list of day cards")
    unknown = sorted({str(c) for c in cards if c not in DAY_CARDS})
    if unknown:
        known = ", ".join(DAY_CARDS)
        raise ValueError(f"unknown day card(s) {', '.join(unknown)} in the deal's {where}; cards: {known}")
    return [str(c) for c in cards]


def _by_player(key: str, given: Any, players: Sequence[str]) -> Mapping[str, Any]:
    """A deal key that maps every player to something: all of them, and nobody else."""
    if not isinstance(given, Mapping):
        raise ValueError(f"the deal's {key} maps every player to their {key}")
    strangers = [str(p) for p in given if p not in players]
    if strangers:
        raise ValueError(f"the deal's {key} names players who are not at the table: {', '.join(strangers)}")
    missing = [p for p in players if p not in given]
    if missing:
        raise ValueError(f"the deal's {key} must name every player; missing: {', '.join(missing)}")
    return given


def check_deal(players: Sequence[str], deal: Mapping[str, Any], start_cards: int) -> None:
    """Raise ``ValueError`` with the reason if ``deal`` cannot be played as written."""
    unknown = [repr(k) for k in deal if k not in DEAL_KEYS]
    if unknown:
        raise ValueError(f"unknown deal key(s) {', '.join(unknown)}; valid keys: {', '.join(DEAL_KEYS)}")
    for key in ("vampiro", "anfitrion"):
        if key in deal and deal[key] not in players:
            raise ValueError(f"the deal's {key} {deal[key]!r} is not at the table ({', '.join(players)})")
    if "figuras" in deal:
        _by_player("figuras", deal["figuras"], players)
    if "manos" in deal:
        # A hand for only some counts would leave the others empty-handed without a word: an empty hand is
        # written as an empty list.
        for player, cards in _by_player("manos", deal["manos"], players).items():
            _cards(f"manos of {player}", cards)
    if "mazo" in deal:
        deck = _cards("mazo", deal["mazo"])
        needed = len(players) * start_cards
        if "manos" not in deal and len(deck) < needed:
            raise ValueError(
                f"the deal's mazo has {len(deck)} cards, too few for the opening hands ({len(players)} × "
                f"cartas-inicio {start_cards} = {needed}): give more cards, or every hand (manos)"
            )
