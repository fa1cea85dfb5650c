"""The live socket of every page: the table pushes each viewer's page, view and log as they change
(:meth:`velada.web.live.LiveTable.attach`); the page sends choices, the host's commands and talk.

A socket speaks for a seat (its token in the seat cookie, or ``Authorization: Bearer`` from a program), for the
shared screen (``?host=1``) or for the narrator's seat (``?narrador=1``, the host or the narrator seat's token).
A seat's socket stops the moment its token stops working."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from velada.core.protocol import NARRATOR, PUBLIC, IllegalAction
from velada.core.talk import TalkError
from velada.web import security
from velada.web.connection import Connection, not_now
from velada.web.errors import TableError
from velada.web.live import LiveTable
from velada.web.routes.base import (
    MAX_MESSAGE,
    app_state,
    bearer,
    error_text,
    host_cookie,
    join_url,
    ours,
    request_lang,
    seat_cookie,
    texts,
    too_fast,
)
from velada.web.security import Rate, RateLimit
from velada.web.store import token_hash
from velada.web.talk import author_of
from velada.web.uvicorn_ws import SEND_NOW

#: A websocket's messages: a person taps, a script would flood.
SOCKET_RATE = Rate(5.0, 15.0)


class ChooseMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["choose"]
    prompt: str = Field(min_length=1, max_length=80)
    choose: list[Annotated[str, Field(max_length=400)]] = Field(max_length=32)


class CommandMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["start", "bots", "ping", "bot-seat"]
    seat: int | None = Field(default=None, ge=0, le=99)


class TalkMessage(BaseModel):
    """On the websocket: ``say`` (a seat, or the narrator's seat); the host's ``talk-delete`` (a message by the
    number its screen shows), ``talk-mute`` (a seat, ``on``: muted) and ``talk-on`` (talk on or off)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["say", "talk-delete", "talk-mute", "talk-on", "talk-history"]
    channel: str = Field(default="", max_length=40)
    text: str = Field(default="", max_length=4000)
    seq: int | None = Field(default=None, ge=1)
    seat: int | None = Field(default=None, ge=0, le=99)
    on: bool = True


class SeatGone(Exception):
    """The seat's token no longer works (handed to a bot, or moved to another phone by a seat link)."""


Send = Callable[[dict[str, Any]], Awaitable[None]]
Refuse = Callable[..., Awaitable[None]]


async def socket(websocket: WebSocket) -> None:
    code = websocket.path_params["code"]
    table = app_state(websocket).hub.get(code)
    if table is None or security.cross_site(websocket.headers, ours(websocket)):
        await websocket.close(code=1008)
        return
    if too_fast("read", websocket) is not None:
        await websocket.close(code=1013)  # try again later
        return
    await websocket.accept()
    lang = request_lang(websocket, table.data.lang)
    # A program sends its seat's (or the narrator seat's) token as ``Authorization: Bearer``.
    token = bearer(websocket) or websocket.cookies.get(seat_cookie(code))
    seat = table.seat_for(token)
    is_host = table.is_host(websocket.cookies.get(host_cookie(code)))
    wants_host = websocket.query_params.get("host") == "1"
    # The narrator's seat sees everything: only the host (or the holder of its own token) may take it.
    wants_narrator = websocket.query_params.get("narrador") == "1" and (is_host or table.is_narrator(token))
    viewer: str | None = None if wants_narrator else PUBLIC if wants_host or seat is None else seat.name
    # A narrator's socket opened with the narrator seat's token lasts as long as that token does.
    narrator_token = wants_narrator and not is_host
    digest = token_hash(token) if token else None

    # The seats last checked, and whether this socket's seat held in them.
    checked: tuple[Any, bool] = (None, False)

    def seated() -> bool:
        """Whether this socket still speaks for its seat: its token may have been revoked since. Asked before
        every message: the answer is kept while the table's seats are the same list (they are replaced, never
        changed in place: :meth:`LiveTable.seat_by_hash` keeps its dictionary by the same rule)."""
        nonlocal checked
        if narrator_token:
            return table.is_narrator(token)
        seats = table.data.seats
        if checked[0] is not seats:
            current = table.seat_by_hash(digest) if digest is not None else None
            checked = (seats, seat is not None and current is not None and current.position == seat.position)
        return checked[1]

    def revoked() -> bool:
        return (conn.viewer not in (PUBLIC, None) or narrator_token) and not seated()

    # Messages awaiting the socket's ASGI send (a slow reader's): a message sent at once must not pass them.
    awaiting = 0

    async def send(message: dict[str, Any]) -> None:
        nonlocal awaiting
        if revoked():
            # Not one more word of the seat's view: close, and the page reconnects as a stranger.
            with contextlib.suppress(Exception):
                await websocket.close(code=4001)
            raise SeatGone
        awaiting += 1
        try:
            # orjson: a fifth of json.dumps's CPU for a message of page parts (the same text: UTF-8, compact).
            await websocket.send_text(orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode())
        finally:
            awaiting -= 1

    # uvicorn's protocol as velada serve runs it writes a message without a coroutine when it can (LightSocket).
    write_now = websocket.scope.get("extensions", {}).get(SEND_NOW)

    def send_now(message: dict[str, Any]) -> bool:
        """``message`` written at once, if nothing waits before it, the seat still holds and the socket can take
        it; else ``False`` (nothing written): ``send`` then sends it, or closes the socket of a revoked seat."""
        if write_now is None or awaiting or revoked():
            return False
        return bool(write_now(orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)))

    def send_bytes_now(encoded: bytes) -> bool:
        """``send_now`` for a message encoded already (as ``send_now`` encodes it): a push encodes once what several
        sockets get alike."""
        if write_now is None or awaiting or revoked():
            return False
        return bool(write_now(encoded))

    conn = Connection(send, viewer, is_host and viewer in (PUBLIC, None), lang, join_url(websocket, code))
    conn.send_now, conn.send_bytes_now = send_now, send_bytes_now
    limit = RateLimit(SOCKET_RATE.per_second, SOCKET_RATE.burst)
    try:
        await table.attach(conn)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if narrator_token and not seated():
                await send({"type": "error", "code": "not-narrator"})  # closes the socket
            await _handle(table, conn, seated, is_host, message.get("text"), limit, send)
    except SeatGone:
        pass
    finally:
        conn.alive = False
        # Its closures refer to it (``revoked`` reads ``conn.viewer``): a cycle that would keep the connection, its
        # last view and this socket until the collector's oldest generation (rare in velada serve: app.tune_gc).
        conn.send, conn.send_now, conn.send_bytes_now = _gone, not_now, not_now


async def _gone(message: dict[str, Any]) -> None:
    raise SeatGone


async def _handle(
    table: LiveTable,
    conn: Connection,
    seated: Callable[[], bool],
    is_host: bool,
    text: str | None,
    limit: RateLimit,
    send: Send,
) -> None:
    lang = conn.lang

    async def refuse(code: str, message: str | None = None) -> None:
        await send({"type": "error", "code": code, "text": message or texts(lang, code)})

    if text is None:  # a binary frame: the protocol is JSON text
        return await refuse("malformed")
    if len(text) > MAX_MESSAGE:
        return await refuse("too-big")
    if not limit.allow():
        return await refuse("too-fast")
    message: ChooseMessage | CommandMessage | TalkMessage
    try:
        raw = json.loads(text)
        kind = raw.get("type") if isinstance(raw, dict) else None
        if isinstance(kind, str) and (kind == "say" or kind.startswith("talk-")):
            message = TalkMessage.model_validate(raw)
        else:
            message = ChooseMessage.model_validate(raw) if kind == "choose" else CommandMessage.model_validate(raw)
    except (ValueError, ValidationError):
        return await refuse("malformed")
    try:
        if isinstance(message, TalkMessage):
            await _talk(table, conn, seated, is_host, message, refuse)
        elif isinstance(message, ChooseMessage):
            if conn.viewer is None:
                # The narrator's seat (host only) answers the prompts a game addresses to its narrator.
                await table.choose(NARRATOR, message.prompt, message.choose)
                return
            if conn.viewer == PUBLIC or not seated():
                return await refuse("not-seated")
            await table.choose(conn.viewer, message.prompt, message.choose)
        elif message.type == "ping":
            await send({"type": "pong", "version": conn.sent})
        elif not is_host:
            return await refuse("not-host")
        elif message.type == "bots":
            await table.fill_with_bots()
        elif message.type == "start":
            await table.start()
        elif message.type == "bot-seat" and message.seat is not None:
            await table.hand_to_bot(message.seat)
    except (IllegalAction, TableError, TalkError) as exc:
        code, text_ = error_text(exc, lang)
        await refuse(code, text_)


async def _talk(
    table: LiveTable,
    conn: Connection,
    seated: Callable[[], bool],
    is_host: bool,
    message: TalkMessage,
    refuse: Refuse,
) -> None:
    """A talk message on the websocket (see :class:`TalkMessage`)."""
    if message.type == "say":
        author = author_of(conn.viewer)
        if author is None or (author != NARRATOR and not seated()):
            return await refuse("not-seated")
        await table.talk.say(author, message.channel, message.text)
    elif message.type == "talk-history":
        await table.talk.history(conn)
    elif not is_host:
        return await refuse("not-host")
    elif message.type == "talk-delete" and message.seq is not None:
        await table.talk.delete(conn.viewer, message.seq)
    elif message.type == "talk-mute" and message.seat is not None:
        await table.talk.configure(seat=message.seat, muted=message.on)
    elif message.type == "talk-on":
        await table.talk.configure(enabled=message.on)


routes: list[WebSocketRoute] = [WebSocketRoute("/t/{code}/ws", socket)]
