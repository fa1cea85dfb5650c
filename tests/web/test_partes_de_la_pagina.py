"""A live page is its skeleton and its parts (issue 14): the parts the server renders, each sent when what it reads
changed, and the parts the page's script draws from the view it rebuilds from its deltas and the inputs it is sent
(render.CLIENT_PARTS; drawn here by the same templates, as render.browser_part — test_partes_en_el_navegador.py
checks that parts.js draws the same). Put together as the page's script does, it is at every step the page
rendered whole — no part is left stale, none is missing; and each part reads only the keys of the view it is keyed
by (rendered from the whole view, it reads the same)."""

from __future__ import annotations

import asyncio
import re

import pytest

from velada.core.bots import RandomBot
from velada.core.delta import patch
from velada.web import render
from velada.web.live import PUBLIC, Config, Connection, LiveTable
from velada.web.store import Seat, Store, token_hash

MARKER = re.compile(r"<!--part:([\w-]+)-->")
FILLED = re.compile(r'<div data-part="([\w-]+)"></div>')
#: The log: on a live page the script fills it from the entries sent apart (test_lo_que_cambio.py checks those).
LOG = re.compile(r'<section class="log".*?</section>', re.S)


class Page:
    """What the page's script holds: the skeleton, the parts by name; ``html`` puts them together."""

    def __init__(self, viewer: str | None, host: bool) -> None:
        self.viewer = viewer
        self.skeleton = ""
        self.parts: dict[str, str] = {}
        self.view: dict | None = None
        self.inputs: dict = {}
        self.game = None

        async def send(message: dict) -> None:
            if message.get("type") == "state":
                self.skeleton = message.get("html", self.skeleton)
                self.parts.update(message.get("parts", {}))
                self.inputs = message.get("inputs", self.inputs)
                if message["delta"] is not None:
                    self.view = patch(self.view, message["delta"])

        self.conn = Connection(send, viewer, host, "es", "http://127.0.0.1/x")

    def part(self, name: str) -> str:
        if name in render.CLIENT_PARTS:
            return render.browser_part(name, self.game, self.view, self.inputs, "es")
        return self.parts.get(name, "")

    def html(self) -> str:
        page = MARKER.sub(lambda m: self.part(m.group(1)), self.skeleton)
        # A filled part's element holds it (the whole page has the part in its place, without the element).
        return FILLED.sub(lambda m: self.part(m.group(1)), page)


def flat(html: str) -> str:
    return " ".join(LOG.sub("", html).split()).replace("> <", "><")


@pytest.mark.parametrize(("game", "seats"), [("hombres-lobo", 8), ("bethlem", 7), ("el-ansia", 3)])
def test_la_pagina_en_vivo_armada_con_sus_partes_es_la_pagina_entera(tmp_path, game, seats):
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    data = store.create_table(game, {}, seats, "online", "es", {"noche": 60, "debate": 30}, "anfitrion")
    names = [f"p{i + 1}" for i in range(seats)]
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 11)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    pages = [Page(n, False) for n in names] + [Page(PUBLIC, True), Page(None, True)]
    for page in pages:
        page.game = table.game
    bot = RandomBot(5)

    def from_whole_view(page: Page, name: str) -> str:
        spec = render.PAGE_PARTS[name]
        view = render.game_view(table, page.viewer, "es")
        if spec.draw is not None:
            return spec.draw(table.game, view, "es")
        inputs = render.part_inputs(spec, table, page.viewer, view)
        template = render.env.get_template(spec.template)
        return template.render(t=render.texts("es"), lang="es", game=table.game, view=view, **inputs)

    def whole(page: Page) -> str:
        if page.viewer not in (PUBLIC, None):
            return render.seat_fragment(table, page.viewer, "es")
        narrator = page.viewer is None
        return render.host_fragment(table, "es", "http://127.0.0.1/x", True, narrator=narrator)

    async def play() -> None:
        table.resume()
        for page in pages:
            await table.attach(page.conn)
        steps = 0
        while True:
            await table.flush()
            for page in pages:
                assert flat(page.html()) == flat(whole(page)), (page.viewer, steps)
                for name in page.conn.slots:
                    assert name not in render.CLIENT_PARTS, name
                    assert page.parts[name] == from_whole_view(page, name), (page.viewer, name, steps)
                for name in render.CLIENT_PARTS & set(MARKER.findall(page.skeleton) + FILLED.findall(page.skeleton)):
                    assert page.part(name) == from_whole_view(page, name), (page.viewer, name, steps)
            if table.match.result is not None or steps >= 80:
                break
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            steps += 1
        await table.close()

    asyncio.run(play())
    store.close()
