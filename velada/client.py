"""A Python client for programs that sit at a table of a running velada server (``velada serve``).

It speaks the JSON API and the table's websocket, nothing else, so it sees exactly what a phone at that seat sees::

    from velada.client import Table

    host = Table.create("http://127.0.0.1:8000", "hombres-lobo", seats=8)   # a new table, you are its host
    me = host.table.sit("Ada")                                              # a seat, with its secret token
    host.fill_with_bots()
    host.start()
    while (seen := me.view()).playing:
        for prompt in seen.open_prompts:
            me.choose(prompt.id, prompt.options[:prompt.min])
        seen = me.wait(seen.version)

:class:`Table` is a table by its code; :class:`Seat` is one player's seat (its token in ``Authorization: Bearer``);
:class:`Narrator` is the narrator's seat, whose own token the host asks for (:meth:`Host.narrator`): it sees the
whole game and answers the prompts a game addresses to its narrator (Bethlem's Cuentacuentos). Illegal choices
raise :class:`Refused` with the protocol's ``IllegalAction`` code and reason; nothing changes at the table then.

Only the standard library and ``websockets`` (a velada dependency) are used.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

#: The player of the prompts a game addresses to its narrator (``velada.core.protocol.NARRATOR``).
NARRATOR = "@narrador"

__all__ = ["Host", "Narrator", "Prompt", "Refused", "Seat", "Table", "View"]


class Refused(Exception):
    """The server refused a request. ``code`` is stable (the protocol's ``IllegalAction`` codes for choices:
    ``unknown-option``, ``count``, ``not-open``…; the table's for the rest: ``full``, ``not-seated``…), ``text``
    the reason in the table's language, ``status`` the HTTP status."""

    def __init__(self, code: str, text: str, status: int) -> None:
        self.code, self.text, self.status = code, text, status
        super().__init__(f"{code}: {text}")


@dataclass(frozen=True)
class Prompt:
    """An open decision of the seat, as the view shows it: answer it with between ``min`` and ``max`` of the
    ``options`` ids (their labels in ``labels``), or ``[]`` when ``skippable``; ``text_max`` > 0 asks for one
    free-text answer instead."""

    id: str
    player: str
    kind: str
    text: str | None
    options: tuple[str, ...]
    labels: tuple[str, ...]
    min: int
    max: int
    skippable: bool
    text_max: int
    answered: bool

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prompt:
        options = data.get("options") or []
        return cls(
            id=data["id"],
            player=data.get("player", ""),
            kind=data["kind"],
            text=data.get("text"),
            options=tuple(o["id"] for o in options),
            labels=tuple(o.get("label") or o["id"] for o in options),
            min=data.get("min", 1),
            max=data.get("max", 1),
            skippable=bool(data.get("skippable")),
            text_max=data.get("text_max", 0),
            answered=bool(data.get("answered")),
        )


@dataclass(frozen=True)
class View:
    """What a seat may see now: the table's ``status`` (``lobby``, ``playing``, ``finished``), a ``version`` tag
    that changes when (and only when) this view changes, and the game's view (``None`` before the start): the
    dict ``velada.core.engine.build_view`` builds for this seat; ``game_id`` names the game."""

    status: str
    version: str
    game: dict[str, Any] | None = field(repr=False)
    #: The game's id (``hombres-lobo``…), known before the start too.
    game_id: str = ""

    @property
    def playing(self) -> bool:
        return self.status != "finished"

    @property
    def prompts(self) -> list[Prompt]:
        """Every prompt of the seat in the open group, answered or not."""
        return [Prompt.from_json(p) for p in (self.game or {}).get("prompts", [])]

    @property
    def open_prompts(self) -> list[Prompt]:
        """The prompts the seat still has to answer (the narrator's seat sees everybody's prompts: its own are
        those addressed to ``@narrador``)."""
        mine = (self.game or {}).get("viewer") or NARRATOR
        return [p for p in self.prompts if not p.answered and p.player == mine]

    @property
    def result(self) -> dict[str, Any] | None:
        return (self.game or {}).get("result")


class _Http:
    """JSON over HTTP with the standard library; a refusal becomes :class:`Refused`."""

    def __init__(self, base_url: str, timeout: float, lang: str | None) -> None:
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.lang = lang

    def url(self, path: str) -> str:
        if not self.lang:
            return f"{self.base}{path}"
        return f"{self.base}{path}{'&' if '?' in path else '?'}lang={self.lang}"

    def request(self, method: str, path: str, token: str | None = None, body: Any = None) -> dict[str, Any]:
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in range(4):
            request = urllib.request.Request(self.url(path), data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return json.loads(response.read() or b"{}")
            except urllib.error.HTTPError as exc:
                if exc.code != 429 or attempt == 3:
                    self.refuse(exc)
                # Too fast: wait as the server says (a little, at most), then ask again.
                time.sleep(min(float(exc.headers.get("retry-after") or 1), 5.0))
        raise AssertionError("unreachable")

    @staticmethod
    def refuse(exc: urllib.error.HTTPError) -> None:
        """Raise the server's refusal as :class:`Refused`."""
        raw = exc.read()
        try:
            error = json.loads(raw)
            code, text = error.get("error", "error"), error.get("text", "")
        except (ValueError, AttributeError):
            code, text = "http", raw.decode(errors="replace")[:200]
        raise Refused(code, text, exc.code) from None

    def socket_url(self, code: str, query: str = "") -> str:
        base = "ws" + self.base[4:] if self.base.startswith("http") else self.base
        return f"{base}/t/{code}/ws{query}"


class Table:
    """A table of a server, by its code (the letters of its join link ``/t/CODE``)."""

    def __init__(self, base_url: str, code: str, *, lang: str | None = None, timeout: float = 10.0) -> None:
        self.code = code
        self.http = _Http(base_url, timeout, lang)

    @classmethod
    def create(
        cls,
        base_url: str,
        game: str,
        seats: int,
        *,
        options: dict[str, Any] | None = None,
        lang: str = "es",
        bots: bool = False,
        timers: dict[str, int] | None = None,
        timeout: float = 10.0,
    ) -> Host:
        """Create a table as the lobby's form does; returns its :class:`Host` (the host token). ``bots``: the
        table fills its empty seats with the game's smartest bot when asked (:meth:`Host.fill_with_bots`).
        ``timers``: seconds by timer name, as the lobby offers them (``llamada``: the least time a night call
        lasts, 0 for no pacing; the others: how long a decision may wait, 0 for ever)."""
        form = {"game": game, "seats": str(seats), "mode": "online", "lang": lang}
        form |= {f"opt:{key}": str(value) for key, value in (options or {}).items()}
        form |= {f"timer:{name}": str(seconds) for name, seconds in (timers or {}).items()}
        if bots:
            form["bots"] = "1"

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any, **kwargs: Any) -> None:
                return None

        opener = urllib.request.build_opener(NoRedirect)
        base = base_url.rstrip("/")
        request = urllib.request.Request(f"{base}/tables", data=urllib.parse.urlencode(form).encode(), method="POST")
        try:
            opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as exc:
            location = exc.headers.get("location", "")
            if exc.code != 303 or not location.startswith("/t/"):
                reason = urllib.parse.unquote(location.partition("error=")[2]) or str(exc)
                raise Refused("bad-options", reason, exc.code) from None
            code = location.split("/")[2]
            cookie = SimpleCookie()
            for header in exc.headers.get_all("set-cookie") or []:
                cookie.load(header)
            token = cookie[f"velada_host_{code}"].value
            return Host(cls(base_url, code, lang=lang, timeout=timeout), token)
        raise Refused("bad-options", "the server did not create the table", 500)

    def sit(self, name: str) -> Seat:
        """Take the first free seat under ``name`` (before the game starts); refused with ``full``, ``started``
        or the name's problem."""
        answer = self.http.request("POST", f"/api/tables/{self.code}/seats", body={"name": name})
        return Seat(self, answer["token"], answer["player"], answer["seat"])

    def seat(self, token: str) -> Seat:
        """The seat of a token you already hold (after a restart of your program, say)."""
        seat = Seat(self, token, "", -1)
        answer = self.http.request("GET", f"/api/tables/{self.code}/view", token)
        seat.player = answer.get("player") or ""
        return seat

    def narrator(self, token: str) -> Narrator:
        """The narrator's seat, with the token the host issued (:meth:`Host.narrator`)."""
        return Narrator(self, token)


class _Sitter:
    """What a seat and the narrator's seat share: read the view, wait for it to change, answer prompts."""

    _path = ""

    def __init__(self, table: Table, token: str) -> None:
        self.table = table
        self.token = token
        self._ws: Any = None
        self._stack: contextlib.ExitStack | None = None

    def view(self) -> View:
        """The seat's view now."""
        answer = self.table.http.request("GET", f"/api/tables/{self.table.code}/{self._path}view", self.token)
        return View(answer["status"], answer["version"], answer["view"], answer.get("game", ""))

    def choose(self, prompt: str, options: list[str] | tuple[str, ...] = ()) -> str:
        """Answer the open prompt ``prompt`` (its id, or its kind when only one is open) with option ids (``[]``
        skips; free text is one string). Returns the view's new version; raises :class:`Refused` with the
        protocol's reason for an illegal answer, which changes nothing."""
        body = {"prompt": prompt, "choose": list(options)}
        path = f"/api/tables/{self.table.code}/{self._path}choices"
        return self.table.http.request("POST", path, self.token, body)["version"]

    def _socket_query(self) -> str:
        return ""

    def wait(self, version: str | None = None, timeout: float = 60.0) -> View:
        """The view once its version differs from ``version`` (at once when it already does, or when ``version``
        is None), or the view as it is after ``timeout`` seconds. Listens on the table's websocket, which the
        server pushes after every change this seat may see, and reads the view through the API after each push
        (so a change between two reads is never missed)."""
        deadline = time.monotonic() + timeout
        while True:
            current = self.view()
            left = deadline - time.monotonic()
            if version is None or current.version != version or left <= 0:
                return current
            self._nudged(left)

    def _nudged(self, seconds: float) -> None:
        """Wait up to ``seconds`` for a push on the socket (opened on first use), then take every push already
        there: each only says that something may have changed. Their content (view deltas to patch, see
        ``velada.core.delta``) is not read: :meth:`wait` reads the whole view through the API instead."""
        from websockets.sync.client import connect

        try:
            if self._ws is None:
                url = self.table.http.socket_url(self.table.code, self._socket_query())
                headers = {"Authorization": f"Bearer {self.token}"}
                stack = contextlib.ExitStack()
                opened = connect(url, additional_headers=headers, open_timeout=self.table.http.timeout)
                self._ws = stack.enter_context(opened)
                self._stack = stack
            self._ws.recv(timeout=seconds)
            while True:
                self._ws.recv(timeout=0)
        except TimeoutError:
            return
        except Exception:
            # A refused or dropped socket (too many at once, a restart): ask again in a moment.
            self.close()
            time.sleep(min(seconds, 0.5))

    def close(self) -> None:
        """Close the seat's socket, if open (the seat itself stays yours)."""
        if self._stack is not None:
            with contextlib.suppress(Exception):
                self._stack.close()
        self._ws = self._stack = None


class Seat(_Sitter):
    """One player's seat: ``player`` is its name in the game, ``position`` its place at the table, ``token`` its
    secret (keep it: it is the seat)."""

    def __init__(self, table: Table, token: str, player: str, position: int) -> None:
        super().__init__(table, token)
        self.player = player
        self.position = position

    def __repr__(self) -> str:
        return f"Seat({self.table.code!r}, {self.player!r})"

    def talk(self, channel: str, text: str) -> dict[str, Any]:
        """Say ``text`` in the talk channel ``channel`` (an id of :meth:`channels`, e.g. the day's debate); the
        game decides who may write there and when (refused with a ``talk-…`` code otherwise). Returns the message
        as stored."""
        body = {"channel": channel, "text": text}
        return self.table.http.request("POST", f"/api/tables/{self.table.code}/talk", self.token, body)["message"]

    def heard(self, after: int = 0, channel: str | None = None) -> dict[str, Any]:
        """The talk this seat may read: ``messages`` (numbered by ``seq``; those after ``after``, of ``channel``
        or of every channel), ``channels`` (which it reads, and whether it may ``write`` in each now) and whether
        talk is ``enabled`` and the seat ``muted``."""
        query = f"?after={after}" + (f"&channel={urllib.parse.quote(channel)}" if channel else "")
        path = f"/api/tables/{self.table.code}/talk{query}"
        return self.table.http.request("GET", path, self.token)

    def channels(self) -> list[dict[str, Any]]:
        """The talk channels the seat reads now, each with ``id`` and ``write`` (whether it may speak there)."""
        return (self.view().game or {}).get("talk") or []


class Narrator(_Sitter):
    """The narrator's seat: sees everything (its view is the narrator's) and answers the prompts addressed to the
    narrator (``@narrador``)."""

    _path = "narrator/"

    def _socket_query(self) -> str:
        return "?narrador=1"


@dataclass
class Host:
    """The host of a table: starts it, fills empty seats with bots, issues the narrator seat's token."""

    table: Table
    token: str = field(repr=False)

    def fill_with_bots(self) -> None:
        """Give every empty seat to a bot (before the start)."""
        self.table.http.request("POST", f"/api/tables/{self.table.code}/bots", self.token, {})

    def start(self) -> None:
        """Start the game (every seat must be taken)."""
        self.table.http.request("POST", f"/api/tables/{self.table.code}/start", self.token, {})

    def narrator(self) -> Narrator:
        """A new token for the narrator's seat (the one issued before stops working), as a :class:`Narrator`."""
        answer = self.table.http.request("POST", f"/api/tables/{self.table.code}/narrator", self.token)
        return Narrator(self.table, answer["token"])
