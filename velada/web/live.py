"""Live tables: the game in memory, its seats, its open connections, its bots and its timers.

One :class:`LiveTable` per table, with one ``asyncio.Lock`` for every change and a version that only goes up.
Every accepted choice is stored before anybody hears of it; a table that is not in memory (a restart) is rebuilt
by replaying its stored choices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from velada.core.bots import Bot
from velada.core.engine import Match, build_view, pending
from velada.core.game import Game
from velada.core.protocol import PUBLIC, IllegalAction, Prompt
from velada.games import REGISTRY
from velada.web.store import Seat, Store, TableData, new_token, token_hash

log = logging.getLogger("velada.web")

MAX_NAME = 24
#: Timer keys and what they time: night calls (private prompts), the day's debate and its vote (public ones).
TIMERS = ("noche", "debate", "votacion")


class TableError(Exception):
    """Something a person asked of a table that cannot be done now (a full table, a name taken…)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)


@dataclass
class Connection:
    """One open websocket: whose view it shows."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    viewer: str | None  # a player, PUBLIC for the shared screen, None for the narrator's seat
    is_host: bool
    lang: str
    join_url: str = ""
    spoken: int = 0
    alive: bool = True


@dataclass
class Config:
    bot_delay: float = 1.0
    #: A fixed seed for every game (plus the table's number), for tests and demos; None draws a secret one.
    seed: int | None = None


class LiveTable:
    def __init__(self, store: Store, data: TableData, config: Config) -> None:
        self.store = store
        self.data = data
        self.config = config
        self.game: Game = REGISTRY.get(data.game)
        self.match: Match | None = None
        self.lock = asyncio.Lock()
        self.version = 0
        self.connections: list[Connection] = []
        self.bots: dict[str, Bot] = {}
        self.deadline: float | None = None
        self._group: frozenset = frozenset()
        self._timer: asyncio.Task | None = None
        self._bot_task: asyncio.Task | None = None
        if data.status != "lobby":
            self._replay()
        self._bump()

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

    def _bump(self) -> None:
        """The version counts what has happened to the table — seats taken, the start, choices — so it only
        goes up, and comes out the same after a restart (browsers drop any message older than one they have)."""
        taken = sum(1 for seat in self.data.seats if seat.taken)
        started = self.data.status != "lobby"
        self.version = taken + started + (len(self.match.choices) if self.match is not None else 0)

    def players(self) -> list[str]:
        return [seat.name for seat in self.data.seats if seat.name]

    def seat_for(self, token: str | None) -> Seat | None:
        if not token:
            return None
        digest = token_hash(token)
        return next((s for s in self.data.seats if s.token and secrets.compare_digest(s.token, digest)), None)

    def is_host(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.data.host_token, token_hash(token))

    @property
    def status(self) -> str:
        return self.data.status

    # --- the lobby -------------------------------------------------------------------------------------

    async def join(self, name: str) -> tuple[Seat, str]:
        """Take the first free seat under ``name``; returns the seat and its secret token."""
        name = " ".join(name.split())
        async with self.lock:
            if self.data.status != "lobby":
                raise TableError("started")
            if not name or len(name) > MAX_NAME or name.startswith("@"):
                raise TableError("bad-name", max=MAX_NAME)
            if any(s.name and s.name.casefold() == name.casefold() for s in self.data.seats):
                raise TableError("name-taken", name=name)
            seat = next((s for s in self.data.seats if not s.taken), None)
            if seat is None:
                raise TableError("full")
            token = new_token()
            seat.name, seat.token, seat.bot = name, token_hash(token), None
            self.store.save_seat(self.data, seat)
            self._bump()
        await self.broadcast()
        return seat, token

    async def fill_with_bots(self, bot: str | None = None) -> None:
        """Give every empty seat to a bot (host only): the table's chosen bot, or the smartest the game has."""
        async with self.lock:
            if self.data.status != "lobby":
                raise TableError("started")
            self._fill(bot or self.data.fill_bots or self.default_bot())
            self._bump()
        await self.broadcast()

    async def hand_to_bot(self, position: int) -> None:
        """Give a seat to a bot (host only): for a player who left, so the table need not wait for them."""
        async with self.lock:
            seat = next((s for s in self.data.seats if s.position == position), None)
            if seat is None or not seat.taken or seat.bot:
                raise TableError("bad-seat")
            seat.bot = self.data.fill_bots or self.default_bot()
            self.store.save_seat(self.data, seat)
            if self.match is not None:
                self._seat_bots()
                self._schedule_timer()
                self._start_bots_if_needed()
        await self.broadcast()

    def default_bot(self) -> str:
        return next((name for name in self.game.bots if name != "random"), "random")

    def _fill(self, bot: str) -> None:
        from velada.cli.table import BOT_NAMES

        if bot not in self.game.bots:
            raise TableError("bad-bot", bot=bot)
        taken = {s.name.casefold() for s in self.data.seats if s.name}
        names = [n for n in BOT_NAMES if f"{n} (bot)".casefold() not in taken and n.casefold() not in taken]
        for seat in self.data.seats:
            if not seat.taken:
                name = names.pop(0) if names else f"Bot{seat.position + 1}"
                seat.name, seat.bot, seat.token = f"{name} (bot)", bot, None
                self.store.save_seat(self.data, seat)

    async def start(self) -> None:
        """Start the game once every seat is taken (host only)."""
        async with self.lock:
            if self.data.status != "lobby":
                raise TableError("started")
            if self.data.fill_bots:
                self._fill(self.data.fill_bots)
            if any(not s.taken for s in self.data.seats):
                raise TableError("seats-free")
            seed = secrets.randbits(62) if self.config.seed is None else self.config.seed + self.data.id
            try:
                match = Match(self.game, self.players(), self.data.options, seed)
            except ValueError as exc:
                raise TableError("cannot-start", reason=str(exc)) from None
            self.data.seed = seed
            self.data.status = "playing"
            self.store.set_status(self.data, "playing", seed)
            self.match = match
            self._seat_bots()
            self._bump()
            self._after_change()
        await self.broadcast()

    # --- playing ---------------------------------------------------------------------------------------

    async def choose(self, player: str, prompt: str, chosen: list[str]) -> None:
        """Apply one choice for ``player``; an illegal one raises :class:`IllegalAction` and changes nothing."""
        async with self.lock:
            self._apply(player, prompt, chosen)
        await self.broadcast()

    def _apply(self, player: str, prompt: str, chosen: list[str]) -> None:
        match = self.match
        if match is None:
            raise TableError("not-started")
        answered = match.choose(player, prompt, chosen)
        try:
            self.store.add_choice(self.data, len(match.choices), player, answered.id, list(chosen))
        except Exception:
            # The choice could not be stored: forget it, so memory never runs ahead of the database.
            log.exception("could not store a choice; reloading table %s", self.data.code)
            self._replay()
            raise
        self._bump()
        self._after_change()

    def _after_change(self) -> None:
        match = self.match
        if match is None:
            return
        if match.result is not None:
            if self.data.status != "finished":
                self.data.status = "finished"
                self.store.set_status(self.data, "finished")
            self._cancel_timer()
            return
        group = frozenset(match.state.group)
        if group != self._group:
            self._group = group
            self._schedule_timer()
        self._start_bots_if_needed()

    def _start_bots_if_needed(self) -> None:
        match = self.match
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
            if match is None or match.result is not None:
                return
            prompts = [p for p in pending(match.state) if p.player in self.bots]
            if not prompts:
                return
            delay = self.config.bot_delay
            if delay > 0:
                await asyncio.sleep(delay * (0.5 + secrets.randbelow(1000) / 1000))
            async with self.lock:
                prompt = self._still_pending(prompts[0])
                if prompt is None:
                    continue
                bot = self.bots[prompt.player]
                state = match.state

                def view(player: str = prompt.player, state=state) -> dict[str, Any]:
                    return build_view(self.game, state, player, self.data.lang, texts=False)

                try:
                    self._apply(prompt.player, prompt.id, bot.choose(prompt, view))
                except IllegalAction:
                    log.exception("bot %s answered illegally; skipping instead", prompt.player)
                    self._apply(
                        prompt.player, prompt.id, [] if prompt.skippable else list(prompt.options[: prompt.min])
                    )
            await self.broadcast()

    def _still_pending(self, prompt: Prompt) -> Prompt | None:
        match = self.match
        if match is None:
            return None
        return next((p for p in pending(match.state) if (p.player, p.id) == (prompt.player, prompt.id)), None)

    # --- timers ----------------------------------------------------------------------------------------

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.deadline = None

    def _schedule_timer(self) -> None:
        """A new group of prompts opened: time it as the table chose. Public prompts (votes) get the debate
        plus the vote time; private ones (night calls) the night time. When time runs out, every human prompt
        still open that may be skipped is skipped; prompts that cannot be skipped wait for their player."""
        self._cancel_timer()
        match = self.match
        timers = self.data.timers
        prompts = [p for p in pending(match.state) if p.player not in self.bots and p.skippable]
        if not prompts:
            return
        public = {k.kind for k in self.game.prompt_kinds if k.public}
        if any(p.kind in public for p in prompts):
            seconds = int(timers.get("debate", 0)) + int(timers.get("votacion", 0))
        else:
            seconds = int(timers.get("noche", 0))
        if seconds <= 0:
            return
        self.deadline = time.time() + seconds
        self._timer = asyncio.get_running_loop().create_task(self._expire(seconds, self._group))

    async def _expire(self, seconds: float, group: frozenset) -> None:
        await asyncio.sleep(seconds)
        async with self.lock:
            match = self.match
            if match is None or self._group != group:
                return
            for prompt in pending(match.state):
                if prompt.player not in self.bots and prompt.skippable and self._group == group:
                    self._apply(prompt.player, prompt.id, [])
        await self.broadcast()

    # --- connections -----------------------------------------------------------------------------------

    def view(self, viewer: str, lang: str) -> dict[str, Any] | None:
        if self.match is None:
            return None
        return build_view(self.game, self.match.state, viewer, lang)

    async def broadcast(self) -> None:
        from velada.web.render import payload

        for conn in list(self.connections):
            if not conn.alive:
                continue
            try:
                await conn.send(payload(self, conn))
            except Exception:  # a closed socket: forget it
                conn.alive = False
        self.connections = [c for c in self.connections if c.alive]

    async def close(self) -> None:
        self._cancel_timer()
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


@dataclass
class Hub:
    """Every live table, by code, loaded from the store on first use."""

    store: Store
    config: Config = field(default_factory=Config)
    tables: dict[str, LiveTable] = field(default_factory=dict)

    def get(self, code: str) -> LiveTable | None:
        table = self.tables.get(code)
        if table is None:
            data = self.store.load(code)
            if data is None:
                return None
            table = self.tables[code] = LiveTable(self.store, data, self.config)
        return table

    async def close(self) -> None:
        for table in self.tables.values():
            await table.close()


__all__ = ["PUBLIC", "TIMERS", "Config", "Connection", "Hub", "LiveTable", "TableError"]
