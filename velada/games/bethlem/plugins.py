"""The plugin interface of the custom principal characters (rulebook section 13): the shape of a character and
the helpers every one of them uses.

A character module (``custom/``) exports ``CHARACTER = Character(kind, ...)``: its powers and night handlers in
the same shape as ``characters.POWERS`` / ``characters.HANDLERS``, its agenda steps, its death powers, and the few
hooks the rest of the game calls (all optional; a missing hook means "nothing happens"). ``custom/registry.py``
lists the modules and calls :func:`install`, which gathers them into ``hooks.HOOKS``: the rules below never import
a character.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from velada.games.bethlem.cards import MUTINEERS, RISING
from velada.games.bethlem.hooks import (
    ACCUSATION,
    DAY,
    DEATH,
    DUSK,
    EVENTS,
    HARMS,
    HOOKS,
    MELANCHOLY,
    MOMENTS,
    PERSONA,
    REAPER,
    ROUND_END,
    VOTE,
    Handler,
    Harm,
    Power,
    Step,
    Trigger,
    ViewHook,
)
from velada.games.bethlem.state import AgendaStep, BethlemState, CustomRecord

R = TypeVar("R", bound=CustomRecord)

__all__ = [
    "ACCUSATION",
    "DAY",
    "DEATH",
    "DUSK",
    "EVENTS",
    "HARMS",
    "MELANCHOLY",
    "PERSONA",
    "REAPER",
    "ROUND_END",
    "VOTE",
    "Character",
    "awake",
    "extra",
    "found",
    "install",
    "record",
    "rises",
]


@dataclass(frozen=True)
class Character:
    """One custom principal character: its base power, its extra power (``extra``) and its awakening
    (``s.awake[card]``), wired through these tables and hooks."""

    kind: str
    #: Powers by id (a night step's id, or any id the character's steps use with ``("act", id, …)``).
    powers: Mapping[str, Power] = field(default_factory=dict)
    #: Night step id → handler (``data/noche-personalizada.toml``); without one, the step wakes the card's holder
    #: and calls ``powers[step id]``.
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    #: Agenda steps ``(name, *args)`` of the character, each ``(step, answer)``: the step ``step(game, s, *args)``
    #: and the answer to its prompts ``answer(game, s, answers, *args)`` (``flow.STEPS``, ``flow.ANSWERS``).
    #: Prefix names with the kind.
    steps: Mapping[str, tuple[Step, Step]] = field(default_factory=dict)
    #: Death powers by card kind (``deaths.TRIGGERS``'s shape).
    triggers: Mapping[str, Trigger] = field(default_factory=dict)
    #: ``immunity(s, card, cause, flags) -> reason``: why an attack on ``card`` does not kill it ("" if it does).
    #: Called for every attacked card, before the Siamesas' rule (``deaths._filter``).
    immunity: Callable[[BethlemState, str, str, int], str] | None = None
    #: ``reveals(s, seat, dead, default) -> bool``: after cards die, whether ``seat`` (objective still hidden)
    #: must show it now; ``default`` is the best-card rule's verdict (``objectives.best_card_died``).
    reveals: Callable[[BethlemState, int, list[str], bool], bool] | None = None
    #: Called when one of its cards awakens (``awakening.awaken``).
    on_awaken: Callable[[BethlemState, str], None] | None = None
    #: Markers it puts on a card for views: ``markers(s, card, narrator) -> [marker ids]``.
    markers: Callable[[BethlemState, str, bool], list[str]] | None = None
    #: What it does at a moment of the round (``MOMENTS``), ``handler(game, s)``: at nightfall (``DUSK``,
    #: before the night's steps: clear this round's markers), by day (``DAY``, after the deaths are shown: day
    #: powers), at the end of the round (``ROUND_END``, after the lynching and the acontecimiento).
    moments: Mapping[str, Handler] = field(default_factory=dict)
    #: ``on_out(s, seat) -> agenda steps``: a player went out of the game (their objective is already shown).
    on_out: Callable[[BethlemState, int], list[AgendaStep]] | None = None
    #: ``actors(s, kind) -> [(seat, card, origin)]``: somebody else who wakes in the turn of ``kind``
    #: (``common.actors``), with an origin of ``common.SUFFIX``.
    actors: Callable[[BethlemState, str], list[tuple[int, str, str]]] | None = None
    #: ``mutiny(s, pack) -> (pack, steps)``: in the mutineers' turn, who rises after all and what happens
    #: after their attack (Gas de la risa's laughing fit).
    mutiny: Callable[[BethlemState, list[int]], tuple[list[int], list[AgendaStep]]] | None = None
    # --- part B's hooks (El Cyborg, La Maestra Vudú, El Otaku, La Médico, La Médium, El Saltamundos,
    # El Relojero) ---
    #: ``silences(s, seat, what, active) -> bool``: ``seat`` may not use ``what`` now — a card id (``active``:
    #: its power in its turn; otherwise its passive and death powers), or ``PERSONA``, ``VOTE``, ``EVENTS``.
    silences: Callable[[BethlemState, int, str, bool], bool] | None = None
    #: ``harm(s, card, what, by) -> card``: the card that takes a harm (``HARMS``) aimed at ``card`` (a
    #: substitution); ``by``, the seats placing it (None when the rules only ask where it falls), lets the
    #: character react to it being placed (``hooks.harm``, ``hooks.redirected``).
    harm: Harm | None = None
    #: ``hide(state, s, me, rng)``: deal again, in the copy ``s`` of ``state`` a view is checked against, the
    #: character's secrets that the seat ``me`` may not know (``game.shuffle_hidden``, the no-leak property).
    hide: Callable[[BethlemState, BethlemState, int | None, Any], None] | None = None
    #: ``badges(s, seat, viewer, narrator) -> [badge ids]``: what a view shows beside ``seat``'s name that the
    #: viewer (a seat, or None) may know — El Saltamundos' frontier roles. Texts under ``badge.`` in the messages;
    #: the view's ``badges`` (the platform's player list shows them) holds the texts.
    badges: Callable[[BethlemState, int, int | None, bool], list[str]] | None = None
    #: ``view(game, s, view, me, narrator, lang)``: what else the character shows a viewer, written into the built
    #: view (``hooks.ViewHook``): La Chef's broccoli in the centre, what El Relojero took off and the numbers he
    #: alone knows, El Saltamundos' decks and hand. Each key declared in ``view.BethlemView``.
    view: ViewHook | None = None
    #: ``decks(s) -> [deck]``: the character's decks lying face down, lists in its record whose order nobody may
    #: know (El Saltamundos' world and La frontera): the noninterference check swaps their cards
    #: (``game.nudge_hidden``).
    decks: Callable[[BethlemState], list[list[str]]] | None = None
    #: By prompt kind of the character: the options the table hears of at once when chosen (El Relojero's journey
    #: to the future and stopping time; ``Game.announced_options``).
    announced: Mapping[str, frozenset[str]] = field(default_factory=dict)


def record(s: BethlemState, kind: str, cls: type[R]) -> R:
    """The character's own record in the state (``s.custom[kind]``), an empty ``cls()`` when missing."""
    d = s.custom.get(kind)
    if d is None:
        made = s.custom[kind] = cls()
        return made
    assert isinstance(d, cls), f"{kind} keeps a {type(d).__name__}, not a {cls.__name__}"
    return d


def found(s: BethlemState, kind: str, cls: type[R]) -> R | None:
    """The character's typed record in the state (``s.custom[kind]``), or None while it has none (nothing is
    created: whether a character keeps a record is part of the state)."""
    d = s.custom.get(kind)
    assert d is None or isinstance(d, cls), f"{kind} keeps a {type(d).__name__}, not a {cls.__name__}"
    return d


def rises(s: BethlemState, seat: int) -> bool:
    """Whether ``seat``'s objective wakes with the mutineers: Amotinados, the Renegado, and a Traidor who chose
    the mutineers on the first night (section 13). Terapia lobotomía on their principal card changes that
    (``s.goal_override``)."""
    goal = s.goal_override.get(seat) or s.goal[seat]
    if goal in RISING:
        return True
    return goal == "traidor" and s.traitor_side.get(seat) == MUTINEERS


def extra(s: BethlemState, card: str) -> bool:
    """A custom character's extra power works for its holder: their objective is not one that rises with the
    mutineers (those already have rising to kill as their extra power, section 13). A blood pact does not
    change this: the objective card does."""
    return not rises(s, s.holder(card))


def awake(s: BethlemState, card: str) -> bool:
    """The character's awakening is active on ``card`` (section 9: its holder was left with it alone, or the
    Despertar event), and not taken away by La caja de Pandora."""
    return bool(s.awake.get(card))


def install(characters: Iterable[Character]) -> None:
    """Gather the characters' pieces into ``hooks.HOOKS``, in the order given (the registry's). A character
    declaring a moment the rules do not call is refused before anything is installed."""
    chars = list(characters)
    for c in chars:
        if not set(c.moments) <= set(MOMENTS):
            raise ValueError(f"{c.kind}: unknown moments {sorted(set(c.moments) - set(MOMENTS))}")

    def present(name: str) -> tuple:
        return tuple(getattr(c, name) for c in chars if getattr(c, name) is not None)

    HOOKS.powers = {k: v for c in chars for k, v in c.powers.items()}
    HOOKS.handlers = {k: v for c in chars for k, v in c.handlers.items()}
    HOOKS.steps = {k: step for c in chars for k, (step, _) in c.steps.items()}
    HOOKS.answers = {k: answer for c in chars for k, (_, answer) in c.steps.items()}
    HOOKS.triggers = {k: v for c in chars for k, v in c.triggers.items()}
    HOOKS.immunities = present("immunity")
    HOOKS.reveals = present("reveals")
    HOOKS.on_awaken = {c.kind: c.on_awaken for c in chars if c.on_awaken is not None}
    HOOKS.markers = present("markers")

    def at(moment: str) -> tuple[Handler, ...]:
        return tuple(c.moments[moment] for c in chars if moment in c.moments)

    HOOKS.dusks = at(DUSK)
    HOOKS.round_ends = at(ROUND_END)
    HOOKS.days = at(DAY)
    HOOKS.on_out = present("on_out")
    HOOKS.actors = present("actors")
    HOOKS.mutiny = present("mutiny")
    HOOKS.silences = present("silences")
    HOOKS.harms = present("harm")
    HOOKS.hides = present("hide")
    HOOKS.badges = present("badges")
    HOOKS.views = present("view")
    HOOKS.decks = present("decks")
    HOOKS.announced = {k: v for c in chars for k, v in c.announced.items()}
