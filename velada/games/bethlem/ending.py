"""Objetivo del juego (section 2) and its precedence (FAQ 1–2): who plays for what, and when the game is over.

A player's objective is read from the cards they hold *now* (the Cirujano and Wakerfield move cards, and sides
with them), in this order of precedence: a blood pact, Richard Dadd, a mutineer card, Krugman "el director",
and otherwise the inmates. The game ends the moment an objective is met; when several are met at once the same
precedence decides.
"""

from __future__ import annotations

from velada.core.protocol import Result
from velada.games.bethlem.cards import (
    CARDS,
    DIRECTOR,
    GROUP_OF,
    HATE_PACT,
    INMATES,
    KIND_OF,
    MUTINEERS,
    PACT,
    RICHARD,
)
from velada.games.bethlem.common import is_mutineer_card
from velada.games.bethlem.deaths import tell_dawn
from velada.games.bethlem.hooks import BOOK_MODE
from velada.games.bethlem.state import BethlemState


def objective(s: BethlemState, seat: int) -> str:
    """What ``seat`` plays for now, by the mode's rule (``ModeRules.objective``): the book's
    (:func:`book_objective`) or, with custom cards, the objective card (``objectives.objective``)."""
    return s.settings.hooks.rules.objective(s, seat)


def book_objective(s: BethlemState, seat: int) -> str:
    """What ``seat`` plays for now (FAQ 1): the blood pact first, then Richard Dadd, then any mutineer card
    (or Daniel's awakening), then Krugman, and otherwise the inmates. The 2- and 3-player modes have two sides
    only, fixed at the deal."""
    if s.settings.mode != "normal":
        return s.team[seat]
    pact = s.blood_pact.bound
    if pact is not None and seat in pact[:2] and pact[2] in ("normal", "odio"):
        return PACT if pact[2] == "normal" else HATE_PACT
    cards = s.board[seat]
    # One pass over the cards for the three questions, asked in their order of precedence afterwards.
    lobotomy = s.lobotomy.sides
    mutineer = krugman = False
    if not lobotomy:
        # No lobotomy changed a side: each card's part is its printed one (most games, most of a game).
        for c in cards:
            part = _PART.get(c)
            if part is not None:
                if part == RICHARD:
                    return RICHARD
                if part == MUTINEERS:
                    mutineer = True
                else:
                    krugman = True
    else:
        for c in cards:
            kind = KIND_OF[c]
            if (lobotomy.get(c) or CARDS[c].side) == MUTINEERS:
                if kind == "richard-dadd":
                    return RICHARD
                if GROUP_OF[c] == "P1":
                    mutineer = True
            if kind == "krugman":
                krugman = True
    if mutineer or s.converted.get(seat):
        return MUTINEERS
    if krugman:
        return DIRECTOR
    return INMATES


def _part(card: str) -> str | None:
    """What a card says of its holder's objective by its printed side (``book_objective``): Richard Dadd on the
    mutineers' side, a mutineer principal character, Krugman; None for the others."""
    kind = KIND_OF[card]
    if CARDS[card].side == MUTINEERS:
        if kind == "richard-dadd":
            return RICHARD
        if GROUP_OF[card] == "P1":
            return MUTINEERS
    return DIRECTOR if kind == "krugman" else None


_PART = {card: part for card in CARDS if (part := _part(card)) is not None}


def outcome(s: BethlemState) -> Result | None:
    """The result if some objective is met now, by the mode's rule (``ModeRules.outcome``): the book's
    (:func:`book_outcome`) or the custom-cards mode's (``objectives.outcome``)."""
    return s.settings.hooks.rules.outcome(s)


def book_outcome(s: BethlemState) -> Result | None:
    """The result if some objective is met now, checked in this order (section 2, FAQ 1–2):

    1. a hate pact whose member destroyed the other's last card: that member wins;
    2. nobody left in the game: a draw;
    3. a blood pact whose two members are the only players left (with the pact card's holder, if the card is
       awakened and alive): they win;
    4. Richard Dadd's holder is the only player left;
    5. every player left plays for the mutineers: the mutineers win (with those Daniel's awakening won over);
    6. a director in the game has killed every principal character of the others (while Krugman lives) or
       every secondary character (once Krugman is dead);
    7. every mutineer principal character is dead: the inmates win.

    Sides win dead or alive (the mutineers, the inmates); lone objectives (Richard Dadd, the director) need
    their player in the game. The custom-cards mode has its own list (``objectives.outcome``).
    """
    if s.blood_pact.hate_winner is not None:
        return result_of(s, "pacto-de-odio", (HATE_PACT,), [s.blood_pact.hate_winner])
    playing = s.seats_in_game()
    if not playing:
        return result_of(s, "nadie", (), [])
    pact_winners = blood_pact_winners(s, playing)
    if pact_winners is not None:
        return result_of(s, "pacto-de-sangre", (PACT,), pact_winners)
    # The book's rule (no call through the mode's table), asked only for the seats each rule needs: most checks
    # end at the first playing seat that is no mutineer, the director's holders and the first living mutineer.
    if len(playing) == 1 and book_objective(s, playing[0]) == RICHARD:
        return result_of(s, "richard-dadd", (RICHARD,), playing)
    seats = range(len(s.players))
    # A loop rather than ``all`` over a generator (a frame of its own at each of ~15 checks a game); most checks
    # stop at the first playing seat.
    for seat in playing:
        if book_objective(s, seat) != MUTINEERS:
            break
    else:
        return result_of(s, "amotinados", (MUTINEERS,), [x for x in seats if book_objective(s, x) == MUTINEERS])
    for seat in _may_direct(s, playing):
        if book_objective(s, seat) == DIRECTOR and _director_done(s, seat):
            return result_of(s, "director", (DIRECTOR,), [seat])
    alive = s.alive
    for row in s.board:
        for c in row:
            # Only a principal character can be a mutineer's: the others are passed over without a call. A
            # 2-player row holds its reserve too: a mutineer alive there may still come to the table.
            if alive[c] and GROUP_OF[c] == "P1" and is_mutineer_card(s, c):
                return None
    inmates = [seat for seat in seats if book_objective(s, seat) == INMATES]
    if inmates:
        return result_of(s, "internos", (INMATES,), inmates)
    return None


def _may_direct(s: BethlemState, playing: list[int]) -> list[int]:
    """The playing seats whose objective may be the director's: in the book's mode, only a holder of Krugman (the
    2- and 3-player modes' objectives are their sides, fixed at the deal)."""
    if s.settings.mode != "normal":
        return playing
    # Asked at every end check: no set and no comprehension (each a function of its own on 3.11) for the usual
    # one Krugman or none.
    where = s.where
    holders = []
    for card in s.found("krugman"):
        holders.append(where[card][0])
    if not holders:
        return []
    return [seat for seat in playing if seat in holders]


def blood_pact_winners(s: BethlemState, playing: list[int]) -> list[int] | None:
    """Pacto de sangre (section 2): the two bound players win when they are the only ones left in the game
    (with the pact's awakened holder, who wins with them). ``None`` while that is not so."""
    pact = s.blood_pact.bound if s.settings.mode == "normal" else None
    if pact is None or pact[2] != "normal":
        return None
    members = {pact[0], pact[1]}
    maker = _awake_pact_holder(s)
    allowed = members | ({maker} if maker is not None else set())
    if not (members <= set(playing) and set(playing) <= allowed):
        return None
    return sorted(members | ({maker} if maker is not None and maker in playing else set()))


def _awake_pact_holder(s: BethlemState) -> int | None:
    """Pacto de sangre's awakening: its holder wins with the pact if only the pact remains in the game."""
    for card in s.found("pacto-de-sangre"):
        if s.awake.get(card) and s.alive[card]:
            return s.holder(card)
    return None


def _director_done(s: BethlemState, seat: int) -> bool:
    """Krugman alive: every principal character of the other players is dead; Krugman dead: every secondary
    character of the others is."""
    krugman = [c for c in s.board[seat] if KIND_OF[c] == "krugman"]
    group = "P1" if krugman and s.alive[krugman[0]] else "P2"
    for other, row in enumerate(s.board):
        if other == seat:
            continue
        for card in row:
            if GROUP_OF[card] == group and s.alive[card]:
                return False
    return True


def teams(s: BethlemState) -> tuple[tuple[str, str], ...]:
    return tuple((s.players[seat], objective(s, seat)) for seat in range(len(s.players)))


def result_of(s: BethlemState, reason: str, sides: tuple[str, ...], winners) -> Result:
    """The result; each player's team is what they play for at the end (``teams``)."""
    return Result(reason, sides, s.ids(sorted(winners)), s.round, teams(s))


def draw_by_limit(s: BethlemState) -> Result:
    """The round limit (option ``limite-rondas``): nobody wins. Revivals can make a game endless."""
    return Result("limite", (), (), s.round, teams(s))


def finish(s: BethlemState, result: Result) -> None:
    """End the game: every card is turned face up and the result announced."""
    s.result = result
    s.phase = "fin"
    s.agenda.clear()
    tell_dawn(s)
    s.res = None
    board = {s.players[seat]: list(row) for seat, row in enumerate(s.board)}
    personas = {s.players[seat]: card for seat, card in enumerate(s.persona)}
    s.emit("revelacion", None, board=board, personas=personas)
    s.settings.hooks.rules.finish(s)
    s.emit("fin", None, reason=result.reason, sides=list(result.sides), winners=list(result.winners))


def _show_nothing(s: BethlemState) -> None:
    """The book's end of the game shows the life cards only (the custom mode's, the objectives too)."""


BOOK_MODE.finish = _show_nothing
BOOK_MODE.outcome = book_outcome
BOOK_MODE.objective = book_objective


def check(game, s: BethlemState) -> None:
    """The agenda step that ends the game if an objective is met."""
    result = s.settings.hooks.rules.outcome(s)
    if result is not None:
        finish(s, result)
