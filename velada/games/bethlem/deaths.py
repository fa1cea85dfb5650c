"""How cards die: one mechanism for every death of the game.

During a phase, powers place **death markers** (*attacks*: card, cause, who attacked, flags) with
:func:`attack`. Night powers that save (Arthur, Terapia opio, El cataléptico) or delay (Paciencia) remove or
move markers at their own turn of the night, so the night order is the order of those saves. Then the markers
are resolved together — at dawn for the night, at once for a lynching or a day event — always in this order:

1. **Cancellations**: a dead card cannot die again; then the rules that keep any marker from killing while they
   are in force (``CANCELLATIONS``: on the reaper's night only La parca kills; an isolated card, Celda de
   aislamiento, cannot be attacked). Leproso ignores everything below.
2. **Immunities**: Richard Dadd awakened dies only of indirect deaths; Arthur awakened ignores the mutineers;
   John Flick awakened ignores the lynching; Pacto de sangre awakened dies only once a bound player is out
   (``AWAKE_IMMUNITIES``, and the custom characters' and acontecimientos' through ``HOOKS.immunities``);
   Siamesas die only when both were attacked in the same phase (awakened: only when the card in the same
   position of the other siamesa's holder is dead). Melancolía cancels a card's passive powers for the round.
3. **Substitutions**: Muerte dulce's exchange moves the death to the other card.
4. **Last chances, before any card is shown** (prompts, in this order): Indulto de Lord Percy (lynching only),
   Manía persecutoria (its holder takes cards along, or saves one, before dying), Juego de azar's awakening
   guess, Wakerfield's swap.
5. **Deaths**: the cards die and are turned face up; players with no living card are out.
6. **Death powers**, card by card in table order (not for Leproso's victims nor cards under Melancolía):
   Compañeros de celda, Juego de azar, Profeta, Infecto de rabia, Ali's and Larry's awakenings, Muerte dulce's
   awakening. The deaths they cause form the next batch, resolved from step 1.
7. **Afterwards**: a blood pact takes the partner of a player who is out; a player left with one living card
   awakens it; the game checks whether it has ended.

Saves (Arthur, opio, Lord Percy, Wakerfield, Manía's opposite, Paciencia, El cataléptico, Muerte dulce) never
stop an *inevitable* death (Terapia electroshock's awakening, Leproso).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from operator import attrgetter
from typing import Any

from velada.core.game import Answers
from velada.core.protocol import NARRATOR_ONLY, Event
from velada.games.bethlem.awakening import awaken_last_cards
from velada.games.bethlem.cards import GROUP_OF, KIND_OF, LIFE_GROUPS
from velada.games.bethlem.common import card_side, modes, prompt, spend, spend_power
from velada.games.bethlem.hooks import BOOK_MODE, NO_HOOKS, Trigger, harm, redirected
from velada.games.bethlem.state import (
    INDIRECT,
    INEVITABLE,
    LEPER,
    NO_TRIGGER,
    AgendaStep,
    Attack,
    BethlemState,
    DawnEvent,
    Resolution,
)

#: Causes that are the mutineers' attack (Arthur's awakening is immune to them).
MUTINEER_CAUSES = frozenset({"amotinados", "daniel", "richard-dadd", "director-amotinado", "nathaniel"})
#: The awakened cards an attack may not kill (stage 2), by kind: whether it spares them, from the attack's cause
#: and flags. The reason told to the narrator is the card's kind.
AWAKE_IMMUNITIES: dict[str, Callable[[BethlemState, str, int], bool]] = {
    # Richard Dadd dies only of indirect deaths.
    "richard-dadd": lambda s, cause, flags: not flags & INDIRECT,
    "arthur": lambda s, cause, flags: cause in MUTINEER_CAUSES,
    "john-flick": lambda s, cause, flags: cause == "linchamiento",
    # Pacto de sangre dies only once a bound player is out.
    "pacto-de-sangre": lambda s, cause, flags: (
        s.blood_pact.bound is not None and not (s.out[s.blood_pact.bound[0]] or s.out[s.blood_pact.bound[1]])
    ),
}


@dataclass(frozen=True, slots=True)
class Cancellation:
    """A rule that keeps death markers from killing (stage 1): while it is ``in_force(s)`` (asked once a batch),
    a marker of cause ``cause`` on ``card`` does not kill it when ``spares(s, card, cause)``; the narrator is told
    ``reason`` (the card whose rule it is)."""

    reason: str
    in_force: Callable[[BethlemState], bool]
    spares: Callable[[BethlemState, str, str], bool]


#: The cancellations, in the order they are asked (the first that spares a card is the reason told).
CANCELLATIONS = (
    # On the reaper's night (disobeyed, she alone takes a life) only La parca kills.
    Cancellation(
        "la-parca",
        lambda s: s.reaper.night == s.round and s.phase == "noche",
        lambda s, card, cause: cause != "la-parca",
    ),
    # A card in Celda de aislamiento cannot be attacked the round it was isolated.
    Cancellation(
        "celda-de-aislamiento",
        lambda s: s.round in s.isolated.values(),
        lambda s, card, cause: s.isolated.get(card) == s.round,
    ),
)


def in_force(s: BethlemState) -> tuple[Cancellation, ...]:
    """The cancellations in force now (``CANCELLATIONS``), asked once for a batch of markers (most batches: none)."""
    now: tuple[Cancellation, ...] = ()
    for rule in CANCELLATIONS:
        if rule.in_force(s):
            now += (rule,)
    return now


#: Causes the whole table is told (night deaths are announced without their cause, as a narrator does).
PUBLIC_CAUSES = frozenset({"linchamiento", "provocaste-al-barbero", "leproso"})


def current(s: BethlemState) -> Resolution:
    """The resolution under way (its stages and death powers run only inside one)."""
    res = s.res
    if res is None:
        raise RuntimeError("no death resolution under way")
    return res


def attack(s: BethlemState, card: str, cause: str, by: tuple[int, ...] = (), flags: int = 0) -> None:
    """Place a death marker on ``card`` for this phase's resolution (with custom cards, on the card that takes
    the harm: ``custom.harm``)."""
    if s.settings.hooks.harms:
        card = harm(s, card, "muerte", by)
    s.attacks.append((card, cause, by, flags))
    note_hit(s, card)


def note_hit(s: BethlemState, card: str) -> None:
    """Remember that ``card`` was attacked now (the Siamesas and Muerte dulce care)."""
    s.hits[card] = s.moment()
    sweet = s.sweet
    if sweet is not None and sweet.open:
        if card == sweet.card:
            sweet.card_hit = True
        if card == sweet.chosen:
            sweet.chosen_hit = True


def remove_attacks(s: BethlemState, card: str) -> bool:
    """Take the death markers off ``card`` (a save); inevitable ones stay. Returns whether any was removed."""
    before = len(s.attacks)
    s.attacks = [a for a in s.attacks if a[0] != card or a[3] & (INEVITABLE | LEPER)]
    return len(s.attacks) != before


def marked(s: BethlemState) -> list[str]:
    """The living cards carrying a death marker now, in table order (whether or not the marker will kill them:
    see :func:`doomed`)."""
    if not s.attacks:  # most turns that ask it: nobody was attacked yet
        return []
    cards = {a[0] for a in s.attacks}
    return [card for card in s.cards_in_play() if card in cards and s.alive[card]]


def doomed(s: BethlemState) -> list[str]:
    """The living cards that their own death markers would kill if the phase were resolved now, in table order:
    the cards a save or a delay (Terapia opio, Paciencia, La Médico…) is offered as "going to die". A card whose
    markers the resolution would cancel (an awakened Arthur attacked by the mutineers, a Siamesa attacked alone,
    an isolated card…) or whose harm goes to another card is not offered: that would tell its player that it
    was attacked, and saving it would change nothing. The custom characters' own immunities are not foreseen
    (asking them has effects: see :func:`cancelled`)."""
    cards = marked(s)
    if not cards:
        return []
    moment = s.moment()
    now = in_force(s)
    redirects = s.settings.hooks.harms
    out = []
    for card in cards:
        if redirects and redirected(s, card, "muerte") != card:
            continue
        # The markers that would kill it, and their flags together, in one walk (no list of them is kept).
        kills = False
        flags = 0
        for a in s.attacks:
            if a[0] == card and not cancelled(s, card, a[1], a[3], now, False):
                kills = True
                flags |= a[3]
        if kills and not siamese_spared(s, card, flags, moment):
            out.append(card)
    return out


def cancelled(
    s: BethlemState, card: str, cause: str, flags: int, now: tuple[Cancellation, ...], resolving: bool = True
) -> str:
    """Why this death marker does not kill ``card`` (steps 1 and 2 of the resolution), or ``""``: the
    cancellations in force ``now`` (:func:`in_force`), then the immunities. Only while ``resolving`` are the
    custom characters' immunities asked: they act as they are asked (a Cyborg scores, an Otaku's shield breaks),
    so a mere look ahead (:func:`doomed`) cannot ask them."""
    if flags & LEPER:
        return ""
    if now:
        for rule in now:
            if rule.spares(s, card, cause):
                return rule.reason
    return immunity(s, card, cause, flags, resolving)


def siamese_spared(s: BethlemState, card: str, flags: int, moment: str) -> str:
    """Why a Siamesa hit now does not die (``siamesas``: her twin was not attacked in this phase;
    ``siamesas-despertar``: awakened, the card in the same position of her twin's holder lives), or ``""``."""
    if KIND_OF[card] != "siamesas" or flags & LEPER or not s.passive(card):
        return ""
    twin = _twin(s, card)
    if twin is None or not s.alive[twin]:
        return ""
    if s.awake.get(card) and s.holder(twin) != s.holder(card):
        pos = s.where[card][1]
        row = s.board[s.holder(twin)]
        return "siamesas-despertar" if pos < len(row) and s.alive[row[pos]] else ""
    return "siamesas" if s.hits.get(twin) != moment else ""


# --- the resolution --------------------------------------------------------------------------------------


def resolve(s: BethlemState, attacks: list[Attack], kind: str, unannounced: bool = False) -> None:
    """Resolve ``attacks`` now: ``kind`` is ``noche`` (dawn), ``linchamiento`` or ``dia``. The steps are pushed
    to the front of the agenda, so the resolution finishes before anything else happens. ``unannounced``: the
    attacks' cause is secret, so a resolution in which nothing dies is not announced (see ``Resolution``)."""
    s.res = Resolution(kind, list(attacks), unannounced=unannounced)
    if kind != "noche":
        for a in attacks:
            note_hit(s, a[0])
    s.agenda.appendleft(("res", "filter"))


def take_out(s: BethlemState) -> None:
    """Players left without a living card by something that is no death (Investigación policial takes cards off
    the table) go out of the game the one way players go out: the resolution's elimination, with its hate pact,
    the characters' ``on_out`` and the broken blood pact. Pushed to the front of the agenda like ``resolve``."""
    s.res = Resolution("dia", [], first=False)
    s.agenda.appendleft(("res", "kill"))


def resolve_step(game, s: BethlemState, attacks: tuple[Attack, ...], kind: str, unannounced: bool = False) -> None:
    """An agenda step that resolves ``attacks`` when its turn comes (for rules that kill at the end of the
    round, queued after whatever else happens then)."""
    resolve(s, list(attacks), kind, unannounced)


@dataclass(frozen=True, slots=True)
class LastChance:
    """A card's last chance before the dying cards are shown (stage 4): ``ask`` opens its holder's prompt and
    says whether it did (the stage then waits for the answer), ``answer`` takes the answer and says whether it
    asked again (a card with several modes asks the mode, then its targets). Otherwise the next stage follows."""

    ask: Callable[[BethlemState], bool]
    answer: Callable[[BethlemState, Answers], bool]


def _then(s: BethlemState, stage: str) -> None:
    s.agenda.appendleft(("res", NEXT_STAGE[stage]))


def res_step(game, s: BethlemState, stage: str) -> None:
    """Run one stage of the resolution (see the module's docstring). The last chances that ask nobody are
    passed in the same step, up to the deaths: a step through the agenda each cost more than the stage's check.
    The one that asks is recorded as the step under way, for its answer (``flow.resolve``)."""
    chance = LAST_CHANCES.get(stage)
    while chance is not None:
        s.step = ("res", stage)
        if chance.ask(s):
            return
        stage = NEXT_STAGE[stage]
        chance = LAST_CHANCES.get(stage)
    STAGE_STEPS[stage](game, s)


def res_answer(game, s: BethlemState, answers: Answers, stage: str) -> None:
    if not LAST_CHANCES[stage].answer(s, answers):
        _then(s, stage)


# 1–3. cancellations, immunities, substitutions -----------------------------------------------------------


def _filter(game, s: BethlemState) -> None:
    res = current(s)
    batch: list[Attack] = []
    seen: dict[str, int] = {}
    # A night without markers is resolved too (its dawn): nothing to cancel then.
    now = in_force(s) if res.batch else ()
    if s.settings.hooks.harms:
        res.batch = [(redirected(s, a[0], "muerte"), *a[1:]) for a in res.batch]
    for a in res.batch:
        card, cause, by, flags = a
        if not s.alive.get(card) or card not in s.where:
            continue
        reason = cancelled(s, card, cause, flags, now)
        if reason:
            s.emit("muerte-impedida", NARRATOR_ONLY, card=card, reason=reason)
            continue
        if card in seen:
            # Several markers on one card: one death; its killers are all the attackers.
            i = seen[card]
            old = batch[i]
            batch[i] = (card, old[1], tuple(dict.fromkeys(old[2] + by)), old[3] | flags)
        else:
            seen[card] = len(batch)
            batch.append(a)
    if batch:  # most dawns have nothing left to kill: no rule over the batch has anything to do then
        for rule in BATCH_RULES:
            batch = rule(s, batch)
    res.batch = batch
    if batch:
        _then(s, "filter")
    else:
        _none_die(game, s)


def _none_die(game, s: BethlemState) -> None:
    """A batch with nothing left to kill (most dawns, every cancelled attack) goes through its stages in this one
    step: the last chances have no dying card to save, no card dies, so no death power fires; what is left is the
    quiet night or the "nobody dies" told, and the afterwards. A resolution with players out and not yet told to
    the characters' ``on_out`` still goes through the death powers' stage, where they are."""
    _deaths(s)
    if current(s).eliminated:
        s.agenda.appendleft(("res", "triggers"))
    else:
        _after(game, s)


def _siamesas(s: BethlemState, batch: list[Attack]) -> list[Attack]:
    """Las Siamesas: a siamesa dies only when her twin was attacked in this same phase; then both die."""
    moment = s.moment()
    seen = {a[0] for a in batch}
    for a in list(batch):
        card = a[0]
        reason = siamese_spared(s, card, a[3], moment)
        if reason:
            batch.remove(a)
            s.emit("muerte-impedida", NARRATOR_ONLY, card=card, reason=reason)
            continue
        if KIND_OF[card] != "siamesas" or a[3] & LEPER or not s.passive(card):
            continue
        twin = _twin(s, card)
        if twin is None or not s.alive[twin] or (s.awake.get(card) and s.holder(twin) != s.holder(card)):
            continue
        if twin not in seen and s.passive(twin):
            batch.append((twin, "siamesas", a[2], INDIRECT))
            seen.add(twin)
    return batch


def immunity(s: BethlemState, card: str, cause: str, flags: int, hooks: bool = True) -> str:
    """Why ``card`` does not die of this attack, or ``""``: the immunities of awakened cards, and with custom
    cards (``hooks``) those the custom characters and acontecimientos give (``HOOKS.immunities``)."""
    if hooks and s.settings.hooks.immunities:
        for hook in s.settings.hooks.immunities:
            reason = hook(s, card, cause, flags)
            if reason:
                return reason
    if not s.awake.get(card) or not s.passive(card):
        return ""
    kind = KIND_OF[card]
    spares = AWAKE_IMMUNITIES.get(kind)
    return kind if spares is not None and spares(s, cause, flags) else ""


def _twin(s: BethlemState, card: str) -> str | None:
    for other in s.found("siamesas"):
        if other != card:
            return other
    return None


def _substitute(s: BethlemState, batch: list[Attack]) -> list[Attack]:
    """Muerte dulce: while its exchange is open, a death aimed at one card goes to the other."""
    sweet = s.sweet
    if sweet is None or not sweet.open:
        return batch
    source, target = (sweet.card, sweet.chosen) if sweet.mode == "normal" else (sweet.chosen, sweet.card)
    if not s.passive(sweet.card):
        return batch
    out: list[Attack] = []
    for a in batch:
        if a[0] == source and not a[3] & (INEVITABLE | LEPER) and s.alive.get(target):
            sweet.open = False
            s.emit("muerte-dulce-cambio", NARRATOR_ONLY, card=source, other=target)
            if all(b[0] != target for b in batch):
                out.append((target, "muerte-dulce", (s.holder(sweet.card),), INDIRECT))
            continue
        out.append(a)
    return out


# 4. last chances before the cards are shown --------------------------------------------------------------


def _savable(batch: list[Attack]) -> list[str]:
    return [a[0] for a in batch if not a[3] & (INEVITABLE | LEPER)]


def _percy(s: BethlemState) -> bool:
    """Indulto de Lord Percy: its holder may pardon the lynched card before it is shown."""
    res = current(s)
    if res.kind == "linchamiento" and res.first and _savable(res.batch):
        for seat in s.seats_in_game():
            if "indulto-de-lord-percy" in s.hand[seat]:
                card = res.batch[0][0]
                s.ask(prompt(s, seat, "indulto", ("indultar",), skippable=True, args={"card": s.option(card)}))
                return True
    return False


def _percy_answer(s: BethlemState, answers: Answers) -> bool:
    ((player, _), chosen), *_ = answers.items()
    if chosen:
        seat = s.index[player]
        card = current(s).batch[0][0]
        spend(s, seat, "indulto-de-lord-percy")
        current(s).batch = [a for a in current(s).batch if a[0] != card]
        s.pardons.append((s.round, player, s.option(card)))
        s.emit("indulto", None, player=player, target=s.option(card))
    return False


def _mania(s: BethlemState) -> bool:
    """Manía persecutoria, before dying: its holder takes one card along (two awakened); with Bipolaridad the
    opposite saves one card dying now (awakened: brings back a dead one), and acts first."""
    res = current(s)
    for a in res.batch:
        card = a[0]
        if KIND_OF[card] != "mania-persecutoria" or a[3] & (LEPER | NO_TRIGGER) or not s.passive(card):
            continue
        seat = s.holder(card)
        available = modes(s, seat, card)
        if not available:
            continue
        res.waiting = card
        if len(available) > 1:
            s.ask(
                prompt(
                    s, seat, "modo", available, skippable=True, args={"power": "mania-persecutoria"}, suffix="-mania"
                )
            )
            res.asking_mode = True
            return True
        return _mania_target(s, seat, card, available[0])
    return False


def _mania_target(s: BethlemState, seat: int, card: str, mode: str) -> bool:
    """Ask Manía persecutoria's holder for the targets of ``mode``; False when there are none to ask for."""
    res = current(s)
    res.mode = mode
    res.asking_mode = False
    if mode == "normal":
        options = [c for c in s.cards_in_play() if s.alive[c] and c != card and all(a[0] != c for a in res.batch)]
        count = 1
    elif mode == "despertar":
        options = [c for c in s.cards_in_play() if s.alive[c] and c != card and all(a[0] != c for a in res.batch)]
        count = min(2, len(options))
    elif mode == "opuesto":
        options = [c for c in _savable(res.batch) if c != card]
        count = 1
    else:  # despertar-opuesto: bring back a dead card
        options = [c for c in s.cards_in_play() if not s.alive[c] and not s.out[s.holder(c)]]
        count = 1
    if not options or count == 0:
        return False
    s.ask(
        prompt(
            s,
            seat,
            "mania-persecutoria",
            tuple(s.option(c) for c in options),
            min=count,
            max=count,
            skippable=True,
            args={"mode": mode},
        )
    )
    return True


def _mania_answer(s: BethlemState, answers: Answers) -> bool:
    ((player, _), chosen), *_ = answers.items()
    res = current(s)
    seat = s.index[player]
    card = res.waiting
    if res.asking_mode:
        return bool(chosen) and _mania_target(s, seat, card, chosen[0])
    mode = res.mode
    if chosen:
        spend_power(s, card, mode)
        targets = [s.card_at(o) for o in chosen]
        if mode in ("normal", "despertar"):
            for target in targets:
                res.batch.append((target, "mania-persecutoria", (seat,), INDIRECT))
                note_hit(s, target)
        elif mode == "opuesto":
            res.batch = [a for a in res.batch if a[0] not in targets]
        else:
            for target in targets:
                revive(s, target, "mania-persecutoria")
        s.emit("mania", None, player=player, mode=mode, targets=list(chosen))
    return False


def _gamble(s: BethlemState) -> bool:
    """Juego de azar awakened, the first time it would die: its holder guesses the group of the card under the
    token; a right guess keeps it alive (and the token's card with it)."""
    res = current(s)
    for a in res.batch:
        card = a[0]
        if KIND_OF[card] != "juego-de-azar" or not s.awake.get(card) or s.awake_used.get(card):
            continue
        if a[3] & (LEPER | NO_TRIGGER) or not s.passive(card) or not s.tokens:
            continue
        res.waiting = card
        s.ask(prompt(s, s.holder(card), "juego-de-azar-apuesta", LIFE_GROUPS, skippable=True))
        return True
    return False


def _gamble_answer(s: BethlemState, answers: Answers) -> bool:
    ((player, _), chosen), *_ = answers.items()
    res = current(s)
    card = res.waiting
    if chosen:
        s.awake_used[card] = True
        # Two tokens (FAQ 15.7): the guess is right if it names the group of either card.
        right = any(GROUP_OF[token[0]] == chosen[0] for token in s.tokens)
        s.emit("apuesta", None, player=player, group=chosen[0], right=right)
        if right:
            res.batch = [a for a in res.batch if a[0] != card]
    return False


def _wakerfield(s: BethlemState) -> bool:
    """Wakerfield: before a dying card is shown, her holder may keep it and let Wakerfield die in its place.
    Awakened, she sees which cards they are and may use the kept card's awakening."""
    res = current(s)
    dying = [a[0] for a in res.batch]
    for card in s.found("wakerfield"):
        if card in dying or not s.can_act(card):
            continue
        options = [c for c in _savable(res.batch) if KIND_OF[c] != "wakerfield"]
        if not options:
            continue
        seat = s.holder(card)
        args: dict = {}
        if s.awake.get(card):
            for c in options:
                s.learn(seat, c)
            args["cards"] = {s.option(c): c for c in options}
        res.waiting = card
        s.ask(prompt(s, seat, "wakerfield", tuple(s.option(c) for c in options), skippable=True, args=args))
        return True
    return False


def _wakerfield_answer(s: BethlemState, answers: Answers) -> bool:
    ((player, _), chosen), *_ = answers.items()
    res = current(s)
    if chosen:
        wakerfield = res.waiting
        saved = s.card_at(chosen[0])
        from_option = s.option(wakerfield)
        swap_cards(s, wakerfield, saved)
        res.batch = [(wakerfield, *a[1:]) if a[0] == saved else a for a in res.batch]
        if s.awake.get(wakerfield):
            s.awake[saved] = True
        s.emit("wakerfield", None, player=player, target=chosen[0], origin=from_option)
    return False


def swap_cards(s: BethlemState, a: str, b: str) -> None:
    """Exchange the places of two cards on the table (their markers go with them). Everybody sees it happen;
    whoever held a card keeps knowing what it is."""
    (sa, pa), (sb, pb) = s.where[a], s.where[b]
    s.learn(sa, a)
    s.learn(sb, b)
    s.board[sa][pa], s.board[sb][pb] = b, a
    s.where[a], s.where[b] = (sb, pb), (sa, pa)
    s.board_changed()


# 5. deaths -------------------------------------------------------------------------------------------------


def _kill(game, s: BethlemState) -> None:
    _deaths(s)
    _then(s, "kill")


def _deaths(s: BethlemState) -> None:
    """The cards of the batch die, in table order, and players with no living card are out."""
    res = current(s)
    kind = res.kind
    deaths = []
    batch = list(res.batch)
    if len(batch) > 1:
        # In table order (most batches hold one attack or none: nothing to order then).
        order = {card: i for i, card in enumerate(s.cards_in_play())}
        batch.sort(key=lambda a: order.get(a[0], 99))
    for card, cause, by, flags in batch:
        if not s.alive[card]:
            continue
        passive = s.passive(card)
        s.set_alive(card, False)
        s.public[card] = True
        seat, pos = s.where[card]
        shown = cause if cause in PUBLIC_CAUSES or kind != "noche" else "noche"
        s.death_told[card] = shown
        tell(s, (0, seat, pos, 0), "muerte", None, player=s.players[seat], position=pos + 1, card=card, cause=shown)
        if shown != cause:
            tell(s, (0, seat, pos, 1), "causa", NARRATOR_ONLY, player=s.players[seat], position=pos + 1, cause=cause)
        if card in s.reaper.marks:
            s.reaper.obeyed = True
        if KIND_OF[card] == "el-cataleptico" and kind != "noche":
            s.cataleptic_day[card] = s.round
        deaths.append((card, cause, by, flags, passive))
        res.dead.append(card)
        s.last_death = s.moment()
        if cause == "linchamiento":
            s.last_lynch = s.round
    if not deaths and res.first:
        if kind == "noche":
            s.emit("sin-muertes", None)
            res.quiet = True
        elif not res.unannounced:
            s.emit("no-muere", None)
    res.deaths = deaths
    alive, out = s.alive, s.out
    for seat, row in enumerate(s.board):
        # A loop rather than ``any`` over a generator: asked for every seat after every batch of deaths.
        if not out[seat]:
            for c in row:
                if alive[c]:
                    break
            else:
                _eliminate(s, seat, deaths)
    if s.settings.hooks.after_deaths and (deaths or res.eliminated):
        for hook in s.settings.hooks.after_deaths:
            hook(s, deaths)


def tell(s: BethlemState, order: tuple[int, ...], kind: str, audience, **data) -> None:
    """Tell an event of the resolution under way: at once by day; at night kept for the dawn (see
    :func:`tell_dawn`), where ``order`` places it (deaths in table order, then who is out, then the Compañeros de
    celda whose companions died with them)."""
    res = s.res
    if res is not None and res.kind == "noche":
        res.dawn.append(DawnEvent(order, Event(kind, data, audience)))
    else:
        s.emit(kind, audience, **data)


_ORDER = attrgetter("order")


def tell_dawn(s: BethlemState) -> None:
    """Se desvelan las muertes de la noche: every death of the night is shown at dawn together with the others, in
    table order, once the death powers have done their work. Told batch by batch, the deaths a death power caused
    (the Compañeros de celda's: the card in the same position of each companion) would come after it, apart, and
    name the players who hold the companions, hidden cards the rules never show."""
    res = s.res
    if res is None:
        return
    dawn, res.dawn = res.dawn, []
    for told in sorted(dawn, key=_ORDER):
        event = told.event
        # Its data as ``tell`` kept it, a dict of its own: through the log's door without a copy of it.
        s.emit_data(event.kind, event.audience, event.data)


def _eliminate(s: BethlemState, seat: int, deaths) -> None:
    """A player whose life cards are all dead is out of the game (section 3)."""
    s.set_out(seat, True)
    current(s).eliminated.append(seat)
    tell(s, (1, seat), "eliminado", None, player=s.players[seat])
    pact = s.blood_pact.bound
    if pact is not None and pact[2] == "odio" and seat in pact[:2]:
        other = pact[1] if pact[0] == seat else pact[0]
        last = [d for d in deaths if s.holder(d[0]) == seat]
        if not s.out[other] and any(other in d[2] for d in last):
            s.blood_pact.hate_winner = other
        else:
            # Out by another hand: the hate pact is void and the survivor plays for their own objective again.
            s.blood_pact.bound = (pact[0], pact[1], "roto")


# 6. death powers -------------------------------------------------------------------------------------------


def _triggers(game, s: BethlemState) -> None:
    res = current(s)
    steps: list[AgendaStep] = []
    hooks = s.settings.hooks
    triggers = hooks.triggers
    for card, cause, by, flags, passive in res.deaths:
        if flags & (LEPER | NO_TRIGGER) or not passive:
            continue
        trigger = triggers.get(KIND_OF[card])
        if trigger is not None:
            steps.extend(trigger(s, card, cause, by))
    if hooks.on_out:
        eliminated, res.eliminated = res.eliminated, []
        for seat in eliminated:
            for hook in hooks.on_out:
                steps.extend(hook(s, seat))
    s.agenda.appendleft(("res", "after"))
    s.agenda.extendleft(reversed(steps))


def _cellmates(s: BethlemState, card: str, cause: str, by) -> list[AgendaStep]:
    """Compañeros de celda: the cards in the same position of the other cellmates' players die too (the
    opposite position with Bipolaridad). Awakened, the card brings back its holder's cards that died of it."""
    seat = s.holder(card)
    steps: list[AgendaStep] = []
    if s.awake.get(card) and not s.awake_used.get(card):
        steps.append(("cellmates-revive", card))
    if s.used.get(card):
        return steps
    available = [m for m in modes(s, seat, card, dead_ok=True) if m in ("normal", "opuesto")]
    if not available:
        return steps
    if len(available) > 1:
        return [("cellmates-mode", card), *steps]
    _cellmates_fire(s, card, "normal")
    return steps


def _cellmates_fire(s: BethlemState, card: str, mode: str) -> None:
    s.used[card] = True
    seat, pos = s.where[card]
    target_pos = pos if mode == "normal" else 3 - pos
    for other in s.found("companeros-de-celda"):
        other_seat = s.holder(other)
        if other == card or other_seat == seat:
            continue
        row = s.board[other_seat]
        if target_pos < len(row) and s.alive[row[target_pos]]:
            victim = row[target_pos]
            current(s).next.append((victim, "companeros-de-celda", (seat,), INDIRECT))
            s.cell_victims.setdefault(other_seat, []).append(victim)
    tell(s, (2, seat), "companeros", None, player=s.players[seat], mode=mode)


def cellmates_mode_step(game, s: BethlemState, card: str) -> None:
    s.ask(
        prompt(s, s.holder(card), "modo", ("normal", "opuesto"), args={"power": "companeros-de-celda"}, suffix="-celda")
    )


def cellmates_mode_answer(game, s: BethlemState, answers, card: str) -> None:
    ((_, _), chosen), *_ = answers.items()
    _cellmates_fire(s, card, chosen[0])


def cellmates_revive_step(game, s: BethlemState, card: str) -> None:
    seat = s.holder(card)
    victims = [c for c in s.cell_victims.get(seat, []) if not s.alive[c] and s.holder(c) == seat]
    if victims:
        s.ask(prompt(s, seat, "companeros-despertar", ("resucitar",), skippable=True))


def cellmates_revive_answer(game, s: BethlemState, answers, card: str) -> None:
    ((_, _), chosen), *_ = answers.items()
    if chosen:
        seat = s.holder(card)
        s.awake_used[card] = True
        for victim in s.cell_victims.get(seat, []):
            if not s.alive[victim] and s.holder(victim) == seat:
                revive(s, victim, "companeros-de-celda")


def _gambling(s: BethlemState, card: str, cause: str, by) -> list[AgendaStep]:
    """Juego de azar: when it dies, so does the card under the gambling token (under each, FAQ 15.7)."""
    for token, _, _ in s.tokens:
        if token != card and s.alive.get(token):
            current(s).next.append((token, "juego-de-azar", (s.holder(card),), INDIRECT))
    return []


def prophet_on_death(s: BethlemState, card: str) -> None:
    """Profeta: when the living card of its pair dies the dead one comes back; the opposite pairs two living
    cards that die together. Each link (two at most, FAQ 15.7) fires once."""
    for link in list(s.prophets):
        first, second, mode = link
        if mode == "normal" and card == first:
            s.prophets.remove(link)
            if not s.alive[second] and not s.out[s.holder(second)]:
                revive(s, second, "profeta")
        elif mode == "opuesto" and card in (first, second):
            s.prophets.remove(link)
            other = second if card == first else first
            if s.alive[other]:
                current(s).next.append((other, "profeta", (), INDIRECT))


def _rabies(s: BethlemState, card: str, cause: str, by) -> list[AgendaStep]:
    """Infecto de rabia: the nearest mutineer to the left dies next round (at once, awakened; to the right
    with Bipolaridad)."""
    seat = s.holder(card)
    available = modes(s, seat, card, dead_ok=True)
    if not available:
        return []
    if len(available) > 1:
        return [("rabies-mode", card)]
    _rabies_fire(s, card, available[0])
    return []


def _rabies_fire(s: BethlemState, card: str, mode: str) -> None:
    spend_power(s, card, mode)
    seat = s.holder(card)
    step = 1 if mode in ("normal", "despertar") else -1
    s.settings.hooks.rules.rabies(s, seat, step, mode)


def _book_rabies(s: BethlemState, seat: int, step: int, mode: str) -> None:
    """The book's rabies: the nearest mutineer principal character to the left (right, with the opposite) dies
    of it the next round (at once, awakened)."""
    n = len(s.players)
    for k in range(1, n):
        other = (seat + step * k) % n
        mutineers = [
            c for c in s.board[other] if s.alive[c] and card_side(s, c) == "amotinados" and GROUP_OF[c] == "P1"
        ]
        if mutineers:
            victim = mutineers[0]
            rabid = (victim, "infecto-de-rabia", (seat,), INDIRECT)
            if mode.startswith("despertar"):
                current(s).next.append(rabid)
            else:
                s.delayed.append((s.round + 1, rabid))
            s.emit("rabia", NARRATOR_ONLY, player=s.players[other], card=victim, mode=mode)
            return


def rabies_mode_step(game, s: BethlemState, card: str) -> None:
    s.ask(
        prompt(
            s,
            s.holder(card),
            "modo",
            modes(s, s.holder(card), card, dead_ok=True),
            args={"power": "infecto-de-rabia"},
            suffix="-rabia",
        )
    )


def rabies_mode_answer(game, s: BethlemState, answers, card: str) -> None:
    ((_, _), chosen), *_ = answers.items()
    _rabies_fire(s, card, chosen[0])


def _ali(s: BethlemState, card: str, cause: str, by) -> list[AgendaStep]:
    """Ali awakened: whoever killed her loses the vote for the rest of the game; if several did, her holder
    chooses which one."""
    if not s.awake.get(card):
        return []
    killers = [k for k in by if k != s.holder(card)]
    if len(killers) == 1:
        _silence(s, killers[0])
        return []
    if killers:
        return [("ali-choice", card, tuple(killers))]
    return []


def _silence(s: BethlemState, seat: int) -> None:
    s.ali.no_vote[seat] = True
    s.emit("sin-voto", None, player=s.players[seat], reason="ali-la-muda")


def ali_choice_step(game, s: BethlemState, card: str, killers: tuple[int, ...]) -> None:
    s.ask(prompt(s, s.holder(card), "ali-la-muda-voto", s.ids(killers)))


def ali_choice_answer(game, s: BethlemState, answers, card: str, killers) -> None:
    ((_, _), chosen), *_ = answers.items()
    _silence(s, s.index[chosen[0]])


def _larry(s: BethlemState, card: str, cause: str, by) -> list[AgendaStep]:
    """Larry Owls awakened: if he dies at night, the card he showed this morning dies too."""
    if s.awake.get(card) and current(s).kind == "noche":
        for _seat, shown in s.larry_show:
            if s.alive.get(shown):
                current(s).next.append((shown, "larry-owls", (s.holder(card),), INDIRECT))
    return []


def _sweet(s: BethlemState, card: str, cause: str, by) -> list[AgendaStep]:
    """Muerte dulce awakened: when it dies, its holder may take the chosen card along (bring it back, with the
    opposite)."""
    sweet = s.sweet
    if sweet is None or sweet.card != card or not sweet.awake_mode or sweet.grave:
        return []
    return [("sweet-grave", card)]


def sweet_grave_step(game, s: BethlemState, card: str) -> None:
    sweet = s.sweet
    assert sweet is not None  # the step is queued only while the exchange exists
    chosen = sweet.chosen
    option = "resucitar" if sweet.awake_mode == "despertar-opuesto" else "llevar"
    if (option == "llevar") == bool(s.alive.get(chosen)):
        s.ask(
            prompt(
                s,
                s.holder(card),
                "muerte-dulce-despertar",
                (option,),
                skippable=True,
                args={"target": s.option(chosen)},
            )
        )


def sweet_grave_answer(game, s: BethlemState, answers, card: str) -> None:
    ((_, _), chosen), *_ = answers.items()
    if chosen:
        sweet = s.sweet
        assert sweet is not None  # the step is queued only while the exchange exists
        sweet.grave = True
        target = sweet.chosen
        if chosen[0] == "llevar":
            current(s).next.append((target, "muerte-dulce", (s.holder(card),), INDIRECT))
        else:
            revive(s, target, "muerte-dulce")


TRIGGERS: dict[str, Trigger] = {
    "companeros-de-celda": _cellmates,
    "juego-de-azar": _gambling,
    "infecto-de-rabia": _rabies,
    "ali-la-muda": _ali,
    "larry-owls": _larry,
    "muerte-dulce": _sweet,
}
#: A game without custom cards has the book's death powers alone (``_triggers`` reads its mode's table; the
#: registry gives the custom mode's both the book's and the characters').
NO_HOOKS.triggers = TRIGGERS
BOOK_MODE.rabies = _book_rabies


# 7. afterwards ---------------------------------------------------------------------------------------------


def _after(game, s: BethlemState) -> None:
    res = current(s)
    for card, *_ in res.deaths:
        prophet_on_death(s, card)
    quiet, res.quiet = res.quiet, False
    if prophecy_met(s, res.deaths, quiet):
        doom = fulfil_prophecy(s)
        if doom is not None:
            res.next.append(doom)
    if res.next:
        batch, res.next = res.next, []
        res.batch = batch
        res.first = False
        res.kind = res.kind if res.kind == "noche" else "dia"
        s.agenda.appendleft(("res", "filter"))
        return
    pact = s.blood_pact.bound
    if pact is not None and pact[2] == "normal":
        a, b = pact[0], pact[1]
        for gone, other in ((a, b), (b, a)):
            if s.out[gone] and not s.out[other]:
                s.blood_pact.bound = (a, b, "roto")
                s.blood_pact.broken_for = other
                res.batch = [(c, "pacto-de-sangre", (), INEVITABLE | INDIRECT) for c in s.living_cards(other)]
                res.first = False
                # Told with the night's deaths at dawn (after the partner's going out), at once by day.
                tell(s, (1, gone, 1), "pacto-roto", None, player=s.players[other])
                s.agenda.appendleft(("res", "filter"))
                return
    tell_dawn(s)
    s.res = None
    awaken_last_cards(s)
    s.agenda.appendleft(("check",))
    if s.settings.mode == "dos":
        s.agenda.appendleft(("replace",))


def prophecy_met(s: BethlemState, deaths: list[tuple], quiet_night: bool) -> bool:
    """Whether the prophecy's public part came true with these deaths (or with a night without deaths)."""
    p = s.nostradamus.current
    if p is None:
        return False
    condition, target = p.condition, p.target
    if condition == "noche-sin-muertes":
        return quiet_night
    if condition == "muere-carta":
        return any(d[0] == p.dead for d in deaths)
    seat = s.index.get(target)
    if condition == "linchan-a":
        return any(d[1] == "linchamiento" and s.holder(d[0]) == seat for d in deaths)
    return seat is not None and s.out[seat]


def fulfil_prophecy(s: BethlemState) -> tuple | None:
    """The hidden part comes true; returns an attack to resolve when it is a death."""
    p = s.nostradamus.current
    assert p is not None, "fulfilled only once met (prophecy_met)"
    s.nostradamus.current = None
    s.nostradamus.fulfilled.append((s.round, s.players[p.seat], p.consequence, p.destiny))
    s.emit("profecia-cumplida", None, player=s.players[p.seat], consequence=p.consequence, destiny=p.destiny)
    consequence = p.consequence
    victim = p.victim
    if consequence == "muere" and s.alive.get(victim):
        return (victim, "sindrome-de-nostradamus", (p.seat,), 0)
    if consequence == "resucita" and victim and not s.alive.get(victim) and not s.out[s.holder(victim)]:
        revive(s, victim, "sindrome-de-nostradamus")
    elif consequence == "revela" and s.alive.get(victim):
        s.public[victim] = True
        seat, pos = s.where[victim]
        s.emit("revela", None, player=s.players[seat], position=pos + 1, card=victim, power="sindrome-de-nostradamus")
    elif consequence == "sin-voto":
        seat = s.index[p.destiny]
        s.ali.no_vote[seat] = True
        s.emit("sin-voto", None, player=p.destiny, reason="sindrome-de-nostradamus")
    return None


def replace_step(game, s: BethlemState) -> None:
    """2-player mode: a dead card on the table is replaced by a living card of its player's reserve, which the
    player chooses."""
    table = s.table
    for seat, row in enumerate(s.board):
        reserve = [c for c in row[table:] if s.alive[c]]
        for pos, card in enumerate(row[:table]):
            if not s.alive[card] and reserve:
                options = tuple(s.option(c) for c in reserve)
                s.ask(prompt(s, seat, "reemplazo", options, args={"position": pos + 1}))
                return


def replace_answer(game, s: BethlemState, answers) -> None:
    ((player, _), chosen), *_ = answers.items()
    seat = s.index[player]
    dead = next(c for c in s.board[seat][: s.table] if not s.alive[c])
    pos = s.where[dead][1]
    swap_cards(s, dead, s.card_at(chosen[0]))
    s.emit("reemplazo", None, player=player, position=pos + 1)
    s.agenda.appendleft(("replace",))


def revive(s: BethlemState, card: str, cause: str) -> None:
    """Bring a dead card back to life, face up as it was shown; a player who was out is back in the game."""
    if s.alive.get(card) or card not in s.where or s.removed.get(card):
        return
    s.set_alive(card, True)
    seat, pos = s.where[card]
    s.set_out(seat, False)
    # A card that died tonight and comes back: its death is shown first.
    tell_dawn(s)
    s.emit("resurreccion", None, player=s.players[seat], position=pos + 1, card=card, cause=cause)


#: Stages 2–3's rules over the whole batch, after each marker's cancellations and immunities, in this order: the
#: Siamesas die only together; Muerte dulce's exchange moves a death to the other card.
BATCH_RULES: tuple[Callable[[BethlemState, list[Attack]], list[Attack]], ...] = (_siamesas, _substitute)
#: Stage 4, the last chances before any card is shown, in this order (each a stage of its own: its prompt is
#: answered before the next one is asked).
LAST_CHANCES: dict[str, LastChance] = {
    "percy": LastChance(_percy, _percy_answer),
    "mania": LastChance(_mania, _mania_answer),
    "gamble": LastChance(_gamble, _gamble_answer),
    "wakerfield": LastChance(_wakerfield, _wakerfield_answer),
}
#: The other stages, each run as one step.
STAGE_STEPS: dict[str, Callable[[Any, BethlemState], None]] = {
    "filter": _filter,
    "kill": _kill,
    "triggers": _triggers,
    "after": _after,
}
STAGES = ("filter", *LAST_CHANCES, "kill", "triggers", "after")
#: The stage after each (``_then``, ``res_step``).
NEXT_STAGE = dict(pairwise(STAGES))
