"""Silvia "La Alquimista" (section 13).

- **Base power**: the card is already dead, so killing it changes nothing: it dies as any card does, but its
  holder does not show their objective until they have lost all their cards (``reveals``).
- **Extra power** (objective not a mutineer's): when all their cards are dead and their objective is shown,
  they may bring one of their four cards back to life, awakened (it is their only living card).
- **Awakening "Sacrificio vital"**: by day (the book gives her no turn), she may sacrifice this card to bring
  back every dead card of a player still in the game, herself included; she then dies for good (nothing can
  bring her back).
"""

from __future__ import annotations

from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.common import announce_awakening, answer_of, options, prompt
from velada.games.bethlem.deaths import resolve, revive
from velada.games.bethlem.plugins import DAY, Character, awake, extra
from velada.games.bethlem.state import INDIRECT, INEVITABLE, NO_TRIGGER, AgendaStep, BethlemState

KIND = "la-alquimista"


def _held(s: BethlemState, seat: int) -> list[str]:
    return [c for c in s.board[seat] if KIND_OF[c] == KIND]


def reveals(s: BethlemState, seat: int, dead: list[str], default: bool) -> bool:
    """Whoever holds La Alquimista shows their objective only when out of the game."""
    return False if _held(s, seat) else default


# --- the extra power: back from the dead ------------------------------------------------------------------------


def on_out(s: BethlemState, seat: int) -> list[AgendaStep]:
    cards = [c for c in _held(s, seat) if s.passive(c) and extra(s, c) and not s.removed.get(c)]
    return [("alquimista-revivir", seat)] if cards else []


def revive_step(game, s: BethlemState, seat: int) -> None:
    cards = [c for c in s.board[seat][: s.table] if not s.alive[c] and not s.removed.get(c)]
    if s.out[seat] and cards:
        s.ask(prompt(s, seat, "la-alquimista-revivir", options(s, cards), skippable=True))


def revive_answer(game, s: BethlemState, answers, seat: int) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        card = s.card_at(chosen[0])
        revive(s, card, KIND)
        awaken(s, card, KIND)


# --- the awakening: Sacrificio vital --------------------------------------------------------------------------------


def day(game, s: BethlemState) -> None:
    for card in s.found(KIND):
        if awake(s, card) and s.can_act(card):
            s.agenda.appendleft(("alquimista-sacrificio", card))


def _targets(s: BethlemState, card: str) -> list[int]:
    """Players in the game with a dead card that can come back (herself: another of her cards)."""
    out = []
    for seat in s.seats_in_game():
        if any(not s.alive[c] and not s.removed.get(c) and c != card for c in s.board[seat]):
            out.append(seat)
    return out


def sacrifice_step(game, s: BethlemState, card: str) -> None:
    targets = _targets(s, card)
    if targets and s.can_act(card):
        s.ask(prompt(s, s.holder(card), KIND, s.ids(targets), skippable=True))


def sacrifice_answer(game, s: BethlemState, answers, card: str) -> None:
    player, chosen = answer_of(answers)
    if not chosen:
        return
    target = s.index[chosen[0]]
    announce_awakening(s, KIND)
    s.emit("sacrificio", None, player=player, target=chosen[0])
    for dead in [c for c in s.board[target] if not s.alive[c] and c != card]:
        revive(s, dead, KIND)
    s.removed[card] = True
    resolve(s, [(card, KIND, (s.holder(card),), INEVITABLE | INDIRECT | NO_TRIGGER)], "dia")


CHARACTER = Character(
    KIND,
    reveals=reveals,
    on_out=on_out,
    moments={DAY: day},
    steps={
        "alquimista-revivir": (revive_step, revive_answer),
        "alquimista-sacrificio": (sacrifice_step, sacrifice_answer),
    },
)
