"""Memory of a serving process per open websocket: ``velada serve`` on 127.0.0.1 (its own SQLite file), N
hombres-lobo tables of 12 seats made through the HTTP API, then a socket on every seat and a shared screen on each
(13 a table) opened like a browser's (asking for permessage-deflate, as browsers do, unless ``--plain``), each
game started unless ``--lobby``. Prints the server's resident memory with the tables alone and with their sockets.
Needs the load extra (requests, psutil) and websockets. Usage: python scripts/socket_memory.py [N] [--plain]
[--lobby]

To compare two trees (``git archive <commit> velada | tar -x -C /tmp/t``), run it with ``PYTHONPATH=/tmp/t`` from a
directory that holds no ``velada`` package (``cd /tmp``): the server is started with ``python -m velada``, which puts
the working directory ahead of ``PYTHONPATH`` on its path, so run from the repository it measures the working tree
whatever ``PYTHONPATH`` says (the same holds for ``velada load``)."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import requests
from websockets.asyncio.client import connect


def main(count: int, deflate: bool, start: bool) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    host = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{Path(tempfile.mkdtemp()) / 'v.sqlite3'}"
    command = [sys.executable, "-m", "velada", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db]
    server = subprocess.Popen([*command, "--no-rate-limits"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(150):
            try:
                requests.get(host + "/", timeout=1)
                break
            except requests.ConnectionError:
                time.sleep(0.2)
        tables = []
        for _ in range(count):
            browser = requests.Session()
            browser.headers["Origin"] = host
            form = {"game": "hombres-lobo", "seats": "12", "mode": "online", "lang": "es"}
            code = browser.post(host + "/tables", data=form, allow_redirects=False).headers["location"].split("/")[2]
            seat = f"{host}/api/tables/{code}/seats"
            tokens = [browser.post(seat, json={"name": f"P{i}"}).json()["token"] for i in range(12)]
            tables.append((code, browser.cookies.get(f"velada_host_{code}"), tokens))
        process = psutil.Process(server.pid)
        alone = process.memory_info().rss / 2**20
        opened = asyncio.run(_sockets(port, tables, deflate, start, process))
        print(
            f"{count} tables: {alone:.0f} MB resident; with their {opened[0]} sockets "
            f"({'permessage-deflate asked' if deflate else 'plain'}{', games started' if start else ''}): "
            f"{opened[1]:.0f} MB, {(opened[1] - alone) * 1024 / opened[0]:.1f} KB a socket"
        )
    finally:
        server.terminate()
        server.wait()


async def _sockets(port: int, tables: list, deflate: bool, start: bool, process: psutil.Process) -> tuple[int, float]:
    base, origin = f"ws://127.0.0.1:{port}/t", f"http://127.0.0.1:{port}"
    compression = "deflate" if deflate else None
    opened = []
    for code, host_token, tokens in tables:
        for token in tokens:
            cookie = {"Cookie": f"velada_seat_{code}={token}", "Origin": origin}
            opened.append(await connect(f"{base}/{code}/ws", compression=compression, additional_headers=cookie))
            await opened[-1].recv()
        cookie = {"Cookie": f"velada_host_{code}={host_token}", "Origin": origin}
        screen = await connect(f"{base}/{code}/ws?host=1", compression=compression, additional_headers=cookie)
        opened.append(screen)
        await screen.recv()
        if start:
            await screen.send('{"type": "start"}')
    await asyncio.sleep(8)  # the first pushes of every game
    rss = process.memory_info().rss / 2**20
    for ws in opened:
        await ws.close()
    return len(opened), rss


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(numbers[0]) if numbers else 200, "--plain" not in sys.argv, "--lobby" not in sys.argv)
