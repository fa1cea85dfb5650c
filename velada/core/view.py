"""The view contract: what every game's view holds, whatever the game, for the pages, bots and agents that read it.

``engine.build_view`` puts together the platform's part (the game, the viewer, their prompts, help, talk channels,
who is still to answer, their log, the result) and the game's own (``Game.view``). The generic pages (the players'
list, the viewer's card, the phase line) read only what this module declares; anything else a game shows is its
own extension, read by its own template (``velada/web/templates/games/<game>.html``) or ignored.

A player's ``alive`` is the generic "still playing": false once they died (Werewolf) or are out of the game
(Bethlem, whose life cards die one by one; its own ``cards`` say which). ``role`` and ``role_name`` are the card
the viewer may know of that player, ``None`` while it is hidden; ``badges`` are short public texts already in the
viewer's language (the sheriff, a dying vampire).

The contract is static: ``Game.view`` returns a :class:`GameView`, and each game declares its own view as
``TypedDict`` subclasses of these (``velada/games/<game>/view.py``: ``WerewolfView(GameView)`` with its
``WerewolfPlayerView(PlayerView)``…), which add the game's keys, its extension, and narrow ``players`` and ``you``
to its own entries. mypy, which runs on ``velada/`` in every test run, then refuses a view that lacks a key the
contract requires, misspells one, or writes a key its game did not declare (``tests/test_contrato_de_vista.py``
shows it on a wrong view). The keys the platform's part narrows are read-only here so that a game's subclass may
narrow them (PEP 705); a game's own ``TypedDict`` declares them again, writable. The pages read only what these
types and the games' own declare (the same test reads every template). :func:`contract_errors` checks a built
view at run time too (the test runs it on every game's views, for every viewer, through random games).
"""

# No ``from __future__ import annotations``: the run-time check reads which keys may be missing from the classes,
# which needs their annotations evaluated; typing_extensions' TypedDict knows ReadOnly before Python 3.13.
from collections.abc import Sequence
from types import UnionType
from typing import Any, Literal, NotRequired, Union, get_args, get_origin

from typing_extensions import ReadOnly, TypedDict, get_type_hints, is_typeddict


class PhaseView(TypedDict):
    """Where the game is: a stable id (``noche``, ``dia``, ``fin``…) and the phase line, in the viewer's language.
    ``theme``: the screen's theme, where the phase's id does not say it (a game played at night all along)."""

    id: str
    text: str
    theme: NotRequired[Literal["night", "day"]]


class PlayerView(TypedDict):
    """One player as the viewer sees them."""

    id: str
    name: str
    alive: bool
    badges: list[str]
    role: NotRequired[str | None]
    role_name: NotRequired[str | None]


class YouView(TypedDict):
    """The viewer's own seat (only for a seated viewer): their id and, where the game deals one, their card.
    ``objective`` and its text: the viewer's side where the game deals it as a card of its own (Bethlem's
    objective), which the viewer's card shows as their side."""

    id: str
    role: NotRequired[str | None]
    role_name: NotRequired[str | None]
    notes: NotRequired[list[str]]
    objective: ReadOnly[NotRequired[str]]
    objective_text: ReadOnly[NotRequired[str]]


class SideView(TypedDict):
    """The viewer's side, where a game tells it apart from their card: its id and name."""

    id: str
    text: str


class CardCountView(TypedDict):
    """One card of the game's composition, as the table knows it: the card, its name, how many copies."""

    role: str
    name: str
    count: int


class GameView(TypedDict):
    """What ``Game.view`` must return: the phase, the players and, for a seated viewer, their seat; and what the
    generic pages read besides where a game has it (the viewer's ``side``, the composition's ``cards``). A
    game's own ``TypedDict`` adds keys of its own beside these."""

    phase: ReadOnly[PhaseView]
    players: ReadOnly[Sequence[PlayerView]]
    you: ReadOnly[NotRequired[YouView]]
    side: ReadOnly[NotRequired[SideView]]
    cards: ReadOnly[NotRequired[Sequence[CardCountView]]]


class View(GameView):
    """What ``engine.build_view`` returns (to its callers a plain ``dict``: the pages, bots and agents read it as
    JSON): the platform's part around the game's."""

    game: str
    title: str
    lang: str
    viewer: str | None
    prompts: list[dict[str, Any]]
    help: list[dict[str, Any]]
    talk: Any
    waiting: list[str]
    log: list[dict[str, Any]]
    result: dict[str, Any] | None


def _runtime_types(annotation: Any) -> tuple[type, ...]:
    """The classes a JSON-ready value of a declared type may have (``()``: any): a declared dictionary is a
    ``dict``, any sequence a ``list``, a ``Literal`` of texts a ``str``."""
    if annotation is Any:
        return ()
    if is_typeddict(annotation):
        return (dict,)
    origin = get_origin(annotation)
    if origin in (Union, UnionType):
        return tuple(t for arm in get_args(annotation) for t in _runtime_types(arm))
    if origin is Literal:
        return tuple({type(v) for v in get_args(annotation)})
    if origin in (list, Sequence):
        return (list,)
    if origin is dict:
        return (dict,)
    return (type(None),) if annotation is None else (annotation,)


def _fields(declared: Any) -> tuple[dict[str, tuple[type, ...]], frozenset[str]]:
    """A declared dictionary's keys with the classes their values may have, and which keys may be missing: read
    from the types above, the one declaration of the contract."""
    hints = get_type_hints(declared)
    return {key: _runtime_types(hint) for key, hint in hints.items()}, frozenset(declared.__optional_keys__)


#: For each declared dictionary: its keys with the classes their values may have, and which keys may be missing.
#: A view's ``you`` is checked apart (it is there for a seated viewer only).
_FIELDS: dict[str, tuple[dict[str, tuple[type, ...]], frozenset[str]]] = {
    "phase": _fields(PhaseView),
    "player": _fields(PlayerView),
    "you": _fields(YouView),
    "view": _fields(View),
}


def _check(kind: str, value: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: not a dictionary"]
    fields, optional = _FIELDS[kind]
    errors = []
    for key, types in fields.items():
        if key not in value:
            if key not in optional:
                errors.append(f"{where}.{key}: missing")
        elif types and not isinstance(value[key], types):
            errors.append(f"{where}.{key}: {type(value[key]).__name__}, not {'/'.join(t.__name__ for t in types)}")
    return errors


def contract_errors(view: dict[str, Any], seated: bool) -> list[str]:
    """What ``view`` (a whole view, as ``engine.build_view`` returns it) lacks of the contract: empty when it
    keeps it. ``seated``: the viewer holds a seat, so the view has their ``you``."""
    errors = _check("view", view, "view")
    if errors:
        return errors
    errors += _check("phase", view["phase"], "phase")
    for k, player in enumerate(view["players"]):
        errors += _check("player", player, f"players[{k}]")
        if isinstance(player, dict) and isinstance(player.get("badges"), list):
            errors += [f"players[{k}].badges: {b!r} is not a text" for b in player["badges"] if not isinstance(b, str)]
    if seated:
        if "you" not in view or not view["you"]:
            errors.append("you: missing for a seated viewer")
        else:
            errors += _check("you", view["you"], "you")
            if view["you"].get("id") != view["viewer"]:
                errors.append("you.id: not the viewer")
    elif view.get("you"):
        errors.append("you: present for a viewer without a seat")
    ids = [p.get("id") for p in view["players"] if isinstance(p, dict)]
    if len(set(ids)) != len(ids):
        errors.append("players: an id appears twice")
    return errors
