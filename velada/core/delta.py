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
     "items": {key: [[i, value], ...]}, # entries i of a list part (ITEMS) that changed, the list as long as before
     "log": {"from": k, "entries": [...]}}  # the log from entry k on (0: the whole log, replacing it)

``"log"`` is absent when the log did not change, ``"items"`` when no part of :data:`ITEMS` changed only in some
entries. :func:`patch` applies a delta (``velada.client`` does, for
programs; the browser's script does not need views: it gets its page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The part of a view sent as appended entries rather than whole.
LOG = "log"
#: The parts of a view that are a list of one entry per player, changed an entry or two at a time (a death, a
#: badge): sent as the entries that changed, by their place, while the list keeps its length (whole, a fifth of a
#: hombres-lobo game's bytes on the wire).
ITEMS = ("players",)


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
    for key in ITEMS:
        after_items, before_items = changed.get(key), old.get(key)
        if isinstance(after_items, list) and isinstance(before_items, list) and len(after_items) == len(before_items):
            del changed[key]
            pairs = zip(before_items, after_items, strict=True)
            delta.setdefault("items", {})[key] = [[i, b] for i, (a, b) in enumerate(pairs) if a is not b and a != b]
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
    for key, entries in delta.get("items", {}).items():
        items = list(view.get(key) or [])
        for at, entry in entries:
            if not 0 <= at < len(items):
                raise ValueError(f"entry {at} of {key!r}, but only {len(items)} were seen")
            items[at] = entry
        view[key] = items
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
    return not delta.get("set") and not delta.get("unset") and not delta.get("items") and LOG not in delta


def touched(delta: Mapping[str, Any]) -> frozenset[str]:
    """The parts of the view a delta changes (set, unset or some of their entries), the log apart."""
    return frozenset(delta["set"]).union(delta["unset"], delta.get("items", ()))


__all__ = ["ITEMS", "diff", "is_empty", "patch", "touched"]
