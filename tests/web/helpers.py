from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
import weakref
from collections.abc import Iterator
from typing import Any

from velada.core.delta import patch
from velada.games import REGISTRY
from velada.web import render

HUMANS = ("Ana", "Bea", "Carlos")


def new_table(client, seats=8, game="hombres-lobo", bots=False, options=None, timers=None):
    """Create a table through the lobby form; returns its code and the host token."""
    data = {"game": game, "seats": str(seats), "mode": "presencial", "lang": "es"}
    data.update({f"opt:{k}": v for k, v in (options or {}).items()})
    data.update({f"timer:{k}": str(v) for k, v in (timers or {}).items()})
    if bots:
        data["bots"] = "1"
    response = client.post("/tables", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    code = response.headers["location"].split("/")[2]
    return code, client.cookies.get(f"velada_host_{code}")


def secret_marks(table, viewer):
    """Marks of other living players' cards that ``viewer`` may not know, as they would appear in the page."""
    state = table.match.state
    game = table.game
    marks = []
    for seat, player in enumerate(state.players):
        if player == viewer or not state.alive[seat]:
            continue
        if game.visible_role(state, viewer, seat) is None:
            marks.append(f'data-player="{player}" data-role="{state.roles[seat]}"')
    return marks


def settle(table, seconds=20.0):
    """Wait until the bots have played what they can: writes are made off the event loop, so the bots' turns go
    on in the background after the request that started them."""
    import time

    deadline = time.time() + seconds
    while time.time() < deadline:
        match = table.match
        if match.result is not None or not any(p.player in table.bots for p in match.pending()):
            time.sleep(0.05)  # the last broadcast
            return
        time.sleep(0.02)
    raise AssertionError("the bots did not settle")


def wait_until(predicate, seconds=20.0, step=0.05):
    """Whether ``predicate()`` came true within ``seconds`` (asked every ``step``)."""
    import time

    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False


_SEEN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def drawn_by_script(view, inputs, lang) -> str:
    """What the page's script draws from what its socket was sent (static/parts.js): the parts it draws
    (render.CLIENT_PARTS) from the view and the inputs, and the log's entries — here by the server's templates,
    which draw the same (test_partes_en_el_navegador.py)."""
    if view is None:
        return ""
    game = REGISTRY.get(view["game"])
    parts = [render.browser_part(name, game, view, inputs, lang) for name in sorted(render.CLIENT_PARTS)]
    narrator_only = render.MESSAGES.text(lang, "table.narrator-only")
    return "".join(parts) + "".join(render._item(entry, narrator_only) for entry in view.get("log") or ())


def with_view(socket, message):
    """A live socket's message as a program or a browser keeps it: ``view``, the view this socket has after it
    (rebuilt from the delta it carries, velada.core.delta), and ``html``, the page it shows (the last page
    sent and the parts sent since, with the parts and the log entries the page's script draws from the view:
    :func:`drawn_by_script`)."""
    if message.get("type") != "state" or "delta" not in message:
        return message
    seen = _SEEN.setdefault(socket, {"view": None, "page": "", "inputs": {}, "parts": {}, "drawn": ""})
    if "inputs" in message:
        seen["inputs"] = message["inputs"]
    if message["delta"] is not None:
        seen["view"] = patch(seen["view"], message["delta"])
        seen["drawn"] = drawn_by_script(seen["view"], seen["inputs"], seen["view"].get("lang", "es"))
    seen["parts"].update(message.get("parts", {}))
    if "html" in message:
        seen["page"] = message["html"]
    page = seen["page"] + "".join(seen["parts"].values()) + seen["drawn"]
    return message | {"view": seen["view"], "html": page}


def receive(socket, talk=False):
    """The next message of a test client's websocket, with its view and page (see :func:`with_view`); the
    talk channels' messages (``"type": "talk"``, a stream of their own) are passed over unless ``talk``."""
    while True:
        message = socket.receive_json()
        if talk or message.get("type") != "talk":
            return with_view(socket, message)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served_like_velada_serve(
    monkeypatch, db: str, **overrides: Any
) -> Iterator[tuple[Any, asyncio.AbstractEventLoop, int, Any]]:
    """A real uvicorn in a thread serving the app with the settings ``velada serve`` hands it (its ``uvicorn.run``
    is caught), ``overrides`` on top: ``(app, its event loop, port, the uvicorn.Server)``; the server's
    ``serve_settings`` are those ``velada serve`` chose."""
    import uvicorn
    from typer.testing import CliRunner

    from velada.cli import app as cli

    calls: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.update(app=app, **kwargs))
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--port", str(free_port()), "--bot-delay", "0"])
    assert result.exit_code == 0, result.output
    app = calls.pop("app")
    for name in ("workers", "factory", "host", "port"):
        calls.pop(name, None)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, loop="asyncio", **(calls | overrides))
    userver = uvicorn.Server(config)
    userver.serve_settings = dict(calls)  # type: ignore[attr-defined]
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(userver.serve(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not userver.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert userver.started
    try:
        yield app, loop, port, userver
    finally:
        userver.should_exit = True
        thread.join(timeout=15)
