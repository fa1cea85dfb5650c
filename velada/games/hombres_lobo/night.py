"""La noche: the calls in the rulebook's order — Vidente, the wolves (with the Niña spying), the Bruja —
then dawn, when the night's dead are announced with their cards."""

from __future__ import annotations

import functools

from velada.core.protocol import CALL, NARRATOR_ONLY, Event, Prompt
from velada.games.hombres_lobo.deaths import die
from velada.games.hombres_lobo.ending import draw_by_limit, finish
from velada.games.hombres_lobo.state import WerewolfState, fact
from velada.games.hombres_lobo.theme import LITTLE_GIRL, SEER, SPECIALS, WITCH, WOLF, Theme

SPY = "espiar"
SAVE = "salvar"

#: The data of the events that say nothing more ("no victim", "no deaths"): one dict for every game, as ``fact``.
NOTHING: dict[str, str] = {}

# The events that say the same in every game (a power's call, night n falls, day n breaks, nobody died) are one
# object each, appended to the log as they are: an event is never changed once logged (``fork`` shares them
# too), and making one (``emit_data``: a call, a new object, its three fields) was ~70 of a game's ~140 events.
NO_DEATHS = Event("sin-muertes", NOTHING, None)


@functools.cache
def day_event(kind: str, n: int) -> Event:
    """The event "night ``n`` falls" (``noche``) or "day ``n`` breaks" (``dia``), made once for every game."""
    return Event(kind, fact("n", n), None)


def dusk_step(theme: Theme, s: WerewolfState) -> None:
    """Night falls. On the first night the wolves open their eyes together and learn who the pack is."""
    s.day += 1
    if s.day > s.settings.day_limit:
        finish(theme, s, draw_by_limit(theme, s))
        return
    s.phase = "noche"
    s.victim = None
    s.victim_cause = "lobos"
    s.saved = False
    s.poisoned = None
    s.log.append(day_event("noche", s.day))
    if not s.wolves_met:
        s.wolves_met = True
        wolves = s.seats(WOLF)
        for w in wolves:
            for other in wolves:
                s.known[w][other] = s.roles[other]
        s.emit("manada", s.audience(wolves), players=list(s.ids(wolves)))


#: Each power's call (``{"call": power}``), as ``fact`` makes it, looked up without ``fact``'s hashing of its
#: arguments: three calls a night, ~60 ns each (``timeit``).
CALLS: dict[str, dict[str, str]] = {power: fact("call", power) for power in (WOLF, *SPECIALS)}
#: Each power's call as the event logged, one for every game and night.
CALL_EVENTS: dict[str, Event] = {power: Event(CALL, data, None) for power, data in CALLS.items()}


def call(theme: Theme, s: WerewolfState, power: str) -> None:
    """The narrator calls a power whose card is in the game — alive or dead, dealt or among the spare cards — so
    that the room hears the same calls every night whoever holds them (the live table paces each call)."""
    if power in s.powers_in_game:
        s.log.append(CALL_EVENTS[power])


def seer_step(theme: Theme, s: WerewolfState) -> None:
    """Vidente: picks a player and is shown that player's card."""
    call(theme, s, SEER)
    # Opened by ``ask_seats`` (one option of the other living players, may skip), not by calling ``Prompt``:
    # ~0.9 k instructions less a call. Her options are never empty: alone alive, the game would be over.
    seats = s.seats(SEER)
    if seats:
        kind = theme.kinds["seer"]
        s.ask_seats(f"n{s.day}:{kind}", kind, seats, s.others(), True)


def seer_resolve(theme: Theme, s: WerewolfState, answers) -> None:
    for (player, _), chosen in answers.items():
        if chosen:
            seer, target = s.index[player], s.index[chosen[0]]
            s.known[seer][target] = s.roles[target]
            s.emit_data("vision", s.alone[seer], {"player": chosen[0], "role": s.roles[target]})


def wolves_step(theme: Theme, s: WerewolfState, round_: int) -> None:
    """Hombres lobo: every living wolf points at a victim; only a unanimous choice kills. A wolf may not be
    chosen. Without agreement they try again, up to the table's number of rounds (the book's "limited time").
    On the first round the Niña may open her eyes."""
    players = s.players
    if round_ == 1:
        call(theme, s, WOLF)
        # Nobody dies during the night: tonight's pack and prey are those of every round, and of every night
        # until somebody dies (``living()`` is then another tuple).
        living = s.living()
        if living is not s.pack_of:
            powers = s.powers
            pack: list[int] = []
            others: list[str] = []
            for i in living:
                if powers[i] == WOLF:
                    pack.append(i)
                else:
                    others.append(players[i])
            s.pack, s.prey, s.pack_audience, s.pack_of = pack, tuple(others), s.audience(pack), living
    wolves, prey = s.pack, s.prey
    if not wolves or not prey:
        return
    kind = theme.kinds["wolves"]
    pid = f"n{s.day}:{kind}" if round_ == 1 else f"n{s.day}:{kind}-{round_}"
    s.ask_seats(pid, kind, wolves, [prey] * len(players), True, fact("round", round_))
    # Whether her card is in the game first: most tables have no seat to look for.
    if round_ == 1 and LITTLE_GIRL in s.powers_in_game:
        for girl in s.seats(LITTLE_GIRL):
            girl_kind = theme.kinds["little_girl"]
            s.ask(Prompt(f"n{s.day}:{girl_kind}", players[girl], girl_kind, (SPY,), 1, 1, True))


def wolves_resolve(theme: Theme, s: WerewolfState, answers, round_: int) -> None:
    wolves, pack = s.pack, s.pack_audience
    votes: dict[str, str | None] = {}
    spied: list[int] = []
    for (player, _), chosen in answers.items():
        if player in pack:
            votes[player] = chosen[0] if chosen else None
        elif chosen:
            spied.append(s.index[player])
    for girl in spied:
        if _little_girl_spies(theme, s, girl, wolves, pack):
            return
    # Unanimity: every vote equal to the first (no set built and read back).
    cast = list(votes.values())
    target = cast[0] if cast and cast.count(cast[0]) == len(cast) else None
    if target is not None:
        s.victim = s.index[target]
        s.emit_data("victima", pack, {"player": target, "votes": votes})
    elif round_ < s.settings.wolf_rounds:
        s.emit("votos-lobos", pack, votes=votes, round=round_)
        s.agenda.appendleft(("wolves", round_ + 1))
    else:
        s.emit_data("sin-acuerdo", pack, {"votes": votes})


def _little_girl_spies(theme: Theme, s: WerewolfState, girl: int, wolves: list[int], pack: frozenset[str]) -> bool:
    """Niña: peeking is a gamble. With the table's risk (percent) the wolves catch her and she becomes the
    night's victim instead of anybody they chose; otherwise she glimpses one wolf, one she had not seen yet
    if there is one. Returns whether she was caught."""
    player = s.players[girl]
    if s.rng.randrange(100) < s.settings.little_girl_risk:
        s.victim = girl
        s.victim_cause = "nina-descubierta"
        for w in wolves:
            s.known[w][girl] = s.roles[girl]
        s.emit("nina-descubierta", pack, player=player)
        s.emit("descubierta", s.alone[girl])
        return True
    unseen = [w for w in wolves if w not in s.known[girl]]
    seen = s.rng.choice(unseen or wolves)
    s.known[girl][seen] = s.roles[seen]
    s.emit("espionaje", s.alone[girl], player=s.players[seen], role=s.roles[seen])
    return False


def witch_step(theme: Theme, s: WerewolfState) -> None:
    """Bruja: while she still has the potion of life she is shown the victim (if any) and may save them,
    herself included; then she may spend the potion of death on another player. Each potion is used once."""
    call(theme, s, WITCH)
    for seat in s.seats(WITCH):
        player = s.players[seat]
        if s.life_potion:
            if s.victim is not None:
                victim = s.players[s.victim]
                s.emit_data("victima-bruja", s.alone[seat], {"player": victim})
                kind = theme.kinds["witch_life"]
                s.ask(Prompt(f"n{s.day}:{kind}", player, kind, (SAVE,), skippable=True, args={"victim": victim}))
                return
            s.emit_data("sin-victima", s.alone[seat], NOTHING)
        s.agenda.appendleft(("witch_death",))


def witch_life_resolve(theme: Theme, s: WerewolfState, answers) -> None:
    (chosen,) = answers.values()
    if chosen:
        victim = s.victim
        assert victim is not None, "the potion of life is offered for the wolves' victim"
        s.saved = True
        s.life_potion = False
        s.emit("pocion-vida", NARRATOR_ONLY, player=s.players[victim])
    s.agenda.appendleft(("witch_death",))


def witch_death_step(theme: Theme, s: WerewolfState) -> None:
    if not s.death_potion:
        return
    # As the Vidente's call: ``ask_seats`` rather than ``Prompt``, the same prompt.
    seats = s.seats(WITCH)
    if seats:
        kind = theme.kinds["witch_death"]
        s.ask_seats(f"n{s.day}:{kind}", kind, seats, s.others(), True)


def witch_death_resolve(theme: Theme, s: WerewolfState, answers) -> None:
    (chosen,) = answers.values()
    if chosen:
        s.poisoned = s.index[chosen[0]]
        s.death_potion = False
        s.emit("pocion-muerte", NARRATOR_ONLY, player=chosen[0])


def dawn_step(theme: Theme, s: WerewolfState) -> None:
    """Day breaks: the narrator names the night's dead, each revealing the card, in seat order — naming the
    wolves' victim first would tell the table which death was the Bruja's potion."""
    s.phase = "dia"
    s.log.append(day_event("dia", s.day))
    deaths: list[tuple[int, str]] = []
    if s.victim is not None and not s.saved:
        deaths.append((s.victim, s.victim_cause))
    if s.poisoned is not None and (not deaths or deaths[0][0] != s.poisoned):
        deaths.append((s.poisoned, "pocion"))
    if not deaths:
        s.log.append(NO_DEATHS)
        return
    die(theme, s, sorted(deaths))
