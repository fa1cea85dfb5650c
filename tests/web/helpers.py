from __future__ import annotations

import weakref

from velada.core.delta import patch

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


_VIEWS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def with_view(socket, message):
    """A live socket's message with its ``view`` rebuilt from the delta it carries (velada.core.delta), as a
    program reading the socket keeps it: the view this socket has after the message."""
    if message.get("type") == "state" and "delta" in message:
        view = _VIEWS.get(socket)
        if message["delta"] is not None:
            view = patch(view, message["delta"])
            _VIEWS[socket] = view
        message = message | {"view": view}
    return message


def receive(socket):
    """The next message of a test client's websocket, with its view (see :func:`with_view`)."""
    return with_view(socket, socket.receive_json())
