"""Print the table of docs/balance.md, "Random Mafia": the wolves' exact chance against the rate the simulator
measures with the ``mafia`` bots, for the tables and games of tests/hombres_lobo/test_mafia_aleatoria.py.

    python scripts/mafia_table.py [--jobs N]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from velada.core.sim import simulate  # noqa: E402
from velada.games import REGISTRY  # noqa: E402
from velada.games.hombres_lobo.mafia import MODEL_OPTIONS, wolves_win  # noqa: E402

TABLES = [(5, 1), (7, 2), (9, 3)]
GAMES, SEED = 100_000, 2008


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2)
    jobs = parser.parse_args().jobs
    game = REGISTRY.get("hombres-lobo")
    print("| players | wolves | victoria | exact | simulated | standard error | difference |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for players, wolves in TABLES:
        for victory in ("ultimo", "penultimo"):
            exact = wolves_win(players - wolves, wolves, victory)
            options = {**MODEL_OPTIONS, "lobos": wolves, "victoria": victory}
            stats, _ = simulate(game, players, GAMES, SEED, options, jobs=jobs, bots=["mafia"])
            rate = stats.wins["lobos"] / GAMES
            error = math.sqrt(float(exact) * (1 - float(exact)) / GAMES)
            print(
                f"| {players} | {wolves} | {victory} | {exact} = {float(exact):.4f} | {rate:.4f} | {error:.4f} "
                f"| {(rate - float(exact)) / error:+.2f} SE |",
                flush=True,
            )


if __name__ == "__main__":
    main()
