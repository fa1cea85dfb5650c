"""A push written without a task per socket, and an answer's headers and body in one write
(:mod:`velada.web.uvicorn_ws`), on a real uvicorn with ``velada serve``'s settings.

A push writes each socket's message at once when the socket can take it (``LightSocket.send_now``), and awaits
the socket's send only for a socket that cannot (a slow reader) or whose seat is gone. These tests check what that
must not change: every socket gets every message, numbered one after the other, and the views they add up to are
the seats' views; a message never passes one still waiting on the same socket; a revoked seat's socket is closed
(4001) instead of being sent one more message; an HTTP answer is whole, streamed or not, kept alive or not."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
from dataclasses import replace
from typing import Any

import pytest
import requests
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from velada.core.delta import patch
from velada.web.uvicorn_ws import LightSocket, _HeldHeaders

from .test_el_socket_sin_capas import _table, _wait_for, server  # noqa: F401 (a fixture)

NAMES = ("Bea", "Carlos", "Dani", "Eva")


def _in_loop(loop: asyncio.AbstractEventLoop, work: Any) -> Any:
    async def run() -> Any:
        return work()

    return asyncio.run_coroutine_threadsafe(run(), loop).result(10)


def _drain(ws: ClientConnection, quiet: float = 1.0) -> list[dict[str, Any]]:
    """Every message the socket has until it is quiet for ``quiet`` seconds."""
    messages = []
    while True:
        try:
            messages.append(json.loads(ws.recv(timeout=quiet)))
        except TimeoutError:
            return messages


def _counting(monkeypatch) -> list[bool]:
    """What each ``LightSocket.send_now`` call answered."""
    answers: list[bool] = []
    original = LightSocket.send_now

    def send_now(self: LightSocket, text: bytes) -> bool:
        answers.append(original(self, text))
        return answers[-1]

    monkeypatch.setattr(LightSocket, "send_now", send_now)
    return answers


def _legal_choice(prompt: dict[str, Any], rng: random.Random) -> list[str]:
    options = [o["id"] for o in prompt["options"]]
    low = min(prompt["min"], len(options))
    return rng.sample(options, rng.randint(low, max(low, min(prompt["max"], len(options)))))


def test_cada_socket_recibe_cada_mensaje_en_orden_y_suma_la_vista_del_asiento(server, monkeypatch):  # noqa: F811
    answers = _counting(monkeypatch)
    _, _, port, _ = server
    base = f"http://127.0.0.1:{port}"
    code, host_cookie, ana = _table(port)
    tokens = {"Ana": ana}
    for name in NAMES:
        tokens[name] = requests.post(f"{base}/api/tables/{code}/seats", json={"name": name}).json()["token"]
    origin = f"http://127.0.0.1:{port}"
    stack = contextlib.ExitStack()
    sockets = {
        name: stack.enter_context(
            connect(
                f"ws://127.0.0.1:{port}/t/{code}/ws",
                additional_headers={"Cookie": f"velada_seat_{code}={token}", "Origin": origin},
            )
        )
        for name, token in tokens.items()
    }
    host = {"Cookie": f"velada_host_{code}={host_cookie}", "Origin": origin}
    started = requests.post(f"{base}/api/tables/{code}/start", headers=host)
    assert started.status_code == 200, started.text
    rng = random.Random(14)
    received: dict[str, list[dict[str, Any]]] = {name: [] for name in tokens}
    try:
        for _ in range(25):
            auth = {name: {"Authorization": f"Bearer {token}"} for name, token in tokens.items()}
            views = {name: requests.get(f"{base}/api/tables/{code}/view", headers=auth[name]).json() for name in tokens}
            open_ = [(n, p) for n, v in views.items() for p in v["view"]["prompts"] if not p["answered"]]
            if not open_:
                break
            name, prompt = rng.choice(open_)
            body = {"prompt": prompt["id"], "choose": _legal_choice(prompt, rng)}
            answer = requests.post(f"{base}/api/tables/{code}/choices", json=body, headers=auth[name])
            assert answer.status_code == 200, answer.text
            for seat, ws in sockets.items():
                received[seat] += _drain(ws, quiet=0.05)
        for seat, ws in sockets.items():
            received[seat] += _drain(ws)
        final = {
            name: requests.get(f"{base}/api/tables/{code}/view", headers={"Authorization": f"Bearer {token}"}).json()
            for name, token in tokens.items()
        }
    finally:
        stack.close()
    assert any(answers), "no message was written at once"
    for name, messages in received.items():
        states = [m for m in messages if m["type"] == "state"]
        # Numbered one after the other, none missing, none out of order (a page drops an older number).
        assert [m["version"] for m in states] == list(range(states[0]["version"], states[0]["version"] + len(states)))
        view = None
        for message in states:
            if message.get("delta") is not None:
                view = patch(view, message["delta"])
        assert view == final[name]["view"], name


def test_un_mensaje_no_adelanta_al_que_espera_en_el_mismo_socket(server, monkeypatch):  # noqa: F811
    """A socket that cannot take a message now (its reader is slow: uvicorn paused its writes) makes the pong
    wait; while it waits, a message is not written at once, even once writing may go on and the pong has not gone
    yet; after it has, one is."""
    answers = _counting(monkeypatch)
    app, loop, port, userver = server
    code, _, ana = _table(port)
    origin = f"http://127.0.0.1:{port}"
    with connect(
        f"ws://127.0.0.1:{port}/t/{code}/ws",
        additional_headers={"Cookie": f"velada_seat_{code}={ana}", "Origin": origin},
    ) as ws:
        first = _drain(ws, quiet=0.5)[0]  # its view, then what was said at the table (nothing)

        def protocol() -> Any:
            [found] = [c for c in userver.server_state.connections if isinstance(c, LightSocket)]
            return found

        def conn() -> Any:
            [found] = app.state.hub.get(code).connections
            return found

        _in_loop(loop, lambda: protocol().pause_writing())
        ws.send('{"type": "ping"}')
        # The pong awaits the socket's send (asyncio's Event keeps its waiters there).
        assert _wait_for(lambda: _in_loop(loop, lambda: len(protocol().writable._waiters) == 1))
        assert _in_loop(loop, lambda: conn().send_now({"type": "probe", "n": 0})) is False

        def resume_and_probe() -> bool:
            protocol().resume_writing()  # the pong may go on now, but has not yet
            return bool(conn().send_now({"type": "probe", "n": 1}))

        assert _in_loop(loop, resume_and_probe) is False
        pong = json.loads(ws.recv(timeout=10))
        assert pong["type"] == "pong" and pong["version"] == first["version"]
        assert _wait_for(lambda: _in_loop(loop, lambda: conn().send_now({"type": "probe", "n": 2})))
        assert json.loads(ws.recv(timeout=10)) == {"type": "probe", "n": 2}
    assert answers.count(True) == 1


def _views(messages: list[dict[str, Any]], view: Any = None) -> Any:
    for message in messages:
        if message["type"] == "state" and message.get("delta") is not None:
            view = patch(view, message["delta"])
    return view


def test_un_asiento_revocado_no_recibe_un_mensaje_mas_de_su_vista(server):  # noqa: F811
    """The seat handed to a bot: its page falls back to the shared screen's view at the next push (nothing of the
    seat's). A token that stops working out of the table's sight (another process stored its seats): the socket
    is closed (4001) at the next push, not written to."""
    app, loop, port, _ = server
    base = f"http://127.0.0.1:{port}"
    code, host_cookie, ana = _table(port)
    origin = f"http://127.0.0.1:{port}"
    host = {"Cookie": f"velada_host_{code}={host_cookie}", "Origin": origin}
    seat = {"Cookie": f"velada_seat_{code}={ana}", "Origin": origin}
    with (
        connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers=seat) as ws,
        connect(f"ws://127.0.0.1:{port}/t/{code}/ws?host=1", additional_headers=host) as screen,
    ):
        mine = _views(_drain(ws, quiet=0.5))
        assert mine["viewer"] if mine else True
        shown = _views(_drain(screen, quiet=0.5))
        screen.send('{"type": "bot-seat", "seat": 0}')
        after = _drain(ws)
        shown = _views(_drain(screen), shown)
        assert after and after[0]["html"], "the page is drawn again, as the screen's"
        assert _views(after, mine) == shown

    bea = requests.post(f"{base}/api/tables/{code}/seats", json={"name": "Bea"}).json()["token"]
    with connect(
        f"ws://127.0.0.1:{port}/t/{code}/ws",
        additional_headers={"Cookie": f"velada_seat_{code}={bea}", "Origin": origin},
    ) as ws:
        _drain(ws, quiet=0.5)

        def forget_bea() -> None:
            table = app.state.hub.get(code)
            table.data.seats = [replace(s, token=None) if s.name == "Bea" else s for s in table.data.seats]

        _in_loop(loop, forget_bea)
        requests.post(f"{base}/api/tables/{code}/seats", json={"name": "Carlos"}).raise_for_status()
        with pytest.raises(ConnectionClosed):
            message = json.loads(ws.recv(timeout=10))
            raise AssertionError(f"a message after the seat's token stopped working: {message}")
        assert ws.close_code == 4001


def _raw_get(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(request)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
        return answer


def test_una_respuesta_http_llega_entera_en_una_conexion_que_sigue_viva_o_no(server):  # noqa: F811
    _, _, port, _ = server
    code, _, token = _table(port)
    host = f"Host: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n".encode()
    # Two answers in a row on a kept-alive connection, then one that closes it; and a HEAD (headers, no body).
    get = f"GET /api/tables/{code}/view HTTP/1.1\r\n".encode() + host
    answer = _raw_get(port, get + b"\r\n" + get + b"Connection: close\r\n\r\n")
    assert answer.count(b"HTTP/1.1 200 OK") == 2, answer[:300]
    first, rest = answer.split(b"\r\n\r\n", 1)
    length = int(
        next(line.split(b":")[1] for line in first.split(b"\r\n") if line.lower().startswith(b"content-length"))
    )
    assert json.loads(rest[:length]) == json.loads(rest.split(b"\r\n\r\n", 1)[1])
    head = _raw_get(port, b"HEAD / HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and head.endswith(b"\r\n\r\n")


class _Transport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed


def test_las_cabeceras_esperan_al_cuerpo_a_lo_sumo_una_vuelta_del_bucle():
    async def run() -> None:
        loop = asyncio.get_running_loop()
        # Headers then body in the same round: one write.
        transport = _Transport()
        held = _HeldHeaders(transport, loop)  # type: ignore[arg-type]
        held.write(b"H")
        held.write(b"B")
        held.write(b"C")
        assert transport.writes == [b"HB", b"C"]
        await asyncio.sleep(0)
        assert transport.writes == [b"HB", b"C"]
        # A streamed answer's headers go out at the loop's next round, before its first chunk.
        transport = _Transport()
        held = _HeldHeaders(transport, loop)  # type: ignore[arg-type]
        held.write(b"H")
        assert transport.writes == []
        await asyncio.sleep(0)
        assert transport.writes == [b"H"]
        held.write(b"B")
        assert transport.writes == [b"H", b"B"]
        # Closed before the body: the headers go first; everything else is the transport's.
        transport = _Transport()
        held = _HeldHeaders(transport, loop)  # type: ignore[arg-type]
        held.write(b"H")
        held.close()
        assert transport.writes == [b"H"] and transport.closed and held.is_closing()

    asyncio.run(run())
