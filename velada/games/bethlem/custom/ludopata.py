"""Clara "La Ludópata" (section 13).

- **Base power** (step 12): each round one bet, at most four of each kind a game, settled at the end of the
  round (after the lynching); what a bet wins is collected in her turn of the next round:

  ====================  =====================================================  ==========================
  bet                   wins when, by the end of the round…                    reward
  ====================  =====================================================  ==========================
  ``jugador``           that player is winning (most living cards)             see a card
  ``grupo``             a card of that group (P1, P2, A1, A2) dies             kill a card
  ``companeros``        a Compañero de celda dies                              1 of kill, see, event
  ``carta``             that card dies                                         2 of kill, see, event
  ``siamesas``          a Siamesa dies                                         all 3, or an awakening
  ====================  =====================================================  ==========================

  Betting is dangerous: if the player she bet on is last (fewest living cards, and not everybody tied), or if
  none of the cards she bet would die died, this card dies.
- **Extra power**: none.
- **Awakening "Última baza"**: two bets a round, no limit per kind, and wrong bets no longer kill the card;
  using it is announced to the table.

Bets and rewards belong to whoever made them with the card whose power they used (``"card"``). Someone who used
her power for a round collects a bet they won in her turn of the next round, while they are in the game; La
Médium, who took the dead card's power, only while her La Médium card lives (FAQ 15.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.cards import GROUP_OF, KIND_OF, LIFE_GROUPS
from velada.games.bethlem.common import (
    OWN,
    SPIRIT,
    actors,
    announce_awakening,
    answer_of,
    living,
    not_against,
    options,
    prompt,
)
from velada.games.bethlem.deaths import attack
from velada.games.bethlem.plugins import ROUND_END, Character, awake, found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import INDIRECT, AgendaStep, BethlemState, CustomRecord

KIND = "la-ludopata"
PLAYER, GROUP, CELLMATES, CARD, TWINS = "jugador", "grupo", "companeros", "carta", "siamesas"
BETS = (PLAYER, GROUP, CELLMATES, CARD, TWINS)
#: Bets of each kind a game (the awakening lifts the limit).
LIMIT = 4
KILL, SEE, EVENT, AWAKEN, ALL = "matar", "ver", "evento", "despertar", "todas"
#: What each winning bet pays: (how many rewards, which kinds to choose from).
REWARDS = {
    PLAYER: (1, (SEE,)),
    GROUP: (1, (KILL,)),
    CELLMATES: (1, (KILL, SEE, EVENT)),
    CARD: (2, (KILL, SEE, EVENT)),
    TWINS: (1, (ALL, AWAKEN)),
}


@dataclass(slots=True)
class Bet:
    """A bet of this round: who made it with which card's power (``via``: the origin of that use), its kind and
    target (a player, a group or a position; "" for the Compañeros and the Siamesas), and the cards whose death
    wins it."""

    seat: int
    card: CardId
    kind: str
    target: str
    watch: list[CardId]
    round: int
    via: str


@dataclass(slots=True)
class Reward:
    """A bet won: collected by ``seat`` with ``card``'s power in ``round`` (the next round's)."""

    seat: int
    card: CardId
    kind: str
    round: int
    via: str


@dataclass(slots=True)
class GamblerRecord(CustomRecord):
    """La Ludópata's records: the bets of each kind made with each card, this round's bets and the rewards
    not yet collected."""

    counts: dict[CardId, dict[str, int]] = field(default_factory=dict)
    bets: list[Bet] = field(default_factory=list)
    rewards: list[Reward] = field(default_factory=list)


def _record(s: BethlemState) -> GamblerRecord:
    return record(s, KIND, GamblerRecord)


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def _rewards(s: BethlemState, seat: int, card: str) -> list[Reward]:
    return [r for r in _record(s).rewards if r.seat == seat and r.card == card]


COLLECT = "cobro"


def handler(game, s: BethlemState) -> None:
    """Her turn wakes whoever can use her power tonight, and whoever won a bet with it while borrowing it (FAQ
    15.5: La Médium collects in the next round a bet she won, while she is in the game)."""
    woken = actors(s, KIND)
    seats = {w[0] for w in woken}
    for reward in _record(s).rewards:
        seat = reward.seat
        if reward.round == s.round and reward.via != OWN and seat not in seats and _may_collect(s, reward):
            woken.append((seat, reward.card, COLLECT))
            seats.add(seat)
    for seat, card, origin in reversed(woken):
        s.agenda.appendleft(("act", KIND, seat, card, origin, ""))


def _may_collect(s: BethlemState, reward: Reward) -> bool:
    """A bet won with a borrowed use of her power is collected by a player still in the game; one La Médium
    won through the dead card's spirit, only while the La Médium card lives in her hands (FAQ 15.5)."""
    seat = reward.seat
    if s.out[seat]:
        return False
    if reward.via == SPIRIT:
        return any(s.alive[c] and s.holder(c) == seat for c in s.found("la-medium"))
    return True


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "":
        due = [r for r in _rewards(s, seat, card) if r.round == s.round]
        if not due and origin == COLLECT:
            return
        first = "premio" if due else "apuesta:1"
        s.agenda.appendleft(("act", KIND, seat, card, origin, first))
        return
    if stage == "premio":
        reward = next(r for r in _rewards(s, seat, card) if r.round == s.round)
        count, kinds = REWARDS[reward.kind]
        s.ask(prompt(s, seat, "la-ludopata-premio", kinds, min=count, max=count, skippable=True))
        return
    what, _, rest = stage.partition(":")
    if what == "apuesta":
        available = _available(s, card, origin)
        if available:
            s.ask(prompt(s, seat, KIND, available, skippable=True, args={"n": int(rest)}))
        return
    if what == "objetivo":
        bet = rest.partition(":")[0]
        if bet == PLAYER:
            s.ask(prompt(s, seat, "la-ludopata-jugador", s.ids(s.seats_in_game())))
        elif bet == GROUP:
            s.ask(prompt(s, seat, "la-ludopata-grupo", LIFE_GROUPS))
        else:
            s.ask(prompt(s, seat, "la-ludopata-carta", options(s, living(s))))
        return
    # "cobro:<kind>": collect one reward
    targets = _reward_targets(s, seat, rest)
    if targets:
        s.ask(prompt(s, seat, f"la-ludopata-{rest}", options(s, targets), skippable=True))


def _available(s: BethlemState, card: str, origin: str) -> list[str]:
    if origin == OWN and awake(s, card):
        return list(BETS)
    counts = _record(s).counts.get(card, {})
    return [b for b in BETS if counts.get(b, 0) < LIMIT]


def _reward_targets(s: BethlemState, seat: int, kind: str) -> list[str]:
    others = [p for p in range(len(s.players)) if p != seat]
    if kind == KILL:
        return not_against(s, seat, living(s, others, exclude_isolated=True))
    if kind == SEE:
        return [c for c in living(s, others) if not s.known[seat].get(c) and not s.public.get(c)]
    return [c for c in s.living_cards(seat) if not s.awake.get(c)]  # despertar


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = _record(s)
    if stage == "premio":
        reward = next(r for r in _rewards(s, seat, card) if r.round == s.round)
        d.rewards.remove(reward)
        kinds = [KILL, SEE, EVENT] if chosen == (ALL,) else list(chosen)
        later: list[AgendaStep] = []
        for kind in kinds:
            if kind == EVENT:
                _draw(s, seat)
            else:
                later.append(("act", KIND, seat, card, origin, f"cobro:{kind}"))
        if origin != COLLECT:
            later.append(("act", KIND, seat, card, origin, "apuesta:1"))
        s.agenda.extendleft(reversed(later))
        return
    what, _, rest = stage.partition(":")
    if what == "cobro":
        if chosen:
            _collect(s, seat, rest, s.card_at(chosen[0]))
        return
    if not chosen:
        return
    if what == "apuesta":
        bet = chosen[0]
        n = int(rest)
        if bet in (PLAYER, GROUP, CARD):
            s.agenda.appendleft(("act", KIND, seat, card, origin, f"objetivo:{bet}:{n}"))
        else:
            _bet(s, seat, card, origin, bet, "", n)
        return
    bet, _, count = rest.partition(":")
    _bet(s, seat, card, origin, bet, chosen[0], int(count))


def _bet(s: BethlemState, seat: int, card: str, origin: str, bet: str, target: str, n: int) -> None:
    d = _record(s)
    counts = d.counts.setdefault(card, {})
    counts[bet] = counts.get(bet, 0) + 1
    if bet == PLAYER:
        watch: list[str] = []
    elif bet == GROUP:
        watch = [c for c in s.cards_in_play() if s.alive[c] and GROUP_OF[c] == target]
    elif bet == CARD:
        watch = [s.card_at(target)]
    else:
        kind = "companeros-de-celda" if bet == CELLMATES else "siamesas"
        watch = [c for c in s.found(kind) if s.alive[c]]
    d.bets.append(Bet(seat, card, bet, target, watch, s.round, origin))
    s.emit("apuesta-ludopata", _me(s, seat), bet=bet, target=target)
    if n == 2:
        announce_awakening(s, KIND)
    if n == 1 and origin == OWN and awake(s, card):
        s.agenda.appendleft(("act", KIND, seat, card, origin, "apuesta:2"))


def _draw(s: BethlemState, seat: int) -> None:
    if s.deck:
        event = s.deck.pop(0)
        s.hand[seat].append(event)
        s.emit("roba", None, player=s.players[seat])
        s.emit("evento", _me(s, seat), event=event)


def _collect(s: BethlemState, seat: int, kind: str, target: str) -> None:
    option = s.option(target)
    if kind == KILL:
        attack(s, target, KIND, (seat,))
        s.emit("ludopata-mata", _me(s, seat), target=option)
    elif kind == SEE:
        s.learn(seat, target)
        s.emit("vision", _me(s, seat), target=option, card=target)
    else:
        awaken(s, target, "despertar")


# --- the end of the round: bets are settled ----------------------------------------------------------------------


def round_end(game, s: BethlemState) -> None:
    d = found(s, KIND, GamblerRecord)
    if d is None or not d.bets:
        return
    bets, d.bets = d.bets, []
    penalties = []
    for bet in bets:
        won, lost = _settle(s, bet)
        seat, card = bet.seat, bet.card
        s.emit("apuesta-resuelta", _me(s, seat), bet=bet.kind, target=bet.target, right=won)
        if won:
            d.rewards.append(Reward(seat, card, bet.kind, s.round + 1, bet.via))
        elif lost and s.alive.get(card) and card not in penalties:
            if awake(s, card) and KIND_OF[card] == KIND:
                announce_awakening(s, KIND)
            else:
                penalties.append(card)
    if penalties:
        # A lost bet is the bettor's secret: only a death tells the table of it.
        s.agenda.appendleft(("resolve", tuple((card, KIND, (), INDIRECT) for card in penalties), "dia", True))


def _settle(s: BethlemState, bet: Bet) -> tuple[bool, bool]:
    """(won, lost badly): a bet can also be neither (the player bet on is neither first nor last)."""
    if bet.kind == PLAYER:
        target = s.index[bet.target]
        counts = {p: len(s.living_cards(p)) for p in range(len(s.players)) if not s.out[p]}
        mine = counts.get(target, 0)
        top = max(counts.values(), default=0)
        low = min(counts.values(), default=0)
        return mine == top and not s.out[target], (mine == low and low < top) or s.out[target]
    died = any(not s.alive[c] for c in bet.watch)
    return died, not died


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    handlers={KIND: handler},
    moments={ROUND_END: round_end},
)
