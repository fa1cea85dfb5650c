"""CPU per choice of a live table with every seat's phone and a shared screen connected: the choice, its write,
and the push to every socket (each message JSON-encoded, as the websocket sends it). Load-independent: CPU time
of this process, not wall time. Usage: python scripts/push_cost.py [GAME] [SEATS] [--repeat N] [--profile [--sort
tottime]] [--digest]. ``--repeat N`` plays the measured game N times and prints the least CPU per choice of them
(one game is ~100 choices: on a shared machine a single one spreads by ±20%)."""

from __future__ import annotations

import asyncio
import cProfile
import hashlib
import pstats
import sys
import tempfile
import time
from pathlib import Path

import orjson

from velada.core.bots import RandomBot
from velada.web.live import PUBLIC, Config, Connection, LiveTable
from velada.web.render import forget_shared
from velada.web.store import Seat, Store, token_hash


def main() -> None:
    argv = sys.argv[1:]
    repeat = 1
    if "--repeat" in argv:
        at = argv.index("--repeat")
        repeat = int(argv[at + 1])
        del argv[at : at + 2]
    args = [a for a in argv if not a.startswith("--")]
    game = args[0] if args else "hombres-lobo"
    seats = int(args[1]) if len(args) > 1 else 12
    tmp = Path(tempfile.mkdtemp())
    store = Store(f"sqlite:///{tmp / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, seats + 1)]
    total = {"bytes": 0, "messages": 0}
    # --digest: every message of the measured games, in order, its clocks' times and the table's code left out
    # (the wall clock's, and drawn at random): two trees that send the same messages print the same digest. Off by
    # default: it costs CPU.
    digest = "--digest" in argv
    wire = hashlib.sha256()

    async def run() -> tuple[float, int]:
        data = store.create_table(game, {}, seats, "online", "es", {"llamada": 0}, "anfitrion")
        store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 1)
        table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
        table.resume()

        def sent(viewer, message) -> None:
            # As velada.web.routes.socket encodes it.
            dumped = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)
            total["bytes"] += len(dumped)
            total["messages"] += 1
            if digest:
                sent_digest(viewer, message)

        def sent_digest(viewer, message) -> None:
            timeless = orjson.dumps(_timeless(message), option=orjson.OPT_NON_STR_KEYS)
            timeless = timeless.replace(data.code.encode(), b"<code>")  # a new random code every game
            wire.update(f"{viewer}:{len(timeless)}:".encode() + timeless)

        for viewer in [*names, PUBLIC]:

            async def send(message, viewer=viewer):
                sent(viewer, message)

            def send_now(message, viewer=viewer) -> bool:
                # A push writes at once to a socket that can take it (velada.web.uvicorn_ws.LightSocket.send_now).
                sent(viewer, message)
                return True

            def send_bytes_now(encoded: bytes, viewer=viewer) -> bool:
                # A message a push encoded once for several sockets (velada.web.live.LiveTable._quick).
                total["bytes"] += len(encoded)
                total["messages"] += 1
                if digest:
                    sent_digest(viewer, orjson.loads(encoded))
                return True

            conn = Connection(send, viewer, viewer == PUBLIC, "es")
            conn.send_now = send_now
            conn.send_bytes_now = send_bytes_now
            await table.attach(conn)
        bot = RandomBot(3)
        choices = 0
        started = time.process_time()
        while choices < 600:
            if table.match.result is not None:
                break
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
            choices += 1
        return time.process_time() - started, choices

    asyncio.run(run())  # once to warm up: templates compiled, modules imported
    # ... but no page part kept from it: the game measured is the same game, and its parts would all be found.
    forget_shared()
    total.update(bytes=0, messages=0)
    wire = hashlib.sha256()
    profile = "--profile" in sys.argv
    if profile:
        prof = cProfile.Profile()
        prof.enable()
    cpu, choices = asyncio.run(run())
    for _ in range(repeat - 1):
        forget_shared()
        cpu = min(cpu, asyncio.run(run())[0])
    if profile:
        prof.disable()
        order = sys.argv[sys.argv.index("--sort") + 1].split(",") if "--sort" in sys.argv else ["cumulative"]
        pstats.Stats(prof).sort_stats(*order).print_stats(35)
    print(
        f"{game}, {seats} seats + a shared screen: {choices} choices, {cpu / choices * 1000:.2f} ms CPU per choice, "
        f"{total['messages'] / repeat / choices:.1f} messages and {total['bytes'] / repeat / choices / 1024:.2f} KiB "
        "per choice" + (f"; messages' digest {wire.hexdigest()[:16]}" if digest else "")
    )


def _timeless(value):
    """``value`` with its floats (the clocks' times, as the wall clock read them) replaced by a mark."""
    if isinstance(value, float):
        return "<time>"
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_timeless(v) for v in value]
    return value


if __name__ == "__main__":
    main()
