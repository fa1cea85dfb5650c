"""A PettingZoo AEC environment for every registered game, built from the decision protocol alone.

    from velada.agents.env import env
    table = env("hombres-lobo", players=8)
    table.reset(seed=1)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        mask = observation["action_mask"]
        table.step(None if terminated or truncated else table.action_space(agent).sample(mask))

**Agents** are the seats, ``player_0`` … ``player_{n-1}`` (they are also the players' ids in the game). All of them
stay until the game ends (a dead werewolf player is simply never selected again); then every agent gets its
reward: +1 on a winning side, -1 otherwise, 0 for everybody in a draw.

**Observations** are ``{"observation": vector, "action_mask": mask, "view": dict}``: ``view`` is the seat's view
(``velada.core.engine.build_view``, JSON-ready, texts left out unless ``texts=True``), ``observation`` a fixed-size
encoding of it (:mod:`velada.agents.encoding`; the werewolf family's is the richest). Both are built from the
seat's view only, never from the game's state: an agent is shown exactly what a phone at that seat shows.

**Actions** are ``Discrete(max_options + 1)``. Action ``i < max_options`` picks option ``i`` of the prompt being
answered (the prompt's own order); action ``max_options`` (``STOP``) ends the answer: with nothing picked it skips a
skippable prompt, otherwise it sends what was picked. A prompt that takes several options (between ``min`` and
``max``) is answered over several steps of the same agent, one option each, and is sent by itself when ``max``
options are picked. Free-text prompts (a question to another player) take ``STOP`` only: the answer is a skip
when allowed, else :data:`TEXT_ANSWER`. The mask allows exactly the legal actions; an illegal one raises the
protocol's :class:`~velada.core.protocol.IllegalAction` and changes nothing.

**Simultaneous prompts** (a vote, the wolves' choice) are played as PettingZoo plays simultaneous moves: the
agents of the group act one after another (seat order), but their answers are held by the environment and given
to the game together once the last one is in, so nobody's observation shows an answer of the same round.

Prompts addressed to the narrator (``@narrador``, Bethlem's Cuentacuentos) are answered by the narrator bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from velada.agents.encoding import ProtocolEncoding, encoding_for
from velada.core.bots import narrator_bot
from velada.core.engine import Match, build_view, check
from velada.core.game import Game
from velada.core.protocol import NARRATOR, IllegalAction, Prompt
from velada.games import REGISTRY

#: The answer the environment sends for an agent to a free-text prompt that cannot be skipped.
TEXT_ANSWER = "?"


class ViewSpace(gymnasium.spaces.Space):
    """The space of a seat's view: a JSON-ready dict (gymnasium has no space for JSON)."""

    def __init__(self) -> None:
        super().__init__(None, None)

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict)

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        return {}

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ViewSpace)

    def __hash__(self) -> int:
        return hash(ViewSpace)


class VeladaEnv(AECEnv):
    """One game of ``game`` with ``players`` seats, every seat an agent (see the module's documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class and the instance
        "render_modes": ["ansi", "human"],
        "name": "velada_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        max_options: int = 64,
        texts: bool = False,
        lang: str = "es",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = REGISTRY.get(game) if isinstance(game, str) else game
        count = players or self.game.info.recommended[0]
        self.possible_agents = [f"player_{i}" for i in range(count)]
        self.game_options = dict(options or {})
        self.metadata = {**self.metadata, "name": f"velada_{self.game.id.replace('-', '_')}_v0"}
        self.max_options = max_options
        self.STOP = max_options
        self.texts, self.lang, self.render_mode = texts, lang, render_mode
        self.encoding: ProtocolEncoding = encoding_for(self.game, count, max_options)
        self.seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (max_options + 1,), np.int8),
                    "view": ViewSpace(),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(max_options + 1) for agent in self.possible_agents}
        self._match: Match | None = None
        self._seeds = random.Random()

    @property
    def match(self) -> Match:
        """The game being played (after :meth:`reset`)."""
        if self._match is None:
            raise RuntimeError("reset() the environment first")
        return self._match

    @match.setter
    def match(self, match: Match | None) -> None:
        self._match = match

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return self.metadata["name"]

    # --- playing ---------------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: dealt by ``seed`` (the same seed deals the same game), else by a seed drawn from the last
        one given."""
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = seed if seed is not None else self._seeds.randrange(2**31)
        self.match = Match(self.game, self.possible_agents, self.game_options, game_seed)
        self._narrator = narrator_bot(game_seed)
        #: Answers of the open group held until its last answer is in (simultaneous moves).
        self._held: dict[tuple[str, str], tuple] = {}
        #: Options picked so far for the prompt the selected agent is answering.
        self._picked: list[str] = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]
        self._advance()

    def _waiting(self) -> list[Prompt]:
        """The open prompts nobody has answered yet (held answers count as given), in seat order."""
        state = self.match.state
        open_ = [p for key, p in state.group.items() if key not in state.answers and key not in self._held]
        return sorted(open_, key=lambda p: (self.seat.get(p.player, -1), p.id))

    def current_prompt(self, agent: str) -> Prompt | None:
        """The prompt ``agent`` answers now (``None`` when it is not its turn)."""
        if self._match is None or agent != self.agent_selection or self.terminations.get(agent, True):
            return None
        return next((p for p in self._waiting() if p.player == agent), None)

    def _advance(self) -> None:
        """Give held answers to the game once their group is complete, let the narrator bot answer, and select
        the next agent; at the end, every agent's reward and termination."""
        match = self.match
        while match.result is None:
            waiting = self._waiting()
            for prompt in waiting:
                if prompt.player == NARRATOR:
                    self._held[NARRATOR, prompt.id] = tuple(self._narrator.choose(prompt))
            waiting = [p for p in waiting if p.player != NARRATOR]
            if waiting:
                self.agent_selection = waiting[0].player
                return
            held, self._held = self._held, {}
            for (player, prompt_id), answer in held.items():
                match.choose(player, prompt_id, answer)
        result = match.result
        won = set(result.winners)
        for agent in self.agents:
            self.rewards[agent] = 0.0 if not result.sides else 1.0 if agent in won else -1.0
            self.terminations[agent] = True
            self.infos[agent] = {"result": result.to_json()}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def legal(self, agent: str) -> np.ndarray:
        """The action mask of ``agent`` now (see the module's documentation)."""
        mask = np.zeros(self.max_options + 1, np.int8)
        if self.terminations.get(agent) or self.truncations.get(agent):
            mask[self.STOP] = 1  # the only step left is None
            return mask
        prompt = self.current_prompt(agent)
        if prompt is None:
            return mask
        options = prompt.options
        if len(options) > self.max_options:
            raise ValueError(
                f"{prompt.id} offers {len(options)} options, more than max_options={self.max_options}: "
                "make the environment with a larger max_options"
            )
        picked = self._picked
        if prompt.text_max:
            mask[self.STOP] = 1
            return mask
        if len(picked) < prompt.max:
            for i, option in enumerate(options):
                mask[i] = option not in picked
        if (picked and len(picked) >= prompt.min) or (not picked and prompt.skippable):
            mask[self.STOP] = 1
        return mask

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        prompt = self.current_prompt(agent)
        if (
            prompt is None
            or action is None
            or not 0 <= int(action) <= self.max_options
            or not self.legal(agent)[int(action)]
        ):
            raise IllegalAction("unknown-option", prompt=prompt.id if prompt else "?", option=str(action))
        action = int(action)
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if prompt.text_max:
            answer: tuple = () if prompt.skippable else (TEXT_ANSWER,)
        elif action == self.STOP:
            answer = tuple(self._picked)
        else:
            self._picked.append(prompt.options[action])
            if len(self._picked) < min(prompt.max, len(prompt.options)):
                return  # the same agent picks another option (or stops)
            answer = tuple(self._picked)
        check(self.game, self.match.state, agent, prompt.id, answer)
        self._held[agent, prompt.id] = answer
        self._picked = []
        self._advance()

    # --- what an agent sees ----------------------------------------------------------------------------------

    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s view of the game now: what a phone at that seat shows, no more."""
        return build_view(self.game, self.match.state, agent, self.lang, texts=self.texts)

    def observe(self, agent: str) -> dict[str, Any]:
        view = self.view(agent)
        prompt = self.current_prompt(agent)
        shown = next((p for p in view["prompts"] if prompt is not None and p["id"] == prompt.id), None)
        vector = self.encoding.encode(view, self.seat[agent], shown, self._picked if shown else [])
        return {"observation": vector, "action_mask": self.legal(agent), "view": view}

    def render(self) -> str | None:
        """The selected agent's open prompt and the game's phase, as text (``ansi``) or printed (``human``)."""
        if self.render_mode is None or self._match is None:
            return None
        agent = self.agent_selection
        prompt = self.current_prompt(agent)
        if self.match.result is not None:
            line = f"{self.game.id}: over ({self.match.result.reason})"
        elif prompt is None:
            line = f"{self.game.id}: {agent} waits"
        else:
            line = f"{self.game.id}: {agent} answers {prompt.id} ({', '.join(prompt.options) or 'free text'})"
        if self.render_mode == "human":
            print(line)
            return None
        return line

    def close(self) -> None:
        self.match = None


def env(game: str, players: int | None = None, options: Mapping[str, Any] | None = None, **kwargs: Any) -> VeladaEnv:
    """The AEC environment of ``game`` (see :class:`VeladaEnv`)."""
    return VeladaEnv(game, players, options, **kwargs)


def games() -> list[str]:
    """Every registered game's id: each has an environment."""
    return REGISTRY.ids()
