"""CPU of a seat's choice through the web app, as an ASGI call (no server, no sockets): the HTTP path's Python —
Starlette's layers or the fast choice (velada.web.routes.fast), the endpoint, its answer — plus the choice's write.
Each game is played twice in one process, the fast choice on and off, alternated, so the machine's load falls on
both alike; the least CPU per choice of each is printed. Usage: python scripts/choose_cost.py [ROUNDS]."""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

from velada.core.bots import RandomBot
from velada.web.app import create_app
from velada.web.security import RATES, Rate
from velada.web.store import Seat, token_hash

SEATS = 12


class Switch:
    def __init__(self, fast: Any) -> None:
        self.fast, self.on = fast, True

    async def __call__(self, app: Any, scope: Any, receive: Any, send: Any) -> bool:
        return self.on and await self.fast(app, scope, receive, send)


async def game(app: Any, on: bool) -> tuple[float, int]:
    app.choose.on = on
    store, hub = app.state.store, app.state.hub
    names = [f"p{i}" for i in range(1, SEATS + 1)]
    data = store.create_table("hombres-lobo", {}, SEATS, "online", "es", {"llamada": 0}, "anfitrion")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 1)
    table = hub.get(data.code)
    bot = RandomBot(3)
    cpu, choices = 0.0, 0
    while table.match.result is None and choices < 600:
        prompt = table.match.pending()[0]
        body = orjson.dumps({"prompt": prompt.id, "choose": bot.choose(prompt)})
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": f"/api/tables/{data.code}/choices",
            "raw_path": f"/api/tables/{data.code}/choices".encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [
                (b"host", b"127.0.0.1:8000"),
                (b"authorization", f"Bearer {prompt.player}".encode()),
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
            "client": ("127.0.0.1", 40000),
            "server": ("127.0.0.1", 8000),
        }
        sent: list[dict[str, Any]] = []

        async def receive(body: bytes = body) -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict[str, Any], sent: list[dict[str, Any]] = sent) -> None:
            sent.append(message)

        started = time.process_time()
        await app(scope, receive, send)
        cpu += time.process_time() - started
        assert sent[0]["status"] == 200, sent
        choices += 1
        await table.flush()
    return cpu, choices


async def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    tmp = Path(tempfile.mkdtemp())
    # As velada serve --no-rate-limits (velada load's server).
    rates = {kind: Rate(1e9, 1e9) for kind in RATES}
    app = create_app(f"sqlite:///{tmp / 'v.sqlite3'}", bot_delay=0, rates=rates)
    app.choose = Switch(app.choose)
    best = {True: float("inf"), False: float("inf")}
    async with app.router.lifespan_context(app):
        await game(app, True)  # warm-up
        for n in range(rounds):
            for on in (True, False) if n % 2 else (False, True):
                cpu, choices = await game(app, on)
                best[on] = min(best[on], cpu / choices * 1000)
    print(
        f"choice through the app, CPU per choice (best of {rounds}): fast {best[True]:.3f} ms, "
        f"whole stack {best[False]:.3f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
