"""Despertar (section 9): a card's latent power, woken when its player is down to one living card or by the
Despertar event. An awakened card carries the auxiliary awakening card, which everybody sees on its position
(not what the card is). Characters keep the awakening for the rest of the game; an action card uses it once,
even if its normal power is spent (``awake_used``)."""

from __future__ import annotations

from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.state import BethlemState


def awaken(s: BethlemState, card: str, why: str) -> None:
    """Wake ``card``'s latent power (``why``: ``ultima-carta`` or ``despertar``)."""
    if s.awake.get(card) or not s.alive.get(card) or s.no_awake.get(card):
        return
    s.awake[card] = True
    seat, pos = s.where[card]
    player = s.players[seat]
    s.emit("despertar", None, player=player, position=pos + 1, why=why)
    s.emit("tu-despertar", frozenset((player,)), card=card)
    kind = KIND_OF[card]
    if kind == "richard-dadd":
        # Richard Dadd's awakening is shown to everybody: from now on only indirect deaths kill him.
        s.public[card] = True
        s.emit("revela", None, player=player, position=pos + 1, card=card, power="richard-dadd")
    elif kind == "el-archivo":
        # El archivo gets its power back for good; each player can be chosen once from now on.
        s.archive.lost = False
        s.archive.seen = []
    elif s.settings.hooks.on_awaken:
        hook = s.settings.hooks.on_awaken.get(kind)
        if hook is not None:
            hook(s, card)


def awaken_last_cards(s: BethlemState) -> None:
    """A player left with a single living card awakens it (unless Amnesia's second lynching is pending and
    the player was left so by the first one)."""
    waiting = s.amnesia.waiting
    lives = s.lives()  # each row read as it is kept, not copied seat by seat: asked after every resolution
    rows = lives.rows
    for seat in lives.seats:
        if seat in waiting:
            continue
        living = rows[seat]  # in the 2-player mode, the row's reserve cards with those on the table
        if len(living) == 1 and not s.awake.get(living[0]):
            awaken(s, living[0], "ultima-carta")
