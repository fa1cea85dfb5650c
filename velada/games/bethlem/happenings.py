"""Cartas de acontecimiento (rulebook section 13, custom-cards mode): at most one a round, shown at the end of
the day after the lynching. Periodic ones come every round or every two rounds (option ``acontecimientos``);
punctual ones when an objective is revealed (the revealing player draws one of each kind and keeps one).
"""

from __future__ import annotations

from velada.games.bethlem.cards import PERIODIC, PUNCTUAL
from velada.games.bethlem.state import BethlemState


def start_happenings(s: BethlemState, decks: dict | None) -> None:
    """Shuffle both decks of acontecimientos (or take them from an explicit deal: ``{"periodicos": [...],
    "puntuales": [...]}``, top first)."""
    if not s.settings.happenings:
        return
    if decks is not None:
        periodic = [str(h) for h in decks.get("periodicos", [])]
        punctual = [str(h) for h in decks.get("puntuales", [])]
        unknown = sorted({h for h in periodic if h not in PERIODIC} | {h for h in punctual if h not in PUNCTUAL})
        if unknown:
            raise ValueError(f"unknown acontecimiento(s) {', '.join(unknown)}")
    else:
        periodic, punctual = list(PERIODIC), list(PUNCTUAL)
        s.rng.shuffle(periodic)
        s.rng.shuffle(punctual)
    s.happen = {"periodic": periodic, "punctual": punctual, "active": None}
