"""Noninterference with the log (issue 13 §2): two games a viewer cannot tell apart must show them the same log.

``velada.core.noninterference`` plays a random game, deals again the cards the viewer never learns, replays
the same choices (varying some hidden ones) and compares the viewer's views group by group. This file checks
that the property holds for every registered game, and that it *would* fail: turning any one event kind that
carries a secret public (the Vidente's vision, Bethlem's rabies…) must be caught.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_todos_los_juegos import start, tables
from velada.core import noninterference
from velada.core.game import State
from velada.core.protocol import PUBLIC
from velada.core.sim import play_random_game
from velada.games import REGISTRY

GAMES = [game for game in REGISTRY if game.deal_of(start(game, (game.info.min_players, {}, 0)).state) is not None]


def _werewolf_tables(game) -> list[dict]:
    """Tables that bring out every secret of the Werewolf family: the book's deal, the Ladrón's swap with every
    special, his rotation, and a Niña caught one time in two."""
    role, key = game.theme.role, game.theme.option_keys
    every = [role[p] for p in ("seer", "witch", "thief", "cupid", "little_girl")]
    return [
        {},
        {"especiales": every, key["thief_variant"]: "intercambio"},
        {"especiales": [role[p] for p in ("seer", "thief", "cupid", "witch")], key["thief_variant"]: "rotacion"},
        {"especiales": [role[p] for p in ("seer", "witch", "little_girl", "hunter")], key["little_girl_risk"]: 50},
    ]


#: For each game, the option sets its random tables cycle through, and the most players they seat.
TABLES = {
    "hombres-lobo": (_werewolf_tables(REGISTRY.get("hombres-lobo")), 9),
    "gauekos": (_werewolf_tables(REGISTRY.get("gauekos")), 9),
    # More cards in hand: more Mirrors and Bribes.
    "ajo-y-agua": ([{}, {"cartas-inicio": 6, "mano-maxima": 8}], 6),
    "el-ansia": ([{}, {"modo": "novato"}], 5),
}

#: Secret event kinds (emitted with an audience) whose content is fully determined by what their audience's
#: outsiders already know, so that making them public reveals nothing: none so far.
EXCEPTIONS: dict[str, dict[str, str]] = {}

#: Every secret event kind, by game, that turned public must make the property fail.
SECRET_KINDS = {
    "hombres-lobo": [
        "cambio",
        "carta",
        "causa",
        "descubierta",
        "enamorado",
        "espionaje",
        "flechas",
        "manada",
        "nina-descubierta",
        "nueva-carta",
        "pocion-muerte",
        "pocion-vida",
        "rotacion",
        "sin-acuerdo",
        "sin-cambio",
        "sin-victima",
        "sobrantes",
        "victima",
        "victima-bruja",
        "vision",
        "votos-lobos",
    ],
}
SECRET_KINDS["gauekos"] = SECRET_KINDS["hombres-lobo"]
SECRET_KINDS["ajo-y-agua"] = ["botin", "identidad", "mordisco-secreto", "reflejo", "roba"]
SECRET_KINDS["el-ansia"] = ["mira-misiones", "roba"]

#: How many random games the mutation test may play to catch one misaddressed kind.
BUDGET = 300


def _table(game, i: int) -> tuple[random.Random, list[str], dict]:
    options, most = TABLES[game.id]
    rng = random.Random(i)
    n = rng.randint(game.info.min_players, min(game.info.max_players, most))
    return rng, [f"p{k}" for k in range(1, n + 1)], options[i % len(options)]


def _check(game, i: int) -> noninterference.Leak | None:
    rng, players, options = _table(game, i)
    viewers = [*rng.sample(players, 2), PUBLIC]
    try:
        leak, _ = noninterference.check_game(game, players, options, i, viewers, rng)
    except ValueError:
        return None  # a composition that does not fit this table
    return leak


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_ninguna_vista_distingue_por_su_registro_dos_partidas_iguales_para_ella(game, data):
    n, options, seed = data.draw(tables(game))
    players = [f"p{i}" for i in range(1, n + 1)]
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    viewers = [*rng.sample(players, min(3, n)), PUBLIC]
    try:
        leak, _ = noninterference.check_game(game, players, options, seed, viewers, rng)
    except ValueError:
        return
    assert leak is None, str(leak)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_en_las_mesas_de_la_prueba_de_mutacion_tampoco_hay_fugas(game):
    for i in range(60):
        leak = _check(game, i)
        assert leak is None, str(leak)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_cada_tipo_de_evento_secreto_esta_en_la_lista(game):
    """The mutation test below covers every kind random play emits with an audience, or says why not."""
    seen: Counter[str] = Counter()
    for i in range(80):
        _, players, options = _table(game, i)
        try:
            match = play_random_game(game, players, options, i)
        except ValueError:
            continue
        seen.update(e.kind for e in match.state.log if e.audience is not None)
    listed = set(SECRET_KINDS[game.id]) | set(EXCEPTIONS.get(game.id, {}))
    assert set(seen) <= listed, f"secret kinds not covered: {sorted(set(seen) - listed)}"


MUTATIONS = [(game, kind) for game in GAMES for kind in SECRET_KINDS[game.id]]


@pytest.mark.parametrize(("game", "kind"), MUTATIONS, ids=lambda x: getattr(x, "id", x))
def test_un_evento_secreto_hecho_publico_se_detecta(game, kind, monkeypatch):
    emit = State.emit

    def misaddressed(self, event_kind, audience=None, **data):
        emit(self, event_kind, None if event_kind == kind else audience, **data)

    monkeypatch.setattr(State, "emit", misaddressed)
    for i in range(BUDGET):
        if _check(game, i) is not None:
            return
    pytest.fail(f"{game.id}: the event {kind!r} made public went unnoticed in {BUDGET} games")
