"""What Bethlem tells people outside its rules: the narrator's script and the help a player can tap.

The script (``narration``) speaks public events only: each call of the night's order as its step begins and
ends (every card on the table is called, dead or alive), nightfall and dawn, the deaths with the card revealed,
the lynching's outcome, objectives revealed, acontecimientos and the end.

Help ids: ``carta:<kind>`` (every life, personality and event card: its power, its Bipolaridad opposite and its
awakening, a custom character's extra power; texts in ``help/<lang>.toml``), ``mundo:<card>`` (El Saltamundos'
world cards), ``objetivo:<side>`` (a side or objective card) and ``acontecimiento:<id>``. A viewer gets the help
of the cards their view shows them (their own, the face-up and dead ones, those they saw), their events, their
personality and the personalities shown, their own side and the objectives revealed."""

from __future__ import annotations

from typing import Any

from velada.core.game import CardHelp
from velada.core.protocol import CALL, PUBLIC, Event, Viewer
from velada.games.bethlem import visibility
from velada.games.bethlem.cards import COMPOSITIONS, KIND_OF, KINDS, PERIODIC, PUNCTUAL
from velada.games.bethlem.custom.saltamundos_data import WORLD_CARDS
from velada.games.bethlem.ending import objective
from velada.games.bethlem.hooks import BOOK_MODE
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
        if not event.data["card"]:  # a turn no card names: the mutineers
            return [game.text(lang, f"voice.wake-{event.data['call']}")]
        return [game.text(lang, "voice.wake", card=game.card_name(event.data["card"], lang))]
    if event.kind in NARRATED:
        return [game.event_text(state, event, lang)]
    return []


def call_end(game: Any, state: BethlemState, event: Event, lang: str) -> list[str]:
    if not event.data["card"]:
        return [game.text(lang, f"voice.sleep-{event.data['call']}")]
    return [game.text(lang, "voice.sleep", card=game.card_name(event.data["card"], lang))]


def all_ids() -> list[str]:
    return (
        [f"carta:{kind}" for kind in KINDS]
        + [f"mundo:{card}" for card in WORLD_CARDS]
        + [f"objetivo:{side}" for side in SIDES_WITH_HELP]
        + [f"acontecimiento:{h}" for h in HAPPENINGS]
    )


def visible_ids(game: Any, s: BethlemState, viewer: Viewer) -> list[str]:
    """What the viewer's view shows (see the module's docstring), their own cards first; in the custom mode
    every acontecimiento (the deck is the same at every table)."""
    me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
    narrator = viewer is None
    seats = list(range(len(s.players)))
    if me is not None:
        seats.remove(me)
        seats.insert(0, me)
    # The cards the viewer may know (None: every card).
    visible = None if narrator else visibility.shown_to(s, me)
    kinds: list[str] = []
    for seat in seats:
        kinds += [KIND_OF.get(card, card) for card in s.board[seat] if visible is None or card in visible]
        if visibility.persona_shown(s, me, narrator, seat):
            kinds.append(s.persona[seat])
        if narrator or seat == me:
            kinds += [KIND_OF.get(card, card) for card in s.hand[seat]]
    ids = [f"carta:{kind}" for kind in dict.fromkeys(kinds) if kind in KINDS]
    if "el-saltamundos" in kinds and (narrator or (me is not None and "el-saltamundos" in s.board[me])):
        ids += [f"mundo:{card}" for card in WORLD_CARDS]
    sides, more = s.settings.hooks.rules.help(s, me, narrator)
    ids += [f"objetivo:{side}" for side in dict.fromkeys(sides) if side in SIDES_WITH_HELP]
    ids += more
    return ids


def _book_help(s: BethlemState, me: int | None, narrator: bool) -> tuple[list[str], tuple[str, ...]]:
    """The book's: the viewer's own side, what they play for now."""
    return ([objective(s, me)] if me is not None else []), ()


BOOK_MODE.help = _book_help


def card_help(game: Any, help_id: str, lang: str) -> CardHelp:
    kind, _, name = help_id.partition(":")
    if kind == "carta" and name in KINDS:
        return _card(game, help_id, name, lang)
    if kind == "mundo" and name in WORLD_CARDS:
        title, _, text = game.text(lang, f"option.{name}").partition(": ")
        return CardHelp(help_id, title, text[:1].upper() + text[1:] + ".")
    if kind == "objetivo" and name in SIDES_WITH_HELP:
        title = game.text(lang, "help.title.objetivo", name=game.text(lang, f"side.{name}"))
        return CardHelp(help_id, title, game.text(lang, f"help.side.{name}"))
    if kind == "acontecimiento" and name in HAPPENINGS:
        title, _, text = game.text(lang, f"happening.{name}").partition(": ")
        return CardHelp(help_id, title, text[:1].upper() + text[1:])
    raise KeyError(help_id)


def _card(game: Any, help_id: str, kind: str, lang: str) -> CardHelp:
    """A card's help: its power, then what kind of card it is (group, when it acts, one use, side) and its other
    faces, each labelled."""
    t = game.text
    card = KINDS[kind]
    life = card.group in ("P1", "P2", "A1", "A2")
    group = t(lang, f"group.{card.group}") if life else t(lang, f"help.kind.{card.group}")
    facts = [group, t(lang, f"help.kind.{card.time}")]
    if card.once:
        facts.append(t(lang, "help.kind.un-uso"))
    if card.side:
        facts.append(t(lang, "help.kind.bando", side=t(lang, f"side.{card.side}")))
    details = [(t(lang, "help.kind.label"), ", ".join(facts))]
    for face in ("extra", "opposite", "awakening", "awakening_opposite"):
        name = f"help.card.{kind}.{face}"
        if game.catalog.has(lang, name):
            details.append((t(lang, f"help.label.{face}"), t(lang, name)))
    return CardHelp(help_id, game.card_name(kind, lang), t(lang, f"help.card.{kind}.text"), tuple(details))


def presets() -> dict[int, dict[str, str]]:
    """The normal mode's recommended composition for 4 to 7 players (``data/composiciones.toml``, what ``cartas=auto``
    deals), written out so the host sees it and can change it; 2 and 3 players deal by their own rules, so their
    preset is the defaults (said explicitly, so that a lobby never carries a larger table's cards over)."""
    table: dict[int, dict[str, str]] = {n: {"cards": "normal", "cartas": "auto"} for n in (2, 3)}
    for players, composition in COMPOSITIONS["normal"].items():
        cards = [*composition["life"], *composition["personalities"]]
        table[int(players)] = {"cards": "normal", "cartas": ",".join(cards)}
    return dict(sorted(table.items()))
