"""The PettingZoo environment of every game: PettingZoo's own api_test, seeded; legal actions are the open prompts'
options (several-option answers and skips too); simultaneous prompts are held until the group is complete; an agent
is shown its seat's view and nothing more (the same observation in any world its view cannot tell apart)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from velada.agents.encoding import WerewolfEncoding
from velada.agents.env import VeladaEnv, env, games
from velada.agents.single import SingleSeatEnv
from velada.core.engine import build_view
from velada.core.protocol import IllegalAction
from velada.games import REGISTRY

# api_test's hints for a Dict observation (PettingZoo's own chess gets them too): the view is a dict by design.
DICT_HINTS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]

#: Tables whose rules differ: Bethlem's 3-player mode (one player alone chooses a side), its custom characters (4 to
#: 7 players) and its Cuentacuentos (prompts to the narrator, answered by the narrator bot).
MODES = [("bethlem", 3, {}), ("bethlem", 4, {"cards": "custom"}), ("bethlem", 4, {"cuentacuentos": "si"})]
TABLES = [
    *((game.id, n, {}) for game in REGISTRY for n in sorted({game.info.min_players, game.info.recommended[0]})),
    *MODES,
]


def named(table) -> str:
    game, players, options = table
    return "-".join([game, *([str(players)] if players else []), *(f"{k}={v}" for k, v in options.items())])


@pytest.mark.filterwarnings(*DICT_HINTS)
@pytest.mark.parametrize(("game", "players", "options"), TABLES, ids=map(named, TABLES))
def test_api_test_de_pettingzoo_pasa_en_cada_juego(game, players, options):
    table = env(game, players, options)
    table.reset(seed=7)
    api_test(table, num_cycles=200)
    # PettingZoo's own seed test: two environments reset with one seed, stepped with seeded samples of the mask.
    seed_test(lambda: env(game, players, options), num_cycles=200)


def play(table: VeladaEnv, seed: int, check=None) -> list[tuple[str, int | None]]:
    """A whole game of random legal actions; returns the (agent, action) steps."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    steps = []
    for agent in table.agent_iter(20_000):
        observation, _, terminated, truncated, _ = table.last()
        if check is not None:
            check(table, agent, observation)
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        steps.append((agent, action))
        table.step(action)
    return steps


@pytest.mark.parametrize("game", games())
def test_la_misma_semilla_da_la_misma_partida(game):
    first, second = env(game), env(game)
    assert play(first, 3) == play(second, 3)
    assert first.match.record() == second.match.record()


def test_una_respuesta_de_varias_opciones_se_da_opcion_a_opcion_y_se_envia_al_parar():
    table = env("el-ansia", 3)
    seen = []

    def check(table, agent, observation):
        prompt = table.current_prompt(agent)
        if prompt is None or prompt.max < 2 or table._picked:
            return
        mask = observation["action_mask"]
        assert mask[: len(prompt.options)].all() and not mask[len(prompt.options) : table.STOP].any()
        assert bool(mask[table.STOP]) == prompt.skippable
        seen.append(prompt.id)

    for seed in range(6):
        play(table, seed, check)
    assert seen, "no several-option prompt was played"

    # Picking one option of a several-option prompt keeps the turn; the option is no longer offered.
    for seed in range(40):
        table.reset(seed=seed)
        for agent in table.agent_iter(5000):
            prompt = table.current_prompt(agent)
            if prompt is not None and prompt.max > 1 and len(prompt.options) > 1:
                break
            observation, _, terminated, _, _ = table.last()
            table.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
        else:
            continue
        table.step(0)
        assert table.agent_selection == agent and table._picked == [prompt.options[0]]
        mask = table.legal(agent)
        assert not mask[0] and mask[1]
        assert mask[table.STOP] == (prompt.min <= 1)
        break
    else:
        pytest.fail("no several-option prompt with two options came up")


def test_una_accion_ilegal_es_illegal_action_y_no_cambia_nada():
    table = env("hombres-lobo", 8)
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.legal(agent)
    illegal = int(np.flatnonzero(mask == 0)[0])
    record = table.match.record()
    with pytest.raises(IllegalAction):
        table.step(illegal)
    with pytest.raises(IllegalAction):
        table.step(None)
    assert table.match.record() == record and table.agent_selection == agent


def test_los_votos_simultaneos_no_se_ven_hasta_que_vota_el_ultimo():
    table = env("hombres-lobo", 8)
    for seed in range(20):
        table.reset(seed=seed)
        for _agent in table.agent_iter(5000):
            observation, _, terminated, _, _ = table.last()
            waiting = table._waiting()
            if not terminated and len({p.player for p in waiting}) >= 3 and waiting[0].kind == "voto":
                break
            table.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
        else:
            continue
        voters = [p.player for p in table._waiting()]
        before = {voter: table.observe(voter)["view"]["log"] for voter in voters}
        table.step(int(np.flatnonzero(table.legal(voters[0]))[0]))
        assert table.agent_selection == voters[1]
        # The first vote is held: nobody's view (its own included) shows it before the group is complete.
        assert {voter: table.observe(voter)["view"]["log"] for voter in voters} == before
        assert not table.match.state.answers
        return
    pytest.fail("no day vote came up")


def noninterference(table: VeladaEnv, seeds: range) -> int:
    """Play ``table`` over ``seeds``; now and then, check the selected agent gets the same observation (view,
    vector and mask) in another world that deals again everything it may not know (``Game.shuffle_hidden``,
    whose views the core's noninterference property tests). Returns how many observations were compared."""
    rng = random.Random(5)
    compared = 0

    def check(table, selected, observation):
        nonlocal compared
        if table.match.result is not None or rng.random() > 0.3:
            return
        # The agent selected, and another one (PettingZoo lets a trainer observe any agent at any time).
        for agent in (selected, rng.choice(table.agents)):
            seen = observation if agent == selected else table.observe(agent)
            state = table.match.state
            try:
                table.match.state = table.game.shuffle_hidden(state, agent, rng)
                other = table.observe(agent)
            finally:
                table.match.state = state
            assert other["view"] == seen["view"]
            assert np.array_equal(other["observation"], seen["observation"])
            assert np.array_equal(other["action_mask"], seen["action_mask"])
            compared += 1

    for seed in seeds:
        play(table, seed, check)
    return compared


NONINTERFERENCE = [*((game, None, {}) for game in games()), ("bethlem", 2, {}), *MODES[:2]]


@pytest.mark.parametrize(("game", "players", "options"), NONINTERFERENCE, ids=map(named, NONINTERFERENCE))
def test_un_agente_no_ve_mas_que_su_vista(game, players, options):
    """Noninterference: an agent's observation is the same in any world its seat's view cannot tell apart."""
    assert noninterference(env(game, players, options), range(3)) > 10


class Fisgon(VeladaEnv):
    """A leaky environment: its vector encodes the narrator's view (everybody's card) instead of the seat's."""

    def observe(self, agent):
        observation = super().observe(agent)
        everything = build_view(self.game, self.match.state, None, self.lang, texts=False)
        observation["observation"] = self.encoding.encode(everything, self.seat[agent], None, [])
        return observation


def test_la_comprobacion_de_no_interferencia_pilla_un_entorno_que_filtra():
    """The check above can fail: an environment whose vector shows other seats' cards is caught."""
    with pytest.raises(AssertionError):
        noninterference(Fisgon("hombres-lobo", 8), range(3))


def mask_of(prompt: dict | None, picked: list[str], stop: int) -> np.ndarray:
    """The action mask as the view's own entry for a prompt gives it (the module's rules, written again)."""
    mask = np.zeros(stop + 1, np.int8)
    if prompt is None:
        return mask
    if prompt["text_max"]:
        mask[stop] = 1
        return mask
    if len(picked) < prompt["max"]:
        for i, option in enumerate(prompt["options"]):
            mask[i] = option["id"] not in picked
    mask[stop] = bool(picked and len(picked) >= prompt["min"]) or (not picked and prompt["skippable"])
    return mask


def factored(table: VeladaEnv, seeds: range) -> int:
    """Play ``table``; at every step, for the selected agent and another, check that its observation is a function
    of its seat's view and of its own turn (which of its prompts it answers, what it picked so far): the view is
    ``build_view``'s, the vector encodes that view, the mask is the one the view's entry for the prompt gives.
    With the core's noninterference property of views (tests/test_no_interferencia.py, whole worlds, logs
    included), no observation tells an agent more than its view. Returns how many observations were checked."""
    rng = random.Random(2)
    checked = 0

    def check(table, selected, observation):
        nonlocal checked
        if table.match.result is not None:
            return
        for agent in (selected, rng.choice(table.agents)):
            seen = observation if agent == selected else table.observe(agent)
            view = build_view(table.game, table.match.state, agent, table.lang, texts=False)
            mine = table.current_prompt(agent)
            shown = next((p for p in view["prompts"] if mine is not None and p["id"] == mine.id), None)
            assert (mine is None) == (shown is None), "the prompt an agent answers is in its view"
            picked = table._picked if shown is not None else []
            assert seen["view"] == view
            assert np.array_equal(seen["observation"], table.encoding.encode(view, table.seat[agent], shown, picked))
            assert np.array_equal(seen["action_mask"], mask_of(shown, picked, table.STOP))
            checked += 1

    for seed in seeds:
        play(table, seed, check)
    return checked


@pytest.mark.parametrize(("game", "players", "options"), NONINTERFERENCE, ids=map(named, NONINTERFERENCE))
def test_la_observacion_de_un_agente_es_funcion_de_su_vista(game, players, options):
    assert factored(env(game, players, options), range(2)) > 10


class Contador(VeladaEnv):
    """A leaky environment that ``shuffle_hidden`` cannot catch (it keeps the log): its vector counts every event
    of the game, those its seat may not see included (how many night calls there were)."""

    def observe(self, agent):
        observation = super().observe(agent)
        observation["observation"][-1] = len(self.match.state.log) / 10_000
        return observation


def test_la_comprobacion_de_la_factorizacion_pilla_un_entorno_que_cuenta_lo_oculto():
    with pytest.raises(AssertionError):
        factored(Contador("hombres-lobo", 8), range(1))


def test_la_codificacion_de_la_familia_hombres_lobo_tiene_tamano_fijo_y_documentado():
    for game in ("hombres-lobo", "gauekos"):
        table = env(game, 8)
        assert isinstance(table.encoding, WerewolfEncoding)
        size = table.observation_space("player_0")["observation"].shape[0]
        assert size == sum(n for _, n in table.encoding.layout())
        table.reset(seed=2)
        vector = table.observe(table.agent_selection)["observation"]
        assert vector.shape == (size,) and vector.dtype == np.float32
        # Its own card: the observing seat's row of the roles block says its role, another's is unknown.
        offsets, start = {}, 0
        for name, n in table.encoding.layout():
            offsets[name] = (start, n)
            start += n
        begin, n = offsets["roles"]
        roles = vector[begin : begin + n].reshape(8, -1)
        seat = table.seat[table.agent_selection]
        assert roles[seat, :-1].sum() == 1
        assert sum(roles[i, -1] for i in range(8)) >= 8 - 3  # the others' cards are mostly unknown


@pytest.mark.parametrize("game", games())
def test_un_asiento_aprende_mientras_los_bots_juegan_los_demas(game):
    learner = SingleSeatEnv(game, seat=1)
    assert learner.bot_name in REGISTRY.get(game).bots and learner.bot_name != "random"
    rng = np.random.default_rng(0)
    rewards = []
    for seed in range(4):
        observation, _ = learner.reset(seed=seed)
        assert learner.observation_space.contains(observation)
        for _ in range(5000):
            assert observation["view"]["viewer"] == "player_1"
            assert observation["action_mask"].any()
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, _, info = learner.step(action)
            if terminated:
                break
            assert reward == 0 and learner.table.agent_selection == "player_1"
        else:
            pytest.fail("the game did not end")
        assert reward in (-1.0, 0.0, 1.0) and info["result"]["reason"]
        assert reward == (
            0.0 if not info["result"]["sides"] else 1.0 if "player_1" in info["result"]["winners"] else -1.0
        )
        rewards.append(reward)
    # The same seed, the same actions: the same game.
    first, _ = learner.reset(seed=3)
    again, _ = learner.reset(seed=3)
    assert first["view"] == again["view"]
