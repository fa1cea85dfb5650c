"""What the pages add to the views is finished text too: over random games of every game, in Spanish and English,
no player's phone, shared screen or narrator's seat shows a ``{``, a ``}`` or a catalogue key that was never
written, and a dead player's row does not give them a gender the platform does not know ("muerto" under "Carmen").
The texts of the views themselves: ``tests/test_textos.py``; the pages in a real browser:
``tests/web/test_pantallas.py`` (one game per game and language there, every game's random tables here)."""

from __future__ import annotations

import asyncio
import html
import random
import re

import pytest

from tests.test_textos import GENDERED, unfinished
from velada.core.bots import RandomBot
from velada.core.i18n import LANGUAGES
from velada.games import REGISTRY
from velada.web import render
from velada.web.live import PUBLIC, Config, LiveTable
from velada.web.store import Seat, Store, token_hash

from .test_pantallas import text_problems

#: Players' names as people write them (an accent, a bot's mark) and how many seats each game's table has here.
NAMES = ["Ana", "Íñigo", "Carmen (bot)", "Dani", "Eva", "Fran (bot)", "Gema"]
SEATS = {"hombres-lobo": 7, "gauekos": 6, "ajo-y-agua": 4, "el-ansia": 3, "bethlem": 5}
#: A page is read every so many answers (every page of every seat, in both languages), in a game of each seed.
EVERY = 5
SEEDS = (7, 8, 9)


def page_text(fragment: str) -> str:
    """The text a page shows (its tags gone, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", fragment, flags=re.S)))


def _table(tmp_path, game_id: str, lang: str, seed: int) -> LiveTable:
    store = Store(f"sqlite:///{tmp_path / f'{game_id}-{lang}-{seed}.sqlite3'}")
    names = NAMES[: SEATS[game_id]]
    data = store.create_table(game_id, {}, len(names), "presencial", lang, {}, "anfitrion")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], seed)
    return LiveTable(store, store.load(data.code), Config(bot_delay=0))


def read_pages(table: LiveTable, lang: str, where: str) -> list[str]:
    """What is wrong with every page of the table now: each player's phone, the shared screen, the narrator's seat."""
    problems = []
    for seat in table.data.seats:
        text = page_text(render.seat_fragment(table, seat.name, lang))
        problems += text_problems(text, f"{where} {seat.name}'s phone")
    for narrator in (False, True):
        text = page_text(render.host_fragment(table, lang, "http://x/t/ABC", is_host=True, narrator=narrator))
        problems += text_problems(text, f"{where} {'narrator' if narrator else 'screen'}")
    return problems


def play_and_read(table: LiveTable, lang: str, seed: int) -> list[str]:
    """Random answers to the end, every page read every :data:`EVERY` answers and at the end."""
    bot, order = RandomBot(seed), random.Random(seed)

    async def play() -> list[str]:
        problems: list[str] = []
        step = 0
        while table.match.result is None and step < 3000:
            if step % EVERY == 0:
                problems += read_pages(table, lang, f"{lang} seed {seed} step {step}")
            prompt = order.choice(table.match.pending())
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            step += 1
        problems += read_pages(table, lang, f"{lang} seed {seed} end")
        await table.close()
        return problems

    problems = asyncio.run(play())
    assert table.match.result is not None
    return problems


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_ninguna_pagina_muestra_llaves_ni_claves_en_partidas_al_azar(tmp_path, game_id):
    problems: list[str] = []
    for lang in LANGUAGES:
        for seed in SEEDS:
            problems += play_and_read(_table(tmp_path, game_id, lang, seed), lang, seed)
    assert not problems, "\n".join(sorted(set(problems))[:20])


def test_la_fila_de_un_jugador_muerto_no_le_da_genero():
    """ "Carmen (bot) · Vidente · muerto": the platform knows no player's gender, so the row says "ha muerto"."""
    game = REGISTRY.get("hombres-lobo")
    player = {"id": "Carmen", "name": "Carmen", "alive": False, "death": None, "role": "vidente"}
    player |= {"role_name": "Vidente", "sheriff": False, "badges": []}
    for lang in LANGUAGES:
        row = page_text(render.player_rows(game, lang, {"players": [player], "viewer": PUBLIC, "help": []}))
        said = row.replace("Carmen", "").replace("Vidente", "")
        assert said.strip(), row
        if lang == "es":
            gendered = re.findall(rf"(?<!\bha )(?<!\bhas )(?<!\bhan )\b{GENDERED}\b", said)
            assert not gendered, row
        assert not unfinished(said.strip()), row
