"""The ``velada`` command: one shape for every game.

``games`` and ``actions`` describe the games; ``run`` replays a scenario; ``sim`` plays many games with bots;
``play`` seats you at a terminal table with bots; ``bench`` measures the engine beside the bare-loop floor.
Game options are always ``--option KEY=VALUE`` (repeatable).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from velada.core import scenario as scenarios
from velada.core import sim as simulator
from velada.core.i18n import LANGUAGES
from velada.core.options import OptionError, parse_assignments
from velada.games import REGISTRY

app = typer.Typer(
    help="velada: juegos de mesa con narrador, en el móvil y en el navegador.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
out = Console(highlight=False, soft_wrap=True, markup=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)

OptionArg = Annotated[list[str], typer.Option("--option", "-o", help="Game option KEY=VALUE (repeatable).")]
LangArg = Annotated[str, typer.Option("--lang", help=f"Language: {', '.join(LANGUAGES)}.")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}", markup=True)
    return typer.Exit(code)


def _game(game_id: str):
    try:
        return REGISTRY.get(game_id)
    except KeyError as exc:
        raise _fail(str(exc.args[0])) from None


def _options(pairs: list[str]) -> dict[str, str]:
    try:
        return parse_assignments(pairs)
    except OptionError as exc:
        raise _fail(str(exc)) from None


def _names(bots: str) -> list[str]:
    return [name.strip() for name in bots.split(",") if name.strip()] or ["random"]


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise _fail(f"unknown language {lang!r}; available: {', '.join(LANGUAGES)}")
    return lang


@app.command()
def games(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]", help="Show this game's options.")] = None,
    lang: LangArg = "es",
) -> None:
    """List the games, or one game's options with their defaults and allowed values."""
    lang = _lang(lang)
    if game_id is None:
        table = Table("id", "players", "book", "description", box=None)
        for game in REGISTRY:
            info = game.info
            table.add_row(
                game.id,
                f"{info.min_players}–{info.max_players}",
                f"{info.recommended[0]}–{info.recommended[1]}",
                f"{game.title(lang)}: {game.description(lang)}",
            )
        out.print(table)
        return
    game = _game(game_id)
    info = game.info
    out.print(f"{game.id} — {game.title(lang)}")
    out.print(game.description(lang))
    out.print(f"players: {info.min_players}–{info.max_players} (book: {info.recommended[0]}–{info.recommended[1]})")
    out.print(f"sides: {', '.join(info.sides)}\n")
    out.print("options (--option KEY=VALUE):")
    for spec in game.options:
        default = spec.format(spec.parse(spec.default))
        out.print(f"  [bold]{spec.key}[/]  default: {default}   allowed: {spec.allowed()}", markup=True)
        out.print(f"      {game.option_help(spec.key, lang)}")


@app.command()
def actions(game_id: Annotated[str, typer.Argument(metavar="GAME")], lang: LangArg = "es") -> None:
    """Document every kind of prompt a game opens and its option ids, for scripts, bots and agents."""
    lang = _lang(lang)
    game = _game(game_id)
    out.print(f'{game.id}: prompt kinds. A choice is {{"player", "prompt": id or kind, "choose": [option ids]}};')
    out.print('[] skips where a prompt is skippable. Prompt ids are "<moment>:<kind>":')
    out.print("p (preparation), nN (night N), dN (day N).\n")
    for kind in game.prompt_kinds:
        visibility = "public" if kind.public else "private"
        out.print(f"[bold]{kind.kind}[/] ({visibility})", markup=True)
        out.print(f"  {game.kind_help(kind, lang)}")


def _audience(event) -> Any:
    if event.audience is None:
        return "all"
    return sorted(event.audience) or "narrator"


@app.command()
def run(
    path: Annotated[Path, typer.Argument(metavar="SCENARIO.json")],
    lang: LangArg = "es",
) -> None:
    """Replay a scenario: print the narrator's log as JSON lines, then the result."""
    lang = _lang(lang)
    try:
        data = scenarios.load(path)
        match = scenarios.play(data, REGISTRY)
    except scenarios.ScenarioError as exc:
        raise _fail(exc.text(lang), code=1) from None
    for warning in match.game.warnings(match.players, match.options, lang):
        err.print(f"warning: {warning}")
    game, state = match.game, match.state
    for seq, event in enumerate(state.log):
        line = {
            "seq": seq,
            "kind": event.kind,
            "audience": _audience(event),
            "text": game.event_text(state, event, lang),
            "data": event.data,
        }
        print(json.dumps(line, ensure_ascii=False))
    if match.result is not None:
        print(json.dumps({"result": match.result.to_json()}, ensure_ascii=False))
    else:
        waiting = [
            {"player": p.player, "prompt": p.id, "kind": p.kind, "options": list(p.options)} for p in match.pending()
        ]
        print(json.dumps({"result": None, "pending": waiting}, ensure_ascii=False))


@app.command()
def sim(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-n", help="Players at the table.")] = 12,
    count: Annotated[int, typer.Option("--games", "-g", help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run (game i uses seed*1000003+i).")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    bots: Annotated[str, typer.Option(help="Bots by name, seated in turn (e.g. heuristico,random).")] = "random",
    option: OptionArg = None,  # type: ignore[assignment]
) -> None:
    """Play many games with bots: win rate per side and per bot (95% CI), mean length, games per second."""
    game = _game(game_id)
    options = _options(option or [])
    if count < 1 or jobs < 1:
        raise _fail("--games and --jobs must be at least 1")
    progress = Progress(
        TextColumn(f"{game.id} ×{players}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=as_json,
    )
    try:
        with progress:
            task = progress.add_task("sim", total=count)
            stats, seconds = simulator.simulate(
                game, players, count, seed, options, jobs, lambda n: progress.advance(task, n), _names(bots)
            )
    except (OptionError, ValueError) as exc:
        raise _fail(str(exc)) from None
    report = simulator.summary(game, players, seed, stats, seconds)
    report["options"] = options
    report["bot_seating"] = _names(bots)
    if as_json:
        print(json.dumps(report, ensure_ascii=False))
        return
    table = Table("side", "wins", "rate", "95% CI", box=None)
    for side, row in [*report["sides"].items(), ("(draw)", report["draws"])]:
        low, high = row["ci95"]
        table.add_row(side, str(row["wins"]), f"{row['rate']:.1%}", f"{low:.1%} – {high:.1%}")
    out.print(table)
    if len(report["bots"]) > 1 or "random" not in report["bots"]:
        table = Table("bot", "side", "seats", "won", "rate", "95% CI", box=None)
        for bot, row in report["bots"].items():
            for side, cell in [("(all)", row), *row["by_side"].items()]:
                low, high = cell["ci95"]
                table.add_row(
                    bot, side, str(cell["of"]), str(cell["wins"]), f"{cell['rate']:.1%}", f"{low:.1%} – {high:.1%}"
                )
        out.print(table)
    if report["metrics"]:
        names = sorted({m for row in report["metrics"].values() for m in row})
        table = Table("side", *[f"mean {m}" for m in names], box=None)
        for side, row in report["metrics"].items():
            table.add_row(side, *[f"{row.get(m, 0):.2f}" for m in names])
        out.print(table)
    out.print(
        f"games: {report['games']}   mean rounds: {report['mean_rounds']:.2f}   "
        f"mean choices: {report['mean_choices']:.1f}"
    )
    out.print(
        f"{report['games_per_second']} games/s, {report['choices_per_second']} choices/s "
        f"({seconds:.2f} s, {jobs} job{'s' if jobs > 1 else ''})"
    )
    out.print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(report["reasons"].items())))


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-n", help="Players at the table, you included.")] = 8,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "Tú",
    seat: Annotated[int, typer.Option(help="Your seat, 1 to players (0: a random seat).")] = 0,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (default: random).")] = None,
    lang: LangArg = "es",
    bots: Annotated[str, typer.Option(help="Bots for the other seats, by name, seated in turn.")] = "random",
    option: OptionArg = None,  # type: ignore[assignment]
) -> None:
    """Play at a terminal table: you take one seat, bots the rest; answer prompts by number."""
    from velada.cli.table import play_table

    game = _game(game_id)
    try:
        code = play_table(game, players, name, seat, seed, _lang(lang), _options(option or []), out, _names(bots))
    except (OptionError, ValueError) as exc:
        raise _fail(str(exc)) from None
    raise typer.Exit(code)


@app.command()
def bench(
    seconds: Annotated[float, typer.Option(help="Seconds per measurement.")] = 5.0,
    rounds: Annotated[int, typer.Option(help="Alternating measurements of each (best is kept).")] = 2,
    floor: Annotated[Path | None, typer.Option(help="The bare-loop floor script to run beside velada.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Random-bot speed of a 12-player Hombres Lobo game with every role, beside the bare-loop floor."""
    from velada.cli.bench import run_bench

    report = run_bench(seconds, rounds, floor)
    if as_json:
        print(json.dumps(report))
        return
    ours = report["velada"]
    out.print(
        f"velada  {report['game']} ×12, all roles: {ours['games_per_second']:,.0f} games/s, "
        f"{ours['choices_per_second']:,.0f} choices/s"
    )
    if report.get("floor"):
        fl = report["floor"]
        out.print(f"floor   bare loop: {fl['games_per_s']:,.0f} games/s, {fl['choices_per_s']:,.0f} choices/s")
        out.print(f"ratio   floor / velada = {report['ratio']:.2f}× (goal: ≤ 5×)")
    else:
        out.print("floor   not found (pass --floor PATH to ../shared/bench/werewolf_floor.py)")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network, for phones).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    db: Annotated[str, typer.Option(help="Database: a SQLite file path or any SQLAlchemy URL.")] = "velada.sqlite3",
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot takes to answer (on average).")] = 1.5,
    public_url: Annotated[str | None, typer.Option(help="Address shown in join links and QR codes.")] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A host name the server may be reached by (repeatable; '*.example.org' for subdomains). This "
            "machine's own names and addresses and the public URL's host are always allowed; any other Host gets 400."
        ),
    ] = None,
    proxy_headers: Annotated[
        bool,
        typer.Option(
            help="Behind a reverse proxy: trust its X-Forwarded-For/-Proto (client address for rate limits, https "
            "for Secure cookies) from --forwarded-allow-ips."
        ),
    ] = False,
    forwarded_allow_ips: Annotated[str, typer.Option(help="Proxies trusted with --proxy-headers.")] = "127.0.0.1",
) -> None:
    """Start the web app: lobby, tables, phones, the narrator screen (embedded SQLite by default)."""
    import uvicorn

    from velada.web.app import create_app

    url = db if "://" in db else f"sqlite:///{db}"
    hosts = [*(allowed_host or []), *([host] if host not in ("0.0.0.0", "::", "") else [])]
    app_ = create_app(url, bot_delay, public_url, allowed_hosts=hosts)
    out.print(f"velada: http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}  (db: {url})")
    uvicorn.run(
        app_,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips,
    )


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
