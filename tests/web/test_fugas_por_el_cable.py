"""Issue 13 §2: no leak on the wire. Every registered game (and the options that add secrets) is played to the
end through the ASGI app with one human per seat; every message each seat, the shared screen, the host's screen
and the narrator's seat receive is checked against build_view for that viewer (see :mod:`tests.web.cable`)."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from velada.core.protocol import NARRATOR
from velada.games import REGISTRY
from velada.web.app import create_app

from .cable import Table, stream_problems

#: (game, seats, options, timers): every registered game, the Werewolf options that add secrets of their own (the
#: Ladrón's spare cards, Cupido's lovers, the Niña spying, the wolves' rounds of votes, two-round day votes), and
#: clocks on (long enough never to run out here: each screen shows them or not). Bethlem's longer modes end at a
#: round limit (a draw, if nobody has won by then), to keep each test within seconds.
NIGHT_AND_VOTE_CLOCKS = {"noche": 3600, "debate": 0, "votacion": 3600}
TABLES = [
    ("hombres-lobo", 8, {}, None),
    ("hombres-lobo", 7, {"especiales": "vidente,bruja,cazador,cupido,nina,ladron"}, NIGHT_AND_VOTE_CLOCKS),
    (
        "hombres-lobo",
        6,
        {"especiales": "cupido,nina,ladron", "ladron-variante": "rotacion", "voto": "dos-rondas"},
        None,
    ),
    ("gauekos", 7, {"especiales": "sorgina,akerbeltz,cazador,lamia,galtzagorri,samartintxiki"}, None),
    ("ajo-y-agua", 4, {}, None),
    ("el-ansia", 4, {}, None),
    ("bethlem", 4, {}, NIGHT_AND_VOTE_CLOCKS),
    ("bethlem", 4, {"cards": "custom", "colocacion": "reparto", "limite-rondas": "8"}, None),
    ("bethlem", 4, {"cuentacuentos": "si", "preguntas-narrador": "una-por-noche", "limite-rondas": "6"}, None),
]
IDS = [
    f"{game}-{seats}" + "".join(f"-{k}={v}" for k, v in options.items()) + ("-relojes" if timers else "")
    for game, seats, options, timers in TABLES
]
#: Tables played in this session, by their parameters: the second test reads what the first one received.
PLAYED: dict[str, Table] = {}


def played(tmp_path_factory, game_id, seats, options, timers) -> Table:
    """The table played to its end (once per session), every message checked on the way."""
    key = json.dumps([game_id, seats, options, timers], sort_keys=True)
    if key not in PLAYED:
        db = tmp_path_factory.mktemp("cable") / "velada.sqlite3"
        with TestClient(create_app(f"sqlite:///{db}", bot_delay=0, seed=2024)) as client:
            table = Table(client, game_id, seats, options, seed=7, timers=timers)
            try:
                table.open()
                table.start()
                table.play(limit=600)
                table.finish()
            finally:
                table.close()
        table.forget()
        PLAYED[key] = table
    return PLAYED[key]


def test_la_lista_cubre_cada_juego_registrado():
    assert {game for game, *_ in TABLES} == set(REGISTRY.ids())


@pytest.mark.parametrize(("game_id", "seats", "options", "timers"), TABLES, ids=IDS)
def test_cada_mensaje_es_la_vista_de_quien_lo_recibe(tmp_path_factory, game_id, seats, options, timers):
    """Every message of every connection is that viewer's build_view at some moment of the game, in order, and
    shows and says nothing the viewer may not know; the API agrees; refusals tell nothing (cable.Table)."""
    table = played(tmp_path_factory, game_id, seats, options, timers)
    assert table.ended, f"{game_id}: no end after {table.choices_made} choices"
    assert table.probes > 0
    if options.get("cuentacuentos") == "si":
        assert any(player == NARRATOR for player, _, _ in table.live.match.choices), "the narrator answered nothing"


STREAM_TABLES = [pytest.param(*table, id=id_) for table, id_ in zip(TABLES, IDS, strict=True)]


@pytest.mark.parametrize(("game_id", "seats", "options", "timers"), STREAM_TABLES)
def test_lo_que_llega_ademas_de_la_vista_no_cuenta_nada(tmp_path_factory, game_id, seats, options, timers):
    """Nothing but the view changes what a connection receives: each message is numbered on its connection (a
    table-wide count would count the choices the viewer did not see), none repeats the one before (a message
    for nothing visible would tell that somebody acted out of sight), and the same view always comes with the
    same page, status and clock."""
    table = played(tmp_path_factory, game_id, seats, options, timers)
    problems = [
        problem
        for conn in table.conns
        for kind, found in stream_problems(conn).items()
        if kind != "echo"  # see the next test
        for problem in found
    ]
    assert not problems, problems[:10]


@pytest.mark.parametrize(("game_id", "seats", "options", "timers"), TABLES, ids=IDS)
def test_la_pantalla_que_habla_no_repite_la_pagina_tras_hablar(tmp_path_factory, game_id, seats, options, timers):
    """The host's shared screen speaks the public events ("Werewolves, wake up…"); after a message that spoke,
    a change it cannot see must not send it the same page again with nothing to say — or the room's screen would
    receive a message the moment the first hidden answer comes in (the wolves' vote, the Vidente's look)."""
    table = played(tmp_path_factory, game_id, seats, options, timers)
    echoes = [problem for conn in table.conns for problem in stream_problems(conn).get("echo", [])]
    assert not echoes, echoes[:10]
