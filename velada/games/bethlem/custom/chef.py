"""Nerea "La Chef" (section 13).

- **Base power** (step 15): each night she may cook for another player, once per player: for the round the two
  of them have a temporary pact. In the digital game that pact means neither can act against the other until
  the next nightfall (as El archivo's awakening: ``s.archive.shields``), and both know it.
- **The broccoli**, a special meal she may serve on the first night: one broccoli on a card of every player (she
  chooses the cards). A card that uses its power in a round keeps its broccoli, and each broccoli kept so adds
  one to the centre of the table; at the end of the round, after the lynching, every player may move the
  broccolis of their unused cards (and of La Chef, which never keeps them) onto cards of the next player to
  their left. In her turn she shares the centre's broccolis out, at most one per player unless the centre holds
  more broccolis than players. A card with three broccolis dies at once, and they leave the game; a card that
  dies otherwise leaves its broccolis in the centre. Broccoli deaths are not death markers, so Paciencia cannot
  put them off (FAQ 15.2).
- **Extra power** (objective not a mutineer's): when she dies, her holder may destroy all the food in play (the
  broccolis and the meal) to bring her back to life; the objective is shown all the same.
- **Awakening "Comida rápida"** (announced): two broccolis kill a card; each card killed by broccoli lends her
  its power, with its awakening, for the next round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.games.bethlem.common import announce_awakening, answer_of, options, prompt
from velada.games.bethlem.deaths import revive
from velada.games.bethlem.objectives import reveal
from velada.games.bethlem.plugins import DUSK, ROUND_END, Character, awake, extra, found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import INDIRECT, AgendaStep, BethlemState, CustomRecord
from velada.games.bethlem.view import BethlemView

KIND = "la-chef"
SERVE = "servir"
DESTROY = "destruir"


@dataclass(slots=True)
class ChefRecord(CustomRecord):
    """La Chef's records: the broccolis on each card and in the centre of the table, whether the broccoli was
    served, the cards whose powers she steals (the round, the cards killed by broccoli), the players she fed
    and her meals (her seat, the other's)."""

    broccoli: dict[CardId, int] = field(default_factory=dict)
    center: int = 0
    served: bool = False
    steal: tuple[int, list[CardId]] | None = None
    fed: list[int] = field(default_factory=list)
    meals: list[tuple[int, int]] = field(default_factory=list)


def _record(s: BethlemState) -> ChefRecord:
    return record(s, KIND, ChefRecord)


def _found(s: BethlemState) -> ChefRecord | None:
    return found(s, KIND, ChefRecord)


def center(s: BethlemState) -> int:
    """The broccolis waiting in the centre of the table (everybody sees them)."""
    d = _found(s)
    return 0 if d is None else d.center


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def _chef_card(s: BethlemState) -> str | None:
    cards = s.find(KIND)
    return cards[0] if cards else None


def _lethal(s: BethlemState) -> int:
    card = _chef_card(s)
    return 2 if card is not None and awake(s, card) and s.passive(card) else 3


def _broccoli(s: BethlemState) -> dict[str, int]:
    return _record(s).broccoli


def _sweep(s: BethlemState) -> None:
    """A card that died of anything but broccoli leaves its broccolis in the centre."""
    d = _record(s)
    for card, count in list(d.broccoli.items()):
        if not s.alive.get(card):
            del d.broccoli[card]
            d.center += count


def _add(s: BethlemState, cards: list[str]) -> None:
    """One broccoli more on each of ``cards``; cards that reach the lethal number die now."""
    broccoli = _broccoli(s)
    for card in cards:
        broccoli[card] = broccoli.get(card, 0) + 1
        s.emit("brocoli", None, target=s.option(card), count=broccoli[card])
    lethal = _lethal(s)
    dying = [c for c in cards if broccoli.get(c, 0) >= lethal and s.alive[c]]
    if not dying:
        return
    d = _record(s)
    for card in dying:
        del broccoli[card]
    if lethal == 2:
        announce_awakening(s, KIND)
        d.steal = (s.round + 1, list(dying))
    chef = _chef_card(s)
    by = (s.holder(chef),) if chef is not None else ()
    # At once, but after the choice in progress (several passes of the centre's broccolis can kill).
    s.agenda.appendleft(("resolve", tuple((card, "brocoli", by, INDIRECT) for card in dying), "dia"))


# --- her turn -------------------------------------------------------------------------------------------------------


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    d = _record(s)
    if stage == "":
        _sweep(s)
        if s.round == 1 and not d.served:
            d.served = True
            s.ask(prompt(s, seat, "la-chef-brocoli", (SERVE,), skippable=True))
            return
        stage = "reparto"
    if stage == "brocoli":
        for other in s.seats_in_game():
            cards = s.living_cards(other)
            if cards:
                player = s.players[other]
                s.ask(
                    prompt(
                        s,
                        seat,
                        "la-chef-brocoli-carta",
                        options(s, cards),
                        args={"player": player},
                        suffix=f"-{player}",
                    )
                )
        return
    if stage.startswith("reparto"):
        center = d.center
        players = s.seats_holding_cards()
        if center and players:
            count = min(center, len(players))
            s.ask(prompt(s, seat, "la-chef-reparto", s.ids(players), max=count, skippable=True, args={"n": center}))
            return
        stage = "comida"
    if stage == "comida":
        fed = d.fed
        others = [p for p in s.seats_in_game() if p != seat and p not in fed]
        if others:
            s.ask(prompt(s, seat, KIND, s.ids(others), skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    d = _record(s)
    kind = next(iter(answers))[1].partition(":")[2]
    if kind == "la-chef-brocoli":
        _, chosen = answer_of(answers)
        s.agenda.appendleft(("act", KIND, seat, card, origin, "brocoli" if chosen else "reparto"))
        return
    if kind.startswith("la-chef-brocoli-carta"):
        cards = [s.card_at(chosen[0]) for chosen in answers.values() if chosen]
        s.emit("brocoli-servido", None, player=s.players[seat])
        _add(s, cards)
        s.agenda.appendleft(("act", KIND, seat, card, origin, "comida"))
        return
    if kind == "la-chef-reparto":
        _, chosen = answer_of(answers)
        if chosen:
            s.agenda.appendleft(("chef-reparto", seat, card, origin, tuple(chosen), d.center))
        else:
            s.agenda.appendleft(("act", KIND, seat, card, origin, "comida"))
        return
    _, chosen = answer_of(answers)
    if chosen:
        target = s.index[chosen[0]]
        d.fed = [*d.fed, target]
        d.meals = [*d.meals, (seat, target)]
        s.archive.shields.extend([(target, seat), (seat, target)])
        s.emit("comida", s.audience({seat, target}), players=[s.players[seat], chosen[0]])


def share_step(game, s: BethlemState, seat: int, card: str, origin: str, players: tuple[str, ...], before: int) -> None:
    """She puts one broccoli from the centre on a card of each player she chose."""
    for player in players:
        cards = s.living_cards(s.index[player])
        if cards:
            s.ask(
                prompt(
                    s, seat, "la-chef-reparto-carta", options(s, cards), args={"player": player}, suffix=f"-{player}"
                )
            )


def share_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, players, before: int) -> None:
    d = _record(s)
    cards = [s.card_at(chosen[0]) for chosen in answers.values() if chosen][: d.center]
    d.center -= len(cards)
    _add(s, cards)
    # More broccolis than players: she may share out again.
    again = before > len(s.seats_in_game()) and d.center > 0
    s.agenda.appendleft(("act", KIND, seat, card, origin, "reparto-2" if again else "comida"))


# --- the end of the round: broccolis stay or move -------------------------------------------------------------------


def round_end(game, s: BethlemState) -> None:
    d = _found(s)
    if d is None or not d.broccoli:
        return
    _sweep(s)
    chef = _chef_card(s)
    kept = 0
    for card, count in d.broccoli.items():
        if card != chef and s.acted.get(card) == s.round:
            kept += count
    if kept:
        d.center += kept
        s.emit("brocoli-centro", None, count=d.center)
    s.agenda.appendleft(("chef-mover",))


def _movable(s: BethlemState, seat: int) -> list[str]:
    chef = _chef_card(s)
    out = []
    for card in s.board[seat]:
        count = _broccoli(s).get(card, 0)
        if count and (card == chef or s.acted.get(card) != s.round):
            out.extend([card] * count)
    return out


def move_step(game, s: BethlemState) -> None:
    """Every player at once may move the broccolis of their unused cards to the next player's cards."""
    for seat in s.seats_in_game():
        movable = _movable(s, seat)
        left = s.left_of(seat)
        if movable and left is not None and s.living_cards(left):
            cards = options(s, s.living_cards(left))
            s.ask(prompt(s, seat, "la-chef-mover", cards, max=min(len(movable), len(cards)), skippable=True))


def move_answer(game, s: BethlemState, answers) -> None:
    broccoli = _broccoli(s)
    added: list[str] = []
    for (player, _), chosen in sorted(answers.items()):
        seat = s.index[player]
        for source, option in zip(_movable(s, seat), chosen, strict=False):
            broccoli[source] -= 1
            if not broccoli[source]:
                del broccoli[source]
            added.append(s.card_at(option))
        if chosen:
            s.emit("brocoli-mueve", None, player=player, targets=list(chosen))
    if added:
        _add(s, added)


# --- dusk: the stolen powers ----------------------------------------------------------------------------------------


def dusk(game, s: BethlemState) -> None:
    d = _found(s)
    if d is None or d.steal is None:
        return
    round_, cards = d.steal
    chef = _chef_card(s)
    if round_ == s.round and chef is not None and s.can_act(chef):
        for card in cards:
            s.borrowed.append((s.holder(chef), card, True))
        s.emit("chef-roba", _me(s, s.holder(chef)), cards=list(cards))
    if round_ <= s.round:
        d.steal = None


# --- the extra power: back to life ----------------------------------------------------------------------------------


def on_death(s: BethlemState, card: str, cause: str, by: tuple[int, ...]) -> list[AgendaStep]:
    d = _found(s)
    food = d is not None and (bool(d.broccoli) or bool(d.center))
    if extra(s, card) and food:
        return [("chef-revivir", card)]
    return []


def revive_step(game, s: BethlemState, card: str) -> None:
    s.ask(prompt(s, s.holder(card), "la-chef-revivir", (DESTROY,), skippable=True))


def revive_answer(game, s: BethlemState, answers, card: str) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        return
    d = _record(s)
    d.broccoli = {}
    d.center = 0
    seat = s.holder(card)
    # Only her meals' truces go: El archivo's shields and the frontier alguaciles' restraint stay.
    fed = set(d.fed)
    s.archive.shields = [
        sh for sh in s.archive.shields if not (seat in sh and (sh[0] if sh[1] == seat else sh[1]) in fed)
    ]
    s.emit("comida-destruida", None, player=s.players[seat])
    revive(s, card, KIND)
    reveal(s, seat, "la-chef")


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    d = _found(s)
    return [] if d is None else ["brocoli"] * d.broccoli.get(card, 0)


def badges(s: BethlemState, seat: int, viewer: int | None, narrator: bool) -> list[str]:
    """The two players of a meal know who shared it with them (the Chef's player too): a badge beside the other."""
    d = _found(s)
    if d is None or viewer is None or viewer == seat:
        return []
    return ["comida"] if (seat, viewer) in d.meals or (viewer, seat) in d.meals else []


def view(game, s: BethlemState, view: BethlemView, me: int | None, narrator: bool, lang: str) -> None:
    """La Chef's broccoli waiting in the middle of the table (everybody sees them)."""
    view["broccoli"] = center(s)


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    steps={
        "chef-reparto": (share_step, share_answer),
        "chef-mover": (move_step, move_answer),
        "chef-revivir": (revive_step, revive_answer),
    },
    triggers={KIND: on_death},
    moments={ROUND_END: round_end, DUSK: dusk},
    markers=markers,
    badges=badges,
    view=view,
)
