"""David «El Cyborg» (section 13): a card that cannot die.

- **Base power.** Each time the card is attacked it survives, and its holder must exchange it with a living
  card of another player (both stay alive; everybody sees the two positions swap). FAQ 15.4: it never died, so
  nothing that fires on a death fires. Each of those attacks gives a point to the player who was dealt the card;
  in El Cyborg's turn that player may spend points: 1 to look at a card or at a player's objective, 2 to kill a
  card, 3 to bring a dead card back (as many times as the points allow).
- **Extra power.** None.
- **Awakening «Máquina de matar».** Two killer robots: while one lives, the card's holder may kill a card every
  night, and each attack on the card kills a robot instead. It must be announced: the first use (or the holder's
  announcement in the turn) shows the card to everybody.

Only a Leproso's inevitable death kills the card for good (nothing stops a Leproso, section 7 of our docs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.common import OWN, announce_awakening, answer_of, prompt
from velada.games.bethlem.custom.effects import (
    bring_back,
    kill,
    kill_options,
    look,
    look_options,
    me,
    push,
    revive_options,
)
from velada.games.bethlem.deaths import swap_cards
from velada.games.bethlem.hooks import silenced
from velada.games.bethlem.plugins import Character, awake, found, record
from velada.games.bethlem.state import BethlemState, CustomRecord

KIND = "el-cyborg"
#: What points buy (option id → what, its price in points).
USES = {"ver-1": ("ver", 1), "matar-2": ("matar", 2), "revivir-3": ("revivir", 3)}
ROBOTS = 2
ANNOUNCE, ROBOT = "cyborg-anunciar", "robot"


@dataclass(slots=True)
class CyborgRecord(CustomRecord):
    """El Cyborg's records: points by the seat that was dealt the card, an attack waiting for its swap, the
    awakening announced, the robots left and the round one was last sent."""

    points: dict[int, int] = field(default_factory=dict)
    pending: bool = False
    announced: bool = False
    robots: int = ROBOTS
    robot_round: int | None = None


def _record(s: BethlemState) -> CyborgRecord:
    return record(s, KIND, CyborgRecord)


def _found(s: BethlemState) -> CyborgRecord | None:
    return found(s, KIND, CyborgRecord)


def _points(s: BethlemState, seat: int) -> int:
    return _record(s).points.get(seat, 0)


def _robots(s: BethlemState) -> int:
    d = _record(s)
    return d.robots if d.announced else 0


# --- the attack that does not kill --------------------------------------------------------------------------


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """The card survives every attack (a Leproso's excepted, which never asks). Awakened and announced, a robot
    dies in its place; otherwise its dealer gains a point and its holder will swap it once the deaths of this
    resolution are shown (several attacks at once count as one, as they would kill once)."""
    if KIND_OF[card] != KIND or not s.passive(card):
        return ""
    d = _record(s)
    if d.pending:
        return KIND
    d.pending = True
    seat = s.holder(card)
    if awake(s, card) and _robots(s) > 0:
        d.robots = _robots(s) - 1
        s.emit("el-cyborg-robot-cae", None, n=d.robots)
        s.agenda.appendleft(("el-cyborg-after", card, False))
        return KIND
    owner = s.dealt_to.get(card, seat)
    points = d.points
    points[owner] = points.get(owner, 0) + 1
    s.emit("el-cyborg-punto", me(s, owner), n=points[owner])
    # The swap waits until this resolution is over: the agenda runs the resolution's stages first.
    s.agenda.appendleft(("el-cyborg-after", card, True))
    return KIND


def after_step(game, s: BethlemState, card: str, swap: bool) -> None:
    """After the resolution: the holder of the attacked card gives it to another player, taking one of their
    living cards in exchange."""
    _record(s).pending = False
    if not swap or not s.alive.get(card) or card not in s.where:
        return
    seat = s.holder(card)
    options = [s.option(c) for c in s.table_cards() if s.alive[c] and s.holder(c) != seat and not s.out[s.holder(c)]]
    if options:
        s.ask(prompt(s, seat, "el-cyborg-cambio", options, args={"card": s.option(card)}))


def after_answer(game, s: BethlemState, answers, card: str, swap: bool) -> None:
    _, chosen = answer_of(answers)
    origin = s.option(card)
    swap_cards(s, card, s.card_at(chosen[0]))
    s.emit("el-cyborg-cambio", None, origin=origin, target=chosen[0])


# --- the turn -------------------------------------------------------------------------------------------------


def handler(game, s: BethlemState) -> None:
    """El Cyborg's turn: the player dealt the card wakes to spend points (wherever the card is now); the holder
    of the awakened card wakes to send a robot."""
    for card in s.found(KIND):
        seats = []
        owner = s.dealt_to.get(card)
        if owner is not None and not s.out[owner] and _points(s, owner) and _may_spend(s, owner, card):
            seats.append(owner)
        if s.can_act(card) and awake(s, card) and s.holder(card) not in seats:
            seats.append(s.holder(card))
        push(s, *[("act", KIND, seat, card, OWN, "") for seat in seats])


def _may_spend(s: BethlemState, seat: int, card: str) -> bool:
    return not (s.settings.custom and s.custom and silenced(s, seat, card))


def _menu(s: BethlemState, seat: int, card: str) -> list[str]:
    out = []
    if s.dealt_to.get(card) == seat and _may_spend(s, seat, card):
        points = _points(s, seat)
        targets = {"ver": look_options(s, seat), "matar": kill_options(s, seat), "revivir": revive_options(s)}
        out += [use for use, (what, cost) in USES.items() if points >= cost and targets[what]]
    if s.holder(card) == seat and s.can_act(card) and awake(s, card):
        d = _record(s)
        if not d.announced:
            out.append(ANNOUNCE)
        if d.robots > 0 and d.robot_round != s.round and kill_options(s, seat):
            out.append(ROBOT)
    return out


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "":
        menu = _menu(s, seat, card)
        if menu:
            s.ask(prompt(s, seat, KIND, menu, skippable=True, args={"points": _points(s, seat)}))
        return
    what = USES[stage][0] if stage in USES else stage
    options = {
        "ver": look_options,
        "matar": kill_options,
        ROBOT: kill_options,
        "revivir": lambda s, seat: revive_options(s),
    }[what](s, seat)
    if options:
        s.ask(prompt(s, seat, f"{KIND}-{what}", options, skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    d = _record(s)
    if stage == "":
        if chosen[0] == ANNOUNCE:
            _announce(s, card)
            push(s, ("act", KIND, seat, card, origin, ""))
        else:
            push(s, ("act", KIND, seat, card, origin, chosen[0]))
        return
    if stage == ROBOT:
        _announce(s, card)
        d.robot_round = s.round
        kill(s, seat, chosen[0], "el-cyborg-robot")
    else:
        what, cost = USES[stage]
        d.points[seat] -= cost
        if what == "ver":
            look(s, seat, chosen[0])
        elif what == "matar":
            kill(s, seat, chosen[0], KIND)
        else:
            bring_back(s, chosen[0], KIND)
    # Points left may buy more this turn.
    push(s, ("act", KIND, seat, card, origin, ""))


def _announce(s: BethlemState, card: str) -> None:
    """The awakening is announced: the card is shown to everybody and its robots are on the table."""
    d = _record(s)
    if d.announced:
        return
    d.announced = True
    s.public[card] = True
    seat, pos = s.where[card]
    announce_awakening(s, KIND)
    s.emit("revela", None, player=s.players[seat], position=pos + 1, card=card, power=KIND)


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """The robots are on the table once announced (the card is face up by then)."""
    if KIND_OF[card] == KIND and s.alive[card] and awake(s, card):
        return ["robot"] * _robots(s)
    return []


def hide(state: BethlemState, s: BethlemState, me: int | None, rng) -> None:
    """Whose points they are is the secret of whoever was dealt the card: with the hidden cards dealt again, the
    points go to the new dealer of the card."""
    d = _found(s)
    if d is None or not d.points or me in d.points:
        return
    points = d.points
    owner = s.dealt_to.get(KIND)
    if owner is not None:
        d.points = {owner: sum(points.values())}


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    handlers={KIND: handler},
    steps={"el-cyborg-after": (after_step, after_answer)},
    immunity=immunity,
    markers=markers,
    hide=hide,
)
