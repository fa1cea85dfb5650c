"""The shipped load test: ``velada load`` starts a server on 127.0.0.1, plays N tables of paced human seats on
websockets against it with Locust, and reports POST latency, the time until a change is visible on the other
seats' sockets, choices/s, and the server's CPU and memory. Bounded in time, loopback only; ``pip install -e
'.[load]'``."""

from __future__ import annotations

from typing import Any


def changed_prompts(delta: dict[str, Any] | None) -> list[Any] | None:
    """A seat's prompts after a message whose view delta is ``delta`` (:mod:`velada.core.delta`), or ``None`` when
    the delta leaves them as they were. All a generated seat reads of its view is its prompts, a top-level part
    of the view that a delta sets whole when it changes: keeping the whole view (a patch copies its log at every
    message) cost the generator more CPU per choice than the server."""
    if delta is None:
        return None
    if "prompts" in delta["set"]:
        return delta["set"]["prompts"]
    if "prompts" in delta["unset"]:
        return []
    return None


def may_change_prompts(raw: bytes) -> bool:
    """Whether a socket's message (its JSON, as sent) may change the seat's prompts or end the game: only one
    that names ``"prompts"`` (a delta setting or unsetting them, a whole view) or says ``"finished"``. Most
    messages a seat gets (a log line, a vote counted, a timer) do neither and need not be decoded."""
    return b'"prompts"' in raw or b'"finished"' in raw
