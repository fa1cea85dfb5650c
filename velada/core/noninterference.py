"""Noninterference: what one viewer sees must not depend on what they may not know — their log included.

The older check, ``Game.shuffle_hidden``, deals the hidden cards of one state again and compares the viewer's
view of both states; it copies the log unchanged, so an event given to the wrong audience passes it. This
module compares two whole games instead, built so that the viewer cannot tell them apart (the decision, and why
not something simpler, is in ``docs/security.md``, section "Noninterference"):

* **World A** is a random game from an explicit deal (``Game.deal_of`` of a random setup), played by a random
  bot; its choices are recorded group by group, and after each group what every viewer knows of the deal
  (``Game.knowledge``: read from the state, never from the log, whose audiences are what is tested).
* **World B** starts from another deal (``Game.redeal``): the hidden cards the viewer has not learnt by a random
  moment of A are dealt again among their places. B uses A's seed, and from every moment both worlds wait for the
  same decisions B takes A's chance too: a hidden draw must not differ only because B drew more or less before.
  (The one exception is a draw the game says is told to some players only, ``Game.secret_draws``: a world B
  taken from the middle of A may draw it anew, see :func:`compare_midway`.)
* B replays A's choices group by group. A decision whose player everybody is told (a vote, an event card played
  and announced with its player's name: ``Game.public_deciders``) is answered by the same player in both worlds;
  a hidden one by the player the redeal gave the card of A's player (``Redeal.holders``), else the same player,
  else whoever must answer it in B. Option ids stay the same, but one naming a card dealt again names the card in
  its place (``Redeal.renamed``). When one of A's recorded answers is no answer in B (its target was dealt again
  and is the chooser's own card there), A is steered from then on: its answers are drawn among the options both
  worlds offer, instead of the comparison stopping there. Now and then some decisions whose answers are secret
  (``Game.secret_answers``) are answered otherwise in B, so that secret *choices* (a potion, the lovers Cupido
  names) differ between the worlds too — only when the viewer's view, log apart, stays as in A; never in a group
  where the viewer also decides (the wolves see each other's votes, and whether the Niña was caught spying on
  them), nor with an answer that names the viewer (being chosen is often told to the one chosen).
* When the worlds wait for different hidden decisions (the Bruja is shown tonight's victim in one world only), one
  of them runs ahead through those until both wait for the same decisions again.
* Whenever both wait for the same decisions, they are compared through the viewer's eyes: while everything but
  the log is equal (texts included), the logs must be equal. A different log entry is an event that reached the
  viewer although it depends on something they may not know — the leak this module exists to find. When the
  rest of the view differs, the viewer has legitimately learnt something that tells the worlds apart (a death
  reveals a card, the Vidente sees one): the comparison stops there, as it stops at the first choice of A that
  is not legal in B and before the end of the game (whose reveal shows everything).

So a game must show in the view whatever a viewer knows, not only tell it in the log (how each player died, what a
Mirror showed); else two worlds that differ in such a fact look like a leak. That the view itself reveals nothing
hidden is ``shuffle_hidden``'s property, which stays.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from velada.core import talk
from velada.core.bots import RandomBot
from velada.core.engine import Match, build_view, pending, visible_prompts
from velada.core.engine import choose as apply_choice
from velada.core.game import Game, Nudge, State, fork
from velada.core.protocol import Event, IllegalAction, Prompt, Viewer

#: One recorded choice: (player, prompt id, chosen option ids).
Choice = tuple[str, str, tuple[str, ...]]
#: The language views are compared in: texts are compared too, since an event's text is rendered from the state.
LANG = "en"
#: How many groups one world may run ahead of the other, through decisions hidden from the viewer, to wait again
#: for the same decisions as the other.
CATCH_UP = 6
#: How many moments of a game the check also compares from (``compare_midway``), for each viewer.
MIDWAY = 12
#: How many more moments it compares from a group or two *before* a kind of event first came
#: (:func:`lead_in_starts`): a secret decision whose consequence comes a group later (the Profeta's first card,
#: then the third link refused) is answered otherwise only from before it.
LEAD_IN = 3


@dataclass
class Played:
    """World A: a finished random game from an explicit deal, its choices group by group, and what each viewer
    had learnt of the hidden cards after each group (``learnt[viewer][k]``: by the end of group ``k``; index 0
    is the setup)."""

    game: Game
    players: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    deal: Mapping[str, Any]
    groups: list[list[Choice]] = field(default_factory=list)
    learnt: dict[Viewer, list[frozenset[Hashable]]] = field(default_factory=dict)
    #: The kinds of the events each group brought (whatever their audiences: moments are chosen by them, and the
    #: mutation test changes audiences only).
    kinds: list[frozenset[str]] = field(default_factory=list)

    def start(self, deal: Mapping[str, Any] | None = None) -> Match:
        return Match(self.game, self.players, self.options, self.seed, self.deal if deal is None else deal)


@dataclass(frozen=True)
class Leak:
    """A counterexample: after group ``step`` the two worlds look alike to ``viewer`` except for the log entry
    ``mine`` (world A; ``None`` if A has no such entry) against ``other`` (world B)."""

    viewer: Viewer
    step: int
    mine: dict[str, Any] | None
    other: dict[str, Any] | None
    record: dict[str, Any]
    deal: Mapping[str, Any]
    #: The kinds of the decisions world B answered otherwise than A (or that A did not have), in order.
    varied: tuple[str, ...] = ()

    def __str__(self) -> str:
        return (
            f"{self.viewer!r} tells two worlds apart by their log after group {self.step}: "
            f"{self.mine} against {self.other}\ndecisions answered otherwise in B: {self.varied}"
            f"\nrecord: {self.record}\nother deal: {self.deal}"
        )


def play(
    game: Game, players: Sequence[str], options: Mapping[str, Any], seed: int, viewers: Sequence[Viewer]
) -> Played | None:
    """World A for ``viewers``: a random game (seed ``seed``) started again from its deal written out, so that
    any other deal starts with the same chance. ``None`` when the game cannot write its deal."""
    first = Match(game, players, options, seed)
    deal = game.deal_of(first.state)
    if deal is None:
        return None
    played = Played(game, first.players, first.options, seed, deal)
    match = played.start()
    state = match.state
    learnt: dict[Viewer, set[Hashable]] = {v: set(game.knowledge(state, v)) for v in viewers}
    played.learnt = {v: [frozenset(k)] for v, k in learnt.items()}
    bot = RandomBot(seed ^ 0x1EA4)
    while state.result is None:
        group: list[Choice] = []
        before = len(state.log)
        for prompt in pending(state):
            chosen = tuple(bot.choose(prompt))
            match.choose(prompt.player, prompt.id, chosen)
            group.append((prompt.player, prompt.id, chosen))
        played.groups.append(group)
        played.kinds.append(frozenset(e.kind for e in state.log[before:]))
        for v in viewers:
            learnt[v] |= game.knowledge(state, v)
            played.learnt[v].append(frozenset(learnt[v]))
    return played


def _fork_match(match: Match, state: State) -> Match:
    """A match over ``state`` with ``match``'s record so far: the game object is shared, never copied."""
    forked = copy.copy(match)
    forked.choices = list(match.choices)
    forked.state = state
    return forked


def _rest(game: Game, state: State, viewer: Viewer) -> dict[str, Any]:
    """Everything ``viewer`` sees but the log and talk, texts included. (The log is compared entry by entry as it
    grows: rendering a whole log after every group would make long games quadratic. The talk channels are
    compared with it, through ``talk.heard``: here a difference would only end the comparison.)"""
    view = build_view(game, state, viewer, LANG, texts=False)
    del view["log"], view["talk"]
    for entry, prompt in zip(view["prompts"], visible_prompts(state, viewer), strict=True):
        entry["text"] = game.prompt_text(state, prompt, LANG)
        for option in entry["options"]:
            option["label"] = game.option_label(state, prompt, option["id"], LANG)
    return view


def _shape(state: State, named: frozenset[str]) -> Counter[tuple[str, str | None]]:
    """The open decisions: by prompt id and, for those whose player everybody is told (``named``: a vote, "p1
    uses Amnesia"), by player — they must be taken by the same player in both worlds."""
    return Counter((pid, p if prompt.kind in named else None) for (p, pid), prompt in state.group.items())


def _mapped(
    game: Game,
    group: list[Choice],
    other: State,
    moved: Mapping[str, str],
    renamed: Mapping[str, str],
    viewer: Viewer,
) -> list[Choice] | None:
    """A's answers to one group, given to the players who must answer them in world B, or ``None`` when B does not
    wait for the same decisions."""
    named = game.public_deciders()
    open_ = {(p, pid): prompt for (p, pid), prompt in other.group.items()}
    by_pid: dict[str, list[str]] = {}
    for p, pid in open_:
        by_pid.setdefault(pid, []).append(p)
    if Counter(pid for _, pid, _ in group) != Counter({pid: len(ps) for pid, ps in by_pid.items()}):
        return None
    taken: set[tuple[str, str]] = set()
    out: list[Choice | None] = [None] * len(group)
    # First the viewer's own answers and every decision whose player everybody is told (a vote, a use announced
    # with the player's name) to the same player; then the hidden decisions, taken because of a card, to whoever
    # holds that card in B (the redeal's map), else to the same player, else to anybody left who must answer.
    kinds = {pid: prompt.kind for (_, pid), prompt in open_.items()}
    for rank in (0, 1):
        for i, (player, pid, chosen) in enumerate(group):
            same = player == viewer or kinds[pid] in named
            if same != (rank == 0):
                continue
            if same:
                candidates = [player]
            elif viewer in by_pid[pid]:
                # A decision the viewer takes together with others (the wolves' vote): they see who answered what,
                # so each answer stays with its player where it can.
                candidates = [player, moved.get(player, player), *sorted(by_pid[pid])]
            else:
                candidates = [moved.get(player, player), player, *sorted(by_pid[pid])]
            for who in candidates:
                if (who, pid) in open_ and (who, pid) not in taken:
                    break
            else:
                return None
            taken.add((who, pid))
            options = open_[who, pid].options
            if any(o not in options for o in chosen):
                # An answer naming a card dealt again names the card in its place (Bethlem's players order
                # their cards by naming them).
                chosen = tuple(renamed.get(o, o) for o in chosen)
            out[i] = (who, pid, chosen)
    return [c for c in out if c is not None]


def _apply(game: Game, state: State, choices: list[Choice]) -> bool:
    try:
        for player, pid, chosen in choices:
            apply_choice(game, state, player, pid, chosen)
    except IllegalAction:
        return False
    return True


def _vary(
    game: Game,
    other: State,
    choices: list[Choice],
    viewer: Viewer,
    target: dict[str, Any],
    shape: Counter[tuple[str, str | None]],
    rng: random.Random,
    tries: int,
) -> State | None:
    """World B after the group with some hidden decisions answered differently, if one of ``tries`` random
    variations leaves the viewer's view (log apart) equal to ``target`` and the same decisions open."""
    if any(p == viewer for p, _ in other.group):
        # Decisions taken together with the viewer's may be told to them when the group resolves (the wolves
        # learn that the Niña was caught spying on their vote): they are kept.
        return None
    eligible = [
        i
        for i, (p, pid, chosen) in enumerate(choices)
        if _secret_to(game, other, other.group[p, pid], viewer) and not _names(chosen, viewer)
    ]
    if not eligible:
        return None
    bot = RandomBot(rng.randrange(2**32))
    for _ in range(tries):
        varied = list(choices)
        chosen_ids = rng.sample(eligible, rng.randint(1, len(eligible)))
        together = rng.random() < 0.5
        shared: dict[str, tuple[str, ...]] = {}
        for i in chosen_ids:
            p, pid, _ = varied[i]
            prompt = other.group[p, pid]
            answer = shared.get(pid) if together else None
            if answer is None:
                answer = tuple(bot.choose(prompt))
                shared[pid] = answer
            varied[i] = (p, pid, answer)
        if varied == choices or any(_names(chosen, viewer) for _, _, chosen in varied):
            continue
        if any(
            set(game.announced_options(other.group[p, pid])) & {*chosen, *before}
            for (p, pid, chosen), (_, _, before) in zip(varied, choices, strict=True)
            if chosen != before
        ):
            continue  # an answer announced to everybody, in one world only
        trial = fork(other)
        if not _apply(game, trial, varied):
            continue
        if _shape(trial, game.public_deciders()) != shape and not _hidden(game, trial, viewer):
            continue
        if _rest(game, trial, viewer) == target:
            return trial
    return None


def compare(
    played: Played,
    viewer: Viewer,
    rng: random.Random,
    vary: float = 0.25,
    tries: int = 3,
    also: Collection[str] = (),
) -> tuple[Leak | None, int, dict[str, int]]:
    """Play world B against ``played`` for ``viewer`` (see the module's docstring). Returns the leak found, if
    any, how many times the worlds were compared, and, for the event kinds in ``also``, the first comparison at
    which the check would have failed had that kind been public (the mutation test's search for witnesses: the
    worlds are the same whatever the audiences, only what the viewer is shown differs)."""
    game = played.game
    learnt = played.learnt[viewer]
    # The moment up to which B keeps what the viewer learns: late moments keep B like A for longer, early ones
    # deal more cards again.
    horizon = max(rng.randrange(len(learnt)), rng.randrange(len(learnt)))
    alternative = game.redeal(played.start().state, learnt[horizon], viewer, rng)
    if alternative is None:
        return None, 0, {}
    deal, moved, renamed = alternative
    mine = played.start()
    try:
        other = played.start(deal)
    except ValueError:
        return None, 0, {}
    return _race(played, viewer, rng, mine, other, 0, moved, renamed, deal, vary, tries, also)


def compare_midway(
    played: Played,
    viewer: Viewer,
    rng: random.Random,
    moment: int,
    before: Match,
    vary: float = 0.25,
    tries: int = 3,
    also: Collection[str] = (),
) -> tuple[Leak | None, int, dict[str, int]]:
    """As :func:`compare`, with world B taken from A in the middle of the game: ``before`` is A after its first
    ``moment`` groups, and B the same game with two things the viewer may not know changed
    (``Game.nudge_hidden``). Both worlds share everything before; from there on they are compared as from the
    start. When the game offers no such change there, B is A itself and parts from it by the secret answers it
    gives otherwise (``must_vary`` in :func:`_race`). ``(None, 0, {})`` when the change shows at once."""
    nudge = played.game.nudge_hidden(before.state, viewer, rng)
    # With nothing to swap there (every hidden card of the kind is named by a decision due, or known), B is A
    # itself and the worlds part only by the secret answers B gives otherwise (``_vary``), at once: a secret
    # *choice* that comes late (the order Neuroticismo gives, a custom power's target) is reached so too.
    must_vary = nudge is None
    if nudge is None:
        nudge = Nudge(fork(before.state))
    mine = _fork_match(before, fork(before.state))
    other = _fork_match(before, nudge.state)
    game = played.game
    if not must_vary and (
        _rest(game, mine.state, viewer) != _rest(game, other.state, viewer)
        or talk.heard(game, mine.state, viewer) != talk.heard(game, other.state, viewer)
    ):
        return None, 0, {}  # the change shows at once: no pair of worlds the viewer cannot tell apart
    # In a game that tells some draws to given players only (``Game.secret_draws``: El Relojero's numbers, La
    # frontera's roles), one time in two B also draws the chance of its first group anew: such a draw is as
    # unknown to the viewer as a card dealt face down. Both worlds share every later draw.
    redraw = rng.randrange(2**32) if game.secret_draws(before.state) and rng.random() < 0.5 else None
    changed = {"midway": moment, "holders": dict(nudge.holders), "renamed": dict(nudge.renamed), "redraw": redraw}
    return _race(
        played,
        viewer,
        rng,
        mine,
        other,
        moment,
        nudge.holders,
        nudge.renamed,
        changed,
        vary,
        tries,
        also,
        must_vary,
        redraw,
    )


def _race(
    played: Played,
    viewer: Viewer,
    rng: random.Random,
    mine: Match,
    other: Match,
    step: int,
    moved: Mapping[str, str],
    renamed: Mapping[str, str],
    deal: Mapping[str, Any],
    vary: float,
    tries: int,
    also: Collection[str],
    must_vary: bool = False,
    redraw: int | None = None,
) -> tuple[Leak | None, int, dict[str, int]]:
    """Worlds A (``mine``, after ``step`` of its recorded groups) and B (``other``) played on together and
    compared through ``viewer``'s eyes: the body of :func:`compare` and :func:`compare_midway`. With
    ``must_vary`` B starts as A itself: it answers otherwise the first hidden decisions it can, and the race
    stops if it could not within ``CATCH_UP`` groups (two equal worlds show nothing). With ``redraw``, B draws the
    chance of its first group from that seed instead of A's, answering it as A did: a different secret draw
    counts as a varied answer."""
    game = played.game
    named = game.public_deciders()
    # The log only grows: each comparison looks at the entries that came since the last one, in both worlds —
    # from the start, or from the moment a world taken from the middle of A (whose past is A's) parted from it.
    shared = len(mine.state.log) if step else 0
    start = step
    compared_up_to = [shared, shared]
    # The choices A took: its record while B can follow it, then answers legal in both worlds (``_steer``).
    taken: list[list[Choice]] = list(played.groups[:step])
    watched = set(also)
    caught: dict[str, int] = {}
    varied_kinds: list[str] = []

    def check(step: int) -> tuple[bool, Leak | None]:
        """Compare the worlds, waiting for the same decisions, through the viewer's eyes."""
        if _rest(game, mine.state, viewer) != _rest(game, other.state, viewer):
            return False, None
        new_a = mine.state.log[compared_up_to[0] :]
        new_b = other.state.log[compared_up_to[1] :]
        compared_up_to[0] += len(new_a)
        compared_up_to[1] += len(new_b)
        texts: dict[int, str] = {}

        def entry(state: State, event: Event) -> dict[str, Any]:
            text = texts.get(id(event))
            if text is None:
                text = texts[id(event)] = game.event_text(state, event, LANG)
            return {"kind": event.kind, "text": text, "data": event.data}

        def shown(state: State, events: list[Event], kind: str | None = None) -> list[dict[str, Any]]:
            return [entry(state, e) for e in events if e.visible_to(viewer) or e.kind == kind]

        log_a, log_b = shown(mine.state, new_a), shown(other.state, new_b)
        # Talk (velada.core.talk) is compared like the log: whom the viewer would hear, and in which channel, if
        # everybody who may write said something now.
        talk_a, talk_b = talk.heard(game, mine.state, viewer), talk.heard(game, other.state, viewer)
        if talk_a != talk_b:
            log_a, log_b = [*log_a, {"talk": talk_a}], [*log_b, {"talk": talk_b}]
        if log_a != log_b:
            k = next(
                (i for i, (a, b) in enumerate(zip(log_a, log_b, strict=False)) if a != b), min(len(log_a), len(log_b))
            )
            return False, Leak(
                viewer,
                step,
                log_a[k] if k < len(log_a) else None,
                log_b[k] if k < len(log_b) else None,
                {**played.start().record(), "choices": taken},
                deal,
                tuple(varied_kinds),
            )
        hidden = {e.kind for e in (*new_a, *new_b) if not e.visible_to(viewer)} & watched
        for kind in hidden:
            if shown(mine.state, new_a, kind) != shown(other.state, new_b, kind):
                caught[kind] = step
                watched.discard(kind)
        return True, None

    going, leak = check(0) if _shape(mine.state, named) == _shape(other.state, named) else (True, None)
    if redraw is not None:
        other.state.rng.seed(redraw)
    groups = played.groups
    on_record = True
    compared = ahead = 0
    bot = RandomBot(rng.randrange(2**32))

    def next_group(both: bool) -> list[Choice] | None:
        """A's next group of answers: its record's while A follows it, else the bot's (each legal in B too when
        ``both``)."""
        if on_record and step < len(groups):
            return groups[step]
        if on_record or step >= limit:
            return None
        return _steer(game, mine.state, other.state, bot) if both else _catch_up(mine.state, viewer, bot)

    # A steered game may run longer than A's record: bounded all the same.
    limit = 2 * len(groups)
    while going:
        if _shape(mine.state, named) == _shape(other.state, named):
            group = next_group(True)
            choices = None if group is None else _mapped(game, group, other.state, moved, renamed, viewer)
            if on_record and (choices is None or not _legal(other.state, choices)):
                # A's recorded answer is not an answer in B (the target of a card dealt again is not a target
                # there): from here on A answers what both worlds can take, instead of the two parting here.
                on_record = False
                group = next_group(True)
                choices = None if group is None else _mapped(game, group, other.state, moved, renamed, viewer)
            if group is None or choices is None:
                break
            for player, pid, chosen in group:
                mine.choose(player, pid, chosen)
            taken.append(group)
            step += 1
            if mine.result is not None:
                break
            varied = None
            if must_vary and not varied_kinds and step - start > CATCH_UP:
                break
            if redraw is None and rng.random() < (1.0 if must_vary and not varied_kinds else vary):
                target = _rest(game, mine.state, viewer)
                varied = _vary(game, other.state, choices, viewer, target, _shape(mine.state, named), rng, tries)
            if varied is not None:
                varied_kinds.extend(other.state.group[p, pid].kind for p, pid, _ in choices)
                other.state = varied
            elif not _apply(game, other.state, choices):
                break
            if redraw is not None:
                drawn_a, drawn_b = _drawn(mine.state, shared), _drawn(other.state, shared)
                if drawn_a != drawn_b:
                    secret = game.secret_draws(mine.state)
                    if [e for e in drawn_a if e[0] not in secret] != [e for e in drawn_b if e[0] not in secret]:
                        break  # another draw changed too (a card shown to all): B is rightly told apart
                    varied_kinds.append("chance")
                redraw = None
                # Only that group's chance is B's own: every later draw is A's, whether or not the worlds wait for
                # the same decisions next.
                other.state.rng.setstate(mine.state.rng.getstate())
            ahead = 0
        elif ahead < CATCH_UP and _hidden(game, other.state, viewer, skips=True):
            # The worlds wait for different hidden decisions (tonight's victim is shown to the Bruja in one
            # world only, a card is among the spare ones): B answers its own at random until they wait for the
            # same ones again, each world's log running on as time at the table would.
            varied_kinds.extend(prompt.kind for prompt in other.state.group.values())
            own = _catch_up(other.state, viewer, bot)
            if own is None or not _apply(game, other.state, own):
                break
            ahead += 1
        elif ahead < CATCH_UP and _hidden(game, mine.state, viewer):
            group = next_group(False)
            if group is None or any(_names(chosen, viewer) for _, _, chosen in group):
                # B has no such decision: an answer of A's naming the viewer may be told to them in A only.
                break
            for player, pid, chosen in group:
                mine.choose(player, pid, chosen)
            taken.append(group)
            step += 1
            ahead += 1
        else:
            break
        if mine.result is not None or other.state.result is not None:
            break
        if _shape(mine.state, named) == _shape(other.state, named):
            # From here on both worlds draw the same chance: a different answer or an extra decision in B must not
            # turn a later hidden draw (the Niña caught or not) into a difference of its own.
            other.state.rng.setstate(mine.state.rng.getstate())
            compared += 1
            going, leak = check(step)
    return leak, compared, caught


def _drawn(state: State, since: int) -> list[tuple[str, Any]]:
    """The events ``state`` logged since ``since``: whether a draw made otherwise changed anything (never their
    audiences, which the mutation test changes: its worlds must be the ones the search played)."""
    return [(e.kind, e.data) for e in state.log[since:]]


def _names(chosen: Sequence[str], viewer: Viewer) -> bool:
    """Whether an answer names ``viewer`` (their id, or one of their places: ``p3:2``). Being chosen is often
    told to the one chosen (El archivo points at a player; a pact names its two players): such answers are kept."""
    return viewer is not None and any(o == viewer or o.startswith(f"{viewer}:") for o in chosen)


def _legal(state: State, choices: list[Choice]) -> bool:
    """Whether each answer is one of its prompt's options, as many as it asks (the whole legality check)."""
    for player, pid, chosen in choices:
        prompt = state.group[player, pid]
        if prompt.text_max:
            continue
        if any(o not in prompt.options for o in chosen) or len(set(chosen)) != len(chosen):
            return False
        if not (prompt.min <= len(chosen) <= prompt.max or (prompt.skippable and not chosen)):
            return False
    return True


def _steer(game: Game, mine: State, other: State, bot: RandomBot) -> list[Choice] | None:
    """Random answers for A's open decisions, each among the options its decision has in B too (B waits for the
    same decisions, the hidden ones perhaps by another player: by prompt id). ``None`` when some decision has no
    such answer."""
    in_b: dict[str, set[str]] = {}
    for (_, pid), prompt in other.group.items():
        in_b.setdefault(pid, set()).update(prompt.options)
    answers = []
    for (p, pid), prompt in mine.group.items():
        if prompt.text_max:
            answers.append((p, pid, tuple(bot.choose(prompt))))
            continue
        both = tuple(o for o in prompt.options if o in in_b.get(pid, ()))
        if len(both) >= max(prompt.min, 1):
            answers.append((p, pid, tuple(bot.choose(replace(prompt, options=both)))))
        elif prompt.skippable:
            answers.append((p, pid, ()))
        else:
            return None
    return answers


def _catch_up(state: State, viewer: Viewer, bot: RandomBot) -> list[Choice] | None:
    """Answers to a group of hidden decisions of one world only: none where that may be, else random ones that
    do not name the viewer (being named is often told to the one named); ``None`` when there are none."""
    answers = []
    for (p, pid), prompt in state.group.items():
        if prompt.skippable:
            chosen: tuple[str, ...] = ()
        else:
            others = tuple(o for o in prompt.options if not _names((o,), viewer))
            if len(others) < max(prompt.min, 1):
                return None
            chosen = tuple(bot.choose(replace(prompt, options=others)))
        answers.append((p, pid, chosen))
    return answers


def _secret_to(game: Game, state: State, prompt: Prompt, viewer: Viewer) -> bool:
    """Whether the answer to ``prompt`` is kept from ``viewer``: its kind's answers are secret, or the game tells
    it to given players only and not to the viewer (``Game.told_of``)."""
    if prompt.kind in game.secret_answers():
        return True
    told = game.told_of(state, prompt)
    return told is not None and viewer not in told


def _hidden(game: Game, state: State, viewer: Viewer, skips: bool = False) -> bool:
    """Whether every open decision is hidden from ``viewer``: none is theirs, each one whose answer is kept from
    them (:func:`_secret_to`) — or, with ``skips``, one its player may pass on and that is not taken under their
    name (passing on a power tells nobody anything: answered so, it may stand in one world only)."""
    named = game.public_deciders()
    return all(
        p != viewer
        and (_secret_to(game, state, prompt, viewer) or (skips and prompt.skippable and prompt.kind not in named))
        for (p, _), prompt in state.group.items()
    )


def check_game(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
    viewers: Sequence[Viewer],
    rng: random.Random,
    also: Collection[str] = (),
    only_with_also: bool = False,
) -> tuple[Leak | None, dict[str, Viewer]]:
    """Noninterference on one random game, one world B per viewer. Returns the first leak found (or ``None``)
    and, for the kinds in ``also``, a viewer who would have caught each, had it been public. With
    ``only_with_also`` a game whose world A brings none of those kinds is not compared at all (the search for
    witnesses: such a game could catch one only where a world B brings it instead, which the search gives up
    for a search ten times cheaper)."""
    played = play(game, players, options, seed, viewers)
    if played is None or (only_with_also and not any(kinds & set(also) for kinds in played.kinds)):
        return None, {}
    caught: dict[str, Viewer] = {}
    for viewer in viewers:
        leak, _, kinds = compare(played, viewer, rng, also=also)
        if leak is not None:
            return leak, caught
        for kind in kinds:
            caught.setdefault(kind, viewer)

    def from_the_middle(starts: list[tuple[int, Match]], chance: random.Random) -> Leak | None:
        # Each moment through the eyes of one of the viewers: a comparison from the middle costs a copy of the game
        # and the views of both worlds at every group, and the moments are many.
        for moment, before in starts:
            viewer = chance.choice(viewers)
            leak, _, kinds = compare_midway(played, viewer, chance, moment, before, also=also)
            if leak is not None:
                return leak
            for kind in kinds:
                caught.setdefault(kind, viewer)
        return None

    leak = from_the_middle(midway_starts(played, rng), rng)
    if leak is None:
        # The lead-in moments draw from a copy of the chance left, not from it: added later, they left the moments
        # above, and the games the mutation test found with them, as they were.
        lead = random.Random()
        lead.setstate(rng.getstate())
        leak = from_the_middle(lead_in_starts(played, lead), lead)
    return leak, caught


def midway_starts(played: Played, rng: random.Random, most: int = MIDWAY) -> list[tuple[int, Match]]:
    """Where :func:`compare_midway` starts: before the first group that brought each kind of event, at most
    ``most`` of them at random, each with A as it was then. Every kind of event comes at least once in a game
    it is part of, however late; and the moment is chosen by kinds, never by audiences, so a game checked
    again with one audience changed (the mutation test) is compared from the same moments."""
    moments = sorted(set(_firsts(played).values()))
    return _starts(played, sorted(rng.sample(moments, min(most, len(moments)))))


def lead_in_starts(played: Played, rng: random.Random, most: int = LEAD_IN) -> list[tuple[int, Match]]:
    """More starts for :func:`compare_midway`: one or two groups before the first group that brought a kind of
    event, at most ``most`` of them at random (by kinds, never by audiences, like :func:`midway_starts`). A
    decision that is secret only in its situation (the Profeta choosing a card while two links are already on
    the table, refused the third one group later) can be answered otherwise only from before it."""
    moments = sorted({k - lead for k in _firsts(played).values() for lead in (1, 2) if k - lead > 0})
    return _starts(played, sorted(rng.sample(moments, min(most, len(moments)))))


def _firsts(played: Played) -> dict[str, int]:
    """The first group that brought each kind of event."""
    first: dict[str, int] = {}
    for k, kinds in enumerate(played.kinds):
        for kind in sorted(kinds):
            first.setdefault(kind, k)
    return first


def _starts(played: Played, moments: list[int]) -> list[tuple[int, Match]]:
    """A replayed as it was before each of ``moments`` (ascending)."""
    starts: list[tuple[int, Match]] = []
    match = played.start()
    done = 0
    for moment in moments:
        for group in played.groups[done:moment]:
            for player, pid, chosen in group:
                match.choose(player, pid, chosen)
        done = moment
        starts.append((moment, _fork_match(match, fork(match.state))))
    return starts
