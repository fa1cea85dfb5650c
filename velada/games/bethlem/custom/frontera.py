"""El Saltamundos' awakening (section 13; the book names it after the frontier game): La frontera comes to the
asylum, whatever world he had chosen. Content in ``data/saltamundos.toml``; decisions in docs/rules/bethlem.md.

- **A character card.** Two of La frontera's character cards are drawn at random; in his next turn he keeps one
  (or none): a power for the rest of the game, used in his turns (``el_saltamundos``).
- **The sheriff.** He becomes La frontera's sheriff, in front of everybody, and its other roles (forajidos, a
  renegado, alguaciles, by how many the others are) are dealt at random to the other players in the game; each
  learns only their own. A role is shown to all when its player goes out of the game.
- **Rewards.** Whoever puts a forajido out of the game (the players whose powers, attack or vote killed their
  last cards) draws a card of La frontera's deck: a one-use power, secret, played in El Saltamundos' night turn,
  several a turn as the frontier's rule says — even when the Saltamundos card itself is dead.
- **The alguacil** may not act against the sheriff's cards (the way El archivo shields a player: ``s.archive.shields``).
- **Victory.** The sheriff wins at once, whatever his objective, when every forajido and the renegado are out of
  the game and he is still in it. His own objective still counts too.
"""

from __future__ import annotations

from collections.abc import Sequence

from velada.games.bethlem.common import REWARD
from velada.games.bethlem.custom.effects import me
from velada.games.bethlem.custom.saltamundos_data import (
    CHARACTERS,
    DEPUTY,
    FRONTIER,
    KIND,
    OUTLAW,
    RENEGADE,
    ROLES,
    SHERIFF,
    deck_of,
    jumper,
    jumper_found,
)
from velada.games.bethlem.objectives import instant_win
from velada.games.bethlem.plugins import extra
from velada.games.bethlem.state import AgendaStep, BethlemState

#: How many character cards he is offered to keep one.
OFFERED = 2


def on_awaken(s: BethlemState, card: str) -> None:
    """The card awakens: its holder becomes the sheriff and the roles are dealt now; the character card waits for
    his next turn (it is a choice)."""
    d = jumper(s)
    if d.sheriff is not None:
        return
    d.offered = s.rng.sample(list(CHARACTERS), OFFERED)
    if d.world != FRONTIER:
        # The rewards come from La frontera's deck: his own if that is his world, otherwise one brought now.
        frontier = deck_of(FRONTIER, extra(s, card))
        s.rng.shuffle(frontier)
        d.frontier = frontier
    deal_roles(s, s.holder(card))


def deal_roles(s: BethlemState, sheriff: int) -> None:
    d = jumper(s)
    roles = [""] * len(s.players)
    roles[sheriff] = SHERIFF
    others = [p for p in s.seats_in_game() if p != sheriff]
    dealt = list(ROLES[min(len(others), max(ROLES))]) if others else []
    s.rng.shuffle(dealt)
    d.sheriff, d.roles = sheriff, roles
    s.emit("frontera-sheriff", None, player=s.players[sheriff])
    for seat, role in zip(others, dealt, strict=False):
        roles[seat] = role
        s.emit("frontera-rol", me(s, seat), role=role)
    shield(s)


def character_power(s: BethlemState, seat: int) -> str:
    """The power of the character card the sheriff kept ("" for anybody else, or if he kept none)."""
    d = jumper_found(s)
    if d is None or d.sheriff != seat:
        return ""
    return CHARACTERS.get(d.character, "")


def choose_character(s: BethlemState, seat: int, chosen: Sequence[str]) -> None:
    d = jumper(s)
    d.offered = []
    d.character = chosen[0] if chosen else ""
    if chosen:
        s.emit("frontera-personaje", me(s, seat), card=chosen[0])


def shield(s: BethlemState) -> None:
    """The alguaciles may not act against the sheriff (again every nightfall: the shields are cleared at dusk)."""
    d = jumper_found(s)
    if d is None or not d.roles or d.sheriff is None:
        return
    sheriff = d.sheriff
    for seat, role in enumerate(d.roles):
        if role == DEPUTY and (seat, sheriff) not in s.archive.shields:
            s.archive.shields.append((seat, sheriff))


# --- rewards -------------------------------------------------------------------------------------------------------


def reward_deck(s: BethlemState) -> list[str]:
    d = jumper(s)
    if d.world == FRONTIER:
        return d.deck
    if d.frontier is None:
        d.frontier = []
    return d.frontier


def rewards(s: BethlemState, seat: int) -> list[str]:
    """The frontier cards ``seat`` won as rewards and has not played."""
    d = jumper_found(s)
    return [] if d is None else [card for owner, card in d.rewards if owner == seat]


def spend_reward(s: BethlemState, seat: int, card: str) -> None:
    jumper(s).rewards.remove((seat, card))


def _reward(s: BethlemState, seat: int) -> None:
    deck = reward_deck(s)
    if not deck:
        return
    card = deck.pop(0)
    jumper(s).rewards.append((seat, card))
    s.emit("frontera-recompensa", None, player=s.players[seat])
    s.emit("frontera-recompensa-carta", me(s, seat), card=card)


def on_out(s: BethlemState, seat: int) -> list[AgendaStep]:
    """A player went out: their role is shown; for a forajido, whoever killed their last cards is rewarded; the
    sheriff may have won."""
    d = jumper_found(s)
    if d is None or not d.roles:
        return []
    role = d.roles[seat]
    if role and role != SHERIFF:
        s.emit("frontera-rol-visto", None, player=s.players[seat], role=role)
    if role == OUTLAW and s.res is not None:
        killers = {k for card, _, by, *_ in s.res.deaths if s.holder(card) == seat for k in by}
        for killer in sorted(killers - {seat}):
            if not s.out[killer]:
                _reward(s, killer)
    _sheriff_wins(s)
    return []


def _sheriff_wins(s: BethlemState) -> None:
    d = jumper(s)
    sheriff = d.sheriff
    wanted = [seat for seat, role in enumerate(d.roles) if role in (OUTLAW, RENEGADE)]
    if wanted and sheriff is not None and not s.out[sheriff] and all(s.out[seat] for seat in wanted):
        instant_win(s, SHERIFF, SHERIFF, [sheriff])


def actors(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """In El Saltamundos' turn, whoever holds reward cards plays them too."""
    d = jumper_found(s)
    if kind != KIND or d is None or not d.rewards:
        return []
    holders = sorted({owner for owner, _ in d.rewards})
    return [(seat, "", REWARD) for seat in holders if not s.out[seat]]


# --- what each player may know ---------------------------------------------------------------------------------


def role_visible(s: BethlemState, seat: int, viewer: int | None, narrator: bool) -> bool:
    """The sheriff is public; any other role is known to its player, and to everybody once they are out."""
    d = jumper_found(s)
    role = "" if d is None else d.roles[seat]
    return bool(role) and (narrator or role == SHERIFF or seat == viewer or s.out[seat])


def badges(s: BethlemState, seat: int, viewer: int | None, narrator: bool) -> list[str]:
    d = jumper_found(s)
    if d is None or not d.roles or not role_visible(s, seat, viewer, narrator):
        return []
    return [f"frontera-{d.roles[seat]}"]


def hide(state: BethlemState, s: BethlemState, viewer: int | None, rng) -> None:
    """Deal again, in the copy ``s``, the roles ``viewer`` may not know and the reward cards of the others (with
    the deck they came from)."""
    d = jumper_found(s)
    if d is None or not d.roles:
        return
    seats = [p for p, role in enumerate(d.roles) if role and not role_visible(state, p, viewer, False)]
    roles = [d.roles[p] for p in seats]
    rng.shuffle(roles)
    for p, role in zip(seats, roles, strict=True):
        d.roles[p] = role
    theirs = [i for i, (owner, _) in enumerate(d.rewards) if owner != viewer]
    if not theirs:
        return
    deck = d.deck if d.world == FRONTIER else (d.frontier if d.frontier is not None else [])
    pool = deck + [d.rewards[i][1] for i in theirs]
    rng.shuffle(pool)
    for i, card in zip(theirs, pool[len(deck) :], strict=True):
        d.rewards[i] = (d.rewards[i][0], card)
    deck[:] = pool[: len(deck)]
