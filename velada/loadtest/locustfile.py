"""Locust users for ``velada load``: each user is one table of people.

A user creates a table, seats every player through the JSON API, opens one websocket per seat (as each phone
does) and one for the shared screen, starts the game, and then each seat answers its own prompts after a pause
like a person's (uniform between ``VELADA_PACE_MIN`` and ``VELADA_PACE_MAX`` seconds; 0 and 0 for the
max-throughput mode), choosing at random among the legal options. When a game ends the table starts a new one.

Measured, as Locust requests:
- ``POST choose``: the choice's HTTP round trip (the server stores it before it answers).
- ``WS visible``: from sending a choice to the first message it causes on another seat's socket (choices the
  other seats may not see — a night call — cause none, and are not counted).

The generator shares the machine's cores with the server it measures, so the part repeated at every choice is
kept cheap: the requests and the sockets speak through :mod:`velada.loadtest.wire` (not websocket-client and
Locust's HTTP client), a message is decoded only when it may change the seat's prompts
(:func:`velada.loadtest.may_change_prompts`), a socket is read by a callback of gevent's event loop (no greenlet
a socket), and an answer is one greenlet started after its pause.
"""

from __future__ import annotations

import gc
import json
import os
import random
import time
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit

import gevent
import orjson
from gevent.event import Event
from locust import User, events, task
from locust.exception import StopUser

from velada.loadtest import changed_prompts, may_change_prompts
from velada.loadtest.wire import Answer, Connections, Socket, WireError

GAME = os.environ.get("VELADA_GAME", "hombres-lobo")
SEATS = int(os.environ.get("VELADA_SEATS", "12"))
PACE = (float(os.environ.get("VELADA_PACE_MIN", "0.5")), float(os.environ.get("VELADA_PACE_MAX", "2.0")))
OPTIONS = json.loads(os.environ.get("VELADA_OPTIONS", "{}"))


@events.init.add_listener
def quiet_collector(**_kwargs: object) -> None:
    """The collector as ``velada serve`` tunes it (``velada.web.app.tune_gc``): a message or a choice makes
    short-lived dicts, freed by their counts, yet the default young collection every 700 allocations, and the older
    ones walking Locust's statistics and every table's objects, took about a tenth of the generator's CPU (py-spy,
    50 tables). What is loaded by now (Locust, gevent) is frozen; cycles are still collected, less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 20, 20)


class Table:
    """One live table as its players' phones see it, speaking through :mod:`.wire`; every request is reported to
    Locust as its own (statistics, percentiles, failures)."""

    def __init__(self, user: TableUser) -> None:
        self.user = user
        self.code = ""
        self.sockets: list[Socket] = []
        self.watchers: list[Any] = []  # gevent's io watchers, one a socket
        self.sent: tuple[float, str] | None = None  # the last choice sent: when, and by whom
        self.finished = False
        self.over = Event()  # set when a socket says the game is finished
        self.answered: set[tuple[str, str]] = set()  # (seat, prompt id): each prompt is answered once

    def fire(self, kind: str, name: str, started: float, length: int = 0, error: Exception | None = None) -> None:
        self.user.environment.events.request.fire(
            request_type=kind,
            name=name,
            response_time=(time.perf_counter() - started) * 1000,
            response_length=length,
            exception=error,
            context={},
        )

    def open(self) -> None:
        if self.user.host is None:
            raise RuntimeError("a table's user needs the server's address (velada load passes --host)")
        host = self.user.host.rstrip("/")
        data = {"game": GAME, "seats": str(SEATS), "mode": "online", "lang": "es"}
        data.update({f"opt:{k}": v for k, v in OPTIONS.items()})
        form = b"application/x-www-form-urlencoded"
        created = self.post("POST /tables", "/tables", urlencode(data).encode(), f"Origin: {host}\r\n".encode(), form)
        location = created.headers("location") if created is not None else []
        if created is None or created.status != 303 or not location:
            raise StopUser()
        self.code = location[0].split("/")[2]
        jar = SimpleCookie()
        for line in created.headers("set-cookie"):
            jar.load(line)
        host_token = jar[f"velada_host_{self.code}"].value
        tokens = {}
        for i in range(SEATS):
            name = f"P{i + 1}"
            answer = self.post("POST /seats", f"/api/tables/{self.code}/seats", orjson.dumps({"name": name}))
            if answer is None:
                raise WireError(f"the table {self.code} refused a seat")
            tokens[name] = orjson.loads(answer.body)["token"]
        address = urlsplit(host)
        server = (address.hostname or "127.0.0.1", address.port or 80)
        origin = f"Origin: {host}\r\n"
        for name, token in tokens.items():
            cookie = f"Cookie: velada_seat_{self.code}={token}\r\n"
            ws = Socket(*server, f"/t/{self.code}/ws", (origin + cookie).encode())
            self.watch(ws, name, f"Authorization: Bearer {token}\r\n".encode())
        cookie = f"Cookie: velada_host_{self.code}={host_token}\r\n"
        screen = Socket(*server, f"/t/{self.code}/ws?host=1", (origin + cookie).encode())
        first = screen.feed(b"")
        while not first:  # the screen is ready: start
            read = screen.sock.recv(65536)
            if not read or screen.closed:
                raise WireError(f"the screen of {self.code} closed before its first message")
            first = screen.feed(read)
        screen.send('{"type":"start"}')
        self.watch(screen, "", b"", first[1:])

    def watch(self, ws: Socket, name: str, authorization: bytes, pending: list[bytes] | None = None) -> None:
        """Read ``ws`` from gevent's event loop itself: a callback when its bytes arrive, parsing every message in
        them, instead of a greenlet blocked in a read (two switches and a watcher started and stopped at every
        message, about ten a choice: the greenlet took ~30 µs of CPU a message, the callback ~19, measured on
        300 sockets). Nothing in it may block: it measures, decodes and schedules answers."""
        self.sockets.append(ws)
        ws.sock.setblocking(False)
        watcher = gevent.get_hub().loop.io(ws.sock.fileno(), 1)
        self.watchers.append(watcher)

        def readable() -> None:
            try:
                data = ws.sock.recv(65536)
                messages = ws.feed(data) if data else []
            except BlockingIOError:
                return
            except OSError:  # reset, or its pong could not be sent
                data, messages = b"", []
            if not data or ws.closed or self.finished:
                watcher.stop()
            for raw in messages:
                self.received(raw, name, authorization)

        for raw in pending or ():
            self.received(raw, name, authorization)
        watcher.start(readable)

    def received(self, raw: bytes, name: str, authorization: bytes) -> None:
        """One message on the socket of seat ``name`` (the screen's: ``""``)."""
        if self.finished:
            return
        sent = self.sent
        if sent is not None and sent[1] != name and name:
            self.sent = None
            self.fire("WS", "visible", sent[0])
        if not may_change_prompts(raw):
            return
        message = orjson.loads(raw)
        if message.get("type") != "state":
            return
        if message.get("status") == "finished":
            self.finished = True
            self.over.set()
            return
        for prompt in changed_prompts(message.get("delta")) or ():
            key = (name, prompt["id"])
            if name and not prompt["answered"] and key not in self.answered:
                self.answered.add(key)
                gevent.spawn_later(random.uniform(*PACE), self.answer, name, authorization, prompt)

    def answer(self, name: str, authorization: bytes, prompt: dict) -> None:
        options = [o["id"] for o in prompt["options"]]
        if prompt.get("text_max"):
            chosen = ["¿Sí o no?"]
        elif prompt["skippable"] and (not options or random.random() < 0.2):
            chosen = []
        else:
            count = random.randint(max(prompt["min"], 1), max(1, min(prompt["max"], len(options))))
            chosen = random.sample(options, min(count, len(options)))
        self.sent = (time.perf_counter(), name)
        body = orjson.dumps({"prompt": prompt["id"], "choose": chosen})
        self.post("POST choose", f"/api/tables/{self.code}/choices", body, authorization)

    def post(
        self, name: str, path: str, body: bytes, headers: bytes = b"", content_type: bytes = b"application/json"
    ) -> Answer | None:
        """POST through the user's connections, measured as the Locust request ``name``: the answer, or ``None``
        when it failed (counted as a failure)."""
        started = time.perf_counter()
        try:
            answer = self.user.connections.post(path, body, headers, content_type)
        except (OSError, WireError) as error:
            self.fire("POST", name, started, error=error)
            return None
        if answer.status >= 400:
            self.fire(
                "POST", name, started, len(answer.body), WireError(f"HTTP {answer.status}: {answer.body[:200]!r}")
            )
            return None
        self.fire("POST", name, started, len(answer.body))
        return answer

    def close(self) -> None:
        self.finished = True
        self.over.set()
        for watcher in self.watchers:
            watcher.stop()  # before its socket's descriptor is closed
        for ws in self.sockets:
            ws.close()


class TableUser(User):
    """One table of people, playing game after game until the test ends."""

    def on_start(self) -> None:
        self.table: Table | None = None
        address = urlsplit(self.host or "")
        #: The seats' choices go through these, kept across the user's games (a browser's pool).
        self.connections = Connections(address.hostname or "127.0.0.1", address.port or 80)

    @task
    def play(self) -> None:
        self.table = Table(self)
        self.table.open()
        self.table.over.wait()
        self.table.close()

    def on_stop(self) -> None:
        if self.table is not None:
            self.table.close()
        self.connections.close()
