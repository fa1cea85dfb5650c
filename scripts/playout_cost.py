"""What a random playout costs, in numbers the machine's load does not move, and proof that a change kept the games.

    python scripts/playout_cost.py hash                 # one hash per table: the logs and results of its games
    python scripts/playout_cost.py cost el-ansia 4 30   # instructions a game (callgrind), imports subtracted

``hash`` plays fixed-seed random games of every table below and prints a hash of each game's log (kind, data and
audience of every event) and result: a speed change must leave every line the same. ``cost`` runs
``valgrind --tool=callgrind`` twice over ``velada.core.sim.random_playout`` (N games, then none) and prints the
instructions per game and per choice; Hombres lobo is played under the bench's options (``velada bench``), whose
floor costs about 8.5 k instructions a choice (``valgrind --tool=callgrind python werewolf_floor.py --games 1000``
minus ``--games 1``, divided by the choices). See docs/performance.md, "Engine speed".
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys

from velada.cli.bench import BENCH_OPTIONS
from velada.core.engine import check_players
from velada.core.options import normalize
from velada.core.sim import bot_playout, game_seed, player_ids, random_playout, seat_bots
from velada.games import REGISTRY

#: (game, players, games, bots[, options]): random bots, then each game's other bots; then other modes of the heavy
#: games (Bethlem's custom cards and its 2- and 3-player modes, El ansia's novice mode).
TABLES: list[tuple] = [
    ("el-ansia", 4, 40, ()),
    ("el-ansia", 5, 30, ()),
    ("bethlem", 4, 40, ()),
    ("bethlem", 5, 60, ()),
    ("bethlem", 7, 30, ()),
    ("hombres-lobo", 12, 100, ()),
    ("gauekos", 9, 50, ()),
    ("ajo-y-agua", 6, 50, ()),
    ("el-ansia", 5, 10, ("heuristico",)),
    ("bethlem", 5, 10, ("heuristico",)),
    ("hombres-lobo", 10, 10, ("heuristico", "mafia")),
    ("bethlem", 5, 40, (), {"cards": "custom"}),
    ("bethlem", 7, 20, (), {"cards": "custom", "acontecimientos": "cada-ronda"}),
    ("bethlem", 5, 10, ("heuristico",), {"cards": "custom"}),
    ("bethlem", 2, 40, ()),
    ("bethlem", 3, 40, ()),
    ("el-ansia", 3, 30, (), {"modo": "novato"}),
]


VALGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")


def options_for(game_id: str) -> dict[str, str]:
    return BENCH_OPTIONS if game_id == "hombres-lobo" else {}


def games_hash(
    game_id: str, n_players: int, games: int, bots: tuple[str, ...], extra: dict[str, str] | None = None
) -> str:
    game = REGISTRY.get(game_id)
    players = check_players(game, player_ids(n_players))
    options = normalize(game.options, extra or (options_for(game_id) if not bots else {}))
    digest = hashlib.sha256()
    for i in range(games):
        if bots:
            state, choices = bot_playout(game, players, options, game_seed(7, i), seat_bots(bots, players))
        else:
            state, choices = random_playout(game, players, options, game_seed(7, i))
        digest.update(repr(choices).encode())
        for event in state.log:
            audience = sorted(event.audience) if event.audience is not None else None
            digest.update(repr((event.kind, sorted(event.data.items(), key=str), audience)).encode())
        digest.update(repr(state.result).encode())
    return digest.hexdigest()[:16]


def play(game_id: str, n_players: int, games: int) -> int:
    game = REGISTRY.get(game_id)
    players = check_players(game, player_ids(n_players))
    options = normalize(game.options, options_for(game_id))
    return sum(random_playout(game, players, options, game_seed(1, i))[1] for i in range(games))


def instructions(game_id: str, n_players: int, games: int) -> tuple[int, int]:
    """Instructions of a run of ``games`` playouts, and its choices."""
    # The same run without valgrind and without games first, so that every module's bytecode is compiled and
    # cached: a module edited since its last import (another change in the tree) would otherwise be compiled in
    # one of the two runs and not the other, millions of instructions that do not belong to the games.
    subprocess.run([sys.executable, __file__, "play", game_id, str(n_players), "0"], capture_output=True, check=True)
    done = subprocess.run(
        [*VALGRIND, sys.executable, __file__, "play", game_id, str(n_players), str(games)],
        capture_output=True,
        text=True,
        check=True,
        # A fixed hash seed: with a random one the imports alone (subtracted) vary by millions of instructions
        # from run to run, some ±0.3 M a game over 30 games.
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    total = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
    return total, int(done.stdout.split()[-1])


def main(args: list[str]) -> None:
    if args[0] == "hash":
        for table in TABLES:
            options = ",".join(f"{k}={v}" for k, v in table[4].items()) if len(table) > 4 else ""
            print(*table[:3], ",".join(table[3]) or "random", options, games_hash(*table), flush=True)
    elif args[0] == "play":
        print(play(args[1], int(args[2]), int(args[3])))
    elif args[0] == "cost":
        game_id, n_players, games = args[1], int(args[2]), int(args[3])
        empty, _ = instructions(game_id, n_players, 0)
        total, choices = instructions(game_id, n_players, games)
        cost = total - empty
        print(
            f"{game_id} ×{n_players}: {cost / games / 1e6:.2f} M instructions a game, "
            f"{cost / choices / 1e3:.1f} k a choice ({choices} choices in {games} games)"
        )
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
