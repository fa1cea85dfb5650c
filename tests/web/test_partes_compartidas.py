"""Page parts every viewer sees alike are rendered once per change and shared (issue 14): El ansia's board is
the same on every phone and on the shared screen, each phone marking only its own vampire."""

from __future__ import annotations

import asyncio
import re

import pytest

from velada.core.bots import RandomBot
from velada.web import render
from velada.web.live import PUBLIC, Config, LiveTable
from velada.web.store import Seat, Store, token_hash

NAMES = ["p1", "p2", "p3", "p4"]


def _ansia_table(tmp_path, choices: int) -> LiveTable:
    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    data = store.create_table("el-ansia", {}, len(NAMES), "online", "es", {}, "anfitrion")
    store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(NAMES)], 3)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    bot = RandomBot(2)

    async def play() -> None:
        while table.match.result is None and len(table.match.choices) < choices:
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
        await table.flush()

    asyncio.run(play())
    return table


def _board(html: str) -> str:
    return html[html.index('<section class="ansia-board">') : html.index("</section>", html.index("ansia-zone"))]


def test_el_tablero_de_el_ansia_se_dibuja_una_vez_para_todos_y_cada_uno_ve_su_vampiro(tmp_path, monkeypatch):
    table = _ansia_table(tmp_path, 12)
    rendered = []
    original = render._shared

    def counting(key, build):
        if not key[0].startswith("games/_el-ansia-"):
            return original(key, build)
        return original(key, lambda: rendered.append(key) or build())

    monkeypatch.setattr(render, "_shared", counting)
    render.forget_shared()
    phones = {name: render.seat_fragment(table, name, "es") for name in NAMES}
    screen = render.host_fragment(table, "es", "http://127.0.0.1/x")
    parts = ["games/_el-ansia-spaces.html", "games/_el-ansia-pieces.html", "games/_el-ansia-zone.html"]
    assert [key[0] for key in rendered] == parts
    boards = {name: _board(html) for name, html in phones.items()}
    for name, board in boards.items():
        assert re.findall(r'class="vampire me" data-player="([^"]+)"', board) == [name]
        assert board.replace('class="vampire me"', 'class="vampire"') == _board(screen)
    # The next moves: the board is drawn again only when it changed, once for everybody.
    bot = RandomBot(4)
    for _ in range(10):
        prompt = table.match.pending()[0]
        asyncio.run(table.choose(prompt.player, prompt.id, bot.choose(prompt)))
        for name in NAMES:
            render.seat_fragment(table, name, "es")
        render.host_fragment(table, "es", "http://127.0.0.1/x")
    assert len(rendered) == len(set(rendered))
    moved = [key for key in rendered if key[0] == "games/_el-ansia-pieces.html"]
    assert len(moved) > 2  # the pieces at each move; the spaces only when a chest is taken
    assert len(moved) > len([key for key in rendered if key[0] == "games/_el-ansia-spaces.html"])
    table.store.close()


def _table(tmp_path, game: str, seats: int) -> LiveTable:
    store = Store(f"sqlite:///{tmp_path / f'{game}.sqlite3'}")
    data = store.create_table(game, {}, seats, "online", "es", {}, "anfitrion")
    store.start(data, [Seat(i, f"p{i + 1}", token_hash(f"p{i + 1}"), None) for i in range(seats)], 5)
    return LiveTable(store, store.load(data.code), Config(bot_delay=0))


@pytest.mark.parametrize(("game", "seats"), [("hombres-lobo", 8), ("bethlem", 7), ("el-ansia", 3)])
def test_una_parte_compartida_se_dibuja_igual_que_con_la_vista_entera_y_una_vez_por_contenido(
    tmp_path, monkeypatch, game, seats
):
    """Each shared part (render.VIEW_PARTS) reads only the keys it is keyed by: rendered from the whole view it
    reads the same, for every viewer at every step of a game; and a content is rendered once, however many
    viewers and pages show it."""
    table = _table(tmp_path, game, seats)
    rendered = []
    original = render._shared

    def counting(key, build):
        return original(key, lambda: rendered.append(key) or build())

    monkeypatch.setattr(render, "_shared", counting)
    render.forget_shared()
    viewers = [*table.players(), PUBLIC, None]
    bot = RandomBot(6)

    async def play() -> None:
        while table.match.result is None and len(table.match.choices) < 40:
            for viewer in viewers:
                view = table.view(viewer, "es")
                for name in render.VIEW_PARTS:
                    whole = render.env.get_template(name).render(
                        t=render.texts("es"), lang="es", game=table.game, view=view
                    )
                    assert render.view_part(name, table.game, view, "es") == whole, (name, viewer)
                if game == "el-ansia":
                    # The board's three parts, each from what its key holds, read as from the whole view.
                    whole = "".join(
                        render.env.get_template(f"games/_el-ansia-{name}.html").render(
                            t=render.texts("es"), lang="es", game=table.game, view=view
                        )
                        for name in ("spaces", "pieces", "zone")
                    )
                    assert render.ansia_board(table.game, view | {"viewer": None}, "es") == whole, viewer
                if viewer not in (PUBLIC, None):
                    render.seat_fragment(table, viewer, "es")
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))

    asyncio.run(play())
    assert len(rendered) == len(set(rendered))
    table.store.close()


def test_las_partes_compartidas_caben_en_su_presupuesto_y_se_van_las_menos_vistas(monkeypatch):
    one = render.held(("a",), "a" * 10)
    monkeypatch.setattr(render, "SHARED_BUDGET", 3 * one)
    render.forget_shared()
    for key in ("a", "b", "c"):
        assert render._shared((key,), lambda key=key: key * 10) == key * 10
    assert render._shared(("a",), lambda: "otra") == "a" * 10  # shown again: now the most recent
    render._shared(("d",), lambda: "d" * 10)
    assert list(render._SHARED) == [("c",), ("a",), ("d",)]  # "b", the least recently shown, went
    assert render._shared_size == 3 * one
    render.forget_shared()


def test_las_partes_compartidas_cuentan_los_bytes_de_sus_claves_y_sus_textos(monkeypatch):
    """A part's key holds the repr of the view parts it was rendered from, often longer than the part itself, and
    a text with an accent or a dash takes more than a byte a character: the budget bounds the bytes held, keys
    included (it counted the parts' characters only, and a 200-table server held ~3.6 bytes per one counted)."""
    import sys

    monkeypatch.setattr(render, "SHARED_BUDGET", 100_000)
    render.forget_shared()
    for n in range(1000):
        render._shared(("parte", "es", repr({"players": ["Ana"] * 50, "n": n})), lambda n=n: f"— {n} —")
    held = sum(sys.getsizeof(k) + sum(map(sys.getsizeof, k)) + sys.getsizeof(v) for k, v in render._SHARED.items())
    assert held <= 100_000 and render._shared_size == held
    render.forget_shared()


def _deep(value) -> int:
    import sys

    return sys.getsizeof(value) + (sum(map(_deep, value)) if isinstance(value, tuple) else 0)


def test_las_partes_compartidas_cuentan_lo_que_guardan_las_tuplas_de_sus_claves(monkeypatch):
    """A skeleton's key holds what it shows (``skeleton_inputs``: the status, and the seats as tuples of position,
    name and bot), ~1.5 KB a key at 12 seats that the budget did not count: a 200-table server's shared parts grew
    to ~16 MB under an 8 MB budget (docs/performance.md, engineer M's memory section, 2026-11-25)."""
    monkeypatch.setattr(render, "SHARED_BUDGET", 100_000)
    render.forget_shared()
    for n in range(1000):
        seats = tuple((i, f"Jugadora {n}-{i}", False) for i in range(12))
        key = ("skeleton", f"MESA{n}", "es", "seat", False, "", ("playing", seats, (None, "noche")))
        render._shared(key, lambda: "<main></main>")
    held = sum(_deep(k) + _deep(v) for k, v in render._SHARED.items())
    assert held <= 100_000 and render._shared_size == held
    render.forget_shared()
