"""``kill -9`` of a real ``velada serve`` in the middle of a game of bots, then a restart on the same database:
the game goes on by itself to the end, with every choice made before the kill kept (SQLite and PostgreSQL)."""

from __future__ import annotations

import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest

from velada.web.store import Store

from .helpers import wait_until

pytestmark = pytest.mark.slow


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(db: str, port: int, bot_delay: float, log, *extra: str) -> subprocess.Popen:
    """A real ``velada serve`` on 127.0.0.1:``port``, once it accepts connections."""
    command = [sys.executable, "-m", "velada", "serve", "--port", str(port), "--db", db, "--bot-delay", str(bot_delay)]
    command += extra
    env = os.environ | {"PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def _stored(db: str, code: str):
    store = Store(db)
    try:
        data = store.load(code)
        return data.status, len(store.choices(data))
    finally:
        store.close()


def test_kill_9_a_mitad_de_una_noche_de_bots_y_la_partida_sigue_sola(any_db, tmp_path):
    from websockets.sync.client import connect

    port = _port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - kept open for both server runs
    server = _serve(any_db, port, 0.3, log)
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        form = urllib.parse.urlencode({"game": "hombres-lobo", "seats": "8", "mode": "presencial", "bots": "1"})
        request = urllib.request.Request(f"{base}/tables", data=form.encode(), headers={"Origin": base})
        with opener.open(request) as response:
            code = response.url.rstrip("/").split("/")[-2]
        cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
        with connect(f"ws://127.0.0.1:{port}/t/{code}/ws?host=1", additional_headers={"Cookie": cookies}) as ws:
            ws.recv()
            ws.send('{"type": "start"}')
            ws.recv()
        assert wait_until(lambda: _stored(any_db, code)[1] >= 3, 30)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        status, before = _stored(any_db, code)
        assert status == "playing"

        # Nobody opens a page after the restart: the server resumes the table by itself.
        server = _serve(any_db, port, 0.01, log)
        assert wait_until(lambda: _stored(any_db, code)[0] == "finished", 60)
        assert _stored(any_db, code)[1] > before
    finally:
        server.kill()
        server.wait(timeout=10)
        log.close()
    assert "Traceback" not in (tmp_path / "server.log").read_text(errors="replace")


def test_el_limite_por_direccion_entiende_ipv4_e_ipv6():
    from velada.web.security import client_key

    assert client_key("127.0.0.1") == "127.0.0.1"
    assert client_key("::ffff:10.0.0.7") == "10.0.0.7"
    assert client_key("2001:db8::1") == client_key("2001:db8::2") == "2001:db8::/64"
