"""The atlas's words: every text of its pages and charts comes from ``velada/atlas/messages/<lang>.toml``
(Spanish by default, English available), like the rest of velada's user-facing text."""

from __future__ import annotations

from typing import Any

from velada.core.i18n import Catalog

TEXTS = Catalog.load("velada.atlas")


def text(lang: str, key: str, **params: Any) -> str:
    """The atlas text ``key`` in ``lang`` (Spanish when ``lang`` lacks it)."""
    return TEXTS.text(lang, key, **params)


def side_label(side: str, lang: str) -> str:
    """A side as the page shows it: the game's side names are its own words (rulebook terms, the same in
    every language); the atlas's own rows, draws and every side together, are translated."""
    return {"(empate)": text(lang, "rates.draw"), "(todos)": text(lang, "rates.all")}.get(side, side)
