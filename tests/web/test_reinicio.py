"""A restart resumes everything, not only the choices: bots play on by themselves, timers run on with the time
they had left, a lobby keeps its seats, and a write the database refused leaves nothing behind in memory.
Each test runs on SQLite and on PostgreSQL (a throwaway cluster, see conftest.py)."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from velada.web.app import create_app
from velada.web.store import Store

from .helpers import new_table, receive, wait_until

LAZY_BOTS = 10_000.0  # bots that never get to act before the "kill"


def _host_command(client, code, message):
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json(message)
        receive(screen)


def _stored(db, code):
    store = Store(db)
    try:
        data = store.load(code)
        return data, store.choices(data)
    finally:
        store.close()


def test_tras_un_reinicio_los_bots_siguen_jugando_solos(any_db):
    """A night whose only open prompts are bots' (here: every seat is a bot) goes on after a restart without
    anybody opening a page."""
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=3)) as client:
        code, _ = new_table(client, seats=8, bots=True)
        _host_command(client, code, {"type": "start"})
        table = client.app.state.hub.get(code)
        assert table.match.pending() and all(p.player in table.bots for p in table.match.pending())
        before = len(table.match.choices)
    with TestClient(create_app(any_db, bot_delay=0.001, seed=3)):
        # Nobody asks for the table: the restarted server resumes it by itself.
        assert wait_until(lambda: _stored(any_db, code)[0].status == "finished")
    _, choices = _stored(any_db, code)
    assert len(choices) > before


def test_tras_un_reinicio_el_temporizador_sigue_con_el_tiempo_que_le_quedaba(any_db):
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=5)) as client:
        code, _ = new_table(
            client, seats=5, options={"especiales": "vidente,bruja", "alguacil": "no"}, timers={"noche": 3}
        )
        tokens = {
            name: client.post(f"/api/tables/{code}/seats", json={"name": name}).json()["token"]
            for name in ("Ana", "Bea", "Carlos", "Diana", "Elena")
        }
        _host_command(client, code, {"type": "start"})
        table = client.app.state.hub.get(code)
        deadline = table.deadline
        assert deadline is not None
        # Stored in the background, in order with the choices.
        assert wait_until(lambda: _stored(any_db, code)[0].deadline == pytest.approx(deadline), seconds=5)
        opened = [(p.player, p.id) for p in table.match.pending()]
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=5)) as client:
        table = client.app.state.hub.tables[code]  # resumed at start-up
        # The same deadline, not a fresh one: the time left, not the whole time again.
        assert table.deadline == pytest.approx(deadline)
        assert wait_until(lambda: len(table.match.choices) > 0, seconds=10)
        assert time.time() >= deadline - 0.05
        skipped = {(player, prompt) for player, prompt, chosen in table.match.choices if chosen == ()}
        assert set(opened) <= skipped
    assert tokens


def test_un_temporizador_que_vencio_con_el_servidor_parado_salta_al_arrancar(any_db):
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=5)) as client:
        code, _ = new_table(
            client, seats=5, options={"especiales": "vidente,bruja", "alguacil": "no"}, timers={"noche": 1}
        )
        for name in ("Ana", "Bea", "Carlos", "Diana", "Elena"):
            client.post(f"/api/tables/{code}/seats", json={"name": name})
        _host_command(client, code, {"type": "start"})
        deadline = client.app.state.hub.get(code).deadline
    time.sleep(max(0.0, deadline - time.time()) + 0.3)  # the server is down when time runs out
    started = time.time()
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=5)) as client:
        table = client.app.state.hub.tables[code]
        assert wait_until(lambda: len(table.match.choices) > 0, seconds=5)
        assert time.time() - started < 3


def test_tras_un_reinicio_la_sala_de_espera_conserva_sus_asientos(any_db):
    with TestClient(create_app(any_db, bot_delay=0, seed=9)) as client:
        code, host = new_table(client, seats=5)
        for name in ("Ana", "Bea"):
            assert client.post(f"/api/tables/{code}/seats", json={"name": name}).status_code == 200
    with TestClient(create_app(any_db, bot_delay=0, seed=9)) as client:
        client.cookies.set(f"velada_host_{code}", host)
        table = client.app.state.hub.get(code)
        assert [s.name for s in table.data.seats if s.name] == ["Ana", "Bea"]
        refused = client.post(f"/api/tables/{code}/seats", json={"name": "Ana"})
        assert refused.status_code == 409
        assert client.post(f"/api/tables/{code}/seats", json={"name": "Carlos"}).status_code == 200
        _host_command(client, code, {"type": "bots"})
        _host_command(client, code, {"type": "start"})
        assert table.status == "playing"
        assert table.match.players[:3] == ("Ana", "Bea", "Carlos") and len(table.bots) == 2


class Refused(Exception):
    """What a database says when it will not take a write (PostgreSQL refusing a NUL byte, a full disk…)."""


def _refuse(store, method, monkeypatch):
    def refuse(*args, **kwargs):
        raise Refused(method)

    monkeypatch.setattr(store, method, refuse)


def test_una_escritura_fallida_no_deja_asiento_fantasma(any_db, monkeypatch):
    with TestClient(create_app(any_db, bot_delay=0, seed=9), raise_server_exceptions=False) as client:
        code, _ = new_table(client, seats=5)
        table = client.app.state.hub.get(code)
        _refuse(table.store, "save_seats", monkeypatch)
        response = client.post(f"/api/tables/{code}/seats", json={"name": "Ana"})
        assert response.status_code >= 400
        assert not any(s.taken for s in table.data.seats)
        monkeypatch.undo()
        assert client.post(f"/api/tables/{code}/seats", json={"name": "Ana"}).status_code == 200
    with TestClient(create_app(any_db, bot_delay=0, seed=9)) as client:
        assert [s.name for s in client.app.state.hub.get(code).data.seats if s.name] == ["Ana"]


def test_una_escritura_fallida_no_empieza_la_partida_ni_cuenta_la_eleccion(any_db, monkeypatch):
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=11), raise_server_exceptions=False) as client:
        code, _ = new_table(client, seats=5, options={"especiales": "vidente,bruja", "alguacil": "no"})
        tokens = {
            name: client.post(f"/api/tables/{code}/seats", json={"name": name}).json()["token"]
            for name in ("Ana", "Bea", "Carlos", "Diana", "Elena")
        }
        table = client.app.state.hub.get(code)
        _refuse(table.store, "start", monkeypatch)
        with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
            receive(screen)
            screen.send_json({"type": "start"})
            screen.send_json({"type": "ping"})
            while receive(screen)["type"] != "pong":
                pass
        assert table.status == "lobby" and table.match is None
        monkeypatch.undo()
        _host_command(client, code, {"type": "start"})
        assert table.status == "playing"

        prompt = table.match.pending()[0]
        auth = {"Authorization": f"Bearer {tokens[prompt.player]}"}
        state_before = repr(table.match.state)
        _refuse(table.store, "add_choice", monkeypatch)
        answer = {"prompt": prompt.id, "choose": list(prompt.options[: prompt.min])}
        response = client.post(f"/api/tables/{code}/choices", json=answer, headers=auth)
        assert response.status_code >= 400 and response.headers["content-type"].startswith("application/json")
        assert table.match.choices == [] and repr(table.match.state) == state_before
        monkeypatch.undo()
        assert client.post(f"/api/tables/{code}/choices", json=answer, headers=auth).status_code == 200
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=11)) as client:
        assert len(client.app.state.hub.get(code).match.choices) == 1


def test_una_escritura_fallida_no_da_el_asiento_a_un_bot(any_db, monkeypatch):
    with TestClient(create_app(any_db, bot_delay=LAZY_BOTS, seed=11), raise_server_exceptions=False) as client:
        code, _ = new_table(client, seats=5, options={"especiales": "vidente,bruja", "alguacil": "no"})
        for name in ("Ana", "Bea", "Carlos", "Diana", "Elena"):
            client.post(f"/api/tables/{code}/seats", json={"name": name})
        _host_command(client, code, {"type": "start"})
        table = client.app.state.hub.get(code)
        _refuse(table.store, "save_seats", monkeypatch)
        with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
            receive(screen)
            screen.send_json({"type": "bot-seat", "seat": 0})
            screen.send_json({"type": "ping"})
            while receive(screen)["type"] != "pong":
                pass
        assert table.data.seats[0].bot is None and table.data.seats[0].token is not None
        assert "Ana" not in table.bots
