"""The simulator: many games with bots, and what they say about balance.

Game ``i`` of a run with seed ``S`` uses game seed ``S * 1_000_003 + i`` and its bots their own seed derived
from it, so any single game of a study can be replayed on its own.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from velada.core.bots import RandomBot
from velada.core.engine import Match, check_players, pending
from velada.core.engine import choose as apply_choice
from velada.core.game import Game, State
from velada.core.options import normalize


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def player_ids(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


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
    """The simulator's playout: the same game as :func:`play_random_game` (same seeds, same choices), without
    keeping the record, from options already normalised. Returns the final state and the number of choices."""
    state = game.setup(players, options, random.Random(seed), None)
    choose = RandomBot(seed ^ 0x5EED).choose
    count = 0
    while state.result is None:
        # A new group has no answers yet: every prompt in it is pending.
        for prompt in list(state.group.values()):
            apply_choice(game, state, prompt.player, prompt.id, choose(prompt))
            count += 1
    return state, count


@dataclass
class SimStats:
    """Totals of a run; :meth:`summary` turns them into rates with 95% confidence intervals."""

    games: int = 0
    choices: int = 0
    rounds: int = 0
    wins: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    draws: int = 0

    def add(self, other: SimStats) -> None:
        self.games += other.games
        self.choices += other.choices
        self.rounds += other.rounds
        self.wins.update(other.wins)
        self.reasons.update(other.reasons)
        self.draws += other.draws


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _chunk(game: Game, n_players: int, options: Mapping[str, Any], seed: int, start: int, count: int) -> SimStats:
    stats = SimStats()
    players = check_players(game, player_ids(n_players))
    options = normalize(game.options, options)
    for i in range(start, start + count):
        state, choices = random_playout(game, players, options, game_seed(seed, i))
        result = state.result
        stats.games += 1
        stats.choices += choices
        stats.rounds += result.rounds
        stats.reasons[result.reason] += 1
        if result.sides:
            stats.wins.update(result.sides)
        else:
            stats.draws += 1
    return stats


def simulate(
    game: Game,
    n_players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> tuple[SimStats, float]:
    """Play ``games`` random-bot games; returns the totals and the wall-clock seconds taken."""
    options = dict(options or {})
    Match(game, player_ids(n_players), options, 0)  # fail fast on a bad table, before any worker starts
    total = SimStats()
    started = time.perf_counter()
    chunk = max(1, min(200, games // (max(jobs, 1) * 10) or 1))
    starts = list(range(0, games, chunk))
    if jobs <= 1:
        for start in starts:
            part = _chunk(game, n_players, options, seed, start, min(chunk, games - start))
            total.add(part)
            if progress:
                progress(part.games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(_chunk, game, n_players, options, seed, start, min(chunk, games - start))
                for start in starts
            ]
            for future in as_completed(futures):
                part = future.result()
                total.add(part)
                if progress:
                    progress(part.games)
    return total, time.perf_counter() - started


def summary(game: Game, n_players: int, seed: int, stats: SimStats, seconds: float) -> dict[str, Any]:
    """The run as one JSON-ready object: win rate per side with 95% CI, mean length, speed."""
    n = stats.games
    sides = {}
    for side in game.info.sides:
        low, high = wilson(stats.wins[side], n)
        sides[side] = {
            "wins": stats.wins[side],
            "rate": stats.wins[side] / n if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
        }
    low, high = wilson(stats.draws, n)
    return {
        "game": game.id,
        "players": n_players,
        "games": n,
        "seed": seed,
        "sides": sides,
        "draws": {"count": stats.draws, "rate": stats.draws / n if n else 0.0, "ci95": [round(low, 4), round(high, 4)]},
        "reasons": dict(stats.reasons),
        "mean_rounds": stats.rounds / n if n else 0.0,
        "mean_choices": stats.choices / n if n else 0.0,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1) if seconds else None,
        "choices_per_second": round(stats.choices / seconds) if seconds else None,
    }
