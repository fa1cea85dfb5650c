"""The simulator's random playout (``sim.random_playout``) plays the games a recorded match with random bots plays,
and answers nothing the engine would refuse: it picks the random bot's one option itself, legal as it is made,
and hands every other answer to the engine's check."""

import pytest

from velada.core.engine import check_players
from velada.core.game import State
from velada.core.options import normalize
from velada.core.protocol import IllegalAction, Prompt
from velada.core.sim import game_seed, play_random_game, player_ids, random_playout
from velada.games import REGISTRY


@pytest.mark.parametrize("game_id", sorted(REGISTRY.ids()))
def test_la_partida_aleatoria_es_la_partida_grabada_de_cada_juego(game_id):
    game = REGISTRY.get(game_id)
    players = player_ids(game.info.min_players + 1)
    options = normalize(game.options, {})
    for i in range(3):
        recorded = play_random_game(game, players, {}, game_seed(5, i))
        state, choices = random_playout(game, check_players(game, players), options, game_seed(5, i))
        assert choices == len(recorded.choices)
        assert state == recorded.state


class _OnePrompt:
    """A game that opens one prompt and ends at its answer: the playout's checks seen alone."""

    id = "una-pregunta"

    def __init__(self, prompt: Prompt) -> None:
        self.prompt = prompt

    def setup(self, players, options, rng, deal):
        state = State(players=tuple(players), rng=rng)
        state.ask(self.prompt)
        return state

    def resolve(self, state, answers):
        raise AssertionError(f"an illegal answer reached the game: {answers}")


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        (Prompt("p:x", "p1", "x", ("a", "b"), min=2, max=1), "count"),
        (Prompt("p:x", "p1", "x", (), skippable=False), "not-skippable"),
    ],
)
def test_la_partida_aleatoria_no_acepta_lo_que_el_motor_rechaza(prompt, code):
    with pytest.raises(IllegalAction) as raised:
        random_playout(_OnePrompt(prompt), ("p1", "p2"), {}, 1)
    assert raised.value.code == code


class _Stalls(_OnePrompt):
    """A game whose answer opens no prompt and does not end it: its own bug."""

    def resolve(self, state, answers):
        pass


def test_la_partida_aleatoria_se_para_cuando_una_respuesta_no_abre_nada_ni_termina():
    prompt = Prompt("p:x", "p1", "x", ("a",))
    with pytest.raises(RuntimeError, match="una-pregunta: resolving p:x opened no prompt and did not end the game"):
        random_playout(_Stalls(prompt), ("p1", "p2"), {}, 1)
