"""A whole game played through the ASGI app, one human per seat, with every message on the wire checked.

Every seat is a person with a phone: a seat token from the JSON API, a websocket opened with that seat's
cookie, and the seat's own view (``GET /api/tables/{code}/view``) to find its prompts. Besides the seats, the
table has a shared screen that is not the host's (the public view, silent), the host's screen (the public view,
speaking) and the narrator's seat (everything). The test answers each open prompt with a random legal choice and,
after every choice, reads every socket and checks each message against :func:`velada.core.engine.build_view`
computed here from a replay of the table's record:

- a message's ``view`` (rebuilt from the delta it carries, :mod:`velada.core.delta`: so the delta carries nothing
  that view lacks) is the connection's view at some state of the game between the state its previous
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
- a clock is shown only to a viewer who sees a decision open (their own prompt, or a public vote's waiting list);
- the JSON API's ``version`` tags the seat's view: the same view, the same tag, and another view, another one;
- answering a prompt that is another seat's (private or public), or one that does not exist, gets the same
  refusal, word for word, over the API and over the websocket.

Each connection also keeps its messages in short (:class:`Record`), so that a test can ask what the stream as a
whole tells beyond the views (:func:`stream_problems`): numbers, repeats, one view shown two ways.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
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

from velada.core.delta import patch
from velada.core.engine import Match, build_view
from velada.core.narration import public_events, script
from velada.core.protocol import NARRATOR, PUBLIC
from velada.web import render

from .helpers import drawn_by_script

NAMES = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Íñigo", "Gil", "Hugo")
#: Strings shorter than this are not looked for in a page: a one- or two-letter id would be found anywhere.
MIN_SECRET = 3
#: Attributes whose values name game things; each must be a string of the viewer's view.
DATA_ATTRIBUTES = ("data-player", "data-role", "data-card", "data-objective", "data-prompt", "data-option")
RECEIVE_TIMEOUT = 10.0
#: Every how many choices a seat's page and the shared screen's page are loaded and checked too.
PAGES_EVERY = 3
#: Every how many choices every seat's JSON API view is checked (the acting seat's always is).
API_VIEWS_EVERY = 3
#: Every how many choices a seat answers a prompt that is not its own (and every eighth probe, on its socket).
PROBE_EVERY = 2
UNKNOWN = "zz-no-existe"


def normalized(view: Any) -> Any:
    """A view as it travels: JSON and back (tuples become lists)."""
    return json.loads(json.dumps(view))


def strings(obj: Any, keys: bool = True) -> set[str]:
    """Every string in a JSON value: its values, and its keys unless ``keys`` is false (a key names a field,
    "data" or "role", so it is no secret; what a viewer may know includes keys: a hand's card ids)."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            if keys:
                out.update(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
    return out


def share_log(view: Any, before: Any) -> None:
    """Let ``view`` reuse the log entries of ``before`` (the same viewer's view one state earlier) that did not
    change, so that what is computed from an entry is computed once (see :class:`Knowledge`)."""
    if not (isinstance(view, dict) and isinstance(before, dict)):
        return
    log, old = view.get("log"), before.get("log")
    if isinstance(log, list) and isinstance(old, list):
        for i, entry in enumerate(log[: len(old)]):
            if entry == old[i]:
                log[i] = old[i]


def dumped(obj: Any) -> str:
    """A JSON value as text (look for :func:`quoted` strings in it: JSON escapes quotes and backslashes)."""
    return json.dumps(obj, ensure_ascii=False)


def quoted(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)[1:-1]


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


class Knowledge:
    """What a viewer knows and may not know, string by string, for the views of one table."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.public = {lang: public_data(game, lang) for lang in ("es", "en")}
        self.public_text = {lang: "\x00".join(sorted(known)) for lang, known in self.public.items()}
        self._derived: dict[tuple[str, str], tuple[str, ...]] = {}
        self._entries: dict[tuple[int, bool], set[str]] = {}
        self._alive: list[Any] = []

    def strings(self, view: dict[str, Any], keys: bool = True) -> set[str]:
        """:func:`strings` of a view, each log entry's once (a view is mostly its log, and an entry stays the
        same object from one state to the next: :func:`share_log`)."""
        out: set[str] = set()
        for key, value in view.items():
            if keys:
                out.add(key)
            if key == "log" and isinstance(value, list):
                for entry in value:
                    memo = (id(entry), keys)
                    found = self._entries.get(memo)
                    if found is None:
                        found = self._entries[memo] = strings(entry, keys)
                        self._alive.append(entry)  # its id stays its own while the memo holds it
                    out |= found
            else:
                out |= strings(value, keys)
        return out

    def derived(self, known: set[str], lang: str) -> set[str]:
        """The texts a page draws from the ids a viewer knows, as the games' templates do: a card's name
        (``card_name``), a marker's words (``marker.<id>`` in the game's catalogue)."""
        game = self.game
        card_name = getattr(game, "card_name", None)
        out: set[str] = set()
        for s in known:
            texts = self._derived.get((s, lang))
            if texts is None:
                found = []
                if game.catalog.has(lang, f"marker.{s}"):
                    found.append(game.text(lang, f"marker.{s}"))
                if card_name is not None:
                    with contextlib.suppress(Exception):
                        found.append(card_name(s, lang))
                texts = self._derived[s, lang] = tuple(t for t in found if t != s)
            out.update(texts)
        return out

    def unknown(self, candidates: set[str], known: set[str], lang: str) -> set[str]:
        """The candidates (a narrator's strings) that appear nowhere in what the viewer knows: their strings
        (``known``), the texts drawn from them, and what everybody knows."""
        rest = {s for s in candidates - known if len(s) >= MIN_SECRET} - self.public[lang]
        if not rest:
            return rest
        text = "\x00".join((*known, self.public_text[lang], *self.derived(known, lang)))
        return {s for s in rest if s not in text}


TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)([^>]*)>")
DATA = re.compile(r'\s(data-[\w-]+)="([^"]*)"')
PLAYER = re.compile(r'\sdata-player="([^"]*)"')
VALUE = re.compile(r'="([^"]*)"')
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


class Page:
    """An html fragment read back (the templates quote every attribute with ``"``): its ``data-*`` attributes,
    and for each ``data-player`` element the text and attribute values inside it, unescaped."""

    def __init__(self, html: str) -> None:
        self.attributes = [(name, unescape(value)) for name, value in DATA.findall(html)]
        self.regions: dict[str, list[str]] = defaultdict(list)
        stack: list[tuple[str, str | None, int]] = []  # open elements: tag, data-player, where it starts
        for match in TAG.finditer(html):
            closing, tag, attrs = match.groups()
            tag = tag.lower()
            player = None
            if not closing and "data-player" in attrs:
                found = PLAYER.search(attrs)
                player = unescape(found.group(1)) if found else None
            if closing:
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][0] == tag:
                        for _, owner, start in stack[i:]:
                            if owner is not None:
                                self.regions[owner].append(self.flat(html[start : match.end()]))
                        del stack[i:]
                        break
            elif tag in VOID or attrs.endswith("/"):
                if player is not None:
                    self.regions[player].append(self.flat(match.group(0)))
            else:
                stack.append((tag, player, match.start()))

    @staticmethod
    def flat(fragment: str) -> str:
        """The text of an html fragment with each tag replaced by its attribute values."""
        return unescape(TAG.sub(lambda tag: "\x00" + "\x00".join(VALUE.findall(tag.group(3))) + "\x00", fragment))


@dataclass(frozen=True)
class Record:
    """One message in short: its type and number, a digest of its view (None in the lobby, or for a message
    without a view), its clock, one digest of everything else but the spoken lines (html, status…), and whether
    it spoke."""

    type: str
    version: Any
    view: str | None
    deadline: Any
    rest: str
    spoke: bool


def record(message: dict[str, Any]) -> Record:
    def digest(value: Any) -> str:
        return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()

    view = message.get("view")
    rest = {k: v for k, v in message.items() if k not in ("type", "version", "view", "deadline", "speech")}
    return Record(
        message.get("type", ""),
        message.get("version"),
        None if view is None else digest(view),
        message.get("deadline"),
        digest(rest),
        bool(message.get("speech")),
    )


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
    #: The view the connection has, rebuilt from the deltas it was sent (velada.core.delta), its last page and
    #: the log entries sent apart.
    wire_view: Any = None
    page: str = ""
    parts: dict[str, str] = field(default_factory=dict)
    #: The inputs of the parts the page's script draws, as last sent (render.client_inputs), and what it draws.
    inputs: dict[str, Any] = field(default_factory=dict)
    drawn: str = ""
    last_version: int | None = None
    spoken: list[str] = field(default_factory=list)
    #: Every message received, in order, in short (see :func:`record`), for tests about the stream as a whole.
    stream: list[Record] = field(default_factory=list)
    #: A name this connection sent, which a refusal may echo back to it.
    echo: str = ""
    #: Received, not yet checked (they may belong to a state the replay has not reached yet).
    inbox: list[dict[str, Any]] = field(default_factory=list)


def stream_problems(conn: Conn) -> dict[str, list[str]]:
    """What a connection's messages, taken together, tell beyond its views, by kind: ``number``, a message
    number that is not the connection's own count (a table-wide count counts what the viewer did not see);
    ``repeat``, a message that repeats the one before (sent for something the viewer does not see); ``echo``,
    the same, right after a message that spoke (the spoken lines were the only difference); ``same-view``, a
    view shown again with another page or clock (a clock restarting for something the viewer does not see);
    ``pong``, a pong numbered past the last message."""
    problems: dict[str, list[str]] = defaultdict(list)
    name = conn.name
    states = [r for r in conn.stream if r.type == "state"]
    for before, after in itertools.pairwise(states):
        if not (isinstance(before.version, int) and after.version == before.version + 1):
            problems["number"].append(f"{name}: message {before.version!r} then {after.version!r}")
        if (before.view, before.deadline, before.rest) == (after.view, after.deadline, after.rest) and not after.spoke:
            kind = "echo" if before.spoke else "repeat"
            problems[kind].append(f"{name}: message {after.version!r} repeats {before.version!r}")
    shown: dict[str, Record] = {}
    for r in states:
        first = shown.setdefault(r.view, r) if r.view is not None else r
        if (first.deadline, first.rest) != (r.deadline, r.rest):
            what = "clock" if first.rest == r.rest else "page"
            problems["same-view"].append(
                f"{name}: message {r.version!r} shows the view of message {first.version!r} with another {what}"
                + (f" ({first.deadline!r} → {r.deadline!r})" if what == "clock" else "")
            )
    last = None
    for r in conn.stream:
        if r.type == "state":
            last = r.version
        elif r.type == "pong" and r.version != last:
            problems["pong"].append(f"{name}: pong {r.version!r} after message {last!r}")
    return problems


async def _receive(stream: Any, timeout: float) -> Any:
    with anyio.fail_after(timeout):
        return await stream.receive()


def _receive_ready(streams: list[Any]) -> list[list[Any]]:
    """Every message each stream already holds, without waiting (one call into the app's event loop)."""
    ready: list[list[Any]] = []
    for stream in streams:
        ready.append([])
        while True:
            try:
                ready[-1].append(stream.receive_nowait())
            except anyio.WouldBlock:
                break
    return ready


class Table:
    """A table played by the test, one human per seat, with the expected views of every state."""

    def __init__(
        self,
        client: Any,
        game_id: str,
        seats: int,
        options: dict[str, str],
        seed: int,
        timers: dict[str, int] | None = None,
    ) -> None:
        from .helpers import new_table

        self.client = client
        self.rng = random.Random(seed)
        self.code, self.host = new_table(client, seats=seats, game=game_id, options=options, timers=timers)
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
        self.tags: dict[tuple[str, Any], str] = {}
        self.tagged: dict[tuple[str, str], Any] = {}
        self.knowledge = Knowledge(self.game)
        self._narrator_strings: dict[tuple[str, int], set[str]] = {}

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
            self.handle(conn, self.receive(conn))  # its first message, the lobby
        self.flush()  # and any change from before it connected that was still on its way
        self.drain()
        for conn in self.conns:
            self.process(conn)

    def close(self) -> None:
        self.stack.close()

    def receive(self, conn: Conn) -> dict[str, Any]:
        message = conn.ws.portal.call(_receive, conn.ws._send_rx, RECEIVE_TIMEOUT)
        return self._decode(conn, message)

    def _decode(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any]:
        """A message as it arrived, its view rebuilt from the delta it carries and the connection's view so far
        (in the order the socket delivered them): every check below reads the view the connection now has."""
        assert message["type"] == "websocket.send", (conn.name, message)
        decoded = json.loads(message["text"])
        if decoded.get("type") != "state":
            return decoded
        delta = decoded.pop("delta")
        if delta is not None:
            conn.wire_view = patch(conn.wire_view, delta)  # raises on a log delta past the entries sent
        decoded["view"] = conn.wire_view if delta is not None else None
        # The page's own words, for its script: the catalogue's, the same for everyone reading that language.
        texts = decoded.pop("texts", None)
        assert texts is None or texts == render.client_texts(conn.lang), (conn.name, "texts")
        if "inputs" in decoded:
            conn.inputs = decoded["inputs"]
        # The page comes only when it changed, the parts the server renders when they changed, and the rest — the
        # parts the page's script draws (render.CLIENT_PARTS) and the log's entries — the script draws from the
        # view and the inputs it was sent, as render.browser_part does: the page as the browser then shows it is
        # the last page with every part and entry so far, and every check reads that.
        conn.parts.update(decoded.pop("parts", {}))
        if "html" in decoded:
            conn.page = decoded["html"]
        if delta is not None or "inputs" in decoded:
            conn.drawn = drawn_by_script(conn.wire_view, conn.inputs, conn.lang)
        decoded["html"] = conn.page + "".join(conn.parts.values()) + conn.drawn
        return decoded

    def flush(self) -> None:
        """Wait until the table has sent every change so far, where it sends them off the path of the request
        that made them (``LiveTable.flush``); a table that sends before answering needs no waiting."""
        flush = getattr(self.live, "flush", None)
        if flush is not None:
            self.client.portal.call(flush)

    def drain(self) -> None:
        """Take what every socket already holds, without waiting, into its inbox (the sockets of a client share
        its event loop: one call reads them all)."""
        ready = self.client.portal.call(_receive_ready, [conn.ws._send_rx for conn in self.conns])
        for conn, messages in zip(self.conns, ready, strict=True):
            conn.inbox.extend(self._decode(conn, message) for message in messages)

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
        if self.expected:
            for key, view in views.items():
                share_log(view, self.expected[-1].get(key))
        # The host's screen speaks the narrator's script for the public events it has not spoken yet.
        public = public_events(state)
        lines = []
        if len(public) > self._public_events:
            lines = script(self.game, state, self.host_conn.lang, since=self._public_events)
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
            knowledge = self.knowledge
            known = knowledge.strings(mine)
            if viewer is None:
                found = (set(), {}, known | knowledge.public[lang])
            else:
                everything = self._narrator_strings.get((lang, index))
                if everything is None:
                    everything = self._narrator_strings[lang, index] = knowledge.strings(narrator, keys=False)
                theirs = {p["id"]: p for p in mine.get("players") or [] if isinstance(p, dict) and "id" in p}
                per_player = {
                    entry["id"]: knowledge.unknown(strings(entry, keys=False), strings(theirs.get(entry["id"])), lang)
                    for entry in narrator.get("players") or []
                    if isinstance(entry, dict) and "id" in entry
                }
                found = (knowledge.unknown(everything, known, lang), per_player, known | knowledge.public[lang])
            self._secrets[key] = found
        return found

    # --- checking what arrives -----------------------------------------------------------------------------

    def handle(self, conn: Conn, message: dict[str, Any]) -> None:
        conn.stream.append(record(message))
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
        assert message["status"] == ("finished" if self.finished[index] else "playing"), (conn.name, message["status"])
        if message.get("deadline") is not None and conn.viewer is not None:
            # A clock tells the room that somebody is deciding: only those who see a decision open may see it
            # (their own prompt, or a public vote's waiting list), or a night call would show on every screen.
            assert view["prompts"] or view["waiting"], f"{conn.name} sees a clock for a decision it cannot see"
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
        if message.get("type") == "talk":
            self.check_talk(conn, message)
            return
        assert message.get("type") in ("pong", "error"), (conn.name, message)
        if self.expected:
            text = json.dumps(message, ensure_ascii=False)
            echoed = {s for s in self.secrets(conn.viewer, conn.lang, self.now)[0] if s in conn.echo}
            self.check_free(conn.name, conn.viewer, conn.lang, self.now, text, allowed=echoed)

    def check_talk(self, conn: Conn, message: dict[str, Any]) -> None:
        """Nobody talks at this table (test_charla_por_el_cable.py does): a talk message says nothing was said."""
        assert message["messages"] == [], (conn.name, message)

    def check_free(self, who: str, viewer: str | None, lang: str, index: int, text: str, allowed=()) -> None:
        """A text sent to ``viewer`` (an error, a spoken line, a message's other fields) holds none of its secrets."""
        hidden, _, _ = self.secrets(viewer, lang, index)
        leaked = sorted(s for s in hidden - set(allowed) if s in text or quoted(s) in text)
        assert not leaked, f"{who} ({viewer}) was sent secrets {leaked} in {text[:400]}"

    def check_page(self, who: str, viewer: str | None, lang: str, index: int, html: str) -> None:
        """An html fragment or page for ``viewer`` at state ``index`` shows nothing they may not know."""
        if viewer is None:
            return  # the narrator's seat may see everything
        hidden, per_player, known = self.secrets(viewer, lang, index)
        page = Page(html)
        leaked = sorted(s for s in hidden if s in html or ((e := str(escape(s))) != s and e in html))
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
        self.flush()
        self.drain()
        for conn in self.conns:
            self.process(conn)
        for conn in self.conns:
            if conn.last_view != self.view(conn.viewer, conn.lang):
                self.barrier(conn)
                self.process(conn)
            assert conn.last_view == self.view(conn.viewer, conn.lang), (
                f"{conn.name} still shows state {conn.at}, not {self.now}"
            )

    def api_views(self, names: list[str]) -> dict[str, Any]:
        """These seats' views over the JSON API, checked against build_view; returns them by seat."""
        views = {}
        for name in names:
            response = self.client.get(f"/api/tables/{self.code}/view?lang={self.langs[name]}", headers=self.auth(name))
            assert response.status_code == 200, response.text
            data = response.json()
            expected = self.view(name, self.langs[name])
            assert data["view"] == expected, f"the API view of {name} is not build_view's"
            self.check_tag(name, data)
            views[name] = data["view"]
        return views

    def check_tag(self, name: str, data: dict[str, Any]) -> None:
        """What the API sends besides a seat's view tells nothing more: its ``version`` tags the view (the same
        view, the same tag; another view, another tag), and nothing else in the reply is a secret."""
        tag, view = data["version"], dumped(data["view"])
        assert self.tags.setdefault((name, tag), view) == view, f"{name}: one API version for two views"
        assert self.tagged.setdefault((name, view), tag) == tag, f"{name}: two API versions for one view"
        rest = {k: v for k, v in data.items() if k not in ("version", "view")}
        self.check_free(f"api:{name}", name, self.langs[name], self.now, dumped(rest))

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
        # Each seat finds its prompts in its own view (its phone's, checked to be build_view's); every few
        # choices, and always for the seat about to act, the JSON API's view of the seat is checked too.
        everyone = self.choices_made % API_VIEWS_EVERY == 0
        views = {conn.viewer: conn.last_view for conn in self.conns if conn.viewer in self.langs}
        open_ = [(name, p) for name, view in views.items() for p in view["prompts"] if not p["answered"]]
        narrator_view = self.narrator.last_view
        open_ += [(NARRATOR, p) for p in narrator_view["prompts"] if p["player"] == NARRATOR and not p["answered"]]
        assert open_, "nobody has anything to answer but the game is not over"
        if self.choices_made % PROBE_EVERY == 0:
            self.probe(views)
        who, prompt = self.rng.choice(open_)
        api = self.api_views(self.names if everyone else [who] if who != NARRATOR else [])
        if who != NARRATOR:
            assert prompt in api[who]["prompts"], (who, prompt["id"], "the API does not show the prompt")
        chosen = self.pick(prompt)
        if who == NARRATOR:
            self.narrator.ws.send_json({"type": "choose", "prompt": prompt["id"], "choose": chosen})
            self.barrier(self.narrator)  # the reply to the ping comes after the choice's broadcast
        else:
            response = self.post(who, "choices", {"prompt": prompt["id"], "choose": chosen})
            assert response.status_code == 200, (who, prompt["id"], chosen, response.json())
        self.choices_made += 1
        self.sync()
        if who != NARRATOR:
            self.check_tag(who, response.json() | {"view": self.view(who, self.langs[who])})
        self.settle()
        if self.choices_made % PAGES_EVERY == 0:
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

    def forget(self) -> None:
        """Let go of the expected views and what was computed from them (tens of megabytes for a long game),
        keeping what tests read afterwards: each connection's stream, whether the game ended, the counts."""
        self.ended = bool(self.finished) and self.finished[self.now]
        self.expected, self.narration, self._secrets, self._narrator_strings = [], [], {}, {}
        self.knowledge = Knowledge(self.game)
        self.replica = None
        for conn in self.conns:
            conn.last_view, conn.inbox = None, []

    def finish(self) -> None:
        """After the last choice: every socket ends on the final, open-cards view, and the record downloads."""
        for conn in self.conns:
            self.barrier(conn)
            self.process(conn)
            assert conn.last_view == self.view(conn.viewer, conn.lang), f"{conn.name} missed the end"
        if self.finished[self.now]:
            download = self.client.get(f"/t/{self.code}/partida.json")
            assert download.status_code == 200
            # What was said goes with the record ("talk"), checked by test_charla_por_el_cable.py.
            game = {k: v for k, v in download.json().items() if k != "talk"}
            assert game == json.loads(json.dumps(self.live.match.record()))
