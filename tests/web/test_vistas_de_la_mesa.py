"""A live table keeps what its views share from one change to the next (issue 14): views rebuilt after an answer
from the viewer's view of the same group, the talk channels read again only when the game's changed. Whatever it
reuses, every viewer's view at every step is the view ``build_view`` gives."""

from __future__ import annotations

import asyncio
import random

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import build_view
from velada.web.live import PUBLIC, Config, LiveTable
from velada.web.store import Seat, Store, token_hash

TABLES = [
    ("hombres-lobo", 12, {"especiales": "vidente,bruja,cazador,cupido,nina"}),
    ("bethlem", 7, {}),
    ("ajo-y-agua", 6, {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), TABLES, ids=[t[0] for t in TABLES])
def test_cada_vista_de_la_mesa_es_la_vista_entera(tmp_path, game, seats, options):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, seats + 1)]
    data = store.create_table(game, options, seats, "online", "es", {}, "anfitrion")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 4)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    bot, order = RandomBot(4), random.Random(4)

    async def play() -> int:
        steps = 0
        while table.match.result is None and steps < 150:
            for viewer in [*names, PUBLIC, None]:
                whole = build_view(table.game, table.state, viewer, "es")
                assert table.view(viewer, "es") == whole, (steps, viewer)
            # Any open prompt: the Niña may answer before the wolves, a voter before another.
            prompt = order.choice(table.match.pending())
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            steps += 1
        return steps

    assert asyncio.run(play()) > 20
    store.close()
