"""A whole game played through the ASGI app, one human per seat, with every message on the wire checked.

Every seat is a person with a phone: a seat token from the JSON API, a websocket opened with that seat's
cookie, and the seat's own view (``GET /api/tables/{code}/view``) to find its prompts. Besides the seats, the
table has a shared screen that is not the host's (the public view, silent), the host's screen (the public view,
speaking) and the narrator's seat (everything). The test answers each open prompt with a random legal choice and,
after every choice, reads every socket and checks each message against :func:`velada.core.engine.build_view`
computed here from a replay of the table's record:

- a message's ``view`` is the connection's view at some state of the game between the state its previous
  message showed and now (so a server that skips unchanged views, or delivers late, still passes; one that sends
  a view the viewer never had, or sends them out of order, fails); after the end every viewer gets the narrator's
  view, everything face up;
- its ``html`` holds no string that is the viewer's secret at that state: any string of the narrator's view (in
  the connection's language) that appears nowhere in the viewer's; and inside each ``data-player`` element, no
  string of the narrator's entry for that player that the viewer's entry for that player lacks (a role printed
  next to the wrong name); every ``data-role``/``data-card``/``data-prompt``… attribute is a string of the view;
- every other field, and every message of another type (pong, errors), carries no secret either, and what the
  host's screen speaks is exactly the narration of the public events it has not spoken yet;
- after each drain every connection shows the current state, and the JSON API view of each seat equals its
  ``build_view``;
- answering a prompt that is another seat's (private or public), or one that does not exist, gets the same
  refusal, word for word, over the API and over the websocket.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from html import unescape
from typing import Any

import anyio
from markupsafe import escape

from velada.core.engine import Match, build_view
from velada.core.protocol import NARRATOR, PUBLIC

NAMES = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Íñigo", "Gil", "Hugo")
#: Strings shorter than this are not looked for in a page: a one- or two-letter id would be found anywhere.
MIN_SECRET = 3
#: Attributes whose values name game things; each must be a string of the viewer's view.
DATA_ATTRIBUTES = ("data-player", "data-role", "data-card", "data-objective", "data-prompt", "data-option")
RECEIVE_TIMEOUT = 10.0
UNKNOWN = "zz-no-existe"


def normalized(view: Any) -> Any:
    """A view as it travels: JSON and back (tuples become lists)."""
    return json.loads(json.dumps(view))


def strings(obj: Any, keys: bool = True, out: set[str] | None = None) -> set[str]:
    """Every string in a JSON value: its values, and its keys unless ``keys`` is false (a key names a field,
    "data" or "role", so it is no secret; what a viewer may know includes keys: a hand's card ids)."""
    out = set() if out is None else out
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if keys:
                out.add(str(key))
            strings(value, keys, out)
    elif isinstance(obj, list | tuple | set | frozenset):
        for item in obj:
            strings(item, keys, out)
    return out


def blob(obj: Any) -> str:
    """Every string of a JSON value in one text, to ask whether a string appears anywhere inside it."""
    return "\x00".join(sorted(strings(obj)))


def unknown_to(narrator: Any, viewer: Any, public: str = "") -> set[str]:
    """The strings of the narrator's value that appear nowhere in the viewer's (nor in ``public``)."""
    known = blob(viewer) + "\x00" + public
    return {s for s in strings(narrator, keys=False) if len(s) >= MIN_SECRET and s not in known}


def paths(obj: Any, needle: str, path: str = "") -> list[str]:
    """Where ``needle`` occurs in a JSON value (for failure messages)."""
    if isinstance(obj, str):
        return [path] if needle in obj else []
    if isinstance(obj, dict):
        return [p for key, value in obj.items() for p in paths(value, needle, f"{path}.{key}")]
    if isinstance(obj, list):
        return [p for i, item in enumerate(obj) for p in paths(item, needle, f"{path}[{i}]")]
    return []


def context(text: str, needle: str, width: int = 160) -> str:
    at = text.find(needle)
    if at < 0:
        at = text.find(str(escape(needle)))
    return text[max(0, at - width) : at + len(needle) + width] if at >= 0 else ""


def public_data(game: Any, lang: str) -> set[str]:
    """What every viewer knows without any view: the pages' own words (the web catalogue, without its
    placeholders) and a board's layout (El ansia's spaces are drawn from it)."""
    from velada.web.render import MESSAGES

    known = {piece for text in MESSAGES.messages.get(lang, {}).values() for piece in re.split(r"\{[^}]*\}", text)}
    layout = getattr(game, "board_layout", None)
    return known | (strings(layout()) if layout is not None else set())


def derived(game: Any, view: Any, lang: str) -> set[str]:
    """The texts a page draws from the ids of a view, as the games' templates do: a card's name
    (``card_name``), a marker's words (``marker.<id>`` in the game's catalogue)."""
    out: set[str] = set()
    card_name = getattr(game, "card_name", None)
    for s in strings(view):
        if game.catalog.has(lang, f"marker.{s}"):
            out.add(game.text(lang, f"marker.{s}"))
        if card_name is not None:
            with contextlib.suppress(Exception):
                out.add(card_name(s, lang))
    return out


TOKEN = re.compile(r"<!--.*?-->|<![^>]*>|<(/?)([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>|([^<]+)", re.S)
ATTRIBUTE = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


class Page:
    """An html fragment read back: its text and attribute values (unescaped), the ``data-*`` attributes, and the
    same text for each ``data-player`` element (everything inside it, its own attributes included)."""

    def __init__(self, html: str) -> None:
        stack: list[tuple[str, str | None]] = []
        pieces: list[str] = []
        self.regions: dict[str, list[str]] = defaultdict(list)
        self.attributes: list[tuple[str, str]] = []
        owners: list[str] = []  # the data-player elements open around the current point
        for match in TOKEN.finditer(html):
            closing, tag, attrs, self_closing, text = match.groups()
            if text is not None:
                text = unescape(text)
                pieces.append(text)
                for owner in set(owners):
                    self.regions[owner].append(text)
            elif tag is None:
                continue  # a comment
            elif closing:
                tag = tag.lower()
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][0] == tag:
                        del stack[i:]
                        break
                owners = [p for _, p in stack if p]
            else:
                values = {}
                for name, v1, v2, v3 in ATTRIBUTE.findall(attrs):
                    value = unescape(v1 or v2 or v3 or "")
                    values[name.lower()] = value
                    self.attributes.append((name.lower(), value))
                player = values.get("data-player")
                mine = set(owners) | ({player} if player else set())
                for value in values.values():
                    pieces.append(value)
                    for owner in mine:
                        self.regions[owner].append(value)
                tag = tag.lower()
                if not self_closing and tag not in VOID:
                    stack.append((tag, player))
                    if player:
                        owners.append(player)
        self.text = "\x00".join(pieces)


@dataclass
class Conn:
    """One open websocket and what it has received."""

    name: str
    ws: Any
    viewer: str | None  # a player, PUBLIC, or None (the narrator's seat)
    lang: str
    speaks: bool = False
    #: The state index the last message showed (-1: the lobby, before the game).
    at: int = -1
    last_view: Any = None
    last_version: int | None = None
    spoken: list[str] = field(default_factory=list)
    #: Every message received, in order, for tests about the stream as a whole.
    messages: list[dict[str, Any]] = field(default_factory=list)
    #: A name this connection sent, which a refusal may echo back to it.
    echo: str = ""
    #: Received, not yet checked (they may belong to a state the replay has not reached yet).
    inbox: list[dict[str, Any]] = field(default_factory=list)
    #: (state index, message) of every state message after the start.
    states: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


async def _receive(stream: Any, timeout: float) -> Any:
    with anyio.fail_after(timeout):
        return await stream.receive()


def _receive_nowait(stream: Any) -> Any:
    try:
        return stream.receive_nowait()
    except anyio.WouldBlock:
        return None


class Table:
    """A table played by the test, one human per seat, with the expected views of every state."""

    def __init__(self, client: Any, game_id: str, seats: int, options: dict[str, str], seed: int) -> None:
        from .helpers import new_table

        self.client = client
        self.rng = random.Random(seed)
        self.code, self.host = new_table(client, seats=seats, game=game_id, options=options)
        self.live = client.app.state.hub.get(self.code)
        self.game = self.live.game
        self.names = list(NAMES[:seats])
        #: Half the seats read the game in English, on the phone and over the API.
        self.langs = {name: ("es", "en")[i % 2] for i, name in enumerate(self.names)}
        self.tokens: dict[str, str] = {}
        for name in self.names:
            response = client.post(f"/api/tables/{self.code}/seats", json={"name": name})
            assert response.status_code == 200, response.text
            self.tokens[name] = response.json()["token"]
        self.conns: list[Conn] = []
        self.stack = contextlib.ExitStack()
        self.replica: Match | None = None
        self.applied = 0
        #: Per state index: {(viewer, lang): view as sent}, and what the host's screen speaks on reaching it.
        self.expected: list[dict[tuple[str | None, str], Any]] = []
        self.narration: list[list[str]] = []
        self.finished: list[bool] = []
        self._secrets: dict[tuple[str | None, str, int], tuple[set[str], dict[str, set[str]], set[str]]] = {}
        self.choices_made = 0
        self.probes = 0
        self.ws_probes = 0
        self.references: dict[str, dict[str, Any]] = {}
        self.public = {lang: public_data(self.game, lang) for lang in ("es", "en")}
        self._public_blob = {lang: blob(known) for lang, known in self.public.items()}

    # --- connections ---------------------------------------------------------------------------------------

    def _connect(self, name: str, url: str, cookies: dict[str, str], viewer: str | None, lang: str, speaks=False):
        self.client.cookies.clear()
        for key, value in cookies.items():
            self.client.cookies.set(key, value)
        ws = self.stack.enter_context(self.client.websocket_connect(url))
        self.client.cookies.clear()
        conn = Conn(name, ws, viewer, lang, speaks)
        self.conns.append(conn)
        return conn

    def open(self) -> None:
        code = self.code
        for name in self.names:
            lang = self.langs[name]
            self._connect(name, f"/t/{code}/ws?lang={lang}", {f"velada_seat_{code}": self.tokens[name]}, name, lang)
        self._connect("pantalla", f"/t/{code}/ws?host=1&lang=es", {}, PUBLIC, "es")
        host = {f"velada_host_{code}": self.host}
        self.host_conn = self._connect("anfitrion", f"/t/{code}/ws?host=1&lang=en", host, PUBLIC, "en", speaks=True)
        self.narrator = self._connect("narrador", f"/t/{code}/ws?narrador=1&lang=es", host, None, "es")
        for conn in self.conns:
            self.handle(conn, self.receive(conn))

    def close(self) -> None:
        self.stack.close()

    def receive(self, conn: Conn) -> dict[str, Any]:
        message = conn.ws.portal.call(_receive, conn.ws._send_rx, RECEIVE_TIMEOUT)
        return self._decode(conn, message)

    def _decode(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any]:
        assert message["type"] == "websocket.send", (conn.name, message)
        return json.loads(message["text"])

    def drain(self, conn: Conn) -> None:
        """Take what the socket already holds, without waiting, into its inbox."""
        while True:
            message = conn.ws.portal.call(_receive_nowait, conn.ws._send_rx)
            if message is None:
                return
            conn.inbox.append(self._decode(conn, message))

    def barrier(self, conn: Conn) -> None:
        """Wait until the server has sent this socket everything before a ping (the reply comes after it), into
        its inbox."""
        conn.ws.send_json({"type": "ping"})
        while True:
            message = self.receive(conn)
            conn.inbox.append(message)
            if message["type"] == "pong" or (message["type"] == "error" and message["code"] == "too-fast"):
                return

    def process(self, conn: Conn) -> None:
        inbox, conn.inbox = conn.inbox, []
        for message in inbox:
            self.handle(conn, message)

    # --- the expected views --------------------------------------------------------------------------------

    def viewers(self) -> list[tuple[str | None, str]]:
        pairs = {(conn.viewer, conn.lang) for conn in self.conns}
        pairs |= {(name, lang) for name, lang in self.langs.items()}
        pairs |= {(None, "es"), (None, "en")}
        return sorted(pairs, key=lambda p: (p[0] is not None, p[0] or "", p[1]))

    def _snapshot(self) -> None:
        """The expected views of the replica's current state, as the next state index."""
        match = self.replica
        state = match.state
        views: dict[tuple[str | None, str], Any] = {}
        for lang in ("es", "en"):
            views[None, lang] = normalized(build_view(self.game, state, None, lang))
        for viewer, lang in self.viewers():
            if viewer is None:
                continue
            if state.result is not None:
                # After the end, every viewer gets the narrator's view: every card face up.
                views[viewer, lang] = views[None, lang] | {"viewer": viewer, "prompts": []}
            else:
                views[viewer, lang] = normalized(build_view(self.game, state, viewer, lang))
        public = [event for event in state.log if event.visible_to(PUBLIC)]
        lines: list[str] = []
        for event in public[self._public_events :]:
            lines.extend(self.game.narration(state, event, self.host_conn.lang))
        self._public_events = len(public)
        self.expected.append(views)
        self.narration.append(lines)
        self.finished.append(state.result is not None)

    def sync(self) -> None:
        """Replay the table's record up to now, one state per choice."""
        record = self.live.match.record()
        if self.replica is None:
            self.replica = Match(self.game, record["players"], record["options"], record["seed"])
            self._public_events = 0
            self._snapshot()
        for choice in record["choices"][self.applied :]:
            self.replica.choose(choice["player"], choice["prompt"], choice["choose"])
            self.applied += 1
            self._snapshot()
        assert self.replica.state == self.live.match.state, "the replay of the record differs from the table"

    @property
    def now(self) -> int:
        return len(self.expected) - 1

    def view(self, viewer: str | None, lang: str, index: int | None = None) -> Any:
        return self.expected[self.now if index is None else index][viewer, lang]

    def secrets(self, viewer: str | None, lang: str, index: int) -> tuple[set[str], dict[str, set[str]], set[str]]:
        """What ``viewer`` may not know at state ``index``: narrator strings absent from their view; per player,
        narrator strings of that player's entry absent from the viewer's entry; and every string of the view."""
        key = (viewer, lang, index)
        found = self._secrets.get(key)
        if found is None:
            mine = self.view(viewer, lang, index)
            narrator = self.view(None, lang, index)
            known = strings(mine) | self.public[lang]
            if viewer is None:
                found = (set(), {}, known)
            else:
                public = self._public_blob[lang]
                theirs = {p["id"]: p for p in mine.get("players") or [] if isinstance(p, dict) and "id" in p}
                per_player = {
                    p["id"]: unknown_to(p, theirs.get(p["id"]), blob(derived(self.game, theirs.get(p["id"]), lang)))
                    for p in narrator.get("players") or []
                    if isinstance(p, dict) and "id" in p
                }
                extra = public + "\x00" + blob(derived(self.game, mine, lang))
                found = (unknown_to(narrator, mine, extra), per_player, known)
            self._secrets[key] = found
        return found

    # --- checking what arrives -----------------------------------------------------------------------------

    def handle(self, conn: Conn, message: dict[str, Any]) -> None:
        conn.messages.append(message)
        if message.get("type") != "state":
            self.check_other(conn, message)
            return
        view = message.get("view")
        if view is None:
            assert self.replica is None and message["status"] == "lobby", (conn.name, "a view-less message mid-game")
            return
        start = max(conn.at, 0)
        index = next(
            (i for i in range(start, self.now + 1) if self.view(conn.viewer, conn.lang, i) == view),
            None,
        )
        if index is None:
            expected = self.view(conn.viewer, conn.lang)
            keys = set(view) | set(expected)
            diff = {k: (view.get(k), expected.get(k)) for k in keys if view.get(k) != expected.get(k)}
            raise AssertionError(
                f"{conn.name} ({conn.viewer}, {conn.lang}) got a view it never had between states {start} and "
                f"{self.now}; differences with the current one: {json.dumps(diff, ensure_ascii=False)[:3000]}"
            )
        conn.at = index
        conn.last_view = view
        conn.states.append((index, message))
        assert message["status"] == ("finished" if self.finished[index] else "playing"), (conn.name, message["status"])
        version = message.get("version")
        if conn.last_version is not None and isinstance(version, int):
            assert version >= conn.last_version, (conn.name, "versions went back", conn.last_version, version)
        conn.last_version = version if isinstance(version, int) else conn.last_version
        self.check_page(conn.name, conn.viewer, conn.lang, index, message.get("html", ""))
        extra = {k: v for k, v in message.items() if k not in ("view", "html", "speech")}
        self.check_free(conn.name, conn.viewer, conn.lang, index, json.dumps(extra, ensure_ascii=False))
        speech = message.get("speech") or []
        if conn.speaks:
            conn.spoken.extend(speech)
            expected_speech = [line for lines in self.narration[: index + 1] for line in lines]
            assert conn.spoken == expected_speech, (conn.name, "spoke", conn.spoken[-5:], expected_speech[-5:])
        else:
            assert speech == [], (conn.name, "only the host's screen speaks", speech)
        for line in speech:
            self.check_free(conn.name, conn.viewer, conn.lang, index, line)

    def check_other(self, conn: Conn, message: dict[str, Any]) -> None:
        assert message.get("type") in ("pong", "error"), (conn.name, message)
        if self.expected:
            text = json.dumps(message, ensure_ascii=False)
            echoed = {s for s in self.secrets(conn.viewer, conn.lang, self.now)[0] if s in conn.echo}
            self.check_free(conn.name, conn.viewer, conn.lang, self.now, text, allowed=echoed)

    def check_free(self, who: str, viewer: str | None, lang: str, index: int, text: str, allowed=()) -> None:
        """A text sent to ``viewer`` (an error, a spoken line, a message's other fields) holds none of its secrets."""
        hidden, _, _ = self.secrets(viewer, lang, index)
        leaked = sorted(s for s in hidden - set(allowed) if s in text or json.dumps(s)[1:-1] in text)
        assert not leaked, f"{who} ({viewer}) was sent secrets {leaked} in {text[:400]}"

    def check_page(self, who: str, viewer: str | None, lang: str, index: int, html: str) -> None:
        """An html fragment or page for ``viewer`` at state ``index`` shows nothing they may not know."""
        hidden, per_player, known = self.secrets(viewer, lang, index)
        page = Page(html)
        leaked = sorted(s for s in hidden if s in page.text or s in html or str(escape(s)) in html)
        assert not leaked, (
            f"{who} ({viewer}, state {index}) was shown secrets {leaked}: in the page "
            f"…{context(html, leaked[0])}…; in the narrator's view at {paths(self.view(None, lang, index), leaked[0])}"
        )
        for player, pieces in page.regions.items():
            region = "\x00".join(pieces)
            wrong = sorted(s for s in per_player.get(player, ()) if s in region)
            assert not wrong, (
                f"{who} ({viewer}, state {index}) was shown {wrong} beside {player}: …{context(region, wrong[0])}…; "
                f"in the narrator's view at {paths(self.view(None, lang, index), wrong[0])}"
            )
        for name, value in page.attributes:
            if name in DATA_ATTRIBUTES and value:
                assert value in known, f"{who} ({viewer}, state {index}): {name}={value!r} is not in their view"

    # --- playing -------------------------------------------------------------------------------------------

    def auth(self, name: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[name]}"}

    def post(self, name: str, path: str, body: dict[str, Any]) -> Any:
        """A POST for a seat, waiting out the API's rate limit (a script is faster than it allows)."""
        for _ in range(200):
            response = self.client.post(
                f"/api/tables/{self.code}/{path}?lang={self.langs[name]}", headers=self.auth(name), json=body
            )
            if response.status_code != 429:
                return response
            time.sleep(0.05)
        raise AssertionError("the API kept refusing: too fast")

    def start(self) -> None:
        self.host_conn.ws.send_json({"type": "start"})
        self.barrier(self.host_conn)
        self.sync()
        self.settle()

    def settle(self) -> None:
        """Read every socket; each must now show the current state (waiting for late messages if needed)."""
        for conn in self.conns:
            self.drain(conn)
            self.process(conn)
        for conn in self.conns:
            if conn.last_view != self.view(conn.viewer, conn.lang):
                self.barrier(conn)
                self.process(conn)
            assert conn.last_view == self.view(conn.viewer, conn.lang), (
                f"{conn.name} still shows state {conn.at}, not {self.now}"
            )

    def api_views(self) -> dict[str, Any]:
        """Each seat's view over the JSON API, checked against build_view; returns them by seat."""
        views = {}
        for name in self.names:
            response = self.client.get(f"/api/tables/{self.code}/view?lang={self.langs[name]}", headers=self.auth(name))
            assert response.status_code == 200, response.text
            data = response.json()
            expected = self.view(name, self.langs[name])
            assert data["view"] == expected, f"the API view of {name} is not build_view's"
            extra = json.dumps({k: v for k, v in data.items() if k != "view"}, ensure_ascii=False)
            self.check_free(f"api:{name}", name, self.langs[name], self.now, extra)
            views[name] = data["view"]
        return views

    def pick(self, prompt: dict[str, Any]) -> list[str]:
        """A random legal answer: mostly an answer, now and then a skip where skipping is allowed."""
        rng = self.rng
        if prompt["text_max"]:
            return [rng.choice(["¿Saldré vivo?", "Do I win?", "¿Quién miente?"])[: prompt["text_max"]]]
        options = [o["id"] for o in prompt["options"]]
        if prompt["skippable"] and (not options or rng.random() < 0.1):
            return []
        low = max(prompt["min"], 1)
        high = max(low, min(prompt["max"], len(options)))
        return rng.sample(options, rng.randint(low, high))

    def step(self) -> bool:
        """One choice by somebody with a prompt open, then every check. False once the game is over."""
        if self.finished[self.now]:
            return False
        views = self.api_views()
        open_ = [(name, p) for name, view in views.items() for p in view["prompts"] if not p["answered"]]
        narrator_view = self.narrator.last_view
        open_ += [(NARRATOR, p) for p in narrator_view["prompts"] if p["player"] == NARRATOR and not p["answered"]]
        assert open_, "nobody has anything to answer but the game is not over"
        self.probe(views)
        who, prompt = self.rng.choice(open_)
        chosen = self.pick(prompt)
        if who == NARRATOR:
            self.narrator.ws.send_json({"type": "choose", "prompt": prompt["id"], "choose": chosen})
            self.barrier(self.narrator)  # the reply to the ping comes after the choice's broadcast
        else:
            response = self.post(who, "choices", {"prompt": prompt["id"], "choose": chosen})
            assert response.status_code == 200, (who, prompt["id"], chosen, response.json())
            self.check_free(f"api:{who}", who, self.langs[who], self.now, response.text)
        self.choices_made += 1
        self.sync()
        self.settle()
        self.check_pages()
        return True

    def check_pages(self) -> None:
        """The pages a browser loads (a seat's, the shared screen's) show no more than the sockets."""
        name = self.rng.choice(self.names)
        lang = self.langs[name]
        self.client.cookies.clear()
        self.client.cookies.set(f"velada_seat_{self.code}", self.tokens[name])
        page = self.client.get(f"/t/{self.code}?lang={lang}")
        self.client.cookies.clear()
        assert page.status_code == 200
        self.check_page(f"page:{name}", name, lang, self.now, page.text)
        screen = self.client.get(f"/t/{self.code}/host?lang=es")
        assert screen.status_code == 200
        self.check_page("page:host", PUBLIC, "es", self.now, screen.text)

    # --- refusals ------------------------------------------------------------------------------------------

    def reference(self, name: str) -> dict[str, Any]:
        """The refusal for a prompt nobody has: what every probe of a prompt that is not the seat's must get."""
        response = self.post(name, "choices", {"prompt": UNKNOWN, "choose": []})
        assert response.status_code == 409
        return {"status": response.status_code, "json": response.json()}

    def probe(self, views: dict[str, Any]) -> None:
        """A seat answers a prompt that is not its own (another seat's, the narrator's, or nobody's): the refusal is
        the one for a prompt nobody has, with the name it gave, over the API and now and then over its socket."""
        name = self.rng.choice(self.names)
        mine = {p["id"] for p in views[name]["prompts"]} | {p["kind"] for p in views[name]["prompts"]}
        narrator = self.view(None, "es")
        others = sorted(({p["id"] for p in narrator["prompts"]} | {p["kind"] for p in narrator["prompts"]}) - mine)
        if not others:
            return
        target = self.rng.choice(others)
        lang = self.langs[name]
        reference = self.references.get(lang)
        if reference is None:
            reference = self.references[lang] = self.reference(name)
        expected = json.loads(json.dumps(reference["json"]).replace(UNKNOWN, target))
        response = self.post(name, "choices", {"prompt": target, "choose": []})
        assert (response.status_code, response.json()) == (reference["status"], expected), (
            f"{name} answering {target!r} (not theirs) got {response.json()}, not {expected}"
        )
        self.probes += 1
        if self.probes % 8 == 0:
            conn = next(c for c in self.conns if c.viewer == name)
            conn.echo = target
            conn.ws.send_json({"type": "choose", "prompt": target, "choose": []})
            while True:
                message = self.receive(conn)
                self.handle(conn, message)
                if message["type"] == "error":
                    break
            conn.echo = ""
            if message["code"] != "too-fast":
                assert message == {"type": "error", "code": expected["error"], "text": expected["text"]}, message
                self.ws_probes += 1

    # --- the whole game ------------------------------------------------------------------------------------

    def play(self, limit: int) -> None:
        while self.choices_made < limit and self.step():
            pass

    def finish(self) -> None:
        """After the last choice: every socket ends on the final, open-cards view, and the record downloads."""
        for conn in self.conns:
            self.barrier(conn)
            self.process(conn)
            assert conn.last_view == self.view(conn.viewer, conn.lang), f"{conn.name} missed the end"
        if self.finished[self.now]:
            download = self.client.get(f"/t/{self.code}/partida.json")
            assert download.status_code == 200
            assert download.json() == json.loads(json.dumps(self.live.match.record()))
