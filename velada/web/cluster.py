"""Several server processes on one PostgreSQL database (``velada serve --workers N``).

Every process serves any table's pages, API and websockets. What keeps them one server:

- **Changes in turn.** A process changes a table (a seat, the start, a choice, a bot's or a timer's answer) only
  while it holds that table's lock in PostgreSQL (``pg_advisory_lock``), so every change is checked against the
  game as it stands, once. Every write counts itself in the table's version (``tables.version``), read with the
  lock: a process reads the table back (the choices, seats and talk other processes stored) only when the
  version moved since its memory's; its own writes move its memory's version with the table's.
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
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from velada.web.live import Hub

log = logging.getLogger("velada.web")

#: Advisory lock spaces: a table's owner, and a change being made to a table.
OWNER, CHANGE = 17, 18
#: How often a process looks for tables nobody owns (a dead process's), in seconds.
SWEEP = 1.0
#: Connections a process takes change locks on (a table's id modulo this picks one): they spread the round trips.
LOCK_CONNECTIONS = 8
#: Seconds between tries for a change lock another process holds: the first pause, and the longest.
LOCK_PAUSE, LOCK_PAUSE_MAX = 0.002, 0.05
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
        self._locks: list[Any] = []
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
        self._locks = [
            await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, application_name=name)
            for _ in range(LOCK_CONNECTIONS)
        ]
        await self._listen.execute("LISTEN velada")
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._hear()), loop.create_task(self._sweep())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for conn in (self._listen, self._owner, *self._locks):
            with contextlib.suppress(Exception):
                await conn.close()

    @contextlib.asynccontextmanager
    async def changing(self, table_id: int) -> AsyncIterator[int | None]:
        """Hold the table's change lock across the cluster. Yields the table's stored version, read in the same
        round trip once the lock is held (None if the table is gone).

        The lock is tried, not waited for (``pg_try_advisory_lock``, again after a short pause while another
        process holds it): a connection waiting in ``pg_advisory_lock`` can do nothing else, so every table whose
        lock went through it waited too, behind one busy table (a change holds its lock until its write is
        committed, and a commit takes tens of milliseconds on a busy disk). A session may take an advisory lock it
        holds again: two changes of one table in this process both get it, and the table's own lock
        (``LiveTable.lock``) puts them in turn. The process's lock connections only spread the round trips."""
        table_id = int(table_id)  # written into the statement: two statements go in one round trip without parameters
        lock = self._locks[table_id % LOCK_CONNECTIONS]
        query = (
            f"SELECT pg_try_advisory_lock({CHANGE}, {table_id}); "
            f"SELECT COALESCE(version, 0) FROM tables WHERE id = {table_id}"
        )
        pause = LOCK_PAUSE
        while True:
            cursor = await lock.execute(query)
            taken = await cursor.fetchone()
            if taken and taken[0]:
                break
            await asyncio.sleep(pause * (0.5 + secrets.randbelow(1000) / 1000))
            pause = min(pause * 2, LOCK_PAUSE_MAX)
        cursor.nextset()
        row = await cursor.fetchone()
        try:
            yield row[0] if row else None
        finally:
            try:
                await lock.execute(f"SELECT pg_advisory_unlock({CHANGE}, {table_id})")
            except Exception:
                # A closed connection took the lock with its session. Raising here would put this error in the
                # place of the one under way — a cancellation (a process stopping) that the bots' loop would then
                # take for a failed write and retry forever.
                log.exception("could not let go of table %s's change lock", table_id)

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
