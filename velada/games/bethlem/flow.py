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

import functools
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
from velada.games.bethlem.cards import HYPNOSIS_POWERS, NIGHT
from velada.games.bethlem.custom import registry as custom
from velada.games.bethlem.ending import check, draw_by_limit, finish
from velada.games.bethlem.hooks import BOOK_MODE
from velada.games.bethlem.state import AgendaStep, BethlemState

#: The whole night: dusk, the 27 turns in the rulebook's order, dawn (deaths are resolved and shown). A round's
#: night leaves off the turns that cannot do anything at its table (``book_night``).
NIGHT_STEPS: tuple[AgendaStep, ...] = (("dusk",), *(("night", step.id) for step in NIGHT), ("reaper-awake",), ("dawn",))
#: The day: day powers, the lynching, the losing player's event, the end of the round.
DAY: tuple[AgendaStep, ...] = (
    ("day",),
    ("hostility",),
    ("event-choice", "dia"),
    ("amnesia",),
    ("vote", 1),
    ("draw",),
    ("round-end",),
)


def new_round(game, s: BethlemState) -> None:
    """A new round begins with the night, unless the round limit is reached (a draw)."""
    if s.round >= s.settings.round_limit:
        finish(s, draw_by_limit(s))
        return
    s.round += 1
    s.agenda.extend(s.settings.hooks.rules.round_steps(s))


def book_round(s: BethlemState) -> tuple[AgendaStep, ...]:
    """The book's round: the night, then the day; the night without the turns that cannot do anything in this
    game tonight (``book_night``)."""
    r = s.round
    # A turn's date depends only on whether this is the first round and on the round's parity.
    return book_night(1 if r == 1 else 2 + r % 2, _kinds_present(s)) + DAY


def _kinds_present(s: BethlemState) -> frozenset[str]:
    """The kinds of cards on the table, the players' personalities and the narrator's Cuentacuentos: read again
    only with the table's cards by kind (``BethlemState.find``), since cards and personalities only change places.
    Built every round, the set and its hash for ``book_night``'s cache cost ~1% of a game."""
    s.found("")  # the table's cards by kind, worked out once per board
    known = s.kinds_on_board
    assert known is not None  # just read by find
    by_kind = known[1]
    read = s.night_kinds
    if read is None or read[0] is not by_kind:
        present = set(by_kind)
        present.update(s.persona)
        if s.settings.storyteller:
            present.add(STORYTELLER)
        read = s.night_kinds = (by_kind, frozenset(present))
    return read[1]


#: The card of the night's first turn, "Preguntas al narrador": not a card on the table but the narrator's
#: Cuentacuentos (``Settings.storyteller``).
STORYTELLER = "cuentacuentos"


@functools.lru_cache(maxsize=512)
def book_night(round_: int, present: frozenset[str]) -> tuple[AgendaStep, ...]:
    """The book's night on round ``round_`` (1, or any round of the same parity: the turns' dates) in a game whose
    table holds the kinds of cards ``present`` (with the players' personalities, and ``STORYTELLER`` with a
    narrator): dusk, the turns due that round that may do something, in the rulebook's order, and dawn.

    A turn of a card that is not on the table and that no player is (a personality) calls nobody and wakes
    nobody: its power's users are its holders, the director with a dead card of the table he borrowed, and a
    player Terapia de hipnosis lent its power to (``common.actors``), so it is kept for the powers hypnosis may
    lend (``HYPNOSIS_POWERS``) whatever the table holds. The turns that follow a power up without its card
    (Arthur 2 with Arthur's protections, Muerte dulce 2 with its exchange, Juego de azar's tokens moving on, the
    awakened Parca's extra turn) have only what that card's power left: the same rule. The mutineers' turn is
    called every night, the night's events turn (no card) always comes. The kinds and personalities on the table
    do not change during a game (cards and personalities only change places), so this is worked out once per
    table and date. Not for custom cards: their characters use other cards' powers in their turns
    (``custom/mode.py`` has its own night)."""
    turns: list[AgendaStep] = [("dusk",)]
    for step in NIGHT:
        card = step.card
        if step.due(round_) and (not card or step.called or card in present or card in HYPNOSIS_POWERS):
            turns.append(("night", step.id))
    if "la-parca" in present:
        turns.append(("reaper-awake",))
    turns.append(("dawn",))
    return tuple(turns)


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
    agenda, steps = s.agenda, STEPS
    while not s.group and s.result is None:
        try:
            step = agenda.popleft()
        except IndexError:
            step = ("round",)
        s.step = step
        # The usual shapes (no argument, one, a power's five) are called without slicing the step: a call with
        # ``*step[1:]`` builds two tuples, and a game runs ~600 steps (docs/performance.md). The type checker
        # narrows a step's shape by ``len(step)`` itself, not by a saved size: asking ``len`` in each branch cost
        # 0.35% of a game (callgrind), so the indexing is checked by the size, not by mypy.
        size = len(step)
        if size == 1:
            steps[step[0]](game, s)
        elif size == 2:
            steps[step[0]](game, s, step[1])  # type: ignore[misc]
        elif size == 6:
            steps[step[0]](game, s, step[1], step[2], step[3], step[4], step[5])  # type: ignore[misc]
        else:
            steps[step[0]](game, s, *step[1:])


def resolve(game, state: BethlemState, answers: Answers) -> None:
    """Hand a completed group of answers to the step that opened it, then go on."""
    step = state.step
    size = len(step)  # the shapes ``advance`` calls without slicing, the indexing checked by the size as there
    if size == 1:
        ANSWERS[step[0]](game, state, answers)  # type: ignore[misc]
    elif size == 2:
        ANSWERS[step[0]](game, state, answers, step[1])  # type: ignore[misc]
    elif size == 6:
        ANSWERS[step[0]](game, state, answers, step[1], step[2], step[3], step[4], step[5])  # type: ignore[misc]
    else:
        assert step, "answers come only while a step runs"
        ANSWERS[step[0]](game, state, answers, *step[1:])
    advance(game, state)
