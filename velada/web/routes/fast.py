"""A seat's choice (``POST /api/tables/{code}/choices``) served ahead of Starlette's layers.

It is the request a table gets most (one per choice; everything else of a game comes over its sockets), and
Starlette's stack wraps it in nine layers before the endpoint (the error, security-header, JSON-error, host and
body-limit middlewares, the exception layer, the router, the route's own body limit, the request wrapper), each
with its coroutine and, most of them, a wrapper of ``send``: about half of the HTTP path's Python at 200 tables
(docs/performance.md). Here the same endpoint is called directly when the request is plainly one the layers would
let through untouched, and the answer gets what the layers would have added.

What each layer does for this route, and how it is kept:

- **Host** (``TrustedHostMiddleware``): the ``Host`` header is checked by that same middleware (the app's own
  hosts); only a host it let through goes this way, and what it let through is remembered by the header's bytes
  (a few names, bounded).
- **Body size** (the app's and the route's ``RequestBodyLimitMiddleware``): this way only with one
  ``Content-Length`` of at most :data:`~velada.web.security.MAX_API_BODY` and no ``Transfer-Encoding``; the
  server's parser reads no byte past that length, so no limit can trip.
- **Errors**: a client that hung up before its whole body came is let go quietly, as the app's handler of
  ``ClientDisconnect`` does; an unexpected exception gets the app's own 500 answer (``server_error``, sent as
  Starlette's error layer sends it: outside the other layers, headers included) and is raised again for the
  server to log.
- **Headers** (``SecurityHeaders``): :data:`~velada.web.security.HEADERS` added after the answer's own, a header
  the answer has winning. **JSON errors** (``JsonApiErrors``): every answer of the endpoint is JSON already; one
  that were not would go through that same layer.

Anything else — another method, a host never seen, a body without a length or over it, a ``root_path`` — takes
the whole stack, which answers it as before (``tests/web/test_la_eleccion_sin_capas.py`` compares both ways)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from velada.web import security

#: How many distinct passing ``Host`` values are remembered (a server is reached by a handful of names).
KNOWN_HOSTS = 16

_HEADERS = [(k.encode(), v.encode()) for k, v in security.HEADERS.items()]


class FastChoice:
    """The choices route of :mod:`velada.web.routes.api` for the app ``app``, ahead of its middleware.
    ``__call__`` returns whether it answered the request (else the caller hands it to the whole stack, which has
    not been given any of its body)."""

    def __init__(
        self,
        route: Route,
        hosts: Sequence[str],
        server_error: Callable[[Request, Exception], Awaitable[Response]],
        json_errors: Callable[[Any], Any],
    ) -> None:
        self.route = route
        self.endpoint: Callable[[Request], Awaitable[Response]] = route.endpoint
        self.server_error = server_error
        self.json_errors = json_errors
        self.host_check = security.HostCheck(hosts)
        self.hosts: set[bytes] = set()

    async def __call__(self, app: Any, scope: Scope, receive: Receive, send: Send) -> bool:
        if scope.get("root_path"):
            return False
        match = self.route.path_regex.match(scope["path"])
        if match is None:
            return False
        host, length, other = None, None, False
        for name, value in scope["headers"]:
            if name == b"host":
                if host is None:
                    host = value
            elif name == b"content-length":
                other = other or length is not None
                length = value
            elif name == b"transfer-encoding":
                other = True
        if other or length is None or len(length) > 6 or not length.isdigit() or int(length) > security.MAX_API_BODY:
            return False
        if host not in self.hosts and not await self._host_passes(scope, host):
            return False
        scope["app"] = app
        scope["path_params"] = {"code": match["code"]}
        request = Request(scope, receive, send)
        started = False

        async def send_with_headers(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in _HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        try:
            try:
                response = await self.endpoint(request)
            except HTTPException as exc:  # as Starlette's exception layer answers it (the endpoint raises none)
                response = PlainTextResponse(exc.detail, exc.status_code, exc.headers)
            kind = next((v for k, v in response.raw_headers if k == b"content-type"), b"")
            if response.status_code >= 400 and not kind.startswith(b"application/json"):
                await self.json_errors(response)(scope, receive, send_with_headers)
            else:
                await response(scope, receive, send_with_headers)
        except ClientDisconnect:
            return True  # as the app's handler of it: nobody is left to answer, and nothing was done
        except Exception as exc:
            # As Starlette's error layer: the app's 500 answer, sent outside the other layers, then raised again.
            if not started:
                await (await self.server_error(Request(scope), exc))(scope, receive, send)
            raise
        return True

    async def _host_passes(self, scope: Scope, host: bytes | None) -> bool:
        """Whether the app's host check lets ``host`` through (it answers nothing here: a refused host takes the
        whole stack, which refuses it as always)."""
        probe = {"type": "http", "headers": [(b"host", host)] if host is not None else []}
        if not await self.host_check(probe, _nothing, _nothing):
            return False
        if host is not None and len(self.hosts) < KNOWN_HOSTS:
            self.hosts.add(host)
        return True


async def _nothing(*args: Any) -> Any:
    return None
