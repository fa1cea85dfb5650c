"""Helpers to start El ansia from a described situation (the deal's situation keys) and play it by the protocol."""

from __future__ import annotations

from velada.core.engine import Match
from velada.games import REGISTRY

ANSIA = REGISTRY.get("el-ansia")
VAMPS = {"Koni": "koni", "Richard": "richard", "George": "george", "Simon": "simon"}


def escena(players=("Koni", "Richard"), modo="venerable", **situation) -> Match:
    """A game whose players already hold their missions (none by default) and whose situation is given."""
    deal = {
        "vampiros": {p: VAMPS[p] for p in players},
        "misiones": situation.pop("misiones", {p: [] for p in players}),
        "publicas": situation.pop("publicas", []),
        **situation,
    }
    return Match(ANSIA, list(players), {"modo": modo}, 0, deal)


def elige(m: Match, kind: str, *options: str, player: str | None = None) -> None:
    prompt = next(p for p in m.pending() if p.kind == kind and (player is None or p.player == player))
    m.choose(prompt.player, prompt.id, list(options))


def abierto(m: Match):
    (prompt,) = m.pending()
    return prompt


def eventos(m: Match, kind: str, viewer=None) -> list[dict]:
    return [e.data for e in m.state.log if e.kind == kind and e.visible_to(viewer)]


def puntos(m: Match, player: str) -> int:
    return m.state.score[m.state.index[player]]
