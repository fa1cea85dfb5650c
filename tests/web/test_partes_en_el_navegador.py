"""The parts the page's script draws (static/parts.js, render.CLIENT_PARTS) and its log entries are, in a real
Chromium, the html the server's templates draw from the same view and inputs (render.browser_part, render._item):
the views of every seat, the shared screen and the narrator's seat at every step of four games (Bethlem also with a
person in the narrator's seat, asked in writing), in Spanish and English, with clocks, a clock that ran out and
the end of a game. test_partes_de_la_pagina.py checks that the page
put together from those parts is the page the server renders whole."""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path

import pytest

from velada.core.bots import RandomBot
from velada.web import render
from velada.web.live import PUBLIC, Config, Connection, LiveTable
from velada.web.store import Seat, Store, token_hash

from .test_navegador import CHROMIUM, FLAGS

pytestmark = pytest.mark.slow

PARTS_JS = Path(render.__file__).parent / "static" / "parts.js"
GAMES = [
    ("hombres-lobo", 8, 3, {}),
    ("ajo-y-agua", 6, 4, {}),
    ("bethlem", 7, 5, {}),
    # A person in the narrator's seat, asked in writing (the narrator's prompts, a free-text answer).
    ("bethlem", 4, 7, {"cuentacuentos": "si", "preguntas-narrador": "una-por-noche"}),
    ("el-ansia", 3, 6, {}),
]
#: How many choices of each game are looked at (every viewer's parts at each).
STEPS = 40

#: In the page: each case's html drawn by parts.js and the server's, both read back by the browser's html parser
#: (so that how an attribute is quoted or escaped does not count).
DRAW = """([cases, texts]) => {
  const read = (html) => { const t = document.createElement("template"); t.innerHTML = html; return t.innerHTML; };
  const t = Object.fromEntries(Object.entries(texts).map(([lang, found]) => [lang, veladaParts.translator(found)]));
  return cases.map(([kind, name, lang, view, inputs, server]) => [
    read(kind === "log" ? veladaParts.logItem(view, t[lang]) : veladaParts.draw(name, view, inputs, t[lang])),
    read(server),
  ]);
}"""


def flat(html: str) -> str:
    """Html without the whitespace the templates' layout leaves at the edges of tags."""
    return re.sub(r"\s*(<[^>]*>)\s*", r"\1", " ".join(html.split()))


def cases() -> list[list]:
    """Each distinct (part, language, view, inputs) the games below show, with the server's html for it."""
    found: dict[str, list] = {}

    def add(kind: str, name: str, game, lang: str, view, inputs: dict) -> None:
        if kind == "part":
            # Only the keys the part reads (the script is given the whole view: it must read no other), and what
            # tells whether the viewer is alive for a part that reads that.
            spec = render.PAGE_PARTS[name]
            given = spec.part(view)
            if "alive" in spec.inputs:
                given |= {"viewer": view.get("viewer"), "players": view.get("players")}
            view = given
        key = json.dumps([kind, name, lang, view, inputs], sort_keys=True, default=str)
        if key in found:
            return
        if kind == "log":
            server = render._item(view, render.MESSAGES.text(lang, "table.narrator-only"))
        else:
            server = render.browser_part(name, game, view, inputs, lang)
        found[key] = [kind, name, lang, view, inputs, str(server)]

    async def play(tmp: Path, game_id: str, seats: int, seed: int, options: dict[str, str]) -> None:
        store = Store(f"sqlite:///{tmp / f'{game_id}-{seed}.sqlite3'}")
        data = store.create_table(game_id, options, seats, "online", "es", {"noche": 60, "debate": 30}, "anfitrion")
        names = [f"p{i + 1}" for i in range(seats)]
        store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], seed)
        table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
        table.resume()
        bot = RandomBot(seed)

        async def nothing(message: dict) -> None:
            pass

        for viewer in [*names, PUBLIC, None]:
            await table.attach(Connection(nothing, viewer, viewer in (PUBLIC, None), "es"))
        steps = 0
        while True:
            await table.flush()
            for viewer in [*names, PUBLIC, None]:
                for lang in ("es", "en"):
                    view = render.game_view(table, viewer, lang)
                    inputs = render.client_inputs(table, viewer, view)
                    for name in render.CLIENT_PARTS:
                        add("part", name, table.game, lang, view, inputs)
                    # A clock that ran out: who did not answer a public decision, and one's own turn passed.
                    if steps % 7 == 0:
                        expired = inputs | {"expiry": {"public": names[:2], "mine": steps % 14 == 0}}
                        add("part", "timeout", table.game, lang, view, expired)
                        add("part", "timeout", table.game, lang, view, inputs | {"expiry": {"public": names[1:2]}})
                    for entry in view["log"][-3:]:
                        add("log", "", table.game, lang, entry, {})
            if table.match.result is not None or steps >= STEPS:
                break
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            steps += 1
        await table.close()
        store.close()

    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for game_id, seats, seed, options in GAMES:
            asyncio.run(play(Path(tmp), game_id, seats, seed, options))
    return list(found.values())


@pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("VELADA_REQUIRE_BROWSER"),
    reason="Chromium is not installed (CI installs Debian's and sets VELADA_REQUIRE_BROWSER)",
)
def test_el_navegador_dibuja_las_partes_como_las_plantillas_del_servidor():
    from playwright.sync_api import sync_playwright

    shown = cases()
    kinds = {(kind, name) for kind, name, *_ in shown}
    assert kinds >= {("part", name) for name in render.CLIENT_PARTS} | {("log", "")}, kinds
    texts = {lang: render.client_texts(lang) for lang in ("es", "en")}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.add_script_tag(content=PARTS_JS.read_text())
        drawn = page.evaluate(DRAW, [shown, texts])
        browser.close()
    wrong = [
        (case[:4], ours, theirs)
        for case, (ours, theirs) in zip(shown, drawn, strict=True)
        if flat(ours) != flat(theirs)
    ]
    assert not wrong, f"{len(wrong)} of {len(shown)} drawn otherwise, e.g. {wrong[0]}"
    # Not only empty parts: every client part was drawn with something in it somewhere.
    full = {case[1] for case, (ours, _) in zip(shown, drawn, strict=True) if ours.strip()}
    assert full >= render.CLIENT_PARTS, render.CLIENT_PARTS - full
    free_text = [case for case, (ours, _) in zip(shown, drawn, strict=True) if 'class="free-text"' in ours]
    assert free_text, "no prompt answered in writing was drawn"
