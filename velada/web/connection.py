"""One open websocket as the live table sees it: whose view it shows, and what it was last sent.

Below the table (:mod:`velada.web.live`), the rendering (:mod:`velada.web.render`) and the talk
(:mod:`velada.web.talk`), which all read and update it; the websocket route (:mod:`velada.web.routes.socket`)
makes one per socket."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson


def encode(message: dict[str, Any]) -> bytes:
    """A message as it goes on a socket: UTF-8 JSON, compact (orjson: a fifth of json.dumps's CPU for a message of
    page parts). One encoding for every way a message is sent, so that a message a push encodes once for several
    sockets (velada.web.live.LiveTable._quick) is the same bytes each socket's own sending makes."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


def not_now(message: Any) -> bool:
    """A ``send_now`` (or ``send_bytes_now``) that never sends at once: every message goes the awaited way
    (``Connection.send``)."""
    return False


@dataclass(slots=True, weakref_slot=True)
class Connection:
    """One open websocket: whose view it shows, and what it was last sent. Slotted: one per open socket (2 600 at
    200 tables; 360 -> 312 bytes each, its own lists and dicts aside), weakly referable for the memory tests."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    viewer: str | None  # a player, PUBLIC for the shared screen, None for the narrator's seat
    is_host: bool
    lang: str
    join_url: str = ""
    spoken: int = 0
    #: How far a speaking screen's count of the public events got: (events counted, public ones among them, the
    #: last one counted), for render.speech_lines to count on from there.
    counted: tuple[int, int, Any] | None = None
    alive: bool = True
    #: Messages sent on this connection: the number of the next one (browsers drop older ones).
    sent: int = 0
    #: What the last page skeleton sent showed (render.skeleton_inputs): sent again only when that changed.
    seen: Any = None
    #: The page parts the skeleton sent has slots for that the server renders (render.PAGE_PARTS but
    #: render.CLIENT_PARTS), and the inputs each was last sent with.
    slots: list[str] = field(default_factory=list)
    parts: dict[str, Any] = field(default_factory=dict)
    #: Whether it was sent the page's words its script draws with, and the client parts' inputs it was last sent.
    texts: bool = False
    inputs: dict[str, Any] | None = None
    #: The view this connection has: the next message carries only what changed since (velada.core.delta).
    view: dict[str, Any] | None = None
    #: Sends a message at once if it can go without waiting (True), after every message still awaiting ``send``;
    #: else (False) nothing is sent, and the message is to be awaited through ``send``. A push sends this way,
    #: without a task per socket (velada.web.uvicorn_ws.LightSocket.send_now).
    send_now: Callable[[dict[str, Any]], bool] = not_now
    #: ``send_now`` for a message already encoded (its UTF-8 JSON, as ``send_now`` would have encoded it): a push
    #: encodes once a message that several connections get alike (velada.web.live.LiveTable._quick).
    send_bytes_now: Callable[[bytes], bool] = not_now
    #: What the table showed when this connection's last message was worked out (LiveTable._facts): when only
    #: answers changed since, its next one may be worked out once for everybody who sees the same.
    mark: Any = None
