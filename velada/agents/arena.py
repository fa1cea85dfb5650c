"""Mixed tables of bots and LLM players, and what they tell (``velada arena``).

Each game deals the agents given (``random``, a bot of the game such as ``heuristico``, or ``llm:URL:MODEL``) to
the seats in a new random order, so every agent plays every role in turn; games run in this process through the
protocol (the LLM players through :class:`velada.agents.llm.LLMPlayer`, talk left out). The report gives, per
side, the games it played and won, with the win rate's 95% Wilson interval; per agent (and per agent and side),
the share of its seats that won, with a 95% interval over the games (:func:`seat_rate`); an Elo rating per agent (every
winner of a game beats every loser of it; a Bradley–Terry fit of all those results on the Elo scale, see
:func:`elo`); and for the werewolf family
the measures LLM werewolf studies report: how often a wolf voted in the day to eliminate a fellow wolf, and how
often the Vidente acted on a finding (voted the next day against a wolf she had seen).
"""

from __future__ import annotations

import html
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from velada.agents.llm import ChatModel, LLMPlayer
from velada.core.bots import Bot, narrator_bot, viewer_of
from velada.core.engine import Match, build_view
from velada.core.game import Game
from velada.core.protocol import NARRATOR, Result

ELO_START = 1000.0


@dataclass(frozen=True)
class AgentSpec:
    """One ``--seat``: ``random``, a bot's name, or ``llm:URL:MODEL`` (the URL may hold colons)."""

    label: str
    bot: str | None = None
    url: str | None = None
    model: str | None = None

    @classmethod
    def parse(cls, spec: str, game: Game) -> AgentSpec:
        if spec.startswith("llm:"):
            url, _, model = spec[4:].rpartition(":")
            if not url or not model or not url.startswith(("http://", "https://")):
                raise ValueError(f"an LLM seat is llm:URL:MODEL (llm:http://127.0.0.1:8080/v1:qwen), not {spec!r}")
            return cls(f"llm:{model}", url=url, model=model)
        if spec not in game.bots:
            raise ValueError(f"{game.id} has no bot {spec!r}; bots: {', '.join(game.bots)}, or llm:URL:MODEL")
        return cls(spec, bot=spec)

    def make(self, game: Game, player: str, seed: int, lang: str) -> Bot:
        if self.bot is not None:
            return game.bots[self.bot](player, seed)
        return LLMPlayer(ChatModel(self.url or "", self.model or ""), game, player, lang=lang, talk_turns=0, seed=seed)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` may be a share of ``games`` times ``games``)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    # At 0 or all wins the bound is exactly 0 or 1 (the formula leaves a rounding error there).
    return (0.0 if wins == 0 else max(0.0, centre - half), 1.0 if wins == games else min(1.0, centre + half))


def rate(wins: int, games: int) -> dict[str, Any]:
    """A side's record: ``games`` it played, ``wins`` among them (a side wins or loses once per game)."""
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else None, "ci95": [low, high]}


def seat_rate(wins: int, seats: int, games: int) -> dict[str, Any]:
    """An agent's record when it may hold several seats of a game: ``wins`` of its ``seats`` (seat-games), over
    ``games`` games. Its seats in one game win or lose together (the same side) or against each other, so they are
    not independent trials: the interval is Wilson's over the games, each scoring the share of the agent's seats
    that won — as wide as if they always won or lost together, never narrower than the data allow."""
    share = wins / seats if seats else None
    low, high = wilson(share * games, games) if share is not None else (0.0, 1.0)
    return {"games": games, "seats": seats, "wins": wins, "win_rate": share, "ci95": [low, high]}


def play_game(game: Game, seats: list[AgentSpec], seed: int, options: dict, lang: str) -> tuple[Match, dict]:
    """One game: ``seats[i]`` plays player ``p{i+1}``; returns the match and the agents by player."""
    players = [f"p{i + 1}" for i in range(len(seats))]
    match = Match(game, players, options, seed)
    agents = {player: spec for player, spec in zip(players, seats, strict=True)}
    bots: dict[str, Bot] = {
        player: spec.make(game, player, seed ^ (0x5EED + i), lang) for i, (player, spec) in enumerate(agents.items())
    }
    narrator = narrator_bot(seed)
    while match.result is None:
        prompt = match.pending()[0]
        player = prompt.player
        if player == NARRATOR:
            match.choose(player, prompt.id, narrator.choose(prompt))
            continue

        def view(player: str = player) -> dict[str, Any]:
            return build_view(game, match.state, viewer_of(player), lang)

        match.choose(player, prompt.id, bots[player].choose(prompt, view))
    return match, {"agents": agents, "bots": bots}


def werewolf_measures(game: Game, match: Match) -> dict[str, Counter]:
    """By player: day votes cast as a wolf, those against a fellow wolf; wolves the Vidente saw, and those she
    voted against on a later day (her finding acted upon). Empty for games outside the werewolf family."""
    theme = getattr(game, "theme", None)
    log = match.state.log
    reveal = next((e for e in reversed(log) if e.kind == "revelacion"), None)
    if theme is None or reveal is None:
        return {}
    power = {player: theme.roles.get(role) for player, role in reveal.data["roles"].items()}
    wolves = {p for p, what in power.items() if what == "wolf"}
    found: dict[str, set[str]] = defaultdict(set)  # seer → wolves seen, not yet acted upon
    measures: dict[str, Counter] = defaultdict(Counter)
    for event in log:
        if event.kind == "vision" and event.audience:
            seer = next(iter(event.audience))
            if theme.roles.get(event.data.get("role")) == "wolf":
                found[seer].add(event.data["player"])
                measures[seer]["seer_wolf_findings"] += 1
        elif event.kind == "votos" and event.data.get("decision") != "eleccion":
            for voter, target in (event.data.get("votes") or {}).items():
                if voter in wolves and target is not None:
                    measures[voter]["wolf_day_votes"] += 1
                    measures[voter]["wolf_votes_against_partner"] += target in wolves and target != voter
                if target in found.get(voter, ()):
                    measures[voter]["findings_acted_upon"] += 1
                    found[voter].discard(target)
    return measures


def pair_points(points: dict[tuple[str, str], float], result: Result, agents: dict[str, AgentSpec]) -> None:
    """Add one game to ``points`` (``(a, b)`` → what agent label ``a`` scored against ``b``): each winner beats
    each loser; in a draw (no side won) every pair scores half a point each way; seats of the same label, or on
    the same end of the result, are not compared."""
    winners = set(result.winners)
    players = list(agents)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            la, lb = agents[a].label, agents[b].label
            if la == lb:
                continue
            if not result.sides:
                points[la, lb] = points.get((la, lb), 0.0) + 0.5
                points[lb, la] = points.get((lb, la), 0.0) + 0.5
            elif (a in winners) != (b in winners):
                won, lost = (la, lb) if a in winners else (lb, la)
                points[won, lost] = points.get((won, lost), 0.0) + 1.0


def elo(points: dict[tuple[str, str], float], labels: list[str]) -> dict[str, float]:
    """Ratings on the Elo scale (400 points: ten to one odds), centred on 1000, of the Bradley–Terry strengths
    that best explain ``points`` (:func:`pair_points`), fitted by Hunter's MM algorithm with half a win each way
    between every two labels as a prior (so that an agent that never lost stays finite). Unlike Elo's game-by-game
    updates, the result does not depend on the order of the games."""
    if len(labels) < 2:
        return dict.fromkeys(labels, ELO_START)
    w = {(a, b): points.get((a, b), 0.0) + 0.5 for a in labels for b in labels if a != b}
    strength = dict.fromkeys(labels, 1.0)
    for _ in range(500):
        new = {}
        for a in labels:
            wins = sum(w[a, b] for b in labels if b != a)
            games = sum((w[a, b] + w[b, a]) / (strength[a] + strength[b]) for b in labels if b != a)
            new[a] = wins / games
        centre = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / centre for a, v in new.items()}
    return {a: ELO_START + 400 * math.log10(strength[a]) for a in labels}


def run_arena(
    game: Game,
    specs: list[AgentSpec],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: dict | None = None,
    lang: str = "es",
    progress: Callable[[int], None] = lambda _: None,
) -> dict[str, Any]:
    """Play ``games`` games of ``game`` with the agents ``specs`` (cycled over ``players`` seats; by default one
    seat each, or the game's recommended table when the agents are fewer than its fewest players) and report (see
    the module's documentation)."""
    count = players or (len(specs) if len(specs) >= game.info.min_players else game.info.recommended[0])
    if not game.info.min_players <= count <= game.info.max_players:
        raise ValueError(f"{game.id} seats {game.info.min_players}–{game.info.max_players} players, not {count}")
    rng = random.Random(seed)
    tally: dict[str, Counter] = defaultdict(Counter)
    sides: dict[str, Counter] = defaultdict(Counter)
    agent_sides: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    werewolf: dict[str, Counter] = defaultdict(Counter)
    llm_stats: dict[str, Counter] = defaultdict(Counter)
    points: dict[tuple[str, str], float] = {}
    reasons: Counter[str] = Counter()
    for number in range(games):
        seats = [specs[i % len(specs)] for i in range(count)]
        rng.shuffle(seats)
        match, played = play_game(game, seats, rng.randrange(2**31), dict(options or {}), lang)
        result = match.result
        if result is None:
            raise RuntimeError("an arena game stopped before its end")
        agents = played["agents"]
        reasons[result.reason] += 1
        teams = dict(result.teams)
        for team in set(teams.values()):
            sides[team]["games"] += 1
            sides[team]["wins"] += team in result.sides
        present: set[str] = set()
        present_sides: set[tuple[str, str]] = set()
        for player, spec in agents.items():
            won = player in result.winners
            tally[spec.label]["seats"] += 1
            tally[spec.label]["wins"] += won
            present.add(spec.label)
            side = teams.get(player)
            if side is not None:
                agent_sides[spec.label][side]["seats"] += 1
                agent_sides[spec.label][side]["wins"] += won
                present_sides.add((spec.label, side))
            bot = played["bots"][player]
            if isinstance(bot, LLMPlayer):
                llm_stats[spec.label].update(bot.stats)
        for label in present:
            tally[label]["games"] += 1
        for label, side in present_sides:
            agent_sides[label][side]["games"] += 1
        for player, counts in werewolf_measures(game, match).items():
            werewolf[agents[player].label].update(counts)
        pair_points(points, result, agents)
        progress(number + 1)
    ratings = elo(points, sorted(tally))
    report: dict[str, Any] = {
        "game": game.id,
        "games": games,
        "players": count,
        "seed": seed,
        "seats": [spec.label for spec in specs],
        "endings": dict(reasons),
        "agents": {
            label: seat_rate(c["wins"], c["seats"], c["games"]) | {"elo": round(ratings[label], 1)}
            for label, c in sorted(tally.items())
        },
        "sides": {side: rate(c["wins"], c["games"]) for side, c in sorted(sides.items())},
        "agent_sides": {
            label: {side: seat_rate(c["wins"], c["seats"], c["games"]) for side, c in sorted(by_side.items())}
            for label, by_side in sorted(agent_sides.items())
        },
    }
    if werewolf:
        report["werewolf"] = {
            label: dict(c)
            | {
                "partner_vote_rate": _share(c["wolf_votes_against_partner"], c["wolf_day_votes"]),
                "finding_acted_rate": _share(c["findings_acted_upon"], c["seer_wolf_findings"]),
            }
            for label, c in sorted(werewolf.items())
        }
    if llm_stats:
        report["llm"] = {label: dict(c) for label, c in sorted(llm_stats.items())}
    return report


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def html_report(report: dict[str, Any]) -> str:
    """The report as a small self-contained HTML page."""
    e = html.escape

    def rows(table: dict[str, dict[str, Any]], extra: bool = False) -> str:
        out = []
        for name, r in table.items():
            low, high = r["ci95"]
            wins = f"{r['wins']}/{r['seats']}" if "seats" in r else str(r["wins"])
            cells = [e(name), str(r["games"]), wins, _percent(r["win_rate"]), f"{low:.0%}–{high:.0%}"]
            if extra:
                cells.append(f"{r['elo']:.0f}")
            out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return "\n".join(out)

    head = "<tr><th>{}</th><th>partidas</th><th>victorias</th><th>tasa</th><th>IC 95%</th>{}</tr>"
    parts = [
        "<!doctype html><html lang='es'><meta charset='utf-8'>",
        f"<title>velada arena: {e(report['game'])}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1.5em}"
        "td,th{border:1px solid #ccc;padding:.3em .6em;text-align:right}td:first-child{text-align:left}</style>",
        f"<h1>velada arena: {e(report['game'])}</h1>",
        f"<p>{report['games']} partidas, {report['players']} asientos: {e(', '.join(report['seats']))}; "
        f"semilla {report['seed']}.</p>",
        "<h2>Por agente</h2><table>",
        head.format("agente", "<th>Elo</th>"),
        rows(report["agents"], extra=True),
        "</table><h2>Por bando</h2><table>",
        head.format("bando", ""),
        rows(report["sides"]),
        "</table>",
    ]
    if "werewolf" in report:
        parts.append(
            "<h2>Medidas de hombres lobo</h2><table><tr><th>agente</th><th>votos de día como lobo</th>"
            "<th>contra su compañero</th><th>lobos vistos por la Vidente</th><th>hallazgos usados</th></tr>"
        )
        for label, w in report["werewolf"].items():
            parts.append(
                f"<tr><td>{e(label)}</td><td>{w.get('wolf_day_votes', 0)}</td>"
                f"<td>{_percent(w['partner_vote_rate'])}</td><td>{w.get('seer_wolf_findings', 0)}</td>"
                f"<td>{_percent(w['finding_acted_rate'])}</td></tr>"
            )
        parts.append("</table>")
    if "llm" in report:
        parts.append("<h2>Modelos</h2><table><tr><th>agente</th><th>contadores</th></tr>")
        for label, stats in report["llm"].items():
            counts = ", ".join(f"{k} {v}" for k, v in sorted(stats.items()))
            parts.append(f"<tr><td>{e(label)}</td><td>{e(counts)}</td></tr>")
        parts.append("</table>")
    return "\n".join(parts) + "\n</html>\n"
