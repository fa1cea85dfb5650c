"""The host's and the narrator seat's API through the ASGI app: a program proves it is the host with the host token
as Bearer; a browser's host cookie counts only from the table's own page (another site cannot start a table or take
the narrator's seat through a visitor's browser); the narrator's token never comes from a cookie."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.web.helpers import new_table
from velada.web.app import create_app


@pytest.fixture
def client(tmp_path, monkeypatch):
    from velada.web import security

    monkeypatch.setattr(security, "LOOPBACK", (*security.LOOPBACK, "testserver"))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'velada.sqlite3'}", bot_delay=0)) as client:
        yield client


def test_el_anfitrion_empieza_por_la_api_con_su_llave_y_no_desde_otro_sitio(client):
    code, host = new_table(client, seats=5)
    for path in ("bots", "narrator", "start"):
        # The host's cookie, sent by the browser from another site, or with no proof of where it comes from.
        cross = client.post(f"/api/tables/{code}/{path}", headers={"Origin": "https://otro.example"}, json={})
        assert cross.status_code == 403 and cross.json()["error"] == "bad-origin"
        bare = client.post(f"/api/tables/{code}/{path}", json={})
        assert bare.status_code == 403 and bare.json()["error"] == "bad-origin"
    assert client.app.state.hub.get(code).status == "lobby"

    stranger = TestClient(client.app)  # no cookie: a program with a wrong token
    wrong = stranger.post(f"/api/tables/{code}/start", headers={"Authorization": "Bearer nada"}, json={})
    assert wrong.status_code == 403 and wrong.json()["error"] == "not-host"

    program = {"Authorization": f"Bearer {host}"}
    assert stranger.post(f"/api/tables/{code}/bots", headers=program, json={}).status_code == 200
    narrator = stranger.post(f"/api/tables/{code}/narrator", headers=program, json={}).json()["token"]
    assert stranger.post(f"/api/tables/{code}/start", headers=program, json={}).json()["status"] == "playing"

    # From the table's own page, the cookie is enough.
    same = client.post(f"/api/tables/{code}/narrator", headers={"Sec-Fetch-Site": "same-origin"}, json={})
    assert same.status_code == 200 and same.json()["token"] != narrator

    # The narrator's token: a Bearer header only; the old one ended when the page asked for a new one.
    old = {"Authorization": f"Bearer {narrator}"}
    assert stranger.get(f"/api/tables/{code}/narrator/view", headers=old).status_code == 401
    new = {"Authorization": f"Bearer {same.json()['token']}"}
    view = stranger.get(f"/api/tables/{code}/narrator/view", headers=new).json()
    assert view["view"]["viewer"] is None and view["game"] == "hombres-lobo"
    stranger.cookies.set(f"velada_seat_{code}", same.json()["token"])
    assert stranger.get(f"/api/tables/{code}/narrator/view").json()["error"] == "not-narrator"
