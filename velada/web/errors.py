"""The refusal of a live table: what a person asked of it cannot be done now.

Below the table (:mod:`velada.web.live`) and its talk (:mod:`velada.web.talk`), which both raise it, and the
routes, which say it in the reader's language (``error.<code>`` in the web catalogue)."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """Something a person asked of a table that cannot be done now (a full table, a name taken…)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)
