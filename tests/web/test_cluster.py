"""Two members of a cluster (``velada serve --workers``) in one event loop on a real PostgreSQL: a process reads a
table back only when another one stored something since its memory's version; a choice another process made is
played from its announcement, without a read; a change is still checked against what another process stored even
when its announcement was not heard; and the ownership of a table (its bots) moves when its owner dies."""

from __future__ import annotations

import asyncio
import time

import pytest

from velada.core import talk as core_talk
from velada.core.protocol import NARRATOR, IllegalAction
from velada.core.talk import TalkError
from velada.web import cluster as cluster_module
from velada.web.cluster import Cluster
from velada.web.live import Config, Hub, LiveTable
from velada.web.store import Store

from .postgres import empty

NAMES = ("Ana", "Bea", "Carlos", "Diana", "Elena", "Fede")
# A few seconds each; a hang (a task that never ends at shutdown) fails here instead of at the suite's limit.
pytestmark = pytest.mark.timeout(180)


async def _member(db: str, bot_delay: float = 0.01) -> Hub:
    store = Store(db)
    member = Cluster(db)
    hub = Hub(store, Config(bot_delay=bot_delay, seed=11, cluster=member))
    await member.start(hub)
    return hub


async def _seated(hub: Hub) -> LiveTable:
    """A Hombres lobo table made through ``hub`` with every one of ``NAMES`` seated, not started."""
    table = hub.get(hub.store.create_table("hombres-lobo", {}, len(NAMES), "online", "es", {}, "host").code)
    for name in NAMES:
        await table.join(name)
    return table


async def _leave(hub: Hub) -> None:
    await hub.config.cluster.stop()
    await hub.close()
    await asyncio.to_thread(hub.store.close)


async def _until(predicate, seconds: float = 10.0) -> bool:
    end = time.time() + seconds
    while time.time() < end:
        if predicate():
            return True
        await asyncio.sleep(0.02)
    return False


def _answer(table: LiveTable, player: str | None = None) -> tuple[str, str, list[str]]:
    """A legal answer to one of the open prompts (of ``player``'s, if given)."""
    answered = table.match.state.answers
    prompt = next(
        p for p in table.match.pending() if (player is None or p.player == player) and (p.player, p.id) not in answered
    )
    chosen = [] if prompt.skippable else list(prompt.options[: prompt.min])
    return prompt.player, prompt.id, chosen


@pytest.fixture
def counted(monkeypatch):
    """How many times each table read itself back from the database."""
    counts: dict[int, int] = {}
    read_back = LiveTable._catch_up

    async def counting(self):
        counts[id(self)] = counts.get(id(self), 0) + 1
        await read_back(self)

    monkeypatch.setattr(LiveTable, "_catch_up", counting)
    return lambda table: counts.get(id(table), 0)


async def _same_game_stored_and_shown(a, ta, tb) -> None:
    """The stored choices are the game's in memory, and both processes show every viewer the same view."""
    stored = await asyncio.to_thread(a.store.choices, ta.data)
    assert [(p, q, tuple(c)) for p, q, c in stored] == list(ta.match.choices)
    for viewer in (*NAMES, None):
        assert tb.view(viewer, "es") == ta.view(viewer, "es")


def test_un_proceso_solo_relee_la_mesa_cuando_otro_la_cambio(postgres_cluster, counted):
    db = empty(postgres_cluster)

    async def play() -> None:
        a, b = await _member(db), await _member(db)
        try:
            ta = await _seated(a)
            tb = b.get(ta.data.code)
            await tb.start()
            assert await _until(lambda: ta.match is not None)
            # Counted once a process owns the game: the sweep that takes it reads it back if its memory is behind
            # the version it saw — with an announcement still on its way, a read this test does not count on
            # (under load the sweep took the game in the middle of the counting: 2 read-backs where 1 was due).
            assert await _until(lambda: any(ta.data.code in m.config.cluster.owned for m in (a, b)))
            # The narrator's seat issued through A works through B as soon as B hears of it.
            narrator = await ta.issue_narrator_token()
            assert await _until(lambda: tb.is_narrator(narrator))

            # A's own changes, one after the other: nobody else stored anything, so A reads nothing back, and B
            # plays each from its announcement, reading nothing either.
            before_a, before_b = counted(ta), counted(tb)
            for _ in range(3):
                await ta.choose(*_answer(ta))
            assert counted(ta) == before_a
            assert await _until(lambda: len(tb.match.choices) == len(ta.match.choices))
            assert counted(tb) == before_b
            assert tb.match.choices == ta.match.choices

            # A stops hearing the others: B's choice reaches A only through the version read with the lock,
            # and A's next choice is checked against the game with B's choice in it.
            listening = a.config.cluster._tasks[0]
            listening.cancel()
            await asyncio.gather(listening, return_exceptions=True)
            taken = _answer(tb)
            await tb.choose(*taken)
            assert len(ta.match.choices) == len(tb.match.choices) - 1
            with pytest.raises(IllegalAction):
                await ta.choose(*taken)  # answered already, through B
            await ta.choose(*_answer(tb))
            assert counted(ta) == before_a + 1
            assert await _until(lambda: tb.match.choices == ta.match.choices)
            assert counted(tb) == before_b
            await _same_game_stored_and_shown(a, ta, tb)
        finally:
            await _leave(a)
            await _leave(b)

    asyncio.run(play())


def test_si_muere_el_proceso_que_lleva_la_mesa_otro_la_toma_y_sus_bots_siguen(postgres_cluster, monkeypatch):
    monkeypatch.setattr(cluster_module, "SWEEP", 0.1)
    db = empty(postgres_cluster)

    async def play() -> None:
        a, b = await _member(db), await _member(db)
        try:
            data = a.store.create_table("hombres-lobo", {}, 8, "online", "es", {}, "host", fill_bots="random")
            ta = a.get(data.code)
            await ta.join("Ana")
            await ta.start()
            members = {id(a): a, id(b): b}
            assert await _until(lambda: any(data.code in m.config.cluster.owned for m in (a, b)))
            owner = next(m for m in (a, b) if data.code in m.config.cluster.owned)
            heir = b if owner is a else a
            # The heir did not load the table: nobody asked it for the table, and it does not own it.
            assert data.code not in heir.tables or heir is a
            await owner.config.cluster.stop()  # its session ends: its locks with it
            await owner.close()
            members.pop(id(owner))
            assert await _until(lambda: data.code in heir.config.cluster.owned)
            table = heir.tables[data.code]
            stored = lambda: len(heir.store.choices(table.data))  # noqa: E731
            # Ana answers through the heir whenever asked; the bots, run by the heir now, answer the rest.
            start = stored()
            end = time.time() + 20
            while stored() < start + 6 and table.match.result is None and time.time() < end:
                answered = table.match.state.answers
                if any(p.player == "Ana" and (p.player, p.id) not in answered for p in table.match.pending()):
                    await table.choose(*_answer(table, "Ana"))
                await asyncio.sleep(0.05)
            assert stored() >= start + 6 or table.match.result is not None
            assert any(player != "Ana" for player, _, _ in heir.store.choices(table.data)[start:])
            await asyncio.to_thread(owner.store.close)
        finally:
            for member in list(members.values()):
                await _leave(member)

    asyncio.run(play())


def test_dos_cambios_a_la_vez_por_los_dos_procesos_se_comprueban_uno_contra_otro(postgres_cluster, counted):
    """Nothing is held in PostgreSQL while a change is checked: two changes of one table made at once through the
    two processes are both checked against memory, and the write that comes second finds the version moved, reads
    the table back and is checked again — the same answer twice is refused once, two seats are both kept."""
    db = empty(postgres_cluster)

    async def play() -> None:
        a, b = await _member(db), await _member(db)
        try:
            code = a.store.create_table("hombres-lobo", {}, len(NAMES), "online", "es", {}, "host").code
            ta, tb = a.get(code), b.get(code)
            await asyncio.gather(*(t.join(name) for t, name in zip((ta, tb) * 3, NAMES, strict=True)))
            stored = await asyncio.to_thread(a.store.load, code)
            assert sorted(s.name for s in stored.seats if s.name) == sorted(NAMES)
            await ta.start()
            assert await _until(lambda: tb.match is not None and ta.match is not None)
            assert await _until(lambda: any(code in m.config.cluster.owned for m in (a, b)))
            before = counted(ta) + counted(tb)
            for _ in range(4):
                taken = _answer(ta)
                assert await _until(lambda taken=taken: tb.match.pending() == ta.match.pending())
                results = await asyncio.gather(ta.choose(*taken), tb.choose(*taken), return_exceptions=True)
                refused = [r for r in results if isinstance(r, IllegalAction)]
                assert len(refused) == 1, results
                assert await _until(lambda: tb.match.choices == ta.match.choices)
            assert counted(ta) + counted(tb) >= before + 4  # each time, the one that came second read the table back
            await _same_game_stored_and_shown(a, ta, tb)
        finally:
            await _leave(a)
            await _leave(b)

    asyncio.run(play())


def test_un_proceso_que_aun_no_oyo_el_cambio_del_otro_no_rechaza_lo_que_ese_cambio_abrio(postgres_cluster):
    """A change is checked against memory; a refusal only once memory is known to be as new as the table: a
    process that has not heard yet of the start or the prompt another process opened (the seat saw it through the
    other one's socket) accepts the answer instead of refusing it."""
    db = empty(postgres_cluster)

    async def play() -> None:
        a, b = await _member(db), await _member(db)
        try:
            ta = await _seated(a)
            tb = b.get(ta.data.code)
            listening = a.config.cluster._tasks[0]
            listening.cancel()  # A hears nothing any more: only the stored version tells it
            await asyncio.gather(listening, return_exceptions=True)
            await tb.start()
            assert ta.match is None
            await ta.choose(*_answer(tb))  # A was not started: refused against memory, accepted against the table
            assert await _until(lambda: tb.match.choices == ta.match.choices)
            for _ in range(3):
                await tb.choose(*_answer(tb))
                await ta.choose(*_answer(tb))  # a prompt B's choice may have opened, unknown to A's memory
                assert await _until(lambda: tb.match.choices == ta.match.choices)
            with pytest.raises(IllegalAction):
                await ta.choose(NAMES[0], "no-such-prompt", [])  # a refusal still stands once memory is current
        finally:
            await _leave(a)
            await _leave(b)

    asyncio.run(play())


def test_lo_que_el_anfitrion_decide_de_la_charla_vale_en_todos_los_procesos(postgres_cluster):
    """A seat muted, talk turned off or a message deleted through one process holds at once in the other: a muted
    player cannot talk through the process that did not mute them."""
    db = empty(postgres_cluster)

    async def play() -> None:
        a, b = await _member(db), await _member(db)
        try:
            ta = await _seated(a)
            await ta.start()
            tb = b.get(ta.data.code)

            def open_channels() -> list:
                return [c for c in core_talk.channels(tb.game, tb.match.state) if c.writers - {NARRATOR}]

            while not open_channels():  # play until somebody may write somewhere (the wolves' call, the day)
                await tb.choose(*_answer(tb))
            channel = open_channels()[0]
            author = sorted(channel.writers - {NARRATOR})[0]
            said = await tb.talk.say(author, channel.id, "hola")
            assert await _until(lambda: len(ta.talk.said.messages) == 1)
            await ta.talk.delete(author, said["seq"])
            assert await _until(lambda: tb.talk.said.messages[0].deleted)
            seat = next(s.position for s in ta.data.seats if s.name == author)
            await ta.talk.configure(seat=seat, muted=True)
            assert await _until(lambda: tb.talk.is_muted(author))
            with pytest.raises(TalkError):
                await tb.talk.say(author, channel.id, "sigo aquí")
            await ta.talk.configure(enabled=False)
            assert await _until(lambda: not tb.talk.enabled)
        finally:
            await _leave(a)
            await _leave(b)

    asyncio.run(play())
