"""Cartas de personaje (section 6) and their awakenings (section 9): the principal (P1) and secondary (P2)
characters' powers, usable every round.

Each power is a pair of functions ``ask`` (open the prompt, or act at once) and ``answer``; ``stage`` tells
the steps of a power that asks more than once (Mary Firth's question, then her impersonation).
"""

from __future__ import annotations

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.cards import CARDS, GROUP_OF, KIND_OF
from velada.games.bethlem.common import (
    DIRECTOR,
    OWN,
    SUFFIX,
    announce_awakening,
    answer_of,
    awake_power,
    can_rise,
    cycle_allowed,
    cycle_note,
    living,
    living_but,
    mutineer_cards,
    not_against,
    not_last,
    note_pick,
    options,
    prompt,
)
from velada.games.bethlem.deaths import attack, remove_attacks
from velada.games.bethlem.deaths import marked as marked_cards
from velada.games.bethlem.happenings import second_attack
from velada.games.bethlem.hooks import BOOK_MODE, harm
from velada.games.bethlem.state import INEVITABLE, LEPER, AgendaStep, BethlemState


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def _push(s: BethlemState, *entries: AgendaStep) -> None:
    s.agenda.extendleft(reversed(entries))


# --- Larry Owls "el sonámbulo" ---------------------------------------------------------------------------


def _larry_candidates(s: BethlemState, seat: int, awake: bool) -> tuple[list[str], list[int]]:
    if not awake:
        return living(s), []
    others = [p for p in s.seats_holding_cards() if p != seat]
    allowed = cycle_allowed(s, "larry-owls", seat, others)
    return living(s, allowed), others


def larry_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Larry Owls sees one card of the table each night. Awakened, he shows it to everybody at dawn and may not
    pick the same player again until he has shown a card of every other."""
    awake = awake_power(s, card, origin)
    candidates, _ = _larry_candidates(s, seat, awake)
    if candidates:
        s.ask(prompt(s, seat, "larry-owls", options(s, candidates), skippable=True, suffix=SUFFIX[origin]))


def larry_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    target = s.card_at(chosen[0])
    s.learn(seat, target)
    s.emit("vision", _me(s, seat), target=chosen[0], card=target)
    if awake_power(s, card, origin):
        _, others = _larry_candidates(s, seat, True)
        cycle_note(s, "larry-owls", seat, s.holder(target), others)
        s.larry_show.append((seat, target))


# --- El archivo --------------------------------------------------------------------------------------------


def archive_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """El archivo points at a player; a mutineer must give the position of their mutineer card. A miss loses
    the power (not when borrowed). Awakened it is never lost, every player (once each) gives the position of
    their principal character, and that player can do nothing against its holder for the whole round."""
    awake = awake_power(s, card, origin)
    if origin == OWN and s.archive.lost and not awake:
        return
    candidates = s.seats_in_game()
    if awake:
        candidates = [c for c in candidates if c not in s.archive.seen]
    if candidates:
        s.ask(prompt(s, seat, "el-archivo", s.ids(candidates), skippable=True, suffix=SUFFIX[origin]))


def archive_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    target = s.index[chosen[0]]
    me = _me(s, seat)
    s.emit("senalado", _me(s, target), power="el-archivo")
    if awake_power(s, card, origin):
        announce_awakening(s, "el-archivo")
        positions = s.settings.hooks.rules.archive(s, target, True)
        s.archive.seen.append(target)
        s.archive.shields.append((target, seat))
        s.archive.told.append((seat, target, positions, True))
        s.emit("archivo", me, player=chosen[0], positions=positions, principal=True)
        return
    positions = s.settings.hooks.rules.archive(s, target, False)
    s.archive.told.append((seat, target, positions, False))
    if positions:
        s.emit("archivo", me, player=chosen[0], positions=positions, principal=False)
    else:
        s.emit("archivo-falla", me, player=chosen[0], lost=origin == OWN)
        if origin == OWN:
            s.archive.lost = True


# --- Mary Firth ------------------------------------------------------------------------------------------


def book_archive(s: BethlemState, target: int, awakened: bool) -> list[int]:
    """The book's El archivo: the positions of ``target``'s principal characters (awakened), or of their living
    mutineer cards."""
    if awakened:
        return [pos + 1 for pos, c in enumerate(s.board[target]) if GROUP_OF[c] == "P1"]
    return [s.where[c][1] + 1 for c in mutineer_cards(s, target)]


BOOK_MODE.archive = book_archive


def mary_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Mary Firth picks a player (each one once in the game, FAQ 4), who nods if a mutineer; that mutineer
    cannot rise tonight and she may rise in his place (once per mutineer). Awakened, once, she may pick anybody
    and keep the unmasked mutineer from rising for the rest of the game."""
    if stage.startswith("suplantar:"):
        s.ask(prompt(s, seat, "mary-firth-suplantar", ("suplantar",), skippable=True, suffix=SUFFIX[origin]))
        return
    if stage.startswith("despertar:"):
        s.ask(prompt(s, seat, "mary-firth-despertar", ("desenmascarar",), skippable=True, suffix=SUFFIX[origin]))
        return
    asked = s.mary.asked.get(seat, [])
    awake = _mary_awake(s, card, origin)
    candidates = [p for p in s.seats_in_game() if p != seat and (awake or p not in asked)]
    if candidates:
        s.ask(prompt(s, seat, "mary-firth", s.ids(candidates), skippable=True, suffix=SUFFIX[origin]))


def _mary_awake(s: BethlemState, card: str, origin: str) -> bool:
    if origin == DIRECTOR:
        return awake_power(s, card, origin)
    return bool(s.awake.get(card)) and not s.awake_used.get(card) and origin == OWN


def mary_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _player, chosen = answer_of(answers)
    if stage.startswith(("suplantar:", "despertar:")):
        target = int(stage.partition(":")[2])
        if not chosen:
            return
        mutineers = mutineer_cards(s, target)
        if stage.startswith("suplantar:"):
            free = [c for c in mutineers if not s.mary.impersonated.get(c)]
            if free:
                s.mary.impersonated[free[0]] = True
                s.mary.impersonators.append(seat)
                s.emit("suplanta", _me(s, seat), player=s.players[target])
        else:
            for c in mutineers:
                s.mary.banned[c] = True
            if origin == OWN:
                s.awake_used[card] = True
            announce_awakening(s, "mary-firth")
            s.emit("desenmascarado", _me(s, target))
        return
    if not chosen:
        return
    target = s.index[chosen[0]]
    asked = s.mary.asked.setdefault(seat, [])
    if target not in asked:
        asked.append(target)
    mutineers = mutineer_cards(s, target)
    s.emit("mary", _me(s, seat), player=chosen[0], yes=bool(mutineers))
    s.emit("senalado", _me(s, target), power="mary-firth")
    if not mutineers:
        return
    s.mary.block.append(target)
    later: list[AgendaStep] = []
    if _mary_awake(s, card, origin):
        later.append(("act", "mary-firth", seat, card, origin, f"despertar:{target}"))
    if any(not s.mary.impersonated.get(c) for c in mutineers):
        later.append(("act", "mary-firth", seat, card, origin, f"suplantar:{target}"))
    _push(s, *later)


# --- La parca ------------------------------------------------------------------------------------------------


def reaper_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """La parca designs a card everybody should kill (not the same card two rounds in a row). Disobeyed two
    rounds running (one, awakened), on the next night she kills alone: nobody else can take a life."""
    if stage in ("", "segunda") and s.reaper.night == s.round and origin == OWN:
        targets = living(s)
        if targets:
            suffix = "-2" if stage == "segunda" else ""
            s.ask(prompt(s, seat, "la-parca-muerte", options(s, targets), skippable=True, suffix=suffix))
            return
    candidates = not_last(s, "la-parca", seat, living(s))
    if candidates:
        s.ask(prompt(s, seat, "la-parca", options(s, candidates), skippable=True, suffix=SUFFIX[origin]))


def reaper_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if next(iter(answers))[1].partition(":")[2] in ("la-parca-muerte", "la-parca-muerte-2"):
        if chosen:
            attack(s, s.card_at(chosen[0]), "la-parca", (seat,))
            s.emit("la-parca-mata", NARRATOR_ONLY, target=chosen[0])
        if stage == "" and _siesta(s):
            # Hora de la siesta (an acontecimiento: custom cards only) on the reaper's night: she kills twice.
            _push(s, ("act", "la-parca", seat, card, origin, "segunda"))
        else:
            _push(s, ("act", "la-parca", seat, card, origin, "marca"))
        return
    if chosen and not too_many(s, seat, len(s.reaper.marks), "la-parca"):
        target = s.card_at(chosen[0])
        if s.settings.hooks.harms:  # the card that takes it (``hooks.harm``)
            target = harm(s, target, "parca", (seat,))
            chosen = (s.option(target),)
        s.reaper.marks.append(target)
        note_pick(s, "la-parca", seat, target)
        s.emit("la-parca-marca", None, target=chosen[0])


def _siesta(s: BethlemState) -> bool:
    return second_attack(s)


def reaper_awake_step(game, s: BethlemState, moved: tuple[str, ...] = ()) -> None:
    """La parca awakened has an extra turn at the end of the night: if her design was disobeyed tonight (no
    designed card carries a death marker), she may move death markers, each to another card of the same player."""
    marks = s.reaper.marks
    if not marks or any(a[0] in marks for a in s.attacks):
        return
    for card in s.found("la-parca"):
        if s.awake.get(card) and s.can_act(card):
            movable = [
                c
                for c in marked_cards(s)
                if c not in moved
                and any(x != c and s.alive[x] for x in s.board[s.holder(c)][: s.table])
                and not any(a[0] == c and a[3] & (INEVITABLE | LEPER) for a in s.attacks)
            ]
            if movable:
                s.ask(prompt(s, s.holder(card), "la-parca-despertar", options(s, movable), skippable=True))
            return


def reaper_awake_answer(game, s: BethlemState, answers, moved: tuple[str, ...] = ()) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    source = s.card_at(chosen[0])
    if not moved:
        announce_awakening(s, "la-parca")
    s.agenda.appendleft(("reaper-move", source, moved))


def reaper_move_step(game, s: BethlemState, source: str, moved: tuple[str, ...]) -> None:
    seat = s.holder(source)
    others = [c for c in s.board[seat][: s.table] if c != source and s.alive[c]]
    reaper = next(c for c in s.found("la-parca") if s.awake.get(c))
    s.ask(prompt(s, s.holder(reaper), "la-parca-mover", options(s, others), args={"target": s.option(source)}))


def reaper_move_answer(game, s: BethlemState, answers, source: str, moved: tuple[str, ...]) -> None:
    _, chosen = answer_of(answers)
    target = s.card_at(chosen[0])
    s.attacks = [(target, *a[1:]) if a[0] == source else a for a in s.attacks]
    s.hits[target] = s.moment()
    s.emit("la-parca-mueve", NARRATOR_ONLY, card=source, other=target)
    s.agenda.appendleft(("reaper-awake", (*moved, target)))


def reaper_round_end(s: BethlemState) -> None:
    """At the end of the round: was the reaper's design obeyed (did a designed card die)?"""
    reapers = [c for c in s.found("la-parca") if s.alive[c]]
    if not s.reaper.marks or not reapers:
        s.reaper.disobeyed = 0
        return
    if s.reaper.obeyed:
        s.reaper.disobeyed = 0
        return
    s.reaper.disobeyed += 1
    limit = 1 if any(s.awake.get(c) for c in reapers) else 2
    if s.reaper.disobeyed >= limit:
        s.reaper.disobeyed = 0
        s.reaper.night = s.round + 1
        s.emit("la-parca-furiosa", None)


# --- John Flick --------------------------------------------------------------------------------------------


def flick_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """John Flick accuses a card: it gets one more vote in tomorrow's lynching (in the 2- and 3-player modes it
    cannot be lynched that round instead, and not the same card two rounds running)."""
    candidates = living(s)
    if s.settings.mode != "normal":
        candidates = not_last(s, "john-flick", seat, candidates)
    if candidates:
        s.ask(prompt(s, seat, "john-flick", options(s, candidates), skippable=True, suffix=SUFFIX[origin]))


#: FAQ 15.7: at most two identical modifiers on the table at once (powers that copy or lend others' can add a
#: second John Flick's arrow, Arthur's protection, La parca's design, gambling token or Profeta's link, never a
#: third: the power is then not applied, and its user is told so).
MAX_SAME = 2


def too_many(s: BethlemState, seat: int, present: int, power: str) -> bool:
    """Whether a modifier of ``power`` cannot be added with ``present`` already on the table (FAQ 15.7); if so
    its user is told (``modificador-maximo``)."""
    if present < MAX_SAME:
        return False
    s.emit("modificador-maximo", _me(s, seat), power=power)
    return True


def flick_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen and not too_many(s, seat, len(s.flick.accused), "john-flick"):
        target = s.card_at(chosen[0])
        if s.settings.hooks.harms:  # the card that takes it (``hooks.harm``)
            target = harm(s, target, "acusacion", (seat,))
            chosen = (s.option(target),)
        s.flick.accused.append(target)
        note_pick(s, "john-flick", seat, target)
        s.emit("acusas", _me(s, seat), target=chosen[0])


# --- Arthur --------------------------------------------------------------------------------------------------


def arthur_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Arthur puts a card under his protection (only he and the narrator know which), not the same card two
    rounds running; after the mutineers' turn it does not die if it was attacked (Arthur 2)."""
    candidates = not_last(s, "arthur", seat, living(s))
    if candidates:
        s.ask(prompt(s, seat, "arthur", options(s, candidates), skippable=True, suffix=SUFFIX[origin]))


def arthur_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen and not too_many(s, seat, len(s.protections), "arthur"):
        target = s.card_at(chosen[0])
        s.protections.append((target, seat))
        note_pick(s, "arthur", seat, target)
        s.emit("proteges", _me(s, seat), target=chosen[0])


def arthur_2_handler(game, s: BethlemState) -> None:
    """Arthur 2: the protected cards lose the death markers placed on them so far (inevitable ones stay)."""
    for card, seat in s.protections:
        if s.alive.get(card) and remove_attacks(s, card):
            s.emit("arthur-salva", NARRATOR_ONLY, target=s.option(card), player=s.players[seat])


# --- Krugman "el director" -------------------------------------------------------------------------------


def director_handler(game, s: BethlemState) -> None:
    """El director (not on the first night): takes the power of a dead card for this round, never the same
    card twice; the narrator announces which power, so he can wake in its turn."""
    for krugman in s.found("krugman"):
        if s.can_act(krugman):
            s.agenda.appendleft(("act", "director", s.holder(krugman), krugman, OWN, ""))


def _borrowable(s: BethlemState) -> list[str]:
    return [
        c
        for c in s.table_cards()
        if not s.alive[c] and CARDS[c].borrow and c not in s.director.taken and KIND_OF[c] != "krugman"
    ]


def director_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    candidates = _borrowable(s)
    if candidates:
        s.ask(prompt(s, seat, "director", options(s, candidates), skippable=True))


def director_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        borrowed = s.card_at(chosen[0])
        s.director.card = borrowed
        s.director.taken.append(borrowed)
        s.emit("director-poder", None, target=chosen[0], card=borrowed)


def director_mutineer_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """The director with a mutineer's power kills alone, after the mutineers."""
    cards = not_against(s, seat, living_but(s, (seat,), exclude_isolated=True))
    if cards:
        s.ask(prompt(s, seat, "director-amotinado", options(s, cards), skippable=True))


def director_mutineer_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        attack(s, s.card_at(chosen[0]), "director-amotinado", (seat,))


# --- Daniel and Richard Dadd (amotinados 2), Nathaniel's awakening ----------------------------------------


def second_attack_handler(game, s: BethlemState) -> None:
    """Amotinados 2: Daniel, the leader, attacks again alone; once Daniel has fallen, Richard Dadd takes his
    place. Daniel's awakening (once): he wins a player over to the mutineers' cause."""
    if s.reaper.night == s.round:
        return
    later: list[AgendaStep] = []
    for daniel in s.found("daniel"):
        if s.alive[daniel]:
            if can_rise(s, daniel):
                seat = s.holder(daniel)
                later.append(("act", "amotinados-2", seat, daniel, OWN, ""))
                if s.awake.get(daniel) and not s.awake_used.get(daniel):
                    later.append(("act", "daniel-despertar", seat, daniel, OWN, ""))
        else:
            for richard in s.found("richard-dadd"):
                if can_rise(s, richard):
                    later.append(("act", "amotinados-2", s.holder(richard), richard, OWN, ""))
    _push(s, *later)


def second_attack_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    cards = not_against(s, seat, living_but(s, (seat,), exclude_isolated=True))
    if cards:
        s.ask(prompt(s, seat, "amotinados-2", options(s, cards), skippable=True))


def second_attack_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        attack(s, s.card_at(chosen[0]), KIND_OF[card], (seat,))
        s.emit("ataque-solitario", _me(s, seat), target=chosen[0])


def daniel_awake_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    candidates = [p for p in s.seats_in_game() if p != seat and not s.converted.get(p)]
    if candidates:
        s.ask(prompt(s, seat, "daniel-despertar", s.ids(candidates), skippable=True))


def daniel_awake_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        target = s.index[chosen[0]]
        s.converted[target] = True
        s.awake_used[card] = True
        s.emit("daniel-marca", None, player=chosen[0])
        s.emit("convertido", _me(s, target))


def nathaniel_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Nathaniel's awakening, once, in the mutineers' turn: he tells his companions and kills half of the living
    cards of the players who hold no mutineer card."""
    free = [p for p in s.seats_in_game() if not mutineer_cards(s, p, alive_only=False)]
    cards = not_against(s, seat, living(s, free, exclude_isolated=True))
    count = len(cards) // 2
    if count:
        s.ask(prompt(s, seat, "nathaniel-despertar", options(s, cards), min=count, max=count, skippable=True))


def nathaniel_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        s.awake_used[card] = True
        s.emit("nathaniel-despertar", s.audience(s.pack), player=s.players[seat], targets=list(chosen))
        for option in chosen:
            attack(s, s.card_at(option), "nathaniel", tuple(s.pack))


# --- Siamesas (first night) --------------------------------------------------------------------------------


def siamese_handler(game, s: BethlemState) -> None:
    """Siamesas: on the first night their holders meet (not knowing which card of the other is the twin)."""
    _meet(s, s.find("siamesas"), "siamesas")


def _meet(s: BethlemState, cards: list[str], kind: str) -> None:
    holders = []
    for card in cards:
        seat = s.holder(card)
        if s.can_act(card) and seat not in holders:
            holders.append(seat)
    for seat in holders:
        others = [p for p in holders if p != seat]
        if others:
            s.emit("conoces", _me(s, seat), power=kind, players=list(s.ids(others)))


POWERS = {
    "larry-owls": (larry_ask, larry_answer),
    "el-archivo": (archive_ask, archive_answer),
    "mary-firth": (mary_ask, mary_answer),
    "la-parca": (reaper_ask, reaper_answer),
    "john-flick": (flick_ask, flick_answer),
    "arthur": (arthur_ask, arthur_answer),
    "director": (director_ask, director_answer),
    "director-amotinado": (director_mutineer_ask, director_mutineer_answer),
    "amotinados-2": (second_attack_ask, second_attack_answer),
    "daniel-despertar": (daniel_awake_ask, daniel_awake_answer),
    "nathaniel": (nathaniel_ask, nathaniel_answer),
}
HANDLERS = {
    "siamesas": siamese_handler,
    "director": director_handler,
    "amotinados-2": second_attack_handler,
    "arthur-2": arthur_2_handler,
}
