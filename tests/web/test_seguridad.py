"""The web app against other sites, forged hosts, floods and big bodies (velada/web/security.py), and seats that
change hands: what docs/security.md promises, one test per promise."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from velada.web.app import create_app
from velada.web.security import Rate

from .helpers import new_table, receive

OURS = "http://testserver"
OTHER_PORT = "http://testserver:8001"  # another program on the same machine: same site, another origin


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'velada.sqlite3'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, bot_delay=0, seed=4242)) as c:
        yield c


def started(client, seats=5, names=("Ana", "Bea")):
    """A started table (the other seats to bots) with ``names`` seated over the API; the client keeps the host's
    cookie."""
    code, _ = new_table(client, seats=seats, bots=True)
    tokens = {n: client.post(f"/api/tables/{code}/seats", json={"name": n}).json()["token"] for n in names}
    with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        receive(screen)
        screen.send_json({"type": "start"})
        receive(screen)
    return code, tokens


def wait_until(condition, seconds=10.0):
    """The bots play in the background: wait for what a request set going."""
    import time

    deadline = time.time() + seconds
    while not condition():
        assert time.time() < deadline, "timed out"
        time.sleep(0.01)


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def open_prompt(client, code, token):
    """One of the seat's open prompts as a legal choice, or a made-up one (the game refuses it with 409)."""
    view = client.get(f"/api/tables/{code}/view", headers=bearer(token)).json()["view"]
    for prompt in view["prompts"]:
        if not prompt["answered"]:
            return {"prompt": prompt["id"], "choose": [o["id"] for o in prompt["options"][: prompt["min"]]]}
    return {"prompt": "voto", "choose": []}


# --- 1. CSRF: writes a browser authenticates by itself come from the table's own page ------------------------


def test_una_peticion_de_otro_origen_no_responde_por_el_jugador(client):
    """A page on another port of the same host (same site, another origin) posts a choice with the victim's seat
    cookie: refused, and so is anything that does not prove it comes from the table's page as JSON."""
    code, tokens = started(client)
    table = client.app.state.hub.get(code)
    client.cookies.clear()
    client.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    body = json.dumps(open_prompt(client, code, tokens["Ana"]))

    def anas():  # the bots play on in the background: count Ana's choices only
        return [c for c in table.match.choices if c[0] == "Ana"]

    before = anas()
    attacks = [
        {"Origin": OTHER_PORT, "Content-Type": "application/json"},
        {"Origin": "http://evil.example", "Content-Type": "application/json"},
        {"Origin": "null", "Content-Type": "application/json"},
        {"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"},
        {"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"},
        {"Content-Type": "application/json"},  # no proof at all of where it comes from
        {"Origin": OURS, "Content-Type": "text/plain"},  # what a cross-site form can send
        {"Origin": OURS, "Content-Type": "application/x-www-form-urlencoded"},
    ]
    for headers in attacks:
        response = client.post(f"/api/tables/{code}/choices", content=body, headers=headers)
        assert response.status_code in (403, 415), (headers, response.status_code, response.text)
        assert response.json()["error"] in ("bad-origin", "json-only")
    assert anas() == before
    # From the table's own page, as JSON, the cookie is enough: the choice reaches the game.
    for headers in ({"Origin": OURS}, {"Sec-Fetch-Site": "same-origin"}):
        response = client.post(
            f"/api/tables/{code}/choices", content=body, headers=headers | {"Content-Type": "application/json"}
        )
        assert response.status_code in (200, 409), response.text
        assert response.json().get("error") not in ("bad-origin", "json-only")


def test_con_bearer_un_programa_sigue_jugando_como_antes(client):
    """A program authenticates with ``Authorization: Bearer`` (no browser sends it by itself): any content type,
    any or no Origin."""
    code, tokens = started(client)
    client.cookies.clear()
    choice = open_prompt(client, code, tokens["Ana"])
    for headers in ({}, {"Content-Type": "text/plain"}, {"Origin": "http://agent.example"}):
        response = client.post(
            f"/api/tables/{code}/choices", content=json.dumps(choice), headers=bearer(tokens["Ana"]) | headers
        )
        assert response.status_code in (200, 409) and response.json().get("error") not in ("bad-origin", "json-only")
        choice = open_prompt(client, code, tokens["Ana"])
    assert client.get(f"/api/tables/{code}/view", headers=bearer(tokens["Bea"])).status_code == 200


def test_los_formularios_de_otro_sitio_no_crean_mesas_ni_sientan_a_nadie(client):
    store = client.app.state.store
    form = {"game": "hombres-lobo", "seats": "5", "mode": "presencial", "lang": "es"}
    for headers in ({"Origin": "http://evil.example"}, {"Origin": OTHER_PORT}, {"Sec-Fetch-Site": "cross-site"}):
        response = client.post("/tables", data=form, headers=headers, follow_redirects=False)
        assert response.status_code == 403, headers
    assert not [name for name in client.cookies if name.startswith("velada_host_")]
    code, _ = new_table(client, seats=5)  # our own page: no Origin header in the test client, or ours
    assert client.post("/tables", data=form, headers={"Origin": OURS}, follow_redirects=False).status_code == 303
    for headers in ({"Origin": OTHER_PORT}, {"Sec-Fetch-Site": "same-site"}, {"Origin": "null"}):
        response = client.post(f"/t/{code}/join", data={"name": "Intrusa"}, headers=headers, follow_redirects=False)
        assert response.status_code == 403, headers
        # …and no page of another site takes a seat through the API either.
        response = client.post(f"/api/tables/{code}/seats", json={"name": "Intrusa"}, headers=headers)
        assert response.status_code == 403 and response.json()["error"] == "bad-origin"
    assert all(seat.name is None for seat in store.load(code).seats)
    ok = client.post(f"/t/{code}/join", data={"name": "Ana"}, headers={"Origin": OURS}, follow_redirects=False)
    assert ok.status_code == 303
    # What a browser sends with our own form under a strict referrer policy: the fetch metadata decides.
    browser = {"Origin": "null", "Sec-Fetch-Site": "same-origin"}
    assert (
        client.post(f"/t/{code}/join", data={"name": "Bea"}, headers=browser, follow_redirects=False).status_code == 303
    )


def test_el_websocket_solo_acepta_paginas_de_la_mesa(client):
    code, tokens = started(client)
    client.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    for headers in ({"Origin": OTHER_PORT}, {"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(f"/t/{code}/ws", headers=headers):
            pass
        assert closed.value.code == 1008
    with client.websocket_connect(f"/t/{code}/ws", headers={"Origin": OURS}) as ws:
        assert receive(ws)["view"]["viewer"] == "Ana"


def test_el_readme_dice_como_se_autentica_la_api():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "Authorization: Bearer" in readme and "docs/security.md" in readme


# --- 2. Seats that change hands -----------------------------------------------------------------------------


def test_dar_el_asiento_a_un_bot_revoca_el_token_del_jugador(client):
    code, tokens = started(client)
    table = client.app.state.hub.get(code)
    ana = next(s for s in table.data.seats if s.name == "Ana")
    phone = TestClient(client.app)
    phone.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    with phone.websocket_connect(f"/t/{code}/ws") as ana_phone:
        assert receive(ana_phone)["view"]["viewer"] == "Ana"
        with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
            receive(screen)
            screen.send_json({"type": "bot-seat", "seat": ana.position})
            wait_until(lambda: next(s for s in table.data.seats if s.position == ana.position).bot)
        # The old phone shows no seat's view any more (what was already on its way aside) and answers nothing.
        ana_phone.send_json({"type": "choose", "prompt": "voto", "choose": []})
        viewers = []
        while (reply := receive(ana_phone))["type"] != "error":
            viewers.append((reply.get("view") or {}).get("viewer"))
        switched = next(i for i, viewer in enumerate(viewers) if viewer != "Ana")
        assert "Ana" not in viewers[switched:]
        assert reply["code"] == "not-seated"
    assert client.get(f"/api/tables/{code}/view", headers=bearer(tokens["Ana"])).status_code == 401
    response = client.post(
        f"/api/tables/{code}/choices", headers=bearer(tokens["Ana"]), json=open_prompt(client, code, tokens["Bea"])
    )
    assert response.status_code == 401


def test_el_enlace_de_asiento_lo_pide_el_anfitrion_y_lleva_el_asiento_a_otro_movil(client):
    code, tokens = started(client)
    table = client.app.state.hub.get(code)
    ana = next(s for s in table.data.seats if s.name == "Ana")
    action = f'action="/t/{code}/seats/{ana.position}/link"'
    # The host's screen offers it; a public screen (no host cookie) does not, and nobody else can ask.
    assert action in client.get(f"/t/{code}/host").text
    stranger = TestClient(client.app)
    with stranger.websocket_connect(f"/t/{code}/ws?host=1") as screen:
        assert "/seats/" not in receive(screen)["html"]
    assert "/seats/" not in stranger.get(f"/t/{code}/host").text
    assert stranger.post(f"/t/{code}/seats/{ana.position}/link").status_code == 403
    assert client.get(f"/t/{code}/seats/{ana.position}/link").status_code == 405  # a GET asks for nothing
    assert client.post(f"/t/{code}/seats/{ana.position}/link", headers={"Origin": OTHER_PORT}).status_code == 403
    bot = next(s for s in table.data.seats if s.bot)
    assert client.post(f"/t/{code}/seats/{bot.position}/link").status_code == 409
    assert client.get(f"/api/tables/{code}/view", headers=bearer(tokens["Ana"])).status_code == 200

    page = client.post(f"/t/{code}/seats/{ana.position}/link")
    assert page.status_code == 200 and "<svg" in page.text and page.headers["cache-control"] == "no-store"
    (link,) = set(re.findall(rf"http://testserver/t/{code}/r/[A-Za-z0-9_-]+", page.text))
    # Asking for the link ends the old phone's token.
    assert client.get(f"/api/tables/{code}/view", headers=bearer(tokens["Ana"])).status_code == 401

    new_phone = TestClient(client.app)
    opened = new_phone.get(link, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/t/{code}"
    cookie = new_phone.cookies.get(f"velada_seat_{code}")
    assert cookie and cookie not in link  # a fresh token: the link is spent
    assert "httponly" in opened.headers["set-cookie"].lower()
    assert new_phone.get(f"/api/tables/{code}/view").json()["view"]["viewer"] == "Ana"
    with new_phone.websocket_connect(f"/t/{code}/ws") as ws:
        assert receive(ws)["view"]["viewer"] == "Ana"
    # The link works once: opened again (from a chat, a history) it gives nothing.
    thief = TestClient(client.app)
    again = thief.get(link, follow_redirects=False)
    assert again.status_code == 410 and thief.cookies.get(f"velada_seat_{code}") is None
    assert new_phone.get(f"/api/tables/{code}/view").status_code == 200


def test_sin_asiento_tras_empezar_se_pide_el_enlace_al_anfitrion(client):
    code, _ = started(client)
    page = TestClient(client.app).get(f"/t/{code}")
    assert "pide al anfitrión el enlace de tu asiento" in page.text
    assert f'action="/t/{code}/join"' not in page.text
    english = TestClient(client.app).get(f"/t/{code}?lang=en")
    assert "ask the host for your seat" in english.text


# --- 3. Names: the raw name reaches the check, by the form and by the API ----------------------------------


@pytest.mark.parametrize(
    "name, code",
    [
        ("Ana\u200b", "name-bad-char"),
        ("\u200b", "name-bad-char"),
        ("Ana\u202e", "name-bad-char"),
        ("Ana\x00", "name-bad-char"),
        ("\u0410na", "name-confusable"),
        ("ANA", "name-taken"),
        ("x" * 41, "name-too-long"),
        ("x" * 250, "name-too-long"),
        ("", "name-empty"),
    ],
)
def test_los_nombres_invisibles_largos_o_parecidos_se_rechazan_por_el_formulario_y_por_la_api(client, name, code):
    table_code, _ = new_table(client, seats=5)
    assert client.post(f"/api/tables/{table_code}/seats", json={"name": "Ana"}).status_code == 200
    response = client.post(f"/api/tables/{table_code}/seats", json={"name": name})
    assert response.status_code == 409 and response.json()["error"] == code, response.text
    page = client.post(f"/t/{table_code}/join", data={"name": name}, follow_redirects=False)
    assert page.status_code == 409 and 'class="error"' in page.text
    seats = client.app.state.store.load(table_code).seats
    assert [s.name for s in seats if s.name] == ["Ana"]


# --- 4. Headers, hosts, cookies ------------------------------------------------------------------------------


class _Inline(HTMLParser):
    """Finds what a strict Content-Security-Policy would block: inline scripts, event handlers, styles."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        self.found += [f"{tag} {name}=" for name in names if name.startswith("on") or name == "style"]
        self.found += [
            f"{tag} {n}=javascript:" for n, v in attrs if (v or "").strip().lower().startswith("javascript:")
        ]


def inline_code(html: str) -> list[str]:
    parser = _Inline()
    parser.feed(html)
    return parser.found


def test_cada_respuesta_lleva_las_cabeceras_de_seguridad(client):
    code, tokens = started(client)
    responses = [
        client.get("/"),
        client.get(f"/t/{code}/host"),
        client.get(f"/t/{code}"),
        client.get("/static/velada.js"),
        client.get(f"/api/tables/{code}/view"),
        client.get(f"/api/tables/{code}/view", headers=bearer(tokens["Ana"])),
        client.get("/api/tables/nada/view"),
        client.get("/no-existe"),
    ]
    for response in responses:
        csp = response.headers["content-security-policy"]
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'" and "unsafe" not in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] in ("no-referrer", "same-origin")


def test_las_paginas_no_tienen_codigo_en_linea_que_la_politica_bloquearia(client):
    """What the Content-Security-Policy would block: every page and every live fragment is free of it."""
    from velada.games import REGISTRY

    code, _ = started(client)
    ana = next(s for s in client.app.state.hub.get(code).data.seats if s.name == "Ana")
    pages = [client.get("/").text, client.get(f"/t/{code}/host").text, client.get(f"/t/{code}/narrador").text]
    pages.append(client.post(f"/t/{code}/seats/{ana.position}/link").text)
    pages.append(TestClient(client.app).get(f"/t/{code}").text)
    lobby_code, _ = new_table(client, seats=5)
    pages.append(TestClient(client.app).get(f"/t/{lobby_code}").text)
    pages.append(client.get(f"/t/{lobby_code}/host").text)
    for game in REGISTRY:  # every game's fragments, on the shared screen and on a phone
        seats = max(game.info.min_players, min(5, game.info.max_players))
        game_code, _ = new_table(client, seats=seats, game=game.id, bots=True)
        token = client.post(f"/api/tables/{game_code}/seats", json={"name": "Lucía"}).json()["token"]
        with client.websocket_connect(f"/t/{game_code}/ws?host=1") as screen:
            receive(screen)
            screen.send_json({"type": "start"})
            pages.append(receive(screen)["html"])
        phone = TestClient(client.app)
        phone.cookies.set(f"velada_seat_{game_code}", token)
        pages.append(phone.get(f"/t/{game_code}").text)
    for html in pages:
        assert not inline_code(html), inline_code(html)


def test_las_cookies_son_secure_detras_de_https(db):
    form = {"game": "hombres-lobo", "seats": "5", "mode": "presencial", "lang": "es"}
    with TestClient(create_app(db, bot_delay=0)) as plain:
        response = plain.post("/tables", data=form, follow_redirects=False)
        assert "secure" not in response.headers["set-cookie"].lower()
    # TLS in front (directly, or reported by a trusted proxy: the request's scheme is https)…
    with TestClient(create_app(db, bot_delay=0), base_url="https://testserver") as tls:
        response = tls.post("/tables", data=form, follow_redirects=False)
        assert "; secure" in response.headers["set-cookie"].lower()
    # …or a public https address.
    app = create_app(db, bot_delay=0, public_url="https://velada.example.org")
    with TestClient(app, base_url="http://velada.example.org") as public:
        response = public.post("/tables", data=form, follow_redirects=False)
        assert "; secure" in response.headers["set-cookie"].lower()
        code = response.headers["location"].split("/")[2]
        joined = public.post(f"/t/{code}/join", data={"name": "Ana"}, follow_redirects=False)
        assert "; secure" in joined.headers["set-cookie"].lower()


def test_un_host_ajeno_recibe_400_y_los_enlaces_no_salen_de_la_cabecera_host(client, db):
    code, _ = new_table(client, seats=5)
    evil = {"Host": "evil.example"}
    assert client.get("/", headers=evil).status_code == 400
    assert client.get(f"/t/{code}/host", headers=evil).status_code == 400
    api = client.get(f"/api/tables/{code}/view", headers=evil)
    assert api.status_code == 400 and api.json()["error"] == "bad-request"
    with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(f"/t/{code}/ws", headers=evil):
        pass
    assert denied.value.status_code == 400
    # The machine's own names are fine, and a public URL's links are the public URL's whatever the Host.
    assert client.get(f"/t/{code}/host", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    app = create_app(db, bot_delay=0, public_url="https://velada.example.org", allowed_hosts=["mesa.lan"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as local:
        page = local.get(f"/t/{code}/host")
        assert f'href="https://velada.example.org/t/{code}"' in page.text and "127.0.0.1:8000/t/" not in page.text
        assert local.get("/", headers={"Host": "mesa.lan:8000"}).status_code == 200
        assert local.get("/", headers={"Host": "velada.example.org"}).status_code == 200
        assert local.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_velada_serve_pasa_hosts_permitidos_y_cabeceras_del_proxy(monkeypatch, tmp_path):
    import uvicorn
    from typer.testing import CliRunner

    from velada.cli import app as cli

    calls = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.update(app=app, **kwargs))
    db = tmp_path / "v.sqlite3"
    args = ["serve", "--db", str(db), "--allowed-host", "mesa.lan", "--allowed-host", "velada.casa"]
    result = CliRunner().invoke(cli, [*args, "--proxy-headers", "--public-url", "https://velada.example.org"])
    assert result.exit_code == 0, result.output
    hosts = calls["app"].state.allowed_hosts
    assert {"mesa.lan", "velada.casa", "velada.example.org", "127.0.0.1", "localhost"} <= set(hosts)
    assert "evil.example" not in hosts
    assert calls["proxy_headers"] is True and calls["forwarded_allow_ips"] == "127.0.0.1"
    calls.clear()
    assert CliRunner().invoke(cli, ["serve", "--db", str(db)]).exit_code == 0
    assert calls["proxy_headers"] is False  # without the flag, no client may claim another address


# --- 5. Limits --------------------------------------------------------------------------------------------


def test_sentarse_se_limita_por_direccion_y_no_por_un_bearer_inventado(client):
    import secrets

    code, _ = new_table(client, seats=18)
    statuses = []
    for n in range(60):
        response = client.post(
            f"/api/tables/{code}/seats",
            json={"name": f"Bot{n}x"},
            headers={"Authorization": f"Bearer {secrets.token_urlsafe(16)}"},
        )
        statuses.append(response.status_code)
        if response.status_code == 429:
            assert int(response.headers["retry-after"]) >= 1 and response.json()["error"] == "too-fast"
    assert 429 in statuses and statuses.count(200) <= 30
    # The form counts against the same limit.
    page = client.post(f"/t/{code}/join", data={"name": "Otra"}, follow_redirects=False)
    assert page.status_code == 429 and int(page.headers["retry-after"]) >= 1


def test_crear_mesas_y_leer_tambien_tienen_limite_con_retry_after(db):
    app = create_app(db, bot_delay=0, rates={"read": Rate(1, 5), "create": Rate(0.01, 3)})
    with TestClient(app) as client:
        for _ in range(3):
            new_table(client, seats=5)
        form = {"game": "hombres-lobo", "seats": "5"}
        refused = client.post("/tables", data=form, follow_redirects=False)
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        statuses = [client.get("/") for _ in range(8)]
        assert statuses[-1].status_code == 429 and int(statuses[-1].headers["retry-after"]) >= 1
        api = client.get("/api/tables/nada/view")
        assert api.status_code == 429 and api.json()["error"] == "too-fast" and "retry-after" in api.headers


def test_cada_429_de_la_api_lleva_retry_after(client):
    code, tokens = started(client)
    responses = [
        client.post(f"/api/tables/{code}/choices", headers=bearer(tokens["Ana"]), json={"prompt": "x", "choose": []})
        for _ in range(100)
    ]
    refused = [r for r in responses if r.status_code == 429]
    assert refused and all(int(r.headers["retry-after"]) >= 1 for r in refused)


def test_un_cuerpo_enorme_se_rechaza_antes_de_leerlo_y_no_se_devuelve(client):
    big = b"x" * (10 * 1024 * 1024)
    response = client.post("/tables", files={"game": ("game.txt", big)}, data={"seats": "5"}, follow_redirects=False)
    assert response.status_code == 413 and len(response.content) < 1000
    code, _ = new_table(client, seats=5)
    response = client.post(f"/t/{code}/join", data={"name": "x" * (100 * 1024)}, follow_redirects=False)
    assert response.status_code == 413

    def stream():  # no Content-Length: counted as it arrives
        for _ in range(100):
            yield b"name=" + b"x" * 4096

    response = client.post(
        f"/t/{code}/join",
        content=stream(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert response.status_code == 413
    # A small file where a form field belongs is refused, not echoed into the lobby.
    small = client.post("/tables", files={"game": ("g.txt", b"<b>hola</b>" * 50)}, data={"seats": "5"})
    assert small.status_code == 400 and "hola" not in small.text
    api = client.post(f"/api/tables/{code}/seats", content=b'{"name": "' + b"x" * 10_000 + b'"}')
    assert api.status_code == 413 and api.json()["error"] == "too-big"
    assert all(seat.name is None for seat in client.app.state.store.load(code).seats)


def test_un_mensaje_binario_por_el_websocket_no_rompe_nada(client):
    code, tokens = started(client)
    client.cookies.set(f"velada_seat_{code}", tokens["Ana"])
    with client.websocket_connect(f"/t/{code}/ws") as ws:
        receive(ws)
        ws.send_bytes(b"\x00\x01binario")
        while (error := receive(ws))["type"] == "state":  # the bots play on meanwhile
            pass
        assert error["type"] == "error" and error["code"] == "malformed" and error["text"]
        ws.send_json({"type": "ping"})
        while (pong := receive(ws))["type"] == "state":
            pass
        assert pong["type"] == "pong"


def test_todo_error_bajo_api_es_json(client, db):
    code, tokens = started(client)
    cases = [
        (client.get("/api/tables/nada/view"), 404, "no-table"),
        (client.post("/api/tables/nada/seats", json={"name": "Ana"}), 404, "no-table"),
        (client.post("/api/tables/nada/choices", json={"prompt": "x", "choose": []}), 404, "no-table"),
        (client.get("/api/nada"), 404, "not-found"),
        (client.get(f"/api/tables/{code}/choices"), 405, "method-not-allowed"),
        (client.get(f"/api/tables/{code}/view", headers={"Host": "evil.example"}), 400, "bad-request"),
        (client.post(f"/api/tables/{code}/choices", headers=bearer(tokens["Ana"]), content=b"{"), 400, "malformed"),
    ]
    for response, status, error in cases:
        assert response.status_code == status, (response.request.url, response.text)
        assert response.headers["content-type"].startswith("application/json"), response.text
        assert response.json()["error"] == error and response.json()["text"]
    # An unexpected failure too: JSON, and no traceback.
    app = create_app(db, bot_delay=0)
    with TestClient(app, raise_server_exceptions=False) as broken:

        def fail(code):
            raise RuntimeError("boom: a secret traceback")

        app.state.hub.get = fail
        for response in (broken.get("/api/tables/x/view"), broken.post("/api/tables/x/seats", json={"name": "A"})):
            assert response.status_code == 500 and response.json()["error"] == "server-error"
            assert "boom" not in response.text
        page = broken.get("/t/x")
        assert page.status_code == 500 and "boom" not in page.text


# --- 6. The lobby lists only this browser's tables --------------------------------------------------------


def test_el_lobby_solo_lista_las_mesas_creadas_en_este_navegador(client):
    mine, _ = new_table(client, seats=5)
    other_browser = TestClient(client.app)
    theirs, _ = new_table(other_browser, seats=5)
    assert mine in client.get("/").text and theirs not in client.get("/").text
    assert theirs in other_browser.get("/").text and mine not in other_browser.get("/").text
    stranger = TestClient(client.app)
    assert mine not in stranger.get("/").text and theirs not in stranger.get("/").text
    # A made-up host cookie lists nothing.
    stranger.cookies.set(f"velada_host_{mine}", "not-the-host-token")
    assert mine not in stranger.get("/").text


def test_los_limites_cuentan_por_direccion_y_por_red_ipv6():
    from velada.web.security import Limits, client_key

    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"
    # One home or phone gets a whole /64: its addresses count as one.
    assert client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::5") != client_key("2001:db8:1:2::5")
    assert client_key(None) == "?" and client_key("testclient") == "testclient"
    limits = Limits({"seat": Rate(0.001, 2)}, max_keys=4)
    assert [limits.check("seat", "a") for _ in range(3)][:2] == [None, None]
    assert limits.check("seat", "a") >= 1  # the seconds to wait
    for key in "bcdefgh":  # many keys: the oldest are forgotten, memory stays bounded
        limits.check("seat", key)
    assert len(limits.buckets) <= 4


def test_los_limites_olvidan_los_cubos_llenos_sin_esperar_al_maximo(monkeypatch):
    """A full bucket is what a new one would be: forgetting it changes no answer. Each game's seats get new tokens,
    so a busy server made a bucket per seat and kept them all until ``max_keys`` (20 000, ~10 MB); now the full ones
    go every :data:`~velada.web.security.PRUNE_SECONDS`. A client still being held back keeps its bucket."""
    from velada.web import security
    from velada.web.security import Limits

    now = [1000.0]
    monkeypatch.setattr(security.time, "monotonic", lambda: now[0])
    limits = Limits({"write": Rate(1, 3)})
    for n in range(500):
        limits.check("write", f"asiento-{n}")
    for _ in range(3):
        limits.check("write", "insistente")
    assert limits.check("write", "insistente") is not None  # held back
    now[0] += security.PRUNE_SECONDS + 0.5  # the others refilled; "insistente" too, but it keeps asking
    for _ in range(3):
        limits.check("write", "insistente")
    assert limits.check("write", "nuevo") is None
    assert set(limits.buckets) <= {("write", "insistente"), ("write", "nuevo")}
    assert limits.check("write", "insistente") is not None  # still held back: its bucket was not forgotten


# --- the promises and their tests ----------------------------------------------------------------------------


def test_cada_prueba_que_cita_docs_security_existe():
    """docs/security.md names a test for each promise: each named test exists."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "security.md").read_text(encoding="utf-8")
    cited = re.findall(r"`(tests/[\w/]+\.py)::(test_\w+)`", doc)
    assert len(cited) > 20
    for path, name in cited:
        source = (root / path).read_text(encoding="utf-8")
        assert re.search(rf"^def {name}\(", source, re.MULTILINE), f"{path}::{name}"
