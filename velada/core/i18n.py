"""Message catalogues: every user-facing string, one file per language.

Spanish is the default and the fallback; English is available. A catalogue is a TOML file whose nested tables
become dotted keys (``[prompt] vidente = "…"`` is ``prompt.vidente``). Texts use ``str.format`` fields.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


class Catalog:
    """Texts by language and dotted key, with Spanish as the fallback language."""

    def __init__(self, messages: Mapping[str, Mapping[str, str]]) -> None:
        self.messages = {lang: dict(texts) for lang, texts in messages.items()}

    @classmethod
    def load(cls, package: str, folder: str = "messages") -> Catalog:
        """Load ``<package>/<folder>/<lang>.toml`` for every language that has a file."""
        base = resources.files(package).joinpath(folder)
        messages: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            path = base.joinpath(f"{lang}.toml")
            if path.is_file():
                messages[lang] = _flatten(tomllib.loads(path.read_text(encoding="utf-8")))
        return cls(messages)

    def merged(self, other: Catalog) -> Catalog:
        """A catalogue with ``other``'s texts over this one's."""
        langs = set(self.messages) | set(other.messages)
        return Catalog({lang: {**self.messages.get(lang, {}), **other.messages.get(lang, {})} for lang in langs})

    def has(self, lang: str, key: str) -> bool:
        return key in self.messages.get(lang, {}) or key in self.messages.get(DEFAULT_LANGUAGE, {})

    def section(self, lang: str, prefix: str) -> list[tuple[str, str]]:
        """The texts under ``prefix`` (``"deal"`` → ``deal.*``), in the catalogue's order, as (rest of the key,
        text) pairs; in ``lang``, each falling back to Spanish."""
        start = prefix + "."
        keys = [k for k in self.messages.get(DEFAULT_LANGUAGE, {}) if k.startswith(start)]
        keys += [k for k in self.messages.get(lang, {}) if k.startswith(start) and k not in keys]
        return [(key[len(start) :], self.text(lang, key)) for key in keys]

    def text(self, lang: str, key: str, **params: Any) -> str:
        """The text for ``key`` in ``lang`` (falling back to Spanish, then to the key itself)."""
        template = self.messages.get(lang, {}).get(key)
        if template is None:
            template = self.messages.get(DEFAULT_LANGUAGE, {}).get(key, key)
        return template.format(**params) if params else template


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(LANGUAGES)}")
    return lang


CORE_MESSAGES = Catalog.load("velada.core")
