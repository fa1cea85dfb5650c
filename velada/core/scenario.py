"""Scenario files: a whole game as JSON, replayed step by step.

    {"game": "hombres-lobo", "options": {"voto": "simple"}, "players": ["Ana", "Bea", ...], "seed": 7,
     "deal": {"Ana": "vidente", ...},
     "choices": [{"player": "Ana", "prompt": "vidente", "choose": ["Bea"]}, ...]}

``options``, ``seed`` and ``deal`` are optional; a prompt may be named by its id or, when unambiguous, by its
kind; ``"choose": []`` skips. A record written by :meth:`Match.record` is a scenario. Any other key, in the
scenario or in a choice, is refused: a misspelt ``"option"`` would otherwise be silently ignored.

The runner reads the game as its narrator does (it may know everything): when a step is refused it says what was
open at that moment, which the engine never tells a player.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from velada.core.engine import Match
from velada.core.errors import Problem
from velada.core.protocol import IllegalAction
from velada.core.registry import Registry

#: The keys of a scenario, and of each of its choices.
#: ``talk`` is what was said at an online table (a downloaded record): shown in its place by ``velada run``,
#: never played — talk does not change the game.
SCENARIO_KEYS = ("game", "options", "players", "seed", "deal", "choices", "talk")
CHOICE_KEYS = ("player", "prompt", "choose")
#: The keys of a message said (``velada.core.talk.Talk.record``): ``after`` is how many choices had been made.
TALK_KEYS = ("channel", "player", "text", "after", "deleted")


class ScenarioError(Exception):
    """A scenario that cannot be played: malformed, or a choice the game refuses (``step`` counts from 1; the
    game's refusal is ``illegal``, whose reason :meth:`text` gives in any language, followed by ``after``, what
    the narrator saw open at that moment)."""

    def __init__(
        self,
        message: str | Problem,
        step: int | None = None,
        illegal: IllegalAction | None = None,
        after: Callable[[str], str] | None = None,
    ) -> None:
        self.step = step
        self.problem = message if isinstance(message, Problem) else None
        self.where = str(message)
        self.illegal = illegal
        self.after = after
        super().__init__(self.text("es"))

    def text(self, lang: str = "es") -> str:
        """What went wrong, the game's reason in ``lang``."""
        where = self.problem.text(lang) if self.problem is not None else self.where
        text = f"{where}: {self.illegal.text(lang)}" if self.illegal is not None else where
        if self.after is not None:
            text = f"{text} {self.after(lang)}"
        return text


def _problem(code: str, at: int | None = None, **params: Any) -> ScenarioError:
    return ScenarioError(Problem(code, **params), at)


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise _problem("scenario-unreadable", path=str(path), why=str(exc)) from None
    if not isinstance(data, dict):
        raise _problem("scenario-object")
    return data


def _unknown_keys(given: Mapping[str, Any], known: tuple[str, ...], step: int | None = None) -> None:
    unknown = ", ".join(repr(key) for key in given if key not in known)
    if not unknown:
        return
    if step is None:
        raise _problem("scenario-keys", unknown=unknown, known=", ".join(known))
    raise _problem("choice-keys", step, step=step, unknown=unknown, known=", ".join(known))


def start(scenario: Mapping[str, Any], registry: Registry) -> Match:
    """The match a scenario sets up, before its choices."""
    _unknown_keys(scenario, SCENARIO_KEYS)
    for key in ("game", "players"):
        if key not in scenario:
            raise _problem("scenario-needs", key=repr(key))
    if str(scenario["game"]) not in registry:
        raise _problem("unknown-game", game=repr(scenario["game"]), games=", ".join(registry.ids()))
    game = registry.get(str(scenario["game"]))
    players = scenario["players"]
    if not isinstance(players, list):
        raise _problem("scenario-players")
    seed = scenario.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _problem("scenario-seed")
    options = scenario.get("options") or {}
    if not isinstance(options, dict):
        raise _problem("scenario-options")
    deal = scenario.get("deal")
    if deal is not None and not isinstance(deal, dict):
        raise _problem("scenario-deal")
    try:
        return Match(game, players, options, seed, deal)
    except Problem as exc:
        raise ScenarioError(exc) from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        # A deal the game could not read: its own checks say why; anything else is still the deal's fault.
        why = exc.args[0] if isinstance(exc, ValueError) and exc.args else f"{type(exc).__name__}: {exc}"
        raise _problem("bad-deal", game=game.id, why=str(why)) from None


def talk(scenario: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What was said at the table (a downloaded record's ``talk``), each message checked: its channel, its player
    and ``after``, a number of choices the scenario has; its text, or ``None`` once deleted."""
    said = scenario.get("talk") or []
    choices = scenario.get("choices") or []
    if not isinstance(said, list):
        raise _problem("scenario-talk-list")
    for n, message in enumerate(said, start=1):
        ok = isinstance(message, dict) and set(message) <= set(TALK_KEYS) and set(TALK_KEYS[:4]) <= set(message)
        if ok:
            after, text = message["after"], message["text"]
            ok = (
                isinstance(message["channel"], str)
                and isinstance(message["player"], str)
                and (isinstance(text, str) or (text is None and message.get("deleted") is True))
                and isinstance(after, int)
                and not isinstance(after, bool)
                and 0 <= after <= len(choices)
            )
        if not ok:
            raise _problem("scenario-talk", n=n)
    return said


def open_now(match: Match, lang: str) -> str:
    """What the narrator sees open: each unanswered prompt's id and its players, or that the game is over."""
    from velada.core.i18n import CORE_MESSAGES

    if match.result is not None:
        return CORE_MESSAGES.text(lang, "problem.open-none-over")
    players: dict[str, list[str]] = {}
    for prompt in match.pending():
        players.setdefault(prompt.id, []).append(prompt.player)
    listed = "; ".join(f"{pid} ({', '.join(who)})" for pid, who in players.items())
    return CORE_MESSAGES.text(lang, "problem.open-now", prompts=listed)


def play(
    scenario: Mapping[str, Any], registry: Registry, after_step: Callable[[Match, int], None] | None = None
) -> Match:
    """Set up the scenario's match and apply its choices in order; an illegal one raises
    :class:`ScenarioError` naming the step and what was open at that moment."""
    match = start(scenario, registry)
    choices = scenario.get("choices", [])
    if not isinstance(choices, list):
        raise _problem("scenario-choices")
    for step, choice in enumerate(choices, start=1):
        if not isinstance(choice, dict) or not set(CHOICE_KEYS) <= set(choice):
            raise _problem("choice-shape", step, step=step)
        _unknown_keys(choice, CHOICE_KEYS, step)
        chosen = choice["choose"]
        if not isinstance(chosen, list):
            raise _problem("choice-choose", step, step=step)
        player, name = str(choice["player"]), str(choice["prompt"])
        try:
            match.choose(player, name, [str(c) for c in chosen])
        except IllegalAction as exc:

            def after(lang: str, code: str = exc.code, player: str = player, name: str = name) -> str:
                hint = match.game.not_open_hint(match.state, player, name, lang) if code == "not-open" else None
                told = open_now(match, lang)
                return f"{hint} {told}" if hint else told

            raise ScenarioError(f"step {step} ({player} → {name} {chosen})", step, exc, after) from None
        if after_step is not None:
            after_step(match, step)
    return match
