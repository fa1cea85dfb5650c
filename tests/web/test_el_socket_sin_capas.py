"""A websocket on a real uvicorn, served as ``velada serve`` serves it: its endpoint is called ahead of Starlette's
middleware (:class:`velada.web.app.Velada`), so an open socket does not keep every layer of the HTTP stack waiting
for its whole life; the host check, the origin check and the keep-alive pings still hold for it.

The server runs in a thread with the settings ``velada serve`` hands uvicorn (its ``uvicorn.run`` is caught), the
pings made short so that a dead browser is noticed within a second instead of 40 s."""

from __future__ import annotations

import asyncio
import base64
import collections
import gc
import os
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
import uvicorn
from starlette.websockets import WebSocket
from websockets.http11 import Request
from websockets.sync.client import connect

from velada.web.uvicorn_ws import _Flag, _Inbox

from .helpers import served_like_velada_serve

PING = 0.3


@pytest.fixture
def server(monkeypatch, tmp_path) -> Iterator[tuple[Any, asyncio.AbstractEventLoop, int, uvicorn.Server]]:
    db = f"sqlite:///{tmp_path / 'v.sqlite3'}"
    with served_like_velada_serve(monkeypatch, db, ws_ping_interval=PING, ws_ping_timeout=PING) as served:
        # Keep-alive is on as velada serve leaves it (uvicorn's 20 s and 20 s), only shorter here.
        settings = served[3].serve_settings
        assert settings.get("ws_ping_interval", 20.0) and settings.get("ws_ping_timeout", 20.0)
        yield served


def _table(port: int) -> tuple[str, str, str]:
    """A new table and Ana's seat in it: (code, the host's cookie, Ana's token)."""
    base = f"http://127.0.0.1:{port}"
    browser = requests.Session()
    browser.headers["Origin"] = base
    form = {"game": "hombres-lobo", "seats": "5", "mode": "online", "lang": "es"}
    code = browser.post(base + "/tables", data=form, allow_redirects=False).headers["location"].split("/")[2]
    token = browser.post(f"{base}/api/tables/{code}/seats", json={"name": "Ana"}).json()["token"]
    return code, browser.cookies[f"velada_host_{code}"], token


def _handshake(port: int, path: str, headers: dict[str, str]) -> tuple[socket.socket, bytes]:
    """A socket opened by hand (so that it never answers a ping): the connection and the server's answer."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}"]
    lines += ["Sec-WebSocket-Version: 13", *(f"{k}: {v}" for k, v in headers.items())]
    raw.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = raw.recv(4096)
        if not chunk:
            break
        answer += chunk
    return raw, answer


def _connections(app, loop, code: str) -> int:
    async def count() -> int:
        table = app.state.hub.get(code)
        return sum(1 for c in table.connections if c.alive)

    return asyncio.run_coroutine_threadsafe(count(), loop).result(10)


def test_un_socket_de_otro_host_recibe_400_y_uno_de_otro_origen_se_cierra(server):
    app, loop, port, _ = server
    code, _, token = _table(port)
    cookie = f"velada_seat_{code}={token}"
    raw, answer = _handshake(port, f"/t/{code}/ws", {"Host": "evil.example", "Cookie": cookie})
    raw.close()
    assert answer.startswith(b"HTTP/1.1 400")
    # Another site's page: closed before it is accepted (uvicorn answers 403), as before.
    origin = {"Host": f"127.0.0.1:{port}", "Cookie": cookie, "Origin": "http://evil.example"}
    raw, answer = _handshake(port, f"/t/{code}/ws", origin)
    raw.close()
    assert answer.startswith(b"HTTP/1.1 403")
    # An unknown table: refused too.
    raw, answer = _handshake(port, "/t/ZZZZZZ/ws", {"Host": f"127.0.0.1:{port}", "Cookie": cookie})
    raw.close()
    assert answer.startswith(b"HTTP/1.1 403")
    # Our own page: accepted, and its first message is Ana's view.
    ours = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
    with connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers=ours) as ws:
        assert "Ana" in ws.recv(timeout=10)
    assert _wait_for(lambda: _connections(app, loop, code) == 0)


def _wait_for(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_un_navegador_que_ya_no_responde_se_suelta_y_uno_vivo_sigue(server):
    app, loop, port, _ = server
    code, host_cookie, token = _table(port)
    headers = {"Host": f"127.0.0.1:{port}", "Cookie": f"velada_seat_{code}={token}"}
    dead, answer = _handshake(port, f"/t/{code}/ws", headers)
    assert answer.startswith(b"HTTP/1.1 101")
    screen = {"Cookie": f"velada_host_{code}={host_cookie}", "Origin": f"http://127.0.0.1:{port}"}
    with connect(f"ws://127.0.0.1:{port}/t/{code}/ws?host=1", additional_headers=screen) as alive:
        alive.recv(timeout=10)
        assert _connections(app, loop, code) == 2
        # The phone that never answers a ping is dropped after a ping and its timeout; the screen answers its
        # pings (the client library does) and stays.
        assert _wait_for(lambda: _connections(app, loop, code) == 1, seconds=8 * PING + 5)
        time.sleep(4 * PING)
        assert _connections(app, loop, code) == 1
        alive.send('{"type": "ping"}')
        while '"pong"' not in (message := alive.recv(timeout=10)):
            pass
        assert '"type":"pong"' in message
    dead.close()


def test_un_socket_abierto_no_tiene_esperando_las_capas_http(server):
    """What an open socket's task waits in, outermost first: uvicorn's task, the app, the socket's endpoint and
    its read; no middleware, exception or routing layer of Starlette's (18 coroutines a socket before). And what
    its protocol keeps: not the handshake (velada.web.uvicorn_ws)."""
    _, loop, port, userver = server
    code, _, token = _table(port)
    ours = {"Cookie": f"velada_seat_{code}={token}", "Origin": f"http://127.0.0.1:{port}"}

    async def chains() -> list[list[str]]:
        found = []
        for task in asyncio.all_tasks():
            chain, coro = [], task.get_coro()
            while coro is not None and hasattr(coro, "cr_code"):
                chain.append(f"{coro.cr_code.co_filename}:{coro.cr_code.co_qualname}")
                coro = coro.cr_await
            if any("routes/socket.py:socket" in c for c in chain):
                found.append(chain)
        return found

    async def handshakes() -> list[Any]:
        sockets = [c for c in userver.server_state.connections if hasattr(c, "handshake_complete")]
        # Its inbox and writable flag hold no deque (an asyncio.Queue and Event held five, ~3.5 KB a socket), and
        # websockets' parser no longer the request it parsed (~2.8 KB).
        return [(c.handshake_complete, c.request, c.response, *_held(c)) for c in sockets]

    with connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers=ours) as ws:
        ws.recv(timeout=10)
        found = asyncio.run_coroutine_threadsafe(chains(), loop).result(10)
        # Nor does uvicorn keep the handshake's request and response once the socket is open.
        assert asyncio.run_coroutine_threadsafe(handshakes(), loop).result(10) == [(True, None, None, 0, 0, 0)]
    assert len(found) == 1, found
    chain = found[0]
    assert not [c for c in chain if "starlette" in c and "websockets.py" not in c], chain
    assert len(chain) <= 7, chain


def _found(obj: Any, kind: type, depth: int = 4) -> int:
    """How many objects of ``kind`` are reachable from ``obj`` within ``depth`` references."""
    if isinstance(obj, kind):
        return 1
    return 0 if depth == 0 else sum(_found(inner, kind, depth - 1) for inner in gc.get_referents(obj))


def _deques(obj: Any) -> int:
    return _found(obj, collections.deque, 3)


def _held(protocol: Any) -> tuple[int, int, int]:
    """The deques an open socket's inbox and writable flag hold, and the requests its websockets parser holds."""
    return _deques(protocol.queue), _deques(protocol.writable), _found(protocol.conn.parser, Request)


def test_la_bandeja_y_la_senal_del_socket_se_portan_como_las_de_asyncio():
    """The inbox and the writable flag of a socket's protocol (velada.web.uvicorn_ws) do what uvicorn asks of the
    asyncio.Queue and Event they replace: events in order, a reader woken by a put, a cancelled reader leaving
    nothing behind, every waiter of the flag woken when it is set."""

    async def scenario() -> None:
        inbox = _Inbox()
        reader = asyncio.ensure_future(inbox.get())
        await asyncio.sleep(0)
        assert not reader.done()
        inbox.put_nowait(1)
        inbox.put_nowait(2)
        assert await reader == 1
        assert await inbox.get() == 2
        assert inbox.empty()
        gone = asyncio.ensure_future(inbox.get())
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.gather(gone, return_exceptions=True)
        inbox.put_nowait(3)
        assert not inbox.empty()
        assert await asyncio.wait_for(inbox.get(), 1) == 3
        assert inbox._waiters == ()  # no waiter left: its list is let go

        flag = _Flag(True)
        assert flag.is_set() and await flag.wait()
        flag.clear()
        waiting = [asyncio.ensure_future(flag.wait()) for _ in range(2)]
        await asyncio.sleep(0)
        assert not any(w.done() for w in waiting)
        flag.set()
        assert await asyncio.wait_for(asyncio.gather(*waiting), 1) == [True, True]

    asyncio.run(scenario())


def test_un_socket_abierto_no_guarda_el_websocket_ni_las_cabeceras_del_handshake(server):
    """Memory (issue 14): once a socket is open, nothing reads its handshake again. Starlette's ``WebSocket`` (with
    the headers, cookies, query and URLs it parsed) was kept by the socket route's frame and closures for the
    page's whole life, and the scope (uvicorn's protocol keeps it) with every header, the seat's token among them:
    ~4 KB a socket. The socket is still answered (a revoked seat's: test_escritura_inmediata)."""
    _, loop, port, userver = server
    code, _, token = _table(port)
    ours = {"Cookie": f"velada_seat_{code}={token}", "Origin": f"http://127.0.0.1:{port}"}

    async def held() -> tuple[int, list[Any]]:
        gc.collect()
        sockets = [c for c in userver.server_state.connections if getattr(c, "handshake_complete", False)]
        ours = [o for o in gc.get_objects() if isinstance(o, WebSocket) and o.scope.get("path") == f"/t/{code}/ws"]
        return len(ours), [c.scope["headers"] for c in sockets]

    with connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers=ours) as ws:
        ws.recv(timeout=10)
        assert asyncio.run_coroutine_threadsafe(held(), loop).result(10) == (0, [[]])
        ws.send('{"type": "ping"}')
        while '"type":"pong"' not in (message := ws.recv(timeout=10)):
            assert '"type":"error"' not in message, message
