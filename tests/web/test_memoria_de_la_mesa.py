"""Memory (issue 14): the views a live table keeps. It keeps each viewer's view of the current change (and, within
an open group, of the answers before: a view after an answer is made from them), never older ones: a choice's
answer tags its player's view (``version``), and the tag kept each seat's view of its own last choice alive."""

from __future__ import annotations

import asyncio
import gc
import random
import types

from velada.core.bots import RandomBot
from velada.web.live import PUBLIC, Config, LiveTable
from velada.web.store import Seat, Store, token_hash

#: What a table refers to but does not hold: code, modules (their globals), the database.
_NOT_THE_TABLES = (str, bytes, int, float, type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, Store)


def _views_held(table: LiveTable) -> set[int]:
    """The ids of the views (as ``build_view`` makes them) reachable from the table."""
    found: set[int] = set()
    seen: set[int] = set()
    todo: list = [table]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or obj is None or isinstance(obj, _NOT_THE_TABLES):
            continue
        seen.add(id(obj))
        if isinstance(obj, dict) and {"game", "viewer", "players", "log"} <= obj.keys():
            found.add(id(obj))
        todo.extend(gc.get_referents(obj))
    return found


def test_la_mesa_no_guarda_vistas_de_cambios_pasados(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, 13)]
    data = store.create_table("hombres-lobo", {}, 12, "online", "es", {}, "a")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 5)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    bot, order = RandomBot(5), random.Random(5)
    viewers = [*names, PUBLIC, None]

    async def play() -> int:
        steps = 0
        while table.match.result is None and steps < 80:
            prompt = order.choice(table.match.pending())
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            table.view_tag(prompt.player, "es")  # as the API answers a choice
            shown = {id(table.view(v, "es")) for v in viewers}  # as a push shows it
            current = {id(view) for view in table._views.values()}
            group = {id(view) for view in table._group_views.values()}
            assert shown <= current
            assert _views_held(table) <= current | group, steps
            steps += 1
        return steps

    assert asyncio.run(play()) > 40
    store.close()


def test_los_codigos_qr_guardados_no_crecen_con_cada_mesa():
    """A lobby's QR code is kept for the lobby's next seats, but a long-lived server does not keep every join
    link's code since its start: the cache holds a bounded number, a few megabytes at most."""
    from velada.web import render

    render.qr_svg.cache_clear()
    try:
        sizes = [len(render.qr_svg(f"https://velada.example/t/mesa{n:04d}")) for n in range(render.QR_KEPT + 40)]
        info = render.qr_svg.cache_info()
        assert info.currsize == render.QR_KEPT
        assert info.currsize * max(sizes) < 4 * 1024 * 1024
        # The newest links are still kept: a lobby filling now pays the encoder once.
        hits = info.hits
        render.qr_svg(f"https://velada.example/t/mesa{render.QR_KEPT + 39:04d}")
        assert render.qr_svg.cache_info().hits == hits + 1
    finally:
        render.qr_svg.cache_clear()
