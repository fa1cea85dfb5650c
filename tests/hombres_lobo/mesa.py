"""Helpers to script short games with an explicit deal, the way a narrator would run them."""

from __future__ import annotations

from velada.core.engine import Match
from velada.games import REGISTRY

#: A table of eight: the usual specials, two wolves.
OCHO = {
    "Ana": "vidente",
    "Bea": "hombre-lobo",
    "Carlos": "hombre-lobo",
    "Dani": "bruja",
    "Eva": "cazador",
    "Fran": "aldeano",
    "Gema": "aldeano",
    "Hugo": "aldeano",
}


def mesa(deal: dict[str, str], game: str = "hombres-lobo", seed: int = 0, sobrantes=None, **options) -> Match:
    """A match dealt as ``deal`` (players seated in its order). Options are given with ``_`` for ``-``; unless
    a test says otherwise there is no Alguacil, so scripts stay short."""
    g = REGISTRY.get(game)
    sheriff = g.theme.option_keys["sheriff"]
    opts = {sheriff: "no", **{k.replace("_", "-"): v for k, v in options.items()}}
    full = dict(deal)
    if sobrantes is not None:
        full["sobrantes"] = list(sobrantes)
    return Match(g, list(deal), opts, seed, full)


def elige(m: Match, player: str, kind: str, *options: str) -> None:
    """``player`` answers their open prompt of ``kind`` with ``options`` (none: skip)."""
    m.choose(player, kind, list(options))


def abiertos(m: Match) -> set[tuple[str, str]]:
    """(player, kind) of every unanswered prompt."""
    return {(p.player, p.kind) for p in m.pending()}


def votan(m: Match, votos: dict[str, str], kind: str = "voto") -> None:
    """Everybody with an open ``kind`` prompt votes as ``votos`` says; those not listed abstain."""
    for p in m.pending():
        if p.kind == kind:
            target = votos.get(p.player)
            m.choose(p.player, p.id, [target] if target else [])


def muertos(m: Match) -> set[str]:
    s = m.state
    return {p for i, p in enumerate(s.players) if not s.alive[i]}


def eventos(m: Match, kind: str, viewer: str | None = None) -> list[dict]:
    """The data of every ``kind`` event that ``viewer`` may see (None: the narrator)."""
    return [e.data for e in m.state.log if e.kind == kind and e.visible_to(viewer)]


def noche_tranquila(m: Match, lobos: dict[str, str] | None = None) -> None:
    """Answer the night's prompts doing nothing (or with the wolves' votes given), until day comes."""
    while m.state.phase == "noche" and m.result is None:
        for p in m.pending():
            if p.kind in ("lobos", "gauekos") and lobos:
                m.choose(p.player, p.id, [lobos[p.player]])
            elif p.skippable:
                m.choose(p.player, p.id, [])
            else:
                m.choose(p.player, p.id, list(p.options[: p.min]))
