"""The web app: lobby, tables, seats, the narrator screen, the players' phones, and a small JSON API.

    velada serve --host 0.0.0.0 --port 8000 --db sqlite:///velada.sqlite3

Pages are rendered on the server; a websocket per page pushes the viewer's fragment after every change. Every
action and every view of a seat needs that seat's secret token (a cookie set when the player sat down, or an
``Authorization: Bearer`` header for programs). What the app does against other sites, forged hosts, floods and
big bodies is in :mod:`velada.web.security`; docs/security.md lists every promise and the test that proves it.

This module only assembles the app: the routes are in :mod:`velada.web.routes`, a module per concern, and the
layers of the web app are in docs/architecture.md.
"""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Match, Route, WebSocketRoute
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from velada.web import security
from velada.web.live import Config, Hub
from velada.web.routes import api, fast, lobby, pages, socket, static
from velada.web.routes.base import AppState, api_error, request_lang, texts
from velada.web.security import MAX_BODY, Rate
from velada.web.store import Store


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
    database (:mod:`velada.web.cluster`, ``velada serve --workers``).

    The routes live in :mod:`velada.web.routes`, a module per concern; what they share is one
    :class:`~velada.web.routes.base.AppState` on ``app.state.web``."""
    store = Store(db)
    member = None
    if cluster:
        from velada.web.cluster import Cluster

        member = Cluster(db)
    hub = Hub(store, Config(bot_delay=bot_delay, seed=seed, cluster=member))
    limits = security.Limits({**security.RATES, **(rates or {})})
    hosts = security.allowed_hosts(allowed_hosts, public_url)
    web = AppState(store, hub, limits, hosts, public_url, member)
    choose = next(r for r in api.routes if isinstance(r, Route) and r.endpoint is api.api_choose)
    app = Velada(
        socket.routes,
        hosts,
        fast.FastChoice(
            choose, hosts, server_error, lambda response: security.JsonApiErrors(response, text=error_text)
        ),
        routes=[*lobby.routes, *pages.routes, *socket.routes, *api.routes, *static.routes],
        middleware=[
            Middleware(security.SecurityHeaders),
            Middleware(security.JsonApiErrors, text=error_text),
            Middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False),
            Middleware(RequestBodyLimitMiddleware, max_body_size=MAX_BODY),
        ],
        exception_handlers={Exception: server_error, ClientDisconnect: client_gone},
        lifespan=lifespan,
    )
    app.state.web = web
    # The parts tests and ``velada serve`` read directly.
    app.state.hub = hub
    app.state.store = store
    app.state.allowed_hosts = hosts
    return app


class Velada(Starlette):
    """The app, its websockets served ahead of the middleware. A socket lives as long as its page, and every
    layer an ASGI call goes through waits for it all that time, each with its own frame, closures and copy of the
    scope: Starlette's error, exception and routing layers and the four middlewares made 18 coroutines a socket,
    most of its ~30 KB (docs/performance.md, "Memory"). None of those layers does anything to a socket but the
    host check (the others look only at HTTP): that check runs here first, Starlette's own
    ``TrustedHostMiddleware`` with the same hosts and the same refusal (400), and the socket route's endpoint is
    then called directly. Anything else, and a socket at any other address, takes the whole stack.

    A seat's choice, the request a game gets most, is served ahead of the layers too when it is plainly one they
    would let through (:class:`velada.web.routes.fast.FastChoice`, which keeps what each layer does for it)."""

    def __init__(
        self, sockets: Sequence[WebSocketRoute], hosts: Sequence[str], choose: fast.FastChoice, **options: Any
    ) -> None:
        super().__init__(**options)
        self.sockets = sockets
        self.choose = choose
        self.host_check = security.HostCheck(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            for route in self.sockets:
                match, child = route.matches(scope)
                if match is Match.FULL:
                    scope["app"] = self
                    if await self.host_check(scope, receive, send):  # it answers 400 itself to a host not ours
                        scope.update(child)
                        await route.endpoint(WebSocket(scope, receive, send))
                    return
        elif scope["type"] == "http" and scope["method"] == "POST" and await self.choose(self, scope, receive, send):
            return
        await super().__call__(scope, receive, send)


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    web: AppState = app.state.web
    # Games under way go on by themselves after a restart: bots act, timers run out.
    web.hub.resume_all()
    web.hub.start()
    if web.cluster is not None:
        await web.cluster.start(web.hub)
    yield
    if web.cluster is not None:
        await web.cluster.stop()
    await web.hub.close()
    web.store.close()


def error_text(scope: Scope, code: str) -> str:
    """The text of an error under ``/api/`` (:class:`velada.web.security.JsonApiErrors`), in the reader's language."""
    return texts(request_lang(Request(scope)), code)


async def server_error(request: Request, exc: Exception) -> Response:
    """An unexpected error: JSON under ``/api/``, a short text elsewhere; never a traceback."""
    lang = request_lang(request)
    if request.url.path.startswith("/api/"):
        response: Response = api_error("server-error", texts(lang, "server-error"), 500)
    else:
        response = PlainTextResponse(texts(lang, "server-error"), status_code=500)
    response.headers.update(security.HEADERS)
    return response


async def client_gone(request: Request, exc: Exception) -> Response:
    """The client hung up before its body was all sent (a phone that lost its network): nothing was done, nobody
    is left to answer, and it is no fault of the server's, so it is not logged as one. The answer goes nowhere."""
    return Response(status_code=400)


def tune_gc() -> None:
    """Garbage collection for a serving process (``velada serve``, each of its workers), called once the app is
    built. A push allocates thousands of short-lived dicts and lists (views, deltas, messages), nearly all freed
    by their reference counts, so the collector's default (a young collection every 700 allocations, a full one
    as the heap grows by a quarter) found little but cost much: at 50 tables it ran ~2000 young and 16 full
    collections in 40 s, a full one pausing the event loop for up to 1.5 s on a loaded machine
    (docs/performance.md). Whatever exists now (modules, templates, the app) lives as long as the process: it is
    frozen, and no collection walks it again; young collections come when 100 000 more objects are alive than at
    the last one (short-lived objects freed by their counts do not count: a collection walks what a push keeps, and
    what is in flight then). In a 100-table ``velada load`` run the collector took 1.3 s of the server's 23 s of
    CPU at 20 000 (33 collections), 0.3 s in 5 at 100 000 (docs/performance.md). Cycles are still collected, only
    less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 20, 20)


def app_from_env() -> Starlette:
    """The app of one worker process of ``velada serve --workers N`` (uvicorn starts each with this factory; the
    settings come in ``VELADA_SERVE``, as JSON)."""
    import os

    settings = json.loads(os.environ["VELADA_SERVE"])
    rates = None
    if settings.pop("no_rate_limits", False):
        rates = {kind: Rate(1e9, 1e9) for kind in security.RATES}
    app = create_app(**settings, rates=rates, cluster=True)
    tune_gc()
    return app
