"""Game options: declared once per game, validated and normalised once at setup.

Every front end passes options as ``KEY=VALUE`` text (the command line) or JSON values (scenario files, the web
app); :func:`normalize` turns either into one dict of Python values with every key present, so rules code never
checks for a missing or malformed option.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from velada.core.errors import Problem

if TYPE_CHECKING:
    from velada.core.game import Game


class OptionError(Problem):
    """An option key or value the game does not accept; the reason says which and what is allowed.

    With a game, :meth:`text` names the option by its label and uses the game's own message for that option
    when its catalogue has one (``option-error.<key>``, with ``{value}`` and ``{allowed}``), so the lobby can
    show the reason beside the field in the player's language."""

    def text(self, lang: str = "es", game: Game[Any] | None = None) -> str:
        key = self.params.get("option")
        if game is None or key is None or self.code != "option-value":
            return super().text(lang)
        from velada.core.i18n import CORE_MESSAGES

        params = dict(self.params)
        own = f"option-error.{game.option_rule(key)}"
        if game.catalog.has(lang, own):
            return game.text(lang, own, value=params["value"], allowed=params["allowed"])
        params["option"] = game.option_title(key, lang)
        return CORE_MESSAGES.text(lang, f"problem.{self.code}", **params)


_TRUE = {"si", "sí", "yes", "true", "1", "on"}
_FALSE = {"no", "false", "0", "off"}


@dataclass(frozen=True)
class GameOption:
    """Base of every option kind: a key, a default, and a parser from text or JSON."""

    key: str
    default: Any

    def parse(self, raw: Any) -> Any:
        raise NotImplementedError

    def allowed(self) -> str:
        """The allowed values, as shown by ``velada games <game>``."""
        raise NotImplementedError

    def format(self, value: Any) -> str:
        """The value as ``KEY=VALUE`` text, the inverse of :meth:`parse`."""
        return str(value)

    def _fail(self, raw: Any) -> OptionError:
        return OptionError("option-value", option=self.key, value=repr(raw), allowed=self.allowed())


@dataclass(frozen=True)
class ChoiceOption(GameOption):
    """One value out of a closed list."""

    values: tuple[str, ...] = ()

    def parse(self, raw: Any) -> str:
        text = str(raw).strip().lower()
        if text not in self.values:
            raise self._fail(raw)
        return text

    def allowed(self) -> str:
        return "|".join(self.values)


@dataclass(frozen=True)
class IntOption(GameOption):
    """A whole number in ``[low, high]``."""

    low: int = 0
    high: int = 100

    def parse(self, raw: Any) -> int:
        if isinstance(raw, bool):
            raise self._fail(raw)
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise self._fail(raw) from None
        if not self.low <= value <= self.high:
            raise self._fail(raw)
        return value

    def allowed(self) -> str:
        return f"{self.low}..{self.high}"


@dataclass(frozen=True)
class FlagOption(GameOption):
    """Yes or no (``si``/``no``)."""

    def parse(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise self._fail(raw)

    def allowed(self) -> str:
        return "si|no"

    def format(self, value: Any) -> str:
        return "si" if value else "no"


@dataclass(frozen=True)
class SetOption(GameOption):
    """Any subset of a closed list, written comma-separated (``vidente,bruja``); ``ninguno`` is the empty set.
    With ``auto`` allowed, the text ``auto`` leaves the choice to the game (parsed as the string ``"auto"``)."""

    values: tuple[str, ...] = ()
    auto: bool = False

    def parse(self, raw: Any) -> tuple[str, ...] | str:
        if isinstance(raw, str):
            text = raw.strip().lower()
            if self.auto and text == "auto":
                return "auto"
            items = [] if text in ("", "ninguno", "none") else [part.strip() for part in text.split(",")]
        elif isinstance(raw, Iterable):
            items = [str(part).strip().lower() for part in raw]
        else:
            raise self._fail(raw)
        unknown = [item for item in items if item not in self.values]
        if unknown or len(set(items)) != len(items):
            raise self._fail(raw)
        # Keep the declared order so that equal sets normalise to equal tuples.
        return tuple(value for value in self.values if value in items)

    def allowed(self) -> str:
        return ("auto, " if self.auto else "") + "ninguno, or a comma-separated subset of " + ",".join(self.values)

    def format(self, value: Any) -> str:
        if value == "auto":
            return "auto"
        return ",".join(value) if value else "ninguno"


def normalize(specs: Iterable[GameOption], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every declared option with its parsed value: given ones parsed, the rest at their defaults."""
    by_key = {spec.key: spec for spec in specs}
    given = dict(raw or {})
    unknown = sorted(set(given) - set(by_key))
    if unknown:
        raise OptionError("option-unknown", unknown=", ".join(unknown), known=", ".join(by_key) or "-")
    return {key: spec.parse(given[key]) if key in given else spec.parse(spec.default) for key, spec in by_key.items()}


def problems(specs: Iterable[GameOption], raw: Mapping[str, Any] | None) -> dict[str, OptionError]:
    """Each given option the game refuses, by key, with its reason (an unknown key under its own name): the
    check :func:`normalize` makes, one field at a time, for a form that shows every mistake at once."""
    by_key = {spec.key: spec for spec in specs}
    found: dict[str, OptionError] = {}
    for key, value in (raw or {}).items():
        spec = by_key.get(key)
        if spec is None:
            found[key] = OptionError("option-unknown", unknown=key, known=", ".join(by_key) or "-")
            continue
        try:
            spec.parse(value)
        except OptionError as error:
            found[key] = error
    return found


def parse_assignments(pairs: Iterable[str]) -> dict[str, str]:
    """``["lobos=3", "voto=dos-rondas"]`` as a dict; the command line's ``--option KEY=VALUE``."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError("option-pair", pair=repr(pair))
        result[key.strip()] = value.strip()
    return result
