"""Issue 13 §2: no leak on the wire. Every registered game (and the options that add secrets) played to the end
through the ASGI app with one human per seat; every message each seat, the shared screen, the host's screen and
the narrator's seat receive is checked against build_view for that viewer (see :mod:`tests.web.cable`)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from velada.games import REGISTRY
from velada.web.app import create_app

from .cable import Table

#: (game, seats, options): every registered game, and the Werewolf options that add secrets of their own (the
#: Ladrón's spare cards, Cupido's lovers, the Niña spying, two rounds of wolves' votes).
TABLES = [
    ("hombres-lobo", 8, {}),
    ("hombres-lobo", 7, {"especiales": "vidente,bruja,cazador,cupido,nina,ladron", "rondas-lobos": "3"}),
    ("hombres-lobo", 6, {"especiales": "cupido,nina,ladron", "ladron-variante": "rotacion", "voto": "dos-rondas"}),
    ("gauekos", 7, {"especiales": "sorgina,akerbeltz,cazador,lamia,galtzagorri,samartintxiki"}),
    ("ajo-y-agua", 4, {}),
    ("el-ansia", 4, {}),
    ("bethlem", 4, {}),
    ("bethlem", 4, {"cards": "custom", "colocacion": "reparto"}),
    ("bethlem", 4, {"cuentacuentos": "si", "preguntas-narrador": "una-por-noche"}),
]


def test_la_lista_cubre_cada_juego_registrado():
    assert {game for game, _, _ in TABLES} == set(REGISTRY.ids())


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'velada.sqlite3'}", bot_delay=0, seed=2024)) as c:
        yield c


@pytest.mark.parametrize(
    ("game_id", "seats", "options"),
    TABLES,
    ids=[f"{g}-{n}-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "normal") for g, n, o in TABLES],
)
def test_cada_mensaje_es_la_vista_de_quien_lo_recibe(client, game_id, seats, options):
    table = Table(client, game_id, seats, options, seed=7)
    try:
        table.open()
        table.start()
        table.play(limit=600)
        table.finish()
    finally:
        table.close()
    assert table.finished[table.now], f"{game_id}: no end after {table.choices_made} choices"
    print(game_id, options, "choices", table.choices_made, "probes", table.probes, "ws", table.ws_probes)
