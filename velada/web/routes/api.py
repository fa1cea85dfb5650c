"""The JSON API, for programs and agents (:mod:`velada.client`): take a seat, read its view, answer its prompts,
talk; the host's program fills the table with bots, starts it and hands on the narrator seat's token, which reads
the whole game and answers the prompts a game addresses to its narrator.

A seat's token travels as ``Authorization: Bearer`` (or, from the table's own page, in the seat cookie); every
refusal is JSON, in the table's language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from velada.core.protocol import NARRATOR, IllegalAction
from velada.core.talk import TalkError
from velada.web import render, security
from velada.web.errors import TableError
from velada.web.live import LiveTable
from velada.web.routes.base import (
    MAX_MESSAGE,
    api_error,
    app_state,
    bearer,
    error_text,
    host_cookie,
    ours,
    request_lang,
    seat_cookie,
    texts,
    too_fast,
)
from velada.web.security import MAX_API_BODY


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


class ChoiceRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    prompt: str = Field(min_length=1, max_length=80)
    choose: list[Annotated[str, Field(max_length=400)]] = Field(max_length=32)


class ApiRefusal(Exception):
    def __init__(self, code: str, status: int, retry_after: int | None = None) -> None:
        self.code, self.status, self.retry_after = code, status, retry_after


def credentials(request: Request) -> tuple[str | None, bool]:
    """The seat token a request carries, and whether it came in the seat cookie (a browser, which sends it
    by itself) rather than in ``Authorization: Bearer`` (a program, which must mean it)."""
    token = bearer(request)
    if token is not None:
        return token, False
    return request.cookies.get(seat_cookie(request.path_params["code"])), True


def api_limit(kind: str, request: Request, key: str | None = None) -> None:
    wait = too_fast(kind, request, key)
    if wait is not None:
        raise ApiRefusal("too-fast", 429, wait)


def api_seat(table: LiveTable, request: Request, kind: str) -> str:
    """The player a request speaks for (its seat's name), under the rate limit ``kind`` counted per seat (per
    client address while the token is not a seat's: inventing tokens buys nothing). A write authenticated by the
    cookie must come from the table's own page (``Origin``/``Sec-Fetch-Site``) as JSON."""
    token, by_cookie = credentials(request)
    seat = table.seat_for(token)
    api_limit(kind, request, f"{table.data.code}:{seat.position}" if seat is not None else None)
    if seat is None or seat.name is None:
        raise ApiRefusal("not-seated", 401)
    if kind == "write" and by_cookie:
        if not security.same_origin(request.headers, ours(request)):
            raise ApiRefusal("bad-origin", 403)
        if not security.is_json(request.headers):
            raise ApiRefusal("json-only", 415)
    return seat.name


async def api_body(request: Request, model: type[BaseModel]) -> Any:
    """The request's JSON body as ``model`` (its size is limited before it is read)."""
    raw = await request.body()
    if len(raw) > MAX_MESSAGE:
        raise ApiRefusal("too-big", 413)
    try:
        return model.model_validate_json(raw)
    except ValidationError:
        raise ApiRefusal("malformed", 400) from None


Handler = Callable[[Request, LiveTable, str], Awaitable[Response]]


def api(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An API endpoint: refusals, illegal choices and unknown tables become JSON errors in the table's
    language (or the reader's)."""

    async def endpoint(request: Request) -> Response:
        table = app_state(request).hub.get(request.path_params["code"])
        if table is None:
            lang = request_lang(request)
            api_limit_wait = too_fast("read", request)
            if api_limit_wait is not None:
                return api_error("too-fast", texts(lang, "too-fast"), 429, api_limit_wait)
            return api_error("no-table", texts(lang, "no-table"), 404)
        lang = request_lang(request, table.data.lang)
        try:
            return await handler(request, table, lang)
        except ApiRefusal as exc:
            return api_error(exc.code, texts(lang, exc.code), exc.status, exc.retry_after)
        except (IllegalAction, TableError) as exc:
            return api_error(*error_text(exc, lang), 409)
        except TalkError as exc:
            fast = exc.code == "too-fast"
            return api_error(*error_text(exc, lang), 429 if fast else 409, 2 if fast else None)

    return endpoint


# --- a seat's program ---------------------------------------------------------------------------------------


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
    player = api_seat(table, request, "read")
    view = render.game_view(table, player, lang)
    # The version is a tag of this seat's view: a count of the table's choices would count the hidden ones.
    version = table.view_tag(player, lang)
    body = {"status": table.status, "game": table.data.game, "player": player, "version": version, "view": view}
    return JSONResponse(body)


@api
async def api_choose(request: Request, table: LiveTable, lang: str) -> Response:
    player = api_seat(table, request, "write")
    body = await api_body(request, ChoiceRequest)
    await table.choose(player, body.prompt, body.choose)
    return JSONResponse({"ok": True, "version": table.view_tag(player, lang)})


@api
async def api_talk(request: Request, table: LiveTable, lang: str) -> Response:
    """GET: the messages this seat received (``?channel=`` one channel, ``?after=`` its numbers after that one)
    and the channels it reads now; POST ``{"channel", "text"}``: say something."""
    if request.method == "POST":
        player = api_seat(table, request, "write")
        body = await api_body(request, TalkRequest)
        said = await table.talk.say(player, body.channel, body.text)
        return JSONResponse({"ok": True, "message": said})
    player = api_seat(table, request, "read")
    try:
        after = max(0, int(request.query_params.get("after") or 0))
    except ValueError:
        raise ApiRefusal("malformed", 400) from None
    channel = request.query_params.get("channel") or None
    view = render.game_view(table, player, lang)
    return JSONResponse(
        {
            "channels": view["talk"] if view else [],
            "messages": table.talk.messages(player, after, channel),
            **table.talk.status(player),
        }
    )


# --- the host's program, and the narrator's seat --------------------------------------------------------------
# The narrator's seat for programs (an AI narrator, velada.client): its own token, which the host asks for and
# hands on. It sees everything and answers the prompts a game addresses to its narrator (Bethlem's
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


routes: list[BaseRoute] = [
    Route("/api/tables/{code}/seats", api_join, methods=["POST"], max_body_size=MAX_API_BODY),
    Route("/api/tables/{code}/view", api_view),
    Route("/api/tables/{code}/choices", api_choose, methods=["POST"], max_body_size=MAX_API_BODY),
    Route("/api/tables/{code}/talk", api_talk, methods=["GET", "POST"], max_body_size=MAX_API_BODY),
    Route("/api/tables/{code}/bots", api_bots, methods=["POST"], max_body_size=MAX_API_BODY),
    Route("/api/tables/{code}/start", api_start, methods=["POST"], max_body_size=MAX_API_BODY),
    Route("/api/tables/{code}/narrator", api_narrator_token, methods=["POST"], max_body_size=MAX_API_BODY),
    Route("/api/tables/{code}/narrator/view", api_narrator_view),
    Route("/api/tables/{code}/narrator/choices", api_narrator_choose, methods=["POST"], max_body_size=MAX_API_BODY),
]
