"""Refusals the command line and scenario files report, readable in any language.

A :class:`Problem` carries a stable code and the facts of its reason, like :class:`IllegalAction` does for a
choice; ``str()`` is the English text (for logs and programs), :meth:`Problem.text` the reason in the reader's
language (the core catalogue's ``[problem]`` table).
"""

from __future__ import annotations

from typing import Any


class Problem(ValueError):
    """A request that cannot be done (a bad option, a table the game cannot seat, a malformed scenario)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "es") -> str:
        from velada.core.i18n import CORE_MESSAGES

        return CORE_MESSAGES.text(lang, f"problem.{self.code}", **self.params)


def reason(exc: BaseException, lang: str) -> str:
    """An error's reason in ``lang`` when it can give one, else its message."""
    text = getattr(exc, "text", None)
    return text(lang) if callable(text) else str(exc)
