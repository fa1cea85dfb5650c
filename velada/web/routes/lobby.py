"""The lobby: the form that creates a table (game, seats, options, mode, timers), and this browser's tables."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from velada.core.i18n import LANGUAGES
from velada.core.options import OptionError, normalize
from velada.games import REGISTRY
from velada.web import render
from velada.web.live import TIMERS
from velada.web.routes.base import (
    app_state,
    form_text,
    host_cookie,
    html_response,
    limited,
    read_form,
    request_lang,
    set_secret_cookie,
    texts,
)
from velada.web.store import token_hash

#: Host cookies the lobby looks at, to list the tables this browser created.
MAX_OWN_TABLES = 20


def own_tables(request: Request) -> list[Any]:
    """The tables this browser created: those whose host cookie it holds, checked against the store."""
    store = app_state(request).store
    found = []
    prefix = host_cookie("")
    names = [name for name in request.cookies if name.startswith(prefix)][:MAX_OWN_TABLES]
    for name in names:
        data = store.load(name[len(prefix) :])
        token = request.cookies[name]
        if data is not None and secrets.compare_digest(data.host_token, token_hash(token)):
            found.append(data)
    return sorted(found, key=lambda data: data.id, reverse=True)


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
        return lobby_error(texts(lang, "bad-options", reason=form_text(form, "game")[:40]))
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
    data = app_state(request).store.create_table(game.id, options, size, mode, table_lang, timers, host, fill)
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


def lobby_again(request: Request, lang: str, game: Any, options: dict[str, str], size: int, reason: str) -> Response:
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


def lobby_error(message: str) -> Response:
    return RedirectResponse(f"/?error={quote(message)}", status_code=303)


routes: list[BaseRoute] = [
    Route("/", lobby),
    Route("/tables", create_table, methods=["POST"]),
]
