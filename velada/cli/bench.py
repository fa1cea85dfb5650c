"""``velada bench``: the engine's random-play speed, measured right beside the bare-loop floor.

The floor (``../shared/bench/werewolf_floor.py``, next to the repository) plays a simplified 12-player Werewolf:
three wolves, a seer, a witch and seven villagers; no Alguacil; the wolves' victim needs unanimity in a single
round; a simple day vote in which a tie kills nobody; the wolves win as soon as they are as many as the others.
velada plays the same table under its own rules with the options that come closest (:data:`BENCH_OPTIONS`; the
nearest victory rule is the first edition's, wolves win at one villager left), so that games per second and
choices per second compare like with like; both reports give their mean choices per game and the villagers' win
rate, which show how close the two games are.

An absolute figure drifts by 10–15% on a shared machine, so the two are measured alternately in one run, and
each side's median round is reported and compared as a ratio of choices applied per second. On a machine shared
with other work even that ratio moves with the load; ``--instructions`` (:func:`count_instructions`) compares
instead the instructions each side executes per choice, counted by valgrind's callgrind, which the load does not
change: the measure docs/performance.md ("Engine speed") records.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import velada
from velada.core.engine import check_players
from velada.core.options import normalize
from velada.core.sim import game_seed, player_ids, random_playout
from velada.games import REGISTRY

BENCH_GAME = "hombres-lobo"
BENCH_PLAYERS = 12
#: The floor's rules (see the module's docstring) as velada's options.
BENCH_OPTIONS = {
    "lobos": "3",
    "especiales": "vidente,bruja",
    "alguacil": "no",
    "rondas-lobos": "1",
    "voto": "simple",
    "empate": "nadie",
    "victoria": "penultimo",
}
FLOOR_NAME = Path("shared") / "bench" / "werewolf_floor.py"


def default_floor() -> Path | None:
    """The floor script: ``../shared/bench`` beside the repository holding this package (a checkout), or
    beside the current directory; ``None`` when neither has it."""
    root = Path(velada.__file__).resolve().parent.parent
    for base in (root.parent, Path.cwd().parent, Path.cwd()):
        path = base / FLOOR_NAME
        if path.is_file():
            return path
    return None


def measure_velada(seconds: float, seed: int = 1) -> dict[str, Any]:
    game = REGISTRY.get(BENCH_GAME)
    players = check_players(game, player_ids(BENCH_PLAYERS))
    options = normalize(game.options, BENCH_OPTIONS)
    games = choices = villager_wins = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state, count = random_playout(game, players, options, game_seed(seed, games))
        games += 1
        choices += count
        result = state.result
        assert result is not None, "a playout returns when the game has its result"
        villager_wins += "aldeanos" in result.sides
        elapsed = time.perf_counter() - started
    return {
        "games": games,
        "choices": choices,
        "seconds": round(elapsed, 3),
        "games_per_second": games / elapsed,
        "choices_per_second": choices / elapsed,
        "mean_choices_per_game": round(choices / games, 2),
        "villager_win_rate": round(villager_wins / games, 4),
    }


def measure_floor(path: Path, seconds: float) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(path), "--seconds", str(seconds), "--games", "100000000"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def median_round(rounds: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """The round whose ``key`` is the median (the lower median for an even count, so it is a real round)."""
    ordered = sorted(rounds, key=lambda r: r[key])
    return ordered[(len(ordered) - 1) // 2]


def run_bench(seconds: float, rounds: int, floor: Path | None) -> dict[str, Any]:
    floor = floor if floor is not None else default_floor()
    ours: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for _ in range(max(1, rounds)):
        ours.append(measure_velada(seconds))
        if floor is not None:
            theirs.append(measure_floor(floor, seconds))
    velada_median = median_round(ours, "choices_per_second")
    report: dict[str, Any] = {
        "game": BENCH_GAME,
        "players": BENCH_PLAYERS,
        "options": BENCH_OPTIONS,
        "rounds": len(ours),
        "velada": velada_median,
        "velada_rounds_choices_per_second": [round(r["choices_per_second"]) for r in ours],
        "floor": None,
        "floor_path": str(floor) if floor is not None else None,
    }
    if theirs:
        floor_median = median_round(theirs, "choices_per_s")
        report["floor"] = floor_median
        report["floor_rounds_choices_per_second"] = [r["choices_per_s"] for r in theirs]
        report["ratio"] = statistics.median(r["choices_per_s"] for r in theirs) / statistics.median(
            r["choices_per_second"] for r in ours
        )
        report["games_ratio"] = statistics.median(r["games_per_s"] for r in theirs) / statistics.median(
            r["games_per_second"] for r in ours
        )
    return report


#: callgrind, counting instructions only (no profile written).
CALLGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")


def play_games(games: int, seed: int = 1) -> int:
    """The bench's first ``games`` games, as :func:`measure_velada` plays them; returns how many choices they took."""
    game = REGISTRY.get(BENCH_GAME)
    players = check_players(game, player_ids(BENCH_PLAYERS))
    options = normalize(game.options, BENCH_OPTIONS)
    return sum(random_playout(game, players, options, game_seed(seed, i))[1] for i in range(games))


def _callgrind(args: list[str]) -> tuple[int, str]:
    """Instructions executed by the command ``args`` under callgrind, and its standard output."""
    # A fixed hash seed: with a random one the interpreter's start alone varies by millions of instructions.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run([*CALLGRIND, *args], capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind printed no instruction count: {done.stderr[-300:]}")
    return int(found.group(1)), done.stdout


def count_instructions(floor: Path, games: int = 100, floor_games: int = 1000) -> dict[str, Any]:
    """Instructions per choice of velada's random playouts and of the floor, and their ratio, by callgrind: each
    side runs twice, with its games and with (almost) none, and the difference is divided by the choices, so
    that starting the interpreter and importing do not count. The same seeds give the same games every time."""
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed (apt-get install valgrind)")
    script = "import sys; from velada.cli.bench import play_games; print(play_games(int(sys.argv[1])))"
    play = [sys.executable, "-c", script]
    # Once without valgrind, so that no module is compiled during one of the two counted runs only.
    subprocess.run([*play, "0"], capture_output=True)
    empty, _ = _callgrind([*play, "0"])
    total, out = _callgrind([*play, str(games)])
    choices = int(out.split()[-1])
    ours = (total - empty) / choices
    floor_run = [sys.executable, str(floor), "--seconds", "1e9", "--games"]
    one, one_out = _callgrind([*floor_run, "1"])
    many, many_out = _callgrind([*floor_run, str(floor_games)])
    floor_choices = json.loads(many_out.strip().splitlines()[-1])["choices"]
    floor_choices -= json.loads(one_out.strip().splitlines()[-1])["choices"]
    theirs = (many - one) / floor_choices
    return {
        "velada_games": games,
        "velada_choices": choices,
        "velada_instructions_per_choice": round(ours),
        "floor_games": floor_games,
        "floor_instructions_per_choice": round(theirs),
        "ratio": ours / theirs,
    }
