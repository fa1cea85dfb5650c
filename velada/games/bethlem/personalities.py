"""Cartas de personalidad (section 6): a power for the whole game, held apart from the four life cards (they
have no life and cannot be attacked). Responsabilidad and Hostilidad act by day (``day.py``), Bipolaridad
whenever its holder uses an action card (``common.modes``); Cuentacuentos belongs to a human narrator and is
never dealt."""

from __future__ import annotations

from velada.games.bethlem.common import (
    OWN,
    answer_of,
    cycle_allowed,
    cycle_note,
    living,
    not_last,
    note_pick,
    options,
    prompt,
)
from velada.games.bethlem.deaths import doomed
from velada.games.bethlem.hooks import BOOK_MODE, harm
from velada.games.bethlem.state import INEVITABLE, LEPER, BethlemState

#: Ansiedad social's question is free text, as at the table; this caps its length (a spoken question is short).
QUESTION_MAX = 200


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def _holder_acts(power: str):
    def handler(game, s: BethlemState) -> None:
        seat = s.persona_seat(power)
        if seat is not None:
            s.agenda.appendleft(("act", power, seat, "", OWN, ""))

    return handler


# --- Melancolía ------------------------------------------------------------------------------------------


def melancholy_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Melancolía (not on the first night): one card of the table cannot act for the whole round, and if it
    dies its death powers and passive powers are cancelled. Not a card of the same player again until every
    other player had one chosen. Everybody wakes to see which card it is."""
    others = [p for p in s.seats_holding_cards() if p != seat]
    cards = living(s, cycle_allowed(s, "melancolia", seat, others))
    if cards:
        s.ask(prompt(s, seat, "melancolia", options(s, cards), skippable=True))


def melancholy_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        target = s.card_at(chosen[0])
        if s.settings.hooks.harms:  # the card that takes it (``hooks.harm``)
            target = harm(s, target, "melancolia", (seat,))
            chosen = (s.option(target),)
        s.melancholy.blocked[target] = s.round
        others = [p for p in s.seats_holding_cards() if p != seat]
        cycle_note(s, "melancolia", seat, s.holder(target), others)
        s.settings.hooks.rules.melancholy(s, seat, target, chosen[0])


def _book_melancholy(s: BethlemState, seat: int, target: str, option: str) -> None:
    """The book's Melancolía: the table sees the silenced card at once."""
    s.emit("melancolia", None, target=option)


BOOK_MODE.melancholy = _book_melancholy


def everybody_sees_melancholy(game, s: BethlemState) -> None:
    """Section 14, after Gas de la risa: everybody wakes to see which card Melancolía silenced this round."""
    s.melancholy.unseen = None
    # In table order: the order the cards were silenced in (Melancolía's, a doll's curse) is nobody's to hear.
    for card in s.cards_in_play():
        if s.melancholy.blocked.get(card) == s.round and s.alive.get(card):
            s.emit("todos-despiertan", None, power="melancolia")
            s.emit("melancolia", None, target=s.option(card))


# --- Paciencia -------------------------------------------------------------------------------------------


def patience_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Paciencia, at the end of the night: one of the attacked cards will die, but not until the next round
    (not the same card two rounds running). An inevitable death cannot be put off."""
    dying = doomed(s)
    if not dying:  # no card to put off (an empty set of the inevitable ones is not worth making)
        return
    inevitable = {a[0] for a in s.attacks if a[3] & (INEVITABLE | LEPER)}
    cards = not_last(s, "paciencia", seat, [c for c in dying if c not in inevitable])
    if cards:
        s.ask(prompt(s, seat, "paciencia", options(s, cards), skippable=True))


def patience_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if chosen:
        target = s.card_at(chosen[0])
        moved = [a for a in s.attacks if a[0] == target]
        s.attacks = [a for a in s.attacks if a[0] != target]
        s.delayed.extend((s.round + 1, a) for a in moved)
        note_pick(s, "paciencia", seat, target)
        s.emit("paciencia", None, target=chosen[0])


# --- Neuroticismo ----------------------------------------------------------------------------------------


def neurotic_handler(game, s: BethlemState) -> None:
    seat = s.persona_seat("neuroticismo")
    if seat is None:
        return
    if s.round == 1 or (s.neuroticism.puppet is not None and not s.out[s.neuroticism.puppet]):
        s.agenda.appendleft(("act", "neuroticismo", seat, "", OWN, ""))


def _puppet(s: BethlemState) -> int:
    """Neuroticismo's puppet: its later nights come after the first one chose it."""
    puppet = s.neuroticism.puppet
    assert puppet is not None, "Neuroticismo's order before its puppet was chosen"
    return puppet


def neurotic_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Neuroticismo: on the first night its holder picks a player, who from then on votes in the lynching as
    told — but obeys only on even rounds, when the holder wakes to say whom."""
    if s.round == 1:
        others = [p for p in s.seats_in_game() if p != seat]
        if others:
            s.ask(prompt(s, seat, "neuroticismo", s.ids(others)))
        return
    puppet = _puppet(s)
    targets = [p for p in s.seats_in_game() if p != puppet]
    if targets:
        s.ask(prompt(s, seat, "neuroticismo-voto", s.ids(targets), args={"puppet": s.players[puppet]}))


def neurotic_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    target = s.index[chosen[0]]
    if s.round == 1:
        s.neuroticism.seat = seat
        s.neuroticism.puppet = target
        s.emit("marioneta-elegida", _me(s, seat), player=chosen[0])
        s.emit("marioneta", _me(s, target))
        return
    s.neuroticism.vote = target
    s.emit("instruccion-dada", _me(s, seat), player=chosen[0])
    s.emit("instruccion", _me(s, _puppet(s)), player=chosen[0])


# --- Ansiedad social -------------------------------------------------------------------------------------


def anxiety_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Ansiedad social: each round a yes-or-no question to a player, not the same one again until every other
    one was asked. The holder writes the question (free text, seen only by the two of them); the player answers
    yes or no as they please."""
    if stage == "":
        others = [p for p in s.seats_in_game() if p != seat]
        allowed = cycle_allowed(s, "ansiedad-social", seat, others)
        if allowed:
            s.ask(prompt(s, seat, "ansiedad-social", s.ids(allowed), skippable=True))
        return
    if stage.startswith("pregunta:"):
        target = stage.partition(":")[2]
        s.ask(prompt(s, seat, "ansiedad-social-pregunta", (), args={"player": target}, text_max=QUESTION_MAX))
        return
    asker, _, question = stage.partition(":")
    args = {"asker": s.players[int(asker)], "question": question}
    s.ask(prompt(s, seat, "ansiedad-social-respuesta", ("si", "no"), args=args))


def anxiety_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if stage == "":
        if chosen:
            target = s.index[chosen[0]]
            others = [p for p in s.seats_in_game() if p != seat]
            cycle_note(s, "ansiedad-social", seat, target, others)
            s.agenda.appendleft(("act", "ansiedad-social", seat, "", OWN, f"pregunta:{chosen[0]}"))
        return
    if stage.startswith("pregunta:"):
        target = s.index[stage.partition(":")[2]]
        # Only the two of them know the question; the others only see that someone was asked (step order).
        s.emit("pregunta", frozenset((s.players[seat], s.players[target])), asker=s.players[seat], question=chosen[0])
        s.agenda.appendleft(("act", "ansiedad-social", target, "", OWN, f"{seat}:{chosen[0]}"))
        return
    asker, _, question = stage.partition(":")
    audience = frozenset((s.players[int(asker)], s.players[seat]))
    s.emit("respuesta", audience, player=s.players[seat], question=question, answer=chosen[0])


POWERS = {
    "melancolia": (melancholy_ask, melancholy_answer),
    "paciencia": (patience_ask, patience_answer),
    "neuroticismo": (neurotic_ask, neurotic_answer),
    "ansiedad-social": (anxiety_ask, anxiety_answer),
}
HANDLERS = {
    "melancolia": _holder_acts("melancolia"),
    "paciencia": _holder_acts("paciencia"),
    "neuroticismo": neurotic_handler,
    "ansiedad-social": _holder_acts("ansiedad-social"),
    "todos-melancolia": everybody_sees_melancholy,
}
