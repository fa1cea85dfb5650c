"""A Gymnasium environment in which one seat learns while the game's bots take the other seats.

    from velada.agents.single import SingleSeatEnv
    learner = SingleSeatEnv("hombres-lobo", players=8, seat=0, bot="heuristico")
    observation, info = learner.reset(seed=0)
    while True:
        action = learner.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = learner.step(action)
        if terminated or truncated:
            break

Observations, actions and masks are those of :class:`velada.agents.env.VeladaEnv` for the learning seat; the
reward comes at the end: +1 when the seat's side wins, -1 when it loses, 0 in a draw. The bots play through the
protocol with their own views, as they do at a live table (:mod:`velada.core.bots`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium

from velada.agents.env import VeladaEnv
from velada.core.bots import Bot
from velada.core.engine import build_view


class SingleSeatEnv(gymnasium.Env):
    """``game`` with ``players`` seats: the agent plays seat ``seat``, bots named ``bot`` (the game's smartest by
    default) play the rest."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own declaration

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        bot: str | None = None,
        max_options: int = 64,
        render_mode: str | None = None,
    ) -> None:
        self.table = VeladaEnv(game, players, options, max_options=max_options, render_mode=render_mode)
        self.agent = self.table.possible_agents[seat]
        bots = self.table.game.bots
        self.bot_name = bot or next((name for name in bots if name != "random"), "random")
        if self.bot_name not in bots:
            raise ValueError(f"{self.table.game.id} has no bot {self.bot_name!r}; bots: {', '.join(bots)}")
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self.render_mode = render_mode
        self._bots: dict[str, Bot] = {}
        self._plan: list[int] = []

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.table.reset(seed=game_seed)
        factory = self.table.game.bots[self.bot_name]
        self._bots = {
            agent: factory(agent, game_seed ^ (0x5EED + i))
            for i, agent in enumerate(self.table.possible_agents)
            if agent != self.agent
        }
        self._plan = []
        self._play_bots()
        return self.table.observe(self.agent), {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        self.table.step(int(action))
        self._play_bots()
        done = self.table.terminations[self.agent]
        reward = float(self.table._cumulative_rewards[self.agent]) if done else 0.0
        return self.table.observe(self.agent), reward, done, False, dict(self.table.infos[self.agent])

    def _play_bots(self) -> None:
        """Let the bots answer until it is the learning seat's turn or the game is over."""
        table = self.table
        while table.match.result is None and table.agent_selection != self.agent:
            agent = table.agent_selection
            if not self._plan:
                self._plan = self._actions(agent)
            table.step(self._plan.pop(0))

    def _actions(self, agent: str) -> list[int]:
        """The bot's answer to its prompt, as the environment's actions: its options one by one, then ``STOP``
        unless the answer is sent by itself (``max`` options picked)."""
        table = self.table
        prompt = table.current_prompt(agent)
        if prompt is None:
            raise RuntimeError(f"{agent} is selected with no prompt open")
        state = table.match.state

        def view() -> dict[str, Any]:
            return build_view(table.game, state, agent, texts=False)

        answer = self._bots[agent].choose(prompt, view)
        if prompt.text_max:
            return [table.STOP]
        actions = [prompt.options.index(option) for option in answer]
        if len(answer) < min(prompt.max, len(prompt.options)):
            actions.append(table.STOP)
        return actions

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()
