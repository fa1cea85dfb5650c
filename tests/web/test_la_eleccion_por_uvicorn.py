"""A seat's choice through a real uvicorn, served as ``velada serve`` serves it: the route ahead of Starlette's layers
(velada.web.routes.fast) answers what the whole stack would, byte for byte but the date, also where the in-process
test client cannot go: several requests on one kept-alive connection, a body that arrives in pieces, a client that
hangs up halfway through its body, a body sent in chunks (left to the whole stack)."""

from __future__ import annotations

import json
import logging
import socket
import time

import pytest

from velada.client import Table

from .helpers import served_like_velada_serve, wait_until

NAMES = ("Ana", "Bea", "Carlos", "Dora", "Eva")


class Counted:
    """The app's fast choice, counting what it answered and the exceptions it let out; ``off``: it answers none
    (everything takes the whole stack)."""

    def __init__(self, fast) -> None:
        self.fast, self.off, self.answered, self.errors = fast, False, 0, []

    async def __call__(self, app, scope, receive, send) -> bool:
        if self.off:
            return False
        try:
            answered = await self.fast(app, scope, receive, send)
        except Exception as exc:
            self.errors.append(exc)
            raise
        self.answered += answered
        return answered


@pytest.fixture
def table(monkeypatch, tmp_path):
    """A started table of five people (no bots) on a real uvicorn: (counted fast choice, port, code, tokens)."""
    with served_like_velada_serve(monkeypatch, f"sqlite:///{tmp_path / 'v.sqlite3'}") as (app, _, port, _):
        counted = app.choose = Counted(app.choose)
        host = Table.create(f"http://127.0.0.1:{port}", "hombres-lobo", seats=len(NAMES))
        seats = {name: host.table.sit(name) for name in NAMES}
        host.start()
        yield counted, port, host.table.code, {name: seat.token for name, seat in seats.items()}, seats


def _request(port: int, code: str, token: str, body: bytes, **headers: str) -> bytes:
    head = [f"POST /api/tables/{code}/choices HTTP/1.1", f"Host: 127.0.0.1:{port}", f"Authorization: Bearer {token}"]
    head += ["Content-Type: application/json", *(f"{k}: {v}" for k, v in headers.items())]
    if "Transfer-Encoding" not in headers:
        head.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def _read_answer(conn: socket.socket) -> bytes:
    """One HTTP answer (with a Content-Length) read off ``conn``, the ``date`` header left out."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        assert chunk, f"the server hung up: {data!r}"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    while len(rest) < length:
        chunk = conn.recv(65536)
        assert chunk, "the server hung up mid-answer"
        rest += chunk
    kept = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"date:")]
    return b"\r\n".join(kept) + b"\r\n\r\n" + rest[:length]


def _ask(port: int, request: bytes, pieces: int = 1) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        step = -(-len(request) // pieces)
        for start in range(0, len(request), step):
            conn.sendall(request[start : start + step])
            time.sleep(0.05 if pieces > 1 else 0)
        return _read_answer(conn)


def _open_prompt(seats) -> tuple[str, dict]:
    for name, seat in seats.items():
        for prompt in seat.view().open_prompts:
            return name, {"prompt": prompt.id, "choose": list(prompt.options[: max(prompt.min, 1)])}
    raise AssertionError("nobody has an open prompt")


def test_la_eleccion_por_uvicorn_responde_lo_mismo_sin_capas_y_con_todas(table):
    counted, port, code, tokens, seats = table
    name, choice = _open_prompt(seats)
    illegal = json.dumps({"prompt": "nada", "choose": []}).encode()
    cases = {
        "illegal": _request(port, code, tokens[name], illegal),
        "malformed": _request(port, code, tokens[name], b"{"),
        "unknown token": _request(port, code, "inventado", json.dumps(choice).encode()),
        "foreign host": _request(port, code, tokens[name], illegal).replace(
            f"Host: 127.0.0.1:{port}".encode(), b"Host: evil.example"
        ),
    }
    for what, request in cases.items():
        for pieces in (1, 3):
            counted.off = False
            fast = _ask(port, request, pieces)
            counted.off = True
            whole = _ask(port, request, pieces)
            assert fast == whole, (what, pieces)
            assert b"x-content-type-options: nosniff" in fast.lower(), what
    # Only the foreign host was left to the whole stack by the fast route (counted once its answer is sent).
    assert wait_until(lambda: counted.answered == 2 * (len(cases) - 1), 5) and not counted.errors


def test_varias_elecciones_en_una_conexion_que_sigue_abierta(table):
    counted, port, code, tokens, seats = table
    name, choice = _open_prompt(seats)
    illegal = _request(port, code, tokens[name], json.dumps({"prompt": "nada", "choose": []}).encode())
    legal = _request(port, code, tokens[name], json.dumps(choice).encode())
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(illegal)
        refused = _read_answer(conn)
        conn.sendall(legal)
        accepted = _read_answer(conn)
        conn.sendall(legal)  # the same prompt again: answered already
        again = _read_answer(conn)
    assert refused.startswith(b"HTTP/1.1 409") and accepted.startswith(b"HTTP/1.1 200"), (refused, accepted)
    assert b'"ok":true' in accepted.replace(b" ", b"") and again.startswith(b"HTTP/1.1 409")
    assert wait_until(lambda: counted.answered == 3, 5) and not counted.errors
    assert choice["prompt"] not in [p.id for p in seats[name].view().open_prompts]


def test_un_cuerpo_por_trozos_lo_contesta_la_pila_entera(table):
    counted, port, code, tokens, seats = table
    name, _ = _open_prompt(seats)
    body = json.dumps({"prompt": "nada", "choose": []}).encode()
    chunked = _request(
        port, code, tokens[name], b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body), **{"Transfer-Encoding": "chunked"}
    )
    answer = _ask(port, chunked)
    assert answer.startswith(b"HTTP/1.1 409") and b"x-content-type-options: nosniff" in answer.lower()
    time.sleep(0.1)
    assert counted.answered == 0


class Logged(logging.Handler):
    """What the server logs as an error (uvicorn's ``Exception in ASGI application`` and the like)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.mark.parametrize("route", ["sin capas", "pila entera"])
def test_quien_cuelga_a_medio_cuerpo_no_cambia_nada_ni_deja_un_error(table, route):
    """A phone that loses its network halfway through sending a choice: nothing is chosen, and the server logs
    no error for it (it is no fault of the server's), on either route."""
    counted, port, code, tokens, seats = table
    counted.off = route == "pila entera"
    name, choice = _open_prompt(seats)
    legal = _request(port, code, tokens[name], json.dumps(choice).encode())
    logged = Logged()
    logging.getLogger("uvicorn.error").addHandler(logged)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(legal[:-5])  # all but the end of the body
            time.sleep(0.2)
        time.sleep(0.3)
    finally:
        logging.getLogger("uvicorn.error").removeHandler(logged)
    assert [r.getMessage() for r in logged.records] == [] and not counted.errors
    # Nothing was chosen: the prompt is still open, and the whole choice afterwards is taken.
    assert choice["prompt"] in [p.id for p in seats[name].view().open_prompts]
    assert _ask(port, legal).startswith(b"HTTP/1.1 200")
    assert choice["prompt"] not in [p.id for p in seats[name].view().open_prompts]
