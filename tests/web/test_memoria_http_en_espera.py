"""Memory (issue 14): an HTTP keep-alive connection waiting for its next request keeps nothing of the last one.
uvicorn keeps a connection's last request and answer (its ``RequestResponseCycle``, scope, headers and body, an
``asyncio.Event``) until the next request, and two empty deques of its own (the pipeline, the write flag's
waiters): ~4 KB a phone between two choices, and 600–1 600 such connections under `velada load --tables 200`
(docs/performance.md). Its behaviour is uvicorn's: the connection is reused, pipelined requests are answered in
order, a request's body is read whole."""

from __future__ import annotations

import asyncio
import collections
import gc
import http.client
import socket
from types import ModuleType
from typing import Any

from uvicorn.protocols.http.httptools_impl import RequestResponseCycle

from velada.web.uvicorn_ws import OneWriteHttp

from .test_el_socket_sin_capas import server  # noqa: F401 - the fixture


def _reached(obj: Any, kinds: tuple[type, ...], depth: int = 5) -> list[Any]:
    """The objects of ``kinds`` reachable from ``obj`` within ``depth`` references (modules, classes and the event
    loop aside)."""
    found, seen, frontier = [], {id(obj)}, [obj]
    for _ in range(depth):
        ahead = []
        for item in frontier:
            for inner in gc.get_referents(item):
                if id(inner) in seen or isinstance(inner, (type, asyncio.AbstractEventLoop, ModuleType)):
                    continue
                seen.add(id(inner))
                if isinstance(inner, kinds):
                    found.append(inner)
                ahead.append(inner)
        frontier = ahead
    return found


def _waiting(loop: asyncio.AbstractEventLoop, userver: Any) -> list[list[str]]:
    async def held() -> list[list[str]]:
        waiting = [c for c in userver.server_state.connections if isinstance(c, OneWriteHttp)]
        return [
            sorted(type(o).__name__ for o in _reached(c, (RequestResponseCycle, collections.deque))) for c in waiting
        ]

    return asyncio.run_coroutine_threadsafe(held(), loop).result(10)


def test_una_conexion_http_en_espera_no_guarda_su_ultima_peticion(server):  # noqa: F811 - the fixture
    _, loop, port, userver = server
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    phone.request("GET", "/")
    first = phone.getresponse()
    assert first.status == 200 and first.read()
    assert _waiting(loop, userver) == [[]]
    # A request with a body, on the same connection, then another: both answered as before.
    phone.request(
        "POST", "/api/tables/XXXXXX/seats", body=b'{"name": "Ana"}', headers={"Content-Type": "application/json"}
    )
    refused = phone.getresponse()
    assert refused.status == 404 and refused.read()
    assert _waiting(loop, userver) == [[]]
    phone.request("GET", "/")
    assert phone.getresponse().status == 200
    phone.close()


def test_las_peticiones_en_cadena_se_contestan_en_orden(server):  # noqa: F811 - the fixture
    """Pipelined requests (sent before the first answer) wait in the connection's pipeline, as in uvicorn."""
    _, loop, port, userver = server
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    one = f"GET /static/no-such-{{}} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    raw.sendall("".join(one.format(i) for i in range(3)).encode())
    answers = b""
    while answers.count(b"HTTP/1.1 ") < 3:
        chunk = raw.recv(65536)
        assert chunk, answers
        answers += chunk
    assert answers.count(b"HTTP/1.1 404") == 3
    assert _waiting(loop, userver) == [[]]
    raw.close()
