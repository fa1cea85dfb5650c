"""Memory (issue 14): a table let go leaves memory at once, freed by its references alone, not when the cycle
collector next walks everything. ``velada serve`` runs the collector's oldest generation seldom
(``velada.web.app``: thresholds 100 000, 20, 20), and a finished table has lived long enough to be in it: a table
held only by a cycle of its own stayed in memory, its game, views and talk, for minutes of a loaded server (a
`velada load --tables 200` server held 115 000–142 000 such objects after 20 s; docs/performance.md)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import connect

from velada.core.bots import RandomBot
from velada.core.protocol import NARRATOR
from velada.core.talk import DAY
from velada.web.connection import Connection
from velada.web.live import PUBLIC, Config, Hub, LiveTable
from velada.web.store import Seat, Store, token_hash

from .helpers import wait_until
from .test_el_socket_sin_capas import _handshake, _table, server  # noqa: F401 - the fixture

NAMES = [f"p{i}" for i in range(1, 13)]


@contextmanager
def _no_collector() -> Iterator[None]:
    """Only reference counts free anything in here."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _started(store: Store) -> str:
    data = store.create_table("hombres-lobo", {}, 12, "online", "es", {}, "a")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(NAMES)], 5)
    return data.code


async def _play_to_the_end(table: LiveTable) -> None:
    """A game played by random choices, each pushed to a socket per seat and a shared screen, which then close."""
    bot, order = RandomBot(5), random.Random(5)

    async def send(message: dict[str, Any]) -> None:
        pass

    connections = [Connection(send, viewer, viewer == PUBLIC, "es") for viewer in [*NAMES, PUBLIC]]
    for conn in connections:
        await table.attach(conn)
    while table.match.result is None:
        prompt = order.choice(table.match.pending())
        await table.choose(prompt.player, prompt.id, bot.choose(prompt))
        table.view_tag(prompt.player, "es")  # as the API answers a choice
        await table.flush()
    await table.talk.say(NARRATOR, DAY, "buenas noches")
    for conn in connections:
        conn.alive = False
    await table.flush()


def test_una_mesa_terminada_se_libera_sin_esperar_al_recolector(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    code = _started(store)

    async def game() -> weakref.ref[LiveTable]:
        table = LiveTable(store, store.load(code), Config(bot_delay=0))
        await _play_to_the_end(table)
        assert table.status == "finished"
        return weakref.ref(table)

    with _no_collector():
        table = asyncio.run(game())
        assert table() is None
    store.close()


def test_la_mesa_terminada_que_el_hub_suelta_sale_de_la_memoria_sin_el_recolector(tmp_path):
    """A finished game nobody is connected to leaves at the hub's next round (the default: no wait), and
    nothing of it stays behind."""
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    code = _started(store)
    hub = Hub(store, Config(bot_delay=0))

    async def game() -> weakref.ref[LiveTable]:
        table = hub.get(code)
        assert table is not None
        await _play_to_the_end(table)
        assert hub.evict_idle() == [code]
        await asyncio.sleep(0)  # what the loop still had to run for it
        return weakref.ref(table)

    with _no_collector():
        table = asyncio.run(game())
        assert table() is None
        assert code not in hub.evicted
    store.close()


def test_el_socket_cerrado_sale_de_la_memoria_sin_el_recolector(server):  # noqa: F811 - the fixture
    """A closed socket's connection (its last view, its page parts, Starlette's ``WebSocket`` and scope) is freed
    once the table drops it, not kept by its own closures until a full collection."""
    app, loop, port, _ = server
    code, _, token = _table(port)
    ours = {"Cookie": f"velada_seat_{code}={token}", "Origin": f"http://127.0.0.1:{port}"}

    def run(work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, loop).result(10)

    async def connection() -> weakref.ref[Connection]:
        (conn,) = app.state.hub.get(code).connections
        return weakref.ref(conn)

    async def dropped() -> None:
        table = app.state.hub.get(code)
        await table.broadcast()  # a push drops the connections that closed
        await table.flush()
        assert not table.connections

    with _no_collector():
        with connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers=ours) as ws:
            ws.recv(timeout=10)
            conn = run(connection())
            assert conn() is not None
        assert wait_until(lambda: not conn().alive, seconds=10)  # type: ignore[union-attr]
        run(dropped())
        assert conn() is None


def test_quien_manda_pings_sin_leer_no_hace_crecer_lo_que_el_servidor_guarda_para_el(server):  # noqa: F811
    """A client that sends pings and never reads: websockets answers each with a pong, and uvicorn stopped reading
    a socket only for its data messages, so the server buffered every pong (one socket, 60 MB of pings in 8 s:
    +55 MB resident). The server stops reading a socket while its writes wait for the reader."""
    _, loop, port, userver = server
    code, _, token = _table(port)
    raw, answer = _handshake(
        port,
        f"/t/{code}/ws",
        {"Host": f"127.0.0.1:{port}", "Cookie": f"velada_seat_{code}={token}", "Origin": f"http://127.0.0.1:{port}"},
    )
    assert b" 101 " in answer
    ping = bytes([0x89, 0x80 | 125]) + b"\0\0\0\0" + b"p" * 125  # masked, as a client's must be
    raw.settimeout(1.0)
    sent = 0
    with contextlib.suppress(TimeoutError):
        while sent < 32 * 2**20:
            raw.sendall(ping * 1000)
            sent += len(ping) * 1000

    async def buffered() -> int:
        sockets = [c for c in userver.server_state.connections if hasattr(c, "handshake_complete")]
        return max(c.transport.get_write_buffer_size() for c in sockets)

    held = asyncio.run_coroutine_threadsafe(buffered(), loop).result(10)
    raw.close()
    assert held < 2 * 2**20, (held, sent)


def test_el_protocolo_de_un_socket_cerrado_sale_de_la_memoria_sin_el_recolector(server):  # noqa: F811 - the fixture
    """What uvicorn keeps for a socket (its protocol, transport, parser, scope and buffers) is freed when the socket
    closes, not kept by a cycle until a full collection: a `velada load --tables 200` server held 1 859 closed
    sockets' protocols after 66 s (docs/performance.md). websockets' connection too (its parser, a generator of
    its own, held it)."""
    app, loop, port, userver = server
    code, _, token = _table(port)
    ours = {"Cookie": f"velada_seat_{code}={token}", "Origin": f"http://127.0.0.1:{port}"}

    def run(work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, loop).result(10)

    async def protocol() -> tuple[weakref.ref[Any], weakref.ref[Any]]:
        (socket,) = [c for c in userver.server_state.connections if hasattr(c, "handshake_complete")]
        return weakref.ref(socket), weakref.ref(socket.conn)

    async def dropped() -> None:
        table = app.state.hub.get(code)
        await table.broadcast()
        await table.flush()

    with _no_collector():
        with connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers=ours) as ws:
            ws.recv(timeout=10)
            held, parser = run(protocol())
            assert held() is not None
        assert wait_until(lambda: held() is None or held().transport.is_closing(), seconds=10)  # type: ignore[union-attr]
        run(dropped())
        assert wait_until(lambda: held() is None, seconds=5), gc.get_referrers(held())
        assert parser() is None, gc.get_referrers(parser())
