"""Ainhoa «La Médium» (section 13): she sees the spirits of the asylum.

- **Base power.** In her turn she may take the power of a dead card for this round — never a card of a player
  she already chose. Then everybody wakes to see which power she took (section 14); if its turn is already past
  she uses it at once, otherwise in its turn (while La Médium lives). She uses it as the director would: once,
  in its normal form.
- **Extra power** (her objective does not rise with the mutineers): every round she may look at a player's
  objective card.
- **Awakening «Transición realmática»**, announced (the card is shown): her body and her spirit part ways, and
  she lives one round in each, alternating after every lynching; she chooses the first. Spirit: no vote and no
  action by day, and nobody can kill her by day; at night she keeps her power and may take any dead card's,
  even of a player chosen before, but never the same card twice. Body: she cannot rise at night (nor use her
  power), nobody can kill her at night, she votes and is vulnerable by day; before each night she may choose a
  player (each one once) who plays that round with the powers of their dead cards instead of the living ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.games.bethlem.cards import CARDS, CUSTOM_NIGHT, KIND_OF
from velada.games.bethlem.common import SPIRIT, announce_awakening, answer_of, options, prompt
from velada.games.bethlem.custom.effects import look, look_goals, night_turn, push
from velada.games.bethlem.plugins import DUSK, ROUND_END, Character, awake, extra, found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import BethlemState, CustomRecord

KIND = "la-medium"
BODY, SPIRIT_BODY = "cuerpo-fisico", "cuerpo-espiritual"
#: The order of the custom night, to know whether a power's turn is already past.
ORDER = {step.id: i for i, step in enumerate(CUSTOM_NIGHT)}


def _borrowable(card: str) -> bool:
    """A dead card whose power she can take: one the director could take (``borrow``) and whose night turn wakes
    whoever uses it (``effects.night_turn``)."""
    return CARDS[card].borrow and night_turn(KIND_OF[card]) is not None


@dataclass(slots=True)
class MediumRecord(CustomRecord):
    """La Médium's records: the dead cards whose powers she took and their players, the last one taken (card,
    round, her seat); awakened, her body ("" until announced), the players her body chose, and this round's
    (seat, round)."""

    cards: list[CardId] = field(default_factory=list)
    players: list[int] = field(default_factory=list)
    taken: tuple[CardId, int, int] | None = None
    body: str = ""
    bodies: list[int] = field(default_factory=list)
    haunted: tuple[int, int] | None = None


def _record(s: BethlemState) -> MediumRecord:
    return record(s, KIND, MediumRecord)


def _found(s: BethlemState) -> MediumRecord | None:
    return found(s, KIND, MediumRecord)


def _body(s: BethlemState) -> str | None:
    """The body she lives in this round, once the awakening is announced (and while the card lives)."""
    d = _found(s)
    if d is None or not d.body:
        return None
    if not any(s.alive[c] for c in s.found(KIND)):
        return None
    return d.body


# --- her turn ------------------------------------------------------------------------------------------------


def _choices(s: BethlemState, seat: int) -> list[str]:
    d = _record(s)
    dead = [c for c in s.table_cards() if not s.alive[c] and _borrowable(c) and c not in d.cards]
    if _body(s) == SPIRIT_BODY:
        return dead
    chosen = d.players
    return [c for c in dead if s.holder(c) not in chosen]


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "":
        cards = _choices(s, seat)
        if cards:
            s.ask(prompt(s, seat, KIND, options(s, cards), skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, "objetivo"))
        return
    if extra(s, card):
        players = look_goals(s, seat)
        if players:
            s.ask(prompt(s, seat, "la-medium-objetivo", s.ids(players), skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if stage == "":
        if chosen:
            d = _record(s)
            dead = s.card_at(chosen[0])
            d.taken = (dead, s.round, seat)
            d.cards.append(dead)
            owner = s.holder(dead)
            if owner not in d.players:
                d.players.append(owner)
        push(s, ("act", KIND, seat, card, origin, "objetivo"))
        return
    if chosen:
        look(s, seat, chosen[0])


def everybody_handler(game, s: BethlemState) -> None:
    """Section 14: everybody wakes to see which power La Médium took; a power whose turn is past is used now."""
    taken = _record(s).taken if KIND in s.custom else None
    if not taken or taken[1] != s.round:
        return
    dead, _, seat = taken
    s.emit("todos-despiertan", None, power=KIND)
    s.emit("la-medium-poder", None, target=s.option(dead), card=dead)
    step = night_turn(KIND_OF[dead])
    if step is not None and ORDER[step] < ORDER["todos-medium"] and _medium_acts(s, seat):
        push(s, ("act", step, seat, dead, SPIRIT, ""))


def _medium_acts(s: BethlemState, seat: int) -> bool:
    return any(s.holder(c) == seat and s.alive[c] for c in s.found(KIND)) and not s.out[seat]


def actors(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """In the turn of the power she took (after its own holder), La Médium; in the turns of their dead cards,
    the player her body chose for this round."""
    d = _found(s)
    if d is None:
        return []
    out = []
    taken = d.taken
    if taken and taken[1] == s.round and KIND_OF[taken[0]] == kind and not s.alive[taken[0]]:
        step = night_turn(kind)
        if step is not None and ORDER[step] > ORDER["todos-medium"] and _medium_acts(s, taken[2]):
            out.append((taken[2], taken[0], SPIRIT))
    haunted = d.haunted
    if haunted and haunted[1] == s.round and not s.out[haunted[0]]:
        seat = haunted[0]
        for card in s.board[seat][: s.table]:
            if not s.alive[card] and KIND_OF[card] == kind and _borrowable(card):
                out.append((seat, card, SPIRIT))
    return out


# --- the awakening ---------------------------------------------------------------------------------------------


def dusk(game, s: BethlemState) -> None:
    """Before the night: an awakened Médium may announce her awakening (and choose her first body); in her body
    she may choose the player who plays this round with their dead cards."""
    for card in s.found(KIND):
        if s.alive[card] and not s.out[s.holder(card)] and awake(s, card):
            s.agenda.appendleft(("la-medium-anochecer", card))


def dusk_step(game, s: BethlemState, card: str) -> None:
    if not s.alive.get(card):
        return
    seat = s.holder(card)
    d = _record(s)
    if not d.body:
        s.ask(prompt(s, seat, "la-medium-despertar", (BODY, SPIRIT_BODY), skippable=True))
        return
    if d.body == BODY:
        chosen = d.bodies
        players = [p for p in s.seats_in_game() if p != seat and p not in chosen]
        if players:
            s.ask(prompt(s, seat, "la-medium-fisico", s.ids(players), skippable=True))


def dusk_answer(game, s: BethlemState, answers, card: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    d = _record(s)
    if not d.body:
        d.body = chosen[0]
        s.public[card] = True
        seat, pos = s.where[card]
        announce_awakening(s, KIND)
        s.emit("revela", None, player=s.players[seat], position=pos + 1, card=card, power=KIND)
        s.emit(f"la-medium-{chosen[0]}", None)
        if chosen[0] == BODY:
            push(s, ("la-medium-anochecer", card))
        return
    target = s.index[chosen[0]]
    d.bodies.append(target)
    d.haunted = (target, s.round)
    s.emit("la-medium-fisico", None, player=chosen[0])


def round_end(game, s: BethlemState) -> None:
    """After the lynching the body and the spirit take turns."""
    d = _found(s)
    if d is not None and d.body and _body(s):
        d.body = SPIRIT_BODY if d.body == BODY else BODY
        s.emit(f"la-medium-{d.body}", None)


def _medium_seat(s: BethlemState) -> int | None:
    for card in s.found(KIND):
        if s.alive[card]:
            return s.holder(card)
    return None


def silences(s: BethlemState, seat: int, what: str, active: bool) -> bool:
    """In her body she cannot rise at night; in spirit she does nothing by day. The player her body chose uses
    none of their living cards this round."""
    d = _found(s)
    if d is None:
        return False
    haunted = d.haunted
    own_living = what in s.where and s.alive[what] and s.holder(what) == seat
    if haunted and haunted[0] == seat and haunted[1] == s.round and own_living:
        return True
    body = _body(s)
    if body is None or not active or seat != _medium_seat(s):
        return False
    return s.phase == ("dia" if body == SPIRIT_BODY else "noche")


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """Nobody can kill her by day in spirit, nor at night in her body."""
    if KIND_OF[card] != KIND or not s.passive(card):
        return ""
    body = _body(s)
    if (body == SPIRIT_BODY and s.phase == "dia") or (body == BODY and s.phase == "noche"):
        return body
    return ""


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    body = _body(s)
    return [body] if body and KIND_OF[card] == KIND and s.alive[card] else []


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    handlers={"todos-medium": everybody_handler},
    steps={"la-medium-anochecer": (dusk_step, dusk_answer)},
    actors=actors,
    moments={DUSK: dusk, ROUND_END: round_end},
    silences=silences,
    immunity=immunity,
    markers=markers,
)
