"""A live table builds a viewer's view again only where an answer can change it (issue 14): an answer that does
not complete the open group changes the answers and nothing else, so ``engine.answered_view`` rebuilds only the
parts that read them (prompts, who is still to answer, talk channels) from the viewer's earlier view of that
group. Here, for every game, at every answer of random games and for every viewer, it equals the whole view."""

from __future__ import annotations

import random

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, ViewCache, answered_view, build_view
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY

#: Tables with groups of several prompts (votes, the wolves and the Niña at night) for each game.
TABLES = {
    "hombres-lobo": (12, {"especiales": "vidente,bruja,cazador,cupido,nina"}),
    "gauekos": (10, {}),
    "ajo-y-agua": (6, {}),
    "el-ansia": (4, {}),
    "bethlem": (7, {}),
}


@pytest.mark.parametrize("game_id", sorted(REGISTRY.ids()))
def test_la_vista_tras_una_respuesta_que_no_cierra_el_grupo_es_la_vista_entera(game_id):
    game = REGISTRY.get(game_id)
    seats, options = TABLES[game_id]
    answered = 0
    for seed in range(3):
        match = Match(game, [f"J{i}" for i in range(seats)], options, seed=seed)
        bot, order = RandomBot(seed), random.Random(seed)
        cache = ViewCache()
        viewers = (*match.players, PUBLIC, None)
        earlier = {v: build_view(game, match.state, v, "es", cache=cache) for v in viewers}
        while match.result is None and len(match.choices) < 300:
            prompt = order.choice(match.pending())  # any order: the Niña may answer before the wolves
            completes = len(match.state.answers) + 1 == len(match.state.group)
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
            for viewer in viewers:
                whole = build_view(game, match.state, viewer, "es", cache=cache)
                if not completes:
                    assert answered_view(game, match.state, earlier[viewer], viewer, "es") == whole, (seed, viewer)
                    answered += 1
                earlier[viewer] = whole
    assert answered > 0, "no group of several prompts was played"
