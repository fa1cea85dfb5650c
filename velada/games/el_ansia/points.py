"""What a vampire owns and the points it scores: what both a turn and the final scoring count."""

from __future__ import annotations

from velada.games.el_ansia.state import AnsiaState


def score(s: AnsiaState, seat: int, points: int, why: str) -> None:
    """The vampire at ``seat`` scores ``points`` (none: nothing is told), for the reason ``why``."""
    if points:
        s.score[seat] += points
        s.emit_data("puntos", None, {"player": s.players[seat], "points": points, "why": why, "total": s.score[seat]})


def owned(s: AnsiaState, seat: int) -> list[str]:
    """Every card a vampire owns, wherever it is."""
    play = [cid for uid, cid in s.play if uid not in s.dropped] if s.current == seat else []
    return [
        *s.deck[seat],
        *s.hand[seat],
        *s.discard[seat],
        *s.permanents[seat],
        *s.digested[seat],
        *play,
        *s.spicy[seat],
    ]
