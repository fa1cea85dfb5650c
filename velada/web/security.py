"""The web app's defences that are not about games: which hosts and origins it answers, the headers on every
response, the size of request bodies, JSON errors under ``/api/``, and rate limits.

- **Hosts.** A request whose ``Host`` header is not an allowed host gets 400 (Starlette's
  ``TrustedHostMiddleware``): join links and QR codes are built from that header or from ``--public-url``, so a
  forged ``Host`` never reaches a page, and a DNS-rebinding page cannot talk to a server on the loopback. Allowed
  by default: the loopback names and this machine's own names and addresses; more with ``--allowed-host``.
- **Origins.** A browser says where a request comes from (``Origin``, ``Sec-Fetch-Site``). Writes that a browser
  authenticates by itself — forms and cookies — must come from the table's own origin: :func:`cross_site` for
  the forms, :func:`same_origin` (positive proof) for cookie-authenticated API writes and the websocket. Programs
  authenticate with ``Authorization: Bearer``, which no other site can make a browser send.
- **Headers.** :data:`HEADERS` on every response: a Content-Security-Policy with scripts and styles from this
  server only and no framing, ``nosniff``, and no ``Referer`` to other sites (seat links carry a secret).
- **Bodies.** At most :data:`MAX_BODY` bytes (Starlette's ``RequestBodyLimitMiddleware`` checks
  ``Content-Length`` and counts what actually arrives), :data:`MAX_API_BODY` under ``/api/``.
- **Rate limits.** :class:`Limits`: token buckets per kind of request and per client (an address, an IPv6
  /64, or a seat's valid token), each refusal with the seconds to wait.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024
MAX_API_BODY = 4096
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    # Our own pages only: seat links carry a secret. (Not no-referrer: then browsers send "Origin: null" with
    # our own forms, and the same-origin check could not tell them from another site's.)
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}
LOOPBACK = ("localhost", "127.0.0.1", "::1", "[::1]")
DEFAULT_PORTS = {"http": "80", "ws": "80", "https": "443", "wss": "443"}


# --- hosts and origins ------------------------------------------------------------------------------------


def own_hosts(bind: str | None = None) -> list[str]:
    """The loopback names and this machine's own names and addresses (and ``bind`` if it is one address):
    the hosts a browser on this machine or on the local network may use to reach the server."""
    hosts: list[str] = list(LOOPBACK)
    names: list[str] = []
    try:
        name = socket.gethostname()
        names = [name, f"{name}.local", socket.getfqdn()]
    except OSError:
        pass
    addresses: set[str] = set()
    for name in names:
        try:
            addresses.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
        except OSError:
            continue
    # The address other machines reach us by: the source of a (never sent) datagram to the outside.
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                addresses.add(str(probe.getsockname()[0]))
        except OSError:
            continue
    if bind and bind not in ("0.0.0.0", "::", ""):
        addresses.add(bind)
    for address in sorted(addresses | set(names)):
        address = address.split("%")[0]  # an IPv6 zone
        host = f"[{address}]" if ":" in address else address
        if host and host.lower() not in hosts:
            hosts.append(host.lower())
    return hosts


def host_of(url: str) -> str:
    """The host of a URL as a ``Host`` header names it (IPv6 in brackets, no port)."""
    host = urlsplit(url).hostname or ""
    return f"[{host}]" if ":" in host else host


def netloc(url_or_host: str, scheme: str = "http") -> str:
    """``host[:port]``, lower case, without the scheme's default port: what two origins must share."""
    if "://" in url_or_host:
        parts = urlsplit(url_or_host)
        scheme, url_or_host = parts.scheme, parts.netloc
    url_or_host = url_or_host.lower().rsplit("@", 1)[-1]
    default = DEFAULT_PORTS.get(scheme.lower())
    if default and url_or_host.endswith(f":{default}"):
        url_or_host = url_or_host[: -len(default) - 1]
    return url_or_host


def our_origins(headers: Mapping[str, str], scheme: str, public_url: str | None) -> set[str]:
    """The origins (as netlocs) a request to us may come from: the host it was sent to (already checked
    against the allowed hosts) and the public address."""
    ours = {netloc(headers.get("host", ""), scheme)}
    if public_url:
        ours.add(netloc(public_url))
    ours.discard("")
    return ours


def cross_site(headers: Mapping[str, str], ours: set[str]) -> bool:
    """Whether a browser says the request comes from another site or origin. ``Sec-Fetch-Site`` (which no page
    can set) decides when it is there: another site, or the same site on another origin (another port of this
    host), is refused. Without it, an ``Origin`` that is not ours (``null`` included) is. A program sends
    neither."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site in ("cross-site", "same-site")
    origin = headers.get("origin")
    return origin is not None and netloc(origin) not in ours


def same_origin(headers: Mapping[str, str], ours: set[str]) -> bool:
    """Whether a browser proves the request comes from one of our own pages: ``Sec-Fetch-Site: same-origin``,
    or (an older browser) an ``Origin`` of ours."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site == "same-origin"
    origin = headers.get("origin")
    return origin is not None and netloc(origin) in ours


def is_json(headers: Mapping[str, str]) -> bool:
    media = headers.get("content-type", "").split(";")[0].strip().lower()
    return media == "application/json"


# --- middleware -------------------------------------------------------------------------------------------


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP response (a response's own value wins)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


#: The error code a bare HTTP status stands for, for API clients.
STATUS_CODES = {
    400: "bad-request",
    401: "not-seated",
    403: "bad-origin",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-big",
    429: "too-fast",
}


class JsonApiErrors:
    """Under ``/api/``, every error is JSON like the API's own (``{"error", "text"}``): a response of status
    400 or more that is not JSON already (an unknown address, a wrong method, a bad ``Host``, a body too big)
    is replaced. ``text(lang, code)`` gives the human text."""

    def __init__(self, app: ASGIApp, text: Any, prefix: str = "/api/") -> None:
        self.app, self.text, self.prefix = app, text, prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            return await self.app(scope, receive, send)
        replacing: dict[str, Any] = {}

        async def send_json_errors(message: Message) -> None:
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = message.get("headers", [])
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                if status >= 400 and not kind.startswith(b"application/json"):
                    replacing["start"] = message
                    return
            elif message["type"] == "http.response.body" and replacing:
                if message.get("more_body"):
                    return
                start = replacing["start"]
                code = STATUS_CODES.get(start["status"], "server-error" if start["status"] >= 500 else "error")
                body = json.dumps({"error": code, "text": self.text(scope, code)}, ensure_ascii=False).encode()
                kept = [(k, v) for k, v in start.get("headers", []) if k.lower() in (b"retry-after", b"allow")]
                headers = [*kept, (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
                await send({**start, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, send_json_errors)


# --- rate limits ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    """``burst`` requests at once, refilled at ``per_second``."""

    per_second: float
    burst: float


#: Per kind of request: taking a seat and creating a table per client address; reads (pages, views) and API
#: writes per seat (its valid token) or else per address. Generous for people, tight for scripts that hammer.
RATES = {
    "seat": Rate(0.5, 30),
    "create": Rate(0.1, 10),
    "read": Rate(30, 300),
    "write": Rate(20, 60),
}


class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` per second."""

    # One per seat and kind of request on a busy server (Limits): no __dict__ each.
    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def allow(self) -> bool:
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def retry_after(self) -> int:
        """Whole seconds until the next message would be allowed."""
        self._refill()
        return max(1, int((1 - self.tokens) / self.rate + 0.999))

    @property
    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst


def client_key(address: str | None) -> str:
    """Whom a rate limit counts: the client's address, or its /64 for IPv6 (one home's or phone's share)."""
    if not address:
        return "?"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is None:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
        return str(ip.ipv4_mapped)
    return str(ip)


#: How often the full buckets are forgotten (:meth:`Limits.check`).
PRUNE_SECONDS = 30.0


class Limits:
    """Rate limits by kind (:data:`RATES`) and key; at most ``max_keys`` buckets are kept (full ones are the
    first forgotten, as a new bucket is full anyway).

    Full buckets are also forgotten every :data:`PRUNE_SECONDS`: seats are keys, each game's seats have new
    tokens, and a busy server otherwise kept a bucket for every seat it ever served until ``max_keys``."""

    def __init__(self, rates: Mapping[str, Rate] = RATES, max_keys: int = 20_000) -> None:
        self.rates = dict(rates)
        self.max_keys = max_keys
        self.buckets: dict[tuple[str, str], RateLimit] = {}
        self._pruned = time.monotonic()

    def check(self, kind: str, key: str) -> int | None:
        """``None`` if allowed (and counted); else the seconds to wait."""
        bucket = self.buckets.get((kind, key))
        if bucket is None:
            now = time.monotonic()
            if now - self._pruned >= PRUNE_SECONDS:
                self._pruned = now
                self._forget_full()
            if len(self.buckets) >= self.max_keys:
                self._prune()
            rate = self.rates[kind]
            bucket = self.buckets[(kind, key)] = RateLimit(rate.per_second, rate.burst)
        return None if bucket.allow() else bucket.retry_after()

    def _forget_full(self) -> None:
        for key in [k for k, b in self.buckets.items() if b.full]:
            del self.buckets[key]

    def _prune(self) -> None:
        self._forget_full()
        while len(self.buckets) >= self.max_keys // 2:
            del self.buckets[next(iter(self.buckets))]


def allowed_hosts(extra: Iterable[str] = (), public_url: str | None = None, bind: str | None = None) -> list[str]:
    """The hosts a request may name: :func:`own_hosts`, the public address's, and ``extra``."""
    hosts = own_hosts(bind)
    named = [host_of(public_url)] if public_url else []
    for host in [*named, *extra]:
        host = (host_of(host) if "://" in host else host).strip().lower()
        if host and host not in hosts:
            hosts.append(host)
    return hosts


class HostCheck:
    """Starlette's ``TrustedHostMiddleware`` with the app's hosts, asked as a question for the requests served
    ahead of the middleware (a socket, a seat's choice): ``await check(scope, receive, send)`` is whether the
    scope's ``Host`` is ours; when it is not, the middleware has answered its 400 through ``send``."""

    def __init__(self, hosts: Iterable[str]) -> None:
        self._middleware = TrustedHostMiddleware(_host_passed, allowed_hosts=list(hosts), www_redirect=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> bool:
        await self._middleware(scope, receive, send)
        return bool(scope.pop(_HOST_PASSED, False))


_HOST_PASSED = "velada.host_passed"


async def _host_passed(scope: Scope, receive: Receive, send: Send) -> None:
    scope[_HOST_PASSED] = True
