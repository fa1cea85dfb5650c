"""The order of the game, as data: the players arrange their cards, then rounds of night and day until an
objective is met or the round limit is reached.

The state keeps an *agenda*, a queue of steps ``(name, *args)``. A step opens prompts or does its work at once;
the answers to its prompts go to the step's answer function. Steps that must happen next (a second round of
the mutineers' vote, a death power, Amnesia's second lynching) are pushed to the front of the agenda, so the
flow is computed in the same pass that changed the state.

A round (section 4) is the night's 27 steps of ``data/noche.toml`` between dusk and dawn, then the day
(``DAY``).
"""

from __future__ import annotations

from collections.abc import Callable

from velada.core.game import Answers
from velada.games.bethlem import (
    actions,
    characters,
    cuentacuentos,
    day,
    deaths,
    events,
    happenings,
    night,
    objectives,
    setup_flow,
)
from velada.games.bethlem.cards import NIGHT
from velada.games.bethlem.custom import registry as custom
from velada.games.bethlem.ending import check, draw_by_limit, finish
from velada.games.bethlem.hooks import BOOK_MODE
from velada.games.bethlem.state import BethlemState

#: The night: dusk, the 27 turns in the rulebook's order, dawn (deaths are resolved and shown).
NIGHT_STEPS = (("dusk",), *(("night", step.id) for step in NIGHT), ("reaper-awake",), ("dawn",))
#: The day: day powers, the lynching, the losing player's event, the end of the round.
DAY = (("day",), ("hostility",), ("event-choice", "dia"), ("amnesia",), ("vote", 1), ("draw",), ("round-end",))


def new_round(game, s: BethlemState) -> None:
    """A new round begins with the night, unless the round limit is reached (a draw)."""
    if s.round >= s.settings.round_limit:
        finish(s, draw_by_limit(s))
        return
    s.round += 1
    s.agenda.extend(s.settings.hooks.rules.round_steps(s))


def book_round(s: BethlemState) -> tuple[tuple, ...]:
    """The book's round: the night, then the day."""
    return ROUND


ROUND = NIGHT_STEPS + DAY
BOOK_MODE.round_steps = book_round


STEPS: dict[str, Callable[..., None]] = {
    "round": new_round,
    "check": check,
    "res": deaths.res_step,
    "resolve": deaths.resolve_step,
    "cellmates-mode": deaths.cellmates_mode_step,
    "cellmates-revive": deaths.cellmates_revive_step,
    "rabies-mode": deaths.rabies_mode_step,
    "ali-choice": deaths.ali_choice_step,
    "sweet-grave": deaths.sweet_grave_step,
    "replace": deaths.replace_step,
    "reaper-awake": characters.reaper_awake_step,
    "reaper-move": characters.reaper_move_step,
    **setup_flow.STEPS,
    **night.STEPS,
    **day.STEPS,
    **events.STEPS,
    **actions.STEPS,
    **cuentacuentos.STEPS,
    **objectives.STEPS,
    **happenings.STEPS,
    **custom.STEPS,
}

ANSWERS: dict[str, Callable[..., None]] = {
    "res": deaths.res_answer,
    "cellmates-mode": deaths.cellmates_mode_answer,
    "cellmates-revive": deaths.cellmates_revive_answer,
    "rabies-mode": deaths.rabies_mode_answer,
    "ali-choice": deaths.ali_choice_answer,
    "sweet-grave": deaths.sweet_grave_answer,
    "replace": deaths.replace_answer,
    "reaper-awake": characters.reaper_awake_answer,
    "reaper-move": characters.reaper_move_answer,
    **setup_flow.ANSWERS,
    **night.ANSWERS,
    **day.ANSWERS,
    **events.ANSWERS,
    **actions.ANSWERS,
    **cuentacuentos.ANSWERS,
    **objectives.ANSWERS,
    **happenings.ANSWERS,
    **custom.ANSWERS,
}


def advance(game, s: BethlemState) -> None:
    """Run the agenda until some prompt is open or the game is over."""
    agenda = s.agenda
    while not s.group and s.result is None:
        if not agenda:
            agenda.append(("round",))
        step = agenda.popleft()
        s.step = step
        # The usual shapes (no argument, one, a power's five) are called without slicing the step: a call with
        # ``*step[1:]`` builds two tuples, and a game runs ~600 steps (docs/performance.md).
        size = len(step)
        if size == 1:
            STEPS[step[0]](game, s)
        elif size == 2:
            STEPS[step[0]](game, s, step[1])
        elif size == 6:
            STEPS[step[0]](game, s, step[1], step[2], step[3], step[4], step[5])
        else:
            STEPS[step[0]](game, s, *step[1:])


def resolve(game, s: BethlemState, answers: Answers) -> None:
    """Hand a completed group of answers to the step that opened it, then go on."""
    step = s.step
    size = len(step)  # the shapes ``advance`` calls without slicing
    if size == 1:
        ANSWERS[step[0]](game, s, answers)
    elif size == 2:
        ANSWERS[step[0]](game, s, answers, step[1])
    elif size == 6:
        ANSWERS[step[0]](game, s, answers, step[1], step[2], step[3], step[4], step[5])
    else:
        ANSWERS[step[0]](game, s, answers, *step[1:])
    advance(game, s)
