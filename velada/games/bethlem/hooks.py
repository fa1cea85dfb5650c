"""The declared hooks through which the custom characters (``custom/``, section 13) take part in the rest of the
game: the tables the lower layers read, filled once by ``custom/registry.py`` (``plugins.install``).

The rules modules never name a custom character: the death resolution asks ``HOOKS.immunities`` (the
characters' and the acontecimientos'), ``redirect`` and ``triggers``; the night and day flow ask ``dusks``,
``mutiny``, ``days``, ``round_ends``; the state asks ``silenced``. They read the table through ``hooks_of(s)``,
which gives a game without custom cards an empty one (``NO_HOOKS``): a table left empty means "nothing happens",
so those stages need no branch on the mode. This module sits below the state (it imports no rules module), so
any layer may read it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from velada.games.bethlem.state import BethlemState

#: What ``silences`` may be asked about besides a card: a player's personality, their vote in the lynching,
#: their event cards.
PERSONA, VOTE, EVENTS = "personalidad", "voto", "eventos"
#: The harms ``redirect`` and ``harmed`` see: a death marker, John Flick's accusation, La parca's design,
#: Melancolía.
DEATH, ACCUSATION, REAPER, MELANCHOLY = "muerte", "acusacion", "parca", "melancolia"
HARMS = (DEATH, ACCUSATION, REAPER, MELANCHOLY)

#: ``ask(game, s, seat, card, origin, stage)`` and ``answer(game, s, answers, seat, card, origin, stage)``.
Power = tuple[Callable[..., None], Callable[..., None] | None]
#: An agenda step ``(name, *args)`` run by ``steps[name](game, s, *args)``, or the answer to its prompts,
#: ``answers[name](game, s, answers, *args)`` (``flow.STEPS``, ``flow.ANSWERS``).
Step = Callable[..., None]
#: A night step's handler: ``handler(game, s)`` decides who wakes in the step.
Handler = Callable[[Any, "BethlemState"], None]
#: A death power: ``trigger(s, card, cause, by)`` returns agenda steps to run (deaths go to ``s.res.next``).
Trigger = Callable[["BethlemState", str, str, tuple[int, ...]], list[tuple]]


@dataclass(slots=True)
class Hooks:
    """Every custom character's pieces, gathered by kind of hook (see ``plugins.Character`` for each one's
    meaning), in the registry's order."""

    powers: dict[str, Power] = field(default_factory=dict)
    handlers: dict[str, Handler] = field(default_factory=dict)
    #: Kinds whose night handler wakes ``common.actors`` (``Character.handler_wakes_actors``).
    actor_handlers: frozenset[str] = frozenset()
    steps: dict[str, Callable[..., None]] = field(default_factory=dict)
    answers: dict[str, Callable[..., None]] = field(default_factory=dict)
    triggers: dict[str, Trigger] = field(default_factory=dict)
    immunities: tuple[Callable[[BethlemState, str, str, int], str], ...] = ()
    reveals: tuple[Callable[[BethlemState, int, list[str], bool], bool], ...] = ()
    on_awaken: Mapping[str, Callable[[BethlemState, str], None]] = field(default_factory=dict)
    markers: tuple[Callable[[BethlemState, str, bool], list[str]], ...] = ()
    dusks: tuple[Callable[[BethlemState], None], ...] = ()
    round_ends: tuple[Callable[[Any, BethlemState], None], ...] = ()
    days: tuple[Handler, ...] = ()
    on_out: tuple[Callable[[BethlemState, int], list[tuple]], ...] = ()
    actors: tuple[Callable[[BethlemState, str], list[tuple[int, str, str]]], ...] = ()
    mutiny: tuple[Callable[[BethlemState, list[int]], tuple[list[int], list[tuple]]], ...] = ()
    silences: tuple[Callable[[BethlemState, int, str, bool], bool], ...] = ()
    redirects: tuple[Callable[[BethlemState, str, str], str], ...] = ()
    harmed: tuple[Callable[[BethlemState, str, str, tuple[int, ...]], None], ...] = ()
    hides: tuple[Callable[[BethlemState, BethlemState, int | None, Any], None], ...] = ()
    badges: tuple[Callable[[BethlemState, int, int | None, bool], list[str]], ...] = ()


def _not_installed(*args: Any) -> Any:
    raise RuntimeError("the custom mode's rules are not installed (velada.games.bethlem.custom.registry)")


@dataclass(slots=True)
class ModeRules:
    """The custom-cards mode's own rules that the normal rules below them defer to (``objectives.py``, installed
    by ``custom/registry.py``): the objective cards decide what a player plays for and who wins, and who shows
    their objective after deaths."""

    objective: Callable[[BethlemState, int], str] = _not_installed
    outcome: Callable[[BethlemState], Any] = _not_installed
    after_deaths: Callable[[BethlemState, list[str]], None] = _not_installed


@dataclass(slots=True)
class NightTables:
    """Every power by id and the night turns with a handler of their own (``powers.POWERS``,
    ``powers.HANDLERS`` and the night's own ``night.LOCAL_HANDLERS``), for the characters that use another card's
    power in their own turn (El Arquitecto, La Médium, La Médico); filled by ``night.py`` when it is imported."""

    powers: Mapping[str, Power] = field(default_factory=dict)
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    local_handlers: Mapping[str, Handler] = field(default_factory=dict)


#: The night's tables, filled in place by ``night.py``.
NIGHT = NightTables()

#: The custom mode's rules, filled in place like ``HOOKS``.
CUSTOM_MODE = ModeRules()

#: The one table, filled in place by ``plugins.install`` when the custom package is imported.
HOOKS = Hooks()

#: The table a game without custom cards reads: every hook empty, so nothing happens.
NO_HOOKS = Hooks()
#: The tables by ``Settings.custom``: what ``hooks_of`` returns, read in place where the rules ask at every turn.
BY_MODE = (NO_HOOKS, HOOKS)


def hooks_of(s: BethlemState) -> Hooks:
    """The hooks this game's rules call: the custom characters' with custom cards, none otherwise. The stages
    that call them ask this table rather than the mode."""
    return BY_MODE[s.settings.custom]


def silenced(s: BethlemState, seat: int, what: str, active: bool = True) -> bool:
    """Whether a custom character keeps ``seat`` from using ``what`` now (``Character.silences``)."""
    return any(hook(s, seat, what, active) for hook in hooks_of(s).silences)


def harm(s: BethlemState, card: str, what: str, by: tuple[int, ...] = ()) -> str:
    """A harm (``HARMS``) is aimed at ``card`` by the seats ``by``: the card that takes it (La Maestra Vudú's
    doll), after the characters that react to it were told (``Character.harmed``)."""
    hooks = hooks_of(s)
    for hook in hooks.redirects:
        card = hook(s, card, what)
    for seen in hooks.harmed:
        seen(s, card, what, by)
    return card


def redirected(s: BethlemState, card: str, what: str) -> str:
    """The card that takes a harm aimed at ``card``, without telling anybody (it was told when placed)."""
    for hook in hooks_of(s).redirects:
        card = hook(s, card, what)
    return card
