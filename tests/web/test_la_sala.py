"""The room's screens wear the game's time of day: night when the game is at night (the werewolves' nights and
preparation, Ajo y Agua's and Bethlem's nights, the whole of El ansia, which is one night that dawn ends), day
when it is day, and the end's own look once there is a result."""

from __future__ import annotations

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, build_view, pending
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY
from velada.web.render import theme

#: Each game's phases and the theme the room wears in them (a phase not listed is a defect of this table).
THEMES = {
    "hombres-lobo": {"preparacion": "night", "noche": "night", "dia": "day"},
    "gauekos": {"preparacion": "night", "noche": "night", "dia": "day"},
    "ajo-y-agua": {"dia": "day", "noche": "night"},
    "el-ansia": {"turno": "night"},
    "bethlem": {"colocacion": "day", "noche": "night", "dia": "day"},
}


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_la_sala_se_viste_de_noche_de_noche_y_de_dia_de_dia(game_id):
    game = REGISTRY.get(game_id)
    seen = set()
    for seed in range(3):
        n = max(game.info.min_players, min(6, game.info.max_players))
        match = Match(game, [f"p{i}" for i in range(1, n + 1)], game.preset(n), seed)
        bot = RandomBot(seed)
        while match.result is None:
            view = build_view(game, match.state, PUBLIC, "es")
            phase = view["phase"]["id"]
            assert theme(view) == THEMES[game_id][phase], (phase, view["phase"]["text"])
            seen.add(phase)
            for prompt in pending(match.state):
                match.choose(prompt.player, prompt.id, bot.choose(prompt))
        assert theme(build_view(game, match.state, PUBLIC, "es")) == "over"
    assert "noche" in seen or game_id == "el-ansia"
