"""A live table sends each socket what changed, never the whole log again (issue 14): the view as a delta, with the
log entries not yet sent, the page only when what it shows changed; who is still to vote is a part of its own,
which the page's script draws from the delta (render.CLIENT_PARTS)."""

from __future__ import annotations

import asyncio

from velada.core.bots import RandomBot
from velada.core.engine import pending
from velada.web.live import PUBLIC, Config, Connection, LiveTable
from velada.web.render import MESSAGES, _item, game_view
from velada.web.store import Seat, Store, token_hash

NAMES = [f"p{i}" for i in range(1, 9)]


class Socket:
    """What one connection is sent."""

    def __init__(self, viewer: str | None) -> None:
        self.viewer = viewer
        self.messages: list[dict] = []

        async def send(message: dict) -> None:
            if message.get("type") == "state":
                self.messages.append(message)

        self.conn = Connection(send, viewer, viewer != PUBLIC and viewer is None, "es")

    def logs(self) -> list[dict]:
        """The log deltas this connection was sent, in order."""
        return [m["delta"]["log"] for m in self.messages if m.get("delta") and "log" in m["delta"]]

    def items(self) -> list[str]:
        """The log as the page's script draws it (parts.js: render._item's html), from the entries each message
        brought."""
        narrator_only = MESSAGES.text("es", "table.narrator-only")
        items: list[str] = []
        for log in self.logs():
            items = items[: log["from"]] + [_item(entry, narrator_only) for entry in log["entries"]]
        return items


def _table(tmp_path) -> LiveTable:
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    data = store.create_table("hombres-lobo", {"alguacil": "no"}, len(NAMES), "online", "es", {"llamada": 0}, "a")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(NAMES)], 7)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    table.resume()
    return table


def test_cada_entrada_del_registro_viaja_una_sola_vez(tmp_path):
    """Every socket rebuilds its viewer's log from the entries sent, and each entry was sent once: a change
    costs what it added, not the whole log again."""

    async def play() -> None:
        table = _table(tmp_path)
        sockets = [Socket(v) for v in [*NAMES, PUBLIC, None]]
        for socket in sockets:
            await table.attach(socket.conn)
        bot = RandomBot(1)
        while table.match.result is None and len(table.match.choices) < 60:
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
        narrator_only = MESSAGES.text("es", "table.narrator-only")
        for socket in sockets:
            log = game_view(table, socket.viewer, "es")["log"]
            assert socket.items() == [_item(entry, narrator_only) for entry in log], socket.viewer
            deltas = socket.logs()
            # Whole only in the first message, and at the end, when every card is shown face up.
            restarts = [i for i, d in enumerate(deltas) if d["from"] == 0]
            assert restarts[0] == 0 and len(restarts) <= (2 if table.match.result else 1), socket.viewer
            sent = sum(len(d["entries"]) for d in deltas[restarts[-1] :])
            assert sent == len(log), f"{socket.viewer}: {sent} entries sent for a log of {len(log)}"
        await table.close()

    asyncio.run(play())


def test_un_voto_no_vuelve_a_mandar_la_pagina_a_los_demas(tmp_path):
    """While the village votes, each answer changes, for the others, only who is still to vote: that key of the
    view comes alone, and no page or part is rendered or sent again (the page's script draws the part)."""

    async def play() -> None:
        table = _table(tmp_path)
        sockets = {v: Socket(v) for v in [*NAMES, PUBLIC]}
        for socket in sockets.values():
            await table.attach(socket.conn)
        bot = RandomBot(2)
        while not any(p.kind == "voto" for p in pending(table.state)):
            assert table.match.result is None, "the game ended before a day vote"
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
        votes = [p for p in pending(table.state) if p.kind == "voto"]
        voter = votes[0]
        before = {v: len(s.messages) for v, s in sockets.items()}
        await table.choose(voter.player, voter.id, bot.choose(voter))
        await table.flush()
        for viewer, socket in sockets.items():
            if viewer == voter.player:
                continue
            new = socket.messages[before[viewer] :]
            assert new, f"{viewer} was not told that {voter.player} voted"
            assert all("html" not in m for m in new), f"{viewer} was sent the whole page again for one vote"
            assert all("parts" not in m for m in new), f"{viewer} was sent a part rendered for one vote"
            waiting = [m["delta"]["set"]["waiting"] for m in new if "waiting" in m["delta"]["set"]]
            assert waiting and voter.player not in waiting[-1], (viewer, waiting)
            assert all(set(m["delta"]["set"]) <= {"waiting", "prompts", "talk"} for m in new), viewer
        await table.close()

    asyncio.run(play())
