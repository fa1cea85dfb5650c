"""The custom-cards mode's pieces that belong to no character (rulebook sections 13 and 14): the objective cards
(``objectives.py``) and the acontecimientos (``happenings.py``), declared as hooks like a character's and placed
by ``registry.py`` around the characters' own, in the order the rules take them; and the mode's own rules where
the book's differ (``hooks.ModeRules``: its round, who rises with the mutineers, the lobotomy, the rabies, what
the table is shown at the end, what the noninterference check deals again and compares), which ``registry.py``
puts in ``hooks.CUSTOM_MODE``; and what a view shows of the objective cards and the acontecimiento."""

from __future__ import annotations

import random
from typing import Any

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem import happenings, objectives
from velada.games.bethlem.cards import CUSTOM_NIGHT, INMATES, KIND_OF, MUTINEERS, PERIODIC, PUNCTUAL
from velada.games.bethlem.common import AWAKE, AWAKE_OPPOSITE, BORROWED, BORROWED_AWAKE, NORMAL, mutineer_cards
from velada.games.bethlem.objectives import goal_visible, principal_card, reveal, traitors_undecided
from velada.games.bethlem.plugins import rises
from velada.games.bethlem.setup import GOALS_KEY, HAPPENINGS_KEY
from velada.games.bethlem.state import AgendaStep, BethlemState, Death
from velada.games.bethlem.view import BethlemView


def dusk(game, s: BethlemState) -> None:
    """Nightfall, before the characters' own: a new night's reveals start; the acontecimiento acting on this round
    takes hold; the objectives Infecto de rabia unmasked last round are shown (FAQ 15.3)."""
    s.revealed_now = []
    happenings.dusk(s)
    for seat in s.rabid_goals:
        reveal(s, seat, "infecto-de-rabia")
    s.rabid_goals = []


def round_end(game, s: BethlemState) -> None:
    """End of the round, before the characters' own: Hora de la siesta's check (``happenings.round_end``)."""
    happenings.round_end(s)


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """A card's markers after the characters': Cuerpo de espionaje's spy and skull (``happenings.markers``)."""
    return happenings.markers(s, card)


def borrowed(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """Who acts in the turn of ``kind`` with a power borrowed for the round (``s.borrowed``: El Chef's stolen
    powers), before the characters' own actors: normally or with its awakening."""
    return [
        (seat, card, BORROWED_AWAKE if awakened else BORROWED)
        for seat, card, awakened in s.borrowed
        if KIND_OF[card] == kind and not s.out[seat]
    ]


#: The custom-cards mode's night: the 36 turns and two moments when everybody wakes of section 14.
NIGHT_STEPS: tuple[AgendaStep, ...] = (
    ("dusk",),
    *(("night", step.id) for step in CUSTOM_NIGHT),
    ("reaper-awake",),
    ("dawn",),
)
#: The custom-cards mode's day: the Inquisidor may make his claim first; an acontecimiento comes at the end.
DAY: tuple[AgendaStep, ...] = (
    ("day",),
    ("inquisitor",),
    ("custom-day",),
    ("hostility",),
    ("event-choice", "dia"),
    ("amnesia",),
    ("vote", 1),
    ("draw",),
    ("happening",),
    ("round-end",),
)

#: Eclipse de Sol's day: none, the round ends.
ROUND_END: tuple[AgendaStep, ...] = (("round-end",),)


def round_steps(s: BethlemState) -> tuple[AgendaStep, ...]:
    """A new round's agenda: the custom night, then the custom day, unless an acontecimiento takes one away."""
    plan = happenings.round_plan(s)
    # Alerta roja: no night; night falls and day breaks at once (deaths put off to this round happen).
    night: tuple[AgendaStep, ...] = (("dusk",), ("dawn",)) if plan == "sin-noche" else NIGHT_STEPS
    # Eclipse de Sol: no day; after the night's deaths the next night comes.
    return night + (ROUND_END if plan == "sin-dia" else DAY)


def pack(s: BethlemState) -> list[int]:
    """Custom cards (section 13): the Amotinados, the Renegado and a Traidor who chose them rise every night, as
    their principal card's extra power. So they do not rise while that card (FAQ 15.6: their best living card)
    cannot act tonight (Melancolía, Celda de aislamiento, Gas de la risa)."""
    seats = []
    for seat in s.seats_in_game():
        if rises(s, seat):
            card = principal_card(s, seat)
            if card is not None and s.can_act(card):
                seats.append(seat)
    return seats


def lobotomy(s: BethlemState, target: str, mode: str) -> None:
    """With custom cards sides belong to objective cards, not to principal characters: the lobotomy works on a
    player through their principal card (FAQ 15.6). On the principal card of a player who rises with the
    mutineers, that player recovers their sanity and plays for the inmates from now on (no longer rising); the
    opposite drives an Interno mad, to the mutineers. Its holder loses the vote unless the lobotomy was the
    awakened one."""

    seat, pos = s.where[target]
    if principal_card(s, seat) != target:
        return
    normal = mode in (NORMAL, AWAKE)
    if normal and rises(s, seat):
        new = INMATES
    elif not normal and not rises(s, seat) and (s.goal_override.get(seat) or s.goal[seat]) == INMATES:
        new = MUTINEERS
    else:
        return
    s.goal_override[seat] = new
    s.lobotomy.sides[target] = new
    s.lobotomy.keeps_vote[target] = mode in (AWAKE, AWAKE_OPPOSITE)
    s.emit("cambia-de-bando", None, player=s.players[seat], position=pos + 1, side=new)


def rabies(s: BethlemState, seat: int, step: int, mode: str) -> None:
    """FAQ 15.3: with custom cards the rabies kills nobody; it reveals the objective of the nearest player to
    the left (right, with the opposite) who rises with the mutineers and is not unmasked yet — at the next dusk,
    as the disease takes a round (at once, awakened)."""
    n = len(s.players)
    for k in range(1, n):
        other = (seat + step * k) % n
        if s.out[other] or not rises(s, other) or s.goal_public[other] or other in s.rabid_goals:
            continue
        if mode.startswith("despertar"):
            reveal(s, other, "infecto-de-rabia")
        else:
            s.rabid_goals.append(other)
        s.emit("rabia-objetivo", NARRATOR_ONLY, player=s.players[other], mode=mode)
        return


def after_deaths(s: BethlemState, deaths: list[Death]) -> None:
    """A resolution killed these cards or took players out: who shows their objective now
    (``objectives.after_deaths``)."""
    objectives.after_deaths(s, [d[0] for d in deaths])


def finish(s: BethlemState) -> None:
    """At the end of the game every objective card is shown, after the life cards."""
    s.emit("objetivos", None, goals={s.players[seat]: goal for seat, goal in enumerate(s.goal)})


def archive(s: BethlemState, target: int, awakened: bool) -> list[int]:
    """With custom cards El archivo tells the position of ``target``'s principal card (FAQ 15.6): awakened, and
    of a player who rises with the mutineers (the card whose extra power lets them rise); of anybody else, their
    living mutineer cards, as in the book."""
    if awakened or rises(s, target):
        principal = principal_card(s, target)
        return [s.where[principal][1] + 1] if principal is not None else []
    return [s.where[c][1] + 1 for c in mutineer_cards(s, target)]


def melancholy(s: BethlemState, seat: int, target: str, option: str) -> None:
    """Section 14: with custom cards the table wakes to see Melancolía's card only after Gas de la risa's turn;
    until then its user alone knows it."""
    s.melancholy.unseen = target
    s.emit("melancolia", frozenset((s.players[seat],)), target=option)


def before_mutiny(s: BethlemState) -> bool:
    """On the first night the Traidor chooses whether to rise with the mutineers before they wake (section 13):
    his choice, then their turn again."""
    if s.round == 1 and traitors_undecided(s):
        s.agenda.extendleft((("night", "amotinados"), ("traitor",)))
        return True
    return False


def rose(s: BethlemState, seat: int) -> None:
    """Rising is the principal card's extra power (section 13): that card was used this round."""
    principal = principal_card(s, seat)
    if principal is not None:
        s.acted[principal] = s.round


#: Every acontecimiento's help: the deck is the same at every table.
HAPPENING_HELP = tuple(f"acontecimiento:{h}" for h in (*PERIODIC, *PUNCTUAL))


def help_ids(s: BethlemState, me: int | None, narrator: bool) -> tuple[list[str], tuple[str, ...]]:
    """The viewer's own objective card and those their view shows (revealed ones, those told to them), and
    every acontecimiento."""
    sides = [s.goal[me]] if me is not None else []
    sides += [s.goal[seat] for seat in range(len(s.players)) if narrator or goal_visible(s, me, seat)]
    return sides, HAPPENING_HELP


# --- views ----------------------------------------------------------------------------------------------------------


def view(game, s: BethlemState, view: BethlemView, me: int | None, narrator: bool, lang: str) -> None:
    """Section 13: each objective card is hidden until it is revealed (or its viewer saw it); the viewer's own
    objective card, and a Traidor's chosen side; the acontecimiento shown to the table and the round it acts on;
    for the narrator, every Traidor's side. Before the characters' own (``registry.py``)."""
    goals = s.goal
    for seat, entry in enumerate(view["players"]):
        shown = narrator or goal_visible(s, me, seat)
        entry["objective"] = goals[seat] if shown else None
        entry["objective_revealed"] = s.goal_public[seat]
        entry["objective_name"] = game.text(lang, f"side.{goals[seat]}") if shown else None
    active = s.happen.active if s.happen else None
    view["happening"] = None if active is None else {"id": active[0], "round": active[1]}
    if me is not None:
        you = view["you"]
        you["objective_card"] = goals[me]
        side = s.traitor_side.get(me)
        if goals[me] == "traidor" and side:
            you["traitor_side"] = side
    if narrator:
        view["secrets"]["traitor_sides"] = {s.players[seat]: side for seat, side in s.traitor_side.items()}


# --- what the noninterference check deals again and compares (``game.BethlemGame``) ----------------------------------

#: Chance draws told to some players only: El Relojero's numbers, La frontera's roles and the event El
#: Saltamundos steals (the thief's new event, like every event drawn).
SECRET_DRAWS = frozenset({"el-relojero-numeros", "frontera-rol", "el-saltamundos-robo", "evento"})
#: Melancolía's card is told to nobody until the table wakes to see it, after Gas de la risa's turn
#: (section 14, :func:`melancholy`).
TOLD_TO_NOBODY = frozenset({"melancolia"})


def deal(s: BethlemState, dealt: dict[str, Any]) -> None:
    """The objective cards are dealt (by player), and the acontecimientos' decks."""
    dealt[GOALS_KEY] = dict(zip(s.players, s.goal, strict=True))
    if s.happen:
        happen = s.happen
        dealt[HAPPENINGS_KEY] = {"periodicos": list(happen.periodic), "puntuales": list(happen.punctual)}


def known(s: BethlemState, me: int | None, seen: set[Any]) -> None:
    """The objective cards the viewer sees (``("goal", seat)``)."""
    seen.update(("goal", seat) for seat in range(len(s.players)) if goal_visible(s, me, seat))


def hide_goals(state: BethlemState, s: BethlemState, me: int | None, rng: random.Random) -> None:
    """Deal again the objective cards ``me`` may not know (section 13: hidden until revealed); what sits on an
    objective card (the Traidor's chosen side) goes with it. Before the characters' own secrets
    (``registry.py``)."""
    seats = [i for i in range(len(s.players)) if not goal_visible(state, me, i)]
    order = list(seats)
    rng.shuffle(order)
    goals = {i: state.goal[j] for i, j in zip(seats, order, strict=True)}
    sides = {i: state.traitor_side[j] for i, j in zip(seats, order, strict=True) if j in state.traitor_side}
    for i in seats:
        s.goal[i] = goals[i]
        s.traitor_side.pop(i, None)
    s.traitor_side.update(sides)
