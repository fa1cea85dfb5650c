"""The load generator (``velada load``) reads only each seat's prompts from the messages (issue 14): its shortcut must
give, after every message, the prompts of the view the socket was sent, or its seats would answer what is not open
(refused) or wait for what is. It decodes only the messages whose bytes may change them: the same test checks
that the bytes of every message it skips could not."""

from __future__ import annotations

import asyncio

import orjson

from velada.core.bots import RandomBot
from velada.core.delta import patch
from velada.loadtest import changed_prompts, may_change_prompts
from velada.web.live import PUBLIC, Config, Connection, LiveTable
from velada.web.store import Seat, Store, token_hash

NAMES = [f"p{i}" for i in range(1, 9)]


def test_el_generador_de_carga_ve_los_avisos_de_cada_asiento_como_su_vista(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    data = store.create_table("hombres-lobo", {}, len(NAMES), "online", "es", {"llamada": 0}, "a")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(NAMES)], 5)
    views: dict[str, dict | None] = {}
    prompts: dict[str, list] = {}
    checked = 0
    skipped: list[str] = []

    def socket(viewer: str) -> Connection:
        async def send(message: dict) -> None:
            nonlocal checked
            if message.get("type") != "state" or message.get("delta") is None:
                return
            views[viewer] = patch(views.get(viewer), message["delta"])
            changed = changed_prompts(message["delta"])
            # The generator decodes a message only when its bytes (as routes/socket.py sends them) may matter.
            wire = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)
            if not may_change_prompts(wire):
                assert changed is None and message["status"] != "finished"
                skipped.append(viewer)
            if changed is not None:
                prompts[viewer] = changed
            assert prompts.get(viewer, []) == views[viewer].get("prompts", [])
            checked += 1

        return Connection(send, viewer, viewer == PUBLIC, "es")

    async def play() -> None:
        table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
        table.resume()
        for viewer in [*NAMES, PUBLIC]:
            await table.attach(socket(viewer))
        bot = RandomBot(2)
        while table.match.result is None:
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()

    asyncio.run(play())
    assert checked > 100
    assert len(skipped) > checked / 4  # the shortcut is worth having
