"""Random playouts a second by CPU time, and two trees compared in one sitting (issue 20 §4: "double both").

    python scripts/playout_speed.py bethlem 5                        # games/s of this tree (300 games)
    python scripts/playout_speed.py el-ansia 4 --trees OLD NEW --rounds 5

Each measure plays ``velada.core.sim.random_playout`` over seeds ``game_seed(7, i)`` and divides the games by the
process's CPU time (``time.process_time``), so a loaded machine stretches it less than the wall clock. With
``--trees`` each directory (a clean ``git archive`` of a commit) runs in its own process from outside any
checkout, the trees alternating round by round; the medians and their ratio are printed. On a machine shared with
other work single runs still move by ±5–15%: read the median. Instructions, which the load does not move, are
``scripts/playout_cost.py cost``'s; that the games stayed the same is its ``hash``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def games_per_second(game_id: str, players: int, games: int) -> float:
    from velada.core.engine import check_players
    from velada.core.options import normalize
    from velada.core.sim import game_seed, player_ids, random_playout
    from velada.games import REGISTRY

    game = REGISTRY.get(game_id)
    seats = check_players(game, player_ids(players))
    options = normalize(game.options, {})
    start = time.process_time()
    for i in range(games):
        random_playout(game, seats, options, game_seed(7, i))
    return games / (time.process_time() - start)


def _in_tree(tree: str, game_id: str, players: int, games: int) -> float:
    """The measure run by ``tree``'s own code, in a process started in that directory."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    command = [sys.executable, os.path.abspath(__file__), game_id, str(players), "--games", str(games)]
    out = subprocess.run(command, cwd=tree, env=env, check=True, capture_output=True, text=True).stdout
    return float(out.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--trees", nargs=2, metavar=("OLD", "NEW"), help="two exported trees to compare")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not args.trees:
        print(f"{games_per_second(args.game, args.players, args.games):.0f} games/s")
        return
    runs: dict[str, list[float]] = {tree: [] for tree in args.trees}
    for n in range(args.rounds):
        for tree in args.trees:
            runs[tree].append(_in_tree(tree, args.game, args.players, args.games))
        load = os.getloadavg()[0]
        print(f"round {n + 1}: " + ", ".join(f"{runs[t][-1]:.0f}" for t in args.trees) + f" games/s (load {load:.1f})")
    old, new = (statistics.median(runs[t]) for t in args.trees)
    print(f"median: {old:.0f} -> {new:.0f} games/s, {new / old:.2f}x")


if __name__ == "__main__":
    main()
