"""Talk at a live table (velada/web/talk.py): the JSON API, the websocket stream, the host's controls, the limits,
and what survives a restart. Rules of who reads what: tests/test_charla.py; on the wire: test_charla_por_el_cable.py."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from velada.core.talk import MAX_TALK
from velada.web.app import create_app

from .helpers import with_view


def receive(socket):
    """The next message of a socket, talk included (with its view rebuilt, for a state)."""
    return with_view(socket, socket.receive_json())


NAMES = ("Ana", "Bea", "Carlos", "Dani", "Eva")
OPTIONS = {"opt:especiales": "vidente,bruja", "opt:alguacil": "no", "opt:lobos": "2"}


def online_table(client, mode="online", seats=5):
    data = {"game": "hombres-lobo", "seats": str(seats), "mode": mode, "lang": "es", **OPTIONS}
    response = client.post("/tables", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    code = response.headers["location"].split("/")[2]
    host = client.cookies.get(f"velada_host_{code}")
    tokens = {}
    for name in NAMES[:seats]:
        tokens[name] = client.post(f"/api/tables/{code}/seats", json={"name": name}).json()["token"]
    return code, host, tokens


def host_says(client, code, host, *messages):
    client.cookies.clear()
    client.cookies.set(f"velada_host_{code}", host)
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        receive(screen)  # the talk history
        for message in messages:
            screen.send_json(message)
        screen.send_json({"type": "ping"})
        while (reply := receive(screen))["type"] != "pong":
            assert reply["type"] != "error", reply
    client.cookies.clear()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def talk(client, code, token, channel, text):
    return client.post(f"/api/tables/{code}/talk", headers=bearer(token), json={"channel": channel, "text": text})


def heard(client, code, token, **params):
    response = client.get(f"/api/tables/{code}/talk", headers=bearer(token), params=params)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture
def app(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'velada.sqlite3'}", bot_delay=0, seed=11)
    app.state.hub.config.talk_rate = (1000.0, 1000.0)
    return app


def started(client, mode="online"):
    code, host, tokens = online_table(client, mode)
    host_says(client, code, host, {"type": "start"})
    table = client.app.state.hub.get(code)
    state = table.match.state
    wolves = [p for i, p in enumerate(state.players) if state.powers[i] == "wolf"]
    others = [p for p in state.players if p not in wolves]
    return code, host, tokens, table, wolves, others


def test_la_api_de_charla_entrega_a_los_lobos_y_a_nadie_mas(app):
    with TestClient(app) as client:
        code, _, tokens, _table, wolves, others = started(client)
        response = talk(client, code, tokens[wolves[0]], "lobos", "  ¿A por   quién? ")
        assert response.status_code == 200, response.text
        assert response.json()["message"] == {
            "seq": 1,
            "channel": "lobos",
            "player": wolves[0],
            "text": "¿A por quién?",
            "deleted": False,
        }
        wolf = heard(client, code, tokens[wolves[1]])
        assert [m["text"] for m in wolf["messages"]] == ["¿A por quién?"]
        assert {c["id"] for c in wolf["channels"]} == {"dia", "lobos"}
        assert wolf["enabled"] is True
        for villager in others:
            data = heard(client, code, tokens[villager])
            assert data["messages"] == []
            assert [c["id"] for c in data["channels"]] == ["dia"]
            refused = talk(client, code, tokens[villager], "lobos", "hola")
            invented = talk(client, code, tokens[villager], "nada", "hola")
            assert refused.status_code == invented.status_code == 409
            assert refused.json() == invented.json()
            assert refused.json()["error"] == "talk-no-channel"
        # At night the day's channel is read-only.
        closed = talk(client, code, tokens[others[0]], "dia", "buenas noches")
        assert closed.json()["error"] == "talk-closed"
        assert heard(client, code, tokens[wolves[1]], after=1)["messages"] == []
        assert heard(client, code, tokens[wolves[1]], channel="dia")["messages"] == []


def test_el_socket_de_cada_asiento_recibe_solo_lo_suyo(app):
    with TestClient(app) as client:
        code, _, tokens, table, wolves, others = started(client)
        client.cookies.set(f"velada_seat_{code}", tokens[others[0]])
        with client.websocket_connect(f"/t/{code}/ws") as villager:
            client.cookies.clear()
            client.cookies.set(f"velada_seat_{code}", tokens[wolves[1]])
            with client.websocket_connect(f"/t/{code}/ws") as wolf:
                client.cookies.clear()
                for ws in (villager, wolf):
                    assert receive(ws)["type"] == "state"
                    first = receive(ws)
                    assert first["type"] == "talk" and first["reset"] and first["messages"] == []
                wolf.send_json({"type": "say", "channel": "lobos", "text": "<b>Eva</b>"})
                said = receive(wolf)
                assert said["type"] == "talk"
                assert said["messages"] == [
                    {"seq": 1, "channel": "lobos", "player": wolves[1], "text": "<b>Eva</b>", "deleted": False}
                ]
                client.portal.call(table.flush)
                villager.send_json({"type": "ping"})
                assert receive(villager)["type"] == "pong"
                # A villager writing in the wolves' channel over the socket: the same refusal as for no channel.
                villager.send_json({"type": "say", "channel": "lobos", "text": "hola"})
                error = receive(villager)
                assert error["type"] == "error" and error["code"] == "talk-no-channel"
            # Reconnecting, the wolf is given what was said to them.
            client.cookies.set(f"velada_seat_{code}", tokens[wolves[0]])
            with client.websocket_connect(f"/t/{code}/ws") as again:
                client.cookies.clear()
                receive(again)
                history = receive(again)
                assert [m["text"] for m in history["messages"]] == ["<b>Eva</b>"]


def test_la_pagina_del_movil_escapa_la_charla_y_tiene_su_panel(app):
    with TestClient(app) as client:
        code, _, tokens, _table, wolves, others = started(client)
        client.cookies.set(f"velada_seat_{code}", tokens[wolves[0]])
        page = client.get(f"/t/{code}").text
        client.cookies.clear()
        assert 'id="talk"' in page and "/static/talk.js" in page
        assert "&#34;id&#34;: &#34;lobos&#34;" in page
        client.cookies.set(f"velada_seat_{code}", tokens[others[0]])
        page = client.get(f"/t/{code}").text
        client.cookies.clear()
        carrier = page.split('class="talk-channels"')[1].split("</div>")[0]
        assert "dia" in carrier and "lobos" not in carrier


def test_en_persona_la_charla_esta_apagada_hasta_que_el_anfitrion_la_enciende(app):
    with TestClient(app) as client:
        code, host, tokens, _table, wolves, _others = started(client, mode="presencial")
        assert talk(client, code, tokens[wolves[0]], "lobos", "hola").json()["error"] == "talk-off"
        assert heard(client, code, tokens[wolves[0]])["enabled"] is False
        host_says(client, code, host, {"type": "talk-on", "on": True})
        assert talk(client, code, tokens[wolves[0]], "lobos", "hola").status_code == 200


def test_un_jugador_no_puede_encender_la_charla_ni_silenciar(app):
    with TestClient(app) as client:
        code, _host, tokens, table, _wolves, others = started(client, mode="presencial")
        client.cookies.set(f"velada_seat_{code}", tokens[others[0]])
        with client.websocket_connect(f"/t/{code}/ws") as ws:
            client.cookies.clear()
            receive(ws)
            receive(ws)
            for message in ({"type": "talk-on", "on": True}, {"type": "talk-mute", "seat": 0}):
                ws.send_json(message)
                assert receive(ws)["code"] == "not-host"
        assert table.talk.enabled is False and not table.talk.muted


def test_el_anfitrion_silencia_un_asiento_y_borra_un_mensaje(app):
    with TestClient(app) as client:
        code, host, tokens, table, wolves, _others = started(client)
        talk(client, code, tokens[wolves[0]], "lobos", "un insulto")
        seat = next(s.position for s in table.data.seats if s.name == wolves[0])
        # The narrator's screen shows every message: the host deletes it from there.
        client.cookies.set(f"velada_host_{code}", host)
        with client.websocket_connect(f"/t/{code}/ws?narrador=1") as narrator:
            client.cookies.clear()
            receive(narrator)
            assert [m["text"] for m in receive(narrator)["messages"]] == ["un insulto"]
            narrator.send_json({"type": "talk-delete", "seq": 1})
            update = receive(narrator)
            assert update["messages"] == [
                {"seq": 1, "channel": "lobos", "player": wolves[0], "text": None, "deleted": True}
            ]
            narrator.send_json({"type": "talk-mute", "seat": seat, "on": True})
            assert receive(narrator)["muted_seats"] == [seat]
        assert heard(client, code, tokens[wolves[1]])["messages"][0]["deleted"] is True
        refused = talk(client, code, tokens[wolves[0]], "lobos", "otra vez")
        assert refused.json()["error"] == "talk-muted"
        assert heard(client, code, tokens[wolves[0]])["muted"] is True
        host_says(client, code, host, {"type": "talk-mute", "seat": seat, "on": False})
        assert talk(client, code, tokens[wolves[0]], "lobos", "perdón").status_code == 200


def test_demasiado_rapido_tiene_una_respuesta_clara(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'v.sqlite3'}", bot_delay=0, seed=11)
    with TestClient(app) as client:
        code, _, tokens, table, wolves, _ = started(client)
        answers = [talk(client, code, tokens[wolves[0]], "lobos", f"mensaje {i}") for i in range(8)]
        assert [a.status_code for a in answers[:5]] == [200] * 5
        slow = answers[-1]
        assert slow.status_code == 429 and slow.json()["error"] == "talk-too-fast"
        assert "Demasiado rápido" in slow.json()["text"] and slow.headers["retry-after"]
        assert len(table.talk.said.messages) == 5


@pytest.mark.parametrize(
    ("text", "error"),
    [("x" * (MAX_TALK + 1), "talk-too-long"), ("", "talk-empty"), ("a\u202eb", "talk-bad-char")],
)
def test_un_mensaje_malo_se_rechaza_y_no_cambia_nada(app, text, error):
    with TestClient(app) as client:
        code, _, tokens, table, wolves, _ = started(client)
        response = talk(client, code, tokens[wolves[0]], "lobos", text)
        assert response.status_code == 409 and response.json()["error"] == error
        assert table.talk.said.messages == []


def test_la_charla_sobrevive_a_un_reinicio_y_va_en_la_partida_descargada(any_db):
    app = create_app(any_db, bot_delay=0, seed=11)
    app.state.hub.config.talk_rate = (1000.0, 1000.0)
    with TestClient(app) as client:
        code, _host, tokens, table, wolves, others = started(client)
        talk(client, code, tokens[wolves[0]], "lobos", "la primera noche")
    with TestClient(create_app(any_db, bot_delay=0, seed=11)) as client:
        assert [m["text"] for m in heard(client, code, tokens[wolves[1]])["messages"]] == ["la primera noche"]
        assert heard(client, code, tokens[others[0]])["messages"] == []
        table = client.app.state.hub.get(code)
        # Play to the end with everybody skipping or taking the first option.
        while table.match.result is None:
            prompt = table.match.pending()[0]
            answer = [] if prompt.skippable else list(prompt.options[: prompt.min])
            client.portal.call(table.choose, prompt.player, prompt.id, answer)
        record = client.get(f"/t/{code}/partida.json").json()
        assert record["talk"] == [{"channel": "lobos", "player": wolves[0], "text": "la primera noche", "after": 0}]
        # After the end everything said is revealed, to everybody.
        assert [m["text"] for m in heard(client, code, tokens[others[0]])["messages"]] == ["la primera noche"]
    from velada.core import scenario
    from velada.games import REGISTRY

    replayed = scenario.play(json.loads(json.dumps(record)), REGISTRY)
    assert replayed.result is not None
