"""Persistence: tables, seats and every accepted choice, through SQLAlchemy (SQLite by default, any URL works).

The live state of a game is never stored: it is rebuilt by replaying the stored choices, so a server killed in
the middle of a game resumes exactly where it was. Each change a person makes is one transaction, and the server
changes its memory only after that transaction commits: a failed write leaves no ghost seat, start or choice.
The running timer of a table (its wall-clock deadline) is stored too, so a restart resumes it. Seat and host
tokens are stored as SHA-256 hashes only.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import queue
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    Row,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    inspect,
    select,
    text,
)
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect

from velada.core.talk import Message

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
#: How long closing the store waits for the writer and for the reads under way (seconds).
CLOSE_WAIT = 30.0

log = logging.getLogger("velada.web")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class StoreClosed(RuntimeError):
    """The store was closed (the server is stopping): a read or write asked of it now is refused, not made on a
    connection nobody would close."""

    def __init__(self) -> None:
        super().__init__("the store is closed")


class Conflict(Exception):
    """In a cluster: a write made against a version of the table that is not the stored one any more (another
    process stored something since this one's memory was checked). Nothing was written: catch up and check the
    change again."""


#: The schema, in SQLAlchemy Core: the store reads and writes rows as tuples and dicts, and never needed the ORM's
#: classes, sessions and unit of work, which a serving process paid ~6 MB of resident memory to import.
METADATA = MetaData()

_TABLES = Table(
    "tables",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("code", String(16), nullable=False, unique=True, index=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False, default="{}"),
    Column("size", Integer, nullable=False),
    Column("mode", String(16), nullable=False, default="presencial"),
    Column("lang", String(4), nullable=False, default="es"),
    Column("timers", Text, nullable=False, default="{}"),
    Column("fill_bots", String(40), nullable=False, default=""),
    Column("status", String(16), nullable=False, default="lobby"),
    Column("seed", BigInteger, nullable=True),
    Column("host_token", String(64), nullable=False),
    Column("created_at", String(32), nullable=False, default=_now),
    #: The running timer: when it runs out (seconds since the epoch) and which group of prompts it times.
    Column("deadline", Float, nullable=True),
    Column("timer_group", String(64), nullable=True),
    #: The hash of the narrator seat's token (``velada.client``, the API's narrator endpoints), if one was issued.
    Column("narrator_token", String(64), nullable=True),
    #: How many writes a cluster of processes (``velada serve --workers``) made to the table: a process whose
    #: memory is at this version need not read the table back before changing it (:mod:`velada.web.cluster`).
    Column("version", Integer, nullable=True, default=0),
)

_SEATS = Table(
    "seats",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("position", Integer, nullable=False),
    Column("name", String(40), nullable=True),
    Column("token", String(64), nullable=True),
    Column("bot", String(40), nullable=True),
    UniqueConstraint("table_id", "position"),
)

_CHOICES = Table(
    "choices",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("player", String(40), nullable=False),
    Column("prompt", String(80), nullable=False),
    Column("chosen", Text, nullable=False),
    Column("created_at", String(32), nullable=False, default=_now),
    UniqueConstraint("table_id", "seq"),
)

#: One message said at a table (:class:`velada.core.talk.Message`), with the readers its channel had then.
_TALK = Table(
    "talk",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("n", Integer, nullable=False),
    Column("channel", String(40), nullable=False),
    Column("kind", String(40), nullable=False, default=""),
    Column("author", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("readers", Text, nullable=False, default="[]"),
    Column("masked", Text, nullable=False, default="[]"),
    Column("public", Boolean, nullable=False, default=False),
    Column("moment", Integer, nullable=False, default=0),
    Column("deleted", Boolean, nullable=False, default=False),
    Column("created_at", String(32), nullable=False, default=_now),
    UniqueConstraint("table_id", "n"),
)

#: A table's talk settings, once the host changed them: talk on or off, the seats muted.
_TALK_SETTINGS = Table(
    "talk_settings",
    METADATA,
    Column("table_id", ForeignKey("tables.id"), primary_key=True),
    Column("enabled", Boolean, nullable=False),
    Column("muted", Text, nullable=False, default="[]"),
)


# The writes a live server makes at every choice, vote or timer (an ORM unit of work cost about three times as
# much CPU per write, ~0.5 ms against ~0.16, on the writer thread but holding the GIL that the event loop needs).
# Built once: SQLAlchemy caches their compiled form.
_INSERT_CHOICE = _CHOICES.insert()
_INSERT_TALK = _TALK.insert()
#: The choice's insert as SQLite's driver takes it (see Store.add_choice), from the same table.
_SQLITE_INSERT_CHOICE = str(
    _INSERT_CHOICE.compile(
        dialect=sqlite_dialect(), column_keys=["table_id", "seq", "player", "prompt", "chosen", "created_at"]
    )
)
_UPDATE_SEAT = (
    _SEATS.update()
    .where(_SEATS.c.table_id == bindparam("t"), _SEATS.c.position == bindparam("p"))
    .values(name=bindparam("n"), token=bindparam("k"), bot=bindparam("b"))
)


#: A cluster's write counts itself in the table's version and announces it, in one statement (one round trip).
_ANNOUNCE = text(
    "WITH v AS (UPDATE tables SET version = COALESCE(version, 0) + 1 WHERE id = :id RETURNING version) "
    "SELECT version, pg_notify('velada', :head || version::text || :tail) FROM v"
)
#: The same, only if the stored version is the one the change was checked against (else no row: a conflict). A
#: row another process's write holds (until its commit) counts as a conflict too, instead of being waited for:
#: the writer makes every write of its process, and would make them all wait behind another process's commit.
_ANNOUNCE_IF = text(
    "WITH v AS (UPDATE tables SET version = COALESCE(version, 0) + 1 WHERE id = (SELECT id FROM tables WHERE "
    "id = :id AND COALESCE(version, 0) = :at FOR UPDATE SKIP LOCKED) RETURNING version) "
    "SELECT version, pg_notify('velada', :head || version::text || :tail) FROM v"
)
#: A cluster's choice in one statement, in psycopg's own form (see Store.claim_choice): the version claimed as
#: in _ANNOUNCE_IF, the choice inserted only if it was, and the announcement. One round trip, and no SQLAlchemy
#: statement execution, instead of two of each: the choice is the write a live server makes most.
_CLAIM_CHOICE = (
    "WITH v AS (UPDATE tables SET version = COALESCE(version, 0) + 1 WHERE id = (SELECT id FROM tables WHERE "
    "id = %(id)s AND COALESCE(version, 0) = %(at)s FOR UPDATE SKIP LOCKED) RETURNING version), "
    "c AS (INSERT INTO choices (table_id, seq, player, prompt, chosen, created_at) "
    "SELECT %(id)s, %(seq)s, %(player)s, %(prompt)s, %(chosen)s, %(now)s FROM v) "
    "SELECT version, pg_notify('velada', %(head)s || version::text || %(tail)s) FROM v"
)
#: The longest body a write's announcement carries (PostgreSQL refuses a NOTIFY payload of 8000 bytes or more).
NOTE_BODY = 7000


def _update_table(db: Connection, table: TableData, **values: Any) -> None:
    db.execute(_TABLES.update().where(_TABLES.c.id == table.id).values(**values))


@dataclass
class Seat:
    position: int
    name: str | None = None
    token: str | None = None  # the hash
    bot: str | None = None

    @property
    def taken(self) -> bool:
        return self.name is not None


@dataclass
class TableData:
    """A table as the server keeps it in memory."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    size: int
    mode: str
    lang: str
    timers: dict[str, int]
    fill_bots: str
    status: str
    seed: int | None
    host_token: str
    seats: list[Seat] = field(default_factory=list)
    deadline: float | None = None
    timer_group: str | None = None
    narrator_token: str | None = None  # the hash
    #: The table's stored version when it was read (see the ``version`` column of ``tables``; 0 outside a cluster).
    version: int = 0


class _Writer:
    """One thread that makes every write of a live server, off the event loop, in arrival order. Writes that
    arrive while one commits go together in the next transaction (group commit: one sync to disk for many
    choices); if that transaction fails, each of its writes is tried alone, so one bad write fails alone."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.db: Connection | None = None
        self.lock = threading.Lock()

    def submit(self, name: str, args: tuple, future: asyncio.Future, at: int | None = None) -> None:
        with self.lock:
            if self.store.closed:
                future.set_exception(StoreClosed())
                return
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="velada-store", daemon=True)
                self.thread.start()
            # Under the lock: a write accepted is queued ahead of the end that closing the store puts in.
            self.queue.put((name, args, future, at))

    def stop(self) -> None:
        """Make the writes queued so far, then end the thread (it closes its connection)."""
        with self.lock:
            if self.thread is not None:
                self.queue.put(None)
                self.thread.join(timeout=CLOSE_WAIT)
                if self.thread.is_alive():
                    log.error("the store's writer did not end within %s s", CLOSE_WAIT)
                self.thread = None

    def _run(self) -> None:
        try:
            self._serve()
        finally:
            if self.db is not None:
                self.db.close()
                self.db = None

    def _serve(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < 256:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list) -> None:
        # Counted as a use of the store, so that closing it waits for a batch under way; accepted before the
        # store closed, the batch is made all the same.
        with self.store.using(refuse=False):
            self._commit_batch(batch)

    def _commit_batch(self, batch: list) -> None:
        store = self.store
        try:
            # One connection kept for every group: a pool's check-out and reset at each group cost ~25 us of the
            # writer's CPU, a choice's write ~70 all told. A group that fails lets it go (it may be broken).
            if self.db is None:
                self.db = store.engine.connect()
            with self.db.begin():
                versions = [self._make(self.db, name, args, at) for name, args, _, at in batch]
        except Exception as exc:
            if self.db is not None:
                with contextlib.suppress(Exception):
                    self.db.close()
                self.db = None
            if len(batch) == 1:
                self._settle(batch[0][2], exc)
                return
            for name, args, future, at in batch:
                try:
                    with store.engine.begin() as db:
                        version = self._make(db, name, args, at)
                except Exception as alone:
                    self._settle(future, alone)
                else:
                    self._settle(future, None, version)
        else:
            for (_, _, future, _), version in zip(batch, versions, strict=True):
                self._settle(future, None, version)

    def _make(self, db: Connection, name: str, args: tuple, at: int | None) -> int | Conflict | None:
        """One write within the transaction ``db``, announced to the cluster's other processes if there are any;
        returns the table's new version (in a cluster) or None. In a cluster, a write checked against version
        ``at`` is made only if that is still the stored version: else nothing is written, and the answer is a
        :class:`Conflict` (the rest of the group commits all the same)."""
        if name == "add_choice" and at is not None and self.store.announce_as is not None and len(args) == 5:
            return self.store.claim_choice(db, at, *args)
        version = self.store.announce(db, args[0], name, args[1:], at)
        if isinstance(version, Conflict):
            return version
        getattr(self.store, name)(*args, db=db)
        return version

    @staticmethod
    def _settle(future: asyncio.Future, error: BaseException | None, result: int | Conflict | None = None) -> None:
        if isinstance(result, Conflict):
            error, result = result, None

        def settle() -> None:
            if future.done():
                return
            if error is None:
                future.set_result(result)
            else:
                future.set_exception(error)

        # A closed loop means nobody waits for the answer any more.
        with contextlib.suppress(RuntimeError):
            future.get_loop().call_soon_threadsafe(settle)


class Store:
    """Every read and write of the database, in small transactions. A live server writes through
    :meth:`run` (a writer thread, off the event loop); scripts and tests may call the methods directly.

    SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction is in the log file before the
    commit returns, so it survives the server being killed (``kill -9``), and readers never wait for the writer.
    """

    def __init__(self, url: str) -> None:
        sqlite = url.startswith("sqlite")
        connect_args = {"check_same_thread": False} if sqlite else {}
        self.engine = create_engine(url, connect_args=connect_args)
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        METADATA.create_all(self.engine)
        self._add_missing_columns()
        #: The reads and writes under way (any thread), and whether the store was closed: closing waits for
        #: them, since a connection given back to the pool once disposed would stay open for good.
        self._uses = 0
        self._use = threading.Condition()
        self.closed = False
        self._writer = _Writer(self)

    @contextlib.contextmanager
    def using(self, refuse: bool = True) -> Iterator[None]:
        """One read or write of the store under way (:meth:`close` waits for it); refused once the store is
        closed (:class:`StoreClosed`), unless ``refuse`` is False (a write accepted before)."""
        with self._use:
            if refuse and self.closed:
                raise StoreClosed()
            self._uses += 1
        try:
            yield
        finally:
            with self._use:
                self._uses -= 1
                if not self._uses:
                    self._use.notify_all()

    #: In a cluster of processes (``velada serve --workers``), this process's name: every write then tells the
    #: others, in the same transaction (PostgreSQL ``NOTIFY``, delivered on commit), which table changed.
    announce_as: str | None = None

    def announce(
        self, db: Connection, table: TableData, write: str = "", args: tuple = (), at: int | None = None
    ) -> int | Conflict | None:
        """In a cluster: count the write in the table's version and tell the other processes, in the same
        transaction, ``sender:code:version:write:body``. The body carries what a choice, a timer or the host's
        talk decisions wrote, so a process that knew the version before plays it without reading the database;
        other writes carry none. With ``at``, only if the stored version is ``at`` (else a :class:`Conflict`,
        nothing counted nor told).
        Returns the new version (None outside a cluster)."""
        if self.announce_as is None:
            return None
        body = ""
        if write == "add_choice":
            body = json.dumps(list(args[:4]), ensure_ascii=False)
        elif write in ("set_timer", "set_talk"):
            body = json.dumps(list(args[:2]))
        elif write == "delete_talk":
            body = json.dumps([args[0]])
        if len(body.encode()) > NOTE_BODY:
            body = ""  # too long for a NOTIFY: the others read the table instead
        head, tail = f"{self.announce_as}:{table.code}:", f":{write}:{body}"
        if at is None:
            return db.execute(_ANNOUNCE, {"id": table.id, "head": head, "tail": tail}).scalar_one()
        version = db.execute(_ANNOUNCE_IF, {"id": table.id, "head": head, "tail": tail, "at": at}).scalar()
        return Conflict() if version is None else version

    async def run(self, name: str, *args: Any, at: int | None = None) -> int | None:
        """Make the write ``name`` (one of the methods below that take ``db``) in the writer thread; returns once
        it is committed (with the table's new version in a cluster, else None), raises what the database
        raised. In a cluster, ``at``: the table's version the write was checked against (:class:`Conflict` if
        the stored one is another)."""
        return await self.submit(name, *args, at=at)

    def submit(self, name: str, *args: Any, at: int | None = None) -> asyncio.Future:
        """Queue the write ``name`` now (its place in the order is taken at once); the future settles when it is
        committed."""
        future = asyncio.get_running_loop().create_future()
        self._writer.submit(name, args, future, at)
        return future

    @contextlib.contextmanager
    def _transaction(self, db: Connection | None) -> Iterator[Connection]:
        """The given connection (a write that is part of a group commit) or a transaction of its own."""
        if db is not None:
            yield db
            return
        with self.using(), self.engine.begin() as own:
            yield own

    def _add_missing_columns(self) -> None:
        """Databases made by an older velada lack the columns added since: add them (all are nullable)."""
        have = {column["name"] for column in inspect(self.engine).get_columns("tables")}
        with self.engine.begin() as db:
            for name in ("deadline", "timer_group", "narrator_token", "version"):
                if name not in have:
                    column = _TABLES.c[name]
                    kind = column.type.compile(self.engine.dialect)
                    db.execute(text(f"ALTER TABLE tables ADD COLUMN {name} {kind}"))

    def close(self) -> None:
        """Stop: refuse new reads and writes, make the writes queued, wait for the reads under way (a thread
        whose task was cancelled reads on), then close every connection."""
        with self._use:
            self.closed = True
        self._writer.stop()
        with self._use:
            if not self._use.wait_for(lambda: not self._uses, timeout=CLOSE_WAIT):
                log.error("the store closed with %s reads or writes still under way", self._uses)
        self.engine.dispose()

    @staticmethod
    def _data(row: Row[Any], seats: list[Seat]) -> TableData:
        return TableData(
            id=row.id,
            code=row.code,
            game=row.game,
            options=json.loads(row.options),
            size=row.size,
            mode=row.mode,
            lang=row.lang,
            timers=json.loads(row.timers),
            fill_bots=row.fill_bots,
            status=row.status,
            seed=row.seed,
            host_token=row.host_token,
            seats=seats,
            deadline=row.deadline,
            timer_group=row.timer_group,
            narrator_token=row.narrator_token,
            version=row.version or 0,
        )

    @staticmethod
    def _read(db: Connection, where: Any = None, limit: int | None = None) -> list[TableData]:
        """The tables ``where`` selects (any, and the newest first, when ``limit`` is given), each with its seats in
        their order."""
        query = select(_TABLES)
        if where is not None:
            query = query.where(where)
        if limit is not None:
            query = query.order_by(_TABLES.c.id.desc()).limit(limit)
        rows = db.execute(query).all()
        if not rows:
            return []
        seats: dict[int, list[Seat]] = {row.id: [] for row in rows}
        columns = _SEATS.c
        found = select(columns.table_id, columns.position, columns.name, columns.token, columns.bot)
        for s in db.execute(found.where(columns.table_id.in_(seats)).order_by(columns.table_id, columns.position)):
            seats[s.table_id].append(Seat(s.position, s.name, s.token, s.bot))
        return [Store._data(row, seats[row.id]) for row in rows]

    def create_table(
        self,
        game: str,
        options: dict[str, Any],
        size: int,
        mode: str,
        lang: str,
        timers: dict[str, int],
        host: str,
        fill_bots: str = "",
    ) -> TableData:
        with self.using(), self.engine.begin() as db:
            for _ in range(10):
                code = new_code()
                if db.scalar(select(_TABLES.c.id).where(_TABLES.c.code == code)) is None:
                    break
            row = {
                "code": code,
                "game": game,
                "options": json.dumps(options),
                "size": size,
                "mode": mode,
                "lang": lang,
                "timers": json.dumps(timers),
                "host_token": token_hash(host),
                "fill_bots": fill_bots,
            }
            # Not INSERT … RETURNING: SQLite has it only since 3.35, and a Python may be built against an older one.
            table_id = cast(Row[Any], db.execute(_TABLES.insert().values(row)).inserted_primary_key)[0]
            db.execute(_SEATS.insert(), [{"table_id": table_id, "position": i} for i in range(size)])
            return self._read(db, _TABLES.c.id == table_id)[0]

    def load(self, code: str) -> TableData | None:
        with self.using(), self.engine.connect() as db:
            found = self._read(db, _TABLES.c.code == code)
            return found[0] if found else None

    def save_seats(self, table: TableData, seats: list[Seat], db: Connection | None = None) -> None:
        """Write these seats (names, token hashes, bots) in one transaction."""
        with self._transaction(db) as db:
            self._write_seats(db, table, seats)

    @staticmethod
    def _write_seats(db: Connection, table: TableData, seats: list[Seat]) -> None:
        if not seats:
            return
        rows = [{"t": table.id, "p": s.position, "n": s.name, "k": s.token, "b": s.bot} for s in seats]
        # Each seat exists since the table was made: a seat not updated is a write that did not happen.
        updated = sum(db.execute(_UPDATE_SEAT, [row]).rowcount for row in rows)
        if updated != len(seats):
            raise LookupError(f"table {table.code}: {len(seats) - updated} of the seats written do not exist")

    def start(self, table: TableData, seats: list[Seat], seed: int, db: Connection | None = None) -> None:
        """The game starts: the seats given to bots at the last moment, the status and the secret seed, at once."""
        with self._transaction(db) as db:
            self._write_seats(db, table, seats)
            _update_table(db, table, status="playing", seed=seed)

    def set_status(self, table: TableData, status: str, db: Connection | None = None) -> None:
        with self._transaction(db) as db:
            _update_table(db, table, status=status)

    def claim_choice(
        self, db: Connection, at: int, table: TableData, seq: int, player: str, prompt: str, chosen: list[str]
    ) -> int | Conflict:
        """In a cluster on PostgreSQL: store one choice checked against the table's version ``at``, count it and
        announce it (:meth:`add_choice` and :meth:`announce` in one statement); a :class:`Conflict` if the stored
        version is another, and then nothing is written."""
        assert self.announce_as is not None
        body = json.dumps([seq, player, prompt, chosen], ensure_ascii=False)
        if len(body.encode()) > NOTE_BODY:
            body = ""
        values = {
            "id": table.id,
            "at": at,
            "seq": seq,
            "player": player,
            "prompt": prompt,
            "chosen": json.dumps(chosen),
            "now": _now(),
            "head": f"{self.announce_as}:{table.code}:",
            "tail": f":add_choice:{body}",
        }
        row = cast(Any, db.connection.driver_connection).execute(_CLAIM_CHOICE, values).fetchone()
        return Conflict() if row is None else row[0]

    def add_choice(
        self,
        table: TableData,
        seq: int,
        player: str,
        prompt: str,
        chosen: list[str],
        finished: bool = False,
        db: Connection | None = None,
    ) -> None:
        """Store one accepted choice (number ``seq`` of the game); ``finished`` when it ends the game."""
        with self._transaction(db) as db:
            answer = json.dumps(chosen)
            if db.dialect.name == "sqlite":
                # SQLite's own cursor: SQLAlchemy's execution of the compiled insert was ~45 us of the writer's CPU per
                # choice, more than SQLite's insert and commit. The same transaction (the driver's), the same row.
                values = (table.id, seq, player, prompt, answer, _now())
                cast(Any, db.connection.driver_connection).execute(_SQLITE_INSERT_CHOICE, values)
            else:
                row = {"table_id": table.id, "seq": seq, "player": player, "prompt": prompt, "chosen": answer}
                db.execute(_INSERT_CHOICE, row)
            if finished:
                _update_table(db, table, status="finished")

    def set_timer(
        self, table: TableData, deadline: float | None, group: str | None, db: Connection | None = None
    ) -> None:
        """Remember the running timer (or that none runs), so that a restart resumes it."""
        with self._transaction(db) as db:
            _update_table(db, table, deadline=deadline, timer_group=group)

    def set_narrator_token(self, table: TableData, digest: str, db: Connection | None = None) -> None:
        """The narrator seat's new token (its hash): the one issued before stops working."""
        with self._transaction(db) as db:
            _update_table(db, table, narrator_token=digest)

    def playing(self) -> list[str]:
        """The codes of the tables with a game under way: a restarted server resumes their bots and timers."""
        with self.using(), self.engine.connect() as db:
            query = select(_TABLES.c.code).where(_TABLES.c.status == "playing").order_by(_TABLES.c.id)
            return list(db.scalars(query))

    def choices(self, table: TableData, after: int = 0) -> list[tuple[str, str, list[str]]]:
        """The table's stored choices, in order (those after the first ``after``)."""
        columns = _CHOICES.c
        with self.using(), self.engine.connect() as db:
            query = select(columns.player, columns.prompt, columns.chosen)
            rows = db.execute(query.where(columns.table_id == table.id, columns.seq > after).order_by(columns.seq))
            return [(player, prompt, json.loads(chosen)) for player, prompt, chosen in rows]

    # --- talk (velada.core.talk) ------------------------------------------------------------------------

    def add_talk(self, table: TableData, message: Message, db: Connection | None = None) -> None:
        """Store one message said at the table."""
        with self._transaction(db) as db:
            row = {
                "table_id": table.id,
                "n": message.n,
                "channel": message.channel,
                "kind": message.kind,
                "author": message.author,
                "text": message.text,
                "readers": json.dumps(sorted(message.readers), ensure_ascii=False),
                "masked": json.dumps(sorted(message.masked), ensure_ascii=False),
                "public": message.public,
                "moment": message.moment,
                "deleted": False,
            }
            db.execute(_INSERT_TALK, row)

    def delete_talk(self, table: TableData, n: int, db: Connection | None = None) -> None:
        """Mark message ``n`` deleted (the host's decision): it stays in its place, shown as deleted."""
        with self._transaction(db) as db:
            where = (_TALK.c.table_id == table.id) & (_TALK.c.n == n)
            db.execute(_TALK.update().where(where).values(deleted=True, text=""))

    def set_talk(self, table: TableData, enabled: bool, muted: list[int], db: Connection | None = None) -> None:
        """The table's talk settings: on or off, and the positions of the seats muted."""
        with self._transaction(db) as db:
            values = {"enabled": enabled, "muted": json.dumps(sorted(muted))}
            done = db.execute(_TALK_SETTINGS.update().where(_TALK_SETTINGS.c.table_id == table.id).values(**values))
            if done.rowcount == 0:
                db.execute(_TALK_SETTINGS.insert().values(table_id=table.id, **values))

    def talk(self, table: TableData, after: int = 0) -> list[Message]:
        """The messages said at the table, in order (those after number ``after``)."""
        with self.using(), self.engine.connect() as db:
            query = select(_TALK).where(_TALK.c.table_id == table.id, _TALK.c.n > after).order_by(_TALK.c.n)
            return [
                Message(
                    r.n,
                    r.channel,
                    r.author,
                    r.text,
                    frozenset(json.loads(r.readers)),
                    frozenset(json.loads(r.masked)),
                    bool(r.public),
                    r.moment,
                    bool(r.deleted),
                    r.kind,
                )
                for r in db.execute(query)
            ]

    def talk_settings(self, table: TableData) -> tuple[bool | None, list[int]]:
        """Whether the host turned talk on or off (``None``: never changed), and the seats muted."""
        with self.using(), self.engine.connect() as db:
            query = select(_TALK_SETTINGS.c.enabled, _TALK_SETTINGS.c.muted)
            row = db.execute(query.where(_TALK_SETTINGS.c.table_id == table.id)).first()
            return (None, []) if row is None else (bool(row.enabled), json.loads(row.muted))

    def recent(self, limit: int = 20) -> list[TableData]:
        with self.using(), self.engine.connect() as db:
            return self._read(db, limit=limit)
