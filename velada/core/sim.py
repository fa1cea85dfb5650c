"""The simulator: many games with bots, and what they say about balance.

Game ``i`` of a run with seed ``S`` uses game seed ``S * 1_000_003 + i`` and its bots seeds derived from it, so
any single game of a study can be replayed on its own. Bots are seated by name, cycling over the seats
(``["heuristico", "random"]`` alternates them); with random bots only, a faster loop plays the same games.

A study is played in chunks of :data:`CHUNK` consecutive games, the same chunks whoever plays them: one process,
``jobs`` worker processes or a Ray cluster (:mod:`velada.core.sim_ray`). Totals are sums, so the three give
identical results. With a ``store`` file each finished chunk is written down as it arrives, and a study started
again with the same file plays only the chunks still missing.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import math
import platform
import random
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from velada.core.bots import RandomBot, narrator_bot, viewer_of
from velada.core.engine import Match, build_view, check_answer, check_players, pending, resolve_group
from velada.core.engine import choose as apply_choice
from velada.core.errors import Problem
from velada.core.game import Game, State
from velada.core.options import normalize
from velada.core.protocol import NARRATOR

RANDOM = "random"
#: Games per chunk: the unit of work handed to a process or a Ray task, and of a study's file.
CHUNK = 250


#: What every chunk of a study plays: (game, number of players, options, seed, bots by seat in turn).
ChunkArgs = tuple[Game, int, Mapping[str, Any], int, tuple[str, ...]]


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def player_ids(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def seat_bots(bots: Sequence[str], players: Sequence[str]) -> dict[str, str]:
    """Which bot plays each seat: the names in ``bots``, cycling over the seats."""
    return {player: bots[i % len(bots)] for i, player in enumerate(players)}


def play_random_game(game: Game, players: list[str], options: Mapping[str, Any], seed: int) -> Match:
    """One game with a random bot in every seat, recorded (so it can be saved and replayed)."""
    match = Match(game, players, options, seed)
    bot = RandomBot(seed ^ 0x5EED)
    choose = bot.choose
    state = match.state
    while state.result is None:
        for prompt in pending(state):
            match.choose(prompt.player, prompt.id, choose(prompt))
    return match


def random_playout(game: Game, players: tuple[str, ...], options: Mapping[str, Any], seed: int) -> tuple[State, int]:
    """The simulator's playout with random bots: the same game as :func:`play_random_game` (same seeds, same
    choices), without keeping the record, from options already normalised. Returns the final state and the
    number of choices."""
    with _CollectorPaused():
        state = game.setup(players, options, random.Random(seed), None)
        bot = RandomBot(seed ^ 0x5EED)
        choose, draw = bot.choose, bot.rng.random
        floor = math.floor
        count = 0
        while state.result is None:
            # A new group has no answers yet: every prompt in it is pending, and stays open until its own answer
            # (the group changes only when its last answer completes it). So of the engine's checks only the
            # answer's own can fail here (``check_answer``); the group's answers are recorded as ``choose`` would,
            # under the group's own keys, and the group is resolved when the last is in.
            group = state.group
            answers = state.answers
            for key, prompt in group.items():
                if prompt.max == 1 and prompt.min <= 1 and not prompt.text_max:
                    # ``RandomBot.choose``'s pick of one option (the same draw), which is legal as it is made: one
                    # of the prompt's own options, a count within [min, 1], or a skip, drawn only when the prompt
                    # allows it. A prompt with neither options nor a skip goes to the check, which refuses it.
                    # ``floor`` is the bot's ``int`` for a draw that is never negative, the same k, and a plain
                    # builtin call on 3.11, where calling the class ``int`` takes the slow path (a call a choice).
                    choices = prompt.options
                    n = len(choices)
                    k = floor(draw() * (n + prompt.skippable))
                    if k < n:
                        answers[key] = (choices[k],)
                    else:
                        answers[key] = () if prompt.skippable else check_answer(prompt, ())
                else:
                    answers[key] = check_answer(prompt, choose(prompt))
            count += len(group)
            resolve_group(game, state)
    return state, count


class _CollectorPaused:
    """Python's cycle collector paused for one playout, and let run again after it. A game allocates thousands
    of containers that live until it ends (its log, prompts, the bots' lists), so the collector, triggered every
    700 of them, would walk them over and over during the game for nothing: what a game leaves unreachable is
    freed as it goes (reference counts) or, for the rare cycle, by a later run of the collector. The game itself
    cannot tell: the same games, a few per cent faster (docs/performance.md).

    When the playout ends its state is still alive (it is returned), and the first allocation after the collector
    is back would walk every container the game made (~0.5 M instructions a game of El ansia, for nothing: no
    game leaves a cycle). ``gc.freeze()`` then ``gc.unfreeze()`` moves every tracked object into the oldest
    generation and zeroes the young count without walking them, so that walk does not happen; the game's objects
    leave that generation as they are freed. Skipped when the program froze objects of its own (a pre-fork
    server), which ``unfreeze`` would let go.

    A class rather than a ``contextlib.contextmanager`` generator: entered once a game, whose generator, its
    frame and ``contextlib``'s wrapper cost ~0.7 µs more (``timeit``), ~0.25% of a bench game."""

    __slots__ = ("paused",)

    def __enter__(self) -> None:
        self.paused = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.paused:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def bot_playout(
    game: Game, players: tuple[str, ...], options: Mapping[str, Any], seed: int, seating: Mapping[str, str]
) -> tuple[State, int]:
    """A playout with the named bot in each seat; each bot sees only its own player's view."""
    factories = game.bots
    bots = {p: factories[seating[p]](p, seed ^ (0x5EED + i)) for i, p in enumerate(players)}
    bots[NARRATOR] = narrator_bot(seed)
    with _CollectorPaused():
        state = game.setup(players, options, random.Random(seed), None)
        count = 0
        while state.result is None:
            for prompt in list(state.group.values()):
                player = prompt.player

                def view(player: str = player) -> dict[str, Any]:
                    return build_view(game, state, viewer_of(player), texts=False)

                apply_choice(game, state, player, prompt.id, bots[player].choose(prompt, view))
                count += 1
    return state, count


class Sums(dict[tuple[str, str], float]):
    """(side, metric) → a sum of float values. Like a ``Counter``, a key never added reads 0.0 and reading it adds
    nothing; unlike one, its values are ``float`` to the type checker (a ``Counter``'s are ``int``)."""

    def __missing__(self, key: tuple[str, str]) -> float:
        return 0.0

    def add(self, other: Mapping[tuple[str, str], float]) -> None:
        """Add ``other``'s sums, key by key (``Counter.update``)."""
        for key, value in other.items():
            self[key] += value


@dataclass
class SimStats:
    """Totals of a run; :func:`summary` turns them into rates with 95% confidence intervals."""

    games: int = 0
    choices: int = 0
    rounds: int = 0
    #: side → games it won; ending reason → games that ended so.
    wins: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    #: Games won by several sides together ("aldeanos + enamorados"), by those sides: each of them counts the
    #: game among its wins, so the sides' wins add up to more than the games by exactly these.
    together: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    #: (bot, side) → seats played, and seats that won; side "" counts every side.
    seats: Counter[tuple[str, str]] = field(default_factory=Counter)
    seat_wins: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (bot, side) → sums over games of (seats won)², seats² and seats won × seats in that game: what the
    #: interval over games (:func:`clustered`) needs, as a game's seats are not independent trials.
    seat_wins_sq: Counter[tuple[str, str]] = field(default_factory=Counter)
    seats_sq: Counter[tuple[str, str]] = field(default_factory=Counter)
    seat_cross: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (side, metric) → sum and count of the values games reported (Result.stats)
    metric_sum: Sums = field(default_factory=Sums)
    metric_n: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: rounds → games that lasted that many (the length distribution)
    lengths: Counter[int] = field(default_factory=Counter)
    #: Games and choices of these totals read from a study's file rather than played by this run (a resumed
    #: study): the run's speed counts only what it played. Not part of the totals (nor of a file, nor of ==).
    read_games: int = field(default=0, compare=False)
    read_choices: int = field(default=0, compare=False)

    def add_game(self, key: tuple[str, str], won: int, seats: int) -> None:
        """One game's ``seats`` of a bot (and side) ``key``, ``won`` of them won: the sums its interval reads."""
        self.seats[key] += seats
        self.seat_wins[key] += won
        self.seats_sq[key] += seats * seats
        self.seat_wins_sq[key] += won * won
        self.seat_cross[key] += won * seats

    def add(self, other: SimStats) -> None:
        self.games += other.games
        self.choices += other.choices
        self.rounds += other.rounds
        self.wins.update(other.wins)
        self.reasons.update(other.reasons)
        self.together.update(other.together)
        self.draws += other.draws
        self.seats.update(other.seats)
        self.seat_wins.update(other.seat_wins)
        self.seat_wins_sq.update(other.seat_wins_sq)
        self.seats_sq.update(other.seats_sq)
        self.seat_cross.update(other.seat_cross)
        self.metric_sum.add(other.metric_sum)
        self.metric_n.update(other.metric_n)
        self.lengths.update(other.lengths)

    def to_json(self) -> dict[str, Any]:
        """The totals as JSON (pair keys as two-item lists), for a study's file."""
        out: dict[str, Any] = {"games": self.games, "choices": self.choices, "rounds": self.rounds, "draws": self.draws}
        for name in _COUNTERS:
            counter: Counter[object] = getattr(self, name)
            out[name] = [[*key, value] if isinstance(key, tuple) else [key, value] for key, value in counter.items()]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SimStats:
        stats = cls(games=data["games"], choices=data["choices"], rounds=data["rounds"], draws=data["draws"])
        for name in _COUNTERS:
            counter: Counter[object] = getattr(stats, name)
            for *key, value in data[name]:
                counter[tuple(key) if len(key) > 1 else key[0]] += value
        return stats


_COUNTERS = (
    "wins",
    "reasons",
    "together",
    "seats",
    "seat_wins",
    "seat_wins_sq",
    "seats_sq",
    "seat_cross",
    "metric_sum",
    "metric_n",
    "lengths",
)


def wilson(successes: float, n: float, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``n`` may be an effective sample size."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def clustered(stats: SimStats, key: tuple[str, str]) -> tuple[float, float]:
    """A bot's (or a bot's on one side) 95% interval for its seats' win rate, over games, not seats.

    A game's seats are not independent trials: a bot's seats on one side win or lose together. The rate is the
    ratio estimator (seats won / seats) with games as clusters; its variance is the usual cluster (linearised)
    one, Σ_g (y_g − r·m_g)² / (Σ_g m_g)² over the games g, y_g seats won and m_g seats of the bot in game g.
    The interval is Wilson's at the effective sample size r(1 − r) / variance (Korn & Graubard 1998), never
    more than the seats. So one seat a game gives exactly Wilson over games, and seats that always win
    together count as one trial a game. A rate of 0 or 1 has no spread to measure: then one trial a game.
    Sides use it too (``(bot, side)``): the seats a bot held on that side, the games still the clusters."""
    seats, wins = stats.seats[key], stats.seat_wins[key]
    if not seats:
        return (0.0, 0.0)
    r = wins / seats
    spread = stats.seat_wins_sq[key] - 2 * r * stats.seat_cross[key] + r * r * stats.seats_sq[key]
    variance = max(0.0, spread) / (seats * seats)
    effective: float
    if r in (0, 1):
        effective = min(seats, stats.games)
    elif variance == 0:
        effective = seats  # the same share won every game: no spread between games at all
    else:
        effective = min(seats, r * (1 - r) / variance)
    return wilson(r * effective, effective)


def _chunk(
    game: Game, n_players: int, options: Mapping[str, Any], seed: int, start: int, count: int, bots: Sequence[str]
) -> SimStats:
    stats = SimStats()
    players = check_players(game, player_ids(n_players))
    options = normalize(game.options, options)
    seating = seat_bots(bots, players)
    fast = all(name == RANDOM for name in bots)
    for i in range(start, start + count):
        if fast:
            state, choices = random_playout(game, players, options, game_seed(seed, i))
        else:
            state, choices = bot_playout(game, players, options, game_seed(seed, i), seating)
        result = state.result
        assert result is not None, "a playout returns when the game has its result"
        stats.games += 1
        stats.choices += choices
        stats.rounds += result.rounds
        stats.lengths[result.rounds] += 1
        stats.reasons[result.reason] += 1
        teams = dict(result.teams)
        winners = set(result.winners)
        if len(result.sides) > 1:
            stats.together[" + ".join(result.sides)] += 1
        if result.sides:
            stats.wins.update(result.sides)
        else:
            stats.draws += 1
        for player, metric, value in result.stats:
            for key in ((teams.get(player, ""), metric), ("", metric)):
                stats.metric_sum[key] += value
                stats.metric_n[key] += 1
        seats: Counter[tuple[str, str]] = Counter()
        won: Counter[tuple[str, str]] = Counter()
        for player in players:
            bot, side = seating[player], teams.get(player)
            for key in ((bot, ""), (bot, side)) if side else ((bot, ""),):
                seats[key] += 1
                won[key] += player in winners
        for key, m in seats.items():
            stats.add_game(key, won[key], m)
    return stats


def prepare(game: Game, n_players: int, options: Mapping[str, Any], bots: Sequence[str]) -> None:
    """Raise ``ValueError`` (a :class:`Problem` where it can say why in any language) if a run cannot start: an
    unknown bot, a table the game cannot seat or deal, a bad option."""
    unknown = [name for name in bots if name not in game.bots]
    if unknown:
        raise Problem("unknown-bots", bots=", ".join(unknown), game=game.id, known=", ".join(game.bots))
    Match(game, player_ids(n_players), options, 0)


def chunks(games: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """The study's chunks: (first game, number of games)."""
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def simulate(
    game: Game,
    n_players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    bots: Sequence[str] = (RANDOM,),
    ray: str | None = None,
    store: Path | str | None = None,
) -> tuple[SimStats, float]:
    """Play ``games`` games with ``bots`` seated in turn; returns the totals and the wall-clock seconds.

    ``jobs`` > 1 plays chunks in that many processes; ``ray`` plays them on a Ray cluster (its address, or
    ``"local"`` to start one here with ``jobs`` CPUs). ``store`` keeps each finished chunk in a file and
    skips the chunks it already holds (see :class:`StudyFile`)."""
    options = dict(options or {})
    bots = tuple(bots) or (RANDOM,)
    prepare(game, n_players, options, bots)  # fail fast on a bad table, before any worker starts
    total = SimStats()
    started = time.perf_counter()
    todo = chunks(games)
    study = None
    if store is not None:
        study = StudyFile(Path(store), study_key(game, n_players, games, seed, options, bots))
        for part in study.done().values():
            total.add(part)
            total.read_games += part.games
            total.read_choices += part.choices
            if progress:
                progress(part.games)
        todo = [chunk for chunk in todo if chunk[0] not in study.finished]
    args = (game, n_players, options, seed, bots)
    if ray is not None:
        from velada.core.sim_ray import run_chunks_on_ray

        parts = run_chunks_on_ray(ray, jobs, args, todo)
    else:
        parts = _run_chunks(jobs, args, todo)
    for start, part in parts:
        total.add(part)
        if study is not None:
            study.write(start, part)
        if progress:
            progress(part.games)
    return total, time.perf_counter() - started


def play_chunk(args: ChunkArgs, start: int, count: int) -> tuple[int, SimStats]:
    """One chunk of a study, anywhere: ``args`` is (game, players, options, seed, bots)."""
    game, n_players, options, seed, bots = args
    return start, _chunk(game, n_players, options, seed, start, count, bots)


def _run_chunks(jobs: int, args: ChunkArgs, todo: list[tuple[int, int]]) -> Iterator[tuple[int, SimStats]]:
    if jobs <= 1:
        for start, count in todo:
            yield play_chunk(args, start, count)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_chunk, args, start, count) for start, count in todo]
        for future in as_completed(futures):
            yield future.result()


def versions() -> dict[str, str]:
    """What produced a study: velada's and Python's versions (and Ray's, when installed), and the commit of
    velada's code when it runs from a git checkout — the package's version stays the same from one commit to
    the next, so it alone does not say which rules played the games."""
    out = {"velada": metadata.version("velada"), "python": platform.python_version()}
    with contextlib.suppress(metadata.PackageNotFoundError):
        out["ray"] = metadata.version("ray")
    commit = source_commit()
    if commit:
        out["commit"] = commit
    return out


@functools.cache
def source_commit() -> str | None:
    """The commit velada's code was checked out at, with ``+`` when its files differ from it (uncommitted
    changes under ``velada/``); None outside a git checkout or without git."""
    package = Path(__file__).resolve().parent.parent
    root = package.parent
    if not (root / ".git").exists():
        return None
    git = ["git", "-C", str(root)]
    try:
        head = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        if head.returncode:
            return None
        changed = subprocess.run([*git, "diff", "--quiet", "HEAD", "--", str(package)], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+" if changed.returncode else "")


def study_key(
    game: Game, n_players: int, games: int, seed: int, options: Mapping[str, Any], bots: Sequence[str]
) -> dict[str, Any]:
    """What makes two runs the same study: the game, the table, the games, the seed, every option (defaults
    written out) and the bots. A study's file belongs to exactly one key."""
    specs = {spec.key: spec for spec in game.options}
    normal = normalize(game.options, options)
    return {
        "game": game.id,
        "players": n_players,
        "games": games,
        "seed": seed,
        "options": {key: specs[key].format(value) for key, value in normal.items()},
        "bots": list(bots),
        "chunk": CHUNK,
        # 2: chunks also hold the per-game sums of squares the bots' intervals need (older files lack them)
        "stats": 2,
    }


class StudyFile:
    """A study's results, one chunk per line (JSON lines), after a first line naming the study
    (:func:`study_key`), the versions that started it (``versions``) and those of every later run that resumed
    it, when they differ (``resumed_with``). A chunk is written when it finishes, so a study stopped at any
    moment loses at most the chunks under way; a line cut short by the stop is ignored."""

    def __init__(self, path: Path, key: dict[str, Any]) -> None:
        self.path = path
        self.key = key
        self.finished: set[int] = set()
        self._parts: dict[int, SimStats] = {}
        now = versions()
        self.versions: dict[str, str] = now
        self.resumed_with: list[dict[str, str]] = []
        if path.exists() and path.stat().st_size:
            with path.open(encoding="utf-8") as lines:
                header = json.loads(next(lines))
                if header.get("study") != key:
                    raise Problem("study-other", path=str(path))
                self.versions = header.get("versions", {})
                self.resumed_with = header.get("resumed_with", [])
                if now != self.versions and now not in self.resumed_with:
                    self.resumed_with.append(now)
                for line in lines:
                    try:
                        entry = json.loads(line)
                    except json.JSONDecodeError:
                        break  # the last line, cut short when the study stopped
                    self._parts[entry["start"]] = SimStats.from_json(entry["stats"])
            self.finished = set(self._parts)
            self._rewrite()  # drop a line cut short, so new lines start on a line of their own
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._rewrite()

    def done(self) -> dict[int, SimStats]:
        return dict(self._parts)

    def write(self, start: int, part: SimStats) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"start": start, "stats": part.to_json()}) + "\n")
        self.finished.add(start)

    def _rewrite(self) -> None:
        with self.path.open("w", encoding="utf-8") as out:
            header: dict[str, Any] = {"study": self.key, "versions": self.versions}
            if self.resumed_with:
                header["resumed_with"] = self.resumed_with
            out.write(json.dumps(header) + "\n")
            for start, part in sorted(self._parts.items()):
                out.write(json.dumps({"start": start, "stats": part.to_json()}) + "\n")


def _rate(wins: int, n: int, interval: tuple[float, float] | None = None) -> dict[str, Any]:
    low, high = interval or wilson(wins, n)
    return {"wins": wins, "of": n, "rate": wins / n if n else 0.0, "ci95": [round(low, 4), round(high, 4)]}


def _metrics(stats: SimStats) -> dict[str, dict[str, float]]:
    """Mean of each metric games reported, per side ("" = every player)."""
    out: dict[str, dict[str, float]] = {}
    for (side, metric), total in sorted(stats.metric_sum.items()):
        out.setdefault(side or "*", {})[metric] = round(total / stats.metric_n[side, metric], 3)
    return out


def summary(
    game: Game,
    n_players: int,
    seed: int,
    stats: SimStats,
    seconds: float,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] = (RANDOM,),
) -> dict[str, Any]:
    """The run as one JSON-ready object: win rate per side and per bot (95% CI), mean length, speed, and what
    produced it (every option, defaults written out, the bots' seating, the versions)."""
    n = stats.games
    per_bot: dict[str, Any] = {}
    for (bot, side), seats in sorted(stats.seats.items()):
        entry = per_bot.setdefault(bot, {"by_side": {}})
        cell = _rate(stats.seat_wins[bot, side], seats, clustered(stats, (bot, side)))
        if side == "":
            entry.update(cell)
        else:
            entry["by_side"][side] = cell
    possible = game.sides(normalize(game.options, options))
    # Every side that can win with these options, and any other that won all the same (never hidden).
    sides = [*possible, *(side for side in sorted(stats.wins) if side not in possible)]
    return {
        "game": game.id,
        "players": n_players,
        "games": n,
        "seed": seed,
        "options": study_key(game, n_players, n, seed, options or {}, bots)["options"],
        "bot_seating": list(bots),
        "versions": versions(),
        "sides": {side: _rate(stats.wins[side], n) for side in sides},
        "together": dict(sorted(stats.together.items())),
        "draws": _rate(stats.draws, n),
        "bots": per_bot,
        "metrics": _metrics(stats),
        "reasons": dict(sorted(stats.reasons.items())),
        "mean_rounds": stats.rounds / n if n else 0.0,
        "lengths": {str(rounds): games for rounds, games in sorted(stats.lengths.items())},
        "mean_choices": stats.choices / n if n else 0.0,
        "seconds": round(seconds, 3),
        # What this run played: a resumed study's games read from its file took no time now.
        "games_per_second": round((n - stats.read_games) / seconds, 1) if seconds else None,
        "choices_per_second": round((stats.choices - stats.read_choices) / seconds) if seconds else None,
    }
