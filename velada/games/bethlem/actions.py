"""Cartas de acción (section 6), their bipolar opposites (section 8) and awakenings (sections 9–10): one-use
powers.

Using a one-use card is a choice of *mode* — ``normal``, ``opuesto`` (with Bipolaridad), ``despertar`` (once,
when awakened, even if the normal power is spent) or ``despertar-opuesto`` — then of its targets. When only
one mode is possible the mode prompt is left out. The director who borrows a dead action card uses it
normally (or awakened, if he is); a hypnotised player uses it normally.
"""

from __future__ import annotations

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.cards import GROUP_OF, INMATES, KIND_OF, MUTINEERS
from velada.games.bethlem.characters import _meet, too_many
from velada.games.bethlem.common import (
    ACTIVE_AWAKENING,
    AWAKE,
    AWAKE_OPPOSITE,
    BORROWED_AWAKE,
    DIRECTOR,
    NORMAL,
    OPPOSITE,
    OWN,
    SUFFIX,
    answer_of,
    awake_power,
    bipolar,
    card_side,
    dead_cards,
    living,
    modes,
    not_against,
    options,
    prompt,
    spend_power,
)
from velada.games.bethlem.deaths import attack, doomed, remove_attacks, revive
from velada.games.bethlem.hooks import BOOK_MODE, Step
from velada.games.bethlem.state import INDIRECT, INEVITABLE, LEPER, AgendaStep, BethlemState, SweetDeath


def _me(s: BethlemState, seat: int) -> frozenset[str]:
    return frozenset((s.players[seat],))


def available(s: BethlemState, seat: int, card: str, origin: str, power: str) -> list[str]:
    """The modes ``seat`` may use ``power`` in, for this use (its own card, borrowed, or hypnotised)."""
    if origin == OWN:
        return modes(s, seat, card)
    if origin in (DIRECTOR, BORROWED_AWAKE):
        return [NORMAL, AWAKE] if awake_power(s, card, origin) and power in ACTIVE_AWAKENING else [NORMAL]
    return [NORMAL]


# --- targets and effects of each one-use card, by mode ----------------------------------------------------


def _kill_targets(s: BethlemState, seat: int) -> list[str]:
    return not_against(s, seat, living(s, exclude_isolated=True))


def targets(s: BethlemState, power: str, seat: int, card: str, mode: str) -> list[str]:
    """The cards ``power`` can be used on in ``mode`` now."""
    if power in ("terapia-electroshock", "terapia-opio-y-barbituricos"):
        # The two therapies' modes are each other's: what a mode does (_effect) says whom it may reach.
        effect = _effect(s, power, mode)
        if effect in ("matar", "matar-inevitable"):
            return _kill_targets(s, seat)
        if effect == "salvar":
            return doomed(s)
        return dead_cards(s)
    if power in ("terapia-lobotomia", "juego-de-azar"):
        return not_against(s, seat, living(s))
    if power == "muerte-dulce":
        return [c for c in living(s) if c != card]
    if power == "profeta":
        return _prophet_first(s, mode)
    return []


#: What each therapy does in each mode.
EFFECTS = {
    "terapia-electroshock": {
        NORMAL: "matar",
        OPPOSITE: "salvar",
        AWAKE: "matar-inevitable",
        AWAKE_OPPOSITE: "resucitar",
    },
    "terapia-opio-y-barbituricos": {
        NORMAL: "salvar",
        OPPOSITE: "matar",
        AWAKE: "resucitar",
        AWAKE_OPPOSITE: "matar-inevitable",
    },
}


def _effect(s: BethlemState, power: str, mode: str) -> str:
    """What a therapy does in ``mode``: ``matar``, ``salvar``, ``resucitar`` or ``matar-inevitable``."""
    return EFFECTS["terapia-electroshock" if power == "terapia-electroshock" else "terapia-opio-y-barbituricos"][mode]


def apply(s: BethlemState, power: str, seat: int, card: str, mode: str, chosen: tuple[str, ...]) -> None:
    target = s.card_at(chosen[0])
    player = s.players[seat]
    if power in ("terapia-electroshock", "terapia-opio-y-barbituricos"):
        effect = _effect(s, power, mode)
        if effect == "matar":
            attack(s, target, power, (seat,))
        elif effect == "matar-inevitable":
            attack(s, target, power, (seat,), INEVITABLE)
        elif effect == "salvar":
            remove_attacks(s, target)
            s.emit("salvada", NARRATOR_ONLY, target=chosen[0], by=player)
        else:
            revive(s, target, power)
        s.emit("terapia", _me(s, seat), power=power, effect=effect, target=chosen[0])
    elif power == "terapia-lobotomia":
        _lobotomy(s, seat, target, mode)
    elif power == "juego-de-azar":
        if not too_many(s, seat, len(s.tokens), "juego-de-azar"):
            direction = 1 if mode in (NORMAL, AWAKE) else -1
            s.tokens.append((target, direction, s.round))
            s.emit("ficha", None, target=chosen[0], direction=direction)
    elif power == "muerte-dulce":
        s.sweet = SweetDeath(
            card=card,
            chosen=target,
            mode=NORMAL if mode in (NORMAL, AWAKE) else OPPOSITE,
            awake_mode=mode if mode in (AWAKE, AWAKE_OPPOSITE) else "",
            round=s.round,
        )
        s.emit("muerte-dulce", _me(s, seat), target=chosen[0], mode=mode)


def _lobotomy(s: BethlemState, seat: int, target: str, mode: str) -> None:
    """Terapia lobotomía: the chosen card is shown to everybody. A mutineer principal character recovers his
    sanity and plays for the inmates (the opposite: an inmate principal character goes mad and plays for the
    mutineers); its holder loses the vote in lynchings, unless the lobotomy was the awakened one."""
    s.public[target] = True
    wseat, pos = s.where[target]
    s.emit("revela", None, player=s.players[wseat], position=pos + 1, card=target, power="terapia-lobotomia")
    s.settings.hooks.rules.lobotomy(s, target, mode)


def _book_lobotomy(s: BethlemState, target: str, mode: str) -> None:
    """The book's lobotomy: on a principal character, a mutineer turns inmate (an inmate, mutineer)."""
    wseat, pos = s.where[target]
    side = card_side(s, target)
    if GROUP_OF[target] != "P1":
        return
    wanted, new = (MUTINEERS, INMATES) if mode in (NORMAL, AWAKE) else (INMATES, MUTINEERS)
    if side == wanted:
        s.lobotomy.sides[target] = new
        s.lobotomy.keeps_vote[target] = mode in (AWAKE, AWAKE_OPPOSITE)
        s.emit("cambia-de-bando", None, player=s.players[wseat], position=pos + 1, side=new)


BOOK_MODE.lobotomy = _book_lobotomy


# --- the generic use of a one-use card ------------------------------------------------------------------


def _use(power: str):
    """The (ask, answer) pair of a one-use card whose use is a mode, then one target."""

    def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
        if stage == "":
            usable: list[str] = []
            cards: list[str] = []
            for m in available(s, seat, card, origin, power):
                reachable = targets(s, power, seat, card, m)
                if reachable:
                    usable.append(m)
                    cards = reachable
            if len(usable) > 1:
                s.ask(
                    prompt(
                        s,
                        seat,
                        "modo",
                        usable,
                        skippable=True,
                        args={"power": power},
                        suffix=f"-{power}{SUFFIX[origin]}",
                    )
                )
                return
            if not usable:
                return
            # The one usable mode's step is run now, as the agenda would run it next (nothing was opened): it is
            # recorded as the step under way, for its answer, and its targets, just read, are not read again.
            stage = usable[0]
            s.step = ("act", power, seat, card, origin, stage)
        else:
            cards = targets(s, power, seat, card, stage)
        if cards:
            s.ask(
                prompt(s, seat, power, options(s, cards), skippable=True, args={"mode": stage}, suffix=SUFFIX[origin])
            )

    def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
        _, chosen = answer_of(answers)
        if not chosen:
            return
        if stage == "":
            s.agenda.appendleft(("act", power, seat, card, origin, chosen[0]))
            return
        if origin == OWN:
            spend_power(s, card, stage)
        apply(s, power, seat, card, stage, chosen)

    return ask, answer


# --- Profeta: two cards -----------------------------------------------------------------------------------


def _prophet_first(s: BethlemState, mode: str) -> list[str]:
    """The first card: a living one, with a second card available for the mode (a dead one of the same
    player; both alive in the opposite; of any player, awakened)."""
    cards = living(s)
    if mode in (AWAKE, AWAKE_OPPOSITE):
        others = dead_cards(s) if mode == AWAKE else cards
        return cards if len(others) > (0 if mode == AWAKE else 1) else []
    board, where = s.board, s.where
    # Each row's living cards as ``lives`` keeps them, and whether the row can give the second card (a dead one;
    # another living one) asked once, not once for each of its cards.
    here = [len(row) for row in s.lives().rows]
    if mode == NORMAL:
        paired = [living_ < len(row) for living_, row in zip(here, board, strict=True)]
    elif mode == OPPOSITE:
        paired = [living_ > 1 for living_ in here]
    else:
        return []
    return [card for card in cards if paired[where[card][0]]]


def _prophet_second(s: BethlemState, mode: str, first: str) -> list[str]:
    if mode == AWAKE:
        return dead_cards(s)
    if mode == AWAKE_OPPOSITE:
        return [c for c in living(s) if c != first]
    row = s.board[s.holder(first)]
    if mode == NORMAL:
        return [c for c in row if not s.alive[c]]
    return [c for c in row if s.alive[c] and c != first]


def prophet_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """Profeta: a living card and a dead one of the same player; when the living one dies the dead one comes
    back. The opposite links two living cards of one player that die together. Awakened, the two cards may
    belong to different players."""
    if "|" in stage:
        mode, _, first = stage.partition("|")
        cards = _prophet_second(s, mode, s.card_at(first))
        if cards:
            s.ask(prompt(s, seat, "profeta-2", options(s, cards), args={"mode": mode}, suffix=SUFFIX[origin]))
        return
    use_ask(game, s, seat, card, origin, stage)


use_ask, use_answer = _use("profeta")


def prophet_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if stage == "" or not chosen:
        use_answer(game, s, answers, seat, card, origin, stage)
        return
    if "|" not in stage:
        s.agenda.appendleft(("act", "profeta", seat, card, origin, f"{stage}|{chosen[0]}"))
        return
    mode, _, first = stage.partition("|")
    if origin == OWN:
        spend_power(s, card, mode)
    link = "normal" if mode in (NORMAL, AWAKE) else "opuesto"
    if too_many(s, seat, len(s.prophets), "profeta"):
        return
    s.prophets.append((s.card_at(first), s.card_at(chosen[0]), link))
    s.emit("profeta", None, targets=[first, chosen[0]])
    s.emit("profecia-enlace", _me(s, seat), targets=[first, chosen[0]], mode=link)


# --- Pacto de sangre ----------------------------------------------------------------------------------------


def pact_handler(game, s: BethlemState) -> None:
    """Pacto de sangre must be used in the first turn of the first night."""
    for card in s.found("pacto-de-sangre"):
        if s.can_act(card) and not s.used.get(card):
            s.agenda.appendleft(("act", "pacto-de-sangre", s.holder(card), card, OWN, ""))


def pact_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """The holder binds two players (maybe themself): they must be the only survivors, and if one is out the
    other dies. With Bipolaridad it may be a pact of hate instead: whoever destroys the other's last card wins."""
    if stage == "":
        if bipolar(s, seat):
            s.ask(prompt(s, seat, "modo", (NORMAL, OPPOSITE), args={"power": "pacto-de-sangre"}, suffix="-pacto"))
        else:
            s.agenda.appendleft(("act", "pacto-de-sangre", seat, card, origin, NORMAL))
        return
    if stage.startswith("richard:"):
        s.ask(prompt(s, seat, "pacto-richard", ("despertar",), skippable=True))
        return
    players = s.seats_in_game()
    if len(players) >= 2:
        s.ask(prompt(s, seat, "pacto-de-sangre", s.ids(players), min=2, max=2, args={"mode": stage}))


def pact_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if stage == "":
        s.agenda.appendleft(("act", "pacto-de-sangre", seat, card, origin, chosen[0]))
        return
    if stage.startswith("richard:"):
        _, first, second, bond, maker = stage.split(":")
        one, other = int(first), int(second)
        if chosen:
            _bind(s, one, other, bond, int(maker))
        else:
            s.emit("pacto-incompleto", _me(s, other if seat == one else one))
        return
    s.used[card] = True
    a, b = sorted(s.index[p] for p in chosen)
    kind = "normal" if stage == NORMAL else "odio"
    s.emit("pacto-hecho", _me(s, seat), players=list(chosen), bond=kind)
    for member in (a, b):
        if any(KIND_OF[c] == "richard-dadd" and card_side(s, c) == MUTINEERS for c in s.board[member]):
            # FAQ 2: Richard Dadd may stay asleep, and then the bond is not made.
            s.agenda.appendleft(("act", "pacto-de-sangre", member, card, OWN, f"richard:{a}:{b}:{kind}:{seat}"))
            return
    _bind(s, a, b, kind, seat)


def _bind(s: BethlemState, a: int, b: int, kind: str, maker: int) -> None:
    s.blood_pact.bound = (a, b, kind)
    s.blood_pact.maker = maker
    s.emit("pacto", _me(s, a), player=s.players[b], bond=kind)
    s.emit("pacto", _me(s, b), player=s.players[a], bond=kind)


# --- Compañeros de celda (first night) ----------------------------------------------------------------------


def cellmates_handler(game, s: BethlemState) -> None:
    """Compañeros de celda: on the first night the cellmates meet."""
    _meet(s, s.find("companeros-de-celda"), "companeros-de-celda")


# --- Muerte dulce 2 -----------------------------------------------------------------------------------------


def sweet_2_handler(game, s: BethlemState) -> None:
    """Muerte dulce 2: if tonight's markers hit the card the exchange protects, they move to the other card;
    at the end of the second night the exchange closes, and whoever was not attacked pays (section 6, 8, 9)."""
    sweet = s.sweet
    if sweet is None or not sweet.open:
        return
    card, chosen = sweet.card, sweet.chosen
    if not s.alive.get(card) or not s.alive.get(chosen):
        sweet.open = False
        return
    normal = sweet.mode == NORMAL
    source, target = (card, chosen) if normal else (chosen, card)
    if s.passive(card) and remove_attacks(s, source):
        sweet.open = False
        attack(s, target, "muerte-dulce", (s.holder(card),), INDIRECT)
        s.emit("muerte-dulce-cambio", NARRATOR_ONLY, card=source, other=target)
        return
    if s.round < sweet.round + 1:
        return
    sweet.open = False
    if sweet.awake_mode or not s.passive(card):
        return
    if normal and not sweet.chosen_hit and not sweet.card_hit:
        attack(s, card, "muerte-dulce", (), INDIRECT)
    elif not normal and not sweet.card_hit and not sweet.chosen_hit:
        attack(s, chosen, "muerte-dulce", (s.holder(card),), INDIRECT)


# --- El cataléptico -----------------------------------------------------------------------------------------


def cataleptic_handler(game, s: BethlemState) -> None:
    """El cataléptico: the first time it is killed at night it gets up in its turn as if nothing happened (with
    the opposite, the first time it is killed by day, in the next night's turn). Awakened, it also kills a
    card."""
    for card in s.found("el-cataleptico"):
        seat = s.holder(card)
        if s.out[seat] or s.melancholy.blocked.get(card) == s.round or s.isolated.get(card) == s.round:
            continue
        if s.alive[card]:
            if not any(a[0] == card and not a[3] & (INEVITABLE | LEPER) for a in s.attacks):
                continue
            usable = [m for m in modes(s, seat, card) if m in (NORMAL, AWAKE)]
        elif s.cataleptic_day.get(card) == s.round - 1:
            usable = [m for m in modes(s, seat, card, dead_ok=True) if m in (OPPOSITE, AWAKE_OPPOSITE)]
        else:
            continue
        if len(usable) > 1:
            s.agenda.appendleft(("act", "el-cataleptico", seat, card, OWN, ""))
        elif usable:
            _cataleptic_use(s, seat, card, usable[0])


def _cataleptic_use(s: BethlemState, seat: int, card: str, mode: str) -> None:
    spend_power(s, card, mode)
    if s.alive[card]:
        remove_attacks(s, card)
    else:
        revive(s, card, "el-cataleptico")
    s.emit("cataleptico", _me(s, seat), mode=mode)
    if mode in (AWAKE, AWAKE_OPPOSITE):
        s.agenda.appendleft(("act", "el-cataleptico", seat, card, OWN, "matar"))


def cataleptic_ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "matar":
        cards = _kill_targets(s, seat)
        if cards:
            s.ask(prompt(s, seat, "el-cataleptico", options(s, cards), skippable=True))
        return
    usable = [m for m in modes(s, seat, card, dead_ok=True)]
    s.ask(prompt(s, seat, "modo", usable, args={"power": "el-cataleptico"}, suffix="-el-cataleptico"))


def cataleptic_answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    if stage == "matar":
        if chosen:
            attack(s, s.card_at(chosen[0]), "el-cataleptico", (seat,))
        return
    _cataleptic_use(s, seat, card, chosen[0])


# --- Juego de azar ------------------------------------------------------------------------------------------


def gambling_handler(game, s: BethlemState) -> None:
    """Juego de azar: each token placed on an earlier round moves on (the player holding the card under it puts
    it on a card of the next player to the left — to the right with the opposite); then the card's holder may
    place one, once (FAQ 15.7: two tokens at most, when a borrowed use placed another)."""
    later: list[AgendaStep] = [("token", i) for i, token in enumerate(s.tokens) if token[2] < s.round]
    for card in s.found("juego-de-azar"):
        usable = any(m in (NORMAL, OPPOSITE) for m in modes(s, s.holder(card), card))
        if s.can_act(card) and len(s.tokens) < MAX_TOKENS and usable:
            later.append(("act", "juego-de-azar", s.holder(card), card, OWN, ""))
    s.agenda.extendleft(reversed(later))


#: FAQ 15.7 (``characters.MAX_SAME``): two gambling tokens at most.
MAX_TOKENS = 2


def token_step(game, s: BethlemState, i: int = 0) -> None:
    card, direction, _ = s.tokens[i]
    holder = s.holder(card)
    nxt = s.left_of(holder, direction)
    if nxt is None:
        return
    cards = s.living_cards(nxt)
    if not cards:
        return
    if s.out[holder]:
        _move_token(s, i, s.rng.choice(cards))
        return
    s.ask(prompt(s, holder, "juego-de-azar-ficha", options(s, cards)))


def token_answer(game, s: BethlemState, answers, i: int = 0) -> None:
    _, chosen = answer_of(answers)
    _move_token(s, i, s.card_at(chosen[0]))


def _move_token(s: BethlemState, i: int, card: str) -> None:
    direction = s.tokens[i][1]
    s.tokens[i] = (card, direction, s.round)
    s.emit("ficha", None, target=s.option(card), direction=direction)


electroshock = _use("terapia-electroshock")
opium = _use("terapia-opio-y-barbituricos")
lobotomy = _use("terapia-lobotomia")
gambling = _use("juego-de-azar")
sweet_death = _use("muerte-dulce")

POWERS = {
    "pacto-de-sangre": (pact_ask, pact_answer),
    "terapia-electroshock": electroshock,
    "terapia-opio-y-barbituricos": opium,
    "terapia-lobotomia": lobotomy,
    "profeta": (prophet_ask, prophet_answer),
    "muerte-dulce": sweet_death,
    "juego-de-azar": gambling,
    "el-cataleptico": (cataleptic_ask, cataleptic_answer),
}
HANDLERS = {
    "pacto-de-sangre": pact_handler,
    "companeros-de-celda": cellmates_handler,
    "muerte-dulce-2": sweet_2_handler,
    "el-cataleptico": cataleptic_handler,
    "juego-de-azar": gambling_handler,
}
STEPS: dict[str, Step] = {"token": token_step}
ANSWERS: dict[str, Step] = {"token": token_answer}
