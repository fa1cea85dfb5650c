"""What Bethlem tells people outside its rules: the narrator's script and the help a player can tap.

The script (``narration``) speaks public events only: each call of the night's order as its step begins and
ends (every card on the table is called, dead or alive), nightfall and dawn, the deaths with the card revealed,
the lynching's outcome, objectives revealed, acontecimientos and the end. Help ids: ``objetivo:<side>`` (a
side or objective card: the viewer's own, and those revealed) and ``acontecimiento:<id>``."""

from __future__ import annotations

from typing import Any

from velada.core.game import CardHelp
from velada.core.protocol import CALL, PUBLIC, Event, Viewer
from velada.games.bethlem.cards import PERIODIC, PUNCTUAL
from velada.games.bethlem.ending import objective
from velada.games.bethlem.state import BethlemState

#: The public events the narrator speaks, besides the calls.
NARRATED = frozenset(
    {
        "noche",
        "amanece",
        "dia",
        "sin-muertes",
        "muerte",
        "linchado",
        "sin-linchamiento",
        "linchamiento-cancelado",
        "carta-linchada",
        "resurreccion",
        "objetivo-revelado",
        "acontecimiento",
        "todos-despiertan",
        "fin",
    }
)

#: Sides and objective cards with a help text (``help.side.<id>``).
SIDES_WITH_HELP = ("amotinados", "internos", "traidor", "renegado", "inquisidor")
HAPPENINGS = (*PERIODIC, *PUNCTUAL)


def narration(game: Any, state: BethlemState, event: Event, lang: str) -> list[str]:
    if event.kind == CALL:
        return [game.text(lang, "voice.wake", card=game.card_name(event.data["card"], lang))]
    if event.kind in NARRATED:
        return [game.event_text(state, event, lang)]
    return []


def call_end(game: Any, state: BethlemState, event: Event, lang: str) -> list[str]:
    return [game.text(lang, "voice.sleep", card=game.card_name(event.data["card"], lang))]


def all_ids() -> list[str]:
    return [f"objetivo:{side}" for side in SIDES_WITH_HELP] + [f"acontecimiento:{h}" for h in HAPPENINGS]


def visible_ids(s: BethlemState, viewer: Viewer) -> list[str]:
    """The viewer's own side or objective (normal mode: the side they play for), the objectives revealed, and in
    the custom mode every acontecimiento (the deck is the same at every table)."""
    sides: list[str] = []
    me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
    if me is not None:
        sides.append(s.goal[me] if s.settings.custom else objective(s, me))
    if s.settings.custom:
        seats = range(len(s.players))
        sides += [s.goal[seat] for seat in seats if viewer is None or s.goal_public[seat]]
    ids = [f"objetivo:{side}" for side in dict.fromkeys(sides) if side in SIDES_WITH_HELP]
    if s.settings.custom:
        ids += [f"acontecimiento:{h}" for h in HAPPENINGS]
    return ids


def card_help(game: Any, help_id: str, lang: str) -> CardHelp:
    kind, _, name = help_id.partition(":")
    if kind == "objetivo" and name in SIDES_WITH_HELP:
        title = game.text(lang, "help.title.objetivo", name=game.text(lang, f"side.{name}"))
        return CardHelp(help_id, title, game.text(lang, f"help.side.{name}"))
    if kind == "acontecimiento" and name in HAPPENINGS:
        title, _, text = game.text(lang, f"happening.{name}").partition(": ")
        return CardHelp(help_id, title, text[:1].upper() + text[1:])
    raise KeyError(help_id)
