"""The rules of Ajo y Agua, in the rulebook's order: the Round of Hosts, the turn (Day phase, then Night phase),
the day cards, the bite, deaths and the end of the game.

Each function that opens prompts records in ``s.step`` which resolver answers them; the others run straight
through. Randomness (shuffles, a bribe's random card, a mirror's random card) comes from ``s.rng`` only.
"""

from __future__ import annotations

from velada.core.protocol import NARRATOR_ONLY, Prompt, Result
from velada.games.ajo_y_agua.cards import ACTIONS, DAY_CARDS, EQUIPMENT, INNOCENT
from velada.games.ajo_y_agua.state import AjoState

COUNTS, VAMPIRE = "condes", "vampiro"


# --- cards ------------------------------------------------------------------------------------------------


def _take(hand: dict[str, int], card: str) -> None:
    hand[card] -= 1
    if not hand[card]:
        del hand[card]


def draw(s: AjoState, seat: int, n: int = 1) -> None:
    """Draw from the supply; when it runs out the discard pile (never the retired cards) is shuffled into a new
    supply."""
    drawn = []
    for _ in range(n):
        if not s.supply:
            if not s.discard:
                break
            s.supply, s.discard = s.discard, []
            s.rng.shuffle(s.supply)
            s.emit("baraja", None, cards=len(s.supply))
        card = s.supply.pop()
        s.draws.append(seat)
        s.hands[seat][card] = s.hands[seat].get(card, 0) + 1
        drawn.append(card)
    if drawn:
        player = s.players[seat]
        # A hand has no order: the cards drawn together are told sorted, not in the deck's order.
        s.emit("roba", frozenset((player,)), player=player, cards=sorted(drawn))
        s.emit("robo", None, player=player, n=len(drawn))


def lose_day_cards(s: AjoState, seat: int) -> None:
    """Every day card of ``seat`` (hand and equipment) goes to the discard pile."""
    for card, n in s.hands[seat].items():
        s.discard.extend([card] * n)
    s.discard.extend(s.equipped[seat])
    s.hands[seat] = {}
    s.equipped[seat] = []


# --- the Round of Hosts ------------------------------------------------------------------------------------


def start_round(s: AjoState) -> None:
    """A Round of Hosts has as many turns as players alive at its start. Every living player is dealt one blazon
    of each living house, their own included, and as many innocent blazons as there are living players."""
    living = s.living()
    s.round += 1
    if s.round > s.settings.round_limit:
        finish(s, "limite", ())
        return
    s.turn = 0
    s.turns = len(living)
    s.innocents_used = 0
    houses = [s.houses[i] for i in living]
    for seat in range(len(s.players)):
        s.night[seat] = {house: 1 for house in houses} | {INNOCENT: len(living)} if s.alive[seat] else {}
    s.emit("ronda", None, n=s.round, turns=s.turns)
    start_turn(s)


def start_turn(s: AjoState) -> None:
    """A turn is a Day phase and a Night phase. The host starts the day; with ``anfitrion=rotativo`` the bell
    passes to the next living player on the left at each new turn."""
    s.turn += 1
    if s.settings.host_mode == "rotativo" and (s.round, s.turn) != (1, 1):
        pass_host(s, s.host)
    s.phase = "dia"
    s.emit("turno", None, round=s.round, turn=s.turn, host=s.players[s.host])
    n = len(s.players)
    s.order = [(s.host + k) % n for k in range(n) if s.alive[(s.host + k) % n]]
    next_player(s)


def pass_host(s: AjoState, seat: int) -> None:
    """The bell goes to the first living player on the left of ``seat``."""
    n = len(s.players)
    for k in range(1, n + 1):
        other = (seat + k) % n
        if s.alive[other]:
            s.host = other
            s.emit("anfitrion", None, player=s.players[other])
            return


# --- the Day phase -----------------------------------------------------------------------------------------


def next_player(s: AjoState) -> None:
    """Clockwise from the host, each living player draws one card (compulsory), may act and/or equip, then
    discards down to the hand limit."""
    while s.order:
        seat = s.order.pop(0)
        if not s.alive[seat]:
            continue
        s.current = seat
        s.acted = s.equipped_now = False
        s.action = None
        s.emit("turno-de", None, player=s.players[seat])
        draw(s, seat)
        offer_turn(s)
        return
    end_day(s)


def turn_options(s: AjoState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may still do this turn: one action, one piece of equipment (never two identical ones
    equipped). A count bitten last night may only draw and discard."""
    if s.restricted == seat:
        return ()
    hand = s.hands[seat]
    options: list[str] = []
    if not s.acted:
        for card in ACTIONS:
            if hand.get(card) and _targets(s, seat, card):
                options.append(card)
        if "mazo" in s.equipped[seat] and "estacas" in s.equipped[seat] and _targets(s, seat, "acusar"):
            options.append("acusar")
    if not s.equipped_now:
        options.extend(f"equipar:{card}" for card in EQUIPMENT if hand.get(card) and card not in s.equipped[seat])
    return tuple(options)


def _targets(s: AjoState, seat: int, action: str) -> tuple[str, ...]:
    others = [i for i in s.living() if i != seat]
    if action == "agua-bendita":
        others = [i for i in others if i == s.dying]
    elif action == "soborno":
        others = [i for i in others if s.hands[i] or s.equipped[i]]
    elif action == "espejo":
        others = [i for i in others if s.night[i]]
    elif action == "farol":
        return ("-",)
    return tuple(s.players[i] for i in others)


def _in_turn(s: AjoState) -> int:
    """The seat whose day turn is under way: a turn's steps run only inside one (``next_player`` starts it,
    ``end_day`` ends the last)."""
    seat = s.current
    assert seat is not None, "a step of a day turn with no turn under way"
    return seat


def offer_turn(s: AjoState) -> None:
    seat = _in_turn(s)
    options = turn_options(s, seat)
    if not options:
        discard_step(s)
        return
    s.step = "turno"
    s.ask(Prompt(f"{s.tag()}:turno", s.players[seat], "turno", options, skippable=True))


def resolve_turn(s: AjoState, chosen: tuple[str, ...]) -> None:
    seat = _in_turn(s)
    if not chosen:
        discard_step(s)
        return
    option = chosen[0]
    player = s.players[seat]
    if option.startswith("equipar:"):
        card = option.removeprefix("equipar:")
        _take(s.hands[seat], card)
        s.equipped[seat].append(card)
        s.equipped_now = True
        s.emit("equipa", None, player=player, card=card)
        offer_turn(s)
    elif option == "farol":
        _take(s.hands[seat], "farol")
        s.discard.append("farol")
        s.acted = True
        s.emit("usa", None, player=player, card="farol")
        draw(s, seat, 2)
        offer_turn(s)
    else:
        s.action = option
        s.step = "objetivo"
        targets = _targets(s, seat, option)
        s.ask(Prompt(f"{s.tag()}:{option}", player, "objetivo", targets, skippable=True, args={"action": option}))


def resolve_target(s: AjoState, chosen: tuple[str, ...]) -> None:
    """The target of the action chosen; skipping puts the card back in the hand, unused."""
    seat, action = _in_turn(s), s.action
    assert action is not None, "a target is asked for the action chosen (resolve_turn)"
    if not chosen:
        s.action = None
        offer_turn(s)
        return
    target = s.index[chosen[0]]
    player, other = s.players[seat], chosen[0]
    if action == "acusar":
        accuse(s, seat, target)
        return
    if action == "soborno":
        loot = (["mano"] if s.hands[target] else []) + [f"equipo:{card}" for card in s.equipped[target]]
        s.target = target
        if loot == ["mano"]:
            bribe(s, "mano")
            return
        s.step = "botin"
        s.ask(Prompt(f"{s.tag()}:botin", player, "botin", tuple(loot), args={"target": other}))
        return
    _take(s.hands[seat], action)
    s.acted = True
    if action == "espejo":
        s.discard.append("espejo")
        cards = [card for card, n in sorted(s.night[target].items()) for _ in range(n)]
        seen = s.rng.choice(cards)
        s.mirrored.append((seat, target, seen))
        s.emit("usa", None, player=player, card="espejo", target=other)
        s.emit("reflejo", frozenset((player,)), player=other, card=seen)
    elif action == "agua-bendita":
        s.retired.append("agua-bendita")
        s.dying = None
        s.emit("usa", None, player=player, card="agua-bendita", target=other)
        s.emit("salvado", None, player=other)
    offer_turn(s)


def bribe(s: AjoState, loot: str) -> None:
    """Soborno: the briber takes the equipped card named, or a random card from the rival's hand."""
    seat, target = _in_turn(s), s.target
    assert target is not None, "a bribe's rival is chosen first (resolve_target)"
    player, other = s.players[seat], s.players[target]
    _take(s.hands[seat], "soborno")
    s.discard.append("soborno")
    s.acted = True
    if loot == "mano":
        cards = [card for card, n in sorted(s.hands[target].items()) for _ in range(n)]
        card = s.rng.choice(cards)
        _take(s.hands[target], card)
        s.emit("usa", None, player=player, card="soborno", target=other, source="mano")
        s.emit("botin", frozenset((player, other)), player=player, target=other, card=card)
    else:
        card = loot.removeprefix("equipo:")
        s.equipped[target].remove(card)
        s.emit("usa", None, player=player, card="soborno", target=other, source="equipo", taken=card)
    s.hands[seat][card] = s.hands[seat].get(card, 0) + 1
    s.target = None
    offer_turn(s)


def resolve_loot(s: AjoState, chosen: tuple[str, ...]) -> None:
    bribe(s, chosen[0])


def accuse(s: AjoState, seat: int, target: int) -> None:
    """Acusar y Matar: the Mallet and the Stakes go to the discard pile and the accused dies at once, revealing
    the hidden identity. Killing an innocent costs the attacker every day card."""
    s.acted = True
    for card in ("mazo", "estacas"):
        s.equipped[seat].remove(card)
        s.discard.append(card)
    s.emit("acusa", None, player=s.players[seat], target=s.players[target])
    kill(s, target, "estacas")
    if s.result is not None:
        return
    lose_day_cards(s, seat)
    s.emit("castigo", None, player=s.players[seat])
    offer_turn(s)


def discard_step(s: AjoState) -> None:
    """Only a hand over the limit is discarded, down to the limit, one card at a time; in no other case."""
    seat = _in_turn(s)
    if s.hand_size(seat) > s.settings.hand_limit:
        s.step = "descartar"
        player = s.players[seat]
        s.ask(Prompt(f"{s.tag()}:descartar", player, "descartar", tuple(sorted(s.hands[seat]))))
        return
    next_player(s)


def resolve_discard(s: AjoState, chosen: tuple[str, ...]) -> None:
    seat = _in_turn(s)
    card = chosen[0]
    _take(s.hands[seat], card)
    s.discard.append(card)
    s.emit("descarta", None, player=s.players[seat], card=card)
    discard_step(s)


def end_day(s: AjoState) -> None:
    """At the end of the Day phase a bitten count nobody saved dies and reveals the hidden identity."""
    s.current = None
    if s.dying is not None:
        kill(s, s.dying, "mordisco")
        if s.result is not None:
            return
    s.restricted = None
    start_night(s)


# --- the Night phase ---------------------------------------------------------------------------------------


def night_options(s: AjoState, seat: int) -> tuple[str, ...]:
    """Innocent counts lay an innocent blazon. The Vampire lays a house blazon he holds (his own too), or an
    innocent one — more than one in a round starves him."""
    cards = s.night[seat]
    if seat != s.vampire:
        # A round has as many nights as an innocent holds innocent blazons: they never run out.
        return (INNOCENT,)
    return tuple(sorted(c for c in cards if c != INNOCENT)) + ((INNOCENT,) if cards.get(INNOCENT) else ())


def start_night(s: AjoState) -> None:
    s.phase = "noche"
    s.step = "noche"
    s.emit("noche", None, round=s.round, turn=s.turn)
    for seat in s.living():
        options = night_options(s, seat)
        s.ask(Prompt(f"{s.tag()}:noche", s.players[seat], "noche", options, skippable=True))


def resolve_night(s: AjoState, answers) -> None:
    """The host shuffles the laid cards and shows them: a house blazon is a bite."""
    laid: list[str] = []
    for (player, _), chosen in answers.items():
        seat = s.index[player]
        options = night_options(s, seat)
        card = chosen[0] if chosen else (INNOCENT if INNOCENT in options else options[0])
        _take(s.night[seat], card)
        laid.append(card)
        if seat == s.vampire:
            s.emit("mordisco-secreto", NARRATOR_ONLY, player=player, card=card)
            if card == INNOCENT:
                s.innocents_used += 1
    s.laid = sorted(laid)
    s.emit("revelacion-noche", None, cards=s.laid)
    if s.innocents_used > 1:
        s.emit("inanicion", None)
        kill(s, s.vampire, "inanicion")
        return
    for card in laid:
        if card != INNOCENT:
            bite(s, card)
    if s.result is None:
        end_turn(s)


def bite(s: AjoState, house: str) -> None:
    """The count of that house is bitten: a Cross equipped stops it, else Garlic in hand is used at once
    (retired), else the count is dying. A blazon of a dead count bites nobody."""
    seat = s.houses.index(house)
    player = s.players[seat]
    if not s.alive[seat]:
        s.emit("sin-victima", None, house=house)
    elif "cruz" in s.equipped[seat]:
        s.emit("cruz", None, player=player)
    elif s.hands[seat].get("ajos"):
        _take(s.hands[seat], "ajos")
        s.retired.append("ajos")
        s.emit("ajos", None, player=player)
    else:
        s.dying = s.restricted = seat
        s.emit("mordido", None, player=player)


def end_turn(s: AjoState) -> None:
    if s.turn >= s.turns:
        end_round(s)
        if s.result is None:
            start_round(s)
    else:
        start_turn(s)


def end_round(s: AjoState) -> None:
    """At the end of a Round of Hosts every equipped Cross leaves the game, and the night cards are gathered to be
    dealt again."""
    for seat in range(len(s.players)):
        if "cruz" in s.equipped[seat]:
            s.equipped[seat].remove("cruz")
            s.retired.append("cruz")
            s.emit("cruz-retirada", None, player=s.players[seat])
        s.night[seat] = {}


# --- deaths and the end ------------------------------------------------------------------------------------


def kill(s: AjoState, seat: int, cause: str) -> None:
    """A count dies and reveals the hidden identity. An innocent's day cards go to the discard pile and the
    night cards leave the game; a dead host hands the bell to the first living player on the left."""
    s.alive[seat] = False
    player = s.players[seat]
    identity = VAMPIRE if seat == s.vampire else "conde"
    s.emit("muerte", None, player=player, identity=identity, cause=cause)
    if s.dying == seat:
        s.dying = None
    lose_day_cards(s, seat)
    s.night[seat] = {}
    if s.host == seat:
        pass_host(s, seat)
    check_end(s, cause)


def check_end(s: AjoState, cause: str) -> None:
    """The Counts win when the Vampire dies (staked, come to light by his own bite, or starved). The Vampire
    wins when only he and one other count are alive (a dying count is alive)."""
    if not s.alive[s.vampire]:
        reason = {"estacas": "estacas", "mordisco": "luz", "inanicion": "inanicion"}[cause]
        finish(s, reason, (COUNTS,))
    elif len(s.living()) <= 2:
        finish(s, "vampiro", (VAMPIRE,))


def finish(s: AjoState, reason: str, sides: tuple[str, ...]) -> None:
    teams = tuple((p, VAMPIRE if i == s.vampire else COUNTS) for i, p in enumerate(s.players))
    winners = tuple(p for p, side in teams if side in sides)
    s.result = Result(reason, sides, winners, s.round, teams)
    s.phase = "fin"
    s.group = {}
    s.emit("fin", None, reason=reason, vampire=s.players[s.vampire], winners=list(winners))


RESOLVERS = {
    "turno": lambda s, answers: resolve_turn(s, next(iter(answers.values()))),
    "objetivo": lambda s, answers: resolve_target(s, next(iter(answers.values()))),
    "botin": lambda s, answers: resolve_loot(s, next(iter(answers.values()))),
    "descartar": lambda s, answers: resolve_discard(s, next(iter(answers.values()))),
    "noche": resolve_night,
}

__all__ = ["COUNTS", "DAY_CARDS", "RESOLVERS", "VAMPIRE", "start_round"]
