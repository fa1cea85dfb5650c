"""What a game is, as the core sees it.

A game declares itself as data first (:class:`GameInfo`, its options, the kinds of prompt it opens), then
supplies four functions: ``setup`` (a state with its first prompts open), ``resolve`` (apply the answers to a
completed group of prompts and open the next ones), ``view`` (the game-specific part of what one viewer may
see) and the texts of its prompts and events. The core collects answers, checks them and calls ``resolve`` once
every open prompt is answered, so simultaneous decisions (all wolves, every voter) are one group to a game.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple

from typing_extensions import TypeVar

from velada.core.bots import BotFactory, random_bot
from velada.core.i18n import Catalog, Term
from velada.core.options import GameOption
from velada.core.protocol import CALL, Event, Prompt, Result, Viewer
from velada.core.talk import Channel, day_channel
from velada.core.view import GameView

_new_object = object.__new__

#: Answers to a completed group of prompts, by (player, prompt id); an empty tuple is a skip.
Answers = dict[tuple[str, str], tuple[str, ...]]


@dataclass(frozen=True)
class GameInfo:
    """A game's identity card, read by the registry, the command line and the web lobby."""

    id: str
    min_players: int
    max_players: int
    #: The player counts the rulebook recommends; others are allowed with a warning.
    recommended: tuple[int, int]
    #: Every side that can win, in the order statistics list them.
    sides: tuple[str, ...]


@dataclass(frozen=True)
class PromptKind:
    """One kind of decision, documented for script, bot and agent writers by ``velada actions``.

    ``public`` says whether everybody may know who still has to answer (a day vote) or not (a night call,
    which would betray a role).
    """

    kind: str
    public: bool = False
    #: The catalogue key (under ``actions.``) of the kind's documentation: who answers, the options, skipping.
    doc: str = ""


@dataclass(slots=True, kw_only=True)
class State:
    """The part of every game's state the core reads and writes.

    Plain data: a game's own state extends it with its own fields. ``group`` holds the prompts open together
    (a night call, a vote), ``answers`` the answers given so far; the group resolves when every prompt in it is
    answered. ``rng`` is the only source of chance.
    """

    players: tuple[str, ...]
    rng: random.Random = field(compare=False, repr=False)
    group: dict[tuple[str, str], Prompt] = field(default_factory=dict)
    answers: Answers = field(default_factory=dict)
    log: list[Event] = field(default_factory=list)
    result: Result | None = None

    def ask(self, prompt: Prompt) -> None:
        """Open ``prompt``: it joins the current group and waits for its player."""
        self.group[prompt.player, prompt.id] = prompt

    def ask_seats(
        self,
        prompt_id: str,
        kind: str,
        seats: Iterable[int],
        options: Sequence[tuple[str, ...]],
        skippable: bool = False,
        args: Mapping[str, Any] | None = None,
    ) -> None:
        """Open the same decision for several players at once (a vote, the wolves' victim): for each of ``seats``
        (indices into ``players``), in that order, a prompt ``prompt_id`` of ``kind`` for its player, with the
        seat's own options ``options[seat]``, of which to choose one; a seat whose options are empty is not asked."""
        # Each prompt's fields are set here rather than by calling the class, whose __init__ CPython 3.11 reaches
        # by a slow path: ~0.9 k instructions less a prompt (callgrind), and most choices answer such a prompt.
        # One statement a field: a tuple assigned to four fields measured dearer.
        players, group = self.players, self.group
        for seat in seats:
            choices = options[seat]
            if choices:
                player = players[seat]
                prompt = _new_object(Prompt)
                prompt.id = prompt_id
                prompt.player = player
                prompt.kind = kind
                prompt.options = choices
                prompt.min = 1
                prompt.max = 1
                prompt.skippable = skippable
                prompt.args = args
                prompt.text_max = 0
                group[player, prompt_id] = prompt

    def emit(self, kind: str, audience: frozenset[str] | None = None, **data: Any) -> None:
        """Append an event to the log, visible to ``audience`` (``None``: everyone)."""
        # The event's three fields are set here rather than by calling the class, whose __init__ CPython 3.11
        # reaches by a slow path: ~550 instructions less an event (callgrind), and a game emits more events than
        # it takes choices (docs/performance.md, "Engine speed").
        event = _new_object(Event)
        event.kind, event.data, event.audience = kind, data, audience
        self.log.append(event)

    def emit_data(self, kind: str, audience: frozenset[str] | None, data: dict[str, Any]) -> None:
        """:meth:`emit` with the event's data as a dict of its own (``emit_data("noche", None, {"n": 2})``), for
        the events a game emits every night: a call without keywords, which CPython 3.11 makes in the caller's
        frame loop (a function taking ``**data`` it may not), ~400 instructions less an event (callgrind)."""
        event = _new_object(Event)
        event.kind, event.data, event.audience = kind, data, audience
        self.log.append(event)

    def ids(self, seats: Iterable[int]) -> tuple[str, ...]:
        """The player ids of ``seats`` (indices into ``players``), in that order."""
        players = self.players
        return tuple([players[i] for i in seats])

    def audience(self, seats: Iterable[int]) -> frozenset[str]:
        """An event audience: the players at ``seats``."""
        players = self.players
        return frozenset([players[i] for i in seats])


@dataclass(frozen=True)
class CardHelp:
    """What a card, role, token or objective does, in one language, for a player who taps it.

    ``id`` is the game's help id, ``"<kind>:<id>"`` (``"rol:vidente"``, ``"carta:ajo"``, ``"objetivo:..."``);
    ``title`` its name; ``text`` its rule in our own words; ``details`` further labelled paragraphs (a Bethlem
    card's bipolar opposite and its awakening, a custom character's three powers), each ``(label, text)``."""

    id: str
    title: str
    text: str
    details: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "text": self.text, "details": [list(d) for d in self.details]}


S = TypeVar("S", bound=State)
#: The state class a game plays on: ``Game[BethlemState]``'s methods take a ``BethlemState``. A bare ``Game`` is
#: one over any ``State`` (the default, a ``typing_extensions.TypeVar`` until Python 3.13 has them).
GameState = TypeVar("GameState", bound=State, default=State)


def fork(state: S) -> S:
    """A deep copy of ``state`` that shares the events of its log instead of copying them: an event is never
    changed once in the log, and copying a long game's log dominated the noninterference check, which forks
    games in the middle."""
    memo: dict[int, Any] = {id(event): event for event in state.log}
    # The generator's state is 625 numbers, which deepcopy would copy one by one.
    rng = random.Random()
    rng.setstate(state.rng.getstate())
    memo[id(state.rng)] = rng
    return copy.deepcopy(state, memo)


class Redeal(NamedTuple):
    """Another deal of a game, for the noninterference check (``Game.redeal``)."""

    deal: dict[str, Any]
    #: By player: who holds in the new deal the card that player held, so that a decision taken because of a
    #: card is taken by its new holder.
    holders: Mapping[str, str] = {}
    #: Option ids that name a card dealt again (a card's id): what names, in the new deal, the card in its place.
    renamed: Mapping[str, str] = {}


class Nudge(NamedTuple):
    """A game under way with two hidden things changed (``Game.nudge_hidden``), for the noninterference check."""

    state: State
    #: As :class:`Redeal`'s: who answers, in the nudged game, the decisions a card's holder took.
    holders: Mapping[str, str] = {}
    #: As :class:`Redeal`'s: what names, in the nudged game, what an option id named.
    renamed: Mapping[str, str] = {}


class Game(ABC, Generic[GameState]):
    """A registered game. Themes are instances (data), not subclasses."""

    info: GameInfo
    options: tuple[GameOption, ...]
    prompt_kinds: tuple[PromptKind, ...]
    catalog: Catalog

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def bots(self) -> dict[str, BotFactory]:
        """The bots that can take a seat, by name. Games with smarter bots extend this."""
        return {"random": random_bot}

    def text(self, lang: str, key: str, **params: Any) -> str:
        """A text of this game's catalogue, in ``lang``."""
        return self.catalog.text(lang, key, **params)

    def title(self, lang: str) -> str:
        return self.text(lang, "game.title")

    def sides(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The sides that can win a game with ``options`` (normalized: every key present), in the order statistics
        list them: ``info.sides`` unless an option takes some out of play (Bethlem's objectives without custom
        cards)."""
        return self.info.sides

    def description(self, lang: str) -> str:
        return self.text(lang, "game.description")

    def option_help(self, key: str, lang: str) -> str:
        """What the option ``key`` means, in one line, for ``velada games <game>`` and the lobby."""
        return self.text(lang, f"option-help.{key}")

    def option_rule(self, key: str) -> str:
        """The catalogue name of the option ``key`` (a theme that renames its options maps them back to one
        rule name, so that every theme shares one set of texts). By default the key itself."""
        return key

    def option_title(self, key: str, lang: str) -> str:
        """The option ``key``'s name for people (``ladron-variante`` → "Variante del Ladrón"): the catalogue's
        ``option-label.<rule>``."""
        return self.text(lang, f"option-label.{self.option_rule(key)}")

    def option_value_label(self, key: str, value: str, lang: str) -> str:
        """One allowed value of a choice or set option, for people (``dos-rondas`` → "A dos vueltas"): the
        catalogue's ``option-value.<key>.<value>``, or the value itself when it needs no words (a number)."""
        name = f"option-value.{self.option_rule(key)}.{value}"
        return self.text(lang, name) if self.catalog.has(lang, name) else value

    def presets(self) -> dict[int, dict[str, str]]:
        """The options the rulebook recommends for each table size it covers (the composition it suggests), as
        ``KEY=VALUE`` texts by player count; options left out keep their defaults."""
        return {}

    def preset(self, players: int) -> dict[str, str]:
        """The recommended options for ``players`` seats; empty when the defaults are the recommendation (or the
        rulebook recommends nothing for that size)."""
        return dict(self.presets().get(players, {}))

    def option_errors(self, raw: Mapping[str, Any], lang: str) -> dict[str, str]:
        """What is wrong with each given option, by key, in ``lang``, for the lobby to show beside the field
        (empty when every value is accepted)."""
        from velada.core.options import problems

        return {key: problem.text(lang, self) for key, problem in problems(self.options, raw).items()}

    # --- card help ---------------------------------------------------------------------------------------

    def help_ids(self, state: GameState, viewer: Viewer) -> list[str]:
        """The help ids (see :class:`CardHelp`) of every card, role, token or objective ``viewer`` holds or
        sees now, in the order a page lists them. Only what ``viewer``'s view already shows."""
        return []

    def all_help_ids(self) -> list[str]:
        """Every help id this game can show (what :meth:`help_ids` may return in any game)."""
        return []

    def card_help(self, help_id: str, lang: str) -> CardHelp:
        """The help for ``help_id`` in ``lang``; ``KeyError`` for an id the game does not know."""
        raise KeyError(help_id)

    # --- what a game's own page parts may ask (the templates call on a game only what Game declares) -------

    def card_name(self, card: str, lang: str) -> str:
        """The name of the card ``card`` (an id of the game's card data) in ``lang``, for a page that lists
        cards; by default the id itself, for a game whose pages name no card by its id."""
        return card

    def card_figures(self, card: str) -> dict[str, int]:
        """The public figures printed on the card ``card``, by name, for a page that shows them beside its name
        (El ansia's hunting zone: each card's ``speed`` and ``vp``); none by default."""
        return {}

    def board_layout(self) -> dict[str, Any] | None:
        """The board the game is played on, for its page to draw (the spaces and the links between them, as its
        own template reads them); ``None`` for a game without a board."""
        return None

    def result_text(self, state: GameState, result: Result, lang: str) -> str:
        """The result as a sentence (its winners named where the text names them)."""
        winners = Term(", ".join(result.winners), number=len(result.winners))
        return self.text(lang, f"result.{result.reason}", winners=winners)

    def kind_help(self, kind: PromptKind, lang: str) -> str:
        """Who answers a prompt of this kind, its options and what skipping means, for ``velada actions``."""
        return self.text(lang, f"actions.{kind.doc or kind.kind}")

    def deal_help(self, lang: str) -> list[tuple[str, str]]:
        """The keys a scenario's ``deal`` may use and what each means, for ``velada games <game>`` (the
        catalogue's ``[deal]`` table, in order)."""
        return [(key, self.text(lang, f"deal.{key}")) for key, _ in self.catalog.section(lang, "deal")]

    def id_help(self, lang: str) -> tuple[str, dict[str, str]]:
        """How this game's prompt ids are written, for ``velada actions``: the moments ids start with (the
        catalogue's ``ids.moments``), and, for each kind whose ids are not ``<moment>:<kind>``, the ids it takes
        (``[ids.kind]``: templates where an upper-case letter stands for a number)."""
        kinds = {key: self.text(lang, f"ids.kind.{key}") for key, _ in self.catalog.section(lang, "ids.kind")}
        return self.text(lang, "ids.moments"), kinds

    def warnings(self, players: tuple[str, ...], options: Mapping[str, Any], lang: str) -> list[str]:
        """Reasons to think twice about this table that do not stop the game (a table smaller than the book's)."""
        return []

    @abstractmethod
    def setup(
        self, players: tuple[str, ...], options: Mapping[str, Any], rng: random.Random, deal: Mapping[str, Any] | None
    ) -> GameState:
        """A new state with its first prompts open. ``options`` are normalised; ``deal`` fixes the hidden cards
        (e.g. player → role id) instead of shuffling. Raises ``ValueError`` for a table the rules cannot deal."""

    @abstractmethod
    def resolve(self, state: GameState, answers: Answers) -> None:
        """Apply a completed group of answers, then open the next prompts or set ``state.result``."""

    @abstractmethod
    def view(self, state: GameState, viewer: Viewer, lang: str, shared: Any = None) -> GameView:
        """The game-specific part of what ``viewer`` may know (``None``: the narrator; ``PUBLIC``: anybody): at
        least what :class:`velada.core.view.GameView` declares (the phase, the players, the viewer's seat), which
        the generic pages read; anything else is the game's own, declared by its own subclass of ``GameView`` (its
        ``view.py``), which its ``view`` returns: mypy checks every key against it. ``shared``: what
        :meth:`shared_view` gave for this very state and language, when the caller keeps it (``None``: the view
        works out what it needs itself); the view must be the same either way."""

    def shared_view(self, state: GameState, lang: str) -> Any:
        """What :meth:`view` works out the same for many viewers of ``state`` in ``lang`` (the public markers of
        a table's cards, the composition of the deck), for a caller that builds several views of one state — a
        live table after every change (``engine.ViewCache``) — to work out once and hand to every :meth:`view`
        of that state as ``shared``. It is handed to every viewer, the narrator included: a part meant for some
        of them only (every viewer but the narrator) must be exactly what each of their own views would have
        worked out, and the view reads it for those viewers only. ``None`` (the default): nothing is shared,
        and :meth:`view` is never handed anything."""
        return None

    @abstractmethod
    def prompt_text(self, state: GameState, prompt: Prompt, lang: str) -> str:
        """The prompt's question, in ``lang``."""

    @abstractmethod
    def option_label(self, state: GameState, prompt: Prompt, option: str, lang: str) -> str:
        """The label of one option of ``prompt``, in ``lang``."""

    @abstractmethod
    def event_text(self, state: GameState, event: Event, lang: str) -> str:
        """The event as one sentence, in ``lang``."""

    @abstractmethod
    def shuffle_hidden(self, state: GameState, viewer: Viewer, rng: random.Random) -> GameState:
        """A copy of ``state`` in which everything ``viewer`` has no right to know is dealt again at random (the
        cards of other players whose cards they have not seen, say). ``viewer``'s view must not change: that is
        the no-leak property every game is tested for."""

    # --- noninterference (velada/core/noninterference.py) -----------------------------------------------

    def deal_of(self, state: GameState) -> dict[str, Any] | None:
        """The explicit deal (``setup``'s ``deal``) that starts a game as ``state`` was started: ``state`` is a
        game just set up. ``None`` when the game cannot write one: its noninterference is then not checked."""
        return None

    def knowledge(self, state: GameState, viewer: Viewer) -> set[Hashable]:
        """What ``viewer`` knows now of the hidden deal, as the places (seats, positions…) whose card they have
        seen or been told, in the terms :meth:`redeal` reads. Read from the state, never from the log: the log's
        audiences are what the noninterference check tests."""
        return set()

    def redeal(self, start: GameState, keep: frozenset[Hashable], viewer: Viewer, rng: random.Random) -> Redeal | None:
        """Another deal for the game ``start`` began (a state just set up), in which the cards of every place
        outside ``keep`` are dealt again at random among those places (see :class:`Redeal`)."""
        return None

    def nudge_hidden(self, state: GameState, viewer: Viewer, rng: random.Random) -> Nudge | None:
        """A copy of ``state``, a game under way, in which two things ``viewer`` may not know change places (two
        hidden cards of the same kind, say), neither of them named by the decisions open or due. The check
        compares such a game with the one it comes from, from that moment on: a secret that comes late in a
        game (a death's consequence many nights in) is reached so, where two games dealt otherwise from the
        start part long before. ``viewer``'s view must not change. ``None`` when the game offers none."""
        return None

    def told_of(self, state: GameState, prompt: Prompt) -> frozenset[str] | None:
        """Who is told the answer to ``prompt`` besides its player and the players its answer names, for a
        decision whose answers are hidden from everybody else (the puppet told whom to vote): the noninterference
        check answers such a decision otherwise in a world seen by somebody not told, as it does the
        ``secret_answers``. ``None``, the default, when the answer is not hidden so (or told to everybody)."""
        return None

    def secret_draws(self, state: GameState) -> frozenset[str]:
        """The kinds of the events that tell the result of a chance draw to some players only (numbers laid at
        random under one player's cards), in the game ``state`` is in: the noninterference check draws such
        chance otherwise in its other world, and keeps that world only when nothing but these events changed.
        None by default."""
        return frozenset()

    def announced_options(self, prompt: Prompt) -> frozenset[str]:
        """The options of a decision whose answers are otherwise secret that are announced to everybody when
        chosen (El Relojero's journey to the future): the noninterference check never varies an answer to or from
        one of them. None by default."""
        return frozenset()

    def public_deciders(self) -> frozenset[str]:
        """The prompt kinds whose player everybody is told when they answer (a vote, an event card played and
        announced with its player's name): the noninterference check has them answered by the same player in both
        of its worlds, not by whoever holds the card in the other one. By default the public kinds."""
        return frozenset(k.kind for k in self.prompt_kinds if k.public)

    def secret_answers(self) -> frozenset[str]:
        """The prompt kinds whose answers nobody but their player, the players the answer names (a player, a
        card of theirs) and the narrator is told, except through consequences the viewers' views show (a death
        at dawn): the noninterference check may answer them differently in its other world, never with an
        answer naming the viewer. By default every kind whose pending players are secret; a game whose
        hidden decisions are announced (a card's target read aloud) lists fewer."""
        return frozenset(k.kind for k in self.prompt_kinds if not k.public)

    def not_open_hint(self, state: GameState, player: str, name: str, lang: str) -> str | None:
        """Why ``player`` has no prompt ``name`` (id or kind) open now, when the game can say more than the
        engine's ``not-open`` (a turn that ended by itself, say). For the narrator's eyes only (``velada run``):
        the engine never tells a player anything about prompts that are not theirs."""
        return None

    def channels(self, state: GameState) -> list[Channel]:
        """The talk channels the rules open now (:mod:`velada.core.talk`), computed from ``state`` alone. By
        default the table's one channel, everybody reading and writing (a game with no eliminations, El ansia)."""
        return [day_channel(state.players, state.players, kind="mesa")]

    def narration(self, state: GameState, event: Event, lang: str) -> list[str]:
        """The narrator's script for one public event: what a narrator says aloud (the shared screen speaks it),
        usually nothing. A night call (kind ``llamada``) says its wake-up line; deaths, revealed cards and the
        result of a vote are said, never the list of votes. :func:`velada.core.narration.script` strings these
        together and adds :meth:`call_end` when a call ends. By default, nothing but the calls' texts."""
        if event.kind == CALL:
            return [self.event_text(state, event, lang)]
        return []

    def call_end(self, state: GameState, event: Event, lang: str) -> list[str]:
        """What the narrator says when the night call ``event`` ends ("Vidente, vuelve a dormir"): said before
        the next line of the script, whatever happened during the call. By default, nothing."""
        return []

    def kind(self, kind: str) -> PromptKind:
        for prompt_kind in self.prompt_kinds:
            if prompt_kind.kind == kind:
                return prompt_kind
        raise KeyError(kind)
