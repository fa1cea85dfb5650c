"""A view on the wire: only what a connection has not seen yet.

A live table sends each connection its view again after every change that alters it. Sent whole, every message
would carry the whole log again, and a game would cost the square of its length on every socket. Instead a
connection gets a *delta* of its own view: the top-level parts that changed since the view it was last sent,
and the log entries after those it has. A delta is computed from two views of the same connection, the one it
was sent last and the one it may see now, so it carries nothing that the new view does not: the wire-level leak
tests rebuild every view from its deltas and compare it with the viewer's view.

The shape, JSON-ready::

    {"set": {key: value, ...},          # parts that changed or are new, whole
     "unset": [key, ...],               # parts that are gone
     "log": {"from": k, "entries": [...]}}  # the log from entry k on (0: the whole log, replacing it)

``"log"`` is absent when the log did not change. :func:`patch` applies a delta (``velada.client`` does, for
programs; the browser's script does not need views: it gets its page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The part of a view sent as appended entries rather than whole.
LOG = "log"


def diff(old: Mapping[str, Any] | None, new: Mapping[str, Any]) -> dict[str, Any]:
    """What turns ``old`` into ``new`` (``old`` None: everything). Parts are compared by identity first, as
    a live table shares the unchanged parts (and log entries) between a viewer's successive views."""
    if old is new:
        # A live table hands a viewer the same view again when nothing in it changed (engine.answered_view).
        return {"set": {}, "unset": []}
    if old is None:
        old = {}
    changed = {k: v for k, v in new.items() if k != LOG and (k not in old or (old[k] is not v and old[k] != v))}
    delta: dict[str, Any] = {"set": changed, "unset": [k for k in old if k not in new]}
    before, after = old.get(LOG), new.get(LOG)
    if after is not None and after is not before:
        seen = len(before) if before is not None else 0
        # Only a log that grew is sent from where the viewer is; any other change (the game's end shows the
        # whole log, face up) sends it whole.
        if before is not None and seen <= len(after) and after[:seen] == before:
            if seen < len(after):
                delta[LOG] = {"from": seen, "entries": after[seen:]}
        else:
            delta[LOG] = {"from": 0, "entries": list(after)}
    elif after is None and before is not None:
        delta["unset"].append(LOG)
    return delta


def patch(old: Mapping[str, Any] | None, delta: Mapping[str, Any]) -> dict[str, Any]:
    """The view ``delta`` turns ``old`` into. Raises ``ValueError`` when the delta does not follow ``old`` (a
    log that starts past the entries ``old`` has): the connection missed a message, and must read its view
    again (the JSON API's ``GET …/view``)."""
    view = dict(old or {})
    for key in delta.get("unset", ()):
        view.pop(key, None)
    view.update(delta.get("set", {}))
    log = delta.get(LOG)
    if log is not None:
        start = log["from"]
        have = view.get(LOG) or []
        if start > len(have):
            raise ValueError(f"the log delta starts at entry {start}, but only {len(have)} entries were seen")
        view[LOG] = list(have[:start]) + list(log["entries"])
    return view


def is_empty(delta: Mapping[str, Any]) -> bool:
    """Whether the delta changes nothing."""
    return not delta.get("set") and not delta.get("unset") and LOG not in delta


__all__ = ["diff", "is_empty", "patch"]
