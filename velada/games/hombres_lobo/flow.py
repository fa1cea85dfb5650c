"""The order of the game, as data: the preparation turn once, then night and day until the end.

The state keeps an *agenda*, a queue of steps. A step opens prompts or does its work at once; the answers to
its prompts go to the step's resolver. Steps that must happen next (a wolves' second round, the Cazador's shot,
a runoff) are pushed to the front of the agenda, so the flow is computed in the same pass that changed the
state.
"""

from __future__ import annotations

from collections.abc import Callable

from velada.core.game import Answers
from velada.games.hombres_lobo import day, deaths, night, preparation
from velada.games.hombres_lobo.ending import finish, outcome
from velada.games.hombres_lobo.state import AgendaStep, WerewolfState
from velada.games.hombres_lobo.theme import CUPID, THIEF, Theme

#: Turno de preparación: the Ladrón, Cupido, and the Alguacil's election if held now; then a first check
#: (a Ladrón may have left every wolf among the spare cards).
PREPARATION: tuple[AgendaStep, ...] = (("thief",), ("cupid",), ("election", "preparation"), ("check",))
#: The night's calls in the rulebook's order, then dawn.
NIGHT: tuple[AgendaStep, ...] = (("dusk",), ("seer",), ("wolves", 1), ("witch",), ("dawn",))
#: The day: the election if held on the first day, then the vote.
DAY: tuple[AgendaStep, ...] = (("election", "day"), ("vote",))
#: The day of a table that holds no election on a day (``alguacil`` is ``no`` or ``preparacion``): the vote.
VOTE_DAY: tuple[AgendaStep, ...] = (("vote",),)
#: A round, the night then the day, by whether the table holds an election on a day: the agenda takes it in one go.
ROUNDS: dict[bool, tuple[AgendaStep, ...]] = {False: NIGHT + VOTE_DAY, True: NIGHT + DAY}


def preparation_turn(s: WerewolfState) -> tuple[AgendaStep, ...]:
    """The preparation turn of ``s``, just dealt: :data:`PREPARATION` without the steps that can do nothing at
    this table — the Ladrón's and Cupido's calls when their cards are not in the game (no call, no seat) and the
    election when the table holds it on a day or not at all — so that a game does not run them one by one."""
    return _PREPARATIONS[THIEF in s.powers_in_game, CUPID in s.powers_in_game, s.settings.sheriff == "preparacion"]


#: :func:`preparation_turn`'s turns, by (Ladrón in the game, Cupido in the game, election in the preparation turn).
_PREPARATIONS: dict[tuple[bool, bool, bool], tuple[AgendaStep, ...]] = {
    (thief, cupid, election): tuple(
        step for step, kept in zip(PREPARATION, (thief, cupid, election, True), strict=True) if kept
    )
    for thief in (False, True)
    for cupid in (False, True)
    for election in (False, True)
}


def _check(theme: Theme, s: WerewolfState) -> None:
    result = outcome(theme, s)
    if result is not None:
        finish(theme, s, result)


STEPS: dict[str, Callable[..., None]] = {
    "thief": preparation.thief_step,
    "cupid": preparation.cupid_step,
    "election": day.election_step,
    "election_revote": day.election_revote_step,
    "check": _check,
    "dusk": night.dusk_step,
    "seer": night.seer_step,
    "wolves": night.wolves_step,
    "witch": night.witch_step,
    "witch_death": night.witch_death_step,
    "dawn": night.dawn_step,
    "vote": day.vote_step,
    "runoff": day.runoff_step,
    "revote": day.revote_step,
    "tiebreak": day.tiebreak_step,
    "hunter": deaths.hunter_step,
    "successor": deaths.successor_step,
}

RESOLVERS: dict[str, Callable[..., None]] = {
    "thief": preparation.thief_resolve,
    "cupid": preparation.cupid_resolve,
    "election": day.election_resolve,
    "election_revote": day.election_revote_resolve,
    "seer": night.seer_resolve,
    "wolves": night.wolves_resolve,
    "witch": night.witch_life_resolve,
    "witch_death": night.witch_death_resolve,
    "vote": day.vote_resolve,
    "runoff": day.runoff_resolve,
    "revote": day.revote_resolve,
    "tiebreak": day.tiebreak_resolve,
    "hunter": deaths.hunter_resolve,
    "successor": deaths.successor_resolve,
}


def advance(theme: Theme, s: WerewolfState) -> None:
    """Run the agenda until some prompt is open or the game is over."""
    resolve(theme, s, None)


def resolve(theme: Theme, s: WerewolfState, answers: Answers | None) -> None:
    """Hand a completed group of ``answers`` to the resolver of the step that opened it (none: the game's first
    step), then run the agenda until some prompt is open or the game is over. One function for both, as a game
    resolves ~33 groups and a call's frame is a measurable part of each (docs/performance.md, eleventh round)."""
    if answers is not None:
        step = s.step
        if len(step) == 1:
            RESOLVERS[step[0]](theme, s, answers)
        elif len(step) == 2:
            RESOLVERS[step[0]](theme, s, answers, step[1])
        else:
            assert step, "answers come only while a step runs"
            RESOLVERS[step[0]](theme, s, answers, *step[1:])
    agenda = s.agenda
    while not s.group and s.result is None:
        if not agenda:
            agenda.extend(ROUNDS[s.settings.sheriff.startswith("dia-")])
        step = agenda.popleft()
        s.step = step
        # Steps carry no argument or one: called without slicing the step (``*step[1:]`` builds two tuples). The
        # size is asked of ``len`` each time, which tells the type checker the step's shape.
        if len(step) == 1:
            STEPS[step[0]](theme, s)
        elif len(step) == 2:
            STEPS[step[0]](theme, s, step[1])
        else:
            STEPS[step[0]](theme, s, *step[1:])
