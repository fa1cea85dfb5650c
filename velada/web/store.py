"""Persistence: tables, seats and every accepted choice, through SQLAlchemy (SQLite by default, any URL works).

The live state of a game is never stored: it is rebuilt by replaying the stored choices, so a server killed in
the middle of a game resumes exactly where it was. Seat and host tokens are stored as SHA-256 hashes only.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Integer, String, Text, UniqueConstraint, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, sessionmaker

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[str] = mapped_column(Text, default="{}")
    size: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(16), default="presencial")
    lang: Mapped[str] = mapped_column(String(4), default="es")
    timers: Mapped[str] = mapped_column(Text, default="{}")
    fill_bots: Mapped[str] = mapped_column(String(40), default="")
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    host_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[str] = mapped_column(String(32), default=_now)
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.position", cascade="all, delete-orphan")


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ChoiceRow(Base):
    __tablename__ = "choices"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(40))
    prompt: Mapped[str] = mapped_column(String(80))
    chosen: Mapped[str] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(32), default=_now)


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


class Store:
    """Every read and write of the database, in small transactions."""

    def __init__(self, url: str) -> None:
        connect_args = {"check_same_thread": False} if url.startswith("sqlite") else {}
        self.engine = create_engine(url, connect_args=connect_args)
        Base.metadata.create_all(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    @staticmethod
    def _data(row: TableRow) -> TableData:
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
            seats=[Seat(s.position, s.name, s.token, s.bot) for s in row.seats],
        )

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
        with self.session.begin() as db:
            for _ in range(10):
                code = new_code()
                if db.scalar(select(TableRow.id).where(TableRow.code == code)) is None:
                    break
            row = TableRow(
                code=code,
                game=game,
                options=json.dumps(options),
                size=size,
                mode=mode,
                lang=lang,
                timers=json.dumps(timers),
                host_token=token_hash(host),
                fill_bots=fill_bots,
            )
            row.seats = [SeatRow(position=i) for i in range(size)]
            db.add(row)
            db.flush()
            return self._data(row)

    def load(self, code: str) -> TableData | None:
        with self.session() as db:
            row = db.scalar(select(TableRow).where(TableRow.code == code))
            return self._data(row) if row is not None else None

    def save_seat(self, table: TableData, seat: Seat) -> None:
        with self.session.begin() as db:
            row = db.scalar(select(SeatRow).where(SeatRow.table_id == table.id, SeatRow.position == seat.position))
            row.name, row.token, row.bot = seat.name, seat.token, seat.bot

    def set_status(self, table: TableData, status: str, seed: int | None = None) -> None:
        with self.session.begin() as db:
            row = db.get(TableRow, table.id)
            row.status = status
            if seed is not None:
                row.seed = seed

    def add_choice(self, table: TableData, seq: int, player: str, prompt: str, chosen: list[str]) -> None:
        with self.session.begin() as db:
            db.add(ChoiceRow(table_id=table.id, seq=seq, player=player, prompt=prompt, chosen=json.dumps(chosen)))

    def choices(self, table: TableData) -> list[tuple[str, str, list[str]]]:
        with Session(self.engine) as db:
            rows = db.scalars(select(ChoiceRow).where(ChoiceRow.table_id == table.id).order_by(ChoiceRow.seq))
            return [(r.player, r.prompt, json.loads(r.chosen)) for r in rows]

    def recent(self, limit: int = 20) -> list[TableData]:
        with self.session() as db:
            rows = db.scalars(select(TableRow).order_by(TableRow.id.desc()).limit(limit))
            return [self._data(r) for r in rows]
