"""A deal written in a scenario (``setup``'s ``deal``; ``velada games el-ansia`` documents its keys).

Every key is optional; what a deal leaves out is dealt with the seed. Besides the cards of the box a deal may
start the game from a described situation (hands, positions, the hunting zone, the moon, points…): see
``ElAnsiaGame._situation``. A deal the game could not play is refused with its reason before anything is set up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from velada.games.el_ansia.data import CARDS, MISSIONS, ROSES, SPACES, TOKENS, VAMPIRES

#: The deal's keys, in the order ``velada games`` documents them.
DEAL_KEYS = (
    "vampiros",
    "mazos",
    "manos",
    "caza",
    "taberna",
    "zona",
    "publicas",
    "misiones",
    "ofertas",
    "criptas",
    "posiciones",
    "en_casa",
    "orden",
    "luna",
    "puntos",
    "fichas",
    "permanentes",
    "descartes",
    "rosas",
)
#: Keys that must name every player at the table (the others name only some: the rest start as usual).
EVERY_PLAYER = ("vampiros", "mazos", "posiciones", "misiones", "ofertas")
CRYPTS = ("montanas", "llanuras", "bosque")
LAST_MOON = 15


def _unknown(kind: str, where: str, items: Sequence[Any], known: Any) -> None:
    bad = [repr(x) for x in dict.fromkeys(items) if x not in known]
    if bad:
        raise ValueError(f"unknown {kind}(s) {', '.join(bad)} in the deal's {where}")


def _list(where: str, value: Any) -> list:
    if not isinstance(value, list):
        raise ValueError(f"the deal's {where} is a list")
    return value


def _by_player(key: str, value: Any, players: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"the deal's {key} maps players to their {key}")
    strangers = [str(p) for p in value if p not in players]
    if strangers:
        raise ValueError(f"the deal's {key} names players who are not at the table: {', '.join(strangers)}")
    missing = [p for p in players if p not in value]
    if key in EVERY_PLAYER and missing:
        raise ValueError(f"the deal's {key} must name every player; missing: {', '.join(missing)}")
    return value


def check_deal(players: Sequence[str], deal: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` with the reason if ``deal`` cannot be played as written."""
    unknown = [repr(k) for k in deal if k not in DEAL_KEYS]
    if unknown:
        raise ValueError(f"unknown deal key(s) {', '.join(unknown)}; valid keys: {', '.join(DEAL_KEYS)}")
    maps = {
        key: _by_player(key, deal[key], players)
        for key in deal
        if key in (*EVERY_PLAYER, "manos", "fichas", "permanentes", "descartes", "puntos")
    }
    if "vampiros" in maps:
        _unknown("vampire", "vampiros", list(maps["vampiros"].values()), VAMPIRES)
    for key in ("mazos", "manos", "permanentes", "descartes"):
        for player, cards in maps.get(key, {}).items():
            _unknown("card", f"{key} of {player}", _list(f"{key} of {player}", cards), CARDS)
    for key in ("caza", "taberna"):
        if key in deal:
            _unknown("card", key, _list(key, deal[key]), CARDS)
    if "rosas" in deal:
        _unknown("rose", "rosas", _list("rosas", deal["rosas"]), ROSES)
    if "zona" in deal:
        zone, rows = deal["zona"], len(players) + 1
        if not (
            isinstance(zone, list) and len(zone) == rows and all(isinstance(r, list) and len(r) == 3 for r in zone)
        ):
            raise ValueError(
                f"the deal's zona has {rows} rows of 3 stacks (a row per player and one more; columns 1–3)"
            )
        _unknown("card", "zona", [c for row in zone for stack in row for c in _list("zona's stacks", stack)], CARDS)
    for key in ("publicas",):
        if key in deal:
            _unknown("mission", key, _list(key, deal[key]), MISSIONS)
    for key in ("misiones", "ofertas"):
        for player, missions in maps.get(key, {}).items():
            _unknown("mission", f"{key} of {player}", _list(f"{key} of {player}", missions), MISSIONS)
    if "criptas" in deal:
        crypts = deal["criptas"]
        if not isinstance(crypts, Mapping) or sorted(crypts) != sorted(CRYPTS):
            raise ValueError(f"the deal's criptas must give every crypt: {', '.join(CRYPTS)}")
        for region, missions in crypts.items():
            _unknown("mission", f"criptas of {region}", _list(f"criptas of {region}", missions), MISSIONS)
    if "posiciones" in maps:
        _unknown("space", "posiciones", list(maps["posiciones"].values()), SPACES)
    for key in ("en_casa", "orden"):
        if key in deal:
            strangers = [str(p) for p in _list(key, deal[key]) if p not in players]
            if strangers:
                raise ValueError(f"the deal's {key} names players who are not at the table: {', '.join(strangers)}")
    if "orden" in deal and sorted(deal["orden"]) != sorted(players):
        raise ValueError(f"the deal's orden must list every player once ({', '.join(players)})")
    for player, tokens in maps.get("fichas", {}).items():
        _unknown("token", f"fichas of {player}", _list(f"fichas of {player}", tokens), TOKENS)
    for player, points in maps.get("puntos", {}).items():
        if not isinstance(points, int) or isinstance(points, bool):
            raise ValueError(f"the deal's puntos of {player} is a whole number")
    if "luna" in deal:
        moon = deal["luna"]
        if not isinstance(moon, int) or isinstance(moon, bool) or not 1 <= moon <= LAST_MOON:
            raise ValueError(f"the deal's luna is a moon from 1 to {LAST_MOON}")
