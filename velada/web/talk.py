"""Talk at a live table: messages stored before anybody hears them, delivered to their readers only.

The channels and who reads them come from the game (:mod:`velada.core.talk`); this module keeps a table's
messages, stores each one before it is delivered (so a message somebody saw is never lost in a restart), sends it
on the websocket of each connection whose viewer is among its readers and on no other, replays a viewer's messages
when a connection opens, and applies the host's decisions: talk on or off (off by default in the in-person mode,
where people talk aloud), a seat muted, a message deleted (shown as deleted).

A viewer's messages are numbered among the messages that viewer receives (``seq``), never in the table's count:
that would tell how much was said in channels the viewer does not read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from velada.core import talk
from velada.core.engine import Match
from velada.core.game import Game
from velada.core.protocol import NARRATOR, PUBLIC, Viewer
from velada.core.talk import Message, Talk, TalkError
from velada.web.connection import Connection
from velada.web.errors import TableError
from velada.web.security import RateLimit
from velada.web.store import Store, TableData

#: Messages a seat may write: a few at once, then one every two seconds (a table's ``Config`` may carry another
#: ``talk_rate``: tests, load tests).
TALK_RATE = (0.5, 5.0)


class TalkingTable(Protocol):
    """What the talk needs of its table (:class:`velada.web.live.LiveTable`, which holds the talk): its storage and
    data, the game under way, its sockets, and the doors through which a change is made one at a time and stored.
    Declared here so that the talk knows no module above it."""

    @property
    def store(self) -> Store: ...
    @property
    def data(self) -> TableData: ...
    @property
    def config(self) -> Any: ...
    @property
    def game(self) -> Game: ...
    @property
    def match(self) -> Match | None: ...
    @property
    def state(self) -> Any: ...
    @property
    def status(self) -> str: ...
    @property
    def connections(self) -> list[Connection]: ...
    def _changing(self) -> AbstractAsyncContextManager[None]: ...
    async def _guarded(self, work: Callable[[], Awaitable[Any]]) -> Any: ...
    async def _write(self, write: str, *args: Any) -> None: ...


class TableTalk:
    """A live table's talk. Changes happen under the table's lock, like choices."""

    def __init__(self, table: TalkingTable) -> None:
        self.table = table
        store, data = table.store, table.data
        self.said = Talk(store.talk(data))
        enabled, muted = store.talk_settings(data)
        #: The host's choice (``None``: the mode's default).
        self.chosen: bool | None = enabled
        self.muted: set[int] = set(muted)
        self._rates: dict[str, RateLimit] = {}

    # --- reading ---------------------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """Talk is on: by the host's choice, or else by default online and off in person."""
        return self.chosen if self.chosen is not None else self.table.data.mode == "online"

    @property
    def finished(self) -> bool:
        return self.table.status == "finished"

    def messages(self, viewer: Viewer, after: int = 0, channel: str | None = None) -> list[dict[str, Any]]:
        """What ``viewer`` received after their message ``after``, in ``channel`` or in every channel."""
        return self.said.json(viewer, self.finished, after, channel)

    def is_muted(self, viewer: Viewer) -> bool:
        seat = next((s for s in self.table.data.seats if s.name == viewer), None)
        return seat is not None and seat.position in self.muted

    def status(self, viewer: Viewer, host: bool = False) -> dict[str, Any]:
        """What a connection is told of the table's settings: talk on or off, and whether its seat is muted
        (the host mutes in front of everybody, so nothing hidden); the host's screens also get the people's seats
        (names and positions, shown in the lobby already), to mute them."""
        status = {"enabled": self.enabled, "muted": self.is_muted(viewer), "muted_seats": sorted(self.muted)}
        if host:
            status["seats"] = [[s.position, s.name] for s in self.table.data.seats if s.name and not s.bot]
        return status

    # --- the doors in --------------------------------------------------------------------------------------

    async def say(self, author: str, channel: str, text: Any) -> dict[str, Any]:
        """``author`` (a player, or ``NARRATOR`` for the narrator's seat) says ``text`` in ``channel``. Refused with
        :class:`TalkError` (changing nothing) when talk is off, the seat muted or too fast, or the rules do not
        let the author write there now. Returns the message as the author receives it."""
        return await self.table._guarded(lambda: self._say(author, channel, text))

    async def _say(self, author: str, channel: str, text: Any) -> dict[str, Any]:
        table = self.table
        async with table._changing():
            if table.match is None:
                raise TableError("not-started")
            if not self.enabled and not self.finished:
                raise TalkError("off")
            if self.is_muted(author):
                raise TalkError("muted")
            rate = self._rates.get(author)
            if rate is None:
                rate = self._rates[author] = RateLimit(*getattr(table.config, "talk_rate", TALK_RATE))
            n = len(self.said.messages) + 1
            message = talk.message(table.game, table.state, n, author, channel, text, len(table.match.choices))
            if not rate.allow():
                raise TalkError("too-fast")
            await table._write("add_talk", message)
            self.said.messages.append(message)
        await self._deliver(message)
        seq = len(self.said.received(author, self.finished))
        return talk.message_json(message, seq, author, self.finished)

    async def delete(self, viewer: Viewer, seq: int) -> None:
        """The host deletes the message ``seq`` of those ``viewer``'s screen shows: it stays in its place, shown
        as deleted to everybody who received it."""
        await self.table._guarded(lambda: self._delete(viewer, seq))

    async def _delete(self, viewer: Viewer, seq: int) -> None:
        table = self.table
        async with table._changing():
            found = dict(self.said.received(viewer, self.finished)).get(seq)
            if found is None:
                raise TableError("bad-message")
            if found.deleted:
                return
            await table._write("delete_talk", found.n)
            found.deleted, found.text = True, ""
        await self._deliver(found)

    async def configure(self, enabled: bool | None = None, seat: int | None = None, muted: bool = True) -> None:
        """The host turns talk on or off, or mutes (``muted``) or lets speak again a seat."""
        await self.table._guarded(lambda: self._configure(enabled, seat, muted))

    async def _configure(self, enabled: bool | None, seat: int | None, muted: bool) -> None:
        table = self.table
        async with table._changing():
            on = self.enabled if enabled is None else enabled
            silent = set(self.muted)
            if seat is not None:
                if not any(s.position == seat and s.taken for s in table.data.seats):
                    raise TableError("bad-seat")
                (silent.add if muted else silent.discard)(seat)
            await table._write("set_talk", on, sorted(silent))
            self.chosen, self.muted = on, silent
        await self._tell_settings()

    async def _tell_settings(self) -> None:
        for conn in list(self.table.connections):
            if conn.alive:
                status = self.status(conn.viewer, conn.is_host)
                await self._send(conn, {"type": "talk", "messages": [], **status})

    # --- delivery --------------------------------------------------------------------------------------

    async def _deliver(self, message: Message) -> None:
        """Send ``message`` (new, or deleted since) to every connection whose viewer received it, and to none
        other."""
        finished = self.finished
        numbers: dict[Viewer, int] = {}
        for conn in list(self.table.connections):
            viewer = conn.viewer
            if not conn.alive or not message.visible_to(viewer, finished):
                continue
            seq = numbers.get(viewer)
            if seq is None:
                seq = numbers[viewer] = next(k for k, m in self.said.received(viewer, finished) if m is message)
            body = {"type": "talk", "messages": [talk.message_json(message, seq, viewer, finished)]}
            await self._send(conn, body | self.status(viewer))

    async def history(self, conn: Connection) -> None:
        """A connection opened (or asked again, after the end reveals everything): every message its viewer
        received, replacing what it showed."""
        body = {"type": "talk", "reset": True, "messages": self.messages(conn.viewer)}
        await self._send(conn, body | self.status(conn.viewer, conn.is_host))

    async def catch_up(self, settings: bool = False) -> None:
        """Another process of a cluster stored messages (and, with ``settings``, maybe the host's settings): take
        them, and deliver them."""
        table = self.table
        new = await asyncio.to_thread(table.store.talk, table.data, len(self.said.messages))
        for message in new:
            self.said.messages.append(message)
        for message in new:
            await self._deliver(message)
        if settings:
            enabled, muted = await asyncio.to_thread(table.store.talk_settings, table.data)
            if (enabled, set(muted)) != (self.chosen, self.muted):
                await self.settled(enabled, muted)

    async def settled(self, enabled: bool | None, muted: list[int]) -> None:
        """Another process of a cluster stored the host's settings: take them, and tell every screen."""
        self.chosen, self.muted = enabled, set(muted)
        await self._tell_settings()

    async def deleted(self, n: int) -> bool:
        """Another process of a cluster stored message ``n`` deleted: show it so (False: message unknown here)."""
        found = next((m for m in self.said.messages if m.n == n), None)
        if found is None:
            return False
        if not found.deleted:
            found.deleted, found.text = True, ""
            await self._deliver(found)
        return True

    @staticmethod
    async def _send(conn: Connection, body: dict[str, Any]) -> None:
        """Talk messages are not numbered with the connection's views (``version``): each carries its own
        numbers (``seq``), and a view's number counts views only."""
        try:
            await conn.send(body)
        except Exception:  # a closed socket, or a seat whose token was revoked
            conn.alive = False


def author_of(viewer: Viewer) -> str | None:
    """Who a connection writes as: its seat's player, the narrator's seat as the narrator, nobody on the shared
    screen."""
    if viewer is None:
        return NARRATOR
    return None if viewer == PUBLIC else viewer


__all__ = ["TALK_RATE", "TableTalk", "author_of"]
