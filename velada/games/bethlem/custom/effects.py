"""Effects several custom characters share (section 13): looking at a card or at an objective, killing,
bringing back, and the menus of one-use powers their turns open. Used by El Cyborg, El Otaku, La Médico,
La Médium, El Saltamundos and El Relojero."""

from __future__ import annotations

from velada.games.bethlem.cards import CUSTOM_NIGHT
from velada.games.bethlem.common import dead_cards, living, not_against
from velada.games.bethlem.deaths import attack, revive
from velada.games.bethlem.hooks import NIGHT
from velada.games.bethlem.objectives import goal_visible
from velada.games.bethlem.state import AgendaStep, BethlemState


def me(s: BethlemState, seat: int) -> frozenset[str]:
    """The audience of ``seat`` alone (and the narrator)."""
    return frozenset((s.players[seat],))


def push(s: BethlemState, *entries: AgendaStep) -> None:
    """Run these agenda steps next, in this order."""
    s.agenda.extendleft(reversed(entries))


def night_turn(kind: str) -> str | None:
    """The step of the custom night in which a card of ``kind`` is used by whoever ``common.actors`` names (its
    holder, and the extra actors of the custom characters), if any: the cards whose power can be used by somebody
    else for a night (La Médium's borrowed power, La Médico's transplant). Cards the night runs by a handler of
    their own (Pacto de sangre, Juego de azar, El cataléptico…) have none, unless that handler too wakes whoever
    ``common.actors`` names (La Ludópata's: ``actors`` in the night's data)."""
    for step in CUSTOM_NIGHT:
        if step.card == kind and not step.all:
            own_turn = step.id not in NIGHT.handlers and step.id not in NIGHT.local_handlers
            if step.id in NIGHT.powers and (own_turn or step.actors):
                return step.id
            return None
    return None


def card_options(s: BethlemState, cards) -> list[str]:
    return [s.option(c) for c in cards]


# --- looking ---------------------------------------------------------------------------------------------


def look_cards(s: BethlemState, seat: int) -> list[str]:
    """Cards ``seat`` could look at: living cards of the others that it does not know yet (face up ones are
    known to everybody)."""
    return [c for c in living(s) if s.holder(c) != seat and not s.public.get(c) and not s.known[seat].get(c)]


def look_goals(s: BethlemState, seat: int) -> list[int]:
    """Players in the game whose objective card ``seat`` has not seen."""
    return [p for p in s.seats_in_game() if p != seat and not goal_visible(s, seat, p)]


def look_options(s: BethlemState, seat: int, cards: bool = True, goals: bool = True) -> list[str]:
    """The options of "look at a card or at a player's objective": card positions and player ids."""
    out = card_options(s, look_cards(s, seat)) if cards else []
    if goals and s.settings.custom:
        out += list(s.ids(look_goals(s, seat)))
    return out


def look(s: BethlemState, seat: int, option: str) -> None:
    """``seat`` looks, alone, at the card at ``option`` or (a player id) at that player's objective card."""
    if option in s.index:
        target = s.index[option]
        s.knows_goal[seat][target] = True
        s.emit("ve-objetivo", me(s, seat), player=option, goal=s.goal[target])
        return
    card = s.card_at(option)
    s.learn(seat, card)
    s.emit("vision", me(s, seat), target=option, card=card)


# --- killing and bringing back ---------------------------------------------------------------------------


def kill_options(s: BethlemState, seat: int) -> list[str]:
    """Living cards ``seat`` may attack (not isolated ones, nor of players El archivo shields from it)."""
    return card_options(s, not_against(s, seat, living(s, exclude_isolated=True)))


def kill(s: BethlemState, seat: int, option: str, cause: str) -> None:
    """``seat`` places a death marker on the card at ``option`` (resolved with the phase's other deaths)."""
    attack(s, s.card_at(option), cause, (seat,))
    s.emit("ataque-solitario", me(s, seat), target=option)


def revive_options(s: BethlemState) -> list[str]:
    """Dead cards that can come back: those of players still in the game."""
    return card_options(s, dead_cards(s))


def bring_back(s: BethlemState, option: str, cause: str) -> None:
    revive(s, s.card_at(option), cause)
