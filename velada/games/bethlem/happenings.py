"""Cartas de acontecimiento (rulebook section 13, custom-cards mode): things that happen in the asylum to shorten
long games, fair to everybody. At most one a round, shown at the end of the day after the lynching
(``happening_step``); it acts on the next round unless it says otherwise.

- **Periodic** ones come every round or every two rounds (option ``acontecimientos``); one is drawn and goes to
  the bottom of its deck after use.
- **Punctual** ones come instead when objectives were revealed this round: one punctual and one periodic are
  drawn, the players who revealed choose (several of them vote; a tie is broken at random), the other card goes
  back and its deck is shuffled. Each punctual one happens once a game.

The book says they are off when "El Anarquista" is in play, but never describes that character: it is left out
(see the docs), so the option alone decides.
"""

from __future__ import annotations

from velada.games.bethlem.cards import GROUP_OF, PERIODIC, PUNCTUAL
from velada.games.bethlem.common import options, prompt
from velada.games.bethlem.deaths import resolve, take_out
from velada.games.bethlem.hooks import Step
from velada.games.bethlem.state import INDIRECT, INEVITABLE, NO_TRIGGER, BethlemState, Happenings, Spies

#: Periodic acontecimientos that silence a whole group of cards for the next round.
GROUP_OFF = {"corte-de-electricidad": "A1", "terapia-de-grupo": "P1", "reconocimiento-medico": "P2"}
BEHAVE = "comportarse"
SPIES = "cuerpo-de-espionaje"


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def start_happenings(s: BethlemState, decks: dict | None) -> None:
    """Shuffle both decks of acontecimientos (or take them from an explicit deal: ``{"periodicos": [...],
    "puntuales": [...]}``, top first)."""
    if not s.settings.happenings:
        return
    if decks is not None:
        periodic = [str(h) for h in decks.get("periodicos", [])]
        punctual = [str(h) for h in decks.get("puntuales", [])]
        unknown = sorted({h for h in periodic if h not in PERIODIC} | {h for h in punctual if h not in PUNCTUAL})
        if unknown:
            raise ValueError(f"unknown acontecimiento(s) {', '.join(unknown)}")
    else:
        periodic, punctual = list(PERIODIC), list(PUNCTUAL)
        s.rng.shuffle(periodic)
        s.rng.shuffle(punctual)
    s.happen = Happenings(periodic, punctual)


def in_force(s: BethlemState, happening: str) -> bool:
    """Whether ``happening`` acts on this round."""
    active = s.happen.active if s.happen is not None else None
    return active is not None and active[0] == happening and active[1] == s.round


# --- which one happens ------------------------------------------------------------------------------------------


def happening_step(game, s: BethlemState) -> None:
    """End of the day: a punctual choice if objectives were revealed this round, else a periodic one if due."""
    h = s.happen
    if not s.settings.happenings or not h:
        return
    revealers = list(dict.fromkeys(s.revealed_now))
    if revealers and h.punctual:
        offer = [h.punctual.pop(0)]
        if h.periodic:
            offer.append(h.periodic.pop(0))
        h.offer = offer
        for seat in revealers:
            s.ask(prompt(s, seat, "acontecimiento", offer))
        return
    if s.round % s.settings.happenings == 0 and h.periodic:
        happening = h.periodic.pop(0)
        h.periodic.append(happening)
        activate(s, happening)


def happening_answer(game, s: BethlemState, answers) -> None:
    """The revealers' choice: the most chosen (a tie at random); the other card goes back, shuffled in."""
    h = s.happen
    assert h is not None  # asked by happening_step
    offer, h.offer = h.offer, []
    votes: dict[str, int] = {}
    for chosen in answers.values():
        votes[chosen[0]] = votes.get(chosen[0], 0) + 1
    top = max(votes.values())
    best = sorted(k for k, v in votes.items() if v == top)
    chosen = best[0] if len(best) == 1 else s.rng.choice(best)
    for card in offer:
        deck = h.punctual if card in PUNCTUAL else h.periodic
        if card != chosen:
            deck.append(card)
            s.rng.shuffle(deck)
        elif card in PERIODIC:
            deck.append(card)
    activate(s, chosen)


def activate(s: BethlemState, happening: str) -> None:
    h = s.happen
    assert h is not None  # the decks exist
    h.active = (happening, s.round + 1)
    s.emit("acontecimiento", None, happening=happening)
    if happening == "jugada-arriesgada":
        h.risky = True
    elif happening in PUNCTUAL:
        s.agenda.appendleft(("happening-now", happening))


# --- punctual ones: everybody answers at once ---------------------------------------------------------------------


def now_step(game, s: BethlemState, happening: str) -> None:
    for seat in s.seats_in_game():
        mine = [c for c in s.board[seat][: s.table]]
        living = [c for c in mine if s.alive[c]]
        if happening == "dia-de-visitas":
            s.ask(prompt(s, seat, happening, (BEHAVE, *options(s, living))))
        elif happening == "todos-para-uno":
            hidden = [c for c in living if not s.public.get(c)]
            if hidden:
                s.ask(prompt(s, seat, happening, options(s, hidden)))
        elif happening == "investigacion-policial":
            s.ask(prompt(s, seat, happening, options(s, [c for c in mine if not s.removed.get(c)])))
        elif living:  # cuerpo de espionaje
            s.ask(prompt(s, seat, happening, options(s, living)))


def now_answer(game, s: BethlemState, answers, happening: str) -> None:
    chosen = {s.index[player]: c[0] for (player, _), c in sorted(answers.items())}
    if happening == "dia-de-visitas":
        _visits(s, chosen)
    elif happening == "todos-para-uno":
        for seat, option in chosen.items():
            card = s.card_at(option)
            s.public[card] = True
            pos = s.where[card][1]
            s.emit("revela", None, player=s.players[seat], position=pos + 1, card=card, power=happening)
    elif happening == "investigacion-policial":
        _police(s, chosen)
    else:
        assert s.happen is not None  # a punctual acontecimiento came out of its deck
        s.happen.spies = Spies([s.card_at(o) for o in chosen.values()])
        s.emit("espias", None, targets=list(chosen.values()))


def _visits(s: BethlemState, chosen: dict[int, str]) -> None:
    """Día de visitas: behave (the four cards do nothing for the next round) or kill one of your own cards,
    without its death powers."""
    deaths = []
    for seat, option in chosen.items():
        if option == BEHAVE:
            for card in s.board[seat]:
                s.melancholy.blocked[card] = s.round + 1
            s.emit("se-comporta", None, player=s.players[seat])
        else:
            deaths.append((s.card_at(option), "dia-de-visitas", (seat,), INEVITABLE | NO_TRIGGER))
    if deaths:
        s.agenda.appendleft(("resolve", tuple(deaths), "dia"))


def _police(s: BethlemState, chosen: dict[int, str]) -> None:
    """Investigación policial: every player takes one of their cards off the table for good (a dead one too): it
    no longer counts, never comes back and nobody can use its power. It is not a death."""
    for seat, option in chosen.items():
        card = s.card_at(option)
        s.removed[card] = True
        s.set_alive(card, False)
        s.public[card] = True
        s.emit("retirada", None, player=s.players[seat], position=s.where[card][1] + 1, card=card)
    s.agenda.appendleft(("check",))
    take_out(s)


# --- what acts on the next round ----------------------------------------------------------------------------------


def dusk(s: BethlemState) -> None:
    """Nightfall of the round it acts on: a whole group of cards cannot act (Corte de electricidad, Terapia de
    grupo, Reconocimiento médico)."""
    active = s.happen.active if s.happen else None
    if active and active[1] == s.round and active[0] in GROUP_OFF:
        group = GROUP_OFF[active[0]]
        for card in s.cards_in_play():
            if GROUP_OF[card] == group:
                s.silenced[card] = s.round


def round_plan(s: BethlemState) -> str:
    """How the round it acts on is played: ``sin-dia`` (Eclipse de Sol), ``sin-noche`` (Alerta roja) or ``""``."""
    if in_force(s, "eclipse-de-sol"):
        return "sin-dia"
    if in_force(s, "alerta-roja"):
        return "sin-noche"
    return ""


def day(game, s: BethlemState) -> None:
    """By day: Fiesta nocturna's double lynching after a night without deaths; Jugada arriesgada's offer."""
    h = s.happen
    if not h:
        return
    if in_force(s, "fiesta-nocturna") and s.last_death != f"n{s.round}" and ("vote", 1) in s.agenda:
        s.emit("fiesta", None)
        i = s.agenda.index(("vote", 1))
        s.agenda.insert(i + 1, ("vote", 3))
    if in_force(s, "hora-de-la-siesta"):
        h.siesta_check = s.round
    if h.risky:
        s.agenda.appendleft(("risky",))


def risky_step(game, s: BethlemState) -> None:
    """Jugada arriesgada: once for the rest of the game, each player may kill one of their own cards (without its
    death powers) and draw an event."""
    assert s.happen is not None  # queued by day() once Jugada arriesgada came out
    used = s.happen.risky_used
    for seat in s.seats_in_game():
        cards = s.living_cards(seat)
        if seat not in used and cards:
            s.ask(prompt(s, seat, "jugada-arriesgada", options(s, cards), skippable=True))


def risky_answer(game, s: BethlemState, answers) -> None:
    assert s.happen is not None  # asked by risky_step
    used = s.happen.risky_used
    deaths = []
    for (player, _), chosen in sorted(answers.items()):
        if not chosen:
            continue
        seat = s.index[player]
        used.append(seat)
        deaths.append((s.card_at(chosen[0]), "jugada-arriesgada", (seat,), INEVITABLE | NO_TRIGGER))
        s.emit("jugada", None, player=player)
        if s.deck:
            event = s.deck.pop(0)
            s.hand[seat].append(event)
            s.emit("evento", _me(s, seat), event=event)
    if deaths:
        resolve_now(s, deaths)


def resolve_now(s: BethlemState, deaths: list) -> None:
    resolve(s, deaths, "dia")


def round_end(s: BethlemState) -> None:
    """Hora de la siesta: nobody died in that round's lynching, so the mutineers kill twice the next night."""
    h = s.happen
    if h and h.siesta_check == s.round:
        h.siesta_check = None
        if s.last_lynch != s.round:
            h.siesta = s.round + 1
            s.emit("siesta", None)


def second_attack(s: BethlemState) -> bool:
    """The mutineers (or La parca on her night) kill twice tonight (Hora de la siesta)."""
    return s.happen is not None and s.happen.siesta == s.round


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """Cuerpo de espionaje: an attacked marked card keeps the skull on it but does not die or show yet; once all
    marked cards but one were attacked, every one of them dies at once and is shown."""
    happen = s.happen
    spies = happen.spies if happen else None
    if happen is None or spies is None or card not in spies.cards:
        return ""
    if card not in spies.hit:
        spies.hit.append(card)
    ring = [c for c in spies.cards if s.alive.get(c)]
    if len([c for c in ring if c not in spies.hit]) <= 1:
        happen.spies = None
        s.emit("espias-caen", None)
        if s.res is not None:
            s.res.next.extend((c, SPIES, (), INEVITABLE | INDIRECT) for c in ring if c != card)
        return ""
    return SPIES


def markers(s: BethlemState, card: str) -> list[str]:
    spies = s.happen.spies if s.happen else None
    if not spies or card not in spies.cards:
        return []
    return ["espia", "calavera"] if card in spies.hit else ["espia"]


STEPS: dict[str, Step] = {"happening": happening_step, "happening-now": now_step, "risky": risky_step}
ANSWERS: dict[str, Step] = {"happening": happening_answer, "happening-now": now_answer, "risky": risky_answer}
