"""A seat's choice served ahead of Starlette's layers (velada.web.routes.fast) answers every request exactly as
the whole stack does: the same status, headers (the security headers included) and body, byte for byte, for a
game played to its end over the API and for every refusal on the way; and what it does not plainly let through
(a foreign host, a body without a length or too big) is left to the whole stack."""

from __future__ import annotations

import json

import pytest
from starlette.routing import Match
from starlette.testclient import TestClient

from velada.web.app import create_app
from velada.web.routes import api

from .helpers import new_table, receive

NAMES = ("Ana", "Bea", "Carlos", "Dora", "Eva")
OURS = "http://testserver"


class Counted:
    """The app's fast choice, counting the requests it answered (or, ``off``, answering none)."""

    def __init__(self, fast, off: bool) -> None:
        self.fast, self.off, self.answered = fast, off, 0

    async def __call__(self, app, scope, receive, send) -> bool:
        if self.off:
            return False
        try:
            answered = await self.fast(app, scope, receive, send)
        except Exception:  # raised after its 500, as Starlette's error layer does
            answered = True
            raise
        finally:
            self.answered += answered
        return answered


@pytest.fixture
def both(tmp_path):
    """Two apps with the same seed, one with the fast choice and one without, each with a started table of five
    people (no bots: both games go exactly alike)."""
    sides = []
    for off in (False, True):
        app = create_app(f"sqlite:///{tmp_path / f'v{off}.sqlite3'}", bot_delay=0, seed=4242)
        app.choose = Counted(app.choose, off)
        client = TestClient(app, raise_server_exceptions=False).__enter__()
        code, _ = new_table(client, seats=len(NAMES))
        tokens = {n: client.post(f"/api/tables/{code}/seats", json={"name": n}).json()["token"] for n in NAMES}
        with client.websocket_connect(f"/t/{code}/ws?host=1") as screen:
            receive(screen)
            screen.send_json({"type": "start"})
            receive(screen)
        sides.append((app, client, code, tokens))
    yield sides
    for _, client, _, _ in sides:
        client.__exit__(None, None, None)


def _answer(response) -> tuple:
    return response.status_code, response.headers.multi_items(), response.content


def _next_choice(client, code, tokens):
    """The first seat (in seat order) with an open prompt, and a legal choice for it."""
    for name in NAMES:
        view = client.get(f"/api/tables/{code}/view", headers={"Authorization": f"Bearer {tokens[name]}"}).json()
        for prompt in view["view"]["prompts"]:
            if not prompt["answered"]:
                options = [o["id"] for o in prompt["options"][: max(prompt["min"], 1)]]
                return name, {"prompt": prompt["id"], "choose": options}
    return None, None


def _requests(client, code, tokens, name, choice):
    """Every kind of choice request at this step, the legal one last (it changes the table)."""
    path = f"/api/tables/{code}/choices"
    ana = {"Authorization": f"Bearer {tokens[name]}"}
    body = json.dumps(choice).encode()
    illegal = json.dumps({"prompt": "nada", "choose": []}).encode()
    return [
        client.post(path, headers=ana, json={"prompt": "nada", "choose": []}),  # 409, illegal
        client.post(path, headers=ana, content=b"{"),  # 400, malformed
        client.post(path, headers=ana, json={"prompt": "x", "choose": [], "more": 1}),  # 400, extra field
        client.post(path, headers={"Authorization": "Bearer inventado"}, json=choice),  # 401
        client.post(path, json=choice),  # 401, no token at all
        client.post("/api/tables/nada/choices", headers=ana, json=choice),  # 404
        client.post(path + "/x", headers=ana, json=choice),  # 404, not this route
        client.post(path, headers=ana | {"Host": "evil.example"}, json=choice),  # 400, foreign host
        client.post(path, headers=ana | {"Content-Type": "application/json"}, content=b" " * 5000),  # 413
        client.post(path, headers=ana, content=iter([illegal])),  # 409, chunked: no length
        client.post(path, headers={"Cookie": f"velada_seat_{code}={tokens[name]}"}, json=choice),  # 403, no origin
        client.post(
            path, headers={"Cookie": f"velada_seat_{code}={tokens[name]}", "Origin": OURS}, content=body
        ),  # 415, not JSON
        client.post(path, headers=ana, json=choice),  # the choice
    ]


def test_la_eleccion_sin_capas_responde_lo_mismo_que_con_todas(both):
    (fast_app, fast, fast_code, fast_tokens), (slow_app, slow, slow_code, slow_tokens) = both
    steps = 0
    while steps < 60:
        name, choice = _next_choice(fast, fast_code, fast_tokens)
        assert (name, choice) == _next_choice(slow, slow_code, slow_tokens)
        if name is None:
            break
        answers = _requests(fast, fast_code, fast_tokens, name, choice)
        expected = _requests(slow, slow_code, slow_tokens, name, choice)
        for got, want in zip(answers, expected, strict=True):
            assert _answer(got) == _answer(want), got.request
        assert answers[-1].status_code == 200
        assert answers[-1].headers["content-security-policy"]
        steps += 1
    assert steps >= 10
    # The fast way answered the plain requests (the illegal, malformed and refused ones, and the choice), never
    # the foreign host, the big or chunked body or another address; the whole stack answered all of the others.
    assert fast_app.choose.answered == steps * 9 and slow_app.choose.answered == 0


def test_un_fallo_inesperado_sin_capas_es_el_mismo_500(both):
    answers = []
    for app, client, code, tokens in both:
        table = app.state.hub.get(code)

        async def fail(*args):
            raise RuntimeError("boom: a secret traceback")

        table.choose = fail
        name, choice = _next_choice(client, code, tokens)
        ana = {"Authorization": f"Bearer {tokens[name]}"}
        response = client.post(f"/api/tables/{code}/choices", headers=ana, json=choice)
        assert response.status_code == 500 and response.json()["error"] == "server-error"
        assert "boom" not in response.text
        answers.append(_answer(response))
        # The exception still reaches the server (which logs it), both ways.
        client._transport.raise_server_exceptions = True
        with pytest.raises(RuntimeError, match="boom"):
            client.post(f"/api/tables/{code}/choices", headers=ana, json=choice)
    assert answers[0] == answers[1]
    assert both[0][0].choose.answered == 2 and both[1][0].choose.answered == 0


def test_la_ruta_sin_capas_es_la_que_el_enrutador_elegiria(both):
    """No route ahead of the choices route takes its addresses (the router picks the first that matches)."""
    app = both[0][0]
    for path in ("/api/tables/abc/choices", "/api/tables/a-b_c.1/choices", "/api/tables/%C3%B1/choices"):
        scope = {"type": "http", "method": "POST", "path": path, "root_path": "", "headers": []}
        first = next(r for r in app.router.routes if r.matches(scope)[0] is not Match.NONE)
        assert first.endpoint is api.api_choose, path
