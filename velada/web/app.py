"""The web app: lobby, tables, seats, the narrator screen, the players' phones, and a small JSON API.

    velada serve --host 0.0.0.0 --port 8000 --db sqlite:///velada.sqlite3

Pages are rendered on the server; a websocket per page pushes the viewer's fragment after every change. Every
action and every view of a seat needs that seat's secret token (a cookie set when the player sat down, or an
``Authorization: Bearer`` header for programs). What the app does against other sites, forged hosts, floods and
big bodies is in :mod:`velada.web.security`; docs/security.md lists every promise and the test that proves it.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Annotated, Any, Literal
from urllib.parse import quote

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from velada.core.i18n import LANGUAGES
from velada.core.options import OptionError, normalize
from velada.core.protocol import NARRATOR, PUBLIC, IllegalAction
from velada.core.talk import TalkError
from velada.games import REGISTRY
from velada.web import render, security
from velada.web.live import TIMERS, Config, Connection, Hub, LiveTable, TableError
from velada.web.security import MAX_API_BODY, MAX_BODY, Rate, RateLimit, client_key
from velada.web.store import Store, token_hash
from velada.web.talk import author_of

MAX_MESSAGE = MAX_API_BODY
#: A websocket's messages: a person taps, a script would flood.
SOCKET_RATE = Rate(5.0, 15.0)
COOKIE_AGE = 60 * 60 * 24 * 30
#: Host cookies the lobby looks at, to list the tables this browser created.
MAX_OWN_TABLES = 20


class ChooseMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["choose"]
    prompt: str = Field(min_length=1, max_length=80)
    choose: list[Annotated[str, Field(max_length=400)]] = Field(max_length=32)


class CommandMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["start", "bots", "ping", "bot-seat"]
    seat: int | None = Field(default=None, ge=0, le=99)


class SeatRequest(BaseModel):
    """The name as typed: checked (and refused with a reason, never cut) by :func:`velada.web.names.check_name`;
    the body's size bounds it."""

    model_config = ConfigDict(extra="forbid")
    name: str


class TalkRequest(BaseModel):
    """Something to say in a channel (velada.core.talk checks the text: length, characters)."""

    model_config = ConfigDict(extra="forbid")
    channel: str = Field(min_length=1, max_length=40)
    text: str = Field(max_length=4000)


class TalkMessage(BaseModel):
    """On the websocket: ``say`` (a seat, or the narrator's seat); the host's ``talk-delete`` (a message by the
    number its screen shows), ``talk-mute`` (a seat, ``on``: muted) and ``talk-on`` (talk on or off)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["say", "talk-delete", "talk-mute", "talk-on", "talk-history"]
    channel: str = Field(default="", max_length=40)
    text: str = Field(default="", max_length=4000)
    seq: int | None = Field(default=None, ge=1)
    seat: int | None = Field(default=None, ge=0, le=99)
    on: bool = True


class ChoiceRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    prompt: str = Field(min_length=1, max_length=80)
    choose: list[Annotated[str, Field(max_length=400)]] = Field(max_length=32)


def seat_cookie(code: str) -> str:
    return f"velada_seat_{code}"


def host_cookie(code: str) -> str:
    return f"velada_host_{code}"


def request_lang(request: HTTPConnection, default: str = "es") -> str:
    lang = request.query_params.get("lang") or request.cookies.get("velada_lang") or default
    return lang if lang in LANGUAGES else default


def html_response(request: Request, html: str, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """A page; ``?lang=`` on any page also remembers the language in a cookie."""
    response = HTMLResponse(html, status_code=status, headers=headers)
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        response.set_cookie("velada_lang", lang, max_age=COOKIE_AGE, samesite="lax")
    return response


def form_text(form: Any, key: str, default: str = "") -> str:
    """A form field as text; a file where text belongs counts as nothing."""
    value = form.get(key, default)
    return value if isinstance(value, str) else default


def error_text(exc: Exception, lang: str) -> tuple[str, str]:
    if isinstance(exc, IllegalAction):
        return exc.code, exc.text(lang)
    if isinstance(exc, TalkError):
        return f"talk-{exc.code}", exc.text(lang)
    if isinstance(exc, TableError):
        return exc.code, render.MESSAGES.text(lang, f"error.{exc.code}", **exc.params)
    return "error", str(exc)


def create_app(
    db: str = "sqlite:///velada.sqlite3",
    bot_delay: float = 1.0,
    public_url: str | None = None,
    seed: int | None = None,
    allowed_hosts: Sequence[str] = (),
    rates: Mapping[str, Rate] | None = None,
    cluster: bool = False,
) -> Starlette:
    """The ASGI app. ``db`` is any SQLAlchemy URL; ``public_url`` overrides the address shown in join links;
    ``seed`` fixes every game's seed (tests and demos only: a known seed gives every secret away).

    ``allowed_hosts``: the names the server may be reached by besides this machine's own names and addresses and
    the public URL's host (see :mod:`velada.web.security`); any other ``Host`` gets 400. ``rates`` overrides
    :data:`velada.web.security.RATES`. ``cluster``: this process is one of several on the same PostgreSQL
    database (:mod:`velada.web.cluster`, ``velada serve --workers``)."""
    store = Store(db)
    member = None
    if cluster:
        from velada.web.cluster import Cluster

        member = Cluster(db)
    hub = Hub(store, Config(bot_delay=bot_delay, seed=seed, cluster=member))
    limits = security.Limits({**security.RATES, **(rates or {})})
    hosts = security.allowed_hosts(allowed_hosts, public_url)

    def texts(lang: str, code: str, **params: Any) -> str:
        return render.MESSAGES.text(lang, f"error.{code}", **params)

    def client_of(request: HTTPConnection) -> str:
        return client_key(request.client.host if request.client else None)

    def too_fast(kind: str, request: HTTPConnection, key: str | None = None) -> int | None:
        """``None`` if the request may go on; else the seconds to wait (``kind``: a :data:`security.RATES`
        key; ``key``: whom to count, the client's address by default)."""
        return limits.check(kind, key or client_of(request))

    def slow_down(request: Request, wait: int, lang: str) -> Response:
        html = render.page("error.html", lang, error=texts(lang, "too-fast"))
        return html_response(request, html, 429, {"Retry-After": str(wait)})

    def ours(request: HTTPConnection) -> set[str]:
        return security.our_origins(request.headers, request.url.scheme, public_url)

    def refused_origin(request: Request, lang: str) -> Response:
        return html_response(request, render.page("error.html", lang, error=texts(lang, "bad-origin")), 403)

    def secure(request: HTTPConnection) -> bool:
        """Cookies only over HTTPS when the server is behind it (directly, through ``--proxy-headers``, or as the
        public URL says)."""
        return request.url.scheme in ("https", "wss") or (public_url or "").startswith("https://")

    def set_secret_cookie(response: Response, request: Request, name: str, value: str) -> None:
        response.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="lax", secure=secure(request))

    def table_or_404(code: str) -> LiveTable:
        table = hub.get(code)
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    def base_url(request: HTTPConnection) -> str:
        """Where phones reach us: the public URL, or the (allowed) host this request was sent to."""
        base = public_url.rstrip("/") if public_url else str(request.base_url).rstrip("/")
        # A websocket's own address is ws:// or wss://; the page to join is the http(s) one.
        if base.startswith("ws"):
            base = "http" + base[2:]
        return base

    def join_url(request: HTTPConnection, code: str) -> str:
        return f"{base_url(request)}/t/{code}"

    def own_tables(request: Request) -> list[Any]:
        """The tables this browser created: those whose host cookie it holds, checked against the store."""
        found = []
        prefix = host_cookie("")
        names = [name for name in request.cookies if name.startswith(prefix)][:MAX_OWN_TABLES]
        for name in names:
            data = store.load(name[len(prefix) :])
            token = request.cookies[name]
            if data is not None and secrets.compare_digest(data.host_token, token_hash(token)):
                found.append(data)
        return sorted(found, key=lambda data: data.id, reverse=True)

    # --- pages ----------------------------------------------------------------------------------------

    def limited(kind: str, form: bool = False):
        """A page under the rate limit ``kind`` (per client address); ``form``: a form's POST, refused when a
        browser says it comes from another site or origin."""

        def wrap(handler):
            async def endpoint(request: Request) -> Response:
                lang = request_lang(request)
                if form and security.cross_site(request.headers, ours(request)):
                    return refused_origin(request, lang)
                wait = too_fast(kind, request)
                if wait is not None:
                    return slow_down(request, wait, lang)
                return await handler(request)

            return endpoint

        return wrap

    async def read_form(request: Request) -> Any:
        """A form's fields: no files, a few hundred fields at most (the body's size is limited before)."""
        return await request.form(max_files=0, max_fields=300, max_part_size=MAX_BODY)

    @limited("read")
    async def lobby(request: Request) -> Response:
        lang = request_lang(request)
        html = render.page(
            "lobby.html",
            lang,
            games=list(REGISTRY),
            selected=REGISTRY.ids()[0],
            recent=own_tables(request),
            error=request.query_params.get("error"),
        )
        return html_response(request, html)

    @limited("create", form=True)
    async def create_table(request: Request) -> Response:
        lang = request_lang(request)
        form = await read_form(request)
        try:
            game = REGISTRY.get(form_text(form, "game"))
        except KeyError:
            return _lobby_error(texts(lang, "bad-options", reason=form_text(form, "game")[:40]))
        options = {k[4:]: form_text(form, k) for k in form if k.startswith("opt:")}
        options.update(set_options(form))
        size = 0
        try:
            size = int(form_text(form, "seats", "0"))
            table_lang = form_text(form, "lang", lang)
            if table_lang not in LANGUAGES:
                table_lang = lang
            mode = "online" if form_text(form, "mode") == "online" else "presencial"
            timers = {name: max(0, min(3600, int(form_text(form, f"timer:{name}", "0") or 0))) for name in TIMERS}
            normalize(game.options, options)
            info = game.info
            if not info.min_players <= size <= info.max_players:
                raise ValueError(f"{game.id}: {info.min_players}–{info.max_players} players")
        except (OptionError, ValueError) as exc:
            return lobby_again(request, lang, game, options, size, str(exc))
        host = secrets.token_urlsafe(32)
        fill = ""
        if form.get("bots"):
            fill = next((name for name in game.bots if name != "random"), "random")
        data = store.create_table(game.id, options, size, mode, table_lang, timers, host, fill)
        response = RedirectResponse(f"/t/{data.code}/host", status_code=303)
        set_secret_cookie(response, request, host_cookie(data.code), host)
        return response

    def set_options(form: Any) -> dict[str, str]:
        """A set option's boxes (``optset:KEY``, one value each, "auto" to let the game choose) as its text."""
        found = {}
        for key in {k[7:] for k in form if k.startswith("optset:")}:
            chosen = [v for v in form.getlist(f"optset:{key}") if isinstance(v, str) and v]
            found[key] = "auto" if "auto" in chosen else ",".join(chosen) or "ninguno"
        return found

    def lobby_again(request: Request, lang: str, game: Any, options: dict[str, str], size: int, reason: str):
        """The lobby form again, as it was sent, with what is wrong written beside each field."""
        info = game.info
        errors = game.option_errors(options, lang)
        if not info.min_players <= size <= info.max_players:
            errors["seats"] = texts(lang, "bad-seats", low=info.min_players, high=info.max_players)
        html = render.page(
            "lobby.html",
            lang,
            games=list(REGISTRY),
            selected=game.id,
            recent=own_tables(request),
            error=texts(lang, "bad-options", reason=reason[:200]),
            errors=errors,
            values=options,
            seats=size or None,
        )
        return html_response(request, html, 400)

    def _lobby_error(message: str) -> Response:
        return RedirectResponse(f"/?error={quote(message)}", status_code=303)

    def join_page(request: Request, table: LiveTable, lang: str, error: str | None = None, status: int = 200):
        """The page of a browser without a seat: the name form while the table waits for players; once the game
        has started, how to get one's seat back (a link from the host) instead of a form that cannot work."""
        started = table.status != "lobby"
        html = render.page(
            "join.html", lang, code=table.data.code, title=table.game.title(lang), error=error, started=started
        )
        return html_response(request, html, status)

    @limited("read")
    async def seat_page(request: Request) -> Response:
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        seat = table.seat_for(request.cookies.get(seat_cookie(code)))
        title = table.game.title(lang)
        if seat is None:
            return join_page(request, table, lang)
        fragment = render.seat_fragment(table, seat.name, lang)
        html = render.page("seat.html", lang, code=code, title=title, fragment=fragment, player=seat.name)
        return html_response(request, html)

    @limited("seat", form=True)
    async def join(request: Request) -> Response:
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        form = await read_form(request)
        try:
            # The name as typed: the table checks it and says what is wrong (velada.web.names).
            _, token = await table.join(form_text(form, "name"))
        except TableError as exc:
            return join_page(request, table, lang, error_text(exc, lang)[1], 409)
        response = RedirectResponse(f"/t/{code}", status_code=303)
        set_secret_cookie(response, request, seat_cookie(code), token)
        return response

    @limited("seat", form=True)
    async def seat_link(request: Request) -> Response:
        """A new link to a person's seat, for a player who changed phone (the host only, by a POST from the
        host's screen). Asking for it ends the seat's old token; the link itself works once (:func:`take_seat`).
        The page that shows it goes to the host's browser only, never to a shared screen."""
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        if not table.is_host(request.cookies.get(host_cookie(code))):
            return html_response(request, render.page("error.html", lang, error=texts(lang, "not-host")), 403)
        position = request.path_params["position"]
        try:
            token = await table.reissue_seat(position)
        except TableError as exc:
            return html_response(request, render.page("error.html", lang, error=error_text(exc, lang)[1]), 409)
        seat = next(s for s in table.data.seats if s.position == position)
        url = f"{base_url(request)}/t/{code}/r/{token}"
        html = render.page(
            "seat_link.html",
            lang,
            code=code,
            title=table.game.title(lang),
            player=seat.name,
            url=url,
            qr=render.qr_svg(url),
        )
        return html_response(request, html, headers={"Cache-Control": "no-store"})

    @limited("seat")
    async def take_seat(request: Request) -> Response:
        """Open a seat link: this browser gets the seat (a fresh token in its cookie, so the link, which may stay
        in a history or a chat, is spent) and goes to the table."""
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        seat = table.seat_for(request.path_params["token"])
        try:
            if seat is None or seat.bot:
                raise TableError("link-used")
            token = await table.reissue_seat(seat.position)
        except TableError:
            return join_page(request, table, lang, texts(lang, "link-used"), 410)
        response = RedirectResponse(f"/t/{code}", status_code=303, headers={"Cache-Control": "no-store"})
        set_secret_cookie(response, request, seat_cookie(code), token)
        return response

    @limited("read")
    async def host_page(request: Request) -> Response:
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        is_host = table.is_host(request.cookies.get(host_cookie(code)))
        fragment = render.host_fragment(table, lang, join_url(request, code), is_host)
        html = render.page(
            "host.html",
            lang,
            code=code,
            title=table.game.title(lang),
            fragment=fragment,
            mode=table.data.mode,
            is_host=is_host,
        )
        return html_response(request, html)

    @limited("read")
    async def narrator_page(request: Request) -> Response:
        """The narrator's screen: the whole game, every card and every night call, for a human narrator who does
        not play (the host only)."""
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        if not table.is_host(request.cookies.get(host_cookie(code))):
            return html_response(request, render.page("error.html", lang, error=texts(lang, "not-host")), 403)
        fragment = render.host_fragment(table, lang, join_url(request, code), True, narrator=True)
        html = render.page(
            "host.html",
            lang,
            code=code,
            title=table.game.title(lang),
            fragment=fragment,
            mode="online",
            narrator=True,
            is_host=True,
        )
        return html_response(request, html)

    @limited("read")
    async def download(request: Request) -> Response:
        """The finished game as a scenario file. Not before the end: the seed would give every secret away."""
        table = table_or_404(request.path_params["code"])
        if table.status != "finished" or table.match is None:
            return JSONResponse({"error": "not-finished"}, status_code=403)
        record = table.match.record()
        if table.talk.said.messages:
            # What was said, in which channel and after which choice (velada run reads past it).
            record["talk"] = table.talk.said.record()
        body = json.dumps(record, ensure_ascii=False, indent=1)
        filename = f"velada-{table.data.game}-{table.data.code}.json"
        return Response(
            body,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    # --- the JSON API (for programs and agents) -------------------------------------------------------

    def bearer(request: HTTPConnection) -> str | None:
        """The token of an ``Authorization: Bearer`` header (a program's), if any."""
        header = request.headers.get("authorization", "")
        return header[7:].strip() if header[:7].lower() == "bearer " else None

    def credentials(request: Request) -> tuple[str | None, bool]:
        """The seat token a request carries, and whether it came in the seat cookie (a browser, which sends it
        by itself) rather than in ``Authorization: Bearer`` (a program, which must mean it)."""
        token = bearer(request)
        if token is not None:
            return token, False
        return request.cookies.get(seat_cookie(request.path_params["code"])), True

    class ApiRefusal(Exception):
        def __init__(self, code: str, status: int, retry_after: int | None = None) -> None:
            self.code, self.status, self.retry_after = code, status, retry_after

    def api_limit(kind: str, request: Request, key: str | None = None) -> None:
        wait = too_fast(kind, request, key)
        if wait is not None:
            raise ApiRefusal("too-fast", 429, wait)

    def api_seat(table: LiveTable, request: Request, kind: str):
        """The seat a request speaks for, under the rate limit ``kind`` counted per seat (per client address
        while the token is not a seat's: inventing tokens buys nothing). A write authenticated by the cookie must
        come from the table's own page (``Origin``/``Sec-Fetch-Site``) as JSON."""
        token, by_cookie = credentials(request)
        seat = table.seat_for(token)
        api_limit(kind, request, f"{table.data.code}:{seat.position}" if seat is not None else None)
        if seat is None:
            raise ApiRefusal("not-seated", 401)
        if kind == "write" and by_cookie:
            if not security.same_origin(request.headers, ours(request)):
                raise ApiRefusal("bad-origin", 403)
            if not security.is_json(request.headers):
                raise ApiRefusal("json-only", 415)
        return seat

    async def api_body(request: Request, model: type[BaseModel]) -> Any:
        """The request's JSON body as ``model`` (its size is limited before it is read)."""
        raw = await request.body()
        if len(raw) > MAX_MESSAGE:
            raise ApiRefusal("too-big", 413)
        try:
            return model.model_validate_json(raw)
        except ValidationError:
            raise ApiRefusal("malformed", 400) from None

    def api(handler):
        """An API endpoint: refusals, illegal choices and unknown tables become JSON errors in the table's
        language (or the reader's)."""

        async def endpoint(request: Request) -> Response:
            table = hub.get(request.path_params["code"])
            if table is None:
                lang = request_lang(request)
                api_limit_wait = too_fast("read", request)
                if api_limit_wait is not None:
                    return _api_error("too-fast", texts(lang, "too-fast"), 429, api_limit_wait)
                return _api_error("no-table", texts(lang, "no-table"), 404)
            lang = request_lang(request, table.data.lang)
            try:
                return await handler(request, table, lang)
            except ApiRefusal as exc:
                return _api_error(exc.code, texts(lang, exc.code), exc.status, exc.retry_after)
            except (IllegalAction, TableError) as exc:
                return _api_error(*error_text(exc, lang), 409)
            except TalkError as exc:
                fast = exc.code == "too-fast"
                return _api_error(*error_text(exc, lang), 429 if fast else 409, 2 if fast else None)

        return endpoint

    @api
    async def api_join(request: Request, table: LiveTable, lang: str) -> Response:
        # No token yet: a browser's request must not come from another site, and seats are counted per client.
        if security.cross_site(request.headers, ours(request)):
            raise ApiRefusal("bad-origin", 403)
        api_limit("seat", request)
        body = await api_body(request, SeatRequest)
        seat, token = await table.join(body.name)
        return JSONResponse({"player": seat.name, "seat": seat.position, "token": token})

    @api
    async def api_view(request: Request, table: LiveTable, lang: str) -> Response:
        seat = api_seat(table, request, "read")
        view = render.game_view(table, seat.name, lang)
        # The version is a tag of this seat's view: a count of the table's choices would count the hidden ones.
        version = table.view_tag(seat.name, lang)
        body = {"status": table.status, "game": table.data.game, "player": seat.name, "version": version, "view": view}
        return JSONResponse(body)

    @api
    async def api_choose(request: Request, table: LiveTable, lang: str) -> Response:
        seat = api_seat(table, request, "write")
        body = await api_body(request, ChoiceRequest)
        await table.choose(seat.name, body.prompt, body.choose)
        return JSONResponse({"ok": True, "version": table.view_tag(seat.name, lang)})

    # The narrator's seat for programs (an AI narrator, velada.client): its own token, which the host asks for
    # and hands on. It sees everything and answers the prompts a game addresses to its narrator (Bethlem's
    # Cuentacuentos), but cannot start the table or move seats; a new token ends the one before.

    def api_host(table: LiveTable, request: Request, kind: str) -> None:
        """A request of the table's host: the host token as ``Authorization: Bearer`` (a program), or the host
        cookie from the table's own page."""
        token, by_cookie = bearer(request), False
        if token is None:
            token, by_cookie = request.cookies.get(host_cookie(table.data.code)), True
        api_limit(kind, request)
        if not table.is_host(token):
            raise ApiRefusal("not-host", 403)
        if by_cookie and not security.same_origin(request.headers, ours(request)):
            raise ApiRefusal("bad-origin", 403)

    @api
    async def api_narrator_token(request: Request, table: LiveTable, lang: str) -> Response:
        api_host(table, request, "seat")
        return JSONResponse({"token": await table.issue_narrator_token()})

    @api
    async def api_bots(request: Request, table: LiveTable, lang: str) -> Response:
        api_host(table, request, "write")
        await table.fill_with_bots()
        return JSONResponse({"status": table.status})

    @api
    async def api_start(request: Request, table: LiveTable, lang: str) -> Response:
        api_host(table, request, "write")
        await table.start()
        return JSONResponse({"status": table.status})

    def api_narrator(table: LiveTable, request: Request, kind: str) -> None:
        """The narrator seat's token only in ``Authorization: Bearer`` (never a cookie), under the rate limit
        ``kind`` counted for the narrator's seat."""
        narrator = table.is_narrator(bearer(request))
        api_limit(kind, request, f"{table.data.code}:narrador" if narrator else None)
        if not narrator:
            raise ApiRefusal("not-narrator", 401)

    @api
    async def api_narrator_view(request: Request, table: LiveTable, lang: str) -> Response:
        api_narrator(table, request, "read")
        view = table.view(None, lang)
        version = table.view_tag(None, lang)
        return JSONResponse({"status": table.status, "game": table.data.game, "version": version, "view": view})

    @api
    async def api_narrator_choose(request: Request, table: LiveTable, lang: str) -> Response:
        api_narrator(table, request, "write")
        body = await api_body(request, ChoiceRequest)
        await table.choose(NARRATOR, body.prompt, body.choose)
        return JSONResponse({"ok": True, "version": table.view_tag(None, lang)})

    @api
    async def api_talk(request: Request, table: LiveTable, lang: str) -> Response:
        """GET: the messages this seat received (``?channel=`` one channel, ``?after=`` its numbers after that one)
        and the channels it reads now; POST ``{"channel", "text"}``: say something."""
        if request.method == "POST":
            seat = api_seat(table, request, "write")
            body = await api_body(request, TalkRequest)
            said = await table.talk.say(seat.name, body.channel, body.text)
            return JSONResponse({"ok": True, "message": said})
        seat = api_seat(table, request, "read")
        try:
            after = max(0, int(request.query_params.get("after") or 0))
        except ValueError:
            raise ApiRefusal("malformed", 400) from None
        channel = request.query_params.get("channel") or None
        view = render.game_view(table, seat.name, lang)
        return JSONResponse(
            {
                "channels": view["talk"] if view else [],
                "messages": table.talk.messages(seat.name, after, channel),
                **table.talk.status(seat.name),
            }
        )

    def _api_error(code: str, text: str, status: int, retry_after: int | None = None) -> Response:
        headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
        return JSONResponse({"error": code, "text": text}, status_code=status, headers=headers)

    # --- the live socket ------------------------------------------------------------------------------

    class SeatGone(Exception):
        """The seat's token no longer works (handed to a bot, or moved to another phone by a seat link)."""

    async def socket(websocket: WebSocket) -> None:
        code = websocket.path_params["code"]
        table = hub.get(code)
        if table is None or security.cross_site(websocket.headers, ours(websocket)):
            await websocket.close(code=1008)
            return
        if too_fast("read", websocket) is not None:
            await websocket.close(code=1013)  # try again later
            return
        await websocket.accept()
        lang = request_lang(websocket, table.data.lang)
        # A program sends its seat's (or the narrator seat's) token as ``Authorization: Bearer``.
        token = bearer(websocket) or websocket.cookies.get(seat_cookie(code))
        seat = table.seat_for(token)
        is_host = table.is_host(websocket.cookies.get(host_cookie(code)))
        wants_host = websocket.query_params.get("host") == "1"
        # The narrator's seat sees everything: only the host (or the holder of its own token) may take it.
        wants_narrator = websocket.query_params.get("narrador") == "1" and (is_host or table.is_narrator(token))
        viewer: str | None = None if wants_narrator else PUBLIC if wants_host or seat is None else seat.name
        # A narrator's socket opened with the narrator seat's token lasts as long as that token does.
        narrator_token = wants_narrator and not is_host

        def seated() -> bool:
            """Whether this socket still speaks for its seat: its token may have been revoked since."""
            if narrator_token:
                return table.is_narrator(token)
            current = table.seat_for(token)
            return seat is not None and current is not None and current.position == seat.position

        async def send(message: dict[str, Any]) -> None:
            if (conn.viewer not in (PUBLIC, None) or narrator_token) and not seated():
                # Not one more word of the seat's view: close, and the page reconnects as a stranger.
                with contextlib.suppress(Exception):
                    await websocket.close(code=4001)
                raise SeatGone
            await websocket.send_json(message)

        conn = Connection(send, viewer, is_host and viewer in (PUBLIC, None), lang, join_url(websocket, code))
        limit = RateLimit(SOCKET_RATE.per_second, SOCKET_RATE.burst)
        try:
            await table.attach(conn)
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if narrator_token and not seated():
                    await send({"type": "error", "code": "not-narrator"})  # closes the socket
                await _handle(table, conn, seated, is_host, message.get("text"), limit, send)
        except SeatGone:
            pass
        finally:
            conn.alive = False

    async def _handle(table, conn, seated, is_host, text, limit, send) -> None:
        lang = conn.lang

        async def refuse(code: str, message: str | None = None) -> None:
            await send({"type": "error", "code": code, "text": message or texts(lang, code)})

        if text is None:  # a binary frame: the protocol is JSON text
            return await refuse("malformed")
        if len(text) > MAX_MESSAGE:
            return await refuse("too-big")
        if not limit.allow():
            return await refuse("too-fast")
        try:
            raw = json.loads(text)
            kind = raw.get("type") if isinstance(raw, dict) else None
            if isinstance(kind, str) and (kind == "say" or kind.startswith("talk-")):
                message = TalkMessage.model_validate(raw)
            else:
                message = ChooseMessage.model_validate(raw) if kind == "choose" else CommandMessage.model_validate(raw)
        except (ValueError, ValidationError):
            return await refuse("malformed")
        try:
            if isinstance(message, TalkMessage):
                await _talk(table, conn, seated, is_host, message, refuse)
            elif isinstance(message, ChooseMessage):
                if conn.viewer is None:
                    # The narrator's seat (host only) answers the prompts a game addresses to its narrator.
                    await table.choose(NARRATOR, message.prompt, message.choose)
                    return
                if conn.viewer == PUBLIC or not seated():
                    return await refuse("not-seated")
                await table.choose(conn.viewer, message.prompt, message.choose)
            elif message.type == "ping":
                await send({"type": "pong", "version": conn.sent})
            elif not is_host:
                return await refuse("not-host")
            elif message.type == "bots":
                await table.fill_with_bots()
            elif message.type == "start":
                await table.start()
            elif message.type == "bot-seat" and message.seat is not None:
                await table.hand_to_bot(message.seat)
        except (IllegalAction, TableError, TalkError) as exc:
            code, text_ = error_text(exc, lang)
            await refuse(code, text_)

    async def _talk(table, conn, seated, is_host, message, refuse) -> None:
        """A talk message on the websocket (see :class:`TalkMessage`)."""
        if message.type == "say":
            author = author_of(conn.viewer)
            if author is None or (author != NARRATOR and not seated()):
                return await refuse("not-seated")
            await table.talk.say(author, message.channel, message.text)
        elif message.type == "talk-history":
            await table.talk.history(conn)
        elif not is_host:
            return await refuse("not-host")
        elif message.type == "talk-delete" and message.seq is not None:
            await table.talk.delete(conn.viewer, message.seq)
        elif message.type == "talk-mute" and message.seat is not None:
            await table.talk.configure(seat=message.seat, muted=message.on)
        elif message.type == "talk-on":
            await table.talk.configure(enabled=message.on)

    # --- errors anywhere ------------------------------------------------------------------------------

    async def server_error(request: Request, exc: Exception) -> Response:
        """An unexpected error: JSON under ``/api/``, a short text elsewhere; never a traceback."""
        lang = request_lang(request)
        if request.url.path.startswith("/api/"):
            response: Response = _api_error("server-error", texts(lang, "server-error"), 500)
        else:
            response = PlainTextResponse(texts(lang, "server-error"), status_code=500)
        response.headers.update(security.HEADERS)
        return response

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Games under way go on by themselves after a restart: bots act, timers run out.
        hub.resume_all()
        if member is not None:
            await member.start(hub)
        yield
        if member is not None:
            await member.stop()
        await hub.close()
        store.close()

    from importlib import resources

    static = StaticFiles(directory=str(resources.files("velada.web").joinpath("static")))
    api_body_limit = {"max_body_size": MAX_API_BODY}
    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/tables", create_table, methods=["POST"]),
            Route("/t/{code}", seat_page),
            Route("/t/{code}/join", join, methods=["POST"]),
            Route("/t/{code}/seats/{position:int}/link", seat_link, methods=["POST"]),
            Route("/t/{code}/r/{token}", take_seat),
            Route("/t/{code}/host", host_page),
            Route("/t/{code}/narrador", narrator_page),
            Route("/t/{code}/partida.json", download),
            WebSocketRoute("/t/{code}/ws", socket),
            Route("/api/tables/{code}/seats", api_join, methods=["POST"], **api_body_limit),
            Route("/api/tables/{code}/view", api_view),
            Route("/api/tables/{code}/choices", api_choose, methods=["POST"], **api_body_limit),
            Route("/api/tables/{code}/talk", api_talk, methods=["GET", "POST"], **api_body_limit),
            Route("/api/tables/{code}/bots", api_bots, methods=["POST"], **api_body_limit),
            Route("/api/tables/{code}/start", api_start, methods=["POST"], **api_body_limit),
            Route("/api/tables/{code}/narrator", api_narrator_token, methods=["POST"], **api_body_limit),
            Route("/api/tables/{code}/narrator/view", api_narrator_view),
            Route("/api/tables/{code}/narrator/choices", api_narrator_choose, methods=["POST"], **api_body_limit),
            Mount("/static", static, name="static"),
        ],
        middleware=[
            Middleware(security.SecurityHeaders),
            Middleware(security.JsonApiErrors, text=lambda scope, code: texts(request_lang(Request(scope)), code)),
            Middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False),
            Middleware(RequestBodyLimitMiddleware, max_body_size=MAX_BODY),
        ],
        exception_handlers={Exception: server_error},
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store
    app.state.allowed_hosts = hosts
    return app


def app_from_env() -> Starlette:
    """The app of one worker process of ``velada serve --workers N`` (uvicorn starts each with this factory; the
    settings come in ``VELADA_SERVE``, as JSON)."""
    import os

    settings = json.loads(os.environ["VELADA_SERVE"])
    rates = None
    if settings.pop("no_rate_limits", False):
        rates = {kind: Rate(1e9, 1e9) for kind in security.RATES}
    return create_app(**settings, rates=rates, cluster=True)
