"""The bots answer through explicit tables of the game's prompt kinds: every kind the game asks has an entry,
no entry names a kind the game does not ask, and an unknown kind is refused loudly instead of answered at random
(a kind renamed on one side only)."""

from __future__ import annotations

import pytest

from velada.core.protocol import Prompt
from velada.games.ajo_y_agua import bots as ajo_bots
from velada.games.ajo_y_agua.rules import RESOLVERS
from velada.games.el_ansia import bots as ansia_bots
from velada.games.el_ansia.game import KINDS


def test_el_bot_de_el_ansia_tiene_una_entrada_por_cada_tipo_de_pregunta():
    assert set(ansia_bots.HANDLERS) == set(KINDS)


def test_el_bot_de_ajo_y_agua_tiene_una_entrada_por_cada_tipo_de_pregunta():
    assert set(ajo_bots.HANDLERS) == set(RESOLVERS)


@pytest.mark.parametrize("bot", [ansia_bots.HeuristicBot("Ana", 1), ajo_bots.HeuristicBot("Ana", 1)])
def test_un_tipo_de_pregunta_desconocido_se_rechaza(bot):
    prompt = Prompt("r1:desconocida", "Ana", "desconocida", ("a", "b"))
    with pytest.raises(ValueError, match="desconocida"):
        bot.choose(prompt, lambda: {"you": {"role": ""}, "players": [], "log": []})
