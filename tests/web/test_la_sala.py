"""The room's screens wear the game's time of day: night when the game is at night (the werewolves' nights and
preparation, Ajo y Agua's and Bethlem's nights, the whole of El ansia, which is one night that dawn ends), day
when it is day, and the end's own look once there is a result. A player who dies while the game goes on reads so on
their phone, and keeps seeing the public events there."""

from __future__ import annotations

import asyncio
import random

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, build_view, pending
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY
from velada.web import render
from velada.web.live import Config, LiveTable
from velada.web.render import theme
from velada.web.store import Seat, Store, token_hash

from .test_textos_de_las_paginas import page_text

#: Each game's phases and the theme the room wears in them (a phase not listed is a defect of this table).
THEMES = {
    "hombres-lobo": {"preparacion": "night", "noche": "night", "dia": "day"},
    "gauekos": {"preparacion": "night", "noche": "night", "dia": "day"},
    "ajo-y-agua": {"dia": "day", "noche": "night"},
    "el-ansia": {"turno": "night"},
    "bethlem": {"colocacion": "day", "noche": "night", "dia": "day"},
}


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_la_sala_se_viste_de_noche_de_noche_y_de_dia_de_dia(game_id):
    game = REGISTRY.get(game_id)
    seen = set()
    for seed in range(3):
        n = max(game.info.min_players, min(6, game.info.max_players))
        match = Match(game, [f"p{i}" for i in range(1, n + 1)], game.preset(n), seed)
        bot = RandomBot(seed)
        while match.result is None:
            view = build_view(game, match.state, PUBLIC, "es")
            phase = view["phase"]["id"]
            assert theme(view) == THEMES[game_id][phase], (phase, view["phase"]["text"])
            seen.add(phase)
            for prompt in pending(match.state):
                match.choose(prompt.player, prompt.id, bot.choose(prompt))
        assert theme(build_view(game, match.state, PUBLIC, "es")) == "over"
    assert "noche" in seen or game_id == "el-ansia"


@pytest.mark.parametrize("game_id", ["hombres-lobo", "ajo-y-agua", "bethlem"])
def test_quien_muere_lee_has_muerto_no_hables_y_sigue_viendo_lo_publico(tmp_path, game_id):
    """A player who dies while the game goes on gets a screen that says so, above the public events, which keep
    coming: the next public event after the death is on the dead player's phone too (the first of a few seeds in
    which somebody dies while the game goes on)."""
    for seed in range(5, 15):
        seen = _a_death_and_after(tmp_path / str(seed), game_id, seed)
        if seen is not None:
            break
    else:
        pytest.fail("in ten games nobody died while the game went on")
    who, before, after, latest = seen
    assert "Has muerto: no hables" in before, (who, before[:400])
    assert "Has muerto: no hables" in after and latest in after, (who, latest, after[:600])


def _a_death_and_after(folder, game_id: str, seed: int) -> tuple[str, str, str, str] | None:
    """A random game to its first death: who died, the text of their phone then and after the next public event,
    and that event's text; ``None`` if nobody died before the end, or the next public event was the end."""
    folder.mkdir(parents=True)
    store = Store(f"sqlite:///{folder / 'v.sqlite3'}")
    names = ["Ana", "Bea", "Carlos", "Dani", "Eva", "Fran"]
    data = store.create_table(game_id, {}, len(names), "presencial", "es", {}, "anfitrion")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], seed)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    bot, order = RandomBot(seed), random.Random(seed)

    def dead() -> list[str]:
        view = table.view(PUBLIC, "es")
        return [p["id"] for p in view["players"] if not p.get("alive", True)]

    async def answer() -> None:
        prompt = order.choice(table.match.pending())
        await table.choose(prompt.player, prompt.id, bot.choose(prompt))

    async def play() -> tuple[str, str, str, str] | None:
        try:
            while table.match.result is None and not dead():
                await answer()
            if table.match.result is not None:
                return None
            who = dead()[0]
            before = page_text(render.seat_fragment(table, who, "es"))
            public = len(table.view(PUBLIC, "es")["log"])
            while table.match.result is None and len(table.view(PUBLIC, "es")["log"]) == public:
                await answer()
            if table.match.result is not None:
                return None
            latest = table.view(PUBLIC, "es")["log"][-1]["text"]
            return who, before, page_text(render.seat_fragment(table, who, "es")), latest
        finally:
            await table.close()
            store.close()

    return asyncio.run(play())
