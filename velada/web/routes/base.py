"""What every route shares: the app's state (one typed object on ``app.state``), the cookies, the reader's
language, the rate limits and the checks of where a request comes from.

The route modules (:mod:`~velada.web.routes.lobby`, :mod:`~velada.web.routes.pages`,
:mod:`~velada.web.routes.api`, :mod:`~velada.web.routes.socket`, :mod:`~velada.web.routes.static`) import this
module and nothing of each other; :func:`velada.web.app.create_app` builds the :class:`AppState` and assembles them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from velada.core.i18n import LANGUAGES
from velada.core.protocol import IllegalAction
from velada.core.talk import TalkError
from velada.web import render, security
from velada.web.errors import TableError
from velada.web.live import Hub, LiveTable
from velada.web.security import MAX_API_BODY, MAX_BODY, client_key
from velada.web.store import Store

#: The largest message a websocket or an API body may carry.
MAX_MESSAGE = MAX_API_BODY
COOKIE_AGE = 60 * 60 * 24 * 30


@dataclass
class AppState:
    """What the routes of one app share, held on ``app.state.web``.

    ``public_url`` overrides the address shown in join links; ``limits`` counts the rate limits
    (:data:`velada.web.security.RATES`); ``cluster`` is this process's membership of several on one PostgreSQL
    database (:mod:`velada.web.cluster`), or ``None``."""

    store: Store
    hub: Hub
    limits: security.Limits
    allowed_hosts: list[str]
    public_url: str | None = None
    cluster: Any = None


def app_state(request: HTTPConnection) -> AppState:
    """The state of the app that received ``request`` (an HTTP request or a websocket)."""
    state: AppState = request.app.state.web
    return state


# --- cookies, language, responses -------------------------------------------------------------------------


def seat_cookie(code: str) -> str:
    return f"velada_seat_{code}"


def host_cookie(code: str) -> str:
    return f"velada_host_{code}"


def request_lang(request: HTTPConnection, default: str = "es") -> str:
    # The query is parsed only when there is one: an API call has none, and parsing nothing was ~1% of a choice.
    asked = request.query_params.get("lang") if request.scope.get("query_string") else None
    lang = asked or request.cookies.get("velada_lang") or default
    return lang if lang in LANGUAGES else default


def texts(lang: str, code: str, **params: Any) -> str:
    """The sentence of the error ``code`` in ``lang`` (``error.<code>`` in the web catalogue)."""
    return render.MESSAGES.text(lang, f"error.{code}", **params)


def html_response(request: Request, html: str, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """A page; ``?lang=`` on any page also remembers the language in a cookie."""
    response = HTMLResponse(html, status_code=status, headers=headers)
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        response.set_cookie("velada_lang", lang, max_age=COOKIE_AGE, samesite="lax")
    return response


def error_page(request: Request, lang: str, error: str, status: int) -> Response:
    return html_response(request, render.page("error.html", lang, error=error), status)


def api_error(code: str, text: str, status: int, retry_after: int | None = None) -> Response:
    """A JSON error, as every API refusal (and any error under ``/api/``) is given."""
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse({"error": code, "text": text}, status_code=status, headers=headers)


def form_text(form: Any, key: str, default: str = "") -> str:
    """A form field as text; a file where text belongs counts as nothing."""
    value = form.get(key, default)
    return value if isinstance(value, str) else default


async def read_form(request: Request) -> Any:
    """A form's fields: no files, a few hundred fields at most (the body's size is limited before)."""
    return await request.form(max_files=0, max_fields=300, max_part_size=MAX_BODY)


def error_text(exc: Exception, lang: str) -> tuple[str, str]:
    """The code and sentence of a refusal (an illegal choice, talk refused, a table's refusal)."""
    if isinstance(exc, IllegalAction):
        return exc.code, exc.text(lang)
    if isinstance(exc, TalkError):
        return f"talk-{exc.code}", exc.text(lang)
    if isinstance(exc, TableError):
        return exc.code, texts(lang, exc.code, **exc.params)
    return "error", str(exc)


# --- where a request comes from, and how often ------------------------------------------------------------


def too_fast(kind: str, request: HTTPConnection, key: str | None = None) -> int | None:
    """``None`` if the request may go on; else the seconds to wait (``kind``: a :data:`security.RATES` key;
    ``key``: whom to count, the client's address by default)."""
    if not key:
        # The client's address, parsed only when it is whom to count (a seat's request counts its seat).
        key = client_key(request.client.host if request.client else None)
    return app_state(request).limits.check(kind, key)


def ours(request: HTTPConnection) -> set[str]:
    """The origins a request to us may come from (:func:`velada.web.security.our_origins`)."""
    return security.our_origins(request.headers, request.url.scheme, app_state(request).public_url)


def secure(request: HTTPConnection) -> bool:
    """Cookies only over HTTPS when the server is behind it (directly, through ``--proxy-headers``, or as the
    public URL says)."""
    return request.url.scheme in ("https", "wss") or (app_state(request).public_url or "").startswith("https://")


def set_secret_cookie(response: Response, request: Request, name: str, value: str) -> None:
    response.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="lax", secure=secure(request))


def base_url(request: HTTPConnection) -> str:
    """Where phones reach us: the public URL, or the (allowed) host this request was sent to."""
    public_url = app_state(request).public_url
    base = public_url.rstrip("/") if public_url else str(request.base_url).rstrip("/")
    # A websocket's own address is ws:// or wss://; the page to join is the http(s) one.
    if base.startswith("ws"):
        base = "http" + base[2:]
    return base


def join_url(request: HTTPConnection, code: str) -> str:
    return f"{base_url(request)}/t/{code}"


def bearer(request: HTTPConnection) -> str | None:
    """The token of an ``Authorization: Bearer`` header (a program's), if any."""
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header[:7].lower() == "bearer " else None


def table_or_404(request: Request) -> LiveTable:
    """The table of the request's ``code``."""
    table = app_state(request).hub.get(request.path_params["code"])
    if table is None:
        raise HTTPException(404, "no such table")
    return table


Endpoint = Callable[[Request], Awaitable[Response]]


def limited(kind: str, form: bool = False) -> Callable[[Endpoint], Endpoint]:
    """A page under the rate limit ``kind`` (per client address); ``form``: a form's POST, refused when a
    browser says it comes from another site or origin."""

    def wrap(handler: Endpoint) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            lang = request_lang(request)
            if form and security.cross_site(request.headers, ours(request)):
                return error_page(request, lang, texts(lang, "bad-origin"), 403)
            wait = too_fast(kind, request)
            if wait is not None:
                html = render.page("error.html", lang, error=texts(lang, "too-fast"))
                return html_response(request, html, 429, {"Retry-After": str(wait)})
            return await handler(request)

        return endpoint

    return wrap
