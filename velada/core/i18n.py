"""Message catalogues: every user-facing string, one file per language.

Spanish is the default and the fallback; English is available. A catalogue is a TOML file whose nested tables
become dotted keys (``[prompt] vidente = "…"`` is ``prompt.vidente``). Texts use ``str.format`` fields.

Agreement. A text agrees with what it names through a field's format spec, never with ``carta(s)``:

- ``{n:n:carta|cartas}`` picks by number: the first form when the field is 1 (an ``int``, or a :class:`Term`
  of number 1), the second otherwise. ``{n} {n:n:carta|cartas}`` reads "1 carta", "3 cartas".
- ``{role:g:el|la}`` picks by gender: the first form for a masculine :class:`Term`, the second for a feminine
  one (``m``/``f``; a plain string or an unknown gender takes the first form).
- ``{role:gn:el|la|los|las}`` picks by gender and number at once.

Roles and cards carry their gender and number in the game's data and reach texts as :class:`Term` (a ``str``
that also knows them). Player names carry no gender: texts about a player are written so that they need none
("Amaia ocupa el cargo de…", not "Amaia es elegido…").
"""

from __future__ import annotations

import string
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


class Term(str):
    """A word that knows its grammatical gender (``"m"``/``"f"``) and number (1 or 2), for agreement."""

    __slots__ = ("gender", "number")

    gender: str
    number: int

    def __new__(cls, text: str, gender: str = "m", number: int = 1) -> Term:
        term = super().__new__(cls, text)
        term.gender = gender
        term.number = number
        return term


class _Agreeing(string.Formatter):
    """``str.format`` plus the ``n:``, ``g:`` and ``gn:`` selectors of the module's docstring."""

    def format_field(self, value: Any, format_spec: str) -> str:
        how, sep, forms_text = format_spec.partition(":")
        if not sep or how not in ("n", "g", "gn"):
            formatted: str = super().format_field(value, format_spec)
            return formatted
        forms = forms_text.split("|")
        plural = _number(value) != 1
        feminine = getattr(value, "gender", "m") == "f"
        if how == "n":
            return forms[1 if plural else 0]
        if how == "g":
            return forms[1 if feminine else 0]
        return forms[(2 if plural else 0) + (1 if feminine else 0)]


def _number(value: Any) -> int:
    if isinstance(value, Term):
        return value.number
    if isinstance(value, int):
        return value
    if isinstance(value, (list, tuple)):
        return len(value)
    return 1


_AGREEING = _Agreeing()


def render(template: str, params: Mapping[str, Any]) -> str:
    """``template`` filled with ``params``, agreement selectors included."""
    if ":n:" in template or ":g:" in template or ":gn:" in template:
        return _AGREEING.vformat(template, (), params)
    return template.format(**params)


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

    def text(self, lang: str, key: str, /, **params: Any) -> str:
        """The text for ``key`` in ``lang`` (falling back to Spanish, then to the key itself); a parameter may be
        named ``lang`` or ``key`` too (the unknown language)."""
        template = self.messages.get(lang, {}).get(key)
        if template is None:
            template = self.messages.get(DEFAULT_LANGUAGE, {}).get(key, key)
        return render(template, params) if params else template


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(LANGUAGES)}")
    return lang


CORE_MESSAGES = Catalog.load("velada.core")
