"""El día (section 4): the deaths are shown (``night.dawn_step``), day powers, then the lynching and the
losing player's event.

**The lynching.** Everybody who may vote points at a player at once; the most voted player's accusers then
vote on one of his cards, and the most voted card dies. A tie in either vote kills nothing. Modifiers:
Responsabilidad's vote counts double; Hostilidad bans one voter; John Flick's accused card counts one more
vote (for its player, then for itself); Neuroticismo's puppet votes as told on even rounds; a lobotomised
player and those Ali "la muda" punished do not vote. In the 2- and 3-player modes one side lynches on odd
rounds, the other on even ones.
"""

from __future__ import annotations

from velada.games.bethlem import happenings
from velada.games.bethlem.awakening import awaken_last_cards
from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.characters import reaper_round_end
from velada.games.bethlem.common import (
    AWAKE,
    AWAKE_OPPOSITE,
    DIRECTOR,
    HYPNOSIS,
    NORMAL,
    OPPOSITE,
    OWN,
    announce_awakening,
    answer_of,
    awake_power,
    cycle_allowed,
    cycle_note,
    modes,
    prompt,
    spend_power,
)
from velada.games.bethlem.deaths import resolve, revive
from velada.games.bethlem.events import prophecy_expires
from velada.games.bethlem.happenings import in_force
from velada.games.bethlem.hooks import HOOKS, VOTE, Step, silenced
from velada.games.bethlem.state import AmnesiaUse, BethlemState, Lynching

#: Personalities that act by day: shown to everybody after the first night (section 4).
DAY_PERSONALITIES = ("responsabilidad", "hostilidad", "bipolaridad")


def day_step(game, s: BethlemState) -> None:
    """The day begins: after the first night the day personalities are turned face up; John Flick's accusations
    are on the table."""
    s.phase = "dia"
    s.emit("dia", None, n=s.round)
    if s.round == 1:
        for seat, card in enumerate(s.persona):
            if card in DAY_PERSONALITIES and not s.persona_public[seat]:
                s.persona_public[seat] = True
                s.emit("personalidad", None, player=s.players[seat], card=card)
    for card in s.flick.accused:
        if s.alive.get(card):
            s.flick.accusations.append((s.round, s.option(card)))
            s.emit("acusacion", None, target=s.option(card))


# --- Hostilidad -----------------------------------------------------------------------------------------


def hostility_step(game, s: BethlemState) -> None:
    """Hostilidad: every day its holder may ban a player from voting, not the same one again until every other
    player was banned."""
    seat = s.persona_seat("hostilidad")
    if seat is None:
        return
    others = [p for p in s.seats_in_game() if p != seat]
    allowed = cycle_allowed(s, "hostilidad", seat, others)
    if allowed:
        s.ask(prompt(s, seat, "hostilidad", s.ids(allowed), skippable=True))


def hostility_answer(game, s: BethlemState, answers) -> None:
    player, chosen = answer_of(answers)
    if chosen:
        seat = s.index[player]
        target = s.index[chosen[0]]
        s.banned = target
        cycle_note(s, "hostilidad", seat, target, [p for p in s.seats_in_game() if p != seat])
        s.emit("sancion", None, player=chosen[0])


# --- Amnesia ------------------------------------------------------------------------------------------------


def _amnesia_users(s: BethlemState) -> list[tuple[int, str, str]]:
    users = []
    for card in s.found("amnesia"):
        seat = s.holder(card)
        if s.can_act(card) and modes(s, seat, card):
            users.append((seat, card, OWN))
    borrowed = s.director.card
    if borrowed is not None and KIND_OF[borrowed] == "amnesia":
        for krugman in s.found("krugman"):
            if s.can_act(krugman):
                users.append((s.holder(krugman), borrowed, DIRECTOR))
    for seat, power in s.hypnosis:
        if power == "amnesia" and not s.out[seat]:
            users.append((seat, "", HYPNOSIS))
    return users


def amnesia_step(game, s: BethlemState, k: int = 0) -> None:
    """Amnesia, before the lynching: its holder (then the director who borrowed it, then a player hypnotised
    with it) may ask for a second lynching today, saying aloud they hold Amnesia. One Amnesia a day."""
    if s.amnesia.today is not None and s.amnesia.today.mode is not None:
        return
    users = _amnesia_users(s)
    if k >= len(users):
        s.amnesia.today = None
        return
    seat, card, origin = users[k]
    s.amnesia.today = AmnesiaUse(seat, card, origin, k)
    if origin == OWN:
        usable = modes(s, seat, card)
    elif origin == DIRECTOR and awake_power(s, card, origin):
        usable = [NORMAL, AWAKE]
    else:
        usable = [NORMAL]
    s.ask(prompt(s, seat, "amnesia", usable, skippable=True))


def amnesia_answer(game, s: BethlemState, answers, k: int = 0) -> None:
    """Normal: a second lynching. Opposite: today's lynching is cancelled. Awakened: the holder names the player
    who loses a card and only the card is voted. Awakened opposite: a second lynching among dead cards, and the
    chosen card comes back. Whoever is left with one card by the first lynching awakens only after the second."""
    player, chosen = answer_of(answers)
    am = s.amnesia.today
    assert am is not None  # asked by amnesia_step, which sets it
    if not chosen:
        s.agenda.appendleft(("amnesia", am.k + 1))
        return
    mode = chosen[0]
    if am.origin == OWN:
        spend_power(s, am.card, mode)
    am.mode = mode
    s.emit("amnesia", None, player=player, mode=mode)
    if mode == OPPOSITE:
        return
    s.amnesia.waiting = list(range(len(s.players)))
    i = s.agenda.index(("vote", 1))
    s.agenda.insert(i + 1, ("vote", 2))
    s.agenda.insert(i + 2, ("unlock",))
    if mode == AWAKE:
        s.agenda.appendleft(("amnesia-target",))


def amnesia_target_step(game, s: BethlemState) -> None:
    assert s.amnesia.today is not None  # queued by amnesia_answer
    seat = s.amnesia.today.seat
    players = s.seats_holding_cards()
    if players:
        s.ask(prompt(s, seat, "amnesia-jugador", s.ids(players)))


def amnesia_target_answer(game, s: BethlemState, answers) -> None:
    _, chosen = answer_of(answers)
    assert s.amnesia.today is not None  # asked by amnesia_target_step
    s.amnesia.today.player = s.index[chosen[0]]
    s.emit("amnesia-jugador", None, player=chosen[0])


def unlock_step(game, s: BethlemState) -> None:
    s.amnesia.waiting = []
    awaken_last_cards(s)


# --- the lynching ---------------------------------------------------------------------------------------------


def voters(s: BethlemState) -> list[int]:
    """Who may vote today."""
    out = []
    sides = s.lobotomy.sides
    for seat in s.seats_in_game():
        if s.banned == seat or s.ali.no_vote.get(seat):
            continue
        if s.custom and _vote_silenced(s, seat):
            continue
        # Most games see no lobotomy: then no card of the row need be looked at.
        if sides and any(sides.get(c) and not s.lobotomy.keeps_vote.get(c) for c in s.board[seat]):
            continue
        if s.settings.mode != "normal" and not lynches_today(s, seat):
            continue
        out.append(seat)
    return out


def _vote_silenced(s: BethlemState, seat: int) -> bool:
    """A custom power keeps ``seat`` from voting today (El Relojero's stopped time, La Médium's spirit)."""
    return silenced(s, seat, VOTE)


def lynches_today(s: BethlemState, seat: int) -> bool:
    """The 2- and 3-player modes: the first player (the lone one, with three) lynches on odd rounds, the other
    side on even rounds."""
    first = s.team[0]
    return (s.team[seat] == first) == (s.round % 2 == 1)


def weight(s: BethlemState, seat: int) -> int:
    """Responsabilidad: its holder's vote counts double."""
    return 2 if s.has_persona(seat, "responsabilidad") else 1


def lynchable(s: BethlemState, revive_lynch: bool) -> list[int]:
    """The players a vote may point at: those in the game with a living card, or, in Amnesia's lynching that
    brings a card back, those with a dead card."""
    if revive_lynch:
        return [p for p in range(len(s.players)) if any(not s.alive[c] for c in s.board[p])]
    return s.seats_holding_cards()


def candidates(s: BethlemState, voter: int, players: list[int]) -> list[int]:
    """Whom ``voter`` may vote for among ``players`` (``lynchable``): anybody but themselves, and in the 2- and
    3-player modes only the other side."""
    if s.settings.mode != "normal":
        players = [p for p in players if s.team[p] != s.team[voter]]
    return [p for p in players if p != voter]


def vote_step(game, s: BethlemState, n: int) -> None:
    """Everybody who may vote points at a player at once (or abstains)."""
    am = s.amnesia.today
    if n == 1 and am is not None and am.mode == OPPOSITE:
        s.emit("linchamiento-cancelado", None)
        return
    if n == 2 and am is not None and am.mode == AWAKE:
        target = am.player
        if target is not None and not s.out[target]:
            s.lynch = Lynching(n, False, target, voters(s))
            s.agenda.appendleft(("card-vote",))
        return
    revive_lynch = n == 2 and am is not None and am.mode == AWAKE_OPPOSITE
    s.lynch = Lynching(n, revive_lynch)
    pid = "linchamiento" if n == 1 else f"linchamiento-{n}"
    forced = s.neuroticism.puppet if s.round % 2 == 0 and s.neuroticism.vote is not None and not revive_lynch else None
    # Read once for every voter: opening the prompts changes nothing they depend on.
    players = lynchable(s, revive_lynch)
    normal = s.settings.mode == "normal"
    names = s.ids(players) if normal else ()
    for seat in voters(s):
        if normal and seat != forced:
            # ``candidates``' rule (anybody lynchable but the voter), from the names read once for every voter.
            own = s.players[seat]
            others = tuple([name for name in names if name != own])
            if others:
                s.ask(prompt(s, seat, "linchamiento", others, skippable=True, suffix=pid[12:]))
            continue
        allowed = candidates(s, seat, players)
        if seat == forced and s.neuroticism.vote in allowed:
            s.ask(
                prompt(
                    s, seat, "linchamiento", (s.players[s.neuroticism.vote],), args={"forced": True}, suffix=pid[12:]
                )
            )
        elif allowed:
            s.ask(prompt(s, seat, "linchamiento", s.ids(allowed), skippable=True, suffix=pid[12:]))
    if not s.group:
        s.emit("sin-linchamiento", None, reason="sin-votos")


def _tally(
    s: BethlemState, kind: str, votes: dict[str, str | None], counts: dict[str, int], n: int | None = None
) -> None:
    """The votes and their count, shown to the table (with the lynching's number ``n``, for a lynching). The count
    tells whose vote weighed more (Responsabilidad, and whoever uses it through El Arquitecto's Laberinto) and
    which accused cards still counted: the last count stays in every view (``last_tally``), not only in the log."""
    s.last_tally = (kind, tuple(votes.items()), tuple(counts.items()))
    # A public event: through the log's door with its data dict made here, not by a call with keywords.
    data: dict[str, object] = {"votes": votes, "counts": counts}
    if n is not None:
        data["n"] = n
    s.emit_data(kind, None, data)


def _accusations(s: BethlemState, target: int | None = None) -> list[str]:
    """John Flick's accused cards still alive (of ``target`` only, if given)."""
    return [c for c in s.flick.accused if s.alive.get(c) and (target is None or s.holder(c) == target)]


def vote_answer(game, s: BethlemState, answers, n: int) -> None:
    lynch = s.lynch
    assert lynch is not None  # asked by vote_step, which sets it
    votes: dict[str, str | None] = {}
    counts: dict[int, int] = {}
    for (player, _), chosen in answers.items():
        seat = s.index[player]
        if chosen:
            votes[player] = chosen[0]
            target = s.index[chosen[0]]
            counts[target] = counts.get(target, 0) + weight(s, seat)
        else:
            votes[player] = None
    if s.settings.mode == "normal" and not lynch.revive:
        for card in _accusations(s):
            holder = s.holder(card)
            if not s.out[holder]:
                counts[holder] = counts.get(holder, 0) + 1
    _tally(s, "votos", votes, {s.players[k]: v for k, v in counts.items()}, n=n)
    top = _most(counts)
    if len(top) > 1 and not lynch.revive and _two_birds(s):
        # Dos pájaros de un tiro: on a tie each of the most voted players loses a card, chosen by their accusers.
        s.emit("dos-pajaros", None, players=list(s.ids(top)))
        for target in reversed(top):
            theirs = tuple(s.index[p] for p, t in votes.items() if t == s.players[target])
            s.agenda.appendleft(("card-vote-of", target, theirs, n))
        return
    if len(top) != 1:
        s.emit("sin-linchamiento", None, reason="empate" if top else "sin-votos")
        return
    target = top[0]
    accusers = [s.index[p] for p, t in votes.items() if t == s.players[target]]
    lynch.target, lynch.accusers = target, accusers
    s.emit("linchado", None, player=s.players[target])
    if s.settings.mode == "normal" and not lynch.revive:
        for card in _accusations(s, target):
            if _awake_flick(s):
                announce_awakening(s, "john-flick")
                _lynch_card(s, card)
                return
    s.agenda.appendleft(("card-vote",))


def _two_birds(s: BethlemState) -> bool:
    # Acontecimientos come with custom cards only (``s.happen`` is None otherwise).
    return s.happen is not None and in_force(s, "dos-pajaros-de-un-tiro")


def card_vote_of_step(game, s: BethlemState, target: int, accusers: tuple[int, ...], n: int) -> None:
    """One of several card votes (Dos pájaros de un tiro): ``target``'s accusers choose one of his cards."""
    s.lynch = Lynching(n, False, target, list(accusers))
    card_vote_step(game, s)


def card_vote_of_answer(game, s: BethlemState, answers, target: int, accusers, n: int) -> None:
    card_vote_answer(game, s, answers)


def _awake_flick(s: BethlemState) -> bool:
    return any(s.awake.get(c) and s.alive[c] for c in s.found("john-flick"))


def _most(counts: dict[int, int]) -> list[int]:
    """The most voted players, in seat order (none without votes; every count is at least 1)."""
    # One loop (a player with more votes starts the list again) rather than ``max`` and a sorted generator: ``max``
    # is called by CPython 3.11's slow path, and the generator is a frame of its own.
    top: list[int] = []
    most = 0
    for seat, count in counts.items():
        if count > most:
            most, top = count, [seat]
        elif count == most:
            top.append(seat)
    top.sort()
    return top


def card_vote_step(game, s: BethlemState) -> None:
    """The accusers vote on one of the lynched player's cards (face down: they choose a position)."""
    lynch = s.lynch
    assert lynch is not None and lynch.target is not None  # queued once the lynched player is known
    target = lynch.target
    row = s.board[target][: s.table]
    if lynch.revive:
        cards = [c for c in row if not s.alive[c]]
    else:
        cards = [c for c in row if s.alive[c]]
        if s.settings.mode != "normal":
            cards = [c for c in cards if c not in s.flick.accused]
    if not cards:
        s.emit("sin-linchamiento", None, reason="sin-cartas")
        return
    opts = tuple(s.option(c) for c in cards)
    accusers = [a for a in lynch.accusers if not s.out[a] or lynch.revive]
    accusations = [] if lynch.revive or s.settings.mode != "normal" else _accusations(s, target)
    if not accusers:
        if len(accusations) == 1:
            _lynch_card(s, accusations[0])
        else:
            s.emit("sin-linchamiento", None, reason="sin-votos")
        return
    suffix = "" if lynch.n == 1 else f"-{lynch.n}"
    for seat in accusers:
        s.ask(
            prompt(
                s, seat, "linchamiento-carta", opts, skippable=True, args={"player": s.players[target]}, suffix=suffix
            )
        )


def card_vote_answer(game, s: BethlemState, answers) -> None:
    lynch = s.lynch
    assert lynch is not None  # asked by card_vote_step
    votes: dict[str, str | None] = {}
    counts: dict[str, int] = {}
    for (player, _), chosen in answers.items():
        if chosen:
            votes[player] = chosen[0]
            counts[chosen[0]] = counts.get(chosen[0], 0) + weight(s, s.index[player])
        else:
            votes[player] = None
    if not lynch.revive and s.settings.mode == "normal":
        for card in _accusations(s, lynch.target):
            option = s.option(card)
            counts[option] = counts.get(option, 0) + 1
    _tally(s, "votos-carta", votes, counts)
    top = sorted(k for k, v in counts.items() if counts and v == max(counts.values()))
    if len(top) != 1:
        s.emit("sin-linchamiento", None, reason="empate" if top else "sin-votos")
        return
    card = s.card_at(top[0])
    if lynch.revive:
        revive(s, card, "amnesia")
        return
    _lynch_card(s, card)


def _lynch_card(s: BethlemState, card: str) -> None:
    accusers = tuple(s.lynch.accusers) if s.lynch is not None else ()
    s.emit("carta-linchada", None, target=s.option(card))
    resolve(s, [(card, "linchamiento", accusers, 0)], "linchamiento")


def custom_day_step(game, s: BethlemState) -> None:
    """Custom cards: the custom characters' day powers (``Character.day``), in the registry's order."""
    happenings.day(game, s)
    for hook in HOOKS.days:
        hook(game, s)


def round_end_step(game, s: BethlemState) -> None:
    """End of the round: La parca counts disobedience; the day's bans and hypnoses end; with custom cards, the
    characters' end of round (``Character.round_end``)."""
    if s.settings.hooks.round_ends:  # an empty loop still costs an iterator
        for hook in s.settings.hooks.round_ends:
            hook(game, s)
    reaper_round_end(s)
    prophecy_expires(s)
    s.banned = None
    s.hypnosis = []


STEPS: dict[str, Step] = {
    "day": day_step,
    "hostility": hostility_step,
    "amnesia": amnesia_step,
    "amnesia-target": amnesia_target_step,
    "unlock": unlock_step,
    "vote": vote_step,
    "card-vote": card_vote_step,
    "card-vote-of": card_vote_of_step,
    "round-end": round_end_step,
    "custom-day": custom_day_step,
}
ANSWERS: dict[str, Step] = {
    "hostility": hostility_answer,
    "amnesia": amnesia_answer,
    "amnesia-target": amnesia_target_answer,
    "vote": vote_answer,
    "card-vote": card_vote_answer,
    "card-vote-of": card_vote_of_answer,
}
