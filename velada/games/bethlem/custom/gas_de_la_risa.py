"""Noe "Gas de la risa" (section 13).

- **Base power** (step 11): each night its holder may name a card aloud (by name, not by place: any life card
  of the mode, named once a game). That card cannot act tonight (``s.silenced``), and whoever holds it raises
  their hand: the table learns who holds it. A named card that is not in play, or dead, does nothing.
- **Extra power** (objective not a mutineer's), when it dies: the next round the mutineers are laughing and
  cannot rise; instead its holder rises in their turn and kills as many cards as players still rise with the
  mutineers (the Renegado counts).
- **Awakening "Muerto de risa"**: two pills. The first time the card is attacked, the card named that round
  dies in its place (if it is alive); the second time, the card dies and the player holding the card named
  that round loses the vote for the rest of the game. It may name again cards named before the awakening.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.cards import CUSTOM_P1, KIND_OF, KINDS, LIFE_GROUPS
from velada.games.bethlem.common import OWN, announce_awakening, answer_of, living, not_against, options, prompt
from velada.games.bethlem.deaths import attack
from velada.games.bethlem.plugins import Character, awake, extra, record, rises
from velada.games.bethlem.state import INDIRECT, AgendaStep, BethlemState, CustomRecord

KIND = "gas-de-la-risa"
ATTACK = "gas-de-la-risa-ataque"
#: The cards it can name: every life card of the custom mode (custom principal characters and the normal
#: secondary and action cards), by kind.
NAMEABLE = tuple(
    kind.id
    for kind in KINDS.values()
    if kind.id != KIND and kind.group in LIFE_GROUPS and (kind.group != "P1" or kind.id in CUSTOM_P1)
)


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


@dataclass(slots=True)
class LaughingGasRecord(CustomRecord):
    """Gas de la risa's records: the kinds named so far and this round's (round, kind); the laughing fit after
    its death (round, its holder's seat, the card: a plain ``str``, never renamed, as before); awakened, the
    pills left and the moment the last one was taken."""

    named: list[str] = field(default_factory=list)
    selected: tuple[int, str] | None = None
    fit: tuple[int, int, str] | None = None
    pills: int = 0
    pill_moment: str | None = None


def _record(s: BethlemState) -> LaughingGasRecord:
    return record(s, KIND, LaughingGasRecord)


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    named = _record(s).named
    choices = [k for k in NAMEABLE if k not in named]
    if choices:
        s.ask(prompt(s, seat, KIND, choices, skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    kind = chosen[0]
    d = _record(s)
    d.named = [*d.named, kind]
    d.selected = (s.round, kind)
    hands = []
    for other in s.found(kind):
        if s.alive[other] and not s.out[s.holder(other)]:
            s.silenced[other] = s.round
            if s.holder(other) not in hands:
                hands.append(s.holder(other))
    raised = tuple(s.ids(sorted(hands)))
    s.hands_raised.append((s.round, kind, raised))
    s.emit("gas-de-la-risa", None, card=kind, players=list(raised))


def _selected(s: BethlemState) -> str | None:
    """The living card named this round (the first in table order, for a card with copies)."""
    selected = _record(s).selected
    if not selected or selected[0] != s.round:
        return None
    for card in s.found(selected[1]):
        if s.alive[card]:
            return card
    return None


# --- the extra power: a laughing fit ----------------------------------------------------------------------------


def on_death(s: BethlemState, card: str, cause: str, by: tuple[int, ...]) -> list[AgendaStep]:
    if extra(s, card):
        seat = s.holder(card)
        _record(s).fit = (s.round + 1, seat, card)
        s.emit("ataque-de-risa", None, round=s.round + 1)
    return []


def mutiny(s: BethlemState, pack: list[int]) -> tuple[list[int], list[AgendaStep]]:
    """The round after it died: nobody rises with the mutineers; its holder rises in their place."""
    fit = _record(s).fit
    if not fit or fit[0] != s.round:
        return pack, []
    seat, card = fit[1], fit[2]
    if pack:
        s.emit("risa-amotinados", NARRATOR_ONLY, players=list(s.ids(pack)))
    if s.out[seat]:
        return [], []
    return [], [("act", ATTACK, seat, card, OWN, "")]


def attack_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    count = sum(1 for p in s.seats_in_game() if rises(s, p))
    others = [p for p in range(len(s.players)) if p != seat]
    cards = not_against(s, seat, living(s, others, exclude_isolated=True))
    if count and cards:
        s.ask(prompt(s, seat, ATTACK, options(s, cards), max=min(count, len(cards)), skippable=True))


def attack_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    for option in chosen:
        attack(s, s.card_at(option), KIND, (seat,))
    if chosen:
        s.emit("ataque-solitario", _me(s, seat), target=chosen[0])


# --- the awakening: Muerto de risa -------------------------------------------------------------------------------


def awakened(s: BethlemState, card: str) -> None:
    d = _record(s)
    d.pills = 2
    d.named = []


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """The first attack (a whole phase's markers count as one) kills the card named this round instead; the
    second one kills the card, and the named card's holder loses the vote for good."""
    if KIND_OF[card] != KIND or not awake(s, card) or not s.passive(card):
        return ""
    d = _record(s)
    if d.pill_moment == s.moment():
        return KIND
    victim = _selected(s)
    if victim is None or victim == card:
        return ""
    pills = d.pills
    if pills == 2:
        d.pills = 1
        d.pill_moment = s.moment()
        announce_awakening(s, KIND)
        if s.res is not None:
            s.res.next.append((victim, KIND, (s.holder(card),), INDIRECT))
        return KIND
    if pills == 1:
        d.pills = 0
        loser = s.holder(victim)
        s.ali.no_vote[loser] = True
        s.emit("sin-voto", None, player=s.players[loser], reason=KIND)
    return ""


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    return ["risa"] if s.silenced.get(card) == s.round else []


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer), ATTACK: (attack_ask, attack_answer)},
    triggers={KIND: on_death},
    immunity=immunity,
    on_awaken=awakened,
    markers=markers,
    mutiny=mutiny,
)
