"""Playing a game: the one door through which every choice enters and every view leaves.

:func:`choose` checks a choice in a fixed order (who, game over, is the prompt yours and open, the count, the
options) before anything changes, so an illegal choice raises :class:`IllegalAction` and leaves the state as it
was. :class:`Match` adds the record of a game (its setup and its choices) that replays it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from velada.core import talk
from velada.core.errors import Problem
from velada.core.game import Game, State
from velada.core.i18n import check_language
from velada.core.options import normalize
from velada.core.protocol import NARRATOR, PUBLIC, IllegalAction, Prompt, Result, Viewer

MAX_PLAYER_ID = 40


def check_players(game: Game, players: Iterable[str]) -> tuple[str, ...]:
    """The table's player ids, checked: unique, non-empty, short, within the game's range."""
    ids = tuple(players)
    for player in ids:
        if not isinstance(player, str) or not player.strip() or len(player) > MAX_PLAYER_ID:
            raise Problem("player-id-length", player=repr(player), high=MAX_PLAYER_ID)
        if player.startswith("@") or player != player.strip():
            raise Problem("player-id-shape", player=repr(player))
    if len(set(ids)) != len(ids):
        raise Problem("players-unique")
    info = game.info
    if not info.min_players <= len(ids) <= info.max_players:
        raise Problem("players-count", game=info.id, low=info.min_players, high=info.max_players, given=len(ids))
    return ids


def find_prompt(state: State, player: str, name: str) -> Prompt:
    """The prompt of ``player`` in the current group named ``name``: its id, or its kind when only one of the
    player's prompts has that kind.

    Anything that is not one of the player's own prompts gets one answer, ``not-open``, whether or not somebody
    else has such a prompt open: telling the two apart would let a villager probe the night (is the Bruja being
    called? did the wolves agree?) by answering prompts that are not theirs."""
    prompt = state.group.get((player, name))
    if prompt is not None:
        return prompt
    by_kind = [p for (who, _), p in state.group.items() if who == player and p.kind == name]
    if len(by_kind) == 1:
        return by_kind[0]
    if len(by_kind) > 1:
        raise IllegalAction("ambiguous", prompt=name, ids=", ".join(p.id for p in by_kind))
    raise IllegalAction("not-open", prompt=name)


def check(game: Game, state: State, player: str, prompt: str, chosen: Sequence[str]) -> tuple[Prompt, tuple[str, ...]]:
    """Whether ``player`` may answer ``prompt`` (id or kind) with ``chosen``, without changing anything.

    Checks in a fixed order (game over, who, which prompt, already answered, the shape of the answer, its count,
    each option) and raises :class:`IllegalAction` at the first failure. Returns the prompt and the answer as it
    will be recorded (free text with its whitespace normalised)."""
    key = (player, prompt)
    found = state.group.get(key)
    if found is None:
        # The slow path names what is wrong, in order: game over, who, which prompt.
        if state.result is not None:
            raise IllegalAction("game-over")
        if player not in state.players and player != NARRATOR:
            raise IllegalAction("unknown-player", player=player)
        found = find_prompt(state, player, prompt)
        key = (player, found.id)
    if key in state.answers:
        raise IllegalAction("answered", prompt=found.id)
    return found, check_answer(found, chosen)


def check_answer(prompt: Prompt, chosen: Sequence[str]) -> tuple[str, ...]:
    """Whether ``chosen`` answers the open, unanswered ``prompt``: the last of :func:`check`'s checks, in
    the same order (the shape of the answer, its count, each option). Returns the answer as it will be
    recorded. For a caller that holds the prompt from the open group and answers each prompt once (the
    simulator's random playout), this is all of the check that can still fail."""
    kind = type(chosen)
    if kind is not list and kind is not tuple and (isinstance(chosen, str) or not isinstance(chosen, Sequence)):
        raise IllegalAction("malformed")
    count = len(chosen)
    if count == 1 and not prompt.text_max:
        # The most common answer, one option, checked as the general case below would: its count, its option.
        if prompt.min > 1 or prompt.max < 1:
            raise IllegalAction("count", prompt=prompt.id, low=prompt.min, high=prompt.max, given=count)
        if chosen[0] not in prompt.options:
            raise IllegalAction("unknown-option", prompt=prompt.id, option=str(chosen[0])[:60])
        return tuple(chosen)
    if count == 0:
        if not prompt.skippable:
            raise IllegalAction("not-skippable", prompt=prompt.id)
    elif prompt.text_max:
        text = chosen[0]
        if count != 1 or not isinstance(text, str) or not text.strip() or len(text) > prompt.text_max:
            raise IllegalAction("text", prompt=prompt.id, high=prompt.text_max)
        return (" ".join(text.split()),)
    else:
        if count < prompt.min or count > prompt.max:
            raise IllegalAction("count", prompt=prompt.id, low=prompt.min, high=prompt.max, given=count)
        options = prompt.options
        for option in chosen:
            if option not in options:
                raise IllegalAction("unknown-option", prompt=prompt.id, option=str(option)[:60])
        if count > 1 and len(set(chosen)) != count:
            raise IllegalAction("duplicate", prompt=prompt.id)
    return tuple(chosen)


def record(game: Game, state: State, prompt: Prompt, answer: tuple[str, ...]) -> None:
    """Record an answer that :func:`check` accepted; when it completes the group of open prompts, the game
    resolves the group and opens the next ones."""
    answers = state.answers
    answers[prompt.player, prompt.id] = answer
    if len(answers) == len(state.group):
        resolve_group(game, state)


def resolve_group(game: Game, state: State) -> None:
    """Hand the open group, every prompt of it answered, to the game, which opens the next prompts or ends."""
    answers = state.answers
    state.group = {}
    state.answers = {}
    game.resolve(state, answers)
    if state.result is not None:
        state.group = {}  # a finished game asks nothing more
    elif not state.group:
        asked = ", ".join(sorted({prompt_id for _, prompt_id in answers}))
        raise RuntimeError(f"{game.id}: resolving {asked} opened no prompt and did not end the game")


def choose(game: Game, state: State, player: str, prompt: str, chosen: Sequence[str]) -> Prompt:
    """Answer ``player``'s open prompt ``prompt`` (id or kind) with the option ids ``chosen``.

    Raises :class:`IllegalAction` before changing anything when the choice is not legal (:func:`check`). When
    the answer completes the group of open prompts, the game resolves the group and opens the next ones.
    Returns the prompt answered.
    """
    found, answer = check(game, state, player, prompt, chosen)
    record(game, state, found, answer)
    return found


def prompt_json(game: Game, state: State, prompt: Prompt, lang: str, texts: bool = True) -> dict[str, Any]:
    """A prompt as a front end draws it: question, labelled options, how many to choose."""
    answer = state.answers.get((prompt.player, prompt.id))
    return {
        "id": prompt.id,
        "player": prompt.player,
        "kind": prompt.kind,
        "text": game.prompt_text(state, prompt, lang) if texts else None,
        "options": [
            {"id": option, "label": game.option_label(state, prompt, option, lang) if texts else option}
            for option in prompt.options
        ],
        "min": prompt.min,
        "max": prompt.max,
        "skippable": prompt.skippable,
        "text_max": prompt.text_max,
        "answered": answer is not None,
        "answer": list(answer) if answer is not None else None,
    }


def pending(state: State, player: str | None = None) -> list[Prompt]:
    """Prompts of the current group still unanswered: all of them, or ``player``'s."""
    answers = state.answers
    return [p for key, p in state.group.items() if key not in answers and (player is None or key[0] == player)]


def visible_prompts(state: State, viewer: Viewer) -> list[Prompt]:
    """The prompts of the current group that ``viewer`` may see: their own, answered or not, or all of them
    for the narrator."""
    if viewer is None:
        return list(state.group.values())
    return [p for (who, _), p in state.group.items() if who == viewer]


class ViewCache:
    """What the views of one game share from one change to the next. A game's log only grows and an event's
    text is a function of the event, so a live table renders each event once per language (``texts``), and
    builds each viewer's log from the events added since its last view (``logs``) instead of from the whole log
    at every change; and it works out once per change what the game's views of the state share
    (``Game.shared_view``, :meth:`shared_view`). Entries are shared between successive views of a viewer: treat
    views as read-only."""

    __slots__ = ("entries", "help", "logs", "shared", "texts")

    def __init__(self) -> None:
        self.texts: dict[str, dict[int, str]] = {}
        #: Per language and event index: the log entry of the players and the shared screen for that event. An
        #: entry is a function of its event alone (its number in a viewer's log is its place in the list), so every
        #: viewer who may see the event shares one dict (the 13 viewers of a table held up to 13 copies of it).
        self.entries: dict[str, dict[int, dict[str, Any]]] = {}
        #: Per (viewer, language): how many events of the log were read, the last of them (to tell that the
        #: log is the same one, grown), and the viewer's entries so far.
        self.logs: dict[tuple[Viewer, str], tuple[int, Any, list[dict[str, Any]]]] = {}
        #: Per (viewer, language): the help ids last shown and their entries, kept while the ids stay the same
        #: (the help is a function of its ids), so that a viewer's successive views share one list.
        self.help: dict[tuple[Viewer, str], tuple[list[str], list[dict[str, Any]]]] = {}
        #: Per language: what the game's views of the state share (``Game.shared_view``), with the state, its
        #: open group and the length of its log when it was worked out (see :meth:`shared_view`).
        self.shared: dict[str, tuple[State, Any, int, Any]] = {}

    def shared_view(self, game: Game, state: State, lang: str) -> Any:
        """``game.shared_view(state, lang)``, worked out once per change and language. A change is a group
        resolved: :func:`record` opens the next prompts in a new ``group`` dict (kept here, so that its id is
        not another's), and an answer that completes no group changes nothing a game's view reads (the answers
        are the engine's, :func:`answered_view`). Another state object, or a log that grew, is a change too."""
        known = self.shared.get(lang)
        if known is not None and known[0] is state and known[1] is state.group and known[2] == len(state.log):
            return known[3]
        found = game.shared_view(state, lang)
        self.shared[lang] = (state, state.group, len(state.log), found)
        return found

    def changed(self) -> None:
        """Forget what the views of the last state shared now, not at the next view (a live table does at every
        change, so that the copy of the game it showed during a paced night call is not kept)."""
        self.shared.clear()


def public_kinds(game: Game) -> frozenset[str]:
    """The prompt kinds whose open prompts everybody may know about (votes), worked out once per game."""
    found = _PUBLIC_KINDS.get(id(game))
    if found is None or found[0] is not game:
        found = _PUBLIC_KINDS[id(game)] = (game, frozenset(k.kind for k in game.prompt_kinds if k.public))
    return found[1]


#: By the game object's id, with the object itself (an id is only unique while its object lives).
_PUBLIC_KINDS: dict[int, tuple[Game, frozenset[str]]] = {}


def waiting(game: Game, state: State, viewer: Viewer) -> list[str]:
    """Who is still to answer as ``viewer`` may know it: for the narrator every open prompt's player, for anybody
    else the players of the open prompts of a public kind (votes). It depends on the viewer only through
    :func:`waiting_audience`: viewers of the same audience are shown the same list (a live table works it out
    once for all of them)."""
    public = public_kinds(game)
    return sorted({p.player for p in pending(state) if viewer is None or p.kind in public})


def waiting_audience(viewer: Viewer) -> bool:
    """Which :func:`waiting` list ``viewer`` is shown of a state: the narrator's (``True``) or everybody else's."""
    return viewer is None


#: The former name: a live table's cache of event texts.
TextCache = ViewCache


def build_view(
    game: Game,
    state: State,
    viewer: Viewer,
    lang: str = "es",
    texts: bool = True,
    cache: ViewCache | None = None,
    talk_view: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Everything ``viewer`` may know, JSON-ready: the game's own part, their prompts, the log they may see,
    who is still to answer where that is public, and the result. ``texts=False`` leaves out the rendered
    sentences of prompts and events (``None``), for bots, which read the data. ``cache`` keeps event texts
    between views of the same game, and what the views of one state share (see :class:`ViewCache`).
    ``talk_view``: the viewer's channels now (``talk.view``), when the caller has them already."""
    check_language(lang)
    if viewer is not None and viewer != PUBLIC and viewer not in state.players:
        raise IllegalAction("unknown-player", player=viewer)
    view: dict[str, Any] = {"game": game.id, "title": game.title(lang), "lang": lang, "viewer": viewer}
    shared = cache.shared_view(game, state, lang) if cache is not None else None
    view.update(game.view(state, viewer, lang) if shared is None else game.view(state, viewer, lang, shared))
    view["prompts"] = [prompt_json(game, state, p, lang, texts) for p in visible_prompts(state, viewer)]
    view["help"] = _help(game, state, viewer, lang, texts, cache)
    # The channels this viewer reads now: which ones exist is as secret as a card (velada.core.talk).
    view["talk"] = talk.view(game, state, viewer, lang) if talk_view is None else talk_view
    view["waiting"] = waiting(game, state, viewer)
    view["log"] = _log(game, state, viewer, lang, texts, cache)
    result = state.result
    if result is None:
        view["result"] = None
    else:
        view["result"] = result.to_json() | {"text": game.result_text(state, result, lang)}
    return view


def shows_answer(entry: dict[str, Any], answer: Any) -> bool:
    """Whether a view's prompt entry (:func:`prompt_json`) shows ``answer``, the prompt's recorded answer (``None``
    while it is not answered): when it does, an answer changed nothing of that entry."""
    return entry["answer"] is None if answer is None else entry["answer"] == list(answer)


def answered_view(
    game: Game,
    state: State,
    old: dict[str, Any],
    viewer: Viewer,
    lang: str,
    talk_view: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``viewer``'s view after answers that did not complete the open group, from ``old``, their view of the same
    group before them (built with texts): what an answer alone changes is the answers, and of a view only the
    parts that read them — the prompts (answered or not), who is still to answer, and the talk channels (the
    Niña spies with an answer). A game's own view, its help and its log read no answers (the engine records
    them and nothing else until the group completes; ``tests/test_vista_tras_una_respuesta.py`` checks that it
    equals :func:`build_view` for every game). Returns ``old`` itself when nothing in it changed. ``talk_view``:
    the viewer's channels now (``talk.view``), when the caller has them already."""
    prompts = []
    for before, prompt in zip(old["prompts"], visible_prompts(state, viewer), strict=True):
        answer = state.answers.get((prompt.player, prompt.id))
        prompts.append(before if shows_answer(before, answer) else prompt_json(game, state, prompt, lang))
    changed = {
        "prompts": prompts,
        "talk": talk.view(game, state, viewer, lang) if talk_view is None else talk_view,
        "waiting": waiting(game, state, viewer),
    }
    if all(old[key] == value for key, value in changed.items()):
        return old
    return old | changed


def _help(
    game: Game, state: State, viewer: Viewer, lang: str, texts: bool, cache: ViewCache | None
) -> list[dict[str, Any]]:
    """The help entries ``viewer``'s view carries; with a cache, the list of their last view while the ids are
    the same ones."""
    ids = game.help_ids(state, viewer)
    if not texts:
        return [{"id": h} for h in ids]
    if cache is None:
        return [help_json(game, h, lang) for h in ids]
    known = cache.help.get((viewer, lang))
    if known is not None and known[0] == ids:
        return known[1]
    entries = [help_json(game, h, lang) for h in ids]
    cache.help[viewer, lang] = (list(ids), entries)
    return entries


def _log(
    game: Game, state: State, viewer: Viewer, lang: str, texts: bool, cache: ViewCache | None
) -> list[dict[str, Any]]:
    """The log entries ``viewer`` may see, ``{"kind", "text", "data"}`` (and ``"to"`` for the narrator). An entry's
    number is its place in the viewer's own list, never in the whole log: that would show how many hidden events
    happened between two visible ones (whether the Bruja drank a potion, say). Nor is it written in the entry,
    so that every viewer of an event shares its entry. With a cache, only the events added since the viewer's
    last view are read."""
    log = state.log
    start, entries = 0, []
    known = cache.logs.get((viewer, lang)) if cache is not None and texts else None
    if known is not None:
        count, last, before = known
        # The same log, grown: its first ``count`` events are those already read.
        if count <= len(log) and (count == 0 or log[count - 1] is last):
            start, entries = count, before
    rendered = cache.texts.setdefault(lang, {}) if cache is not None and texts else None
    pooled = cache.entries.setdefault(lang, {}) if cache is not None and texts and viewer is not None else None
    added = []
    for index in range(start, len(log)):
        event = log[index]
        if not event.visible_to(viewer):
            continue
        if not texts:
            text = None
        elif rendered is None:
            text = game.event_text(state, event, lang)
        else:
            text = rendered.get(index)
            if text is None:
                text = rendered[index] = game.event_text(state, event, lang)
        if pooled is not None:
            entry = pooled.get(index)
            if entry is None:
                entry = pooled[index] = {"kind": event.kind, "text": text, "data": event.data}
            added.append(entry)
            continue
        entry = {"kind": event.kind, "text": text, "data": event.data}
        if viewer is None:
            # The narrator also sees whom each event was for: a private event reads "you…" to its audience.
            entry["to"] = sorted(event.audience) if event.audience is not None else None
        added.append(entry)
    # A new list when something was added, so that the viewer's earlier views keep what they showed.
    entries = entries + added if added else entries
    if cache is not None and texts:
        cache.logs[viewer, lang] = (len(log), log[-1] if log else None, entries)
    return entries


_HELP: dict[tuple[str, str, str], dict[str, Any]] = {}


def help_json(game: Game, help_id: str, lang: str) -> dict[str, Any]:
    """A card's help as a view carries it (``{"id", "title", "text", "details"}``), rendered once per game, card
    and language: card texts never change."""
    key = (game.id, help_id, lang)
    found = _HELP.get(key)
    if found is None:
        found = _HELP[key] = game.card_help(help_id, lang).to_json()
    return found


class Match:
    """One game being played: its game, its state, and the record that replays it.

    A match is fully described by ``record()``: game id, options, players, seed or deal, and the list of
    choices. Replaying a record gives the identical state and log.
    """

    __slots__ = ("choices", "deal", "game", "options", "seed", "state")

    def __init__(
        self,
        game: Game,
        players: Iterable[str],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deal: Mapping[str, Any] | None = None,
    ) -> None:
        ids = check_players(game, players)
        self.game = game
        self.options = normalize(game.options, options)
        self.seed = seed
        self.deal = dict(deal) if deal is not None else None
        self.choices: list[tuple[str, str, tuple[str, ...]]] = []
        self.state = game.setup(ids, self.options, random.Random(seed), self.deal)

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    def pending(self, player: str | None = None) -> list[Prompt]:
        """Open prompts not yet answered: all of them, or ``player``'s."""
        return pending(self.state, player)

    def choose(self, player: str, prompt: str, chosen: Sequence[str]) -> Prompt:
        """Answer a prompt (see :func:`choose`); the choice joins the record only if it was legal."""
        answered = choose(self.game, self.state, player, prompt, chosen)
        self.choices.append((player, answered.id, tuple(chosen)))
        return answered

    def check(self, player: str, prompt: str, chosen: Sequence[str]) -> tuple[Prompt, tuple[str, ...]]:
        """Whether the choice is legal, changing nothing (see :func:`check`): for a server that stores a choice
        before it lets the game move."""
        return check(self.game, self.state, player, prompt, chosen)

    def apply(self, prompt: Prompt, answer: tuple[str, ...], chosen: Sequence[str]) -> None:
        """Play a choice :meth:`check` accepted (``chosen`` as given, for the record)."""
        record(self.game, self.state, prompt, answer)
        self.choices.append((prompt.player, prompt.id, tuple(chosen)))

    def view(self, viewer: Viewer, lang: str = "es") -> dict[str, Any]:
        return build_view(self.game, self.state, viewer, lang)

    def record(self) -> dict[str, Any]:
        """The game as a scenario: what ``velada run`` replays."""
        specs = {spec.key: spec for spec in self.game.options}
        record: dict[str, Any] = {
            "game": self.game.id,
            "options": {key: specs[key].format(value) for key, value in self.options.items()},
            "players": list(self.state.players),
            "seed": self.seed,
        }
        if self.deal is not None:
            record["deal"] = self.deal
        record["choices"] = [
            {"player": player, "prompt": prompt, "choose": list(chosen)} for player, prompt, chosen in self.choices
        ]
        return record
