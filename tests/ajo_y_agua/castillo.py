"""Helpers to script short games of Ajo y Agua with an explicit deal and deck order."""

from __future__ import annotations

from velada.core.engine import Match
from velada.games import REGISTRY

FIGURAS = {"Ana": "halcon", "Bea": "rosa", "Carlos": "torre", "Dani": "luna"}


def castillo(manos=None, mazo=None, vampiro="Dani", anfitrion="Ana", figuras=None, semilla=0, **options) -> Match:
    """Four counts (Ana hosts, Dani is the Vampire unless told otherwise) with the hands and deck given (the deck
    top first; by default a long run of Farol so draws never run out; a count ``manos`` leaves out starts with an
    empty hand). ``semilla`` seeds what chance decides in play (a bribe's or a mirror's random card)."""
    figuras = figuras or FIGURAS
    deal = {
        "vampiro": vampiro,
        "anfitrion": anfitrion,
        "figuras": figuras,
        "manos": {player: (manos or {}).get(player, []) for player in figuras},
        "mazo": mazo if mazo is not None else ["farol"] * 40,
    }
    opts = {k.replace("_", "-"): v for k, v in options.items()}
    return Match(REGISTRY.get("ajo-y-agua"), list(figuras), opts, semilla, deal)


def elige(m: Match, player: str, kind: str, *options: str) -> None:
    m.choose(player, kind, list(options))


def turno_de(m: Match) -> str | None:
    return m.state.players[m.state.current] if m.state.current is not None else None


def pasa(m: Match, player: str) -> None:
    """``player`` ends the turn without doing anything more (discarding the least useful cards if over the limit)."""
    elige(m, player, "turno")
    while any(p.player == player and p.kind == "descartar" for p in m.pending()):
        (prompt,) = [p for p in m.pending() if p.kind == "descartar"]
        m.choose(player, prompt.id, [prompt.options[0]])


def dia_sin_mas(m: Match) -> None:
    """Everybody left in this day phase ends their turn at once."""
    while m.state.phase == "dia" and m.result is None:
        player = turno_de(m)
        prompts = [p for p in m.pending() if p.player == player]
        if prompts and prompts[0].kind == "turno":
            pasa(m, player)
        elif prompts:
            m.choose(player, prompts[0].id, [prompts[0].options[0]])


def noche(m: Match, vampiro: str = "inocente") -> None:
    """Night: every innocent lays an innocent blazon; the Vampire lays ``vampiro``."""
    for p in m.pending():
        m.choose(p.player, p.id, [vampiro] if m.state.index[p.player] == m.state.vampire else ["inocente"])


def eventos(m: Match, kind: str, viewer: str | None = None) -> list[dict]:
    return [e.data for e in m.state.log if e.kind == kind and e.visible_to(viewer)]
