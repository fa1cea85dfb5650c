"""The web app through its HTTP API and websockets, with the ASGI test client: whole games with several seats,
reconnecting, wrong tokens, out-of-turn actions, malformed and oversized messages, and a restart mid-game."""

from __future__ import annotations

import json
import os

import pytest
from starlette.testclient import TestClient

from velada.core.protocol import NARRATOR, PUBLIC
from velada.web.app import create_app

from .helpers import HUMANS, new_table, receive, secret_marks, settle


@pytest.fixture
def db(tmp_path):
    """SQLite by default; ``VELADA_TEST_DB=postgresql+psycopg://…`` runs the same tests on PostgreSQL."""
    url = os.environ.get("VELADA_TEST_DB")
    if url:
        from sqlalchemy import create_engine

        from velada.web.store import METADATA

        engine = create_engine(url)
        METADATA.drop_all(engine)
        engine.dispose()
        return url
    return f"sqlite:///{tmp_path / 'velada.sqlite3'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, bot_delay=0, seed=12345)) as c:
        yield c


def test_el_lobby_lista_los_juegos_y_crea_una_mesa(client):
    page = client.get("/")
    assert page.status_code == 200 and "Los Hombres Lobo de Castronegro" in page.text and "Gauekos" in page.text
    code, host = new_table(client, seats=5)
    assert client.cookies.get(f"velada_host_{code}") == host
    host_page = client.get(f"/t/{code}/host")
    assert "<svg" in host_page.text and f"/t/{code}" in host_page.text  # QR code and join link


def test_opciones_invalidas_vuelven_al_lobby_con_el_motivo_junto_a_su_campo(client):
    response = client.post("/tables", data={"game": "hombres-lobo", "seats": "3"}, follow_redirects=False)
    assert response.status_code == 400 and 'id="error-seats"' in response.text and "5 a 18" in response.text
    response = client.post(
        "/tables",
        data={"game": "hombres-lobo", "seats": "8", "opt:voto": "a-dedo", "opt:nina-riesgo": "20"},
        follow_redirects=False,
    )
    page = response.text
    assert response.status_code == 400 and 'id="opt-hombres-lobo-voto-error"' in page and "a-dedo" in page
    # The form comes back as it was sent, for the game that was chosen.
    assert 'value="20"' in page and 'data-game="hombres-lobo"  >' not in page
    assert not client.app.state.store.playing()


def test_una_opcion_de_conjunto_se_envia_como_casillas(client):
    data = {"game": "hombres-lobo", "seats": "8", "optset:especiales": ["vidente", "bruja", ""]}
    response = client.post("/tables", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    code = response.headers["location"].split("/")[2]
    assert tuple(client.app.state.store.load(code).options["especiales"].split(",")) == ("vidente", "bruja")


def test_un_jugador_se_sienta_y_su_navegador_guarda_el_asiento(client):
    code, _ = new_table(client, seats=5)
    client.cookies.clear()
    page = client.get(f"/t/{code}")
    assert 'action="/t/' in page.text  # the join form
    response = client.post(f"/t/{code}/join", data={"name": "Ana"}, follow_redirects=False)
    assert response.status_code == 303
    token = client.cookies.get(f"velada_seat_{code}")
    assert token and len(token) > 30
    again = client.get(f"/t/{code}")
    assert "Estás en el asiento 1 como Ana" in again.text
    # The database holds only a hash of the token.
    store = client.app.state.store
    assert token not in json.dumps([s.token for s in store.load(code).seats])


def test_nombres_repetidos_o_mesa_llena_se_rechazan(client):
    code, _ = new_table(client, seats=5)
    assert client.post(f"/api/tables/{code}/seats", json={"name": "Ana"}).status_code == 200
    taken = client.post(f"/api/tables/{code}/seats", json={"name": "ana"})
    assert taken.status_code == 409 and taken.json()["error"] == "name-taken"
    for name in ("Bea", "Carlos", "Dani", "Eva"):
        client.post(f"/api/tables/{code}/seats", json={"name": name})
    full = client.post(f"/api/tables/{code}/seats", json={"name": "Fran"})
    assert full.json()["error"] == "full"


def test_partida_completa_con_varios_asientos_y_bots(client):
    code, _ = new_table(client, seats=8, bots=True)
    tokens = {name: client.post(f"/api/tables/{code}/seats", json={"name": name}).json()["token"] for name in HUMANS}
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        first = receive(screen)
        assert first["status"] == "lobby" and "<svg" in first["html"]
        screen.send_json({"type": "start"})
        started = receive(screen)
        assert started["status"] == "playing"
    finished = play_until_the_end(client, code, tokens)
    assert finished["view"]["result"]["text"]
    record = client.get(f"/t/{code}/partida.json")
    assert record.status_code == 200
    scenario = record.json()
    assert scenario["game"] == "hombres-lobo" and len(scenario["players"]) == 8 and scenario["choices"]


def play_until_the_end(client, code, tokens, limit=400):
    """Each human answers the first option of every prompt, over the JSON API, until the game ends. Bots play
    in the server's background, so a moment with nothing for the humans to do is waited out, briefly."""
    import time

    idle = 0
    for _ in range(limit):
        acted = False
        for token in tokens.values():
            auth = {"Authorization": f"Bearer {token}"}
            data = client.get(f"/api/tables/{code}/view", headers=auth).json()
            if data["status"] == "finished":
                return data
            for prompt in data["view"]["prompts"]:
                if not prompt["answered"]:
                    chosen = [o["id"] for o in prompt["options"][: prompt["min"]]]
                    if prompt["text_max"]:
                        chosen = ["¿Sí o no?"]
                    for _ in range(50):
                        response = client.post(
                            f"/api/tables/{code}/choices",
                            headers=auth,
                            json={"prompt": prompt["id"], "choose": chosen},
                        )
                        if response.json().get("error") != "too-fast":
                            break
                        time.sleep(0.1)  # a scripted player is faster than the API's rate limit allows: wait
                    assert response.status_code == 200, response.json()
                    acted = True
        idle = 0 if acted else idle + 1
        assert idle < 50, "nobody could act but the game is not over"
        if not acted:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def test_la_descarga_no_existe_antes_del_final(client):
    code, _ = _started(client)
    assert client.app.state.hub.get(code).status == "playing"
    assert client.get(f"/t/{code}/partida.json").status_code == 403


def test_solo_el_anfitrion_empieza_la_partida(client):
    code, _ = new_table(client, seats=5, bots=True)
    client.cookies.clear()
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "start"})
        error = receive(screen)
        assert error["type"] == "error" and error["code"] == "not-host"


def test_sin_token_no_hay_vista_ni_accion(client):
    code, _ = new_table(client, seats=5, bots=True)
    assert client.get(f"/api/tables/{code}/view").status_code == 401
    wrong = {"Authorization": "Bearer not-a-real-token"}
    assert client.get(f"/api/tables/{code}/view", headers=wrong).status_code == 401
    response = client.post(f"/api/tables/{code}/choices", headers=wrong, json={"prompt": "voto", "choose": []})
    assert response.status_code == 401


def _started(client, seats=5, names=("Ana", "Bea"), **table):
    """A started table (the other seats to bots) with ``names`` seated; ``table``: new_table's game, options."""
    code, _ = new_table(client, seats=seats, bots=True, **table)
    tokens = {n: client.post(f"/api/tables/{code}/seats", json={"name": n}).json()["token"] for n in names}
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "start"})
        receive(screen)
    settle(client.app.state.hub.get(code))
    return code, tokens


def test_mensajes_malformados_o_enormes_se_rechazan_sin_cambiar_nada(client):
    code, tokens = _started(client)
    table = client.app.state.hub.get(code)
    client.cookies.clear()  # a player's phone, not the host's browser
    client.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    with client.websocket_connect(f"/t/{code}/ws") as ws:
        receive(ws)
        before = (table.view_tag("Ana", "es"), len(table.match.choices))
        for bad, code_ in [
            ("esto no es json", "malformed"),
            (json.dumps({"type": "choose", "prompt": "x"}), "malformed"),
            (json.dumps({"type": "borrar-todo"}), "malformed"),
            (json.dumps({"type": "choose", "prompt": "voto", "choose": ["x" * 401]}), "malformed"),
            (json.dumps({"type": "choose", "prompt": "voto", "choose": [], "extra": 1}), "malformed"),
            ("x" * 5000, "too-big"),
            (json.dumps({"type": "choose", "prompt": "inexistente", "choose": []}), "not-open"),
            (json.dumps({"type": "start"}), "not-host"),
        ]:
            ws.send_text(bad)
            reply = receive(ws)
            assert reply["type"] == "error" and reply["code"] == code_, (bad[:40], reply)
            assert reply["text"]
        assert (table.view_tag("Ana", "es"), len(table.match.choices)) == before
    big = client.post(
        f"/api/tables/{code}/choices",
        content=b"{" + b" " * 5000 + b"}",
        headers={"Authorization": f"Bearer {tokens['Ana']}"},
    )
    assert big.status_code == 413


def test_demasiados_mensajes_seguidos_se_frenan(client):
    code, tokens = _started(client)
    client.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    with client.websocket_connect(f"/t/{code}/ws") as ws:
        receive(ws)
        codes = []
        for _ in range(30):
            ws.send_json({"type": "ping"})
            codes.append(receive(ws).get("code"))
        assert "too-fast" in codes


def test_accion_fuera_de_turno_da_error_y_no_cambia_nada(client):
    code, tokens = _started(client)
    table = client.app.state.hub.get(code)
    before = (table.view_tag("Ana", "es"), len(table.match.choices))
    for token in tokens.values():
        auth = {"Authorization": f"Bearer {token}"}
        view = client.get(f"/api/tables/{code}/view", headers=auth).json()["view"]
        if not any(not p["answered"] for p in view["prompts"]):
            response = client.post(f"/api/tables/{code}/choices", headers=auth, json={"prompt": "voto", "choose": []})
            assert response.status_code == 409 and response.json()["error"] in ("not-open", "not-yours")
    assert (table.view_tag("Ana", "es"), len(table.match.choices)) == before


def test_reabrir_la_pagina_recupera_el_asiento_y_la_partida(client):
    code, tokens = _started(client)
    client.cookies.set(f"velada_seat_{code}", tokens["Bea"])
    for _ in range(2):
        with client.websocket_connect(f"/t/{code}/ws") as ws:
            state = receive(ws)
            assert state["view"]["viewer"] == "Bea" and state["view"]["you"]["role"]


def test_reinicio_del_servidor_a_mitad_de_partida(db):
    with TestClient(create_app(db, bot_delay=0, seed=7)) as client:
        code, tokens = _started(client)
        auth = {"Authorization": f"Bearer {tokens['Ana']}"}
        table = client.app.state.hub.get(code)
        before_state = table.match.state
        before_view = client.get(f"/api/tables/{code}/view", headers=auth).json()
    with TestClient(create_app(db, bot_delay=0, seed=7)) as client:
        table = client.app.state.hub.get(code)
        assert table.match.state == before_state
        assert client.get(f"/api/tables/{code}/view", headers=auth).json() == before_view
        finished = play_until_the_end(client, code, tokens)
        assert finished["status"] == "finished"


def test_por_el_cable_solo_viaja_la_vista_de_cada_uno(client):
    """Every message a seat receives is exactly that seat's view; the shared screen gets the public view."""
    code, tokens = _started(client, seats=8, names=HUMANS)
    table = client.app.state.hub.get(code)
    for name, token in tokens.items():
        client.cookies.set(f"velada_seat_{code}", token)
        with client.websocket_connect(f"/t/{code}/ws") as ws:
            message = receive(ws)
        assert message["view"] == json.loads(json.dumps(table.view(name, "es")))
        for other in message["view"]["players"]:
            if other["id"] != name:
                known = table.game.visible_role(table.match.state, name, table.match.state.index[other["id"]])
                assert other["role"] == known
        secrets = secret_marks(table, name)
        for secret in secrets:
            assert secret not in message["html"], secret
    client.cookies.clear()
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        public = receive(screen)
    assert public["view"] == json.loads(json.dumps(table.view(PUBLIC, "es")))


def test_el_enlace_para_unirse_es_una_pagina_web_tambien_por_el_websocket(client):
    code, _ = new_table(client, seats=5)
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        html = receive(screen)["html"]
    assert f'href="http://testserver/t/{code}"' in html and "ws://" not in html


def test_el_anfitrion_puede_dar_a_un_bot_el_asiento_de_quien_se_fue(client):
    code, tokens = _started(client)
    table = client.app.state.hub.get(code)
    players = list(tokens)
    # Ana and Bea leave; the host hands their seats to bots and the game plays on to the end without them.
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        for seat in table.data.seats:
            if seat.name in players:
                screen.send_json({"type": "bot-seat", "seat": seat.position})
                receive(screen)
    settle(table)
    assert table.status == "finished"
    assert all(seat.bot for seat in table.data.seats)


def test_al_acabarse_el_tiempo_se_pasan_las_decisiones_que_se_pueden_pasar(client):
    import time

    code, _ = new_table(
        client,
        seats=5,
        bots=True,
        options={"especiales": "vidente,bruja", "alguacil": "no"},
        timers={"noche": 1, "debate": 0, "votacion": 1},
    )
    token = client.post(f"/api/tables/{code}/seats", json={"name": "Ana"}).json()["token"]
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "start"})
        receive(screen)
    table = client.app.state.hub.get(code)
    settle(table)
    auth = {"Authorization": f"Bearer {token}"}
    view = client.get(f"/api/tables/{code}/view", headers=auth).json()["view"]
    assert any(not p["answered"] for p in view["prompts"])  # Ana has something to decide…
    assert table.deadline is not None
    time.sleep(2.5)
    # …and says nothing: the timer skips it for her, and the game goes on.
    assert any(player == "Ana" and chosen == () for player, _, chosen in table.match.choices)


def test_la_pantalla_del_narrador_habla_y_los_moviles_no(client):
    code, tokens = _started(client)
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)  # joined mid-game: nothing old is spoken
        table = client.app.state.hub.get(code)
        ana = {"Authorization": f"Bearer {tokens['Ana']}"}
        bea = {"Authorization": f"Bearer {tokens['Bea']}"}
        speech = []
        for _ in range(40):
            for auth in (ana, bea):
                view = client.get(f"/api/tables/{code}/view", headers=auth).json()["view"]
                for prompt in view["prompts"]:
                    if not prompt["answered"]:
                        chosen = [o["id"] for o in prompt["options"][: prompt["min"]]]
                        client.post(
                            f"/api/tables/{code}/choices", headers=auth, json={"prompt": prompt["id"], "choose": chosen}
                        )
                        message = receive(screen)
                        speech += message["speech"]
            if any("despierta" in line for line in speech) or table.status == "finished":
                break
    assert any("Cae la noche" in line for line in speech)
    assert any("Vidente, despierta" in line or "Hombres lobo, despertad" in line for line in speech)
    client.cookies.clear()
    client.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    with client.websocket_connect(f"/t/{code}/ws") as phone:
        assert receive(phone)["speech"] == []


def test_cualquier_pagina_en_ingles(client):
    page = client.get("/?lang=en")
    assert "Create table" in page.text and client.cookies.get("velada_lang") == "en"
    code, _ = new_table(client, seats=5)
    assert "Scan to join from your phone" in client.get(f"/t/{code}/host").text


def test_la_api_tambien_frena_a_quien_manda_demasiado(client):
    code, tokens = _started(client)
    auth = {"Authorization": f"Bearer {tokens['Ana']}"}
    statuses = {
        client.post(f"/api/tables/{code}/choices", headers=auth, json={"prompt": "nada", "choose": []}).status_code
        for _ in range(100)
    }
    assert 429 in statuses


def test_el_ansia_se_juega_en_la_web_con_su_tablero_y_zona_de_caza(client):
    code, _ = new_table(client, seats=2, game="el-ansia", bots=True)
    token = client.post(f"/api/tables/{code}/seats", json={"name": "Lucía"}).json()["token"]
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "start"})
        html = receive(screen)["html"]
    assert "<svg" in html and 'data-space="laberinto"' in html and "ansia-zone" in html
    client.cookies.clear()
    client.cookies.set(f"velada_seat_{code}", token)
    with client.websocket_connect(f"/t/{code}/ws") as phone:
        message = receive(phone)
    assert 'data-player="Lucía"' in message["html"] and "<svg" in message["html"]
    lucia = next(p for p in message["view"]["players"] if p["id"] == "Lucía")
    assert message["view"]["you"]["role"] == lucia["vampire"]


def test_el_asiento_del_narrador_lo_ve_todo_y_solo_lo_toma_el_anfitrion(client):
    code, _ = _started(client)  # the client still holds the host's cookie
    table = client.app.state.hub.get(code)
    assert client.get(f"/t/{code}/narrador").status_code == 200
    with client.websocket_connect(f"/t/{code}/ws?narrador=1") as narrator:
        message = receive(narrator)
    assert [p["role"] for p in message["view"]["players"]] == list(table.match.state.roles)
    assert message["speech"] == []
    client.cookies.clear()
    assert client.get(f"/t/{code}/narrador").status_code == 403
    with client.websocket_connect(f"/t/{code}/ws?narrador=1") as stranger:
        public = receive(stranger)
    assert all(p["role"] is None for p in public["view"]["players"] if p["alive"])


@pytest.mark.parametrize("game_id", [g.id for g in __import__("velada.games", fromlist=["REGISTRY"]).REGISTRY])
def test_cada_juego_registrado_se_juega_entero_en_la_web_con_el_protocolo(client, game_id):
    """No game needs UI code of its own: one human and bots play it to the end through the generic prompts."""
    from velada.games import REGISTRY

    game = REGISTRY.get(game_id)
    seats = max(game.info.min_players, min(5, game.info.max_players))
    code, _ = new_table(client, seats=seats, game=game_id, bots=True)
    token = client.post(f"/api/tables/{code}/seats", json={"name": "Humana"}).json()["token"]
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "start"})
        assert receive(screen)["status"] == "playing"
    client.cookies.clear()
    finished = play_until_the_end(client, code, {"Humana": token}, limit=3000)
    assert finished["view"]["result"] is not None
    assert client.get(f"/t/{code}/partida.json").status_code == 200


def test_bethlem_en_la_web_muestra_las_cuatro_posiciones_de_cada_jugador(client):
    code, tokens = _started(client, seats=5, names=("Lucía",), game="bethlem", options={"colocacion": "reparto"})
    token = tokens["Lucía"]
    client.cookies.clear()
    client.cookies.set(f"velada_seat_{code}", token)
    with client.websocket_connect(f"/t/{code}/ws") as phone:
        message = receive(phone)
    html = message["html"]
    assert html.count('<div class="bethlem-row') == 5 and html.count('data-position="1"') == 5
    mine = next(p for p in message["view"]["players"] if p["id"] == "Lucía")
    for card in mine["cards"]:
        assert f'data-card="{card["card"]}"' in html
    others = [c for p in message["view"]["players"] if p["id"] != "Lucía" for c in p["cards"] if c["alive"]]
    assert all(c["card"] is None for c in others)


def test_el_narrador_humano_responde_por_escrito_las_preguntas_del_cuentacuentos(client):
    """Bethlem with cuentacuentos=si: a player asks the narrator a question; the host, in the narrator's seat,
    sees it as a form of their own and answers in text; only that player reads the answer."""
    import time

    options = {"colocacion": "reparto", "cuentacuentos": "si"}
    code, tokens = _started(client, seats=4, names=("Lucía",), game="bethlem", options=options)
    token = tokens["Lucía"]
    table = client.app.state.hub.get(code)
    auth = {"Authorization": f"Bearer {token}"}
    asked = False
    for _ in range(2000):
        if any(p.player == NARRATOR for p in table.match.pending()):
            break
        assert table.match.result is None, "the game ended before Lucía could ask"
        prompts = [p for p in client.get(f"/api/tables/{code}/view", headers=auth).json()["view"]["prompts"]]
        for prompt in (p for p in prompts if not p["answered"]):
            if prompt["id"].endswith("pregunta-al-narrador"):
                chosen, asked = ["¿Llegaré al alba?"], True
            else:
                chosen = [] if prompt["skippable"] else [o["id"] for o in prompt["options"][: prompt["min"]]]
                chosen = chosen or (["¿Sí?"] if prompt["text_max"] else chosen)
            response = client.post(
                f"/api/tables/{code}/choices", headers=auth, json={"prompt": prompt["id"], "choose": chosen}
            )
            assert response.status_code == 200, response.json()
        time.sleep(0.01)
    assert asked
    with client.websocket_connect(f"/t/{code}/ws?narrador=1") as narrator:
        html = receive(narrator)["html"]
        (prompt,) = [p for p in table.match.pending() if p.player == NARRATOR]
        assert f'data-prompt="{prompt.id}"' in html and "¿Llegaré al alba?" in html and 'class="free-text"' in html
        narrator.send_json({"type": "choose", "prompt": prompt.id, "choose": ["Si no te fías de nadie."]})
        receive(narrator)
    mine = client.get(f"/api/tables/{code}/view", headers=auth).json()["view"]["log"]
    assert any(e["kind"] == "respuesta-narrador" and "Si no te fías de nadie." in e["text"] for e in mine)
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        assert "Si no te fías de nadie." not in json.dumps(receive(screen))


def test_bethlem_con_cartas_personalizadas_se_juega_en_la_web_y_cada_uno_solo_ve_su_objetivo(client):
    options = {"cards": "custom", "colocacion": "reparto"}
    code, tokens = _started(client, seats=5, names=("Lucía",), game="bethlem", options=options)
    token = tokens["Lucía"]
    client.cookies.clear()
    client.cookies.set(f"velada_seat_{code}", token)
    with client.websocket_connect(f"/t/{code}/ws") as phone:
        message = receive(phone)
    view = message["view"]
    assert message["html"].count("data-objective=") == 1
    assert f'data-objective="{view["you"]["objective_card"]}"' in message["html"]
    goals = {p["id"]: p["objective"] for p in view["players"]}
    assert goals["Lucía"] == view["you"]["objective_card"] is not None
    assert all(goal is None for player, goal in goals.items() if player != "Lucía")
    client.cookies.clear()
    finished = play_until_the_end(client, code, {"Lucía": token}, limit=3000)
    assert finished["view"]["result"] is not None


def test_bethlem_los_papeles_de_la_frontera_solo_se_ven_los_propios_y_el_del_sheriff(client):
    from velada.games.bethlem.custom.frontera import deal_roles

    options = {"cards": "custom", "colocacion": "reparto"}
    code, tokens = _started(client, seats=5, names=("Lucía",), game="bethlem", options=options)
    table = client.app.state.hub.get(code)
    s = table.match.state
    lucia = s.index["Lucía"]
    sheriff = (lucia + 1) % len(s.players)
    deal_roles(s, sheriff)  # as if El Saltamundos had awakened in the sheriff's hands
    # That deal was written behind the table's back (no choice, no event, the same state object): the views the
    # table built when the game started (the shared screen's) would be shown again, and their group's views and
    # shared parts carried on. In play a deal comes with the choice that caused it; here the table forgets them.
    table._stamp, table._opened = (-1, 0), (None, -1)
    table._texts.changed()
    roles = s.custom["el-saltamundos"].roles
    client.cookies.clear()
    client.cookies.set(f"velada_seat_{code}", tokens["Lucía"])
    texts = {"sheriff": "Sheriff de la frontera", "forajido": "Forajido", "renegado": "Renegado de la frontera"}
    texts["alguacil"] = "Alguacil"
    with client.websocket_connect(f"/t/{code}/ws") as phone:
        html = receive(phone)["html"]
    assert f'<span class="badge">{texts["sheriff"]}</span>' in html
    assert f'<span class="badge">{texts[roles[lucia]]}</span>' in html
    others = [r for seat, r in enumerate(roles) if seat not in (lucia, sheriff) and r != roles[lucia]]
    assert others and not any(f'<span class="badge">{texts[r]}</span>' in html for r in others)
    client.cookies.clear()
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        public = receive(screen)["html"]  # the public screen: the sheriff only
    assert f'<span class="badge">{texts["sheriff"]}</span>' in public
    assert not any(f'<span class="badge">{texts[r]}</span>' in public for r in roles if r != "sheriff")


def test_la_lista_de_asientos_no_dice_bot_dos_veces(client):
    """A bot's name already says it is one ("Ana (bot)"): the host's seat list adds nothing to it."""
    code, _ = new_table(client, seats=5, bots=True)
    client.post(f"/api/tables/{code}/seats", json={"name": "Lucía"})
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "bots"})
        html = receive(screen)["html"]
    assert "(bot)" in html and "(bot) (bot)" not in html and "(bot) (" not in html
