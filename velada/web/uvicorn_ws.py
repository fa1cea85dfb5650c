"""The protocols ``velada serve`` hands uvicorn: uvicorn's own, with less work per message.

- :class:`LightSocket`, the websocket protocol (websockets' sans-I/O core, uvicorn's default when websockets is
  installed): it lets go of the handshake once the socket is open, and offers the app a synchronous send.
- :class:`OneWriteHttp`, the HTTP protocol (httptools'): an answer's headers and body in one write, and nothing of
  the last request kept while a keep-alive connection waits for the next.

Everything else — parsing, frames, keep-alive pings, closing — is uvicorn's."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.protocol import Protocol, State
from websockets.server import ServerProtocol
from websockets.streams import StreamReader

#: The ASGI extension (``scope["extensions"]``) that offers a socket's :meth:`LightSocket.send_now`.
SEND_NOW = "velada.send_now"


#: Bytes waiting in a socket's write buffer past which the server stops reading it (:meth:`LightSocket.data_received`):
#: four times the transport's high-water mark (64 KiB), so that a reader merely behind is still read.
STALLED = 256 * 1024


class LightSocket(WebSocketsSansIOProtocol):
    """uvicorn's protocol, without the handshake once it is over, and with a send that needs no task.

    uvicorn keeps the handshake's request and response (websockets' ``Request`` and ``Response``, their headers)
    on each connection for its whole life, though nothing reads them after the accept: ~4.8 KB of a socket's ~28
    (tracemalloc, docs/performance.md "Memory"). They go when the keep-alive starts, right after the accept is
    written.

    A push writes one message to each of a table's dozen sockets; each ``await`` of the ASGI send goes through
    Starlette's socket and uvicorn's coroutine, and a push ran them in a task per socket. :meth:`send_now` writes
    a message at once, without a coroutine, when the socket can take it (docs/performance.md, "CPU").

    Its inbox and its writable flag are :class:`_Inbox` and :class:`_Flag`, not an ``asyncio.Queue`` and an
    ``asyncio.Event``: those held five empty deques a socket (~3.5 KB of its ~26, docs/performance.md "Memory")."""

    #: Whether reading stopped because its writes piled up (``data_received``): set on the few sockets it happens to.
    stalled = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = _Inbox()  # type: ignore[assignment]
        self.writable = _Flag(True)  # type: ignore[assignment]

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # an upgrade refused by websockets itself has no scope
            scope["extensions"][SEND_NOW] = self.send_now

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # The scope's send_now refers to this protocol, which holds the scope: a cycle that kept every closed
        # socket (its transport, parser, scope and buffers) until a full collection, which a serving process runs
        # seldom (app.tune_gc): 1 859 of them at once under `velada load --tables 200`. The app asks for it once,
        # when the socket opens.
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"].pop(SEND_NOW, None)
        # websockets' parser is a generator of its connection's, which holds it: the same kind of cycle, keeping
        # the connection's reader and buffers. Nothing is parsed after the connection is lost.
        parser = getattr(self.conn, "parser", None)
        if parser is not None:
            parser.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        # A peer that does not read may still make the server write: websockets answers each of its pings with a
        # pong, which uvicorn writes whatever the buffer holds, and a client sending pings without reading grew
        # the server's buffer without bound (tests/web/test_memoria_sin_recolector.py). Past STALLED bytes
        # waiting, the server stops reading it until its writes drain (``resume_writing``). uvicorn may resume
        # reading meanwhile, once the app has read its messages: then one more read, and the pause again.
        if self.transport.get_write_buffer_size() > STALLED and not self.transport.is_closing():
            self.stalled = True
            self.transport.pause_reading()

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stalled:
            self.stalled = False
            if not self.read_paused:  # uvicorn's own pause (a message the app has not read yet) stands
                self.transport.resume_reading()

    def start_keepalive(self) -> None:
        # Called once the accept is written: nothing reads the handshake after it.
        self.request = self.response = None  # type: ignore[assignment]
        _forget_request(self.conn)
        super().start_keepalive()

    def send_now(self, text: bytes) -> bool:
        """Write a text message (UTF-8) now if the socket is open and its buffer below the high-water mark, as
        ``await send({"type": "websocket.send", ...})`` would without waiting; ``False``, and nothing written,
        if it would have to wait or fail (a closed socket, a slow reader): the caller then awaits the ASGI send,
        which waits or raises as usual."""
        if (
            self.disconnected
            or self.close_sent
            or not self.handshake_complete
            or self.initial_response is not None
            or not self.writable.is_set()
        ):
            return False
        try:
            self.conn.send_text(text)
        except InvalidState:
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True


def _forget_request(conn: ServerProtocol) -> None:
    """Let go of the handshake's request that websockets' server parser keeps for the socket's life (~2.8 KB: the
    request and its headers, a local of ``ServerProtocol.parse``, which parses the frames after it in the same
    generator): its parser is replaced by the frames' parser alone (``Protocol.parse``), only where nothing of a
    frame was read yet (the parser waits for data at a frame's start, its buffer empty), so no byte is lost."""
    parser: Any = conn.parser
    chain = []
    while parser is not None and hasattr(parser, "gi_code"):
        chain.append(parser.gi_code)
        parser = parser.gi_yieldfrom
    waiting = [ServerProtocol.parse.__code__, Protocol.parse.__code__, StreamReader.at_eof.__code__]
    if conn.state is not State.OPEN or chain != waiting or conn.reader.buffer:
        return
    conn.parser = Protocol.parse(conn)
    next(conn.parser)


class _Waiters:
    """Futures waited on, in a list made on first use (an idle socket's flags and inbox wait for nothing: the
    empty tuple stands for no list)."""

    __slots__ = ("_waiters",)

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] | tuple[()] = ()

    async def _wait(self) -> None:
        """Wait until :meth:`_wake` is called; the future is taken off the list however the wait ends (a cancelled
        reader leaves nothing behind)."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if not self._waiters:
            self._waiters = []
        waiters = self._waiters
        waiters.append(waiter)
        try:
            await waiter
        finally:
            waiters.remove(waiter)
            if not waiters and self._waiters is waiters:
                self._waiters = ()

    def _wake(self, every: bool) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
                if not every:
                    return


class _Inbox(_Waiters):
    """What uvicorn's protocol asks of its ``asyncio.Queue`` of a socket's incoming events (``put_nowait``, ``get``,
    ``empty``), unbounded like it, in a list: an idle socket's inbox is empty, and a Queue holds three deques and
    an Event (with a fourth) whether it is or not."""

    __slots__ = ("_items",)

    def __init__(self) -> None:
        super().__init__()
        self._items: list[Any] = []

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        self._wake(every=False)

    async def get(self) -> Any:
        while not self._items:
            await self._wait()
        return self._items.pop(0)

    def empty(self) -> bool:
        return not self._items


class _Flag(_Waiters):
    """What uvicorn's protocol asks of its ``asyncio.Event`` for a socket's writability (``set``, ``clear``,
    ``is_set``, ``wait``), without the deque an Event holds from its start."""

    __slots__ = ("_value",)

    def __init__(self, value: bool = False) -> None:
        super().__init__()
        self._value = value

    def set(self) -> None:
        self._value = True
        self._wake(every=True)

    def clear(self) -> None:
        self._value = False

    def is_set(self) -> bool:
        return self._value

    async def wait(self) -> bool:
        while not self._value:
            await self._wait()
        return True


class OneWriteHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, each answer's headers written with its body: one ``write`` system call an
    answer instead of two (uvicorn writes the headers as the app sends them, then the body). Each call, on the
    loopback, also wakes the reader; a choice's answer was a tenth of the server's write calls.

    The headers are held until the next write of the same answer, its close, or the end of the loop's current
    round, whichever comes first: a streamed answer's headers still go out at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pipeline = _Pipeline()  # type: ignore[assignment]

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.flow._is_writable_event = _Flag(True)  # type: ignore[assignment]

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Between two requests a keep-alive connection kept the last one (its cycle, scope, headers and body, an
        # asyncio.Event), read by nothing until the next request replaces it: ~4 KB a waiting phone. Kept while
        # the request's body is still coming in (an answer sent before the whole body was read) or pipelined
        # requests wait; the app, if it still runs, holds its own cycle.
        cycle = self.cycle
        if cycle is not None and cycle.response_complete and not cycle.more_body and not self.pipeline:
            self.cycle = self.scope = self.headers = None  # type: ignore[assignment]

    def on_headers_complete(self) -> None:
        before = getattr(self, "cycle", None)
        super().on_headers_complete()
        cycle = getattr(self, "cycle", None)
        if cycle is not None and cycle is not before:  # an upgrade to a websocket makes no cycle
            cycle.transport = _HeldHeaders(self.transport, self.loop)


class _Pipeline(list):
    """uvicorn's pipeline of requests waiting for the one being answered (``appendleft``, ``pop``), as a list: an
    empty ``collections.deque`` is ~600 bytes a connection, and requests are seldom pipelined."""

    __slots__ = ()

    def appendleft(self, item: Any) -> None:
        self.insert(0, item)


class _HeldHeaders:
    """The transport of one answer (``RequestResponseCycle.transport``): its first write is held and joined to
    the next; everything else is the connection's transport's."""

    __slots__ = ("_held", "_loop", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = b""  # b"": nothing written yet; None: the first write went out

    def write(self, data: bytes) -> None:
        held = self._held
        if held is None:
            self._transport.write(data)
        elif held:
            self._held = None
            self._transport.write(held + data)
        else:
            self._held = data
            self._loop.call_soon(self.flush)

    def flush(self) -> None:
        held = self._held
        self._held = None
        if held:
            self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
