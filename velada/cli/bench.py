"""``velada bench``: the engine's random-play speed, measured right beside the bare-loop floor.

An absolute figure drifts by 10–15% on a shared machine, so the two are measured alternately in one run and
compared as a ratio of choices applied per second.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from velada.core.engine import check_players
from velada.core.options import normalize
from velada.core.sim import game_seed, player_ids, random_playout
from velada.games import REGISTRY

BENCH_GAME = "hombres-lobo"
BENCH_PLAYERS = 12
#: Every role of the rulebook at the table: the benchmark exercises every rule.
BENCH_OPTIONS = {"especiales": "vidente,bruja,cazador,cupido,nina,ladron"}
DEFAULT_FLOOR = Path("../shared/bench/werewolf_floor.py")


def measure_velada(seconds: float, seed: int = 1) -> dict[str, Any]:
    game = REGISTRY.get(BENCH_GAME)
    players = check_players(game, player_ids(BENCH_PLAYERS))
    options = normalize(game.options, BENCH_OPTIONS)
    games = choices = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        _, count = random_playout(game, players, options, game_seed(seed, games))
        games += 1
        choices += count
        elapsed = time.perf_counter() - started
    return {
        "games": games,
        "choices": choices,
        "seconds": round(elapsed, 3),
        "games_per_second": games / elapsed,
        "choices_per_second": choices / elapsed,
    }


def measure_floor(path: Path, seconds: float) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(path), "--seconds", str(seconds), "--games", "100000000"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_bench(seconds: float, rounds: int, floor: Path | None) -> dict[str, Any]:
    floor = floor if floor is not None else (DEFAULT_FLOOR if DEFAULT_FLOOR.exists() else None)
    best: dict[str, Any] | None = None
    best_floor: dict[str, Any] | None = None
    for _ in range(max(1, rounds)):
        ours = measure_velada(seconds)
        if best is None or ours["choices_per_second"] > best["choices_per_second"]:
            best = ours
        if floor is not None:
            theirs = measure_floor(floor, seconds)
            if best_floor is None or theirs["choices_per_s"] > best_floor["choices_per_s"]:
                best_floor = theirs
    report: dict[str, Any] = {
        "game": BENCH_GAME,
        "players": BENCH_PLAYERS,
        "options": BENCH_OPTIONS,
        "velada": best,
        "floor": best_floor,
    }
    if best_floor is not None and best is not None:
        report["ratio"] = best_floor["choices_per_s"] / best["choices_per_second"]
    return report
