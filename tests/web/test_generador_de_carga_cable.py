"""The load generator's own clients (``velada.loadtest.wire``, issue 14) speak to real servers as a browser would:
a websocket from the ``websockets`` library (the one uvicorn serves velada's sockets with) and a keep-alive
HTTP/1.1 server. A frame misread would make the generator's seats answer what was never asked, or wait forever."""

from __future__ import annotations

import asyncio
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

import pytest
from websockets.asyncio.server import serve

from velada.loadtest.wire import Connections, Socket, WireError

SIZES = [0, 5, 125, 126, 300, 65535, 65536, 70_000]


@contextmanager
def websocket_server(handler) -> Iterator[int]:
    """A ``websockets`` server on 127.0.0.1 in a thread; yields its port."""
    ready: list[int] = []
    started = threading.Event()
    loop = asyncio.new_event_loop()
    stop = loop.create_future()

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None, max_size=None) as server:
            ready.append(server.sockets[0].getsockname()[1])
            started.set()
            await stop

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    started.wait(10)
    try:
        yield ready[0]
    finally:
        loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(10)
        loop.close()


def test_el_socket_del_generador_lee_cada_mensaje_que_manda_el_servidor():
    got: dict[str, object] = {}

    async def handler(ws) -> None:
        got["cookie"] = ws.request.headers.get("Cookie")
        got["origin"] = ws.request.headers.get("Origin")
        for size in SIZES:
            await ws.send("x" * size)
        await ws.send(["uno ", "dos ", "ñandú"])  # one message in three frames
        pong = await ws.ping()
        await ws.send("tras el ping")
        await asyncio.wait_for(pong, 5)
        got["pong"] = True
        got["from the client"] = await ws.recv()
        await ws.send("adiós")

    with websocket_server(handler) as port:
        ws = Socket("127.0.0.1", port, "/t/ABC/ws", b"Origin: http://x\r\nCookie: velada_seat_ABC=t\r\n")
        messages = ws.messages()
        assert [len(next(messages)) for _ in SIZES] == SIZES
        assert next(messages).decode() == "uno dos ñandú"
        assert next(messages) == b"tras el ping"
        ws.send('{"type":"start","¿":"ñ"}' * 20)
        assert next(messages) == b"adi\xc3\xb3s"
        assert list(messages) == []  # the server closed: the messages end
        ws.close()
    assert got == {
        "cookie": "velada_seat_ABC=t",
        "origin": "http://x",
        "pong": True,
        "from the client": '{"type":"start","¿":"ñ"}' * 20,
    }


def test_un_socket_que_el_servidor_rechaza_es_un_error_claro():
    async def handler(ws) -> None:  # never reached
        await ws.close()

    with websocket_server(handler) as port, pytest.raises(WireError, match="refused the websocket"):
        Socket("127.0.0.1", port, "/", b"Sec-WebSocket-Version: 99\r\n")


class Answers(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive
    connections: ClassVar[set[tuple[str, int]]] = set()

    def do_POST(self) -> None:
        Answers.connections.add(self.client_address)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        status = 200 if self.headers.get("Authorization") == "Bearer t" else 403
        answer = b'{"path":"%s","body":%s}' % (self.path.encode(), body)
        self.send_response(status)
        self.send_header("Content-Length", str(len(answer)))
        self.send_header("Set-Cookie", "a=1; Path=/")
        self.send_header("set-cookie", "b=2")
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def http_server() -> Iterator[int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    Answers.connections = set()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_las_elecciones_del_generador_reusan_la_conexion_como_un_navegador(http_server):
    pool = Connections("127.0.0.1", http_server)
    auth = b"Authorization: Bearer t\r\n"
    for i in range(5):
        answer = pool.post("/api/tables/ABC/choices", b'{"n":%d}' % i, auth)
        assert (answer.status, answer.body) == (200, b'{"path":"/api/tables/ABC/choices","body":{"n":%d}}' % i)
        assert answer.headers("content-length") == [str(len(answer.body))]
        assert answer.headers("Set-Cookie") == ["a=1; Path=/", "b=2"]  # every one, in order
    assert len(Answers.connections) == 1
    assert pool.post("/x", b"{}", b"Authorization: Bearer otro\r\n").status == 403  # the caller decides what it means
    pool.close()


def test_una_conexion_ociosa_no_se_reusa(http_server):
    """The server closes a keep-alive connection after a while; reusing one then would race its close."""
    pool = Connections("127.0.0.1", http_server, idle=0.0)
    for _ in range(3):
        pool.post("/", b"{}", b"Authorization: Bearer t\r\n")
    assert len(Answers.connections) == 3
    pool.close()
