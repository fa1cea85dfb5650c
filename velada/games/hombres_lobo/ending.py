"""The end of the game: one ordered list of win conditions, checked after every batch of deaths.

Sides: the wolves, the village, and the lovers, who become a side of their own when Cupido's arrows join a
wolf with a villager or two wolves. Two villagers in love stay in the village and only have to survive.
"""

from __future__ import annotations

from itertools import compress

from velada.core.protocol import Result
from velada.games.hombres_lobo.state import WerewolfState
from velada.games.hombres_lobo.theme import WOLF, Theme

VILLAGE, WOLVES, LOVERS = "village", "wolves", "lovers"


def lovers_are_a_side(theme: Theme, s: WerewolfState) -> bool:
    """A wolf and a villager in love, or two wolves, form their own side; two villagers stay villagers.
    (Decided when Cupido shoots: no card changes hands after the preparation turn.)"""
    return s.lovers_side


def outcome(theme: Theme, s: WerewolfState) -> Result | None:
    """The result if the game is over, checked in this order:

    1. nobody alive: a draw;
    2. only the lovers alive, when they are a side of their own: the lovers win;
    3. no wolf alive: the village wins;
    4. no villager alive (later editions) — or at most one, with no lovers' side alive (first edition, option
       ``victoria=penultimo``): the wolves win.

    Everybody on the winning side wins, dead or alive, except lovers, who only win alive. A side's win is
    named after the side in the theme's words ("aldeanos", "campesinos"…).
    """
    alive = s.alive
    # After the preparation turn a seat follows the wolf's power exactly when it holds a wolf card.
    living_powers = list(compress(s.powers, alive))
    living = len(living_powers)
    wolves_alive = living_powers.count(WOLF)
    if not living:
        return _result(theme, s, "nadie-vive", ())
    lovers = s.lovers
    lovers_alive = lovers is not None and alive[lovers[0]] and lovers_are_a_side(theme, s)
    if lovers_alive and living == 2:
        return _result(theme, s, theme.sides[LOVERS], (LOVERS,))
    if wolves_alive == 0:
        return _result(theme, s, theme.sides[VILLAGE], (VILLAGE,))
    others_alive = living - wolves_alive
    if others_alive == 0 or (s.settings.victory == "penultimo" and others_alive == 1 and not lovers_alive):
        return _result(theme, s, theme.sides[WOLVES], (WOLVES,))
    return None


def sides_by_seat(theme: Theme, s: WerewolfState) -> list[str]:
    """The side every seat wins with: the lovers' when they are a side of their own, else the wolves' for a wolf
    card (a wolf in love is still a wolf) and the village's for any other. All seats in one pass: the end of a
    game asks for all of them, and a call per seat was a good part of a simulated game's ending."""
    roles = theme.roles
    lovers = s.lovers if lovers_are_a_side(theme, s) else None
    return [
        LOVERS if lovers is not None and seat in lovers else WOLVES if roles[role] == WOLF else VILLAGE
        for seat, role in enumerate(s.roles)
    ]


def _result(theme: Theme, s: WerewolfState, reason: str, sides: tuple[str, ...]) -> Result:
    winners = []
    lovers_side = lovers_are_a_side(theme, s)
    seat_sides = sides_by_seat(theme, s)
    lovers, alive = s.lovers, s.alive
    for seat, seat_side in enumerate(seat_sides):
        if seat_side not in sides:
            continue
        if lovers is not None and seat in lovers and not alive[seat]:
            continue  # lovers cannot win dead
        winners.append(seat)
    won_sides = [theme.sides[x] for x in sides]
    # Two villagers in love are a side of their own too: they win when they live to see the village win.
    if not lovers_side and lovers is not None and VILLAGE in sides and all(alive[x] for x in lovers):
        won_sides.append(theme.sides[LOVERS])
    names = theme.sides
    teams = tuple(zip(s.players, [names[x] for x in seat_sides], strict=True))
    return Result(reason, tuple(won_sides), s.ids(winners), s.day, teams)


def draw_by_limit(theme: Theme, s: WerewolfState) -> Result:
    """The day limit (option ``limite-dias``): nobody wins."""
    names = theme.sides
    teams = tuple(zip(s.players, [names[x] for x in sides_by_seat(theme, s)], strict=True))
    return Result("limite", (), (), s.day, teams)


def finish(theme: Theme, s: WerewolfState, result: Result) -> None:
    """End the game: every card is turned face up for everyone, and the result is announced."""
    s.result = result
    s.phase = "fin"
    s.agenda.clear()
    s.emit("revelacion", None, roles=dict(zip(s.players, s.roles, strict=True)), spare=list(s.spare))
    s.emit("fin", None, reason=result.reason, sides=list(result.sides), winners=list(result.winners))
