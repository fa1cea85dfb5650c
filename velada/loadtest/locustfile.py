"""Locust users for ``velada load``: each user is one table of people.

A user creates a table, seats every player through the JSON API, opens one websocket per seat (as each phone
does) and one for the shared screen, starts the game, and then each seat answers its own prompts after a pause
like a person's (uniform between ``VELADA_PACE_MIN`` and ``VELADA_PACE_MAX`` seconds; 0 and 0 for the
max-throughput mode), choosing at random among the legal options. When a game ends the table starts a new one.

Measured, as Locust requests:
- ``POST choose``: the choice's HTTP round trip (the server stores it before it answers).
- ``WS visible``: from sending a choice to the first message it causes on another seat's socket (choices the
  other seats may not see — a night call — cause none, and are not counted).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from urllib.parse import urlencode, urlsplit

import gevent
import orjson
import websocket
from locust import task
from locust.contrib.fasthttp import FastHttpUser
from locust.exception import StopUser

from velada.loadtest import changed_prompts

GAME = os.environ.get("VELADA_GAME", "hombres-lobo")
SEATS = int(os.environ.get("VELADA_SEATS", "12"))
PACE = (float(os.environ.get("VELADA_PACE_MIN", "0.5")), float(os.environ.get("VELADA_PACE_MAX", "2.0")))
OPTIONS = json.loads(os.environ.get("VELADA_OPTIONS", "{}"))


class Table:
    """One live table as its players' phones see it."""

    def __init__(self, user: TableUser) -> None:
        self.user = user
        self.code = ""
        self.sockets: list[websocket.WebSocket] = []
        self.sent: tuple[float, str] | None = None  # the last choice sent: when, and by whom
        self.finished = False
        self.answered: set[tuple[str, str]] = set()  # (seat, prompt id): each prompt is answered once

    def fire(self, kind: str, name: str, started: float, error: Exception | None = None) -> None:
        self.user.environment.events.request.fire(
            request_type=kind,
            name=name,
            response_time=(time.perf_counter() - started) * 1000,
            response_length=0,
            exception=error,
            context={},
        )

    def open(self) -> None:
        if self.user.host is None:
            raise RuntimeError("a table's user needs the server's address (velada load passes --host)")
        client, host = self.user.client, self.user.host.rstrip("/")
        data = {"game": GAME, "seats": str(SEATS), "mode": "online", "lang": "es"}
        data.update({f"opt:{k}": v for k, v in OPTIONS.items()})
        client.cookiejar.clear()
        form = {"Origin": host, "Content-Type": "application/x-www-form-urlencoded"}
        body = urlencode(data)
        response = client.post("/tables", data=body, headers=form, allow_redirects=False, name="POST /tables")
        location = response.headers.get("location") if response.headers is not None else None
        if response.status_code != 303 or not isinstance(location, str):
            raise StopUser()
        self.code = location.split("/")[2]
        host_token = next(c.value for c in client.cookiejar if c.name == f"velada_host_{self.code}")
        host_cookie = f"velada_host_{self.code}={host_token}"
        tokens = {}
        for i in range(SEATS):
            name = f"P{i + 1}"
            answer = client.post(f"/api/tables/{self.code}/seats", json={"name": name}, name="POST /seats")
            tokens[name] = answer.json()["token"]
        netloc = urlsplit(host).netloc
        # websocket-client checks a text frame's UTF-8 byte by byte in Python (without wsaccel): most of the
        # generator's CPU, for a check orjson.loads makes anyway.
        for name, token in tokens.items():
            ws = websocket.create_connection(
                f"ws://{netloc}/t/{self.code}/ws",
                cookie=f"velada_seat_{self.code}={token}",
                origin=host,
                skip_utf8_validation=True,
            )
            self.sockets.append(ws)
            gevent.spawn(self.listen, ws, name, token)
        screen = websocket.create_connection(
            f"ws://{netloc}/t/{self.code}/ws?host=1", cookie=host_cookie, origin=host, skip_utf8_validation=True
        )
        self.sockets.append(screen)
        screen.recv()
        screen.send(json.dumps({"type": "start"}))
        gevent.spawn(self.listen, screen, "", "")

    def listen(self, ws: websocket.WebSocket, name: str, token: str) -> None:
        while not self.finished:
            try:
                raw = ws.recv()
            except Exception:
                return
            if not raw:
                return
            sent = self.sent
            if sent is not None and sent[1] != name and name:
                self.sent = None
                self.fire("WS", "visible", sent[0])
            message = orjson.loads(raw)
            if message.get("type") != "state":
                continue
            if message.get("status") == "finished":
                self.finished = True
                return
            for prompt in changed_prompts(message.get("delta")) or ():
                key = (name, prompt["id"])
                if name and not prompt["answered"] and key not in self.answered:
                    self.answered.add(key)
                    gevent.spawn(self.answer, name, token, prompt)

    def answer(self, name: str, token: str, prompt: dict) -> None:
        gevent.sleep(random.uniform(*PACE))
        options = [o["id"] for o in prompt["options"]]
        if prompt.get("text_max"):
            chosen = ["¿Sí o no?"]
        elif prompt["skippable"] and (not options or random.random() < 0.2):
            chosen = []
        else:
            count = random.randint(max(prompt["min"], 1), max(1, min(prompt["max"], len(options))))
            chosen = random.sample(options, min(count, len(options)))
        started = time.perf_counter()
        self.sent = (started, name)
        self.user.client.post(
            f"/api/tables/{self.code}/choices",
            json={"prompt": prompt["id"], "choose": chosen},
            headers={"Authorization": f"Bearer {token}"},
            name="POST choose",
        )

    def close(self) -> None:
        self.finished = True
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                ws.close()


class TableUser(FastHttpUser):
    """One table of people, playing game after game until the test ends."""

    def on_start(self) -> None:
        self.table: Table | None = None

    @task
    def play(self) -> None:
        self.table = Table(self)
        self.table.open()
        while not self.table.finished:
            gevent.sleep(0.2)
        self.table.close()

    def on_stop(self) -> None:
        if self.table is not None:
            self.table.close()
