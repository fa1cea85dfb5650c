"""Several server processes on one PostgreSQL database (``velada serve --cluster``, what ``--workers`` starts on
one machine): any process serves any table and takes choices for it, live updates cross processes, one process
runs a table's bots, and when it is killed another takes the table over and the game goes on."""

from __future__ import annotations

import contextlib
import json
import signal
import time
import urllib.parse
import urllib.request

import pytest

from velada.core.delta import patch
from velada.web.store import Store

from .helpers import wait_until
from .test_reinicio_real import _port, _serve

pytestmark = pytest.mark.slow


def _api(base: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method="POST" if body else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _owner_pid(db: str, table_id: int) -> int | None:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            name = conn.execute(
                text(
                    "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                    "WHERE l.locktype = 'advisory' AND l.classid = 17 AND l.objid = :id AND l.granted"
                ),
                {"id": table_id},
            ).scalar()
    finally:
        engine.dispose()
    return int(name.split("-")[1]) if name else None


def test_dos_procesos_juegan_la_misma_mesa_y_uno_sigue_si_el_otro_muere(postgres_cluster, tmp_path):
    from websockets.sync.client import connect

    from .postgres import empty

    db = empty(postgres_cluster)
    ports = [_port(), _port()]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    log = open(tmp_path / "servers.log", "wb")  # noqa: SIM115 - kept open for both servers
    servers = [_serve(db, port, 0.3, log, "--cluster", "--no-rate-limits") for port in ports]
    stack = contextlib.ExitStack()
    try:
        form = urllib.parse.urlencode({"game": "hombres-lobo", "seats": "6", "mode": "online", "bots": "1"})
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        request = urllib.request.Request(f"{bases[0]}/tables", data=form.encode(), headers={"Origin": bases[0]})
        with opener.open(request) as response:
            code = response.url.rstrip("/").split("/")[-2]
        host_cookie = next(c for c in opener.handlers if hasattr(c, "cookiejar")).cookiejar
        cookies = "; ".join(f"{c.name}={c.value}" for c in host_cookie)
        # Ana sits down through the second process; the first one starts the game.
        status, seat = _api(bases[1], f"/api/tables/{code}/seats", {"name": "Ana"})
        assert status == 200, seat
        with connect(f"ws://127.0.0.1:{ports[0]}/t/{code}/ws?host=1", additional_headers={"Cookie": cookies}) as ws:
            ws.recv()
            ws.send('{"type": "start"}')
            ws.recv()
        # The shared screen on the second process sees the game move (bots run by whichever process owns it).
        screen = stack.enter_context(
            connect(f"ws://127.0.0.1:{ports[1]}/t/{code}/ws?host=1", additional_headers={"Origin": bases[1]})
        )
        shown: dict = {"view": None}

        def screen_view(seconds: float) -> dict | None:
            """The screen's view after the next state message that carries one (talk passed over), rebuilt
            from its deltas; this process may show the lobby until it catches up with the start."""
            end = time.time() + seconds
            while time.time() < end:
                message = json.loads(screen.recv(timeout=max(0.1, end - time.time())))
                if message["type"] == "state" and message["delta"] is not None:
                    shown["view"] = patch(shown["view"], message["delta"])
                    return shown["view"]
            return None

        store = Store(db)
        table_id = store.load(code).id

        def answer_for_ana(base: str) -> None:
            status, body = _api(base, f"/api/tables/{code}/view", token=seat["token"])
            if status != 200:
                return
            for prompt in body["view"]["prompts"]:
                if not prompt["answered"]:
                    choose = [] if prompt["skippable"] else [o["id"] for o in prompt["options"][: prompt["min"]]]
                    _api(base, f"/api/tables/{code}/choices", {"prompt": prompt["id"], "choose": choose}, seat["token"])

        def choices() -> int:
            return len(store.choices(store.load(code)))

        # Ana answers through each process in turn: every choice is checked against the game as it stands.
        deadline = time.time() + 30
        while choices() < 8 and time.time() < deadline:
            answer_for_ana(bases[len(store.choices(store.load(code))) % 2])
            time.sleep(0.1)
        assert choices() >= 8
        seen = screen_view(10)
        assert seen is not None and seen["game"] == "hombres-lobo"

        # Kill the process that runs the table: the other takes it over and the game goes on to its end.
        owner = _owner_pid(db, table_id)
        assert owner in (servers[0].pid, servers[1].pid)
        dead = 0 if owner == servers[0].pid else 1
        servers[dead].send_signal(signal.SIGKILL)
        servers[dead].wait(timeout=10)
        alive = bases[1 - dead]
        before = choices()

        def finished() -> bool:
            answer_for_ana(alive)
            return store.load(code).status == "finished"

        assert wait_until(finished, 90)
        assert choices() > before
        assert _owner_pid(db, table_id) == servers[1 - dead].pid
        store.close()
    finally:
        stack.close()
        for server in servers:
            server.kill()
            server.wait(timeout=10)
        log.close()
    text = (tmp_path / "servers.log").read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
