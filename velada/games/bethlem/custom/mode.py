"""The custom-cards mode's pieces that belong to no character (rulebook sections 13 and 14): the objective cards
(``objectives.py``) and the acontecimientos (``happenings.py``), declared as hooks like a character's and placed
by ``registry.py`` around the characters' own, in the order the rules take them."""

from __future__ import annotations

from velada.games.bethlem import happenings
from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.common import BORROWED, BORROWED_AWAKE
from velada.games.bethlem.objectives import reveal
from velada.games.bethlem.state import BethlemState


def dusk(game, s: BethlemState) -> None:
    """Nightfall, before the characters' own: a new night's reveals start; the acontecimiento acting on this round
    takes hold; the objectives Infecto de rabia unmasked last round are shown (FAQ 15.3)."""
    s.revealed_now = []
    happenings.dusk(s)
    for seat in s.rabid_goals:
        reveal(s, seat, "infecto-de-rabia")
    s.rabid_goals = []


def round_end(game, s: BethlemState) -> None:
    """End of the round, before the characters' own: Hora de la siesta's check (``happenings.round_end``)."""
    happenings.round_end(s)


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """A card's markers after the characters': Cuerpo de espionaje's spy and skull (``happenings.markers``)."""
    return happenings.markers(s, card)


def borrowed(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """Who acts in the turn of ``kind`` with a power borrowed for the round (``s.borrowed``: El Chef's stolen
    powers), before the characters' own actors: normally or with its awakening."""
    return [
        (seat, card, BORROWED_AWAKE if awakened else BORROWED)
        for seat, card, awakened in s.borrowed
        if KIND_OF[card] == kind and not s.out[seat]
    ]
