"""The load generator's own HTTP/1.1 and websocket clients: the few bytes a phone's browser sends, and nothing more.

``velada load`` runs hundreds of tables on the same two cores as the server it measures, so each choice must cost
the generator far less than it costs the server. Locust's HTTP client spends ~0.2 ms of CPU on a POST (headers
merged in dicts, cookies, a response object) and websocket-client reads each frame in three socket calls through
several Python layers; these clients do one ``sendall`` a request and read whole buffers, parsing frames from them.
They use the :mod:`socket` module as it is when called: under Locust, gevent has made it cooperative.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import socket
import time
from collections.abc import Iterator
from typing import NamedTuple

#: RFC 6455's key suffix, hashed with the client's key into the server's Sec-WebSocket-Accept.
_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_CHUNK = 262144


class WireError(Exception):
    """The server answered something these clients do not speak, or closed the connection mid-answer."""


def _head(sock: socket.socket, buffer: bytes) -> tuple[bytes, bytes]:
    """Read until the end of an HTTP head: (the head, whatever came after it)."""
    while b"\r\n\r\n" not in buffer:
        data = sock.recv(_CHUNK)
        if not data:
            raise WireError("connection closed before the answer's headers ended")
        buffer += data
    head, _, rest = buffer.partition(b"\r\n\r\n")
    return head, rest


def _header(head: bytes, name: bytes) -> bytes | None:
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name:
            return value.strip()
    return None


def _connect(host: str, port: int) -> socket.socket:
    """A TCP connection, without a name lookup for an IPv4 address: gevent sends every lookup, even of
    127.0.0.1, to a thread of its own and back."""
    try:
        socket.inet_pton(socket.AF_INET, host)
    except OSError:
        sock = socket.create_connection((host, port))
    else:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.connect((host, port))
        except BaseException:
            sock.close()
            raise
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def _status(head: bytes) -> int:
    parts = head.split(b" ", 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit():
        raise WireError(f"not an HTTP/1.x answer: {head[:60]!r}")
    return int(parts[1])


class Answer(NamedTuple):
    """An HTTP answer: its status, its body, and its head (status line and headers) as received."""

    status: int
    body: bytes
    head: bytes

    def headers(self, name: str) -> list[str]:
        """The values of every header called ``name`` (any case), in order."""
        wanted = name.lower().encode()
        lines = self.head.split(b"\r\n")[1:]
        return [
            v.strip().decode() for k, _, v in (line.partition(b":") for line in lines) if k.strip().lower() == wanted
        ]


class Connections:
    """Keep-alive HTTP/1.1 connections to one server, shared by a table's seats like a browser's pool: a request
    takes the connection used last (LIFO), or opens one when all are busy. A connection idle for ``idle`` seconds
    is closed rather than reused, so that the server's keep-alive timeout never races a request."""

    def __init__(self, host: str, port: int, idle: float = 20.0) -> None:
        self.address = (host, port)
        self.host = f"{host}:{port}".encode()
        self.idle = idle
        self.free: list[tuple[float, socket.socket]] = []

    def post(self, path: str, body: bytes, headers: bytes = b"", content_type: bytes = b"application/json") -> Answer:
        """POST ``body`` to ``path`` with ``headers`` (whole ``Name: value\\r\\n`` lines). A connection that breaks is
        closed and the error raised: the request is not retried."""
        now = time.monotonic()
        sock = None
        while self.free:
            used, candidate = self.free.pop()
            if now - used < self.idle:
                sock = candidate
                break
            candidate.close()
        if sock is None:
            sock = _connect(*self.address)
        try:
            sock.sendall(
                b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%s\r\n%s"
                % (path.encode(), self.host, content_type, len(body), headers, body)
            )
            head, rest = _head(sock, b"")
            status = _status(head)
            length = _header(head, b"content-length")
            if length is None:
                raise WireError("an answer without Content-Length")
            size = int(length)
            while len(rest) < size:
                data = sock.recv(_CHUNK)
                if not data:
                    raise WireError("connection closed mid-answer")
                rest += data
        except BaseException:
            sock.close()
            raise
        if (_header(head, b"connection") or b"").lower() == b"close":
            sock.close()
        else:
            self.free.append((time.monotonic(), sock))
        return Answer(status, rest[:size], head)

    def close(self) -> None:
        for _, sock in self.free:
            sock.close()
        self.free.clear()


class Socket:
    """A client websocket (RFC 6455): text messages in and out, pings answered, no extensions."""

    def __init__(self, host: str, port: int, path: str, headers: bytes = b"") -> None:
        """Connect and shake hands; ``headers`` are whole ``Name: value\\r\\n`` lines (Origin, Cookie)."""
        self.sock = _connect(host, port)
        key = base64.b64encode(os.urandom(16))
        request = (
            b"GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n%s\r\n"
        )
        self.sock.sendall(request % (path.encode(), host.encode(), port, key, headers))
        head, self.buffer = _head(self.sock, b"")
        self.parts = b""  # a fragmented message's frames so far
        self.closed = False  # the server sent its close frame, or closed the connection
        if _status(head) != 101:
            self.sock.close()
            line = head.split(b"\r\n", 1)[0]
            raise WireError(f"the server refused the websocket: {line!r}")
        accept = base64.b64encode(hashlib.sha1(key + _GUID).digest())
        if _header(head, b"sec-websocket-accept") != accept:
            self.sock.close()
            raise WireError("wrong Sec-WebSocket-Accept")

    def _frame(self, opcode: int, payload: bytes) -> bytes:
        """A client frame: final, masked (RFC 6455 §5.3 requires it of clients)."""
        size = len(payload)
        if size < 126:
            head = bytes((0x80 | opcode, 0x80 | size))
        elif size < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + size.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        keystream = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(keystream, "big")).to_bytes(size, "big")
        return head + mask + masked

    def send(self, text: str) -> None:
        self.sock.sendall(self._frame(0x1, text.encode()))

    def feed(self, data: bytes) -> list[bytes]:
        """The whole text messages (UTF-8, unchecked) in what was read so far with ``data``; the rest is kept for
        the next read. A ping is answered with its pong, a fragmented message joined, a close frame sets
        :attr:`closed` (and nothing after it is read)."""
        buffer = self.buffer + data if self.buffer else data
        messages = []
        at, end = 0, len(buffer)
        while end - at >= 2 and not self.closed:
            first, size = buffer[at], buffer[at + 1] & 0x7F
            start = at + 2
            if size == 126:
                start += 2
                if start > end:
                    break
                size = int.from_bytes(buffer[at + 2 : start], "big")
            elif size == 127:
                start += 8
                if start > end:
                    break
                size = int.from_bytes(buffer[at + 2 : start], "big")
            if start + size > end:
                break
            payload = buffer[start : start + size]
            at = start + size
            opcode = first & 0x0F
            if opcode == 0x9:
                self.sock.sendall(self._frame(0xA, payload))
            elif opcode == 0x8:
                self.closed = True
            elif opcode in (0x1, 0x0) and first & 0x80:
                if self.parts:
                    payload, self.parts = self.parts + payload, b""
                messages.append(payload)
            elif opcode in (0x1, 0x0):
                self.parts += payload
        self.buffer = buffer[at:]
        return messages

    def messages(self) -> Iterator[bytes]:
        """Each message as it arrives (blocking, or cooperative under gevent), until the server closes. Reads
        whatever the socket has and parses every frame in it."""
        pending = self.feed(b"")
        while True:
            yield from pending
            if self.closed:
                return
            data = self.sock.recv(_CHUNK)
            if not data:
                self.closed = True
                return
            pending = self.feed(data)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.sendall(self._frame(0x8, b"\x03\xe8"))
        self.sock.close()
