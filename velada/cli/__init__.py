"""The ``velada`` command: one shape for every game.

``games`` and ``actions`` describe the games; ``run`` replays a scenario; ``sim`` plays many games with bots;
``play`` seats you at a terminal table with bots; ``bench`` measures the engine beside the bare-loop floor.
Game options are always ``--option KEY=VALUE`` (repeatable).
"""

from __future__ import annotations

import functools
import json
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from velada.core.errors import Problem, reason
from velada.core.i18n import CORE_MESSAGES, LANGUAGES
from velada.core.options import OptionError, parse_assignments
from velada.games import REGISTRY

app = typer.Typer(
    help="velada: juegos de mesa con narrador, en el móvil y en el navegador.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _reader_gone() -> typer.Exit:
    """The reader stopped reading (``velada actions bethlem | head``): drop the rest of the output and end
    quietly with exit code 0, as every Unix filter does."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return typer.Exit(0)


class _Lazy:
    """A Rich console made on first use. Rich is imported by the commands that print with it, not by every
    process: ``velada serve`` prints one line, and what a process imports it keeps for its whole life (Rich,
    its tables and progress bars: ~2 MB of a server's memory; tests/test_lo_que_importa_velada_serve.py)."""

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)

    def real(self) -> Any:
        """The console itself (for Rich's own objects that take one)."""
        if self._console is None:
            from rich.console import Console

            class _Console(Console):
                def on_broken_pipe(self) -> None:
                    self.quiet = True
                    raise _reader_gone()

            kind = Console if self._stderr else _Console
            self._console = kind(stderr=self._stderr, highlight=False, soft_wrap=True, markup=False)
        return self._console


out: Any = _Lazy()
err: Any = _Lazy(stderr=True)


def escape(text: str) -> str:
    """Rich's markup escaped (rich.markup.escape), Rich imported only when something is printed with it."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


OptionArg = Annotated[list[str], typer.Option("--option", "-o", help="Game option KEY=VALUE (repeatable).")]
LangArg = Annotated[str, typer.Option("--lang", help=f"Language: {', '.join(LANGUAGES)}.")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {escape(message)}", markup=True)
    return typer.Exit(code)


def _t(lang: str, key: str, **params: Any) -> str:
    """A text of the command line's own (the core catalogue's ``[cli]``), in ``lang``."""
    return CORE_MESSAGES.text(lang, f"cli.{key}", **params)


def _problem(lang: str, code: str, exit_code: int = 2, /, **params: Any) -> typer.Exit:
    """The refusal ``code`` in ``lang``; ``params`` fill its text (one may be named ``lang`` too)."""
    return _fail(Problem(code, **params).text(lang), exit_code)


def _game(game_id: str, lang: str = "es"):
    if game_id not in REGISTRY:
        raise _problem(lang, "unknown-game", game=repr(game_id), games=", ".join(REGISTRY.ids()))
    return REGISTRY.get(game_id)


def _options(pairs: list[str], lang: str = "es") -> dict[str, str]:
    try:
        return parse_assignments(pairs)
    except OptionError as exc:
        raise _fail(exc.text(lang)) from None


def _names(bots: str) -> list[str]:
    return [name.strip() for name in bots.split(",") if name.strip()] or ["random"]


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise _problem("es", "unknown-language", lang=repr(lang), langs=", ".join(LANGUAGES))
    return lang


def _players(game, players: int | None, usual: int) -> int:
    """The table size: the one given, or ``usual`` brought into the range the game's book recommends."""
    if players is not None:
        return players
    low, high = game.info.recommended
    return min(max(usual, low), high)


F = TypeVar("F", bound=Callable[..., Any])


def _pipe_safe(command: F) -> F:
    """A command whose reader may stop reading (see :func:`_reader_gone`)."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            done = command(*args, **kwargs)
            sys.stdout.flush()
            return done
        except BrokenPipeError:
            raise _reader_gone() from None

    return run  # type: ignore[return-value]


@app.command()
@_pipe_safe
def games(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]", help="Show this game's options.")] = None,
    lang: LangArg = "es",
) -> None:
    """List the games, or one game's options with their defaults and allowed values, and its deal's keys."""
    lang = _lang(lang)
    if game_id is None:
        from rich.table import Table

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
    game = _game(game_id, lang)
    info = game.info
    out.print(f"{game.id} — {game.title(lang)}")
    out.print(game.description(lang))
    out.print(f"players: {info.min_players}–{info.max_players} (book: {info.recommended[0]}–{info.recommended[1]})")
    out.print(f"sides: {', '.join(info.sides)}\n")
    out.print("options (--option KEY=VALUE):")
    for spec in game.options:
        default = spec.format(spec.parse(spec.default))
        out.print(f"  [bold]{spec.key}[/]  default: {default}   allowed: {spec.allowed()}", markup=True)
        out.print(f"      {game.option_title(spec.key, lang)}: {game.option_help(spec.key, lang)}")
        values = getattr(spec, "values", ())
        named = [(v, game.option_value_label(spec.key, v, lang)) for v in values]
        if any(v != label for v, label in named):
            out.print("      " + "; ".join(f"{v} = {label}" for v, label in named))
    presets = game.presets()
    if presets:
        out.print(f"\n{_t(lang, 'presets')}")
        for players, preset in presets.items():
            out.print(f"  {players}: " + " ".join(f"{k}={v}" for k, v in preset.items()))
    keys = game.deal_help(lang)
    if keys:
        out.print(f"\n{_t(lang, 'deal-keys')}")
        for key, text in keys:
            out.print(f"  [bold]{key}[/]", markup=True)
            out.print(f"      {text}")


@app.command()
@_pipe_safe
def actions(game_id: Annotated[str, typer.Argument(metavar="GAME")], lang: LangArg = "es") -> None:
    """Document every kind of prompt a game opens, its ids and its option ids, for scripts, bots and agents."""
    from velada.agents.rules import actions_text

    lang = _lang(lang)
    game = _game(game_id, lang)
    kinds = {f"{k.kind} ({'public' if k.public else 'private'})" for k in game.prompt_kinds}
    for line in actions_text(game, lang).splitlines():
        out.print(f"[bold]{escape(line)}[/]" if line in kinds else escape(line), markup=True)


def _audience(event) -> Any:
    if event.audience is None:
        return "all"
    return sorted(event.audience) or "narrator"


@app.command()
@_pipe_safe
def run(
    path: Annotated[Path, typer.Argument(metavar="SCENARIO.json")],
    lang: LangArg = "es",
) -> None:
    """Replay a scenario: print the narrator's log as JSON lines, then the result. What a downloaded record says
    was said at the table ({"talk": …}) comes in its place: after the events of the choices made before it."""
    from velada.core import scenario as scenarios

    lang = _lang(lang)
    # The log's length after each choice (0: after the deal), to place what was said.
    events: list[int] = []
    try:
        data = scenarios.load(path)
        said = scenarios.talk(data)
        events.append(len(scenarios.start(data, REGISTRY).state.log))
        match = scenarios.play(data, REGISTRY, lambda match, step: events.append(len(match.state.log)))
    except scenarios.ScenarioError as exc:
        raise _fail(exc.text(lang), code=1) from None
    for warning in match.game.warnings(match.players, match.options, lang):
        err.print(f"warning: {warning}")
    game, state = match.game, match.state
    talk = sorted(said, key=lambda message: message["after"])
    for seq, event in enumerate(state.log):
        while talk and events[talk[0]["after"]] <= seq:
            print(json.dumps({"talk": talk.pop(0)}, ensure_ascii=False))
        line = {
            "seq": seq,
            "kind": event.kind,
            "audience": _audience(event),
            "text": game.event_text(state, event, lang),
            "data": event.data,
        }
        print(json.dumps(line, ensure_ascii=False))
    for message in talk:
        print(json.dumps({"talk": message}, ensure_ascii=False))
    if match.result is not None:
        print(json.dumps({"result": match.result.to_json()}, ensure_ascii=False))
    else:
        waiting = [
            {"player": p.player, "prompt": p.id, "kind": p.kind, "options": list(p.options)} for p in match.pending()
        ]
        print(json.dumps({"result": None, "pending": waiting}, ensure_ascii=False))


@app.command()
@_pipe_safe
def sim(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Players at the table (default: 12, within the book's range).")
    ] = None,
    count: Annotated[int, typer.Option("--games", "-g", help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run (game i uses seed*1000003+i).")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    bots: Annotated[str, typer.Option(help="Bots by name, seated in turn (e.g. heuristico,random).")] = "random",
    option: OptionArg = None,  # type: ignore[assignment]
    lang: LangArg = "es",
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="[ADDRESS]",
            help="Play on a Ray cluster: its address (auto, ray://head:10001), or none for a local one of --jobs CPUs.",
        ),
    ] = None,
    study: Annotated[
        Path | None,
        typer.Option(help="Write each chunk of games to this file as it ends; run again with it to resume."),
    ] = None,
) -> None:
    """Play many games with bots: win rate per side and per bot (95% CI), mean length, games per second."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from velada.core import sim as simulator

    lang = _lang(lang)
    game = _game(game_id, lang)
    options = _options(option or [], lang)
    players = _players(game, players, 12)
    if count < 1 or jobs < 1:
        raise _problem(lang, "games-jobs")
    try:
        # Everything that can be wrong with the table is said before the progress bar is drawn.
        simulator.prepare(game, players, options, _names(bots))
    except ValueError as exc:
        raise _fail(reason(exc, lang)) from None
    progress = Progress(
        TextColumn(f"{game.id} ×{players}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err.real(),
        transient=as_json,
    )
    try:
        with progress:
            task = progress.add_task("sim", total=count)
            stats, seconds = simulator.simulate(
                game, players, count, seed, options, jobs, lambda n: progress.advance(task, n), _names(bots), ray, study
            )
    except ValueError as exc:  # a study file of another study, Ray missing
        raise _fail(reason(exc, lang)) from None
    report = simulator.summary(game, players, seed, stats, seconds, options, _names(bots))
    if as_json:
        print(json.dumps(report, ensure_ascii=False))
        return

    def t(key: str, **params: Any) -> str:
        return _t(lang, f"sim.{key}", **params)

    table = Table(t("side"), t("wins"), t("rate"), t("ci"), box=None)
    for side, row in [*report["sides"].items(), (t("draw"), report["draws"])]:
        low, high = row["ci95"]
        table.add_row(side, str(row["wins"]), f"{row['rate']:.1%}", f"{low:.1%} – {high:.1%}")
    out.print(table)
    if report["together"]:
        shared = ", ".join(f"{sides} {n}" for sides, n in sorted(report["together"].items()))
        out.print(t("together", shared=shared))
    if len(report["bots"]) > 1 or "random" not in report["bots"]:
        # A bot's interval is over games, not seats (velada.core.sim.clustered): the header says so.
        table = Table(t("bot"), t("side"), t("seats"), t("won"), t("rate"), t("ci-games"), box=None)
        for bot, row in report["bots"].items():
            for side, cell in [(t("all"), row), *row["by_side"].items()]:
                low, high = cell["ci95"]
                table.add_row(
                    bot, side, str(cell["of"]), str(cell["wins"]), f"{cell['rate']:.1%}", f"{low:.1%} – {high:.1%}"
                )
        out.print(table)
    if report["metrics"]:
        names = sorted({m for row in report["metrics"].values() for m in row})
        table = Table(t("side"), *[t("mean", metric=m) for m in names], box=None)
        for side, row in report["metrics"].items():
            table.add_row(side, *[f"{row.get(m, 0):.2f}" for m in names])
        out.print(table)
    out.print(t("totals", games=report["games"], rounds=report["mean_rounds"], choices=report["mean_choices"]))
    speed = t(
        "speed", games=report["games_per_second"], choices=report["choices_per_second"], seconds=seconds, jobs=jobs
    )
    out.print(speed)
    out.print(t("endings", endings=", ".join(f"{k} {v}" for k, v in sorted(report["reasons"].items()))))


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Players at the table, you included (default: 8, within the book's)."),
    ] = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "Jugador",
    seat: Annotated[int, typer.Option(help="Your seat, 1 to players (0: a random seat).")] = 0,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (default: random).")] = None,
    lang: LangArg = "es",
    bots: Annotated[str, typer.Option(help="Bots for the other seats, by name, seated in turn.")] = "random",
    option: OptionArg = None,  # type: ignore[assignment]
) -> None:
    """Play at a terminal table: you take one seat, bots the rest; answer prompts by number."""
    from velada.cli.table import play_table

    lang = _lang(lang)
    game = _game(game_id, lang)
    options = _options(option or [], lang)
    players = _players(game, players, 8)
    try:
        code = play_table(game, players, name, seat, seed, lang, options, out, _names(bots))
    except ValueError as exc:
        raise _fail(reason(exc, lang)) from None
    raise typer.Exit(code)


@app.command()
def atlas(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game, or 'all' for every game.")],
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for the HTML pages (one per game).")],
    players: Annotated[str | None, typer.Option(help="Table sizes A..B (default: the book's range).")] = None,
    count: Annotated[int, typer.Option("--games", "-g", help="Games per point.")] = 400,
    bots: Annotated[str, typer.Option(help="Bots by name, seated in turn.")] = "heuristico",
    seed: Annotated[int, typer.Option(help="Seed of every study.")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 1,
    ray: Annotated[
        str | None, typer.Option("--ray", metavar="[ADDRESS]", help="Play on a Ray cluster (see velada sim --ray).")
    ] = None,
    lang: LangArg = "es",
) -> None:
    """The balance atlas: win rates by table size, options, cards, lengths, bots, and the rulebook's open
    questions, as self-contained HTML pages with charts (pip install -e '.[atlas]')."""
    from velada.cli.atlas import build

    lang = _lang(lang)
    games = list(REGISTRY) if game_id == "all" else [_game(game_id, lang)]
    if count < 1 or jobs < 1:
        raise _problem(lang, "games-jobs")
    try:
        build(games, out_dir, players, count, _names(bots), seed, jobs, ray, err, lang)
    except ValueError as exc:
        raise _fail(reason(exc, lang)) from None


@app.command()
def bench(
    seconds: Annotated[float, typer.Option(help="Seconds per measurement.")] = 5.0,
    rounds: Annotated[int, typer.Option(help="Alternating measurements of each (the median is reported).")] = 3,
    floor: Annotated[Path | None, typer.Option(help="The bare-loop floor script to run beside velada.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    instructions: Annotated[
        bool,
        typer.Option(
            "--instructions",
            help="Also count the instructions per choice of both sides with valgrind's callgrind (a few minutes): "
            "a ratio the machine's load does not move.",
        ),
    ] = False,
) -> None:
    """Random-bot speed of velada's Hombres Lobo under the floor's rules, beside the bare-loop floor."""
    from velada.cli.bench import count_instructions, run_bench

    report = run_bench(seconds, rounds, floor)
    if instructions and report["floor_path"] is not None:
        try:
            report["instructions"] = count_instructions(Path(report["floor_path"]))
        except RuntimeError as exc:
            raise _fail(f"cannot count instructions: {exc}") from None
    if as_json:
        print(json.dumps(report))
        return
    ours = report["velada"]
    out.print(
        f"velada  {report['game']} ×{report['players']}, the floor's rules: {ours['games_per_second']:,.0f} games/s, "
        f"{ours['choices_per_second']:,.0f} choices/s ({ours['mean_choices_per_game']:.1f} choices a game, "
        f"villagers win {ours['villager_win_rate']:.0%})"
    )
    if report.get("floor"):
        fl = report["floor"]
        out.print(
            f"floor   bare loop: {fl['games_per_s']:,.0f} games/s, {fl['choices_per_s']:,.0f} choices/s "
            f"({fl['mean_choices_per_game']:.1f} choices a game, villagers win {fl['villager_win_rate']:.0%})"
        )
        out.print(
            f"ratio   floor / velada = {report['ratio']:.2f}× choices/s, {report['games_ratio']:.2f}× games/s "
            f"(medians of {report['rounds']} rounds; goal: ≤ 3×, issue 20)"
        )
    else:
        out.print("floor   not found (pass --floor PATH to ../shared/bench/werewolf_floor.py)")
    counted = report.get("instructions")
    if counted:
        out.print(
            f"instructions  velada {counted['velada_instructions_per_choice'] / 1000:.1f} k a choice "
            f"({counted['velada_games']} games), floor {counted['floor_instructions_per_choice'] / 1000:.2f} k a "
            f"choice ({counted['floor_games']:,} games): {counted['ratio']:.2f}× (callgrind; goal: ≤ 3×, issue 20)"
        )


def _database_problem(url: str, exc: BaseException) -> str:
    """One line saying what is wrong with ``--db`` and what to do about it."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        shown = make_url(url).render_as_string(hide_password=True)
        dialect = make_url(url).drivername
    except ArgumentError:
        return f"--db {url!r} is not a database URL: give a SQLite file path, or a URL such as postgresql+psycopg://user@host/db"
    if isinstance(exc, NoSuchModuleError):
        return (
            f"--db {shown}: velada does not know the database kind {dialect!r}; use a SQLite file path or "
            "postgresql+psycopg://user@host/db"
        )
    if isinstance(exc, ImportError):
        module = getattr(exc, "name", None) or str(exc)
        if dialect.startswith("postgresql"):
            return (
                f"--db {shown}: the PostgreSQL driver ({module}) is not installed: pip install -e '.[postgres]' "
                "and use postgresql+psycopg://…"
            )
        return f"--db {shown}: the database driver {module!r} is not installed"
    first = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"--db {shown}: cannot open the database: {first}"


def _port_free(host: str, port: int) -> str | None:
    """``None`` when the server can listen on ``host:port``; else why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            return exc.strerror or str(exc)
    return None


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
    no_rate_limits: Annotated[
        bool,
        typer.Option(
            "--no-rate-limits",
            help="Lift the per-address rate limits (for 'velada load' on 127.0.0.1, where every seat comes from one "
            "address); never on a server people use.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes sharing the port (more than 1 needs PostgreSQL: each table is run by one of them, "
            "any of them serves its pages and sockets, and another takes over a table when its process dies)."
        ),
    ] = 1,
    cluster: Annotated[
        bool,
        typer.Option(
            "--cluster",
            help="Join the other velada servers on the same PostgreSQL database (as --workers does within one "
            "machine): for several machines or ports.",
        ),
    ] = False,
) -> None:
    """Start the web app: lobby, tables, phones, the narrator screen (embedded SQLite by default)."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from velada.web.app import create_app
    from velada.web.uvicorn_ws import LightSocket, OneWriteHttp

    busy = _port_free(host, port)
    if busy is not None:
        raise _fail(f"cannot listen on {host}:{port}: {busy} (another server? choose another --port)", code=1)
    url = db if "://" in db else f"sqlite:///{db}"
    hosts = [*(allowed_host or []), *([host] if host not in ("0.0.0.0", "::", "") else [])]
    if (workers > 1 or cluster) and not url.startswith("postgresql"):
        raise _fail("--workers and --cluster need PostgreSQL: --db postgresql+psycopg://user@host/db", code=1)
    if workers < 1:
        raise _fail("--workers must be 1 or more", code=1)
    try:
        rates = None
        if no_rate_limits:
            from velada.web.security import RATES, Rate

            rates = {kind: Rate(1e9, 1e9) for kind in RATES}
        app_ = create_app(url, bot_delay, public_url, allowed_hosts=hosts, rates=rates, cluster=cluster)
    except Exception as exc:  # the database's URL, driver or server: one line, not a traceback
        raise _fail(_database_problem(url, exc), code=1) from None
    shown = make_url(url).render_as_string(hide_password=True)
    # Plain print: Rich would stay in the server's memory for one line (_Lazy).
    print(f"velada: http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}  (db: {shown})", flush=True)
    target: Any = app_
    if workers > 1:
        # Each worker builds its own app (uvicorn imports this factory in every process).
        settings = {
            "db": url,
            "bot_delay": bot_delay,
            "public_url": public_url,
            "allowed_hosts": hosts,
            "no_rate_limits": no_rate_limits,
        }
        os.environ["VELADA_SERVE"] = json.dumps(settings)
        target = "velada.web.app:app_from_env"
    if workers == 1:
        from velada.web.app import tune_gc

        tune_gc()  # each worker of --workers does it in its own process (app_from_env)
    uvicorn.run(
        target,
        factory=workers > 1,
        workers=workers if workers > 1 else None,
        host=host,
        port=port,
        log_level="warning",
        # At "warning" the access log prints nothing, but uvicorn still works out each request's line for it.
        access_log=False,
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips,
        # Phones and programs keep their connection between choices made seconds apart: closing it after 5 s
        # (uvicorn's default) races with their next request.
        timeout_keep_alive=30,
        # No permessage-deflate on the sockets: a browser asks for it, and each socket then holds a zlib stream
        # each way (~47 KB a socket: 200 tables' 2600 sockets took 313 MB instead of 195; scripts/socket_memory.py)
        # and compresses every message on its own; a message is a delta of a few hundred bytes.
        ws_per_message_deflate=False,
        # uvicorn's own protocols: the websocket's letting go of each socket's handshake once it is open (~4.8 KB a
        # socket) and writing a push's messages without a task per socket, the HTTP one writing an answer's
        # headers and body in one system call (velada.web.uvicorn_ws).
        ws=LightSocket,
        http=OneWriteHttp,
    )


@app.command()
def load(
    tables: Annotated[int, typer.Option(help="Tables played at once.")] = 20,
    seats: Annotated[int, typer.Option(help="Seats per table, each a websocket like a phone.")] = 12,
    seconds: Annotated[float, typer.Option(help="Seconds of load after the ramp-up (the test stops by itself).")] = 60,
    max_throughput: Annotated[
        bool, typer.Option("--max-throughput", help="Seats answer at once instead of after 0.5–2 s like people.")
    ] = False,
    db: Annotated[str | None, typer.Option(help="The server's database (default: a fresh SQLite file).")] = None,
    workers: Annotated[int, typer.Option(help="Server processes (more than 1 needs PostgreSQL).")] = 1,
    game: Annotated[str, typer.Option(help="The game the tables play.")] = "hombres-lobo",
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the measures to this file.")] = None,
) -> None:
    """Load test: a server on 127.0.0.1 carrying N tables of paced human seats on websockets (Locust; pip install
    -e '.[load]'); reports POST p50/p95/p99, the time until a change is visible on the other seats' sockets,
    choices/s, and the server's CPU and memory."""
    try:
        from velada.loadtest.run import HEADER, run
    except ImportError as exc:
        missing = f"the load test needs its extra: pip install -e '.[load]' ({exc.name} is missing)"
        raise _fail(missing, code=1) from None
    if not 1 <= tables <= 2000 or not 0 < seconds <= 3600:
        raise _fail("--tables 1..2000 and --seconds up to 3600", code=1)
    result = run(tables, seats, seconds, max_throughput, db, workers, game, out=json_out)
    out.print(HEADER)
    out.print(result.table_row())


# Agents at the table: velada mcp, agent, arena (velada/cli/agents.py registers them on ``app``).
from velada.cli import agents as _agents  # noqa: E402

del _agents


def optional_values(args: list[str]) -> list[str]:
    """``--ray`` with no address means a local cluster: Typer has no option with an optional value, so a bare
    ``--ray`` (last, or before another option) is read as ``--ray=local``."""
    return [
        "--ray=local" if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")) else arg
        for i, arg in enumerate(args)
    ]


def main() -> None:
    try:
        app(optional_values(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
