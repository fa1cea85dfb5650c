"""The declared hooks through which the custom characters (``custom/``, section 13) take part in the rest of the
game: the tables the lower layers read, filled once by ``custom/registry.py`` (``plugins.install``).

The rules modules never name a custom character: the death resolution asks ``HOOKS.immunities`` (the
characters' and the acontecimientos'), ``harms`` and ``triggers``; the night and day flow ask ``dusks``,
``mutiny``, ``days``, ``round_ends``; the state asks ``silenced``; the game's views ask ``views`` and ``badges``,
its noninterference methods ``hides``, ``decks``, ``announced`` and the mode's rules (``ModeRules.deal``,
``known``, ``secret_draws``, ``told_to_nobody``). They read the table of their game's mode,
``s.settings.hooks`` (``hooks_of(s)``), which for a game without custom cards is an empty one (``NO_HOOKS``;
its ``triggers`` are the book's death powers alone): a table left empty means "nothing happens", so those
stages need no branch on the mode. This module sits below the state (it imports no rules module), so
any layer may read it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from velada.games.bethlem.state import AgendaStep, BethlemState
    from velada.games.bethlem.view import BethlemView

#: What ``silences`` may be asked about besides a card: a player's personality, their vote in the lynching,
#: their event cards.
PERSONA, VOTE, EVENTS = "personalidad", "voto", "eventos"
#: The harms ``Character.harm`` sees: a death marker, John Flick's accusation, La parca's design,
#: Melancolía.
DEATH, ACCUSATION, REAPER, MELANCHOLY = "muerte", "acusacion", "parca", "melancolia"
HARMS = (DEATH, ACCUSATION, REAPER, MELANCHOLY)
#: The moments of a round a character may act at (``Character.moments``): nightfall, before the night's steps;
#: the day, after the deaths are shown; the end of the round, after the lynching and the acontecimiento.
DUSK, DAY, ROUND_END = "anochecer", "dia", "fin-de-ronda"
MOMENTS = (DUSK, DAY, ROUND_END)

#: ``ask(game, s, seat, card, origin, stage)`` and ``answer(game, s, answers, seat, card, origin, stage)``.
Power = tuple[Callable[..., None], Callable[..., None] | None]
#: An agenda step ``(name, *args)`` run by ``steps[name](game, s, *args)``, or the answer to its prompts,
#: ``answers[name](game, s, answers, *args)`` (``flow.STEPS``, ``flow.ANSWERS``).
Step = Callable[..., None]
#: A night step's handler: ``handler(game, s)`` decides who wakes in the step.
Handler = Callable[[Any, "BethlemState"], None]
#: ``harm(s, card, what, by) -> card``: the card that takes the harm ``what`` aimed at ``card``; with ``by``
#: (the seats placing it, not None) the character reacts to it being placed as well.
Harm = Callable[["BethlemState", str, str, "tuple[int, ...] | None"], str]
#: A death power: ``trigger(s, card, cause, by)`` returns agenda steps to run (deaths go to ``s.res.next``).
Trigger = Callable[["BethlemState", str, str, tuple[int, ...]], list["AgendaStep"]]
#: ``view(game, s, view, me, narrator, lang)``: write into the built ``view`` (of the seat ``me``, None for anybody
#: else; ``narrator``) what a character or the mode shows that viewer: its keys of the table, of each player, of
#: ``you`` and of the narrator's ``secrets`` (each declared in ``view.BethlemView``).
ViewHook = Callable[[Any, "BethlemState", "BethlemView", "int | None", bool, str], None]


class Hooks:
    """Every custom character's pieces, gathered by kind of hook (see ``plugins.Character`` for each one's
    meaning), in the registry's order. The game's ``Settings.hooks`` holds its mode's table (a fixed one: a
    copy of a state shares it), so the rules reach a hook as cheaply as they used to read the mode."""

    __slots__ = (
        "actors",
        "after_deaths",
        "announced",
        "answers",
        "badges",
        "days",
        "decks",
        "dusks",
        "handlers",
        "harms",
        "hides",
        "immunities",
        "markers",
        "mutiny",
        "on_awaken",
        "on_out",
        "powers",
        "reveals",
        "round_ends",
        "rules",
        "silences",
        "steps",
        "triggers",
        "views",
    )

    powers: dict[str, Power]
    #: The mode's own rules where it differs from the book (``ModeRules``).
    rules: ModeRules
    handlers: dict[str, Handler]
    steps: dict[str, Callable[..., None]]
    answers: dict[str, Callable[..., None]]
    triggers: dict[str, Trigger]
    immunities: tuple[Callable[[BethlemState, str, str, int], str], ...]
    reveals: tuple[Callable[[BethlemState, int, list[str], bool], bool], ...]
    on_awaken: Mapping[str, Callable[[BethlemState, str], None]]
    markers: tuple[Callable[[BethlemState, str, bool], list[str]], ...]
    dusks: tuple[Handler, ...]
    round_ends: tuple[Handler, ...]
    days: tuple[Handler, ...]
    on_out: tuple[Callable[[BethlemState, int], list[AgendaStep]], ...]
    #: ``after_deaths(s, deaths)``: a resolution killed ``deaths`` or took players out (the custom mode: who
    #: shows their objective now).
    after_deaths: tuple[Callable[[BethlemState, list[Any]], None], ...]
    actors: tuple[Callable[[BethlemState, str], list[tuple[int, str, str]]], ...]
    mutiny: tuple[Callable[[BethlemState, list[int]], tuple[list[int], list[AgendaStep]]], ...]
    silences: tuple[Callable[[BethlemState, int, str, bool], bool], ...]
    harms: tuple[Harm, ...]
    hides: tuple[Callable[[BethlemState, BethlemState, int | None, Any], None], ...]
    badges: tuple[Callable[[BethlemState, int, int | None, bool], list[str]], ...]
    #: What the characters and the mode write into a view (the mode's first).
    views: tuple[ViewHook, ...]
    #: The face-down decks' lists (``Character.decks``).
    decks: tuple[Callable[[BethlemState], list[list[str]]], ...]
    #: By prompt kind: the options of a hidden decision the table hears of at once (``Game.announced_options``).
    announced: Mapping[str, frozenset[str]]

    def __init__(self, rules: ModeRules) -> None:
        self.rules = rules
        self.powers = {}
        self.handlers = {}
        self.steps = {}
        self.answers = {}
        self.triggers = {}
        self.immunities = ()
        self.reveals = ()
        self.on_awaken = {}
        self.markers = ()
        self.dusks = ()
        self.round_ends = ()
        self.days = ()
        self.on_out = ()
        self.after_deaths = ()
        self.actors = ()
        self.mutiny = ()
        self.silences = ()
        self.harms = ()
        self.hides = ()
        self.badges = ()
        self.views = ()
        self.decks = ()
        self.announced = {}

    def __copy__(self) -> Hooks:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Hooks:
        return self

    def __reduce__(self) -> tuple[Callable[[bool], Hooks], tuple[bool]]:
        return _table, (self is HOOKS,)


def _not_installed(*args: Any) -> Any:
    raise RuntimeError("this mode's rule is not installed (velada.games.bethlem.custom.registry, or its book module)")


@dataclass(slots=True)
class ModeRules:
    """The rules in which the custom-cards mode (sections 13-15) differs from the book, one table per mode
    (``BOOK_MODE``, ``CUSTOM_MODE``) reached through the mode's hook table, ``s.settings.hooks.rules``: a rule
    asks its mode's table instead of branching on the mode. Each book module fills the book's entry of its rule
    when imported; ``custom/registry.py`` fills the custom mode's (``custom/mode.py``, ``objectives.py``)."""

    #: ``objective(s, seat)``: what ``seat`` plays for now (with custom cards, its objective card).
    objective: Callable[[BethlemState, int], str] = _not_installed
    #: ``outcome(s)``: the result if some objective is met now, or None.
    outcome: Callable[[BethlemState], Any] = _not_installed
    #: ``round_steps(s)``: the agenda of a new round (its night and day).
    round_steps: Callable[[BethlemState], tuple[AgendaStep, ...]] = _not_installed
    #: ``pack(s)``: the seats that wake in the mutineers' turn.
    pack: Callable[[BethlemState], list[int]] = _not_installed
    #: ``before_mutiny(s) -> bool``: something comes before the mutineers wake (it queued the turn again after
    #: it: the Traidor's choice on the first night); None: nothing does (the book's).
    before_mutiny: Callable[[BethlemState], bool] | None = None
    #: ``rose(s, seat)``: ``seat`` voted with the mutineers (what rising costs them); None: nothing (the book's).
    rose: Callable[[BethlemState, int], None] | None = None
    #: ``lobotomy(s, target, mode)``: Terapia lobotomía's change of side, once the card was shown.
    lobotomy: Callable[[BethlemState, str, str], None] = _not_installed
    #: ``rabies(s, seat, step, mode)``: Infecto de rabia fired from ``seat``, looking ``step`` (+1 or -1) round the
    #: table.
    rabies: Callable[[BethlemState, int, int, str], None] = _not_installed
    #: ``help(s, me, narrator) -> (sides, ids)``: the sides whose help a viewer gets (their own, the objectives
    #: they see) and the mode's other help ids (``guide.visible_ids``).
    help: Callable[[BethlemState, int | None, bool], tuple[list[str], tuple[str, ...]]] = _not_installed
    #: ``finish(s)``: what the table is shown at the end of the game, before the result.
    finish: Callable[[BethlemState], None] = _not_installed
    #: ``archive(s, target, awakened) -> positions``: the positions El archivo tells of ``target``'s cards.
    archive: Callable[[BethlemState, int, bool], list[int]] = _not_installed
    #: ``melancholy(s, seat, target, option)``: who is told now of the card Melancolía silenced.
    melancholy: Callable[[BethlemState, int, str, str], None] = _not_installed
    # --- what the noninterference check deals again and compares (``game.BethlemGame``'s methods) ---
    #: ``deal(s, deal)``: what the mode deals besides the book's life cards, personalities and events, added to
    #: ``deal`` (``Game.deal_of``: the objective cards, the acontecimientos); None: nothing (the book's).
    deal: Callable[[BethlemState, dict[str, Any]], None] | None = None
    #: ``known(s, me, known)``: what the seat ``me`` (None: anybody else) sees of it, added to ``known``
    #: (``Game.knowledge``: the objective cards they see); None: nothing (the book's).
    known: Callable[[BethlemState, int | None, set[Any]], None] | None = None
    #: The chance draws told to some players only (``Game.secret_draws``).
    secret_draws: frozenset[str] = frozenset()
    #: Prompt kinds whose answers nobody is told at once (``Game.told_of``: with custom cards Melancolía's card,
    #: which the table wakes to see only later, see ``melancholy``).
    told_to_nobody: frozenset[str] = frozenset()


@dataclass(slots=True)
class NightTables:
    """Every power by id and the night turns with a handler of their own (``powers.POWERS``,
    ``powers.HANDLERS`` and the night's own ``night.LOCAL_HANDLERS``), for the characters that use another card's
    power in their own turn (El Arquitecto, La Médium, La Médico); filled by ``night.py`` when it is imported."""

    powers: Mapping[str, Power] = field(default_factory=dict)
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    local_handlers: Mapping[str, Handler] = field(default_factory=dict)


#: The night's tables, filled in place by ``night.py``.
NIGHT = NightTables()

#: The custom mode's rules, filled in place like ``HOOKS``.
CUSTOM_MODE = ModeRules()
#: The book's, filled in place by the module of each rule.
BOOK_MODE = ModeRules()

#: The one table, filled in place by ``plugins.install`` when the custom package is imported.
HOOKS = Hooks(CUSTOM_MODE)

#: The table a game without custom cards reads: every hook empty, so nothing happens (the book's death powers
#: and rules apart).
NO_HOOKS = Hooks(BOOK_MODE)
#: The tables by ``Settings.custom``: what ``hooks_of`` returns, read in place where the rules ask at every turn.
BY_MODE = (NO_HOOKS, HOOKS)


def _table(custom: bool) -> Hooks:
    """The table of a mode, by ``Settings.custom`` (what a pickled table stands for)."""
    return BY_MODE[custom]


def hooks_of(s: BethlemState) -> Hooks:
    """The hooks this game's rules call: the custom characters' with custom cards, none otherwise
    (``Settings.hooks``, which the rules read in place). The stages that call them ask this table rather than the
    mode."""
    return s.settings.hooks


def silenced(s: BethlemState, seat: int, what: str, active: bool = True) -> bool:
    """Whether a custom character keeps ``seat`` from using ``what`` now (``Character.silences``)."""
    return any(hook(s, seat, what, active) for hook in s.settings.hooks.silences)


def harm(s: BethlemState, card: str, what: str, by: tuple[int, ...] = ()) -> str:
    """A harm (``HARMS``) is aimed at ``card`` by the seats ``by``: the card that takes it (La Maestra Vudú's
    doll), each character with a ``harm`` hook told in turn (``Character.harm``)."""
    for hook in s.settings.hooks.harms:
        card = hook(s, card, what, by)
    return card


def redirected(s: BethlemState, card: str, what: str) -> str:
    """The card that takes a harm aimed at ``card``, without telling anybody (it was told when placed)."""
    for hook in s.settings.hooks.harms:
        card = hook(s, card, what, None)
    return card
