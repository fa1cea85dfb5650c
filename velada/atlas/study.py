"""The atlas's measurements: plain simulator studies, each returned as JSON-ready data for the charts.

Every measurement is a :func:`velada.core.sim.simulate` run with its own seed, so any number of the atlas can be
reproduced alone with ``velada sim``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from velada.core.game import Game
from velada.core.options import ChoiceOption, FlagOption, SetOption
from velada.core.sim import SimStats, clustered, prepare, simulate, wilson


@dataclass
class Plan:
    """What an atlas plays: the table sizes, the games per point, the bots, where (processes or Ray)."""

    players: tuple[int, int]
    games: int = 400
    bots: tuple[str, ...] = ("heuristico",)
    seed: int = 1
    jobs: int = 1
    ray: str | None = None
    #: the language of the labels the measurements write (rows and columns of the questions)
    lang: str = "es"
    #: called with the number of games each finished chunk played (a progress bar)
    progress: Callable[[int], None] | None = None
    runs: list[dict[str, Any]] = field(default_factory=list)

    @property
    def reference(self) -> int:
        """The table size the per-option and per-card measurements use: the middle of the range."""
        low, high = self.players
        return (low + high + 1) // 2


def rates(game: Game, stats: SimStats) -> dict[str, dict[str, float]]:
    """Each side's win rate with its 95% interval, and the draws."""
    n = stats.games
    out = {}
    for side in (*game.info.sides, "(empate)"):
        wins = stats.draws if side == "(empate)" else stats.wins[side]
        low, high = wilson(wins, n)
        out[side] = {"rate": wins / n if n else 0.0, "low": low, "high": high, "wins": wins}
    return out


def run(
    game: Game, plan: Plan, players: int, options: Mapping[str, Any], bots: Sequence[str] | None = None
) -> SimStats:
    """One study of the plan; the command behind it is kept in ``plan.runs`` (the report lists them)."""
    bots = tuple(bots or plan.bots)
    stats, seconds = simulate(
        game, players, plan.games, plan.seed, dict(options), plan.jobs, plan.progress, bots, plan.ray
    )
    command = f"velada sim {game.id} -n {players} -g {plan.games} --seed {plan.seed} --bots {','.join(bots)}"
    command += "".join(f" -o {key}={value}" for key, value in options.items())
    plan.runs.append({"command": command, "seconds": round(seconds, 2)})
    return stats


def by_players(game: Game, plan: Plan, options: Mapping[str, Any] | None = None) -> dict[int, Any]:
    """Win rate per side at each table size (the keys), game lengths, and each side's metrics (the game's own)."""
    points: dict[int, Any] = {}
    for n in range(plan.players[0], plan.players[1] + 1):
        try:
            stats = run(game, plan, n, options or {})
        except ValueError as exc:
            points[n] = {"error": str(exc)}
            continue
        metrics = {
            f"{side or '*'}:{metric}": total / stats.metric_n[side, metric]
            for (side, metric), total in sorted(stats.metric_sum.items())
        }
        points[n] = {
            "sides": rates(game, stats),
            "lengths": dict(sorted(stats.lengths.items())),
            "mean_rounds": stats.rounds / stats.games,
            "metrics": metrics,
        }
    return points


#: Games of the pilot runs that tell whether a value changes anything at all, and where it does.
PILOT = 20


def _values(spec: Any) -> list[str]:
    """An option's values other than its default, as ``KEY=VALUE`` texts: every choice, the other flag, each
    single card of a set. Whole numbers are left out (a range, not a few values)."""
    if isinstance(spec, ChoiceOption):
        return [v for v in spec.values if v != spec.default]
    if isinstance(spec, FlagOption):
        return [spec.format(not spec.parse(spec.default))]  # a default may be written as text ("no")
    if isinstance(spec, SetOption):
        return list(spec.values)
    return []


def _pilot(game: Game, plan: Plan, players: int, options: Mapping[str, Any], cache: dict) -> SimStats | None:
    """The first :data:`PILOT` games of a study (the same games as the full study's first ones), or None when
    the table cannot be played so; not listed among the page's commands (they only choose what is measured)."""
    key = tuple(sorted(options.items()))
    if key not in cache:
        try:
            pilot = min(plan.games, PILOT)
            cache[key], _ = simulate(game, players, pilot, plan.seed, dict(options), 1, None, plan.bots)
        except ValueError:
            cache[key] = None
    return cache[key]


def option_effects(game: Game, plan: Plan) -> list[dict[str, Any]]:
    """Each choice or flag option's values against its default, at the reference table size.

    A value whose games are move for move the reference's (the same seeds give the same games) does not act at
    this table with the other options at their defaults: an option that only matters when another is on (a
    tie rule when the sheriff breaks ties, the thief's variant without the thief). Then the same comparison is
    made with one other option changed, the first change (in the game's order) that lets it act, and the row
    says which (``context``). A value no change lets act, or that the table cannot play, is a row without
    rates that says why (``unmeasured``): the page lists it instead of drawing a false 0."""
    players = plan.reference
    cache: dict = {}
    reference = rates(game, run(game, plan, players, {}))
    rows: list[dict[str, Any]] = []
    for spec in game.options:
        if not isinstance(spec, (ChoiceOption, FlagOption)):
            continue
        for value in _values(spec):
            name = f"{spec.key}={value}"
            try:
                prepare(game, players, {spec.key: value}, plan.bots)
            except ValueError as exc:
                rows.append({"option": name, "unmeasured": "cannot-play", "why": str(exc)})
                continue
            context = _context(game, plan, players, spec.key, value, cache)
            if context is None:
                rows.append({"option": name, "unmeasured": "no-effect"})
                continue
            base = rates(game, run(game, plan, players, context)) if context else reference
            measured = rates(game, run(game, plan, players, {**context, spec.key: value}))
            rows.append({"option": name, "context": context, "base": base, "rates": measured})
    return rows


def _context(game: Game, plan: Plan, players: int, key: str, value: str, cache: dict) -> dict[str, str] | None:
    """The other options under which ``key=value`` changes the games: none ({}) when it acts with the defaults,
    else the first single change of another option that lets it act; None when no such change does."""
    contexts: list[dict[str, str]] = [{}]
    contexts += [{spec.key: v} for spec in game.options if spec.key != key for v in _values(spec)]
    for context in contexts:
        without = _pilot(game, plan, players, context, cache)
        with_it = _pilot(game, plan, players, {**context, key: value}, cache)
        if without is not None and with_it is not None and without != with_it:
            return context
    return None


def card_effects(game: Game, plan: Plan) -> list[dict[str, Any]]:
    """Each special role or card of a set option (``especiales``, ``cartas``) present against absent: the
    table with ``option=card`` against ``option=ninguno``, at the reference table size. (What ``ninguno``
    means is the game's: no special role in Werewolf, the recommended composition in Bethlem.)"""
    players = plan.reference
    rows: list[dict[str, Any]] = []
    for spec in game.options:
        if not isinstance(spec, SetOption):
            continue
        try:
            absent = rates(game, run(game, plan, players, {spec.key: "ninguno"}))
        except ValueError:
            continue
        for card in spec.values:
            try:
                present = rates(game, run(game, plan, players, {spec.key: card}))
            except ValueError as exc:
                rows.append({"option": f"{spec.key}={card}", "unmeasured": "cannot-play", "why": str(exc)})
                continue
            rows.append({"option": f"{spec.key}={card}", "base": absent, "rates": present})
    return rows


def bots_compare(game: Game, plan: Plan) -> dict[str, Any]:
    """Heuristic and random bots seated in turn at the reference table: each bot's seat win rate per side.

    A bot's seats in one game win or lose together (the same side) or against each other, so they are not
    independent trials: the interval is over games (:func:`velada.core.sim.clustered`, as ``velada sim``
    prints it), never over seats, which made it as much as the square root of the seats per game too narrow."""
    stats = run(game, plan, plan.reference, {}, ("heuristico", "random"))
    out: dict[str, Any] = {}
    for (bot, side), seats in sorted(stats.seats.items()):
        wins = stats.seat_wins[bot, side]
        low, high = clustered(stats, (bot, side))
        out.setdefault(side or "(todos)", {})[bot] = {"rate": wins / seats, "low": low, "high": high, "seats": seats}
    return out
