"""Memory of many live tables in one process, without the network: N hombres-lobo tables of 12 seats, a phone on
every seat and a shared screen on each (13 connections), 60 choices played on each, every change pushed (each
message JSON-encoded). Prints the process's resident memory. Usage: python scripts/memory_cost.py [N]"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import tempfile
from pathlib import Path

from velada.core.bots import RandomBot
from velada.web.live import PUBLIC, Config, Connection, LiveTable
from velada.web.store import Seat, Store, token_hash


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


async def play(count: int) -> None:
    store = Store(f"sqlite:///{Path(tempfile.mkdtemp()) / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, 13)]

    async def send(message: dict) -> None:
        json.dumps(message)

    tables = []
    for k in range(count):
        data = store.create_table("hombres-lobo", {}, 12, "online", "es", {"llamada": 0}, "anfitrion")
        store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], k)
        table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
        table.resume()
        for viewer in [*names, PUBLIC]:
            await table.attach(Connection(send, viewer, viewer == PUBLIC, "es"))
        tables.append(table)
    bot = RandomBot(3)
    for _ in range(60):
        for table in tables:
            if table.match.result is None:
                prompt = table.match.pending()[0]
                await table.choose(prompt.player, prompt.id, bot.choose(prompt))
        for table in tables:
            await table.flush()
    gc.collect()
    print(f"{count} tables × 13 connections, 60 choices each: {rss_mb():.0f} MB resident")


if __name__ == "__main__":
    print(f"at start: {rss_mb():.0f} MB resident")
    asyncio.run(play(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
