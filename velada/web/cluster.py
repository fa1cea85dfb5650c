"""Several server processes on one PostgreSQL database (``velada serve --workers N``).

Every process serves any table's pages, API and websockets. What keeps them one server:

- **Changes in turn.** Every write counts itself in the table's version (``tables.version``). A process checks a
  change (a seat, the start, a choice, a bot's or a timer's answer) against its memory, and its write is made
  only if the stored version is still memory's (``UPDATE … WHERE version = …``, in the write's own transaction);
  if another process stored something first, nothing is written, the process reads the table back and checks the
  change again (``velada.web.live.Stale``). So every change is checked against the game as it stands, once,
  with nothing held in PostgreSQL while it is checked and no round trip but the write's own; its own writes move
  its memory's version with the table's.
- **Live updates.** Every write announces itself in the same transaction (``NOTIFY velada``, delivered on
  commit) with the table's new version and, for a choice, a timer or the host's talk decisions, what was
  written; a process that has the table in memory at the version before plays it from the announcement, without
  a read, and pushes it to its sockets (any other write, or a version missed, and it reads the table back).
- **One owner.** Bots and timers act on their own, so exactly one process runs them for a table: the one holding
  its ownership lock (``pg_try_advisory_lock``, held by that process's session). When a process dies, its
  session ends, its locks go with it, and another process takes the table within a second. A process loads
  only the tables it owns or is asked for: the sweep looks for games whose ownership lock nobody holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from velada.web.live import Hub

log = logging.getLogger("velada.web")

#: The advisory lock space of a table's owner.
OWNER = 17
#: How often a process looks for tables nobody owns (a dead process's), in seconds.
SWEEP = 1.0
#: The games under way whose ownership lock nobody holds (in this database: advisory locks are per database).
UNOWNED = f"""
SELECT t.id, t.code, COALESCE(t.version, 0) FROM tables t WHERE t.status = 'playing' AND NOT EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = {OWNER} AND l.objid = t.id::oid AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
) ORDER BY t.id
"""


def conninfo(url: str) -> str:
    """psycopg's connection string for an SQLAlchemy URL (``postgresql+psycopg://…``)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("postgresql"):
        raise ValueError("several workers need PostgreSQL (--db postgresql+psycopg://…)")
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's membership of the cluster."""

    def __init__(self, url: str) -> None:
        self.dsn = conninfo(url)
        self.name = secrets.token_hex(6)
        self.hub: Hub | None = None
        self.owned: set[str] = set()
        self._tasks: list[asyncio.Task] = []
        self._pending: set[asyncio.Task] = set()

    def owns(self, code: str) -> bool:
        return code in self.owned

    def disown(self, code: str, table_id: int) -> None:
        """A finished game this process owned left its memory: let its ownership lock go (a session holding one
        lock per game ever played would fill PostgreSQL's lock table)."""
        if code not in self.owned:
            return
        self.owned.discard(code)
        task = asyncio.get_running_loop().create_task(self._unlock(table_id))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _unlock(self, table_id: int) -> None:
        try:
            await self._owner.execute("SELECT pg_advisory_unlock(%s, %s)", (OWNER, table_id))
        except Exception:
            log.exception("could not let table %s's ownership go", table_id)

    async def start(self, hub: Hub) -> None:
        import psycopg

        self.hub = hub
        hub.store.announce_as = self.name
        # Named after the process, so an operator (or a test) sees in pg_stat_activity who holds which table.
        name = f"velada-{os.getpid()}"
        self._listen = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, application_name=name)
        self._owner = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, application_name=name)
        self._versions = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, application_name=name)
        await self._listen.execute("LISTEN velada")
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._hear()), loop.create_task(self._sweep())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for conn in (self._listen, self._owner, self._versions):
            with contextlib.suppress(Exception):
                await conn.close()

    async def version(self, table_id: int) -> int | None:
        """The table's stored version (None if the table is gone): before a change is refused, whether memory
        was behind what another process stored."""
        cursor = await self._versions.execute("SELECT COALESCE(version, 0) FROM tables WHERE id = %s", (table_id,))
        row = await cursor.fetchone()
        return row[0] if row else None

    async def _hear(self) -> None:
        """Catch up with each table another process changed, if this process shows it."""
        assert self.hub is not None
        async for note in self._listen.notifies():
            sender, code, version, write, body = note.payload.split(":", 4)
            if sender == self.name:
                continue
            table = self.hub.tables.get(code)
            if table is None:
                continue  # read from the database when somebody asks for it
            try:
                await table.heard(int(version), write, body)
            except Exception:
                log.exception("could not catch up with table %s", code)

    async def _sweep(self) -> None:
        """Take the games under way that no process owns (new ones, or a dead process's), and run them."""
        assert self.hub is not None
        hub = self.hub
        while True:
            try:
                cursor = await self._owner.execute(UNOWNED)
                for table_id, code, version in await cursor.fetchall():
                    if code in self.owned:
                        continue
                    cursor = await self._owner.execute("SELECT pg_try_advisory_lock(%s, %s)", (OWNER, table_id))
                    row = await cursor.fetchone()
                    if not (row and row[0]):
                        continue
                    self.owned.add(code)
                    log.info("process %s now runs table %s", self.name, code)
                    known = code in hub.tables
                    table = hub.get(code)
                    if table is None:
                        continue
                    if known:
                        await table.catch_up_to(version)  # shown here before, maybe behind: the owner must not be
                    table.resume()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the cluster's sweep failed; trying again")
            await asyncio.sleep(SWEEP)
