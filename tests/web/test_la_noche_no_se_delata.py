"""Side channels of the live table: what a screen receives around the views must not tell the night either.

- A seat is sent a message only when what it may know changed (a shared counter would count the hidden choices).
- A night call's clock shows only on its own players' screens (a clock starting again on the shared screen would
  announce every hidden call); a vote's clock shows everywhere.
- Every night call lasts the table's minimum whether its card is alive, dead or absent: a night with a dead
  Vidente takes as long, sounds the same (the narrator calls her and sends her back to sleep) and looks the same
  from outside, as one with her alive.
"""

from __future__ import annotations

import asyncio
import time

from velada.core.engine import Match, pending
from velada.core.narration import script
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY
from velada.web.live import Config, Connection, LiveTable
from velada.web.store import Seat, Store, token_hash

from .helpers import with_view

DEAL = {
    "Ana": "vidente",
    "Bea": "hombre-lobo",
    "Carlos": "hombre-lobo",
    "Dani": "bruja",
    "Eva": "aldeano",
    "Fran": "aldeano",
    "Gema": "aldeano",
    "Hugo": "aldeano",
}
OPTIONS = {"alguacil": "no"}


def _table(tmp_path, timers: dict[str, float]) -> LiveTable:
    """A live table of eight people dealt as ``DEAL``, started, with no bots: the test answers for everybody."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    store = Store(f"sqlite:///{tmp_path / 'velada.sqlite3'}")
    data = store.create_table("hombres-lobo", OPTIONS, len(DEAL), "presencial", "es", timers, "anfitrion")
    store.start(data, [Seat(i, name, token_hash(name), None) for i, name in enumerate(DEAL)], 0)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    table.match = Match(REGISTRY.get("hombres-lobo"), list(DEAL), OPTIONS, 0, dict(DEAL))
    return table


class Screen:
    """A connection that keeps what it is sent, and when."""

    def __init__(self, table: LiveTable, viewer: str | None) -> None:
        self.messages: list[tuple[float, dict]] = []

        async def send(message: dict) -> None:
            # Each message with the view this connection then has, rebuilt from its delta; the talk channels'
            # messages are a stream of their own (tests/web/test_charla*).
            if message.get("type") != "talk":
                self.messages.append((time.monotonic(), with_view(self, message)))

        self.conn = Connection(send, viewer, False, "es")

    def logs(self) -> list[list[str]]:
        return [[entry["kind"] for entry in m["view"]["log"]] for _, m in self.messages if m.get("view")]

    def first(self, predicate) -> float:
        return next(at for at, m in self.messages if m.get("view") and predicate(m["view"]))


async def answer(table: LiveTable, player: str, kind: str, *options: str, after: float = 0.0) -> float:
    """``player`` answers their ``kind`` prompt once it is shown to them, ``after`` seconds later."""
    deadline = time.monotonic() + 10
    while True:
        shown = [p for p in pending(table.state, player) if p.kind == kind] if table._held is None else []
        if shown:
            break
        assert time.monotonic() < deadline, f"{player}'s {kind} never opened"
        await asyncio.sleep(0.005)
    await asyncio.sleep(after)
    await table.choose(player, shown[0].id, list(options))
    await table.flush()
    return time.monotonic()


async def vote(table: LiveTable, target: str) -> float:
    while table._held is not None or not any(p.kind == "voto" for p in pending(table.state)):
        await asyncio.sleep(0.005)
    players = [p.player for p in pending(table.state) if p.kind == "voto"]
    at = 0.0
    for player in players:
        at = await answer(table, player, "voto", target if player != target else players[0])
    return at


def _dawn(n: int):
    return lambda view: any(e["kind"] == "dia" and e["data"].get("n") == n for e in view["log"])


def _second_night(tmp_path, seer_dies: bool) -> tuple[float, list[list[str]], list[str]]:
    """Play night 1 (the wolves kill the Vidente, or a villager), a day, and night 2, in which the Vidente — if
    alive — takes a while to choose. Returns how long night 2 lasted on the shared screen, what it showed, and what
    the narrator said from nightfall to dawn."""

    async def play() -> tuple[float, list[list[str]], list[str]]:
        table = _table(tmp_path, {"llamada": 0.5})
        screen = Screen(table, PUBLIC)
        await table.attach(screen.conn)
        await answer(table, "Ana", "vidente", "Eva")
        victim = "Ana" if seer_dies else "Fran"
        for wolf in ("Bea", "Carlos"):
            await answer(table, wolf, "lobos", victim)
        await answer(table, "Dani", "bruja-vida")
        await answer(table, "Dani", "bruja-muerte")
        dusk = await vote(table, "Hugo")
        if not seer_dies:
            await answer(table, "Ana", "vidente", "Gema", after=0.4)
        for wolf in ("Bea", "Carlos"):
            await answer(table, wolf, "lobos", "Gema")
        await answer(table, "Dani", "bruja-vida")
        await answer(table, "Dani", "bruja-muerte")
        deadline = time.monotonic() + 10
        while not any(m.get("view") and _dawn(2)(m["view"]) for _, m in screen.messages):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        await table.close()
        spoken = script(table.game, table.state, "es")
        night = next(i for i, line in enumerate(spoken) if line.startswith("Cae la noche 2"))
        dawn = next(i for i, line in enumerate(spoken) if line.startswith("Amanece") and i > night)
        return screen.first(_dawn(2)) - dusk, screen.logs(), spoken[night : dawn + 1]

    return asyncio.run(play())


def test_una_noche_con_la_vidente_muerta_dura_suena_y_se_ve_igual_que_con_ella_viva(tmp_path):
    alive, seen_alive, said_alive = _second_night(tmp_path / "viva", seer_dies=False)
    dead, seen_dead, said_dead = _second_night(tmp_path / "muerta", seer_dies=True)
    # The narrator calls her, and sends her back to sleep, all the same.
    assert said_alive == said_dead
    assert any(line.startswith("Vidente, despierta") for line in said_dead), said_dead
    # Three calls (Vidente, wolves, Bruja) of at least half a second each, answered or not.
    assert alive >= 1.5 - 0.05 and dead >= 1.5 - 0.05
    assert abs(alive - dead) < 0.15, (alive, dead)
    # The shared screen was sent the same kinds of change in the same order.
    night2 = [[k for k in log if k in ("noche", "llamada", "dia")] for log in (seen_alive[-1], seen_dead[-1])]
    assert night2[0] == night2[1]


def test_un_aldeano_no_recibe_nada_mientras_la_noche_oculta_avanza(tmp_path):
    async def play() -> None:
        table = _table(tmp_path, {})
        eva = Screen(table, "Eva")
        await table.attach(eva.conn)
        await answer(table, "Ana", "vidente", "Bea")  # the narrator calls the wolves: that, Eva hears
        tag, sent = table.view_tag("Eva", "es"), len(eva.messages)
        await answer(table, "Bea", "lobos", "Fran")
        await answer(table, "Carlos", "lobos", "Gema")  # no agreement: the wolves vote again
        await answer(table, "Bea", "lobos", "Fran")
        # Two rounds of wolves: nothing Eva may know changed, so she was sent nothing, and the API's version
        # of her view is the same.
        assert len(eva.messages) == sent
        assert table.view_tag("Eva", "es") == tag
        await table.close()

    asyncio.run(play())


def test_el_reloj_de_una_llamada_nocturna_solo_lo_ven_sus_jugadores(tmp_path):
    async def play() -> None:
        table = _table(tmp_path, {"noche": 60, "votacion": 60})
        screens = {viewer: Screen(table, viewer) for viewer in (PUBLIC, "Ana", "Eva")}
        for screen in screens.values():
            await table.attach(screen.conn)
        table._after_change()  # the first call opened before anybody connected: time it now
        await table.broadcast()
        await table.flush()
        last = {viewer: screen.messages[-1][1] for viewer, screen in screens.items()}
        assert last["Ana"]["deadline"] is not None  # the Vidente's own clock
        assert last[PUBLIC]["deadline"] is None and last["Eva"]["deadline"] is None
        await answer(table, "Ana", "vidente", "Bea")
        await answer(table, "Bea", "lobos", "Fran")
        await answer(table, "Carlos", "lobos", "Fran")
        await answer(table, "Dani", "bruja-vida")
        await answer(table, "Dani", "bruja-muerte")
        # Day: the vote's clock is everybody's.
        last = {viewer: screen.messages[-1][1] for viewer, screen in screens.items()}
        assert all(message["deadline"] is not None for message in last.values())
        await table.close()

    asyncio.run(play())


def _started_with(tmp_path, deal: dict, spare: list[str]) -> LiveTable:
    """A table started as ``start`` starts one (its first calls paced), dealt as ``deal`` with ``spare`` cards."""
    table = _table(tmp_path, {"llamada": 0.5})
    table.match = Match(REGISTRY.get("hombres-lobo"), list(deal), OPTIONS, 0, {**deal, "sobrantes": spare})
    table._pace_start()
    return table


def test_el_ladron_entre_las_cartas_sobrantes_tarda_lo_mismo_que_un_ladron_en_juego(tmp_path):
    """The preparation's calls are paced like the night's: Cupido is called as late whether the Ladrón is
    at the table (and answers at once) or lies among the spare cards."""
    with_thief = {**DEAL, "Gema": "cupido", "Hugo": "ladron"}
    without = {**DEAL, "Gema": "cupido"}

    async def until_cupid(deal: dict, spare: list[str], sub: str) -> float:
        table = _started_with(tmp_path / sub, deal, spare)
        started = time.monotonic()
        if "ladron" not in spare:
            await answer(table, "Hugo", "ladron")
        await answer(table, "Gema", "cupido", "Ana", "Bea")
        await table.close()
        return time.monotonic() - started

    present = asyncio.run(until_cupid(with_thief, ["aldeano", "aldeano"], "presente"))
    spare = asyncio.run(until_cupid(without, ["ladron", "aldeano"], "sobrante"))
    assert present >= 0.5 - 0.05 and spare >= 0.5 - 0.05
    assert abs(present - spare) < 0.15, (present, spare)
