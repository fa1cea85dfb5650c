"""Talk survives ``kill -9`` of a real ``velada serve``: what was said before the kill is given again, to its
readers only, when their phones reconnect to the restarted server (SQLite and PostgreSQL)."""

from __future__ import annotations

import http.cookiejar
import json
import signal
import urllib.parse
import urllib.request

import pytest

from .test_reinicio_real import _port, _serve

pytestmark = pytest.mark.slow

NAMES = ("Ana", "Bea", "Carlos", "Dani", "Eva")


def _api(base: str, path: str, token: str | None = None, body: dict | None = None):
    headers = {"Content-Type": "application/json", "Origin": base}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def test_la_charla_sobrevive_a_un_kill_9(any_db, tmp_path):
    from websockets.sync.client import connect

    port = _port()
    base = f"http://127.0.0.1:{port}"
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - kept open for both server runs
    server = _serve(any_db, port, 0.3, log)
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        form = {"game": "hombres-lobo", "seats": "5", "mode": "online", "opt:especiales": "vidente", "opt:lobos": "2"}
        form["opt:alguacil"] = "no"
        request = urllib.request.Request(
            f"{base}/tables", data=urllib.parse.urlencode(form).encode(), headers={"Origin": base}
        )
        with opener.open(request) as response:
            code = response.url.rstrip("/").split("/")[-2]
        host = "; ".join(f"{c.name}={c.value}" for c in jar)
        tokens = {name: _api(base, f"/api/tables/{code}/seats", body={"name": name})["token"] for name in NAMES}
        with connect(f"ws://127.0.0.1:{port}/t/{code}/ws?host=1", additional_headers={"Cookie": host}) as ws:
            ws.recv()
            ws.send('{"type": "start"}')
            while not ((m := json.loads(ws.recv()))["type"] == "state" and m["status"] == "playing"):
                pass
        channels = {n: {c["id"] for c in _api(base, f"/api/tables/{code}/talk", tokens[n])["channels"]} for n in NAMES}
        wolves = [n for n in NAMES if "lobos" in channels[n]]
        villagers = [n for n in NAMES if n not in wolves]
        assert len(wolves) == 2
        said = _api(base, f"/api/tables/{code}/talk", tokens[wolves[0]], {"channel": "lobos", "text": "¿A por Ana?"})
        assert said["ok"]
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)

        server = _serve(any_db, port, 0.3, log)
        cookie = f"velada_seat_{code}={tokens[wolves[1]]}"
        with connect(f"ws://127.0.0.1:{port}/t/{code}/ws", additional_headers={"Cookie": cookie}) as ws:
            assert json.loads(ws.recv())["type"] == "state"
            history = json.loads(ws.recv())
        assert history["type"] == "talk" and history["reset"]
        assert [(m["channel"], m["player"], m["text"]) for m in history["messages"]] == [
            ("lobos", wolves[0], "¿A por Ana?")
        ]
        for villager in villagers:
            assert _api(base, f"/api/tables/{code}/talk", tokens[villager])["messages"] == []
    finally:
        server.kill()
        server.wait(timeout=10)
        log.close()
    assert "Traceback" not in (tmp_path / "server.log").read_text(errors="replace")
