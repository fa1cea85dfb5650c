"""Noninterference: what one viewer sees must not depend on what they may not know — their log included.

The older check, ``Game.shuffle_hidden``, deals the hidden cards of one state again and compares the viewer's
view of both states; it copies the log unchanged, so an event given to the wrong audience passes it. This
module compares two whole games instead, built so that the viewer cannot tell them apart:

* **World A** is a random game from an explicit deal (``Game.deal_of`` of a random setup), played by a random
  bot; its choices are recorded group by group.
* **World B** starts from another deal (``Game.redeal``): the hidden cards the viewer has not learnt by some
  moment of A (``Game.knowledge``, read from the state after every group, never from the log) are dealt
  again among their places. B uses A's seed, so chance that does not depend on the hidden cards comes out the
  same.
* B replays A's choices group by group. A prompt the viewer may not see answered in A by a player is answered
  in B by the player the redeal gave that player's card to, for a decision taken because of a card; by the same
  player, for a public decision (a vote); option ids stay the same. Now and then a hidden decision (a prompt
  neither the viewer's, nor of a public kind, nor shared with the viewer, as the wolves share their vote) is
  answered differently in B — only when that keeps the viewer's view, the log apart, and the open decisions
  unchanged — so that secret *choices* (a potion, the lovers Cupido names) differ between the worlds too.
* After each group both worlds are compared through the viewer's eyes (``build_view``, with texts). While
  everything but the log is equal, the logs must be equal: a different log entry is an event that reached the
  viewer although it depends on something they may not know — the leak this module exists to find. When the
  rest of the view differs, the viewer has legitimately learnt something that tells the worlds apart (a death
  reveals a card, the Vidente sees one): the comparison stops there, as it stops at the first choice of A that
  is not legal in B and before the end of the game (whose reveal shows everything).

The rest of the view being equal is what makes a difference in the log a leak; that the rest of the view itself
reveals nothing hidden is ``shuffle_hidden``'s property, which stays.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from velada.core.bots import RandomBot
from velada.core.engine import Match, build_view, pending, visible_prompts
from velada.core.engine import choose as apply_choice
from velada.core.game import Game, State
from velada.core.protocol import IllegalAction, Viewer

#: One recorded choice: (player, prompt id, chosen option ids).
Choice = tuple[str, str, tuple[str, ...]]
#: The language views are compared in: texts are compared too, since an event's text is rendered from the state.
LANG = "en"
#: How many groups one world may run ahead of the other, through decisions hidden from the viewer, to wait again
#: for the same decisions as the other.
CATCH_UP = 3


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

    def __str__(self) -> str:
        return (
            f"{self.viewer!r} tells two worlds apart by their log after group {self.step}: "
            f"{self.mine} against {self.other}\nrecord: {self.record}\nother deal: {self.deal}"
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
        for prompt in pending(state):
            chosen = tuple(bot.choose(prompt))
            match.choose(prompt.player, prompt.id, chosen)
            group.append((prompt.player, prompt.id, chosen))
        played.groups.append(group)
        for v in viewers:
            learnt[v] |= game.knowledge(state, v)
            played.learnt[v].append(frozenset(learnt[v]))
    return played


def _rest(game: Game, state: State, viewer: Viewer) -> dict[str, Any]:
    """Everything ``viewer`` sees but the log, texts included. (The log is compared entry by entry as it grows:
    rendering a whole log after every group would make long games quadratic.)"""
    view = build_view(game, state, viewer, LANG, texts=False)
    del view["log"]
    for entry, prompt in zip(view["prompts"], visible_prompts(state, viewer), strict=True):
        entry["text"] = game.prompt_text(state, prompt, LANG)
        for option in entry["options"]:
            option["label"] = game.option_label(state, prompt, option["id"], LANG)
    return view


def _log(game: Game, state: State, viewer: Viewer, start: int) -> list[dict[str, Any]]:
    """The entries of ``viewer``'s log from the ``start``-th on, as ``build_view`` shows them."""
    visible = [event for event in state.log if event.visible_to(viewer)]
    return [
        {"seq": seq, "kind": e.kind, "text": game.event_text(state, e, LANG), "data": e.data}
        for seq, e in enumerate(visible[start:], start)
    ]


def _shape(state: State) -> Counter[str]:
    """The open decisions by prompt id (how many players each), whoever answers them."""
    return Counter(pid for _, pid in state.group)


def _mapped(
    game: Game, group: list[Choice], other: State, moved: Mapping[str, str], viewer: Viewer
) -> list[Choice] | None:
    """A's answers to one group, given to the players who must answer them in world B, or ``None`` when B does not
    wait for the same decisions."""
    public = {k.kind for k in game.prompt_kinds if k.public}
    open_ = {(p, pid): prompt for (p, pid), prompt in other.group.items()}
    by_pid: dict[str, list[str]] = {}
    for p, pid in open_:
        by_pid.setdefault(pid, []).append(p)
    if Counter(pid for _, pid, _ in group) != Counter({pid: len(ps) for pid, ps in by_pid.items()}):
        return None
    taken: set[tuple[str, str]] = set()
    out: list[Choice | None] = [None] * len(group)
    # First the viewer's own answers and public decisions (a vote) to the same player; then decisions taken
    # because of a card, to whoever holds that card in B (the redeal's map), else to the same player, else to
    # anybody left who must answer that prompt.
    kinds = {pid: prompt.kind for (_, pid), prompt in open_.items()}
    for rank in (0, 1):
        for i, (player, pid, chosen) in enumerate(group):
            same = player == viewer or kinds[pid] in public
            if same != (rank == 0):
                continue
            candidates = [player] if same else [moved.get(player, player), player]
            for who in [*candidates, *sorted(by_pid[pid])]:
                if (who, pid) in open_ and (who, pid) not in taken:
                    break
            else:  # pragma: no cover - the counts matched
                return None
            taken.add((who, pid))
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
    shape: Counter[str],
    rng: random.Random,
    tries: int,
) -> State | None:
    """World B after the group with some hidden decisions answered differently, if one of ``tries`` random
    variations leaves the viewer's view (log apart) equal to ``target`` and the same decisions open."""
    public = {k.kind for k in game.prompt_kinds if k.public}
    if any(p == viewer for p, _ in other.group):
        # Decisions taken together with the viewer's may be told to them when the group resolves (the wolves
        # learn that the Niña was caught spying on their vote): they are kept.
        return None
    eligible = [i for i, (p, pid, _) in enumerate(choices) if other.group[p, pid].kind not in public]
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
        if varied == choices:
            continue
        trial = copy.deepcopy(other)
        if not _apply(game, trial, varied) or (_shape(trial) != shape and not _hidden(game, trial, viewer)):
            continue
        if _rest(game, trial, viewer) == target:
            return trial
    return None


def compare(
    played: Played, viewer: Viewer, rng: random.Random, vary: float = 0.5, tries: int = 3
) -> tuple[Leak | None, int]:
    """Play world B against ``played`` for ``viewer`` (see the module's docstring). Returns the leak found, if
    any, and how many groups were compared."""
    game = played.game
    learnt = played.learnt[viewer]
    # The moment up to which B keeps what the viewer learns: late moments keep B like A for longer, early ones
    # deal more cards again.
    horizon = rng.randrange(len(learnt))
    alternative = game.redeal(played.start().state, learnt[horizon], viewer, rng)
    if alternative is None:
        return None, 0
    deal, moved = alternative
    mine = played.start()
    try:
        other = played.start(deal)
    except ValueError:
        return None, 0

    seen = 0  # entries of the viewer's log already compared, equal in both worlds

    def check(step: int) -> tuple[bool, Leak | None]:
        """Compare the worlds, waiting for the same decisions, through the viewer's eyes."""
        nonlocal seen
        if _rest(game, mine.state, viewer) != _rest(game, other.state, viewer):
            return False, None
        log_a, log_b = _log(game, mine.state, viewer, seen), _log(game, other.state, viewer, seen)
        seen += len(log_a)
        if log_a != log_b:
            k = next(
                (i for i, (a, b) in enumerate(zip(log_a, log_b, strict=False)) if a != b), min(len(log_a), len(log_b))
            )
            return False, Leak(
                viewer,
                step,
                log_a[k] if k < len(log_a) else None,
                log_b[k] if k < len(log_b) else None,
                {**played.start().record(), "choices": played.groups},
                deal,
            )
        return True, None

    going, leak = check(0) if _shape(mine.state) == _shape(other.state) else (True, None)
    groups = played.groups
    step = compared = ahead = 0
    bot = RandomBot(rng.randrange(2**32))
    while going and step < len(groups):
        if _shape(mine.state) == _shape(other.state):
            choices = _mapped(game, groups[step], other.state, moved, viewer)
            if choices is None:
                break
            for player, pid, chosen in groups[step]:
                mine.choose(player, pid, chosen)
            step += 1
            if mine.result is not None:
                break
            varied = None
            if rng.random() < vary:
                target = _rest(game, mine.state, viewer)
                varied = _vary(game, other.state, choices, viewer, target, _shape(mine.state), rng, tries)
            if varied is not None:
                other.state = varied
            elif not _apply(game, other.state, choices):
                break
            ahead = 0
        elif ahead < CATCH_UP and _hidden(game, other.state, viewer):
            # The worlds wait for different hidden decisions (tonight's victim is shown to the Bruja in one
            # world only, a card is among the spare ones): B answers its own at random until they wait for the
            # same ones again, each world's log running on as time at the table would.
            if not _apply(
                game, other.state, [(p, pid, tuple(bot.choose(pr))) for (p, pid), pr in other.state.group.items()]
            ):
                break
            ahead += 1
        elif ahead < CATCH_UP and _hidden(game, mine.state, viewer):
            for player, pid, chosen in groups[step]:
                mine.choose(player, pid, chosen)
            step += 1
            ahead += 1
        else:
            break
        if mine.result is not None or other.state.result is not None:
            break
        if _shape(mine.state) == _shape(other.state):
            # From here on both worlds draw the same chance: a different answer or an extra decision in B must not
            # turn a later hidden draw (the Niña caught or not) into a difference of its own.
            other.state.rng.setstate(mine.state.rng.getstate())
            compared += 1
            going, leak = check(step)
    return leak, compared


def _hidden(game: Game, state: State, viewer: Viewer) -> bool:
    """Whether every open decision is hidden from ``viewer``: none is theirs, none of a public kind."""
    public = {k.kind for k in game.prompt_kinds if k.public}
    return all(p != viewer and prompt.kind not in public for (p, _), prompt in state.group.items())


def check_game(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
    viewers: Sequence[Viewer],
    rng: random.Random,
    rounds: int = 1,
) -> tuple[Leak | None, int]:
    """Noninterference on one random game: ``rounds`` worlds B per viewer. Returns the first leak found (or
    ``None``) and how many groups were compared in all."""
    played = play(game, players, options, seed, viewers)
    if played is None:
        return None, 0
    total = 0
    for viewer in viewers:
        for _ in range(rounds):
            leak, steps = compare(played, viewer, rng)
            total += steps
            if leak is not None:
                return leak, total
    return None, total
