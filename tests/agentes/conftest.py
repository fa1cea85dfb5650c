"""A real ``velada serve`` process for the agents' tests (the client, the MCP server, the LLM player): what they
speak to is the app as people run it, over HTTP and websockets on 127.0.0.1."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(process: subprocess.Popen, port: int, seconds: float = 30) -> None:
    """Wait until ``process`` accepts connections on ``port`` (it failed if it exited first)."""
    deadline = time.time() + seconds
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if time.time() > deadline or process.poll() is not None:
                raise RuntimeError(f"{process.args} did not start") from None
            time.sleep(0.1)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a server whose bots answer at once; its log is checked for tracebacks at the end."""
    folder = tmp_path_factory.mktemp("servidor")
    port = free_port()
    db = f"sqlite:///{folder / 'velada.sqlite3'}"
    command = [sys.executable, "-m", "velada", "serve", "--port", str(port), "--db", db, "--bot-delay", "0.01"]
    log = open(folder / "server.log", "wb")  # noqa: SIM115 - open while the server runs
    process = subprocess.Popen(
        command, stdout=log, stderr=subprocess.STDOUT, env=os.environ | {"PYTHONUNBUFFERED": "1"}
    )
    try:
        listening(process, port)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
    assert "Traceback" not in (folder / "server.log").read_text(errors="replace")
