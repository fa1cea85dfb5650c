"""A vote changes who is still to vote on every screen, and nothing else on most of them: the live table works the
new waiting list out once for everybody who sees the same one and encodes that message once (issue 14,
``LiveTable._quick``), where the views show that nothing else changed. Every socket must get the very bytes the
full way (``render.payload``, one view, delta and message per connection) would have sent it, and a night call's
answer must say nothing new to anybody outside it."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest

from velada.core.bots import RandomBot
from velada.core.engine import build_view
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY
from velada.web.live import Config, Connection, LiveTable
from velada.web.store import Seat, Store, token_hash

WIRE = orjson.OPT_NON_STR_KEYS


class FullWay(Connection):
    """A connection whose message is always worked out the full way: it never keeps the mark of the push that
    last worked its message out, which the quick way asks for."""

    @property  # type: ignore[override]
    def mark(self) -> Any:
        return None

    @mark.setter
    def mark(self, value: Any) -> None:
        pass


class Socket:
    """What one connection is written, as bytes on the wire, and how many of them came encoded already (the
    quick way)."""

    def __init__(self, viewer: str | None, full: bool = False) -> None:
        self.viewer = viewer
        self.wire: list[bytes] = []
        self.quick = 0

        async def send(message: dict) -> None:
            self.wire.append(orjson.dumps(message, option=WIRE))

        def send_now(message: dict) -> bool:
            self.wire.append(orjson.dumps(message, option=WIRE))
            return True

        def send_bytes_now(encoded: bytes) -> bool:
            self.wire.append(encoded)
            self.quick += 1
            return True

        kind = FullWay if full else Connection
        self.conn = kind(send, viewer, viewer is None or viewer == PUBLIC, "es")
        self.conn.send_now = send_now
        self.conn.send_bytes_now = send_bytes_now


def _table(tmp_path, game: str, seats: int, timers: dict[str, float]) -> tuple[LiveTable, list[str]]:
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, seats + 1)]
    data = store.create_table(game, {}, seats, "online", "es", timers, "a")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 11)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    table.resume()
    return table, names


async def _seated(table: LiveTable, names: list[str]) -> tuple[dict, dict]:
    """Every seat's socket, the shared screen's and the narrator's; then a twin of each that goes the full way
    (after them: the quick way does not take a viewer whose view was built already since the change)."""
    viewers = [*names, PUBLIC, None]
    quick = {v: Socket(v) for v in viewers}
    full = {v: Socket(v, full=True) for v in viewers}
    for socket in [*quick.values(), *full.values()]:
        await table.attach(socket.conn)
    return quick, full


@pytest.mark.parametrize(
    ("game", "seats", "votes"),
    [
        ("hombres-lobo", 12, True),
        ("bethlem", 7, True),
        ("gauekos", 8, True),
        ("el-ansia", 4, False),
        ("ajo-y-agua", 6, False),
    ],
)
def test_cada_pantalla_recibe_lo_mismo_que_por_el_camino_entero(tmp_path, game, seats, votes):
    """A whole game with the vote's clocks running: every socket gets the same bytes as its twin, whose messages
    are worked out the full way, and every viewer's view after each answer is the one the engine builds. Where
    several players vote at once (``votes``), some messages went the quick way."""
    if game not in REGISTRY.ids():
        pytest.skip(f"{game} is not installed")

    async def play() -> None:
        table, names = _table(tmp_path, game, seats, {"llamada": 0, "debate": 60, "votacion": 30, "noche": 40})
        quick, full = await _seated(table, names)
        bot = RandomBot(5)
        for _ in range(400):
            if table.match is None or table.match.result is not None:
                break
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
            for viewer in quick:
                assert table.view(viewer, "es") == build_view(table.game, table.state, viewer, "es")
        for viewer, socket in quick.items():
            assert socket.wire == full[viewer].wire, viewer
        assert (sum(s.quick for s in quick.values()) > 0) == votes
        assert sum(s.quick for s in full.values()) == 0
        await table.close()

    asyncio.run(play())


def test_un_voto_de_dia_se_calcula_una_vez_para_todos_los_que_lo_ven(tmp_path):
    """A day vote that leaves others to vote: every seat but the voter's and the shared screen are written one
    message, encoded once for all of them (the same bytes but its number), saying only who is still to vote;
    the voter's and the narrator's (whose prompts changed) go the full way."""

    async def play() -> None:
        table, names = _table(tmp_path, "hombres-lobo", 12, {"llamada": 0, "debate": 60, "votacion": 30})
        quick, full = await _seated(table, names)
        bot = RandomBot(5)
        vote = table.game.theme.kinds["vote"]
        checked = 0
        while table.match is not None and table.match.result is None:
            state = table.match.state
            prompt = table.match.pending()[0]
            last = len(state.answers) + 1 == len(state.group)
            before = {v: (len(s.wire), s.quick) for v, s in quick.items()}
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
            if prompt.kind != vote or last:
                continue
            checked += 1
            others = [v for v in quick if v not in (prompt.player, None)]
            sent = {v: quick[v].wire[before[v][0] :] for v in others}
            assert all(len(m) == 1 and quick[v].quick == before[v][1] + 1 for v, m in sent.items())
            bodies = {m[0].rsplit(b',"version":', 1)[0] for m in sent.values()}
            assert len(bodies) == 1
            message = orjson.loads(sent[PUBLIC][0])
            assert message["delta"] == {"set": {"waiting": table.view(PUBLIC, "es")["waiting"]}, "unset": []}
            assert prompt.player not in message["delta"]["set"]["waiting"]
            assert message["deadline"] is not None
            for v in (prompt.player, None):
                assert quick[v].quick == before[v][1]  # the full way
                assert len(quick[v].wire) == before[v][0] + 1
            for v, socket in quick.items():
                assert socket.wire == full[v].wire
        assert checked > 5
        await table.close()

    asyncio.run(play())


def test_el_voto_de_los_lobos_no_dice_nada_a_los_demas(tmp_path):
    """A wolf's answer that leaves the pack's call open: nobody is written anything but that wolf and the
    narrator — not the other seats, not the shared screen, not the other wolves (who is still to answer a night
    call is not shown outside the narrator's view)."""

    async def play() -> None:
        table, names = _table(tmp_path, "hombres-lobo", 12, {"llamada": 0, "noche": 40})
        quick, full = await _seated(table, names)
        bot = RandomBot(7)
        wolves = table.game.theme.kinds["wolves"]
        checked = 0
        while table.match is not None and table.match.result is None:
            state = table.match.state
            prompt = table.match.pending()[0]
            last = len(state.answers) + 1 == len(state.group)
            before = {v: len(s.wire) for v, s in quick.items()}
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
            if prompt.kind != wolves or last:
                continue
            checked += 1
            written = {v for v, s in quick.items() if len(s.wire) > before[v]}
            assert written == {prompt.player, None}
            for v, socket in quick.items():
                assert socket.wire == full[v].wire
        assert checked > 0
        await table.close()

    asyncio.run(play())


def test_una_pantalla_que_llega_y_un_asiento_cedido_a_mitad_de_votacion_reciben_lo_mismo(tmp_path):
    """In the middle of a day vote a second tab of a seat opens, and another seat is handed to a bot (its socket
    falls back to the shared screen's view): every socket still gets the bytes of its full-way twin, and the
    quick way is taken again once they were sent a message at a push."""

    async def play() -> None:
        table, names = _table(tmp_path, "hombres-lobo", 12, {"llamada": 0, "debate": 60, "votacion": 30})
        quick, full = await _seated(table, names)
        bot = RandomBot(5)
        vote = table.game.theme.kinds["vote"]
        late: list[Socket] = []
        handed = None
        for _ in range(400):
            match = table.match
            assert match is not None
            if match.result is not None:
                break
            open_votes = [p for p in match.pending() if p.kind == vote and p.player not in table.bots]
            if handed is None and len(open_votes) >= 4:
                late = [Socket(open_votes[0].player), Socket(open_votes[0].player, full=True)]
                for socket in late:
                    await table.attach(socket.conn)
                handed = open_votes[1].player
                await table.hand_to_bot(names.index(handed))
                await table.flush()
            prompts = [p for p in match.pending() if p.player not in table.bots]
            if not prompts:
                await asyncio.sleep(0.01)  # the bot answers
                await table.flush()
                continue
            prompt = prompts[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
        assert handed is not None
        await table.flush()
        assert quick[handed].conn.viewer == PUBLIC
        for viewer, socket in quick.items():
            assert socket.wire == full[viewer].wire, viewer
        assert late[0].wire == late[1].wire
        assert late[0].quick > 0 and quick[handed].quick > 0
        await table.close()

    asyncio.run(play())
