"""The web app: lobby, tables, seats, the narrator screen, the players' phones, and a small JSON API.

    velada serve --host 0.0.0.0 --port 8000 --db sqlite:///velada.sqlite3

Pages are rendered on the server; a websocket per page pushes the viewer's fragment after every change. Every
action and every view of a seat needs that seat's secret token (a cookie set when the player sat down, or an
``Authorization: Bearer`` header for programs).
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from velada.core.i18n import LANGUAGES
from velada.core.options import OptionError, normalize
from velada.core.protocol import NARRATOR, PUBLIC, IllegalAction
from velada.games import REGISTRY
from velada.web import render
from velada.web.live import TIMERS, Config, Connection, Hub, LiveTable, TableError
from velada.web.store import Store

MAX_MESSAGE = 4096
RATE_PER_SECOND = 5.0
RATE_BURST = 15.0
API_RATE_PER_SECOND = 20.0
API_RATE_BURST = 60.0
COOKIE_AGE = 60 * 60 * 24 * 30


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
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)


class ChoiceRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    prompt: str = Field(min_length=1, max_length=80)
    choose: list[Annotated[str, Field(max_length=400)]] = Field(max_length=32)


class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def seat_cookie(code: str) -> str:
    return f"velada_seat_{code}"


def host_cookie(code: str) -> str:
    return f"velada_host_{code}"


def request_lang(request: Request | WebSocket, default: str = "es") -> str:
    lang = request.query_params.get("lang") or request.cookies.get("velada_lang") or default
    return lang if lang in LANGUAGES else default


def html_response(request: Request, html: str, status: int = 200) -> HTMLResponse:
    """A page; ``?lang=`` on any page also remembers the language in a cookie."""
    response = HTMLResponse(html, status_code=status)
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        response.set_cookie("velada_lang", lang, max_age=COOKIE_AGE, samesite="lax")
    return response


def error_text(exc: Exception, lang: str) -> tuple[str, str]:
    if isinstance(exc, IllegalAction):
        return exc.code, exc.text(lang)
    if isinstance(exc, TableError):
        return exc.code, render.MESSAGES.text(lang, f"error.{exc.code}", **exc.params)
    return "error", str(exc)


def create_app(
    db: str = "sqlite:///velada.sqlite3", bot_delay: float = 1.0, public_url: str | None = None, seed: int | None = None
) -> Starlette:
    """The ASGI app. ``db`` is any SQLAlchemy URL; ``public_url`` overrides the address shown in join links;
    ``seed`` fixes every game's seed (tests and demos only: a known seed gives every secret away)."""
    store = Store(db)
    hub = Hub(store, Config(bot_delay=bot_delay, seed=seed))
    api_limits: dict[str, RateLimit] = {}

    def api_allowed(request: Request) -> bool:
        """The JSON API's writes are rate-limited per seat token (per client address to take a seat); programs
        get a larger allowance than a person's websocket."""
        key = bearer(request) or (request.client.host if request.client else "?")
        if len(api_limits) > 10_000:
            api_limits.clear()
        return api_limits.setdefault(key, RateLimit(API_RATE_PER_SECOND, API_RATE_BURST)).allow()

    def table_or_404(code: str) -> LiveTable:
        table = hub.get(code)
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    def join_url(request: Request | WebSocket, code: str) -> str:
        base = public_url.rstrip("/") if public_url else str(request.base_url).rstrip("/")
        # A websocket's own address is ws:// or wss://; the page to join is the http(s) one.
        if base.startswith("ws"):
            base = "http" + base[2:]
        return f"{base}/t/{code}"

    # --- pages ----------------------------------------------------------------------------------------

    async def lobby(request: Request) -> Response:
        lang = request_lang(request)
        html = render.page(
            "lobby.html",
            lang,
            games=list(REGISTRY),
            selected=REGISTRY.ids()[0],
            recent=store.recent(10),
            error=request.query_params.get("error"),
        )
        return html_response(request, html)

    async def create_table(request: Request) -> Response:
        lang = request_lang(request)
        form = await request.form()
        try:
            game = REGISTRY.get(str(form.get("game", "")))
        except KeyError:
            return _lobby_error(render.MESSAGES.text(lang, "error.bad-options", reason=str(form.get("game"))))
        try:
            size = int(str(form.get("seats", "0")))
            table_lang = str(form.get("lang", lang))
            if table_lang not in LANGUAGES:
                table_lang = lang
            mode = "online" if form.get("mode") == "online" else "presencial"
            options = {k[4:]: str(v) for k, v in form.items() if k.startswith("opt:")}
            timers = {name: max(0, min(3600, int(str(form.get(f"timer:{name}", "0") or 0)))) for name in TIMERS}
            normalize(game.options, options)
            info = game.info
            if not info.min_players <= size <= info.max_players:
                raise ValueError(f"{game.id}: {info.min_players}–{info.max_players} players")
        except (OptionError, ValueError) as exc:
            return _lobby_error(render.MESSAGES.text(lang, "error.bad-options", reason=str(exc)))
        host = secrets.token_urlsafe(32)
        fill = ""
        if form.get("bots"):
            fill = next((name for name in game.bots if name != "random"), "random")
        data = store.create_table(game.id, options, size, mode, table_lang, timers, host, fill)
        response = RedirectResponse(f"/t/{data.code}/host", status_code=303)
        response.set_cookie(host_cookie(data.code), host, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response

    def _lobby_error(message: str) -> Response:
        from urllib.parse import quote

        return RedirectResponse(f"/?error={quote(message)}", status_code=303)

    async def seat_page(request: Request) -> Response:
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        seat = table.seat_for(request.cookies.get(seat_cookie(code)))
        title = table.game.title(lang)
        if seat is None:
            error = None if table.status == "lobby" else render.MESSAGES.text(lang, "error.started")
            return html_response(request, render.page("join.html", lang, code=code, title=title, error=error))
        fragment = render.seat_fragment(table, seat.name, lang)
        return html_response(request, render.page("seat.html", lang, code=code, title=title, fragment=fragment))

    async def join(request: Request) -> Response:
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        form = await request.form()
        try:
            _, token = await table.join(str(form.get("name", ""))[:200])
        except TableError as exc:
            title = table.game.title(lang)
            html = render.page("join.html", lang, code=code, title=title, error=error_text(exc, lang)[1])
            return html_response(request, html, 409)
        response = RedirectResponse(f"/t/{code}", status_code=303)
        response.set_cookie(seat_cookie(code), token, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response

    async def host_page(request: Request) -> Response:
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        is_host = table.is_host(request.cookies.get(host_cookie(code)))
        fragment = render.host_fragment(table, lang, join_url(request, code), is_host)
        html = render.page(
            "host.html", lang, code=code, title=table.game.title(lang), fragment=fragment, mode=table.data.mode
        )
        return html_response(request, html)

    async def narrator_page(request: Request) -> Response:
        """The narrator's screen: the whole game, every card and every night call, for a human narrator who does
        not play (the host only)."""
        code = request.path_params["code"]
        table = table_or_404(code)
        lang = request_lang(request, table.data.lang)
        if not table.is_host(request.cookies.get(host_cookie(code))):
            return html_response(request, render.MESSAGES.text(lang, "error.not-host"), 403)
        fragment = render.host_fragment(table, lang, join_url(request, code), True, narrator=True)
        html = render.page(
            "host.html", lang, code=code, title=table.game.title(lang), fragment=fragment, mode="online", narrator=True
        )
        return html_response(request, html)

    async def download(request: Request) -> Response:
        """The finished game as a scenario file. Not before the end: the seed would give every secret away."""
        table = table_or_404(request.path_params["code"])
        if table.status != "finished" or table.match is None:
            return JSONResponse({"error": "not-finished"}, status_code=403)
        body = json.dumps(table.match.record(), ensure_ascii=False, indent=1)
        filename = f"velada-{table.data.game}-{table.data.code}.json"
        return Response(
            body,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    # --- the JSON API (for programs and agents) -------------------------------------------------------

    def bearer(request: Request) -> str | None:
        header = request.headers.get("authorization", "")
        return (
            header[7:]
            if header.lower().startswith("bearer ")
            else request.cookies.get(seat_cookie(request.path_params["code"]))
        )

    class ApiRefusal(Exception):
        def __init__(self, code: str, status: int) -> None:
            self.code, self.status = code, status

    def api_seat(table: LiveTable, request: Request):
        seat = table.seat_for(bearer(request))
        if seat is None:
            raise ApiRefusal("not-seated", 401)
        return seat

    async def api_body(request: Request, model: type[BaseModel]) -> Any:
        """The request's JSON body as ``model``, after the rate and size limits."""
        if not api_allowed(request):
            raise ApiRefusal("too-fast", 429)
        raw = await request.body()
        if len(raw) > MAX_MESSAGE:
            raise ApiRefusal("too-big", 413)
        try:
            return model.model_validate_json(raw)
        except ValidationError:
            raise ApiRefusal("malformed", 400) from None

    def api(handler):
        """An API endpoint: refusals and illegal choices become JSON errors in the table's language."""

        async def endpoint(request: Request) -> Response:
            table = table_or_404(request.path_params["code"])
            lang = request_lang(request, table.data.lang)
            try:
                return await handler(request, table, lang)
            except ApiRefusal as exc:
                return _api_error(exc.code, render.MESSAGES.text(lang, f"error.{exc.code}"), exc.status)
            except (IllegalAction, TableError) as exc:
                return _api_error(*error_text(exc, lang), 409)

        return endpoint

    @api
    async def api_join(request: Request, table: LiveTable, lang: str) -> Response:
        body = await api_body(request, SeatRequest)
        seat, token = await table.join(body.name)
        return JSONResponse({"player": seat.name, "seat": seat.position, "token": token})

    @api
    async def api_view(request: Request, table: LiveTable, lang: str) -> Response:
        seat = api_seat(table, request)
        view = render.game_view(table, seat.name, lang)
        # The version is a tag of this seat's view: a count of the table's choices would count the hidden ones.
        return JSONResponse({"status": table.status, "version": table.view_tag(seat.name, lang), "view": view})

    @api
    async def api_choose(request: Request, table: LiveTable, lang: str) -> Response:
        seat = api_seat(table, request)
        body = await api_body(request, ChoiceRequest)
        await table.choose(seat.name, body.prompt, body.choose)
        return JSONResponse({"ok": True, "version": table.view_tag(seat.name, lang)})

    def _api_error(code: str, text: str, status: int) -> Response:
        return JSONResponse({"error": code, "text": text}, status_code=status)

    # --- the live socket ------------------------------------------------------------------------------

    async def socket(websocket: WebSocket) -> None:
        code = websocket.path_params["code"]
        table = hub.get(code)
        origin = websocket.headers.get("origin")
        if table is None or (origin and urlsplit(origin).netloc != websocket.headers.get("host")):
            await websocket.close(code=1008)
            return
        await websocket.accept()
        lang = request_lang(websocket, table.data.lang)
        seat = table.seat_for(websocket.cookies.get(seat_cookie(code)))
        is_host = table.is_host(websocket.cookies.get(host_cookie(code)))
        wants_host = websocket.query_params.get("host") == "1"
        # The narrator's seat sees everything: only the host may take it (and should not play then).
        wants_narrator = websocket.query_params.get("narrador") == "1" and is_host
        viewer: str | None = None if wants_narrator else PUBLIC if wants_host or seat is None else seat.name

        async def send(message: dict[str, Any]) -> None:
            await websocket.send_json(message)

        conn = Connection(send, viewer, is_host and viewer in (PUBLIC, None), lang, join_url(websocket, code))
        await table.attach(conn)
        limit = RateLimit()
        try:
            while True:
                text = await websocket.receive_text()
                await _handle(table, conn, seat, is_host, text, limit, send)
        except WebSocketDisconnect:
            pass
        finally:
            conn.alive = False

    async def _handle(table, conn, seat, is_host, text, limit, send) -> None:
        lang = conn.lang

        async def refuse(code: str, message: str | None = None) -> None:
            await send({"type": "error", "code": code, "text": message or render.MESSAGES.text(lang, f"error.{code}")})

        if len(text) > MAX_MESSAGE:
            return await refuse("too-big")
        if not limit.allow():
            return await refuse("too-fast")
        try:
            raw = json.loads(text)
            kind = raw.get("type") if isinstance(raw, dict) else None
            message = ChooseMessage.model_validate(raw) if kind == "choose" else CommandMessage.model_validate(raw)
        except (ValueError, ValidationError):
            return await refuse("malformed")
        try:
            if isinstance(message, ChooseMessage):
                if conn.viewer is None:
                    # The narrator's seat (host only) answers the prompts a game addresses to its narrator.
                    await table.choose(NARRATOR, message.prompt, message.choose)
                    return
                if seat is None or conn.viewer == PUBLIC:
                    return await refuse("not-seated")
                await table.choose(seat.name, message.prompt, message.choose)
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
        except (IllegalAction, TableError) as exc:
            code, text_ = error_text(exc, lang)
            await refuse(code, text_)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Games under way go on by themselves after a restart: bots act, timers run out.
        hub.resume_all()
        yield
        await hub.close()
        store.close()

    from importlib import resources

    static = StaticFiles(directory=str(resources.files("velada.web").joinpath("static")))
    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/tables", create_table, methods=["POST"]),
            Route("/t/{code}", seat_page),
            Route("/t/{code}/join", join, methods=["POST"]),
            Route("/t/{code}/host", host_page),
            Route("/t/{code}/narrador", narrator_page),
            Route("/t/{code}/partida.json", download),
            WebSocketRoute("/t/{code}/ws", socket),
            Route("/api/tables/{code}/seats", api_join, methods=["POST"]),
            Route("/api/tables/{code}/view", api_view),
            Route("/api/tables/{code}/choices", api_choose, methods=["POST"]),
            Mount("/static", static, name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store
    return app
