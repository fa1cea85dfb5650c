"""A table's pages: a player's seat (or the form to take one), the seat links the host hands out, the shared
screen, the narrator's screen, and the finished game as a file. Every page is rendered on the server; the
websocket (:mod:`velada.web.routes.socket`) keeps it up to date."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from velada.web import render
from velada.web.errors import TableError
from velada.web.live import LiveTable
from velada.web.routes.base import (
    base_url,
    error_page,
    error_text,
    form_text,
    host_cookie,
    html_response,
    join_url,
    limited,
    read_form,
    request_lang,
    seat_cookie,
    set_secret_cookie,
    table_or_404,
    texts,
)


def table_of(request: Request) -> tuple[str, LiveTable, str]:
    """The table code in the request's path, its live table (404 when there is none) and the reader's language
    (the table's unless the reader chose one)."""
    table = table_or_404(request)
    return request.path_params["code"], table, request_lang(request, table.data.lang)


def join_page(request: Request, table: LiveTable, lang: str, error: str | None = None, status: int = 200) -> Response:
    """The page of a browser without a seat: the name form while the table waits for players; once the game
    has started, how to get one's seat back (a link from the host) instead of a form that cannot work."""
    started = table.status != "lobby"
    html = render.page(
        "join.html", lang, code=table.data.code, title=table.game.title(lang), error=error, started=started
    )
    return html_response(request, html, status)


@limited("read")
async def seat_page(request: Request) -> Response:
    code, table, lang = table_of(request)
    seat = table.seat_for(request.cookies.get(seat_cookie(code)))
    title = table.game.title(lang)
    if seat is None or seat.name is None:
        return join_page(request, table, lang)
    fragment = render.seat_fragment(table, seat.name, lang)
    html = render.page("seat.html", lang, code=code, title=title, fragment=fragment, player=seat.name)
    return html_response(request, html)


@limited("seat", form=True)
async def join(request: Request) -> Response:
    code, table, lang = table_of(request)
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
    code, table, lang = table_of(request)
    if not table.is_host(request.cookies.get(host_cookie(code))):
        return error_page(request, lang, texts(lang, "not-host"), 403)
    position = request.path_params["position"]
    try:
        token = await table.reissue_seat(position)
    except TableError as exc:
        return error_page(request, lang, error_text(exc, lang)[1], 409)
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
    code, table, lang = table_of(request)
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
    code, table, lang = table_of(request)
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
    code, table, lang = table_of(request)
    if not table.is_host(request.cookies.get(host_cookie(code))):
        return error_page(request, lang, texts(lang, "not-host"), 403)
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
    table = table_or_404(request)
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


routes: list[BaseRoute] = [
    Route("/t/{code}", seat_page),
    Route("/t/{code}/join", join, methods=["POST"]),
    Route("/t/{code}/seats/{position:int}/link", seat_link, methods=["POST"]),
    Route("/t/{code}/r/{token}", take_seat),
    Route("/t/{code}/host", host_page),
    Route("/t/{code}/narrador", narrator_page),
    Route("/t/{code}/partida.json", download),
]
