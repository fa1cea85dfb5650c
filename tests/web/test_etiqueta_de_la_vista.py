"""The tag of a seat's view (``version`` in the API's answers, issue 14): worked out after every change from what
the last tag read of the log, it is still the tag of the view alone — the tag a table that never saw the view
before gives it, and another view another tag."""

from __future__ import annotations

import asyncio
import random

from velada.core.bots import RandomBot
from velada.web.live import PUBLIC, Config, LiveTable
from velada.web.store import Seat, Store, token_hash


def test_la_etiqueta_de_una_vista_es_la_misma_que_de_nuevas(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, 9)]
    data = store.create_table("hombres-lobo", {"especiales": "vidente,bruja,cazador"}, 8, "online", "es", {}, "a")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 7)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    bot, order = RandomBot(7), random.Random(7)
    tags: dict[tuple, str] = {}

    async def play() -> int:
        steps = 0
        while table.match.result is None and steps < 200:
            fresh = LiveTable(store, store.load(data.code), Config(bot_delay=0))
            for viewer in [*names, PUBLIC, None]:
                tag = table.view_tag(viewer, "es")
                assert fresh.view(viewer, "es") == table.view(viewer, "es")
                assert fresh.view_tag(viewer, "es") == tag, (steps, viewer)
                key = (viewer, repr(table.view(viewer, "es")))
                assert tags.setdefault(key, tag) == tag
            prompt = order.choice(table.match.pending())
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            steps += 1
        return steps

    assert asyncio.run(play()) > 20
    # Another view, another tag.
    assert len(set(tags.values())) == len(tags)
    store.close()
