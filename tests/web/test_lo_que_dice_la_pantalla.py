"""The speaking screen counts the public events on from where it last counted (``render._public_count``): at
every step of a game the count is ``len(public_events(state))``, as it was when the whole log was read at every
push; a log that is not the one counted (a new game, the same game read back after a restart) is counted anew."""

from __future__ import annotations

from copy import deepcopy

from velada.core.bots import RandomBot
from velada.core.engine import Match
from velada.core.narration import public_events
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY
from velada.web.connection import Connection
from velada.web.render import _public_count


async def _nothing(message: dict) -> None:
    pass


def test_la_pantalla_cuenta_los_sucesos_publicos_como_si_leyera_todo_el_registro():
    game = REGISTRY.get("hombres-lobo")
    screen = Connection(_nothing, PUBLIC, True, "es")
    for seed in (1, 2):
        match = Match(game, [f"J{i}" for i in range(9)], {}, seed=seed)
        bot = RandomBot(seed)
        steps = 0
        while match.result is None and steps < 150:
            prompt = match.pending()[0]
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
            steps += 1
            if steps % 3:  # a push does not come after every change
                continue
            assert _public_count(screen, match.state.log) == len(public_events(match.state)), (seed, steps)
        # The same log read back (other objects, the same events): counted anew, the same count.
        again = deepcopy(match.state.log)
        assert _public_count(screen, again) == len(public_events(match.state))
        # A log shorter than the one counted (a new game on the same screen) is counted from its start.
        assert _public_count(screen, again[:5]) == sum(1 for e in again[:5] if e.visible_to(PUBLIC))
