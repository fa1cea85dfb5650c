"""Bea «La Maestra Vudú» (section 13): a voodoo doll that takes the harm meant for a player.

- **Base power.** In her turn she makes a doll of one living card: for the rest of the round every harm aimed
  at a card of that card's player — a death marker (the mutineers', a power's, the lynching's), John Flick's
  accusation, La parca's design, Melancolía — falls on the doll instead. Only she and the narrator know which
  card is the doll.
- **Extra power** (her objective does not rise with the mutineers): when the card dies, every harm its holder
  suffered this round — each of their cards that died, each accusation, design or Melancolía on their cards —
  may be passed on, one by one, to cards of other players (a death kills the chosen card; a marker moves).
- **Awakening «Maldición final»**, once announced (the card is shown): whoever harms the card must harm one of
  their own cards the same way. Several attackers at once (the mutineers) must agree unanimously on one of their
  cards, or the card is not attacked at all; if the card dies lynched, those who lynched it vote among their
  own cards (a tie spares them all), and so does a barber's victim's user alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.common import OWN, SUFFIX, announce_awakening, answer_of, living, options, prompt
from velada.games.bethlem.custom.effects import me, push
from velada.games.bethlem.deaths import attack, current
from velada.games.bethlem.plugins import (
    ACCUSATION,
    DEATH,
    MELANCHOLY,
    REAPER,
    Character,
    awake,
    extra,
    record,
)
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import INDIRECT, AgendaStep, BethlemState, CustomRecord

KIND = "la-maestra-vudu"
ANNOUNCE = "vudu-anunciar"
#: How the curse is decided: one attacker chooses; several must agree; lynchers vote (most votes).
ONE, UNANIMOUS, LYNCH = "uno", "unanimidad", "linchamiento"


@dataclass(slots=True)
class VoodooRecord(CustomRecord):
    """La Maestra Vudú's records: her awakening announced; the doll (card, its holder then, the round)."""

    announced: bool = False
    doll: tuple[CardId, int, int] | None = None


def _record(s: BethlemState) -> VoodooRecord:
    return record(s, KIND, VoodooRecord)


# --- the doll --------------------------------------------------------------------------------------------------


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Her turn: announce the awakening (once, if awakened and not yet), then choose the doll."""
    if stage == "":
        if origin == OWN and awake(s, card) and not _record(s).announced:
            s.ask(prompt(s, seat, "la-maestra-vudu-anunciar", (ANNOUNCE,), skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, "muneco"))
        return
    cards = living(s)
    if cards:
        s.ask(prompt(s, seat, KIND, options(s, cards), skippable=True, suffix=SUFFIX[origin]))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if stage == "":
        if chosen:
            _announce(s, card)
        push(s, ("act", KIND, seat, card, origin, "muneco"))
        return
    if chosen:
        doll = s.card_at(chosen[0])
        _record(s).doll = (doll, s.holder(doll), s.round)
        s.emit("vudu", me(s, seat), target=chosen[0])


def _announce(s: BethlemState, card: str) -> None:
    _record(s).announced = True
    s.public[card] = True
    seat, pos = s.where[card]
    announce_awakening(s, KIND)
    s.emit("revela", None, player=s.players[seat], position=pos + 1, card=card, power=KIND)


def redirect(s: BethlemState, card: str, what: str) -> str:
    """A harm aimed at a card of the doll's player falls on the doll (this round, while the doll lives)."""
    doll = _record(s).doll if KIND in s.custom else None
    if doll is None:
        return card
    target, seat, round_ = doll
    if round_ != s.round or card == target or not s.alive.get(target) or card not in s.where:
        return card
    if s.holder(card) != seat:
        return card
    return target


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """The doll is secret: only the narrator's view shows it."""
    doll = _record(s).doll if KIND in s.custom else None
    if narrator and doll is not None and doll[0] == card and doll[2] == s.round:
        return ["vudu"]
    return []


# --- the extra power: passing on what the holder suffered ----------------------------------------------------


def trigger(s: BethlemState, card: str, cause: str, by: tuple[int, ...]) -> list[AgendaStep]:
    """When the card dies: its extra power (if its holder's objective allows it), and the awakened curse on
    those who lynched it (or on the barber's client)."""
    steps: list[AgendaStep] = []
    seat = s.holder(card)
    if _cursed(s, card):
        attackers = tuple(b for b in dict.fromkeys(by) if b != seat and not s.out[b])
        if cause == "linchamiento" and attackers:
            steps.append(("la-maestra-vudu-maldicion", card, DEATH, attackers, LYNCH))
        elif cause == "provocaste-al-barbero" and attackers:
            steps.append(("la-maestra-vudu-maldicion", card, DEATH, attackers, ONE))
    if extra(s, card):
        effects = _suffered(s, seat)
        if effects:
            steps.append(("la-maestra-vudu-efecto", seat, tuple(effects)))
    return steps


def _suffered(s: BethlemState, seat: int) -> list[tuple[str, str]]:
    """The harms ``seat`` suffered this round: (harm, the card it sits on — "" for a death)."""
    player = s.players[seat]
    deaths = 0
    for event in reversed(s.log):
        if event.kind == "noche" and event.data.get("n") == s.round:
            break
        if event.kind == "muerte" and event.data.get("player") == player:
            deaths += 1
    # Tonight's deaths not told yet (they are told together at dawn).
    dawn = s.res.dawn if s.res else []
    deaths += sum(1 for _, event in dawn if event.kind == "muerte" and event.data["player"] == player)
    out = [(DEATH, "")] * deaths
    mine = set(s.board[seat])
    out += [(ACCUSATION, c) for c in s.flick.accused if c in mine]
    out += [(REAPER, c) for c in s.reaper.marks if c in mine]
    out += [(MELANCHOLY, c) for c, r in s.melancholy.blocked.items() if r == s.round and c in mine]
    return out


def _others(s: BethlemState, seat: int) -> list[str]:
    return [c for c in living(s) if s.holder(c) != seat]


def effect_step(game, s: BethlemState, seat: int, effects: tuple[tuple[str, str], ...]) -> None:
    what, _source = effects[0]
    cards = _others(s, seat)
    if cards:
        s.ask(prompt(s, seat, f"{KIND}-{what}", options(s, cards), skippable=True))


def effect_answer(game, s: BethlemState, answers, seat: int, effects: tuple[tuple[str, str], ...]) -> None:
    _, chosen = answer_of(answers)
    (what, source), rest = effects[0], effects[1:]
    if chosen:
        target = s.card_at(chosen[0])
        if what == DEATH:
            current(s).next.append((target, KIND, (seat,), INDIRECT))
        elif what == ACCUSATION:
            s.flick.accused = [target if c == source else c for c in s.flick.accused]
        elif what == REAPER:
            s.reaper.marks = [target if c == source else c for c in s.reaper.marks]
        else:
            s.melancholy.blocked.pop(source, None)
            s.melancholy.blocked[target] = s.round
        s.emit("la-maestra-vudu-efecto", None, effect=what, target=chosen[0])
    if rest:
        push(s, ("la-maestra-vudu-efecto", seat, rest))


# --- the awakening: the curse --------------------------------------------------------------------------------


def _cursed(s: BethlemState, card: str) -> bool:
    return awake(s, card) and _record(s).announced and s.passive(card)


def harm(s: BethlemState, card: str, what: str, by: tuple[int, ...] | None) -> str:
    """A harm aimed at a card of the doll's player falls on the doll; placed by ``by``, the awakened card's
    curse answers it (:func:`harmed`)."""
    card = redirect(s, card, what)
    if by is not None:
        harmed(s, card, what, by)
    return card


def harmed(s: BethlemState, card: str, what: str, by: tuple[int, ...]) -> None:
    """Whoever harms the awakened card must harm one of their own (La parca's design excepted: the engine has
    one design on the table)."""
    if KIND_OF[card] != KIND or what == REAPER or not s.alive.get(card) or not _cursed(s, card):
        return
    seat = s.holder(card)
    attackers = tuple(b for b in dict.fromkeys(by) if b != seat and not s.out[b])
    if attackers:
        mode = ONE if len(attackers) == 1 else UNANIMOUS
        s.agenda.appendleft(("la-maestra-vudu-maldicion", card, what, attackers, mode))


def curse_step(game, s: BethlemState, card: str, what: str, attackers: tuple[int, ...], mode: str) -> None:
    cards = living(s, [a for a in attackers if not s.out[a]])
    if not cards:
        return
    opts = options(s, cards)
    for seat in attackers:
        if mode == ONE:
            own = options(s, [c for c in cards if s.holder(c) == seat])
            if own:
                s.ask(prompt(s, seat, "la-maestra-vudu-maldicion", own, args={"effect": what}))
        elif not s.out[seat]:
            s.ask(prompt(s, seat, "la-maestra-vudu-maldicion", opts, skippable=True, args={"effect": what}))


def curse_answer(game, s: BethlemState, answers, card: str, what: str, attackers: tuple[int, ...], mode: str) -> None:
    votes = {player: (chosen[0] if chosen else None) for (player, _), chosen in answers.items()}
    picked = None
    if mode == UNANIMOUS:
        chosen = set(votes.values())
        if len(chosen) == 1 and None not in chosen:
            picked = chosen.pop()
        elif what == DEATH:
            # No agreement among the attackers: La Maestra Vudú cannot be attacked.
            s.attacks = [a for a in s.attacks if not (a[0] == card and set(a[2]) & set(attackers))]
            s.emit("vudu-maldicion-sin-acuerdo", s.audience(attackers))
            s.emit("muerte-impedida", NARRATOR_ONLY, card=card, reason=KIND)
            return
    else:
        counts: dict[str, int] = {}
        for option in votes.values():
            if option is not None:
                counts[option] = counts.get(option, 0) + 1
        top = [o for o, n in counts.items() if counts and n == max(counts.values())]
        if len(top) == 1:
            picked = top[0]
    if picked is None:
        return
    target = s.card_at(picked)
    s.emit("la-maestra-vudu-maldicion-cae", None, effect=what, target=picked)
    if what == DEATH:
        if mode == LYNCH or s.res is not None:
            current(s).next.append((target, KIND, attackers, INDIRECT))
        else:
            attack(s, target, KIND, (), INDIRECT)
    elif what == ACCUSATION:
        s.flick.accused.append(target)
    elif what == MELANCHOLY:
        s.melancholy.blocked[target] = s.round


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    steps={
        "la-maestra-vudu-efecto": (effect_step, effect_answer),
        "la-maestra-vudu-maldicion": (curse_step, curse_answer),
    },
    triggers={KIND: trigger},
    markers=markers,
    harm=harm,
)
