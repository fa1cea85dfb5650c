"""The bots answer through explicit tables of the game's prompt kinds: every kind the game asks has an entry,
no entry names a kind the game does not ask, and an unknown kind is refused loudly instead of answered at random
(a kind renamed on one side only). Bethlem's tables are checked in tests/bethlem/test_bot_heuristico.py."""

from __future__ import annotations

import pytest

from velada.core.protocol import Prompt
from velada.games import REGISTRY
from velada.games.ajo_y_agua import bots as ajo_bots
from velada.games.ajo_y_agua.rules import RESOLVERS
from velada.games.el_ansia import bots as ansia_bots
from velada.games.el_ansia.game import KINDS
from velada.games.hombres_lobo import bots as wolf_bots
from velada.games.hombres_lobo.game import DECISIONS


def test_el_bot_de_el_ansia_tiene_una_entrada_por_cada_tipo_de_pregunta():
    assert set(ansia_bots.HANDLERS) == set(KINDS)


def test_el_bot_de_ajo_y_agua_tiene_una_entrada_por_cada_tipo_de_pregunta():
    assert set(ajo_bots.HANDLERS) == set(RESOLVERS)


@pytest.mark.parametrize("bot", [ansia_bots.HeuristicBot("Ana", 1), ajo_bots.HeuristicBot("Ana", 1)])
def test_un_tipo_de_pregunta_desconocido_se_rechaza(bot):
    prompt = Prompt("r1:desconocida", "Ana", "desconocida", ("a", "b"))
    with pytest.raises(ValueError, match="desconocida"):
        bot.choose(prompt, lambda: {"you": {"role": ""}, "players": [], "log": []})


def test_el_bot_de_hombres_lobo_tiene_una_entrada_por_cada_decision():
    assert set(wolf_bots.HANDLERS) == set(DECISIONS)


@pytest.mark.parametrize("game_id", ["hombres-lobo", "gauekos"])
def test_cada_tipo_de_pregunta_de_hombres_lobo_nombra_una_decision_del_bot(game_id):
    game = REGISTRY.get(game_id)
    bot = wolf_bots.HeuristicBot(game.theme, "Ana", 1)
    assert {k.kind for k in game.prompt_kinds} == set(bot.decision)


@pytest.mark.parametrize(
    "bot",
    [
        wolf_bots.HeuristicBot(REGISTRY.get("hombres-lobo").theme, "Ana", 1),
        wolf_bots.MafiaBot(REGISTRY.get("hombres-lobo").theme, "Ana", 1),
    ],
)
def test_un_tipo_de_pregunta_desconocido_se_rechaza_tambien_en_hombres_lobo(bot):
    prompt = Prompt("r1:desconocida", "Ana", "desconocida", ("a", "b"))
    with pytest.raises(ValueError, match="desconocida"):
        bot.choose(prompt, lambda: {"you": {"role": ""}, "players": [], "log": []})
