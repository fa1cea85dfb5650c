"""Turno de preparación: the Ladrón, then Cupido, then (as the table chose) the Alguacil's election."""

from __future__ import annotations

from velada.core.protocol import Prompt
from velada.games.hombres_lobo.night import call
from velada.games.hombres_lobo.state import WerewolfState
from velada.games.hombres_lobo.theme import CUPID, THIEF, VILLAGER, WOLF, Theme

CARD_OPTIONS = ("carta-1", "carta-2")
DIRECTIONS = ("izquierda", "derecha")


def thief_step(theme: Theme, s: WerewolfState) -> None:
    """Ladrón: he sees the two spare cards face up and may swap his card for one of them; if both are wolves
    he must. In the rulebook's variant he instead moves every dealt card one seat left or right."""
    call(theme, s, THIEF)
    # Whether his card is in the game first (dealt or spare: no other way to his power): most tables have none.
    seats = s.seats(THIEF) if THIEF in s.powers_in_game else []
    if not seats:
        return
    seat = seats[0]
    kind = theme.kinds["thief"]
    player = s.players[seat]
    if s.settings.thief_variant == "rotacion":
        s.ask(Prompt(f"p:{kind}", player, kind, DIRECTIONS))
        return
    s.emit("sobrantes", frozenset((player,)), roles=list(s.spare))
    forced = all(theme.roles[card] == WOLF for card in s.spare)
    s.ask(Prompt(f"p:{kind}", player, kind, CARD_OPTIONS, skippable=not forced, args={"cards": tuple(s.spare)}))


def thief_resolve(theme: Theme, s: WerewolfState, answers) -> None:
    (((player, _), chosen),) = answers.items()
    seat = s.index[player]
    if s.settings.thief_variant == "rotacion":
        _rotate(theme, s, seat, chosen[0])
    elif chosen:
        k = CARD_OPTIONS.index(chosen[0])
        s.roles[seat], s.spare[k] = s.spare[k], s.roles[seat]
        s.thief_move = ("cambio", seat, k)
        s.powers[seat] = theme.roles[s.roles[seat]]
        s.emit("cambio", frozenset((player,)), role=s.roles[seat])
    else:
        s.emit("sin-cambio", frozenset((player,)))
    # Whoever holds the Ladrón card afterwards is a simple villager: the card has no power after tonight.
    for i, role in enumerate(s.roles):
        if theme.roles[role] == THIEF:
            s.powers[i] = VILLAGER
    s.find_holders()


def _rotate(theme: Theme, s: WerewolfState, seat: int, direction: str) -> None:
    """Every card moves one seat: to the left is to the next player in seat order (clockwise)."""
    n = len(s.roles)
    shift = 1 if direction == "izquierda" else -1
    old = list(s.roles)
    s.thief_move = ("rotacion", shift)
    for i in range(n):
        s.roles[(i + shift) % n] = old[i]
    s.powers[:] = [theme.roles[r] for r in s.roles]
    s.emit("rotacion", frozenset((s.players[seat],)), direction=direction)
    for i, player in enumerate(s.players):
        s.emit("nueva-carta", frozenset((player,)), role=s.roles[i])


def cupid_step(theme: Theme, s: WerewolfState) -> None:
    """Cupido: names two players (himself allowed) who fall in love."""
    call(theme, s, CUPID)
    # As the Ladrón's: no seat to look for when her card is not in the game.
    seats = s.seats(CUPID) if CUPID in s.powers_in_game else []
    if not seats:
        return
    kind = theme.kinds["cupid"]
    s.ask(Prompt(f"p:{kind}", s.players[seats[0]], kind, s.players, min=2, max=2))


def cupid_resolve(theme: Theme, s: WerewolfState, answers) -> None:
    """The lovers learn who the other is, not the other's card; Cupido becomes a simple villager."""
    (((player, _), chosen),) = answers.items()
    a, b = sorted(s.index[p] for p in chosen)
    cupid = s.index[player]
    s.lovers = (a, b)
    s.lovers_side = any(theme.roles[s.roles[x]] == WOLF for x in (a, b))
    s.cupid = cupid
    s.powers[cupid] = VILLAGER
    players = s.players
    s.emit("flechas", frozenset((player,)), players=[players[a], players[b]])
    s.emit("enamorado", frozenset((players[a],)), player=players[b])
    s.emit("enamorado", frozenset((players[b],)), player=players[a])
