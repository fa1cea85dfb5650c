"""Random games of the custom mode with the seven characters of part B in play (El Cyborg, La Maestra Vudú,
El Otaku, La Médico, La Médium, El Saltamundos, El Relojero): they end, no view shows what its viewer may not
know, every text exists in both languages, and the heuristic bot plays their prompts."""

import random

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, build_view, pending
from velada.core.protocol import PUBLIC
from velada.games.bethlem.bots import HeuristicBot

from .mesa import GAME
from .test_textos import MISSING, textos

PARTE_B = ("el-cyborg", "la-maestra-vudu", "el-otaku", "la-medico", "la-medium", "el-saltamundos", "el-relojero")


def mesa_b(n, seed):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(1, n + 1)]
    cards = ",".join(rng.sample(PARTE_B, n))
    return Match(GAME, players, {"cards": "custom", "cartas": cards}, seed), rng


@pytest.mark.parametrize("n", [4, 7])
def test_con_los_personajes_de_la_parte_b_ninguna_vista_revela_lo_oculto(n):
    for seed in range(4):
        m, rng = mesa_b(n, seed)
        bot = RandomBot(seed)
        while m.result is None:
            if rng.random() < 0.3:
                for viewer in [*rng.sample(list(m.players), 2), PUBLIC]:
                    shuffled = GAME.shuffle_hidden(m.state, viewer, rng)
                    assert build_view(GAME, shuffled, viewer, "en") == m.view(viewer, "en")
            for p in pending(m.state):
                m.choose(p.player, p.id, bot.choose(p))


@pytest.mark.parametrize("n", [5, 7])
def test_con_los_personajes_de_la_parte_b_todos_los_textos_existen(n):
    malos = set()
    for seed in range(2):
        m, _ = mesa_b(n, seed)
        bot = RandomBot(seed)
        while m.result is None:
            for lang in ("es", "en"):
                for viewer in (None, m.players[0]):
                    for kind, text in textos(m.view(viewer, lang)):
                        if MISSING.match(text) or "{" in text:
                            malos.add((lang, kind, text))
            for p in pending(m.state):
                m.choose(p.player, p.id, bot.choose(p))
    assert not malos


def test_el_bot_heuristico_juega_los_personajes_de_la_parte_b_hasta_el_final():
    seen = set()
    for seed in range(6):
        m, _ = mesa_b(4 + seed % 4, seed)
        bots = {p: HeuristicBot(p, seed) for p in m.players}
        groups = 0
        while m.result is None:
            for p in pending(m.state):
                seen.add(p.kind)
                view = lambda m=m, p=p: build_view(GAME, m.state, p.player, "es", texts=False)  # noqa: E731
                m.choose(p.player, p.id, bots[p.player].choose(p, view))
            groups += 1
            assert groups < 5000
    assert {"el-cyborg-cambio", "la-maestra-vudu", "el-otaku", "la-medico", "la-medium", "el-saltamundos-mundo"} <= seen
