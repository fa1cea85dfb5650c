"""The view contract (velada/core/view.py, issue 17): every game's view, for every viewer, at every moment of
random games, holds what the generic pages, bots and agents read — the phase line, each player's id, name,
``alive`` and badges, the viewer's own seat — with the types the contract declares."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_todos_los_juegos import start, tables
from velada.core.bots import RandomBot
from velada.core.engine import build_view, pending
from velada.core.protocol import PUBLIC
from velada.core.view import contract_errors
from velada.games import REGISTRY

GAMES = list(REGISTRY)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.data())
def test_cada_vista_cumple_el_contrato_de_la_plataforma(game, table):
    match = start(game, table.draw(tables(game)))
    if match is None:
        return
    rng = random.Random(table.draw(st.integers(0, 2**32)))
    bot = RandomBot(rng.randrange(2**32))
    viewers = [*match.players, PUBLIC, None]  # None: the narrator
    step = 0
    while True:
        # Every viewer now and then, and at the end: a full view per group would make long games slow.
        if step % 7 == 0 or match.result is not None:
            for viewer in viewers:
                seated = viewer in match.players
                errors = contract_errors(build_view(game, match.state, viewer, rng.choice(("es", "en"))), seated)
                assert not errors, f"{game.id}, {viewer!r}, group {step}: {errors}"
        if match.result is not None:
            break
        for prompt in pending(match.state):
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
        step += 1


def test_el_contrato_senala_lo_que_falta():
    """The check itself: a view without a player's badges, with a number for a name, or without the seated
    viewer's own seat, is refused with the place of each fault."""
    game = REGISTRY.get("hombres-lobo")
    match = start(game, (6, {}, 1))
    view = build_view(game, match.state, "p1", "es")
    assert contract_errors(view, seated=True) == []
    del view["players"][0]["badges"]
    view["players"][1]["name"] = 7
    del view["you"]
    assert contract_errors(view, seated=True) == [
        "players[0].badges: missing",
        "players[1].name: int, not str",
        "you: missing for a seated viewer",
    ]
