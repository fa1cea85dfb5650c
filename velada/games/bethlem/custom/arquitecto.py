"""Pablo "El Arquitecto" (section 13).

- **Base power** (step 8): on its first turn its holder hides behind another living card of the table (only the
  narrator knows which). While that card lives, the Arquitecto's power goes on even if the Arquitecto is dead,
  and its holder does not show their objective until the hiding card dies too (``reveals``). Each night it may
  also build the Laberinto on another player, once per player: the table sees who is marked; the holder sees
  that player's personality and uses it instead of them for the round (``s.lent_persona``).
- **Extra power** (objective not a mutineer's): the Laberinto also shows that player's objective card.
- **Awakening "Laberinto de la mente"**: each night, in its turn, it chooses a later turn of the night of a
  secondary or action card (never a principal character's or a personality's) and wakes in it together with the
  card's holder, who then must use it: both use the power, each on a card of their choice (the same card once,
  different cards twice). A one-use power is not spent by that turn, and a spent one works again for it. When
  the Arquitecto dies, its holder takes the last card it woke with, and that card's holder gets the dead
  Arquitecto in its place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.games.bethlem.cards import CUSTOM_NIGHT, GROUP_OF, KIND_OF
from velada.games.bethlem.common import ARCHITECT, OWN, actors, answer_of, living, options, prompt
from velada.games.bethlem.deaths import swap_cards
from velada.games.bethlem.hooks import NIGHT
from velada.games.bethlem.plugins import ROUND_END, Character, awake, extra, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import AgendaStep, BethlemState, CustomRecord

KIND = "el-arquitecto"
HIDE, LABYRINTH, TURN = "escondite", "laberinto", "despertar"


@dataclass(slots=True)
class ArchitectRecord(CustomRecord):
    """El Arquitecto's records: the card it hides behind; the players already sent into the Laberinto; awakened,
    the turn it wakes in this round (round, power) with the card it woke with, and the one-use powers used in its
    presence (card → whether it was spent before), given back at the end of the round."""

    hide: CardId | None = None
    labyrinth: list[int] = field(default_factory=list)
    turn: tuple[int, str] | None = None
    woke_with: CardId | None = None
    free: dict[CardId, bool] = field(default_factory=dict)


def _record(s: BethlemState) -> ArchitectRecord:
    return record(s, KIND, ArchitectRecord)


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def _hide(s: BethlemState) -> str | None:
    return _record(s).hide


def handler(game, s: BethlemState) -> None:
    """Its holder wakes while the card can act, or while it is dead but the card it hides behind lives."""
    woken = actors(s, KIND)
    for card in s.found(KIND):
        seat = s.holder(card)
        hide = _hide(s)
        if not s.alive[card] and not s.out[seat] and hide is not None and s.alive.get(hide):
            woken.append((seat, card, OWN))
    for seat, card, origin in reversed(woken):
        s.agenda.appendleft(("act", KIND, seat, card, origin, ""))


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "":
        first = HIDE if origin == OWN and _hide(s) is None else LABYRINTH
        s.agenda.appendleft(("act", KIND, seat, card, origin, first))
        return
    if stage == HIDE:
        cards = [c for c in living(s) if c != card]
        if cards:
            s.ask(prompt(s, seat, "el-arquitecto-escondite", options(s, cards)))
            return
        stage = LABYRINTH
    if stage == LABYRINTH:
        chosen = _record(s).labyrinth
        players = [p for p in s.seats_in_game() if p != seat and p not in chosen]
        if players:
            s.ask(prompt(s, seat, KIND, s.ids(players), skippable=True))
            return
    if origin == OWN and awake(s, card):
        kinds = _later_turns(s, seat)
        if kinds:
            s.ask(prompt(s, seat, "el-arquitecto-despertar", kinds, skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = _record(s)
    kind = next(iter(answers))[1].partition(":")[2]
    if kind == "el-arquitecto-escondite":
        d.hide = s.card_at(chosen[0])
        s.emit("escondite", _me(s, seat), target=chosen[0])
        s.agenda.appendleft(("act", KIND, seat, card, origin, LABYRINTH))
        return
    if kind == "el-arquitecto-despertar":
        if chosen:
            target = next(c for c in s.found(chosen[0]) if s.can_act(c) and s.holder(c) != seat)
            d.turn = (s.round, chosen[0])
            d.woke_with = target
            d.free.setdefault(target, bool(s.used.get(target)))
            s.used[target] = False
        return
    if chosen:
        other = s.index[chosen[0]]
        d.labyrinth = [*d.labyrinth, other]
        s.lent_persona = (s.round, other, seat)
        s.knows_persona[seat][other] = True
        s.emit("laberinto", None, player=chosen[0])
        s.emit("laberinto-personalidad", _me(s, seat), player=chosen[0], card=s.persona[other])
        if extra(s, card):
            s.knows_goal[seat][other] = True
            s.emit("ves-objetivo", _me(s, seat), player=chosen[0], goal=s.goal[other])
    s.agenda.appendleft(("act", KIND, seat, card, origin, TURN))


def _later_turns(s: BethlemState, seat: int) -> list[str]:
    """The secondary and action cards of other players whose turn is still to come tonight and wakes their
    holder."""
    ids = [step.id for step in CUSTOM_NIGHT]
    later = CUSTOM_NIGHT[ids.index(KIND) + 1 :]
    out = []
    for step in later:
        kind = step.card
        if not kind or step.all or not step.due(s.round) or step.id != kind or kind in out:
            continue
        if step.id in NIGHT.handlers or step.id not in NIGHT.powers:
            continue
        if any(GROUP_OF[c] in ("P2", "A1", "A2") and s.can_act(c) and s.holder(c) != seat for c in s.found(kind)):
            out.append(kind)
    return out


def turn_actors(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """Laberinto de la mente: the Arquitecto's holder wakes in the chosen turn too."""
    turn = _record(s).turn
    if not turn or turn[0] != s.round or turn[1] != kind:
        return []
    for card in s.found(KIND):
        seat = s.holder(card)
        if not s.out[seat]:
            target = _record(s).woke_with
            assert target is not None  # set with the turn
            s.emit("arquitecto-despierta", s.audience({seat, s.holder(target)}), player=s.players[seat], power=kind)
            return [(seat, target, ARCHITECT)]
    return []


def round_end(game, s: BethlemState) -> None:
    """A one-use power used in the Arquitecto's presence is not spent; a spent one worked for that night only."""
    d = _record(s)
    free, d.free = d.free, {}
    for card, used in free.items():
        s.used[card] = used


def on_death(s: BethlemState, card: str, cause: str, by: tuple[int, ...]) -> list[AgendaStep]:
    """Awakened, when it dies its holder keeps the last card it woke with, and gives the dead Arquitecto for it."""
    target = _record(s).woke_with
    if awake(s, card) and target is not None and target in s.where and s.holder(target) != s.holder(card):
        before = s.option(target)
        swap_cards(s, card, target)
        s.emit("arquitecto-cambio", None, target=before, origin=s.option(target))
    return []


def reveals(s: BethlemState, seat: int, dead: list[str], default: bool) -> bool:
    """Hidden behind a card: once the Arquitecto is dead, its holder shows their objective only when the hiding
    card dies (or has died)."""
    mine = [c for c in s.board[seat] if KIND_OF[c] == KIND]
    hide = _hide(s)
    if not mine or hide is None:
        return default
    arch = mine[0]
    if s.alive[arch]:
        return default
    if hide in dead:
        return True
    return arch in dead and not s.alive.get(hide)


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    return ["escondite"] if narrator and card == _hide(s) else []


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    handlers={KIND: handler},
    triggers={KIND: on_death},
    reveals=reveals,
    actors=turn_actors,
    moments={ROUND_END: round_end},
    markers=markers,
)
