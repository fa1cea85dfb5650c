"""Live tables: the game in memory, its seats, its open connections, its bots and its timers.

One :class:`LiveTable` per table, with one ``asyncio.Lock`` for every change. Every change a person or a bot
makes is stored before memory changes and before anybody hears of it: a write that fails changes nothing. A
table that is not in memory (a restart) is rebuilt by replaying its stored choices, and a restarted server
resumes every game under way: its bots act again and its timer runs on with the time it had left.

What each connection receives is its viewer's view and nothing else; a connection is sent a message only when
what its viewer may know changed, numbered per connection (a counter shared by all would count the hidden
choices of the night).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import hashlib
import json
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from velada.core import talk as core_talk
from velada.core.bots import BOT_NAMES, Bot
from velada.core.delta import LOG, is_empty
from velada.core.engine import (
    Match,
    ViewCache,
    answered_view,
    build_view,
    pending,
    shows_answer,
    waiting,
    waiting_audience,
)
from velada.core.game import Game
from velada.core.protocol import CALL, NARRATOR, PUBLIC, IllegalAction, Prompt, Viewer
from velada.core.talk import TalkError
from velada.games import REGISTRY
from velada.web.connection import Connection, encode
from velada.web.errors import TableError
from velada.web.names import BadName, check_name
from velada.web.render import WAITING_PARTS, payload, waiting_message
from velada.web.store import Conflict, Seat, Store, TableData, new_token, token_hash
from velada.web.talk import TableTalk

log = logging.getLogger("velada.web")

#: Timer keys and what they time: night calls (private prompts), the day's debate and its vote (public ones), and
#: ``llamada``, the least time every night call lasts, whether its card's holder is alive, dead or absent.
TIMERS = ("noche", "debate", "votacion", "llamada")
#: How many times a change is checked again after another process of the cluster stored something first.
RETRIES = 50
#: Seconds a change waits before it is tried again when another process's write of the table was under way
#: (nothing new to read yet): the first pause, and the longest.
PAUSE, PAUSE_MAX = 0.002, 0.05


#: The facts of a push compared by value (a log's length, a status, a clock); the others by identity
#: (:meth:`LiveTable._facts`).
_PLAIN = (int, float, str)
_UNSET: Any = object()


@dataclass
class _Quick:
    """What a push works out once when only answers came in since the last one (:meth:`LiveTable._quick`): the
    state shown and the table's status, each viewer's view found to change in who is still to answer only (or
    ``None``: the full way), the waiting list by audience, and each message encoded, by clock and waiting list."""

    state: Any
    status: str
    views: dict[tuple[Viewer, str], dict[str, Any] | None] = field(default_factory=dict)
    waiting: dict[Any, list[str]] = field(default_factory=dict)
    encoded: dict[tuple[Any, int], tuple[dict[str, Any], bytes]] = field(default_factory=dict)


class Stale(Exception):
    """In a cluster: another process stored a change to the table after this change was checked against memory.
    Nothing was written; memory has caught up since, and the change is checked and tried again."""


@dataclass
class Config:
    bot_delay: float = 1.0
    #: A fixed seed for every game (plus the table's number), for tests and demos; None draws a secret one.
    seed: int | None = None
    #: Several processes on one PostgreSQL database (:mod:`velada.web.cluster`), or None.
    cluster: Any = None
    #: Seconds a table nobody asked for stays in memory (:meth:`Hub.evict_idle`): a game under way or a lobby,
    #: and a finished game. Asked for again, it is read back from the database. A finished game goes at the
    #: hub's next round once nobody is connected to it (its result pages are read back, rarely): kept 10 s, 30-98
    #: finished tables sat in memory at once under ``velada load --tables 200``, 14-18 MB of its peak.
    evict_after: float = 120.0
    evict_finished_after: float = 0.0


#: orjson's options for a tag's bytes: keys sorted, so that the same view always gives the same bytes.
_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def group_key(match: Match) -> str:
    """A name for the group of prompts open now, stable across a restart (the timer remembers which group it
    times)."""
    state = match.state
    digest = _group_digest(tuple(state.group))
    # Numbered by the choices made when the group opened: an answer within the group is not a new group (a new
    # clock at each answer would tell the group's players that somebody in it answered).
    opened = len(match.choices) - len(state.answers)
    return f"{opened}:{digest}" if digest else ""


@functools.lru_cache(maxsize=4096)
def _group_digest(group: tuple[tuple[str, str], ...]) -> str:
    """The hash that names a group's prompts (``""`` for none), worked out once per group: every change asks it."""
    keys = sorted(f"{player}\x1f{prompt}" for player, prompt in group)
    return hashlib.sha256("\x1e".join(keys).encode()).hexdigest()[:32] if keys else ""


def _checked_name(name: str, taken: list[str]) -> str:
    """The name as it will be shown (:func:`velada.web.names.check_name`), or the table's refusal."""
    try:
        return check_name(name, taken)
    except BadName as exc:
        raise TableError(exc.code, **exc.params) from None


class LiveTable:
    def __init__(self, store: Store, data: TableData, config: Config) -> None:
        self.store = store
        self.data = data
        self.config = config
        self.game: Game = REGISTRY.get(data.game)
        #: The prompt kinds everybody may know are open (votes): they are timed and shown as the day's.
        self._public_kinds = frozenset(k.kind for k in self.game.prompt_kinds if k.public)
        self.match: Match | None = None
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        #: The seats by their token's digest, and the list of seats it was made from (see seat_by_hash).
        self._by_hash: tuple[list[Seat] | None, dict[str, Seat]] = (None, {})
        self.bots: dict[str, Bot] = {}
        self.deadline: float | None = None
        self._group = ""
        self._timer: asyncio.Task | None = None
        self._bot_task: asyncio.Task | None = None
        #: Pacing the night: while a call's time is not over, everybody is shown ``_held`` (the game just before
        #: the group resolved, with the last answer in), not the game as it is; ``_release`` shows the rest.
        self._held: Any = None
        self._release: asyncio.Task | None = None
        #: The last clock that ran out: the players of public prompts it skipped, those of private ones, and the
        #: prompts open just after (see :meth:`expiry_for`).
        self._expiry: tuple[tuple[str, ...], frozenset[str], frozenset[tuple[str, str]]] | None = None
        #: When the night call being shown began (None: no call under way).
        self._call_started: float | None = None
        #: Event texts rendered so far, shared by every view of this table (the log only grows).
        self._texts = ViewCache()
        #: Views built since the last change, by (viewer, language); ``_stamp`` says which change.
        self._views: dict[tuple[Viewer, str], dict[str, Any]] = {}
        #: Each viewer's view tag (view_tag) at this change, with the view and the seats it was worked out from;
        #: forgotten at the next change, so that it keeps no older view alive (a choice's answer tags its player's
        #: view: each seat's view of its last choice, a dozen views of other changes a table).
        self._tags: dict[tuple[Viewer, str], tuple[Any, Any, str]] = {}
        #: Each viewer's log as its last tag read it, and the digest of its entries (see _log_digest).
        self._log_tags: dict[tuple[Viewer, str], tuple[list[dict[str, Any]], Any]] = {}
        self._stamp: tuple[int, int] = (-1, 0)
        #: Views built since the open group opened (the state shown, and the choices made when it opened): an
        #: answer that does not complete the group changes only what reads answers (engine.answered_view).
        self._group_views: dict[tuple[Viewer, str], dict[str, Any]] = {}
        self._opened: tuple[Any, int] = (None, -1)
        #: What the last push's messages were worked out from (:meth:`_facts`), for the next to tell whether only
        #: answers came in since.
        self._mark: tuple[Any, ...] | None = None
        #: The game's talk channels at this change (read once for every viewer), and each viewer's channels as
        #: last shown with the game's channels they were read from: read again only when those changed.
        self._channels: list[core_talk.Channel] | None = None
        #: The game's channels as read last: kept when a change leaves them equal, so that the viewers' channels
        #: are compared with them by identity, not once per viewer.
        self._last_channels: list[core_talk.Channel] = []
        self._talk_views: dict[tuple[Viewer, str], tuple[list[core_talk.Channel], list[dict[str, Any]]]] = {}
        #: The broadcast under way, and whether another change came in meanwhile.
        self._pushing: asyncio.Task | None = None
        self._dirty = False
        self._background: set[asyncio.Task] = set()
        #: The cluster this process belongs to, if any (``velada serve --workers``).
        self.cluster: Any = config.cluster
        #: In a cluster, the table's stored version that memory holds at least (``TableRow.version``): a change
        #: finding the same version under the table's lock need not read the table back first.
        self._version = data.version
        #: This process's writes of the table that count in its version without being checked against it (the
        #: clock's, stored in the background), not settled yet: a change made meanwhile expects them stored.
        self._unsettled = 0
        #: The last pause after a write that found the table held by another process's (0: none since a write).
        self._pause = 0.0
        #: What is said at the table (velada.web.talk), stored and replayed like the choices. It sees the table
        #: through a weak proxy: a talk holding its table made every table a cycle, freed only by the collector's
        #: oldest generation, which a serving process runs seldom (app.tune_gc): a table let go stayed
        #: in memory for minutes (tests/web/test_memoria_sin_recolector.py).
        self.talk = TableTalk(weakref.proxy(self))
        if data.status != "lobby":
            self._replay()

    # --- state --------------------------------------------------------------------------------------------

    def _replay(self) -> None:
        """Rebuild the match from its seed and every stored choice."""
        data = self.data
        self.match = Match(self.game, self.players(), data.options, data.seed or 0)
        for player, prompt, chosen in self.store.choices(data):
            self.match.choose(player, prompt, chosen)
        self._seat_bots()

    def _seat_bots(self) -> None:
        factories = self.game.bots
        self.bots = {
            seat.name: factories[seat.bot](seat.name, (self.data.seed or 0) ^ (0x5EED + seat.position))
            for seat in self.data.seats
            if seat.bot and seat.name
        }

    def resume(self) -> None:
        """After a restart: what was running runs again — the bots whose turn it is, and the timer with the time
        it had left (one that ran out while the server was down fires now)."""
        if self.match is None or self.match.result is not None:
            return
        self._group = ""  # time the open group afresh (a stored deadline for it still counts)
        self._after_change()

    def players(self) -> list[str]:
        return [seat.name for seat in self.data.seats if seat.name]

    def seat_for(self, token: str | None) -> Seat | None:
        if not token:
            return None
        return self.seat_by_hash(token_hash(token))

    def seat_by_hash(self, digest: str) -> Seat | None:
        """The seat whose token hashes to ``digest``: a socket hashes its token once and asks again before every
        message it sends (the token may have been revoked since). A dictionary by digest, made again whenever the
        seats are (they are replaced, never changed in place): a scan of every seat was 1–2% of a push's CPU. (It
        looks up the SHA-256 of a token, not the token: what a lookup's timing could tell is worth nothing.)"""
        seats = self.data.seats
        if self._by_hash[0] is not seats:
            self._by_hash = (seats, {s.token: s for s in seats if s.token})
        return self._by_hash[1].get(digest)

    def is_host(self, token: str | None) -> bool:
        if not token:
            return False
        return secrets.compare_digest(self.data.host_token, token_hash(token))

    def is_narrator(self, token: str | None) -> bool:
        """Whether ``token`` is the narrator seat's (issued by the host, :meth:`issue_narrator_token`)."""
        digest = self.data.narrator_token
        if not token or digest is None:
            return False
        return secrets.compare_digest(digest, token_hash(token))

    @property
    def state(self) -> Any:
        """The game as everybody is shown it: the match's state, or while a night call is being paced the state
        held back (see :meth:`_pace`)."""
        if self._held is not None:
            return self._held
        return self.match.state if self.match is not None else None

    @property
    def status(self) -> str:
        state = self.state
        if state is not None and state.result is not None:
            return "finished"
        return "playing" if self.data.status == "finished" else self.data.status

    def view_tag(self, viewer: Viewer, lang: str) -> str:
        """A short tag of what ``viewer`` may see now: it changes when their view changes, and only then (a
        count of the table's choices would count the hidden ones too)."""
        view = self.view(viewer, lang)
        taken = [(s.position, s.name, bool(s.bot)) for s in self.data.seats]
        # A view is built once per change (see view): its tag is worked out once too, not at every request (the
        # JSON of a whole view, its log included, at every choice's answer).
        known = self._tags.get((viewer, lang))
        if known is not None and known[0] is view and known[1] == (self.data.status, taken):
            return known[2]
        # orjson, keys sorted: the same view always gives the same bytes. The log's entries are hashed apart, each
        # once: the JSON of a whole late log at every choice's answer was most of the tag's cost.
        log = view.get(LOG) if view is not None else None
        rest = view if view is None or log is None else {k: v for k, v in view.items() if k != LOG}
        body = orjson.dumps([self.data.status, taken, rest, log is not None], option=_SORTED, default=str)
        tag = hashlib.sha256(body + self._log_digest(viewer, lang, log)).hexdigest()[:16]
        self._tags[viewer, lang] = (view, (self.data.status, taken), tag)
        return tag

    def _log_digest(self, viewer: Viewer, lang: str, log: list[dict[str, Any]] | None) -> bytes:
        """The SHA-256 of a view's log, entry by entry: carried on from the digest of the log the viewer's last tag
        read when the log only grew since (it does, but at the game's end), so each entry is hashed once. The same
        log always gives the same digest, however it was reached."""
        if log is None:
            return b""
        known = self._log_tags.get((viewer, lang))
        if known is not None and len(known[0]) <= len(log) and log[: len(known[0])] == known[0]:
            digest, start = known[1].copy(), len(known[0])
        else:
            digest, start = hashlib.sha256(), 0
        for entry in log[start:]:
            dumped = orjson.dumps(entry, option=_SORTED, default=str)
            digest.update(len(dumped).to_bytes(8, "big") + dumped)
        self._log_tags[viewer, lang] = (log, digest)
        return digest.digest()

    # --- the doors in: what people ask of the table -------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _changing(self) -> AsyncIterator[None]:
        """Hold the table for a change: its lock, for this process. In a cluster of processes (``velada serve
        --workers``) nothing is held in PostgreSQL while the change is checked: the change's write is made only
        if the table's stored version is still memory's (:meth:`_write`); if another process stored something
        first, memory catches up and the change is checked again (:class:`Stale`, :meth:`_guarded`)."""
        async with self.lock:
            yield

    def _stored(self, version: int | None) -> None:
        """This process's own write was committed as ``version``: memory holds it already, so the version is
        memory's when nothing else was stored in between (else the next change reads the table back)."""
        if version is not None and version == self._version + 1:
            self._version = version

    async def catch_up(self) -> None:
        """Another process of the cluster changed this table: take what it stored, and show it."""
        async with self.lock:
            await self._catch_up()
        await self.broadcast()

    async def catch_up_to(self, version: int) -> None:
        """Catch up (:meth:`catch_up`) if the table's stored ``version`` is ahead of memory's."""
        if version > self._version:
            await self.catch_up()

    async def heard(self, version: int, write: str, body: str) -> None:
        """Another process of the cluster stored the write ``write`` as the table's ``version``
        (:meth:`velada.web.store.Store.announce`). The version just after memory's is played from what the
        announcement carries (a choice, a timer) without reading the database; anything else, or a version
        missed, reads the table back."""
        async with self.lock:
            if version <= self._version:
                return  # known already (read back with an earlier change)
            if version != self._version + 1 or not await self._take(write, body):
                await self._catch_up()
            else:
                self._version = version
        await self.broadcast()

    async def _take(self, write: str, body: str) -> bool:
        """Play another process's write from its announcement; False when it cannot be (then read it back)."""
        if write == "add_talk":
            await self.talk.catch_up()
            return True
        if not body:
            return False
        if write == "set_talk":
            await self.talk.settled(*json.loads(body))
            return True
        if write == "delete_talk":
            return await self.talk.deleted(json.loads(body)[0])
        if write == "set_timer":
            deadline, group = json.loads(body)
            self.data.deadline, self.data.timer_group = deadline, group
            if not self.autonomous and self._held is None:
                self.deadline = deadline if group == self._group else None
            return True
        match = self.match
        if write != "add_choice" or match is None:
            return False
        seq, player, prompt, chosen = json.loads(body)
        if seq <= len(match.choices):
            return True  # read back already, with the catch-up of an earlier write
        if seq != len(match.choices) + 1:
            return False
        found, answer = match.check(player, prompt, chosen)
        self._held = None
        await self._play(found, answer, chosen, stored=True)
        if self._held is None:
            self._after_change()
        return True

    async def _catch_up(self) -> None:
        data = await asyncio.to_thread(self.store.load, self.data.code)
        if data is None or (data.version <= self._version and data.status == self.data.status):
            return  # nothing stored since memory's version
        # Read first, so that what is read after (choices, talk) holds at least this version.
        self._version = max(self._version, data.version)
        for seat in data.seats:
            old = next((s for s in self.data.seats if s.position == seat.position), None)
            if old is not None and old.token != seat.token and old.name:
                self._revoke(old.name)
        self.data.seats, self.data.status, self.data.seed = data.seats, data.status, data.seed
        self.data.deadline, self.data.timer_group = data.deadline, data.timer_group
        self.data.narrator_token = data.narrator_token
        if data.status == "lobby":
            return
        if self.match is None:
            self._replay()
        else:
            self._seat_bots()
            stored = await asyncio.to_thread(self.store.choices, self.data, len(self.match.choices))
            for player, prompt, chosen in stored:
                found, answer = self.match.check(player, prompt, chosen)
                self._held = None
                await self._play(found, answer, chosen, stored=True)
        await self.talk.catch_up(settings=True)
        if self._held is None:
            self._after_change()

    @property
    def autonomous(self) -> bool:
        """Whether this process runs the table's bots and timers: always alone; in a cluster, its owner only."""
        return self.cluster is None or self.cluster.owns(self.data.code)

    async def _guarded(self, work: Callable[[], Awaitable[Any]]) -> Any:
        """Run a change (``work()``) to the end even if whoever asked goes away meanwhile (a closed socket cancels
        its handler): a write the database committed is always applied in memory too. In a cluster, a change
        another process got ahead of is checked again against the table as it stands now (:class:`Stale`)."""
        task = asyncio.ensure_future(self._retried(work))
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return await asyncio.shield(task)

    async def _retried(self, work: Callable[[], Awaitable[Any]]) -> Any:
        for _ in range(RETRIES):
            try:
                return await work()
            except Stale:
                continue
            except (IllegalAction, TableError, TalkError):
                # Refused against memory: in a cluster, memory may not have heard yet what another process stored
                # (the prompt it opened, the start). Refused only once the memory it was checked against is known
                # to be as new as the table.
                if not await self._was_behind(self._version + self._unsettled):
                    raise
        log.error("table %s: a change lost to other processes %s times in a row", self.data.code, RETRIES)
        raise TableError("storage")

    async def join(self, name: str) -> tuple[Seat, str]:
        """Take the first free seat under ``name``; returns the seat and its secret token."""
        return await self._guarded(lambda: self._join(name))

    async def fill_with_bots(self, bot: str | None = None) -> None:
        """Give every empty seat to a bot (host only): the table's chosen bot, or the smartest the game has."""
        await self._guarded(lambda: self._fill_with_bots(bot))

    async def hand_to_bot(self, position: int) -> None:
        """Give a seat to a bot (host only): for a player who left; the player's token stops working at once."""
        await self._guarded(lambda: self._hand_to_bot(position))

    async def reissue_seat(self, position: int) -> str:
        """A new secret token for a person's seat (host only); the old one stops working."""
        return await self._guarded(lambda: self._reissue_seat(position))

    async def start(self) -> None:
        """Start the game once every seat is taken (host only)."""
        await self._guarded(lambda: self._start())

    async def issue_narrator_token(self) -> str:
        """A new secret token for the narrator's seat (host only): it sees everything and answers the prompts a
        game addresses to its narrator, but cannot start the table or move seats. The token issued before stops
        working."""
        return await self._guarded(lambda: self._issue_narrator_token())

    async def _issue_narrator_token(self) -> str:
        async with self._changing():
            token = new_token()
            digest = token_hash(token)
            await self._write("set_narrator_token", digest)
            self.data.narrator_token = digest
        return token

    async def choose(self, player: str, prompt: str, chosen: list[str]) -> None:
        """Apply one choice for ``player``; an illegal one raises :class:`IllegalAction` and changes nothing."""
        await self._guarded(lambda: self._choose(player, prompt, chosen))

    # --- seats ---------------------------------------------------------------------------------------------

    async def _was_behind(self, checked: int) -> bool:
        """In a cluster: whether the table's stored version is ahead of ``checked``, the version of the memory a
        change was checked against (then memory catches up, if it has not meanwhile)."""
        if self.cluster is None:
            return False
        try:
            stored = await self.cluster.version(self.data.id)
        except Exception:
            log.exception("could not read table %s's version", self.data.code)
            return False  # the refusal stands
        if stored is None or stored <= checked:
            return False
        async with self.lock:
            if stored > self._version:
                await self._catch_up()
        await self.broadcast()
        return True

    async def _write(self, write: str, *args: Any) -> None:
        """One write to the database (a :class:`Store` method, by name), off the event loop; it returns once
        the write is committed. One that fails is the table's error ``storage``: the change is refused, and
        nothing in memory has changed yet. In a cluster the write is made only if the table's stored version is
        the one memory holds (with this process's clock writes under way): else memory catches up and the change
        is :class:`Stale`, to be checked again."""
        at = None if self.cluster is None else self._version + self._unsettled
        try:
            self._stored(await self.store.run(write, self.data, *args, at=at))
        except Conflict:
            known = self._version
            await self._catch_up()
            if self._version == known:
                # Nothing new stored yet: another process's write of the table is being committed.
                self._pause = min(self._pause * 2, PAUSE_MAX) if self._pause else PAUSE
                await asyncio.sleep(self._pause * (0.5 + secrets.randbelow(1000) / 1000))
            raise Stale() from None
        except Exception:
            log.exception("the database refused a write for table %s", self.data.code)
            raise TableError("storage") from None
        self._pause = 0.0

    async def _store_seats(self, seats: list[Seat]) -> None:
        """Write the new seats, then put them in memory: a write that fails changes nothing."""
        await self._write("save_seats", seats)
        self._put_seats(seats)

    def _put_seats(self, seats: list[Seat]) -> None:
        by_position = {seat.position: seat for seat in seats}
        self.data.seats = [by_position.get(seat.position, seat) for seat in self.data.seats]

    def _revoke(self, name: str) -> None:
        """The seat's old token no longer works: its open pages fall back to the shared screen's view."""
        for conn in self.connections:
            if conn.viewer == name:
                conn.viewer = PUBLIC
                conn.seen = None
                conn.parts = {}
                conn.mark = None

    async def _join(self, name: str) -> tuple[Seat, str]:
        """Take the first free seat under ``name``; returns the seat and its secret token."""
        async with self._changing():
            if self.data.status != "lobby":
                raise TableError("started")
            name = _checked_name(name, [s.name for s in self.data.seats if s.name])
            free = next((s for s in self.data.seats if not s.taken), None)
            if free is None:
                raise TableError("full")
            token = new_token()
            seat = Seat(free.position, name, token_hash(token), None)
            await self._store_seats([seat])
        await self.broadcast()
        return seat, token

    async def _fill_with_bots(self, bot: str | None = None) -> None:
        """Give every empty seat to a bot (host only): the table's chosen bot, or the smartest the game has."""
        async with self._changing():
            if self.data.status != "lobby":
                raise TableError("started")
            await self._store_seats(self._bot_seats(bot or self.data.fill_bots or self.default_bot()))
        await self.broadcast()

    async def _hand_to_bot(self, position: int) -> None:
        """Give a seat to a bot (host only): for a player who left, so the table need not wait for them. The
        player's token stops working at once."""
        async with self._changing():
            seat = next((s for s in self.data.seats if s.position == position), None)
            if seat is None or not seat.taken or seat.bot:
                raise TableError("bad-seat")
            await self._store_seats([replace(seat, bot=self.data.fill_bots or self.default_bot(), token=None)])
            self._revoke(seat.name or "")
            if self.match is not None:
                self._seat_bots()
                self._schedule_timer()
                self._start_bots_if_needed()
        await self.broadcast()

    async def _reissue_seat(self, position: int) -> str:
        """A new secret token for a person's seat (host only), for a player who changed phone: the old token
        stops working. Returns the new token."""
        async with self._changing():
            seat = next((s for s in self.data.seats if s.position == position), None)
            if seat is None or not seat.taken or seat.bot:
                raise TableError("bad-seat")
            token = new_token()
            await self._store_seats([replace(seat, token=token_hash(token))])
            self._revoke(seat.name or "")
        await self.broadcast()
        return token

    def default_bot(self) -> str:
        return next((name for name in self.game.bots if name != "random"), "random")

    def _bot_seats(self, bot: str) -> list[Seat]:
        """Every empty seat given to ``bot``, with a name nobody has (not yet stored)."""
        if bot not in self.game.bots:
            raise TableError("bad-bot", bot=bot)
        taken = {s.name.casefold() for s in self.data.seats if s.name}
        names = [n for n in BOT_NAMES if f"{n} (bot)".casefold() not in taken and n.casefold() not in taken]
        seats = []
        for seat in self.data.seats:
            if not seat.taken:
                name = names.pop(0) if names else f"Bot{seat.position + 1}"
                seats.append(Seat(seat.position, f"{name} (bot)", None, bot))
        return seats

    async def _start(self) -> None:
        """Start the game once every seat is taken (host only)."""
        async with self._changing():
            if self.data.status != "lobby":
                raise TableError("started")
            bots = self._bot_seats(self.data.fill_bots) if self.data.fill_bots else []
            filled = {seat.position for seat in bots}
            if any(not s.taken and s.position not in filled for s in self.data.seats):
                raise TableError("seats-free")
            seats = [next((b for b in bots if b.position == s.position), s) for s in self.data.seats]
            seed = secrets.randbits(62) if self.config.seed is None else self.config.seed + self.data.id
            try:
                match = Match(self.game, [s.name for s in seats if s.name], self.data.options, seed)
            except ValueError as exc:
                raise TableError("cannot-start", reason=str(exc)) from None
            await self._write("start", bots, seed)
            self._put_seats(bots)
            self.data.seed = seed
            self.data.status = "playing"
            self.match = match
            self._seat_bots()
            if self._pacing():
                self._pace_start()
            if self._held is None:
                self._after_change()
        await self.broadcast()

    # --- playing ---------------------------------------------------------------------------------------

    async def _choose(self, player: str, prompt: str, chosen: list[str]) -> None:
        """Apply one choice for ``player``; an illegal one raises :class:`IllegalAction` and changes nothing."""
        async with self._changing():
            await self._apply(player, prompt, chosen)
        await self.broadcast()

    async def _apply(self, player: str, prompt: str, chosen: list[str]) -> None:
        """Check the choice, store it, and only then play it: the answer a player gets is the promise that the
        choice survives a restart, and memory never runs ahead of the database."""
        match = self.match
        if match is None:
            raise TableError("not-started")
        if self._held is not None:
            # A paced call is still being shown: nothing after it is open yet, for anybody.
            raise IllegalAction("not-open", prompt=prompt)
        found, answer = match.check(player, prompt, chosen)
        await self._write("add_choice", len(match.choices) + 1, player, found.id, list(chosen))
        await self._play(found, answer, chosen)

    async def _play(self, found: Prompt, answer: tuple, chosen: list[str], stored: bool = False) -> None:
        """Play a checked choice in memory (stored already: by this process, or by another one of a cluster
        when ``stored``), with the night's pacing."""
        match = self.match
        assert match is not None
        state = match.state
        completes = len(state.answers) + 1 == len(state.group)
        before = copy.deepcopy(state) if completes and self._pacing() else None
        logged = len(state.log)
        # Whether it ends the game is known only once played; the status is stored then (and a replay finds the
        # result anyway, should that write fail).
        match.apply(found, answer, chosen)
        if match.result is not None and self.data.status != "finished" and not stored:
            try:
                self._stored(await self.store.run("set_status", self.data, "finished"))
                self.data.status = "finished"
            except Exception:
                log.exception("could not mark table %s finished", self.data.code)
        if before is not None:
            before.answers[found.player, found.id] = answer
            self._pace(before, logged)
            if self._held is not None:
                return  # the release goes on from here
        self._after_change()

    # --- pacing the night ------------------------------------------------------------------------------

    def _pacing(self) -> float:
        """The least time a night call lasts at this table (seconds; 0: not paced)."""
        return float(self.data.timers.get("llamada", 0) or 0)

    def _live_call(self) -> bool:
        """Whether somebody is answering a night call now (private prompts are open)."""
        public = self._public_kinds
        assert self.match is not None  # paced only while a game is under way
        return any(p.kind not in public for p in self.match.state.group.values())

    def _pace(self, before: Any, logged: int) -> None:
        """A group just resolved. Each call the narrator made since lasts the table's minimum: the call that
        ended lasts at least that long, a call nobody answers (a dead or absent card) exactly that long, and
        the next call's prompts appear only when their call begins — so that the room sees the same night
        whoever is alive. Until then everybody is shown ``before``."""
        least = self._pacing()
        now = time.time()
        assert self.match is not None
        calls = sum(1 for e in self.match.state.log[logged:] if e.kind == CALL and e.audience is None)
        end = max(now, self._call_started + least) if self._call_started is not None else now
        live = self._live_call()
        if calls:
            start = end + (calls - 1) * least
            release = start if live else start + least
            self._call_started = start if live else None
        else:
            # The same call goes on (a second round of the wolves), or the night is over.
            release = now if live else end
            if not live:
                self._call_started = None
        if release <= now + 0.01:
            return
        self._held = before
        self._release = asyncio.get_running_loop().create_task(self._show_later(release))

    def _pace_start(self) -> None:
        """The first calls of a game (the Ladrón, Cupido…) are paced too: the first is under way as the game
        starts, and each one after it that nobody answers lasts the minimum before the next is shown."""
        assert self.match is not None
        state = self.match.state
        calls = [i for i, e in enumerate(state.log) if e.kind == CALL and e.audience is None]
        if not calls:
            return
        first = calls[0]
        before = copy.deepcopy(state)
        del before.log[first + 1 :]
        before.group, before.answers = {}, {}
        self._call_started = time.time()
        self._pace(before, first + 1)

    async def _show_later(self, release: float) -> None:
        await asyncio.sleep(max(0.0, release - time.time()))
        async with self.lock:
            self._held = None
            self._release = None
            self._after_change()
        await self.broadcast()

    def _after_change(self) -> None:
        match = self.match
        if match is None:
            return
        if match.result is not None:
            self._cancel_timer(store=True)
            return
        group = group_key(match)
        if group != self._group:
            self._group = group
            self._schedule_timer()
        self._start_bots_if_needed()

    def _start_bots_if_needed(self) -> None:
        match = self.match
        if not self.autonomous:
            return
        if match is not None and any(p.player in self.bots for p in pending(match.state)):
            self._start_bots()

    # --- bots ------------------------------------------------------------------------------------------

    def _start_bots(self) -> None:
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """Bots answer their prompts one at a time, each after a short, human-looking pause."""
        while True:
            match = self.match
            if match is None or match.result is not None or self._held is not None:
                return  # a paced call still showing: the release starts the bots again
            prompts = [p for p in pending(match.state) if p.player in self.bots]
            if not prompts:
                return
            delay = self.config.bot_delay
            if delay > 0:
                await asyncio.sleep(delay * (0.5 + secrets.randbelow(1000) / 1000))
            try:
                async with self._changing():
                    prompt = self._still_pending(prompts[0])
                    if prompt is None or prompt.player not in self.bots:
                        continue
                    await self._bot_answers(prompt)
            except Stale:
                continue  # another process got ahead: memory has caught up, look again
            except Exception:
                # The database refused the write: try again after a pause rather than stop the table.
                log.exception("bot %s could not play at table %s", prompts[0].player, self.data.code)
                await asyncio.sleep(max(delay, 0.5))
                continue
            await self.broadcast()

    async def _bot_answers(self, prompt: Prompt) -> None:
        match = self.match
        assert match is not None
        bot = self.bots[prompt.player]
        state = match.state

        def view(player: str = prompt.player, state=state) -> dict[str, Any]:
            return build_view(self.game, state, player, self.data.lang, texts=False)

        try:
            answer = bot.choose(prompt, view)
            match.check(prompt.player, prompt.id, answer)
        except IllegalAction:
            log.exception("bot %s answered illegally; skipping instead", prompt.player)
            answer = [] if prompt.skippable else list(prompt.options[: prompt.min])
        await self._apply(prompt.player, prompt.id, answer)

    def _still_pending(self, prompt: Prompt) -> Prompt | None:
        match = self.match
        if match is None:
            return None
        return next((p for p in pending(match.state) if (p.player, p.id) == (prompt.player, prompt.id)), None)

    # --- timers ----------------------------------------------------------------------------------------

    def _cancel_timer(self, store: bool = False) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        had = self.deadline is not None or self.data.deadline is not None
        self.deadline = None
        if store and had:
            self._store_timer(None, None)

    def _store_timer(self, deadline: float | None, group: str | None) -> None:
        """Store the running timer in the background (the writer keeps it in order with the choices)."""
        self.data.deadline, self.data.timer_group = deadline, group
        self._unsettled += 1
        self.store.submit("set_timer", self.data, deadline, group).add_done_callback(self._timer_stored)

    def _timer_stored(self, done: asyncio.Future) -> None:
        self._unsettled -= 1
        if done.cancelled():
            return
        if done.exception() is not None:
            # The timer still runs in memory; only a restart in this very window would forget it.
            log.error("could not store the timer of table %s: %s", self.data.code, done.exception())
        else:
            self._stored(done.result())

    def timed_prompts(self) -> list[Prompt]:
        """The open prompts a timer may skip: people's (bots answer by themselves) that may be skipped."""
        match = self.match
        if match is None:
            return []
        return [p for p in pending(match.state) if p.player not in self.bots and p.skippable]

    def _schedule_timer(self) -> None:
        """A new group of prompts opened: time it as the table chose. Public prompts (votes) get the debate
        plus the vote time; private ones (night calls) the night time. When time runs out, every human prompt
        still open that may be skipped is skipped; prompts that cannot be skipped wait for their player.

        A stored deadline for this very group (a restart) is kept: the timer runs on with the time it had left."""
        self._cancel_timer()
        match = self.match
        assert match is not None
        if self._held is not None:
            return  # a paced call still showing: the release times what opens next
        group = self._group
        if not self.autonomous:
            # Another process of the cluster runs this table's clock: show the one it stored.
            same = self.data.timer_group == group and self.data.deadline is not None
            self.deadline = self.data.deadline if same else None
            return
        timers = self.data.timers
        prompts = self.timed_prompts()
        if not prompts:
            if self.data.deadline is not None:
                self._store_timer(None, None)
            return
        public = self._public_kinds
        if any(p.kind in public for p in prompts):
            seconds = int(timers.get("debate", 0)) + int(timers.get("votacion", 0))
        else:
            seconds = int(timers.get("noche", 0))
        if seconds <= 0:
            return
        if self.data.deadline is not None and self.data.timer_group == group:
            deadline = self.data.deadline
        else:
            deadline = time.time() + seconds
            self._store_timer(deadline, group)
        self.deadline = deadline
        self._timer = asyncio.get_running_loop().create_task(self._expire(deadline, group))

    async def _expire(self, deadline: float, group: str) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with self._changing():
            if self.match is None or self._group != group:
                return
            self._timer = None
            skipped = []
            for prompt in self.timed_prompts():
                if self._group != group:
                    break
                try:
                    await self._skip(prompt)
                except IllegalAction:
                    continue
                except Exception:
                    log.exception("could not skip %s at table %s", prompt.id, self.data.code)
                    break
                skipped.append(prompt)
            if skipped and self.match is not None:
                public = sorted({p.player for p in skipped if p.kind in self._public_kinds})
                private = frozenset(p.player for p in skipped if p.kind not in self._public_kinds)
                self._expiry = (tuple(public), private, frozenset(self.match.state.group))
        await self.broadcast()

    async def _skip(self, prompt: Prompt) -> None:
        """Skip a prompt whose time ran out; in a cluster, checked again if another process got ahead (then
        :class:`IllegalAction` if the prompt is no longer open), as every change is (:meth:`_retried`)."""

        async def once() -> None:
            if self._still_pending(prompt) is None:
                raise IllegalAction("not-open", prompt=prompt.id)
            await self._apply(prompt.player, prompt.id, [])

        await self._retried(once)

    def expiry_for(self, viewer: Viewer) -> dict[str, Any] | None:
        """What the last clock that ran out means to ``viewer``: on every screen, who did not answer a public
        decision (the waiting list was public), until another public decision opens; a private prompt's expiry
        only on its own player's page until that player is asked again, or the room would
        learn who holds the card called."""
        state = self.state
        if self._expiry is None or state is None or state.result is not None:
            return None
        public, private, open_then = self._expiry
        new = [key for key in state.group if key not in open_then]
        if public and any(state.group[key].kind in self._public_kinds for key in new):
            public = ()
        mine = viewer is not None and viewer in private and not any(player == viewer for player, _ in new)
        if not public and not mine:
            return None
        return {"public": list(public), "mine": mine}

    def debate_end_for(self, viewer: Viewer) -> float | None:
        """When the day's debate ends and its vote's own clock starts, for a viewer shown the clock of a public
        decision; ``None`` when the table gives the debate no time or the decision open is not public."""
        deadline = self.deadline_for(viewer)
        debate = int(self.data.timers.get("debate", 0))
        if deadline is None or debate <= 0 or self.match is None:
            return None
        if not any(p.kind in self._public_kinds for p in self.match.state.group.values()):
            return None
        return deadline - int(self.data.timers.get("votacion", 0))

    def deadline_for(self, viewer: Viewer) -> float | None:
        """The clock a viewer is shown: a vote's is everybody's; a night call's only its own players' (and the
        narrator's), since a clock starting again on every screen would tell the room each hidden call."""
        if self.deadline is None or self.match is None or self._held is not None:
            return None
        public = self._public_kinds
        group = list(self.match.state.group.values())
        if any(p.kind in public for p in group) or viewer is None:
            return self.deadline
        return self.deadline if any(p.player == viewer for p in group) else None

    # --- connections -----------------------------------------------------------------------------------

    def view(self, viewer: str | None, lang: str) -> dict[str, Any] | None:
        """``viewer``'s view of the game as shown now. Built once per change and kept until the next one (every
        choice, or a paced call shown): a page, the API and the push all read the same dict — treat it as
        read-only."""
        if self.match is None:
            return None
        state = self._stamped(self.match)
        view = self._views.get((viewer, lang))
        if view is None:
            before = self._group_views.get((viewer, lang))
            talk_view = self._talk_view(state, viewer, lang)
            if before is not None:
                view = answered_view(self.game, state, before, viewer, lang, talk_view)
            else:
                view = build_view(self.game, state, viewer, lang, cache=self._texts, talk_view=talk_view)
            self._views[viewer, lang] = view
        return view

    def _stamped(self, match: Match) -> Any:
        """The state shown now, the views of an older change forgotten (those of the open group kept for
        :func:`answered_view`): :meth:`view` builds the views of the new one as they are asked for."""
        state = self.state
        stamp = (len(match.choices), id(state))
        if stamp != self._stamp:
            self._stamp = stamp
            opened = len(match.choices) - len(state.answers)
            if self._opened[0] is state and self._opened[1] == opened:
                self._group_views.update(self._views)
            else:
                self._opened, self._group_views = (state, opened), {}
            self._views = {}
            self._tags = {}
            self._channels = None
            self._texts.changed()
        return state

    def _game_channels(self, state: Any) -> list[core_talk.Channel]:
        if self._channels is None:
            now = core_talk.channels(self.game, state)
            if now != self._last_channels:
                self._last_channels = now
            self._channels = self._last_channels
        return self._channels

    def _talk_view(self, state: Any, viewer: Viewer, lang: str) -> list[dict[str, Any]]:
        """``viewer``'s talk channels now (``talk.view``, a function of the game's channels): read again only when
        the game's channels changed since they were read last."""
        now = self._game_channels(state)
        known = self._talk_views.get((viewer, lang))
        if known is not None and (known[0] is now or known[0] == now):
            return known[1]
        shown = core_talk.view(self.game, state, viewer, lang, now)
        self._talk_views[viewer, lang] = (now, shown)
        return shown

    async def attach(self, conn: Connection) -> None:
        """A new connection: it gets its first message now, numbered like every later one."""
        if conn.is_host and self.match is not None:
            # The narrator screen speaks only what happens from now on, not the whole game so far.
            conn.spoken = sum(1 for e in self.match.state.log if e.visible_to(PUBLIC))
        self.connections.append(conn)
        await self._send(conn)
        # Then what its viewer was told at the table so far (a reconnect, a restarted server).
        await self.talk.history(conn)

    async def _send(self, conn: Connection, shared: dict | None = None) -> None:
        try:
            message = self._message(conn, shared)
            if message is not None:
                await conn.send(message)
        except Exception:  # a closed socket: forget it
            conn.alive = False

    def _message(self, conn: Connection, shared: dict | None = None) -> dict[str, Any] | None:
        """The next message for ``conn``, numbered, or ``None`` when it would say nothing new."""
        message = payload(self, conn, shared)
        # Spoken lines are news only once: a message with nothing to say that shows what was shown is not
        # sent (it would tell the room that something happened out of sight).
        news = "html" in message or "inputs" in message or "parts" in message or message["speech"]
        if conn.sent and not news and (message["delta"] is None or is_empty(message["delta"])):
            return None
        conn.sent += 1
        message["version"] = conn.sent
        return message

    async def broadcast(self) -> None:
        """Send each connection its new view, if it changed: off the path of the request that changed the
        table (which only schedules it), one rendering per distinct viewer and language. Changes that come in
        while a broadcast runs are sent by one more round, not one round each."""
        self._dirty = True
        if self._pushing is None or self._pushing.done():
            self._pushing = asyncio.get_running_loop().create_task(self._push())

    async def _push(self) -> None:
        while self._dirty:
            # Let the answer to the request that caused the change go out first.
            await asyncio.sleep(0)
            self._dirty = False
            shared: dict = {}
            # Each message is written at once where its socket can take it (Connection.send_now): no task and no
            # coroutine per socket. A socket that would make the push wait (a slow reader, a closed or revoked
            # one) gets its message through its awaited send, all of those at once.
            awaited: list[Awaitable[None]] = []
            facts = self._facts()
            quick = self._answers_only(facts)
            for conn in self.connections:
                if not conn.alive:
                    continue
                try:
                    if quick is None or not self._quick(conn, quick, awaited):
                        message = self._message(conn, shared)
                        if message is not None and not conn.send_now(message):
                            awaited.append(self._deliver(conn, message))
                    conn.mark = facts
                except Exception:  # a closed socket: forget it
                    conn.alive = False
            self._mark = facts
            if awaited:
                await asyncio.gather(*awaited)
            self.connections = [c for c in self.connections if c.alive]

    def _facts(self) -> tuple[Any, ...]:
        """What a push's messages are worked out from besides the answers: the state shown (its open group, its
        log's length, its result), the table's status, seats and timers, and its clocks. The same objects at two
        pushes mean that only answers came in between: the engine records an answer and nothing else until its
        group completes, and a completed group opens the next in a new ``group`` dict (engine.record)."""
        state = self.state
        if state is None:
            return (None,)
        data = self.data
        return (
            state,
            state.group,
            len(state.log),
            state.result,
            data.status,
            data.seats,
            data.timers,
            self.deadline,
            self._expiry,
        )

    def _answers_only(self, facts: tuple[Any, ...]) -> _Quick | None:
        """What this push works out once for everybody alike, when only answers came in since the last push and
        the game is under way (:meth:`_quick`); else ``None``: every message goes the full way (payload)."""
        mark, match = self._mark, self.match
        if mark is None or match is None or facts[0] is None or facts[3] is not None or len(mark) != len(facts):
            return None
        if not all(a is b or (type(a) in _PLAIN and a == b) for a, b in zip(mark, facts, strict=True)):
            return None
        return _Quick(self._stamped(match), self.status)

    def _quick(self, conn: Connection, quick: _Quick, awaited: list[Awaitable[None]]) -> bool:
        """Send ``conn`` its message the quick way, if its view changed in who is still to answer only
        (:meth:`_waiting_view`) and its last message was worked out at the last push (``conn.mark``: only answers
        came in since): then its skeleton, the inputs of its parts, its parts and what it is told aloud are as they
        were, and its message says the new waiting list alone, encoded once for everybody who sees the same and
        written to each socket with its own number. The same bytes :func:`payload` and ``send_now`` make
        (tests/web/test_la_lista_de_espera_una_vez.py); nothing sent when the view did not change. False: not
        done, the message goes the full way."""
        before = conn.view
        if conn.mark is not self._mark or not conn.sent or before is None or conn.inputs is None:
            return False
        if not WAITING_PARTS.isdisjoint(conn.slots):
            return False
        key = (conn.viewer, conn.lang)
        if before is not self._group_views.get(key):
            return False
        view = quick.views.get(key, _UNSET)
        if view is _UNSET:
            view = quick.views[key] = self._waiting_view(quick, key, before)
        if view is None:
            return False
        conn.view = view
        if view is before:
            return True  # nothing new to say
        deadline = conn.inputs["deadline"]
        found = quick.encoded.get((deadline, id(view["waiting"])))
        if found is None:
            message = waiting_message(quick.status, deadline, view["waiting"])
            found = quick.encoded[deadline, id(view["waiting"])] = (message, encode(message))
        conn.sent += 1
        # The message's number last, as orjson writes a dict's keys in their order (render.payload's, then
        # version: LiveTable._message).
        encoded = b'%s,"version":%d}' % (found[1][:-1], conn.sent)
        if not conn.send_bytes_now(encoded):
            awaited.append(self._deliver(conn, found[0] | {"version": conn.sent}))
        return True

    def _waiting_view(self, quick: _Quick, key: tuple[Viewer, str], before: dict[str, Any]) -> dict[str, Any] | None:
        """``key``'s viewer's view now, when it differs from ``before`` (their view of the open group as last
        built) in who is still to answer only: ``before`` with the waiting list the engine shows their audience,
        worked out once per audience (engine.waiting, engine.waiting_audience), or ``before`` itself when that is
        the same — what :func:`answered_view` gives (the prompts the view lists answered as they were, the same
        talk channels). ``None`` when it may differ in more, or was built already since the change."""
        if key in self._views:
            return None
        state = quick.state
        answers = state.answers
        for prompt in before["prompts"]:
            if not shows_answer(prompt, answers.get((prompt["player"], prompt["id"]))):
                return None  # one of the prompts it shows was answered
        viewer, lang = key
        if before["talk"] is not self._talk_view(state, viewer, lang):
            return None
        audience = waiting_audience(viewer)
        shown = quick.waiting.get(audience)
        if shown is None:
            shown = quick.waiting[audience] = waiting(self.game, state, viewer)
        view = before if before["waiting"] == shown else before | {"waiting": shown}
        self._views[key] = view
        return view

    @staticmethod
    async def _deliver(conn: Connection, message: dict[str, Any]) -> None:
        try:
            await conn.send(message)
        except Exception:  # a closed socket: forget it
            conn.alive = False

    async def flush(self) -> None:
        """Wait until every change so far has been sent (tests, shutdown)."""
        while self._pushing is not None and not self._pushing.done():
            await asyncio.shield(self._pushing)

    def evictable(self) -> bool:
        """Whether memory may let the table go (:meth:`Hub.evict_idle`): nobody is connected, nothing is under
        way (a change, a push, a paced call, bots about to answer), and nothing runs by itself but the clock,
        which the hub keeps (it brings the table back when the clock runs out). In a cluster the owner keeps its
        games under way: it hears their changes to run their bots."""
        if any(conn.alive for conn in self.connections) or self._background or self.lock.locked():
            return False
        if self._pushing is not None and not self._pushing.done():
            return False
        if self._held is not None or self._call_started is not None:
            return False
        if self._bot_task is not None and not self._bot_task.done():
            return False
        match = self.match
        if match is None or match.result is not None:
            return True
        if self.cluster is not None and self.autonomous:
            return False
        return not (self.autonomous and any(p.player in self.bots for p in pending(match.state)))

    def forget(self) -> float | None:
        """Memory lets the table go (:meth:`Hub.evict`): its clock stops here. Returns when that clock runs out,
        for the hub to bring the table back then (the deadline is stored: the table read back runs it on)."""
        deadline = self.deadline if self._timer is not None else None
        self._cancel_timer()
        return deadline

    async def close(self) -> None:
        self._cancel_timer()
        if self._release is not None:
            self._release.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


#: How often the hub looks for tables to let go (seconds).
EVICT_EVERY = 5.0


@dataclass
class Hub:
    """Every live table, by code, loaded from the store on first use and let go once idle (:meth:`evict_idle`)."""

    store: Store
    config: Config = field(default_factory=Config)
    tables: dict[str, LiveTable] = field(default_factory=dict)
    #: Tables let go that something still holds (a request under way): asked for again, that very table comes
    #: back, so that a table never has two memories in one process. (Not in a cluster, where a table let go may
    #: have moved on in another process: it is read back.)
    evicted: weakref.WeakValueDictionary[str, LiveTable] = field(default_factory=weakref.WeakValueDictionary)
    #: When each table in memory was last asked for (``time.monotonic``).
    _used: dict[str, float] = field(default_factory=dict)
    #: The tables let go with a clock running: each is brought back when its clock runs out.
    _wakes: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    _evicting: asyncio.Task | None = None

    def get(self, code: str) -> LiveTable | None:
        self._used[code] = time.monotonic()
        table = self.tables.get(code)
        if table is None:
            wake = self._wakes.pop(code, None)
            if wake is not None:
                wake.cancel()
            table = self.evicted.pop(code, None)
            if table is not None:
                self.tables[code] = table
                table.resume()  # its clock runs here again
                return table
            data = self.store.load(code)
            if data is None:
                return None
            table = self.tables[code] = LiveTable(self.store, data, self.config)
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # no running loop (a script reading the store): nothing to resume
                return table
            table.resume()
        return table

    def resume_all(self) -> None:
        """At start-up: load every game under way, so that its bots and timers go on without waiting for a
        visitor. (In a cluster, each process takes the tables nobody owns: :mod:`velada.web.cluster`.)"""
        if self.config.cluster is not None:
            return
        for code in self.store.playing():
            try:
                self.get(code)
            except Exception:
                log.exception("could not resume table %s", code)

    def start(self) -> None:
        """Start letting idle tables go (a serving process, after :meth:`resume_all`)."""
        self._evicting = asyncio.get_running_loop().create_task(self._evict_now_and_then())

    async def _evict_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(EVICT_EVERY)
            try:
                self.evict_idle()
            except Exception:
                log.exception("could not let idle tables go")

    def evict_idle(self) -> list[str]:
        """Let go of the tables nobody asked for since ``Config.evict_finished_after`` seconds (a finished game)
        or ``Config.evict_after`` (any other) and that may go (:meth:`LiveTable.evictable`); returns their codes.
        Memory then holds the tables people use, not every table since the start."""
        now = time.monotonic()
        config, gone = self.config, []
        for code, table in list(self.tables.items()):
            wait = config.evict_finished_after if table.status == "finished" else config.evict_after
            if now - self._used.get(code, now) >= wait and table.evictable():
                self.evict(code)
                gone.append(code)
        return gone

    def evict(self, code: str) -> None:
        table = self.tables.pop(code)
        self._used.pop(code, None)
        deadline = table.forget()
        cluster = self.config.cluster
        if cluster is None:
            self.evicted[code] = table
        elif table.status == "finished":
            cluster.disown(code, table.data.id)
        if deadline is not None:
            delay = max(0.0, deadline - time.time())
            self._wakes[code] = asyncio.get_running_loop().call_later(delay, self._wake, code)

    def _wake(self, code: str) -> None:
        """A table let go with its clock running: back in memory when the clock runs out, which then fires."""
        self._wakes.pop(code, None)
        try:
            self.get(code)
        except Exception:
            log.exception("could not bring table %s back for its clock", code)

    async def close(self) -> None:
        if self._evicting is not None:
            self._evicting.cancel()
        for wake in self._wakes.values():
            wake.cancel()
        for table in self.tables.values():
            await table.close()


__all__ = ["BOT_NAMES", "NARRATOR", "PUBLIC", "TIMERS", "Config", "Connection", "Hub", "LiveTable", "TableError"]
