"""María «La Médico» (section 13): she tends the dying at the end of the night.

- **Base power.** In her turn (near the end of the night) she may look at one of the cards carrying a death
  marker, and use one of three powers a round: the crash cart saves a card about to die (once a game); the
  induced coma saves one too, but it loses every power for the rest of the game (three times a game, several
  comas at once); the organ transplant saves the card she looked at tonight, and from then on she — not its
  holder — uses its night power (as often as she likes, one transplant on the table: a new one leaves the old
  card without it, and a death marker is put on that card).
- **Extra power** (her objective does not rise with the mutineers): the crash cart three times a game.
- **Awakening «Virus mortal».** She infects a player (never herself); from then on each turn she may add a virus
  to an infected player and infect a neighbour of an infected player (once everybody else is, a second virus
  instead). Two viruses on a player may be traded for a death marker on one of their cards, four for markers on
  all of them. The viruses are on the table for all to see.

Inevitable deaths (Terapia electroshock awakened, Leproso) cannot be saved by any of her powers (section 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.common import OWN, answer_of, options, prompt
from velada.games.bethlem.custom.effects import me, night_turn, push
from velada.games.bethlem.deaths import attack, doomed, remove_attacks
from velada.games.bethlem.plugins import Character, awake, extra, found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import INEVITABLE, LEPER, BethlemState, CustomRecord

KIND = "la-medico"
CART, COMA, TRANSPLANT = "carro-de-paradas", "coma-inducido", "trasplante-de-organos"
COMA_USES = 3
ONE_CARD, ALL_CARDS = "una-carta", "todas-las-cartas"


def _savable(s: BethlemState) -> list[str]:
    """Cards about to die that a save can reach (not inevitably)."""
    inevitable = {a[0] for a in s.attacks if a[3] & (INEVITABLE | LEPER)}
    return [c for c in doomed(s) if c not in inevitable]


@dataclass(slots=True)
class MedicoRecord(CustomRecord):
    """La Médico's records: the round she last used a power, the carts and comas used, the cards in a coma,
    the card she last saw (card, round), the transplanted card, and her virus's load by seat."""

    round_used: int | None = None
    cart: int = 0
    coma_uses: int = 0
    comas: list[CardId] = field(default_factory=list)
    seen: tuple[CardId, int] | None = None
    transplant: CardId | None = None
    virus: dict[int, int] = field(default_factory=dict)


def _record(s: BethlemState) -> MedicoRecord:
    return record(s, KIND, MedicoRecord)


def _found(s: BethlemState) -> MedicoRecord | None:
    return found(s, KIND, MedicoRecord)


def _cart_limit(s: BethlemState, card: str) -> int:
    return 3 if extra(s, card) else 1


def _powers(s: BethlemState, card: str) -> list[str]:
    d = _record(s)
    if d.round_used == s.round:
        return []
    savable = _savable(s)
    out = []
    if savable and d.cart < _cart_limit(s, card):
        out.append(CART)
    if savable and d.coma_uses < COMA_USES:
        out.append(COMA)
    seen = d.seen
    fresh = seen is not None and seen[1] == s.round and seen[0] in savable and seen[0] != d.transplant
    if fresh and seen is not None and night_turn(KIND_OF[seen[0]]) is not None:
        out.append(TRANSPLANT)
    return out


# --- her turn ------------------------------------------------------------------------------------------------


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "":
        dying = doomed(s)
        if dying:
            s.ask(prompt(s, seat, KIND, options(s, dying), skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, "poder"))
        return
    if stage == "poder":
        menu = _powers(s, card)
        if menu:
            s.ask(prompt(s, seat, "la-medico-poder", menu, skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, "virus"))
        return
    if stage in (CART, COMA):
        kind = "la-medico-carro" if stage == CART else "la-medico-coma"
        s.ask(prompt(s, seat, kind, options(s, _savable(s)), skippable=True))
        return
    if stage == "virus":
        _virus_ask(s, seat, card)
        return
    _virus_stage_ask(s, seat, card, stage)


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = _record(s)
    if stage == "":
        if chosen:
            target = s.card_at(chosen[0])
            d.seen = (target, s.round)
            s.learn(seat, target)
            s.emit("vision", me(s, seat), target=chosen[0], card=target)
        push(s, ("act", KIND, seat, card, origin, "poder"))
        return
    if stage == "poder":
        if chosen and chosen[0] == TRANSPLANT:
            assert d.seen is not None  # offered only with a card seen this round
            _transplant(s, seat, d.seen[0])
            push(s, ("act", KIND, seat, card, origin, "virus"))
        elif chosen:
            push(s, ("act", KIND, seat, card, origin, chosen[0]))
        else:
            push(s, ("act", KIND, seat, card, origin, "virus"))
        return
    if stage in (CART, COMA):
        if chosen:
            target = s.card_at(chosen[0])
            d.round_used = s.round
            remove_attacks(s, target)
            if stage == CART:
                d.cart += 1
                s.emit("salvada", me(s, seat), target=chosen[0], by=s.players[seat])
            else:
                d.coma_uses += 1
                d.comas.append(target)
                s.emit("la-medico-coma", None, target=chosen[0])
        push(s, ("act", KIND, seat, card, origin, "virus"))
        return
    _virus_answer(s, seat, card, origin, stage, chosen)


def _transplant(s: BethlemState, seat: int, target: str) -> None:
    """The seen card lives on with the transplant; the old transplanted card, without it, gets a death marker."""
    d = _record(s)
    d.round_used = s.round
    old = d.transplant
    remove_attacks(s, target)
    d.transplant = target
    s.emit("la-medico-trasplante", None, target=s.option(target))
    if old is not None and s.alive.get(old):
        attack(s, old, KIND, (seat,))


def actors(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """In the turn of the transplanted card, La Médico uses its power (its holder no longer can)."""
    d = _found(s)
    target = d.transplant if d is not None else None
    if target is None or KIND_OF[target] != kind or not s.alive.get(target):
        return []
    return [(s.holder(medico), target, OWN) for medico in s.found(KIND) if s.can_act(medico)]


def silences(s: BethlemState, seat: int, what: str, active: bool) -> bool:
    """A card in a coma has lost every power; a transplanted card's power is La Médico's now."""
    d = _found(s)
    if d is None:
        return False
    if what in d.comas:
        return True
    return active and what == d.transplant


# --- the virus ---------------------------------------------------------------------------------------------


def _infected(s: BethlemState) -> dict[int, int]:
    return _record(s).virus


def _virus_ask(s: BethlemState, seat: int, card: str) -> None:
    if not awake(s, card):
        return
    virus = _infected(s)
    others = [p for p in s.seats_in_game() if p != seat]
    if not virus:
        if others:
            s.ask(prompt(s, seat, "la-medico-virus", s.ids(others), skippable=True))
        return
    push(s, ("act", KIND, seat, card, OWN, "carga"))


def _neighbours(s: BethlemState, seat: int) -> list[int]:
    return [n for n in (s.left_of(seat, 1), s.left_of(seat, -1)) if n is not None]


def _spread_targets(s: BethlemState, seat: int) -> list[int]:
    virus = _infected(s)
    near = {n for p in s.seats_in_game() if virus.get(p) for n in _neighbours(s, p)}
    return [p for p in s.seats_in_game() if p in near and p != seat and not virus.get(p)]


def _virus_stage_ask(s: BethlemState, seat: int, card: str, stage: str) -> None:
    virus = _infected(s)
    infected = [p for p in s.seats_in_game() if virus.get(p)]
    if stage in ("carga", "carga-2"):
        if infected:
            suffix = "" if stage == "carga" else "-2"
            s.ask(prompt(s, seat, "la-medico-carga", s.ids(infected), skippable=True, suffix=suffix))
        else:
            push(s, ("act", KIND, seat, card, OWN, "brote"))
    elif stage == "contagio":
        targets = _spread_targets(s, seat)
        everybody = all(virus.get(p) for p in s.seats_in_game() if p != seat)
        if targets:
            s.ask(prompt(s, seat, "la-medico-contagio", s.ids(targets), skippable=True))
        elif everybody:
            # Everybody else is infected: the spreading becomes a second increase.
            push(s, ("act", KIND, seat, card, OWN, "carga-2"))
        else:
            push(s, ("act", KIND, seat, card, OWN, "brote"))
    elif stage == "brote":
        ripe = [p for p in s.seats_in_game() if virus.get(p, 0) >= 2 and s.living_cards(p)]
        if ripe:
            s.ask(prompt(s, seat, "la-medico-brote", s.ids(ripe), skippable=True))
    elif stage.startswith("modo:"):
        s.ask(prompt(s, seat, "la-medico-brote-modo", (ONE_CARD, ALL_CARDS), skippable=True))
    elif stage.startswith("carta:"):
        target = int(stage.partition(":")[2])
        s.ask(prompt(s, seat, "la-medico-brote-carta", options(s, s.living_cards(target)), skippable=True))


def _virus_answer(s: BethlemState, seat: int, card: str, origin: str, stage: str, chosen) -> None:
    virus = _infected(s)
    nxt = {"virus": "", "carga": "contagio", "carga-2": "brote", "contagio": "brote"}
    if stage in ("virus", "carga", "carga-2", "contagio"):
        if chosen:
            target = s.index[chosen[0]]
            virus[target] = virus.get(target, 0) + 1
            s.emit("la-medico-virus", None, player=chosen[0], n=virus[target])
        if nxt[stage]:
            push(s, ("act", KIND, seat, card, origin, nxt[stage]))
        return
    if not chosen:
        return
    if stage == "brote":
        target = s.index[chosen[0]]
        step = f"modo:{target}" if virus[target] >= 4 else f"carta:{target}"
        push(s, ("act", KIND, seat, card, origin, step))
        return
    target = int(stage.partition(":")[2])
    if stage.startswith("modo:") and chosen[0] == ONE_CARD:
        push(s, ("act", KIND, seat, card, origin, f"carta:{target}"))
        return
    if stage.startswith("modo:"):
        virus[target] -= 4
        victims = s.living_cards(target)
    else:
        virus[target] -= 2
        victims = [s.card_at(chosen[0])]
    s.emit("la-medico-brote", None, player=s.players[target], n=virus[target])
    for victim in victims:
        attack(s, victim, "virus", (seat,))
    # More viruses may still be traded this turn.
    push(s, ("act", KIND, seat, card, origin, "brote"))


# --- views ---------------------------------------------------------------------------------------------------


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """The coma and the transplant are auxiliary cards on the table, seen by all."""
    d = _found(s)
    if d is None:
        return []
    out = []
    if card in d.comas and s.alive[card]:
        out.append("coma")
    if d.transplant == card and s.alive[card]:
        out.append("trasplante")
    return out


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    actors=actors,
    silences=silences,
    markers=markers,
)
