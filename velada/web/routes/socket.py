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

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from velada.core.protocol import NARRATOR, PUBLIC, IllegalAction
from velada.core.talk import TalkError
from velada.web import security
from velada.web.connection import Connection, encode, not_now
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
from velada.web.store import Seat, token_hash
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
    """A page's socket: opened with Starlette's ``WebSocket`` (:func:`_open`), then served on the ASGI calls alone.
    A socket lives as long as its page, and nothing reads the handshake after it: the ``WebSocket`` and what it
    parsed (headers, cookies with the seat's token, query, URLs) and the scope's headers are let go once the
    socket is open (~4 KB a socket, docs/performance.md "Memory")."""
    opened = await _open(websocket)
    if opened is None:
        return
    receive = websocket._receive
    # The scope lives as long as the socket (uvicorn's protocol keeps it): its headers go, read already.
    websocket.scope["headers"] = []
    del websocket
    sock, limit = opened
    conn, table = sock.conn, sock.table
    try:
        await table.attach(conn)
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                break
            if sock.narrator_token and not sock.seated():
                await sock.send({"type": "error", "code": "not-narrator"})  # closes the socket
            await _handle(table, conn, sock.seated, sock.is_host, message.get("text"), limit, sock.send)
    except SeatGone:
        pass
    finally:
        conn.alive = False
        # Its methods refer to it (``revoked`` reads ``conn.viewer``): a cycle that would keep the connection, its
        # last view and this socket until the collector's oldest generation (rare in velada serve: app.tune_gc).
        conn.send, conn.send_now, conn.send_bytes_now = _gone, not_now, not_now


async def _open(websocket: WebSocket) -> tuple[_Socket, RateLimit] | None:
    """Check and accept a socket, and read all it will need from its handshake; ``None`` if it was refused."""
    code = websocket.path_params["code"]
    table = app_state(websocket).hub.get(code)
    if table is None or security.cross_site(websocket.headers, ours(websocket)):
        await websocket.close(code=1008)
        return None
    if too_fast("read", websocket) is not None:
        await websocket.close(code=1013)  # try again later
        return None
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
    # uvicorn's protocol as velada serve runs it writes a message without a coroutine when it can (LightSocket).
    write_now = websocket.scope.get("extensions", {}).get(SEND_NOW)
    sock = _Socket(table, websocket._send, write_now, token, seat, is_host, wants_narrator and not is_host)
    conn = Connection(sock.send, viewer, is_host and viewer in (PUBLIC, None), lang, join_url(websocket, code))
    conn.send_now, conn.send_bytes_now = sock.send_now, sock.send_bytes_now
    sock.conn = conn
    return sock, RateLimit(SOCKET_RATE.per_second, SOCKET_RATE.burst)


class _Socket:
    """What an open socket keeps to send on it and to tell whether it still speaks for its seat: a few slots, where
    closures over the endpoint's frame kept that frame's every local (the ``WebSocket`` among them)."""

    __slots__ = (
        "awaiting",
        "checked",
        "conn",
        "digest",
        "is_host",
        "narrator_token",
        "seat",
        "send_asgi",
        "table",
        "token",
        "write_now",
    )

    conn: Connection

    def __init__(
        self,
        table: LiveTable,
        send_asgi: Callable[[dict[str, Any]], Awaitable[None]],
        write_now: Callable[[bytes], bool] | None,
        token: str | None,
        seat: Seat | None,
        is_host: bool,
        narrator_token: bool,
    ) -> None:
        self.table = table
        self.send_asgi = send_asgi
        self.write_now = write_now
        self.token = token
        self.digest = token_hash(token) if token else None
        self.seat = seat
        self.is_host = is_host
        #: A narrator's socket opened with the narrator seat's token lasts as long as that token does.
        self.narrator_token = narrator_token
        #: The seats last checked, and whether this socket's seat held in them.
        self.checked: tuple[Any, bool] = (None, False)
        #: Messages awaiting the socket's ASGI send (a slow reader's): a message sent at once must not pass them.
        self.awaiting = 0

    def seated(self) -> bool:
        """Whether this socket still speaks for its seat: its token may have been revoked since. Asked before
        every message: the answer is kept while the table's seats are the same list (they are replaced, never
        changed in place: :meth:`LiveTable.seat_by_hash` keeps its dictionary by the same rule)."""
        if self.narrator_token:
            return self.table.is_narrator(self.token)
        seats = self.table.data.seats
        if self.checked[0] is not seats:
            seat, digest = self.seat, self.digest
            current = self.table.seat_by_hash(digest) if digest is not None else None
            self.checked = (seats, seat is not None and current is not None and current.position == seat.position)
        return self.checked[1]

    def revoked(self) -> bool:
        return (self.conn.viewer not in (PUBLIC, None) or self.narrator_token) and not self.seated()

    async def send(self, message: dict[str, Any]) -> None:
        if self.revoked():
            # Not one more word of the seat's view: close, and the page reconnects as a stranger.
            with contextlib.suppress(Exception):
                await self.send_asgi({"type": "websocket.close", "code": 4001, "reason": ""})
            raise SeatGone
        self.awaiting += 1
        try:
            text = encode(message).decode()
            await self.send_asgi({"type": "websocket.send", "text": text})
        finally:
            self.awaiting -= 1

    def send_now(self, message: dict[str, Any]) -> bool:
        """``message`` written at once, if nothing waits before it, the seat still holds and the socket can take
        it; else ``False`` (nothing written): ``send`` then sends it, or closes the socket of a revoked seat."""
        write_now = self.write_now
        if write_now is None or self.awaiting or self.revoked():
            return False
        return bool(write_now(encode(message)))

    def send_bytes_now(self, encoded: bytes) -> bool:
        """``send_now`` for a message encoded already (as ``send_now`` encodes it): a push encodes once what several
        sockets get alike."""
        write_now = self.write_now
        if write_now is None or self.awaiting or self.revoked():
            return False
        return bool(write_now(encoded))


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
