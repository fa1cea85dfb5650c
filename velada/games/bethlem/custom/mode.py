"""The custom-cards mode's pieces that belong to no character (rulebook sections 13 and 14): the objective cards
(``objectives.py``) and the acontecimientos (``happenings.py``), declared as hooks like a character's and placed
by ``registry.py`` around the characters' own, in the order the rules take them; and the mode's own rules where
the book's differ (``hooks.ModeRules``: its round, who rises with the mutineers, the lobotomy, the rabies, what
the table is shown at the end), which ``registry.py`` puts in ``hooks.CUSTOM_MODE``."""

from __future__ import annotations

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem import happenings, objectives
from velada.games.bethlem.cards import CUSTOM_NIGHT, INMATES, KIND_OF, MUTINEERS, PERIODIC, PUNCTUAL
from velada.games.bethlem.common import AWAKE, AWAKE_OPPOSITE, BORROWED, BORROWED_AWAKE, NORMAL, mutineer_cards
from velada.games.bethlem.objectives import goal_visible, principal_card, reveal, traitors_undecided
from velada.games.bethlem.plugins import rises
from velada.games.bethlem.state import BethlemState, Death


def dusk(game, s: BethlemState) -> None:
    """Nightfall, before the characters' own: a new night's reveals start; the acontecimiento acting on this round
    takes hold; the objectives Infecto de rabia unmasked last round are shown (FAQ 15.3)."""
    s.revealed_now = []
    happenings.dusk(s)
    for seat in s.rabid_goals:
        reveal(s, seat, "infecto-de-rabia")
    s.rabid_goals = []


def round_end(game, s: BethlemState) -> None:
    """End of the round, before the characters' own: Hora de la siesta's check (``happenings.round_end``)."""
    happenings.round_end(s)


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """A card's markers after the characters': Cuerpo de espionaje's spy and skull (``happenings.markers``)."""
    return happenings.markers(s, card)


def borrowed(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """Who acts in the turn of ``kind`` with a power borrowed for the round (``s.borrowed``: El Chef's stolen
    powers), before the characters' own actors: normally or with its awakening."""
    return [
        (seat, card, BORROWED_AWAKE if awakened else BORROWED)
        for seat, card, awakened in s.borrowed
        if KIND_OF[card] == kind and not s.out[seat]
    ]


#: The custom-cards mode's night: the 36 turns and two moments when everybody wakes of section 14.
NIGHT_STEPS = (("dusk",), *(("night", step.id) for step in CUSTOM_NIGHT), ("reaper-awake",), ("dawn",))
#: The custom-cards mode's day: the Inquisidor may make his claim first; an acontecimiento comes at the end.
DAY = (
    ("day",),
    ("inquisitor",),
    ("custom-day",),
    ("hostility",),
    ("event-choice", "dia"),
    ("amnesia",),
    ("vote", 1),
    ("draw",),
    ("happening",),
    ("round-end",),
)


def round_steps(s: BethlemState) -> tuple[tuple, ...]:
    """A new round's agenda: the custom night, then the custom day, unless an acontecimiento takes one away."""
    plan = happenings.round_plan(s)
    # Alerta roja: no night; night falls and day breaks at once (deaths put off to this round happen).
    night = (("dusk",), ("dawn",)) if plan == "sin-noche" else NIGHT_STEPS
    # Eclipse de Sol: no day; after the night's deaths the next night comes.
    return night + ((("round-end",),) if plan == "sin-dia" else DAY)


def pack(s: BethlemState) -> list[int]:
    """Custom cards (section 13): the Amotinados, the Renegado and a Traidor who chose them rise every night, as
    their principal card's extra power. So they do not rise while that card (FAQ 15.6: their best living card)
    cannot act tonight (Melancolía, Celda de aislamiento, Gas de la risa)."""
    seats = []
    for seat in s.seats_in_game():
        if rises(s, seat):
            card = principal_card(s, seat)
            if card is not None and s.can_act(card):
                seats.append(seat)
    return seats


def lobotomy(s: BethlemState, target: str, mode: str) -> None:
    """With custom cards sides belong to objective cards, not to principal characters: the lobotomy works on a
    player through their principal card (FAQ 15.6). On the principal card of a player who rises with the
    mutineers, that player recovers their sanity and plays for the inmates from now on (no longer rising); the
    opposite drives an Interno mad, to the mutineers. Its holder loses the vote unless the lobotomy was the
    awakened one."""

    seat, pos = s.where[target]
    if principal_card(s, seat) != target:
        return
    normal = mode in (NORMAL, AWAKE)
    if normal and rises(s, seat):
        new = INMATES
    elif not normal and not rises(s, seat) and (s.goal_override.get(seat) or s.goal[seat]) == INMATES:
        new = MUTINEERS
    else:
        return
    s.goal_override[seat] = new
    s.lobotomy.sides[target] = new
    s.lobotomy.keeps_vote[target] = mode in (AWAKE, AWAKE_OPPOSITE)
    s.emit("cambia-de-bando", None, player=s.players[seat], position=pos + 1, side=new)


def rabies(s: BethlemState, seat: int, step: int, mode: str) -> None:
    """FAQ 15.3: with custom cards the rabies kills nobody; it reveals the objective of the nearest player to
    the left (right, with the opposite) who rises with the mutineers and is not unmasked yet — at the next dusk,
    as the disease takes a round (at once, awakened)."""
    n = len(s.players)
    for k in range(1, n):
        other = (seat + step * k) % n
        if s.out[other] or not rises(s, other) or s.goal_public[other] or other in s.rabid_goals:
            continue
        if mode.startswith("despertar"):
            reveal(s, other, "infecto-de-rabia")
        else:
            s.rabid_goals.append(other)
        s.emit("rabia-objetivo", NARRATOR_ONLY, player=s.players[other], mode=mode)
        return


def after_deaths(s: BethlemState, deaths: list[Death]) -> None:
    """A resolution killed these cards or took players out: who shows their objective now
    (``objectives.after_deaths``)."""
    objectives.after_deaths(s, [d[0] for d in deaths])


def finish(s: BethlemState) -> None:
    """At the end of the game every objective card is shown, after the life cards."""
    s.emit("objetivos", None, goals={s.players[seat]: goal for seat, goal in enumerate(s.goal)})


def archive(s: BethlemState, target: int, awakened: bool) -> list[int]:
    """With custom cards El archivo tells the position of ``target``'s principal card (FAQ 15.6): awakened, and
    of a player who rises with the mutineers (the card whose extra power lets them rise); of anybody else, their
    living mutineer cards, as in the book."""
    if awakened or rises(s, target):
        principal = principal_card(s, target)
        return [s.where[principal][1] + 1] if principal is not None else []
    return [s.where[c][1] + 1 for c in mutineer_cards(s, target)]


def melancholy(s: BethlemState, seat: int, target: str, option: str) -> None:
    """Section 14: with custom cards the table wakes to see Melancolía's card only after Gas de la risa's turn;
    until then its user alone knows it."""
    s.melancholy.unseen = target
    s.emit("melancolia", frozenset((s.players[seat],)), target=option)


def before_mutiny(s: BethlemState) -> bool:
    """On the first night the Traidor chooses whether to rise with the mutineers before they wake (section 13):
    his choice, then their turn again."""
    if s.round == 1 and traitors_undecided(s):
        s.agenda.extendleft((("night", "amotinados"), ("traitor",)))
        return True
    return False


def rose(s: BethlemState, seat: int) -> None:
    """Rising is the principal card's extra power (section 13): that card was used this round."""
    principal = principal_card(s, seat)
    if principal is not None:
        s.acted[principal] = s.round


#: Every acontecimiento's help: the deck is the same at every table.
HAPPENING_HELP = tuple(f"acontecimiento:{h}" for h in (*PERIODIC, *PUNCTUAL))


def help_ids(s: BethlemState, me: int | None, narrator: bool) -> tuple[list[str], tuple[str, ...]]:
    """The viewer's own objective card and those their view shows (revealed ones, those told to them), and
    every acontecimiento."""
    sides = [s.goal[me]] if me is not None else []
    sides += [s.goal[seat] for seat in range(len(s.players)) if narrator or goal_visible(s, me, seat)]
    return sides, HAPPENING_HELP
