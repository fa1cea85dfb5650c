"""Cartas de evento (section 6): one-use cards drawn by the losing player after each lynching (section 4).

Night events are used in the night's fifth turn ("Eventos noche"), day events before the lynching, and the
Indulto de Lord Percy in the lynching itself (``deaths.py``). Using an event is public (its auxiliary cards
are on the table for all to see), except the three Historias clínicas, which the narrator handles in secret.
"""

from __future__ import annotations

from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.cards import ALL_EVENTS, CARDS, GROUP_OF, HYPNOSIS_POWERS, KIND_OF
from velada.games.bethlem.common import (
    OWN,
    answer_of,
    dead_cards,
    living,
    not_against,
    options,
    prompt,
    spend,
)
from velada.games.bethlem.deaths import attack, resolve, swap_cards
from velada.games.bethlem.hooks import EVENTS as EVENT_CARDS
from velada.games.bethlem.hooks import Step, silenced
from velada.games.bethlem.state import INEVITABLE, LEPER, BethlemState, Prophecy, Told

NIGHT_EVENTS = tuple(e for e in ALL_EVENTS if CARDS[e].time == "noche")
#: Day events used in the day's turn (Lord Percy's pardon waits for the lynching).
DAY_EVENTS = tuple(e for e in ALL_EVENTS if CARDS[e].time == "dia" and e != "indulto-de-lord-percy")


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


# --- choosing an event ---------------------------------------------------------------------------------


def night_events_handler(game, s: BethlemState) -> None:
    """Eventos noche: whoever holds night events may use one now."""
    s.agenda.appendleft(("event-choice", "noche"))


def event_choice_step(game, s: BethlemState, time: str) -> None:
    usable = NIGHT_EVENTS if time == "noche" else DAY_EVENTS
    kind = "evento-noche" if time == "noche" else "evento-dia"
    for seat in s.seats_in_game():
        hand = s.hand[seat]
        if not hand:
            continue  # most hands, most of a game: nothing to sort
        mine = [e for e in hand if e in usable]
        if mine and not _events_silenced(s, seat):
            s.ask(prompt(s, seat, kind, mine, skippable=True))


def _events_silenced(s: BethlemState, seat: int) -> bool:
    """With custom cards a custom power may keep a player from using events now (``custom.silenced``)."""
    return bool(s.custom) and silenced(s, seat, EVENT_CARDS)


def event_choice_answer(game, s: BethlemState, answers, time: str) -> None:
    chosen = sorted((s.index[player], c[0]) for (player, _), c in answers.items() if c)
    s.agenda.extendleft(reversed([("act", event, seat, event, OWN, "") for seat, event in chosen]))


# --- night events ---------------------------------------------------------------------------------------


def _one_card(power: str, cards_fn, min_: int = 1):
    """An event used on ``min_`` cards chosen among ``cards_fn(s, seat)``."""

    def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
        cards = cards_fn(s, seat)
        if len(cards) >= min_:
            s.ask(prompt(s, seat, power, options(s, cards), min=min_, max=min_, skippable=True))

    return ask


def _answer(effect):
    def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
        _, chosen = answer_of(answers)
        if chosen and card in s.hand[seat]:
            spend(s, seat, card)
            effect(s, seat, chosen)

    return answer


def _surgeon(s: BethlemState, seat: int, chosen) -> None:
    """Cirujano Brian Crowther: two cards anywhere on the table exchange places (and sides go with them)."""
    a, b = s.card_at(chosen[0]), s.card_at(chosen[1])
    swap_cards(s, a, b)
    s.emit("cirujano", None, targets=list(chosen))
    s.agenda.appendleft(("check",))


def _leper(s: BethlemState, seat: int, chosen) -> None:
    """Leproso: the card dies at dawn whatever happens, and its death powers do not fire."""
    attack(s, s.card_at(chosen[0]), "leproso", (seat,), LEPER | INEVITABLE)
    s.emit("leproso", None, target=chosen[0])


def _isolation(s: BethlemState, seat: int, chosen) -> None:
    """Celda de aislamiento: the card can neither act nor be attacked for this round."""
    s.isolated[s.card_at(chosen[0])] = s.round
    s.emit("celda", None, target=chosen[0])


def _history(event: str):
    """Historia clínica: the narrator has the players concerned identify themselves to the user alone."""

    def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
        if card not in s.hand[seat]:
            return
        spend(s, seat, card)
        me = _me(s, seat)
        if event == "historia-clinica-perfil-neurotico":
            neurotic = s.persona_seat("neuroticismo", acting=False)
            if neurotic is None:
                neurotic = next((i for i, p in enumerate(s.persona) if p == "neuroticismo"), None)
            if neurotic is not None:
                s.knows_persona[seat][neurotic] = True
            told: Told = {
                "neurotic": s.players[neurotic] if neurotic is not None else None,
                "puppet": s.players[s.neuroticism.puppet] if s.neuroticism.puppet is not None else None,
            }
            kind = "historia-neurotico"
        elif event == "historia-clinica-siamesas":
            holders = sorted({s.holder(c) for c in s.found("siamesas")})
            told, kind = {"players": list(s.ids(holders))}, "historia-siamesas"
        else:
            pact = s.blood_pact.bound
            told = {
                "maker": s.players[s.blood_pact.maker] if s.blood_pact.maker is not None else None,
                "players": list(s.ids(pact[:2])) if pact is not None else [],
            }
            kind = "historia-secretos"
        # What the record said stays in its user's view, not only in their log.
        s.records.append((seat, kind, told))
        s.emit(kind, me, **told)

    return ask


def _room_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Cambio de habitación: two cards of one player exchange positions."""
    if stage == "":
        players = [p for p in s.seats_in_game() if len(s.board[p][: s.table]) > 1]
        if players:
            s.ask(prompt(s, seat, "cambio-de-habitacion", s.ids(players), skippable=True))
        return
    row = s.board[s.index[stage]][: s.table]
    s.ask(prompt(s, seat, "cambio-de-habitacion-cartas", options(s, row), min=2, max=2, skippable=True))


def _room_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    if stage == "":
        s.agenda.appendleft(("act", card, seat, card, origin, chosen[0]))
        return
    if card in s.hand[seat]:
        spend(s, seat, card)
        swap_cards(s, s.card_at(chosen[0]), s.card_at(chosen[1]))
        s.emit("cambio-de-habitacion", None, targets=list(chosen))


def _hypnosis_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Terapia de hipnosis: another player gets, for this night, one power of the list of section 11; they act
    right after the card with that power. The power is said aloud; who was hypnotised is not."""
    if stage == "":
        others = [p for p in s.seats_in_game() if p != seat]
        if others:
            s.ask(prompt(s, seat, "terapia-de-hipnosis", s.ids(others), skippable=True))
        return
    s.ask(prompt(s, seat, "terapia-de-hipnosis-poder", HYPNOSIS_POWERS, skippable=True, args={"player": stage}))


def _hypnosis_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    if stage == "":
        s.agenda.appendleft(("act", card, seat, card, origin, chosen[0]))
        return
    if card in s.hand[seat]:
        spend(s, seat, card)
        target = s.index[stage]
        s.hypnosis.append((target, chosen[0]))
        s.emit("hipnosis", None, power=chosen[0])
        s.emit("hipnotizado", _me(s, target), power=chosen[0])


# --- day events -------------------------------------------------------------------------------------------


def _barber(s: BethlemState, seat: int, chosen) -> None:
    """Provocaste al barbero: the card dies now."""
    s.emit("barbero", None, target=chosen[0])
    resolve(s, [(s.card_at(chosen[0]), "provocaste-al-barbero", (seat,), 0)], "dia")


def _confession(s: BethlemState, seat: int, chosen) -> None:
    """Confesión: a card of the table is shown to everybody."""
    target = s.card_at(chosen[0])
    s.public[target] = True
    wseat, pos = s.where[target]
    s.emit("revela", None, player=s.players[wseat], position=pos + 1, card=target, power="confesion")


def _miracle(s: BethlemState, seat: int, chosen) -> None:
    """Milagrero: an action card already used gets its power back (not Pacto de sangre). Whoever uses it
    points at a card; only if it is a spent action card does anything happen, and only its holder learns so."""
    target = s.card_at(chosen[0])
    restored = GROUP_OF[target] in ("A1", "A2") and KIND_OF[target] != "pacto-de-sangre" and s.used.get(target)
    s.emit("milagrero", None, target=chosen[0])
    if restored:
        s.used[target] = False
        s.emit("restaurada", _me(s, s.holder(target)), target=chosen[0])


def _awakening(s: BethlemState, seat: int, chosen) -> None:
    """Despertar: its holder wakes the latent power of one of their own cards."""
    awaken(s, s.card_at(chosen[0]), "despertar")


# --- Síndrome de Nostradamus ------------------------------------------------------------------------------

#: The public part of a prophecy: what must happen within the next two rounds.
CONDITIONS = ("muere-carta", "linchan-a", "eliminado", "noche-sin-muertes")
#: The hidden part: what then comes true (effects cards already have).
CONSEQUENCES = ("muere", "resucita", "revela", "sin-voto")


def _prophecy_targets(s: BethlemState, what: str) -> tuple[str, ...]:
    if what in ("muere-carta", "muere", "revela"):
        return tuple(s.option(c) for c in living(s))
    if what == "resucita":
        return tuple(s.option(c) for c in dead_cards(s))
    return s.ids(s.seats_in_game())


def _nostradamus_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Síndrome de Nostradamus, built from menus: a condition within the next two rounds (a card dies, a player
    is lynched, a player is out, a night without deaths) shown to all, and a consequence (a card dies, a dead
    card comes back, a card is shown, a player loses the vote) kept for the narrator; the engine makes it
    come true when the condition is met."""
    parts = stage.split("|") if stage else []
    if len(parts) == 0:
        s.ask(prompt(s, seat, "sindrome-de-nostradamus", CONDITIONS, skippable=True))
    elif len(parts) == 1 and parts[0] != "noche-sin-muertes":
        s.ask(prompt(s, seat, "nostradamus-condicion", _prophecy_targets(s, parts[0]), args={"what": parts[0]}))
    elif len(parts) <= 2:
        usable = tuple(c for c in CONSEQUENCES if _prophecy_targets(s, c))
        s.ask(prompt(s, seat, "nostradamus-consecuencia", usable))
    else:
        s.ask(prompt(s, seat, "nostradamus-destino", _prophecy_targets(s, parts[2]), args={"what": parts[2]}))


def _nostradamus_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    parts = [*(stage.split("|") if stage else []), chosen[0]]
    if parts[0] == "noche-sin-muertes" and len(parts) == 1:
        parts.append("")
    if len(parts) < 4:
        s.agenda.appendleft(("act", card, seat, card, origin, "|".join(parts)))
        return
    if card not in s.hand[seat]:
        return
    spend(s, seat, card)
    condition, target, consequence, destiny = parts
    s.nostradamus.current = Prophecy(
        seat=seat,
        condition=condition,
        target=target,
        consequence=consequence,
        destiny=destiny,
        until=s.round + 2,
        dead=s.card_at(target) if ":" in target else "",
        victim=s.card_at(destiny) if ":" in destiny else "",
    )
    s.emit("profecia", None, player=s.players[seat], condition=condition, target=target)
    s.emit("profecia-oculta", frozenset((s.players[seat],)), consequence=consequence, destiny=destiny)


def prophecy_expires(s: BethlemState) -> None:
    if s.nostradamus.current is not None and s.round >= s.nostradamus.current.until:
        s.emit("profecia-caducada", None, player=s.players[s.nostradamus.current.seat])
        s.nostradamus.current = None


# --- the custom-cards mode's events (section 13) ---------------------------------------------------------------


def _hidden_goals(s: BethlemState, seat: int) -> list[int]:
    return [p for p in range(len(s.players)) if not s.goal_public[p]]


def _psychiatrist_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Visita al psiquiatra: the objective cards of two players (hidden ones: a card face up stays with its
    player) are exchanged. Everybody sees the psychiatrist's card on the two players; each of them learns their
    new objective, nobody else does. What sits on an objective card (the Traidor's side) goes with it."""
    players = _hidden_goals(s, seat)
    if len(players) >= 2:
        s.ask(prompt(s, seat, "visita-al-psiquiatra", s.ids(players), min=2, max=2, skippable=True))


def _psychiatrist(s: BethlemState, seat: int, chosen) -> None:
    a, b = (s.index[p] for p in chosen)
    s.goal[a], s.goal[b] = s.goal[b], s.goal[a]
    sides = {a: s.traitor_side.pop(b, None), b: s.traitor_side.pop(a, None)}
    s.traitor_side.update({k: v for k, v in sides.items() if v})
    for known in s.knows_goal:
        known.pop(a, None)
        known.pop(b, None)
    s.emit("psiquiatra", None, players=list(chosen))
    for p in (a, b):
        s.emit("objetivo", _me(s, p), goal=s.goal[p])
    s.agenda.appendleft(("check",))


def _pandora(s: BethlemState, seat: int, chosen) -> None:
    """La caja de Pandora: a card's awakening is switched off for good (it loses it, or can never have it)."""
    target = s.card_at(chosen[0])
    s.no_awake[target] = True
    s.awake[target] = False
    s.emit("pandora", None, target=chosen[0])


def _memories(s: BethlemState, seat: int, chosen) -> None:
    """Recuerdos traumáticos: two players exchange their personality cards. A card face up stays face up; each
    of them learns the one they get; whoever knew one of them knows it no longer where it is."""
    a, b = (s.index[p] for p in chosen)
    s.persona[a], s.persona[b] = s.persona[b], s.persona[a]
    s.persona_public[a], s.persona_public[b] = s.persona_public[b], s.persona_public[a]
    for known in s.knows_persona:
        known.pop(a, None)
        known.pop(b, None)
    s.emit("recuerdos", None, players=list(chosen))
    for p in (a, b):
        s.emit("personalidad-nueva", _me(s, p), card=s.persona[p])


def _two_players(power: str):
    def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
        players = s.seats_in_game()
        if len(players) >= 2:
            s.ask(prompt(s, seat, power, s.ids(players), min=2, max=2, skippable=True))

    return ask


def _own_sleeping(s: BethlemState, seat: int) -> list[str]:
    return [c for c in s.living_cards(seat) if not s.awake.get(c)]


POWERS = {
    "cirujano-brian-crowther": (
        _one_card("cirujano-brian-crowther", lambda s, seat: s.table_cards(), 2),
        _answer(_surgeon),
    ),
    "leproso": (_one_card("leproso", lambda s, seat: not_against(s, seat, living(s))), _answer(_leper)),
    "celda-de-aislamiento": (_one_card("celda-de-aislamiento", lambda s, seat: living(s)), _answer(_isolation)),
    "historia-clinica-perfil-neurotico": (_history("historia-clinica-perfil-neurotico"), None),
    "historia-clinica-siamesas": (_history("historia-clinica-siamesas"), None),
    "historia-clinica-secretos-del-hospital": (_history("historia-clinica-secretos-del-hospital"), None),
    "cambio-de-habitacion": (_room_ask, _room_answer),
    "terapia-de-hipnosis": (_hypnosis_ask, _hypnosis_answer),
    "provocaste-al-barbero": (
        _one_card("provocaste-al-barbero", lambda s, seat: not_against(s, seat, living(s))),
        _answer(_barber),
    ),
    "confesion": (
        _one_card("confesion", lambda s, seat: [c for c in living(s) if not s.public.get(c)]),
        _answer(_confession),
    ),
    "milagrero": (_one_card("milagrero", lambda s, seat: living(s)), _answer(_miracle)),
    "despertar": (_one_card("despertar", _own_sleeping), _answer(_awakening)),
    "visita-al-psiquiatra": (_psychiatrist_ask, _answer(_psychiatrist)),
    "la-caja-de-pandora": (_one_card("la-caja-de-pandora", lambda s, seat: living(s)), _answer(_pandora)),
    "recuerdos-traumaticos": (_two_players("recuerdos-traumaticos"), _answer(_memories)),
    "sindrome-de-nostradamus": (_nostradamus_ask, _nostradamus_answer),
}
HANDLERS = {"eventos-noche": night_events_handler}


def draw_step(game, s: BethlemState) -> None:
    """After the lynching the losing player draws an event: the one with fewest living cards; on a tie, the one
    whose dead cards are the most important (P1, then P2, A1, A2); still tied, all of them draw."""
    if not s.deck:
        return
    playing = s.seats_in_game()
    if not playing:
        return
    # Living cards decide first: only the players tied with the fewest have their dead cards counted, which most
    # rounds is one player (every player's key was ~1.3% of a game).
    rows = s.lives().rows
    losers: list[int] = []
    fewest = 0
    for seat in playing:
        n = len(rows[seat])
        if not losers or n < fewest:
            fewest, losers = n, [seat]
        elif n == fewest:
            losers.append(seat)
    if len(losers) > 1:
        keys = [losing_key(s, seat) for seat in losers]
        worst = min(keys)
        losers = [seat for seat, key in zip(losers, keys, strict=True) if key == worst]
    for seat in losers:
        if s.deck:
            event = s.deck.pop(0)
            s.hand[seat].append(event)
            s.emit("roba", None, player=s.players[seat])
            s.emit("evento", _me(s, seat), event=event)


def losing_key(s: BethlemState, seat: int) -> tuple[int, ...]:
    """Smaller is losing: living cards first, then how many dead cards of each group, most important first."""
    row = s.board[seat]
    alive = s.alive
    dead = [GROUP_OF[c] for c in row if not alive[c]]
    if not dead:  # a row without dead cards (most rows, most rounds): no groups to count
        return (len(row), 0, 0, 0, 0)
    return (len(row) - len(dead), -dead.count("P1"), -dead.count("P2"), -dead.count("A1"), -dead.count("A2"))


STEPS: dict[str, Step] = {"event-choice": event_choice_step, "draw": draw_step}
ANSWERS: dict[str, Step] = {"event-choice": event_choice_answer}
