"""La noche (sections 4 and 7): dusk, the 27 turns of ``data/noche.toml`` in order, and dawn.

The narrator calls *cards*, never players: each turn wakes whoever can use that card's power (its holder, the
director who borrowed it, a player hypnotised with it), one after the other. The mutineers' attack is one
simultaneous vote that needs unanimity, as the wolves' does, with a few rounds to agree.
"""

from __future__ import annotations

from velada.core.protocol import CALL, Event
from velada.games.bethlem import powers
from velada.games.bethlem.cards import GROUP_OF, KIND_OF, MUTINEER_CARDS, NIGHT_STEP, NightStep
from velada.games.bethlem.common import (
    DIRECTOR,
    OWN,
    actors,
    answer_of,
    can_rise,
    living_but,
    not_against,
    options,
    prompt,
    woke,
)
from velada.games.bethlem.cuentacuentos import questions_handler
from velada.games.bethlem.deaths import attack, resolve
from velada.games.bethlem.happenings import second_attack
from velada.games.bethlem.hooks import BOOK_MODE, NIGHT, Handler, Step
from velada.games.bethlem.state import AgendaStep, BethlemState

SPY = "espiar"


def dusk_step(game, s: BethlemState) -> None:
    """Night falls: the round's markers are cleared, deaths delayed to this round are placed again."""
    s.phase = "noche"
    s.emit_data("noche", None, {"n": s.round})
    s.mary.block = []
    s.mary.impersonators = []
    s.protections = []
    s.hypnosis = []
    s.director.card = None
    s.flick.accused = []
    s.reaper.marks = []
    s.reaper.obeyed = False
    s.archive.shields = []
    s.larry_show = []
    s.pack = []
    s.borrowed = []
    s.ali.turn = None
    s.neuroticism.vote = None
    s.banned = None
    s.amnesia.today = None
    if s.settings.hooks.dusks:  # an empty loop still costs an iterator
        for hook in s.settings.hooks.dusks:
            hook(game, s)
    due = [a for r, a in s.delayed if r <= s.round]
    s.delayed = [(r, a) for r, a in s.delayed if r > s.round]
    for a in due:
        attack(s, *a)
    if s.reaper.night == s.round:
        s.emit("la-parca-noche", None)
    s.agenda.appendleft(("ali-plan",))


def ali_plan_step(game, s: BethlemState) -> None:
    """Ali "la muda", once per game: she may open her eyes in the turn of one principal or secondary character
    (not the Siamesas) to see who wakes. The table asks her at dusk which turn, if any, she will watch tonight."""
    for ali in s.found("ali-la-muda"):
        if s.ali.spent or not s.can_act(ali):
            continue
        kinds = []
        for card in s.cards_in_play():
            kind = KIND_OF[card]
            if GROUP_OF[card] in ("P1", "P2") and kind not in ("siamesas", "ali-la-muda") and kind not in kinds:
                kinds.append(kind)
        if kinds:
            s.ask(prompt(s, s.holder(ali), "ali-la-muda-turno", kinds, skippable=True))


def ali_plan_answer(game, s: BethlemState, answers) -> None:
    player, chosen = answer_of(answers)
    if chosen:
        s.ali.turn = chosen[0]
        s.ali.spent = True
        s.emit("ali-turno", frozenset((player,)), power=chosen[0])


def night_step(game, s: BethlemState, step_id: str) -> None:
    """One turn of the night: skipped when not due this round; otherwise its handler decides who wakes."""
    step, handler, has_power, call = TURNS[step_id]
    # Most turns come every night: their dates need no look.
    if step.when != "siempre" and not step.due(s.round):
        return
    kind = step.card
    cards = s.found(kind) if kind else ()
    if cards or step.called:
        # The narrator calls every card on the table when its turn comes, dead or alive, whoever holds it (and
        # the mutineers every night): the live table paces each call, so the room cannot tell which cards
        # still act. The call is logged as the one event ``TURNS`` keeps for the turn.
        s.log.append(call)
    if handler is not None:
        handler(game, s)
        return
    if not has_power:
        # A card with no power implemented (a custom character still to come) is a plain life card.
        return
    users = actors(s, kind, cards)
    if not users:
        return
    if len(users) > 1:  # most turns wake one player: no slice to walk backwards
        for seat, card, origin in reversed(users[1:]):
            s.agenda.appendleft(("act", step_id, seat, card, origin, ""))
    # The first user's step runs now, as the agenda would run it next (nothing was opened): one step less through
    # the agenda's loop for most turns, which wake one player.
    seat, card, origin = users[0]
    s.step = ("act", step_id, seat, card, origin, "")
    act_step(game, s, step_id, seat, card, origin, "")


def act_step(game, s: BethlemState, power: str, seat: int, card: str, origin: str, stage: str) -> None:
    """A player uses a power: its first stage wakes them (Ali may be watching)."""
    # Nobody can see who wakes while no turn is watched and no card is awake (``woke``'s own first look).
    if stage == "" and s.phase == "noche" and (s.ali.turn is not None or s.awake):
        woke(s, NIGHT_STEP[power].card if power in NIGHT_STEP else "eventos-noche", seat)
    powers.POWERS[power][0](game, s, seat, card, origin, stage)


def act_answer(game, s: BethlemState, answers, power: str, seat: int, card: str, origin: str, stage: str) -> None:
    if origin == OWN and card and any(answers.values()):
        s.acted[card] = s.round
    powers.POWERS[power][1](game, s, answers, seat, card, origin, stage)


# --- the mutineers --------------------------------------------------------------------------------------


def pack(s: BethlemState) -> list[int]:
    """The players who wake in the mutineers' turn (the mode's rule: ``hooks.ModeRules.pack``)."""
    return s.settings.hooks.rules.pack(s)


def book_pack(s: BethlemState) -> list[int]:
    """The book's mutineers' turn: one per player holding a mutineer card that can rise, and Mary Firth
    in the place of a mutineer she unmasked, if she chose to."""
    seats: list[int] = []
    for row in s.board:  # the cards in play, in table order, without building their list
        for card in row:
            if GROUP_OF[card] == "P1" and can_rise(s, card):
                seat = s.holder(card)
                if seat not in seats:
                    seats.append(seat)
    for seat in s.mary.impersonators:
        if seat not in seats and not s.out[seat]:
            seats.append(seat)
    return sorted(seats)


def mutineers_handler(game, s: BethlemState) -> None:
    """Amotinados: the mutineers wake together and see one another. With custom cards, on the first night the
    Traidor first chooses whether to rise with them (``ModeRules.before_mutiny``)."""
    if s.reaper.night == s.round:
        return
    rules = s.settings.hooks.rules
    if rules.before_mutiny is not None and rules.before_mutiny(s):
        return
    members = rules.pack(s)
    if s.settings.hooks.mutiny:
        later: list[AgendaStep] = []
        for hook in s.settings.hooks.mutiny:
            members, steps = hook(s, members)
            later.extend(steps)
        s.agenda.extendleft(reversed(later))
    s.pack = members
    if not members:
        return
    for seat in members:
        woke(s, "amotinados", seat)
    s.emit("amotinados", s.audience(members), players=list(s.ids(members)))
    if s.happen is not None and second_attack(s):
        # Hora de la siesta (an acontecimiento: custom cards only): a second attack, voted like the first.
        s.agenda.appendleft(("mutineers", 1, 2))
    s.agenda.appendleft(("mutineers", 1))


def _targets(s: BethlemState, members: list[int]) -> dict[int, tuple[str, ...]]:
    """Each member's targets: the living cards outside the pack, the same for every member but those El archivo
    shields from some of them (read and written once, not once per member)."""
    pack = s.pack
    cards = living_but(s, pack, exclude_isolated=True)
    every = None
    out = {}
    for seat in members:
        mine = not_against(s, seat, cards)
        if mine is not cards:
            out[seat] = options(s, mine)
            continue
        if every is None:
            every = options(s, cards)
        out[seat] = every
    return out


def mutineers_step(game, s: BethlemState, round_: int, attack_n: int = 1) -> None:
    """Every mutineer points at a card of a player who is not among them; only a unanimous choice kills. Without
    agreement they try again, up to the table's number of rounds. In the first round Ali may spy on them."""
    members = [m for m in s.pack if not s.out[m]]
    if not members:
        return
    kind = "amotinados"
    # "-ronda-N", not "-N": "amotinados-2" is Daniel's attack alone, another prompt of the same night.
    suffix = ("" if round_ == 1 else f"-ronda-{round_}") + ("" if attack_n == 1 else f"-ataque-{attack_n}")
    opened = False
    targets_of = _targets(s, members)
    for seat in members:
        targets = targets_of[seat]
        if targets:
            s.ask(prompt(s, seat, kind, targets, skippable=True, args={"round": round_}, suffix=suffix))
            opened = True
    if not opened:
        return
    if round_ == 1:
        spies = [s.holder(ali) for ali in s.found("ali-la-muda") if s.can_act(ali) and not s.awake.get(ali)]
        borrowed = s.director.card
        if borrowed is not None and KIND_OF[borrowed] == "ali-la-muda":
            # The director who took a dead Ali's power spies as she would (section 6, Krugman).
            spies += [s.holder(k) for k in s.found("krugman") if s.can_act(k)]
        for seat in dict.fromkeys(spies):
            if seat not in members:
                s.ask(prompt(s, seat, "ali-la-muda", (SPY,), skippable=True))


def mutineers_answer(game, s: BethlemState, answers, round_: int, attack_n: int = 1) -> None:
    members = s.pack
    audience = s.audience(members)
    rose = s.settings.hooks.rules.rose
    votes: dict[str, str | None] = {}
    for (player, _), chosen in answers.items():
        seat = s.index[player]
        if seat in members:
            votes[player] = chosen[0] if chosen else None
            if chosen and rose is not None:
                rose(s, seat)
        elif chosen:
            _ali_spies(s, seat, members, audience)
    targets = set(votes.values())
    target = next(iter(targets)) if len(targets) == 1 else None
    if target is not None:
        attack(s, s.card_at(target), "amotinados", tuple(members))
        s.emit("victima", audience, target=target, votes=votes)
    elif round_ < s.settings.mutineer_rounds:
        s.emit("votos-amotinados", audience, votes=votes, round=round_)
        s.agenda.appendleft(("mutineers", round_ + 1, attack_n))
        return
    else:
        s.emit("sin-acuerdo", audience, votes=votes)
    _after_attack(s)


def _after_attack(s: BethlemState) -> None:
    """After the group's attack: Nathaniel's awakening, then the director alone if he borrowed a mutineer."""
    later: list[AgendaStep] = []
    for card in s.found("nathaniel"):
        if s.awake.get(card) and not s.awake_used.get(card) and can_rise(s, card) and s.holder(card) in s.pack:
            later.append(("act", "nathaniel", s.holder(card), card, OWN, ""))
    borrowed = s.director.card
    if borrowed is not None and KIND_OF[borrowed] in MUTINEER_CARDS:
        for krugman in s.found("krugman"):
            if s.can_act(krugman):
                later.append(("act", "director-amotinado", s.holder(krugman), borrowed, DIRECTOR, ""))
    s.agenda.extendleft(reversed(later))


def _ali_spies(s: BethlemState, seat: int, members: list[int], audience) -> None:
    """Ali spies on the mutineers: she sees who they are, but with the table's risk they see her too (and
    will come for her)."""
    player = s.players[seat]
    s.ali.sightings.append((seat, "amotinados", tuple(members)))
    s.emit("ali-espia", frozenset((player,)), players=list(s.ids(members)))
    if s.rng.randrange(100) < s.settings.ali_risk:
        for member in members:
            s.records.append((member, "ali-descubierta", {"player": player}))
        s.emit("ali-descubierta", audience, player=player)
        s.emit("descubierta", frozenset((player,)))


def dawn_step(game, s: BethlemState) -> None:
    """Dawn: awakened Larry Owls shows everyone the card he saw, then the night's deaths are resolved and
    shown (Wakerfield may swap before a card is shown)."""
    s.emit_data("amanece", None, {"n": s.round})
    if s.ali.turn is not None:
        # Ali watched a turn in which nobody woke.
        for ali in s.found("ali-la-muda"):
            s.ali.sightings.append((s.holder(ali), s.ali.turn, ()))
            s.emit("ali-nadie", frozenset((s.players[s.holder(ali)],)), power=s.ali.turn)
        s.ali.turn = None
    for _seat, card in s.larry_show:
        if s.alive.get(card):
            s.public[card] = True
            # Showing it says aloud that an awakened Larry acts: the views keep that, as any announced awakening.
            s.awakenings_announced.append("larry-owls")
            s.emit(
                "revela",
                None,
                player=s.players[s.holder(card)],
                position=s.where[card][1] + 1,
                card=card,
                power="larry-owls",
            )
    attacks, s.attacks = s.attacks, []
    resolve(s, attacks, "noche")


LOCAL_HANDLERS = {"amotinados": mutineers_handler, "preguntas": questions_handler}
#: Each turn of either night with its own handler, if any, whether its card has a power to use, and its call as
#: the event logged: looked up once here rather than in three tables at every turn (the tables are complete once
#: their modules are imported). A call says the same in every game and night, and an event is never changed once
#: logged (``fork`` shares them too), so each is made once: made at each of a game's ~150 calls, with its data
#: dict, it cost ~4% of a game's CPU time (docs/performance.md).
TURNS: dict[str, tuple[NightStep, Handler | None, bool, Event]] = {
    step_id: (
        step,
        LOCAL_HANDLERS.get(step_id) or powers.HANDLERS.get(step_id),
        step_id in powers.POWERS,
        Event(CALL, {"call": step_id, "card": step.card}, None),
    )
    for step_id, step in NIGHT_STEP.items()
}
# The characters below that use another card's power in their own turn read the whole night through the hooks.
NIGHT.powers, NIGHT.handlers, NIGHT.local_handlers = powers.POWERS, powers.HANDLERS, LOCAL_HANDLERS
BOOK_MODE.pack = book_pack

STEPS: dict[str, Step] = {
    "dusk": dusk_step,
    "ali-plan": ali_plan_step,
    "night": night_step,
    "act": act_step,
    "mutineers": mutineers_step,
    "dawn": dawn_step,
}
ANSWERS: dict[str, Step] = {
    "ali-plan": ali_plan_answer,
    "act": act_answer,
    "mutineers": mutineers_answer,
}
