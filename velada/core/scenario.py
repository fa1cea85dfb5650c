"""Scenario files: a whole game as JSON, replayed step by step.

    {"game": "hombres-lobo", "options": {"voto": "simple"}, "players": ["Ana", "Bea", ...], "seed": 7,
     "deal": {"Ana": "vidente", ...},
     "choices": [{"player": "Ana", "prompt": "vidente", "choose": ["Bea"]}, ...]}

``options``, ``seed`` and ``deal`` are optional; a prompt may be named by its id or, when unambiguous, by its
kind; ``"choose": []`` skips. A record written by :meth:`Match.record` is a scenario.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from velada.core.engine import Match
from velada.core.options import OptionError
from velada.core.protocol import IllegalAction
from velada.core.registry import Registry


class ScenarioError(Exception):
    """A scenario that cannot be played: malformed, or a choice the game refuses (``step`` counts from 1; the
    game's refusal is ``illegal``, whose reason :meth:`text` gives in any language)."""

    def __init__(self, message: str, step: int | None = None, illegal: IllegalAction | None = None) -> None:
        self.step = step
        self.where = message
        self.illegal = illegal
        super().__init__(self.text("es"))

    def text(self, lang: str = "es") -> str:
        """What went wrong, the game's reason in ``lang``."""
        return f"{self.where}: {self.illegal.text(lang)}" if self.illegal is not None else self.where


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    return data


def start(scenario: Mapping[str, Any], registry: Registry) -> Match:
    """The match a scenario sets up, before its choices."""
    for key in ("game", "players"):
        if key not in scenario:
            raise ScenarioError(f"a scenario needs {key!r}")
    try:
        game = registry.get(str(scenario["game"]))
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None
    players = scenario["players"]
    if not isinstance(players, list):
        raise ScenarioError("'players' is a list of player ids")
    seed = scenario.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError("'seed' is a whole number")
    try:
        return Match(game, players, scenario.get("options") or {}, seed, scenario.get("deal"))
    except (OptionError, ValueError) as exc:
        raise ScenarioError(str(exc)) from None


def play(
    scenario: Mapping[str, Any], registry: Registry, after_step: Callable[[Match, int], None] | None = None
) -> Match:
    """Set up the scenario's match and apply its choices in order; an illegal one raises
    :class:`ScenarioError` naming the step."""
    match = start(scenario, registry)
    choices = scenario.get("choices", [])
    if not isinstance(choices, list):
        raise ScenarioError("'choices' is a list")
    for step, choice in enumerate(choices, start=1):
        if not isinstance(choice, dict) or not {"player", "prompt", "choose"} <= set(choice):
            raise ScenarioError('each choice is {"player", "prompt", "choose"}', step)
        chosen = choice["choose"]
        if not isinstance(chosen, list):
            raise ScenarioError("'choose' is a list of option ids", step)
        try:
            match.choose(str(choice["player"]), str(choice["prompt"]), [str(c) for c in chosen])
        except IllegalAction as exc:
            raise ScenarioError(f"step {step} ({choice['player']} → {choice['prompt']} {chosen})", step, exc) from None
        if after_step is not None:
            after_step(match, step)
    return match
